"""Demo data for a fresh laptop: idempotent, safe to run at every `make run`.

Each app adds its part through a ``seed_demo(*, stdout)`` function in its ``demo.py``; this
command calls them in dependency order.
"""

import os
from importlib import import_module

from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.models import User

DEMO_USERS = [("demo", True), ("rival", False)]
DEMO_PASSWORD = "posse-demo-2026"


def demo_users() -> dict[str, User]:
    users = {}
    for username, staff in DEMO_USERS:
        user, created = User.objects.get_or_create(
            username=username, defaults={"is_staff": staff, "is_superuser": staff}
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        users[username] = user
    return users


class Command(BaseCommand):
    help = "Create the demo login and demo data (idempotent)."

    @transaction.atomic
    def handle(self, *args, **options):
        users = demo_users()
        address = f"http://127.0.0.1:{os.environ.get('PORT', '8000')}/"  # make run's PORT
        for app in ("rosters", "campaigns", "leagues"):
            import_module(f"{app}.demo").seed_demo(users=users, stdout=self.stdout)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo login: demo / {DEMO_PASSWORD} (staff; admin at {address}admin/)"
                f" — second player: rival / {DEMO_PASSWORD}"
            )
        )
