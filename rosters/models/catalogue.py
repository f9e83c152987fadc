"""The catalogue a gang is built from: its rules, roles, items and their prices."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from rosters.models.base import STATS, AppendOnly


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
