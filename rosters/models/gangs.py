"""Gangs and their fighters, with what the fighters carry and what happened to them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower

from rosters.models.base import STATS, AppendOnly, new_seed
from rosters.models.catalogue import CatalogueItem, Role
from rulesets.last_hope_frontier.factions import FACTIONS


class Gang(models.Model):
    # The engine's factions (SHERIFFS = "sheriffs", ...): one list for the roster and the rules.
    Faction = models.TextChoices("Faction", [(name.upper(), name) for name in FACTIONS])

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="gangs"
    )
    name = models.CharField(max_length=80)
    faction = models.CharField(max_length=12, choices=Faction.choices)
    notes = models.TextField(blank=True)
    # Kept equal to the ledger's sum by the services (under a row lock) and checked by
    # ``reconcile_credits``; stored so that reads and the non-negative constraint are cheap.
    credits = models.IntegerField(default=0)
    rating = models.PositiveIntegerField(default=0)
    wealth = models.PositiveIntegerField(default=0)
    battles = models.PositiveIntegerField(default=0)
    # The secret of the gang's read-only share link (rosters/sharing.py); null: not shared.
    # Hidden from every serializer: whoever holds it can read the roster without signing in.
    share_token = models.CharField(
        max_length=64, null=True, blank=True, unique=True, editable=False, default=None
    )
    # The gang a signed export restored this one from (rosters/exports.py): its history comes
    # back once, and only once that gang is gone, so its credits and goods never duplicate.
    restored_from = models.PositiveBigIntegerField(
        null=True, blank=True, unique=True, editable=False
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Grows by one in every transaction that changes anything the gang detail shows (the
    # services' gang lock does it: rosters.services.common._lock); the cached detail is keyed
    # by it, so a reader never gets a roster older than the last committed write.
    revision = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(credits__gte=0), name="gang_credits_never_negative"),
            # "Dalton Boys" and "dalton boys" are one name: the database says so, not only the
            # service's check, so two requests racing past the check cannot both create it.
            models.UniqueConstraint(
                Lower("name"), "owner", name="gang_name_unique_per_owner_ignoring_case"
            ),
        ]

    def __str__(self):
        return self.name


class Fighter(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active"
        DEAD = "dead"
        RETIRED = "retired"

    gang = models.ForeignKey(Gang, on_delete=models.PROTECT, related_name="fighters")
    name = models.CharField(max_length=80)
    role = models.ForeignKey(Role, on_delete=models.PROTECT, related_name="+")
    # The stat line at hire, copied from the role: a later edit of the role changes no one.
    shoot = models.PositiveSmallIntegerField()
    combat = models.PositiveSmallIntegerField()
    strength = models.PositiveSmallIntegerField()
    toughness = models.PositiveSmallIntegerField()
    defence = models.PositiveSmallIntegerField()
    wounds = models.PositiveSmallIntegerField()
    hire_cost = models.PositiveIntegerField(help_text="What the gang paid.")
    times_out_of_action = models.PositiveSmallIntegerField(default=0)
    flips = models.PositiveSmallIntegerField(default=0, help_text="Card flips earned, not spent.")
    # History a signed export brought (rosters/exports.py): what the fighter's records on the
    # gang it was copied from said, so that the copy exports (and imports) the same history.
    imported_takedowns = models.PositiveSmallIntegerField(
        default=0, help_text="Enemies taken out of action before a signed import."
    )
    imported_killing_blows = models.PositiveSmallIntegerField(
        default=0, help_text="Of those, killing blows (the victim's third time)."
    )
    imported_flips_spent = models.PositiveSmallIntegerField(
        default=0, help_text="Card flips spent (cards turned) before a signed import."
    )
    # Seeds this fighter's advancement deck. Hidden from the API: it would predict the flips.
    flip_seed = models.BigIntegerField(default=new_seed, editable=False)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.ACTIVE)
    hired_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["gang", "role__order", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(times_out_of_action__lte=3), name="fighter_max_three_strikes"
            ),
            models.CheckConstraint(
                condition=Q(imported_killing_blows__lte=models.F("imported_takedowns")),
                name="fighter_killing_blows_are_takedowns",
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    def base_stats(self) -> dict[str, int]:
        return {stat: getattr(self, stat) for stat in STATS}

    def current_stats(self) -> dict[str, int]:
        """Base line + advancements − injuries. Uses prefetched rows when they are there."""
        stats = self.base_stats()
        for advancement in self.advancements.all():
            stats[advancement.stat] += advancement.amount
        for injury in self.injuries.all():
            stats["wounds"] -= injury.wounds_lost
        return stats


class Advancement(AppendOnly):
    """+1 to a stat from a card flip (campaign post-game)."""

    fighter = models.ForeignKey(Fighter, on_delete=models.PROTECT, related_name="advancements")
    stat = models.CharField(max_length=10, choices=[(s, s) for s in STATS])
    amount = models.SmallIntegerField(default=1)
    card = models.CharField(max_length=6, blank=True, help_text="The card flipped for it.")
    note = models.CharField(max_length=200, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self):
        return f"+{self.amount} {self.stat}"


class Injury(AppendOnly):
    """A permanent injury from being taken out of action (−1 wound; the third time: dead)."""

    fighter = models.ForeignKey(Fighter, on_delete=models.PROTECT, related_name="injuries")
    strike = models.PositiveSmallIntegerField(help_text="1st, 2nd or 3rd time out of action.")
    wounds_lost = models.PositiveSmallIntegerField(default=0)
    fatal = models.BooleanField(default=False)
    note = models.CharField(max_length=200, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]
        verbose_name_plural = "injuries"

    def __str__(self):
        return "dead" if self.fatal else f"-{self.wounds_lost} wound (strike {self.strike})"


class Equipment(models.Model):
    """One weapon, piece of clothing or item owned by a gang: carried by a fighter or in the
    stash (``fighter`` null). Never deleted: when it leaves the gang, ``disposal`` says how."""

    class Disposal(models.TextChoices):
        SOLD = "sold"
        BURIED = "buried", "buried with its fighter"
        USED = "used", "used up"
        LOST = "lost"
        REFUNDED = "refunded"

    gang = models.ForeignKey(Gang, on_delete=models.PROTECT, related_name="equipment")
    fighter = models.ForeignKey(
        Fighter, null=True, blank=True, on_delete=models.PROTECT, related_name="equipment"
    )
    item = models.ForeignKey(CatalogueItem, on_delete=models.PROTECT, related_name="+")
    price_paid = models.PositiveIntegerField()
    catalogue_revision = models.PositiveIntegerField()
    acquired_at = models.DateTimeField(auto_now_add=True)
    disposal = models.CharField(max_length=10, choices=Disposal.choices, blank=True)
    disposed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "equipment"
        indexes = [models.Index(fields=["gang", "disposal"])]

    def __str__(self):
        return f"{self.item.name} ({self.price_paid} cr)"

    @property
    def held(self) -> bool:
        return not self.disposal


class Goods(models.Model):
    """Loot a gang found in a mission, worth ``market_value``; sold at the marketplace."""

    gang = models.ForeignKey(Gang, on_delete=models.PROTECT, related_name="goods")
    item = models.ForeignKey(
        CatalogueItem, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    name = models.CharField(max_length=80)
    market_value = models.PositiveIntegerField()
    found_at = models.DateTimeField(auto_now_add=True)
    note = models.CharField(max_length=200, blank=True)
    sold_at = models.DateTimeField(null=True, blank=True)
    sold_for = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "goods"

    def __str__(self):
        return self.name
