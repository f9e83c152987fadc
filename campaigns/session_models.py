"""The battle session's first steps, stored (issue #34): a campaign battle *scheduled* (its
two gangs, its round, a date) and then *prepared* (its mission, attacker and defender, the
fighters who take part) before it is played on the live table or reported from a real one.

The later steps are not stored twice: once played, the row points at its ``LiveBattle`` or
``Battle`` and ``campaigns/sessions.py`` reads the step from them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q


class ScheduledBattle(models.Model):
    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="scheduled_battles"
    )
    round = models.ForeignKey(
        "campaigns.Round", on_delete=models.PROTECT, related_name="scheduled_battles"
    )
    first_gang = models.ForeignKey("rosters.Gang", on_delete=models.PROTECT, related_name="+")
    second_gang = models.ForeignKey("rosters.Gang", on_delete=models.PROTECT, related_name="+")
    play_on = models.DateField(null=True, blank=True, help_text="The day the players meet.")
    scheduled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    scheduled_at = models.DateTimeField(auto_now_add=True)
    # Pre-battle: set together by ``prepare_battle`` (``prepared_at`` says it was done).
    mission = models.ForeignKey(
        "campaigns.Mission", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    attacker = models.ForeignKey(
        "rosters.Gang", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # {gang id: [fighter ids]} when the mission limits the crew; empty: every able fighter.
    crews = models.JSONField(default=dict, blank=True)
    prepared_at = models.DateTimeField(null=True, blank=True)
    live = models.OneToOneField(
        "campaigns.LiveBattle",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="scheduled",
    )
    battle = models.OneToOneField(
        "campaigns.Battle",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="scheduled",
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(first_gang=F("second_gang")), name="scheduled_two_gangs"
            ),
            models.CheckConstraint(
                condition=Q(attacker__isnull=True)
                | Q(attacker=F("first_gang"))
                | Q(attacker=F("second_gang")),
                name="scheduled_attacker_plays",
            ),
        ]

    def __str__(self):
        return f"Scheduled battle {self.pk} in {self.campaign_id}"

    @property
    def defender_id(self) -> int | None:
        if self.attacker_id is None:
            return None
        return self.second_gang_id if self.attacker_id == self.first_gang_id else self.first_gang_id

    @property
    def gang_names(self) -> list[str]:
        return [self.first_gang.name, self.second_gang.name]

    @property
    def step(self) -> str:
        """Its own step while unplayed (campaigns/sessions.py reads the later ones)."""
        return "pre-battle" if self.prepared_at else "scheduled"
