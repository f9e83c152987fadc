"""Read-only columns that name a person without linking to the users' admin (staff-only:
an organiser following the link would get a 403, and learn nothing they need)."""

from __future__ import annotations

from django.contrib import admin


def username(field: str, description: str):
    @admin.display(description=description, ordering=f"{field}__username")
    def show(self, obj):
        user = getattr(obj, field)
        return user.username if user else "-"

    show.__name__ = f"{field}_name"
    return show
