"""Last Hope Frontier campaigns: arbitrators, gangs, rounds, battles and the campaign log."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q


def new_join_code() -> str:
    return secrets.token_urlsafe(6)


def new_seed() -> int:
    return secrets.randbits(63)


class Campaign(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft"
        ACTIVE = "active"
        FINISHED = "finished"

    name = models.CharField(max_length=100)
    ruleset = models.SlugField(default="last-hope-frontier")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.DRAFT)
    arbitrators = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="arbitrated_campaigns"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    description = models.TextField(blank=True)
    points_win = models.PositiveSmallIntegerField(default=3)
    points_draw = models.PositiveSmallIntegerField(default=1)
    points_loss = models.PositiveSmallIntegerField(default=0)
    reward_win = models.PositiveIntegerField(default=60, help_text="Credits for a win.")
    reward_draw = models.PositiveIntegerField(default=40)
    reward_loss = models.PositiveIntegerField(default=25)
    round_length_days = models.PositiveSmallIntegerField(default=14)
    tie_breakers = models.JSONField(
        default=list,
        blank=True,
        help_text="Ordered: head_to_head, wins, taken_out, rating, wealth.",
    )
    join_code = models.CharField(max_length=16, unique=True, default=new_join_code)
    # Seeds the card flips of every fighter in the campaign. Hidden: it would predict draws.
    flip_seed = models.BigIntegerField(default=new_seed, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(points_win__gte=models.F("points_draw")),
                name="campaign_win_worth_at_least_a_draw",
            ),
        ]

    def __str__(self):
        return self.name


class Membership(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        ACTIVE = "active"
        REJECTED = "rejected"
        LEFT = "left"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    gang = models.ForeignKey("rosters.Gang", on_delete=models.PROTECT, related_name="memberships")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    requested_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            # A gang is in (or asking to join) a campaign at most once at a time.
            models.UniqueConstraint(
                fields=["campaign", "gang"],
                condition=Q(status__in=["pending", "active"]),
                name="membership_one_live_per_gang",
            ),
        ]

    def __str__(self):
        return f"{self.gang} in {self.campaign} ({self.status})"
