"""Campaign membership needs the gang's owner's consent (#14): the schema.

- ``invited`` / ``declined``: an arbitrator's invitation of someone else's gang, and its
  refusal; ``leaving`` is gone (a leave takes effect at once).
- ``via`` says how the gang came in, ``requested_by`` who started it.

The rows are brought to the new rule by 0005 (a migration of its own: on PostgreSQL the
index of a new foreign key is created at the end of its migration, which cannot follow row
updates in the same transaction).
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0003_live_battles"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="membership",
            name="membership_one_live_per_gang",
        ),
        migrations.AddField(
            model_name="membership",
            name="requested_by",
            field=models.ForeignKey(
                blank=True,
                help_text="Who invited the gang, or the owner who asked.",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="membership",
            name="via",
            field=models.CharField(
                choices=[
                    ("invitation", "invited by an arbitrator"),
                    ("request", "asked with the join code"),
                    ("own", "an arbitrator's own gang"),
                ],
                default="request",
                max_length=10,
            ),
        ),
        migrations.AlterField(
            model_name="membership",
            name="status",
            field=models.CharField(
                choices=[
                    ("invited", "invited (waits for the gang's owner)"),
                    ("pending", "asked to join (waits for an arbitrator)"),
                    ("active", "Active"),
                    ("declined", "invitation declined"),
                    ("rejected", "request rejected"),
                    ("left", "Left"),
                ],
                default="pending",
                max_length=8,
            ),
        ),
        # The new live statuses are a subset of the old ones: no row breaks it before the data
        # migration (0005) runs.
        migrations.AddConstraint(
            model_name="membership",
            constraint=models.UniqueConstraint(
                condition=models.Q(("status__in", ["invited", "pending", "active"])),
                fields=("campaign", "gang"),
                name="membership_one_live_per_gang",
            ),
        ),
    ]
