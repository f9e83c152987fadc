"""What every roster model shares: the fighter stats and the append-only rows."""

from __future__ import annotations

import secrets

from django.db import models

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
