"""League nights: rounds, their tables and byes, and who checked in (docs/rules/leagues.md,
"League nights").

An organiser opens round N; Posse seats the checked-in members (every active member when the
league does not ask for check-in) at numbered tables, or gives them a bye. A table's result is
an ordinary league result (``LeagueMatch``) linked to the table, reported and confirmed as any
other; the round closes when every table's result is confirmed or when the organiser closes it,
and a table without a confirmed result is then recorded as the league's settings say
(``unreported_tables``). Rounds are numbered across the league.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Round(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "being played"
        CLOSED = "closed"

    league = models.ForeignKey("leagues.League", on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=6, choices=Status.choices, default=Status.OPEN)
    opened_at = models.DateTimeField(default=timezone.now)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The round clock: the pairings page counts down to it.
    deadline = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["league", "number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="league_round_once"),
            models.UniqueConstraint(
                fields=["league"], condition=Q(status="open"), name="league_one_open_round"
            ),
        ]

    def __str__(self):
        return f"Round {self.number} of {self.league_id}"


class RoundTable(models.Model):
    class Recorded(models.TextChoices):
        """What a table without a confirmed result counts as once its round is closed."""

        PENDING = "", "not recorded"
        UNPLAYED = "unplayed", "not played: no points"
        LOSS = "loss", "a loss for every player"
        DRAW = "draw", "a draw for every player"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    result = models.OneToOneField(
        "leagues.LeagueMatch",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="round_table",
    )
    recorded = models.CharField(max_length=8, choices=Recorded.choices, default="", blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="round_table_once"),
        ]

    def __str__(self):
        return f"Table {self.number} of round {self.round_id}"


class RoundSeat(models.Model):
    """A player at a table, or (``table`` empty) given the round's bye."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(
        RoundTable, null=True, blank=True, on_delete=models.CASCADE, related_name="seats"
    )
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["round", "table", "id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="round_seat_once"),
        ]
        indexes = [models.Index(fields=["player", "round"], name="round_seat_player")]

    def __str__(self):
        where = f"table {self.table_id}" if self.table_id else "a bye"
        return f"{self.player_id} at {where}"


class CheckIn(models.Model):
    """A member's presence at the league's rounds: checked in, they are paired from the next
    round on, until they drop (a late arrival checks in between rounds; a drop takes effect
    at the next round)."""

    class Status(models.TextChoices):
        IN = "in", "checked in"
        DROPPED = "dropped"

    league = models.ForeignKey("leagues.League", on_delete=models.CASCADE, related_name="check_ins")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.IN)
    # The first round this check-in (or drop) applies to.
    from_round = models.PositiveSmallIntegerField(default=1)
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["league", "id"]
        constraints = [
            models.UniqueConstraint(fields=["league", "player"], name="league_check_in_once"),
        ]

    def __str__(self):
        return f"{self.player_id} {self.status} in {self.league_id}"
