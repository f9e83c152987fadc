"""Gangs, fighters, equipment, goods and the credits ledger for Last Hope Frontier.

Invariants (each backed by a constraint or a service under a row lock, and a test):
- a gang's ``credits`` equal the sum of its ledger, and never go below zero;
- ledger rows, injuries, advancements and history are append-only;
- equipment keeps the price paid: a catalogue price change never reprices it;
- ``rating`` and ``wealth`` are recomputed from rows inside the transaction that changes them.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower

STATS = ("shoot", "combat", "strength", "toughness", "defence", "wounds")


def new_seed() -> int:
    return secrets.randbits(63)


class AppendOnly(models.Model):
    """Rows that record what happened: created once, never edited or deleted."""

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if self.pk is not None and not kwargs.get("force_insert"):
            raise ValueError(f"{type(self).__name__} rows are append-only.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError(f"{type(self).__name__} rows are append-only.")


# --- Catalogue ---------------------------------------------------------------------------------


class GangRules(models.Model):
    """The numbers a gang is built with (one row per ruleset), seeded from the engine's data."""

    ruleset = models.SlugField(unique=True, default="last-hope-frontier")
    starting_treasury = models.PositiveIntegerField()
    min_fighters = models.PositiveSmallIntegerField()
    max_fighters = models.PositiveSmallIntegerField()
    carry_limits = models.JSONField(
        help_text="Per fighter: slug_weapons, melee_weapons, clothing, items."
    )
    stat_caps = models.JSONField()

    class Meta:
        verbose_name_plural = "gang rules"

    def __str__(self):
        return f"Gang rules for {self.ruleset}"


class Role(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=40)
    hire_cost = models.PositiveIntegerField()
    min_count = models.PositiveSmallIntegerField()
    max_count = models.PositiveSmallIntegerField()
    movement = models.PositiveSmallIntegerField(default=1, help_text="Card lengths.")
    shoot = models.PositiveSmallIntegerField()
    combat = models.PositiveSmallIntegerField()
    strength = models.PositiveSmallIntegerField()
    toughness = models.PositiveSmallIntegerField()
    defence = models.PositiveSmallIntegerField()
    wounds = models.PositiveSmallIntegerField()
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]

    def __str__(self):
        return self.name

    def stat_line(self) -> dict[str, int]:
        return {stat: getattr(self, stat) for stat in STATS}


class CatalogueItem(models.Model):
    """A weapon, clothing, item or kind of goods, with its current market price.

    ``revision`` grows with every price change (see ``PriceChange``); equipment keeps the
    price it was bought at and the revision it was bought under.
    """

    class Kind(models.TextChoices):
        WEAPON = "weapon"
        CLOTHING = "clothing"
        ITEM = "item"
        GOODS = "goods"

    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=60)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    price = models.PositiveIntegerField(help_text="Full market value in credits.")
    purchasable = models.BooleanField(default=True)
    allowed_roles = models.JSONField(default=list)
    max_per_fighter = models.PositiveSmallIntegerField(null=True, blank=True)
    description = models.TextField(blank=True)
    rules = models.JSONField(default=dict, help_text="The rule numbers (range, damage, ...).")
    revision = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["kind", "price", "slug"]

    def __str__(self):
        return self.name

    @property
    def weapon_type(self) -> str | None:
        return self.rules.get("weapon_type") if self.kind == self.Kind.WEAPON else None


class CatalogueRevision(models.Model):
    """One number that grows whenever the catalogue, the roles or the gang rules change: what
    every roster shows beside its own rows (an item's name and market value, a role's name,
    the rules behind a gang's problems). The cached gang detail is keyed by it
    (rosters/detail.py). One row; only ever written by ``rosters.revisions``, with
    ``UPDATE ... SET value = value + 1`` so that two changes never lose one."""

    value = models.PositiveBigIntegerField(default=1)  # the migration starts it at random

    def __str__(self):
        return f"catalogue revision {self.value}"


class PriceChange(AppendOnly):
    item = models.ForeignKey(CatalogueItem, on_delete=models.PROTECT, related_name="price_changes")
    old_price = models.PositiveIntegerField()
    new_price = models.PositiveIntegerField()
    revision = models.PositiveIntegerField()
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at"]

    def __str__(self):
        return f"{self.item}: {self.old_price} → {self.new_price}"


# --- Gangs -----------------------------------------------------------------------------------


class Gang(models.Model):
    class Faction(models.TextChoices):
        SHERIFFS = "sheriffs"
        OUTLAWMEN = "outlawmen"
        TOWNSFOLK = "townsfolk"
        BOOTLEGGERS = "bootleggers"

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


class LedgerEntry(AppendOnly):
    """One change of a gang's credits. The gang's balance is the sum of these rows."""

    class Reason(models.TextChoices):
        STARTING_TREASURY = "starting_treasury"
        HIRE = "hire"
        PURCHASE = "purchase"
        SALE = "sale"
        REWARD = "reward"
        REFUND = "refund"
        ADJUSTMENT = "adjustment", "arbitrator adjustment"
        IMPORT = "import"

    gang = models.ForeignKey(Gang, on_delete=models.PROTECT, related_name="ledger")
    amount = models.IntegerField()
    reason = models.CharField(max_length=20, choices=Reason.choices)
    balance_after = models.IntegerField()
    note = models.CharField(max_length=300, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "ledger entries"
        constraints = [
            models.CheckConstraint(
                condition=Q(balance_after__gte=0), name="ledger_balance_never_negative"
            ),
        ]

    def __str__(self):
        return f"{self.amount:+d} {self.reason}"


class GangEvent(AppendOnly):
    """The gang's readable history: one sentence per thing that happened to it."""

    class Kind(models.TextChoices):
        CREATED = "created"
        HIRED = "hired"
        RETIRED = "retired"
        PURCHASE = "purchase"
        SALE = "sale"
        MOVED = "moved"
        INJURY = "injury"
        DEATH = "death"
        ADVANCEMENT = "advancement"
        FLIPS = "flips"
        REWARD = "reward"
        GOODS = "goods"
        ADJUSTMENT = "adjustment"
        BATTLE = "battle"
        IMPORT = "import"
        RENAMED = "renamed"

    gang = models.ForeignKey(Gang, on_delete=models.PROTECT, related_name="events")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    text = models.CharField(max_length=400)
    fighter = models.ForeignKey(
        Fighter, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self):
        return self.text


class FlipDraw(AppendOnly):
    """One card the server flipped for a fighter's advancement. The deck is the fighter's own,
    shuffled from ``Fighter.flip_seed`` and this draw's number, so every draw can be audited
    (re-derived by staff from the seed) and none is ever chosen by a client.

    Rows are written once; what happened to the card is a later row's business: a card is
    ``taken`` (a stat rose), ``reflipped`` (another flip burned to replace it) or ``declined``.
    The current card is the last draw whose outcome is still empty.
    """

    class Outcome(models.TextChoices):
        TAKEN = "taken"
        REFLIPPED = "reflipped"
        DECLINED = "declined"

    fighter = models.ForeignKey(Fighter, on_delete=models.PROTECT, related_name="flip_draws")
    seq = models.PositiveIntegerField(help_text="The fighter's n-th draw, from 1.")
    card = models.CharField(max_length=6)
    options = models.JSONField(help_text="The two stats the card offers.")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["fighter", "seq"]
        constraints = [models.UniqueConstraint(fields=["fighter", "seq"], name="one_flip_per_seq")]

    def __str__(self):
        return f"{self.fighter} flip {self.seq}: {self.card}"


class FlipResolution(AppendOnly):
    draw = models.OneToOneField(FlipDraw, on_delete=models.PROTECT, related_name="resolution")
    outcome = models.CharField(max_length=10, choices=FlipDraw.Outcome.choices)
    stat = models.CharField(max_length=10, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.draw}: {self.outcome} {self.stat}".strip()
