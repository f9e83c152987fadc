"""Missions as the campaigns keep them: rows loaded from rulesets/last_hope_frontier/data/
missions.json by a data migration, editable by staff in the admin (each edit checked by the
engine's own ``parse_mission``), and handed to a battle as plain data."""

from __future__ import annotations

from django.db import models


class Mission(models.Model):
    class Choice(models.TextChoices):
        """How a campaign's battle gets its mission (``Campaign.mission_choice``)."""

        ARBITRATOR = "arbitrator", "the arbitrator picks"
        RANDOM = "random", "a random draw"
        UNDERDOG = "underdog", "the underdog (the lower-rated gang) picks"

    key = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=80)
    # The whole mission as missions.json shapes it (zones, markers, loot, rules, rewards).
    data = models.JSONField()
    active = models.BooleanField(default=True, help_text="Offered for new battles.")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["id"]

    def __str__(self):
        return self.name
