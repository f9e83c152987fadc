"""Campaign membership needs the gang's owner's consent (#14).

- ``invited`` / ``declined``: an arbitrator's invitation of someone else's gang, and its
  refusal; ``leaving`` is gone (a leave takes effect at once: those rows become ``left``).
- ``via`` says how the gang came in, ``requested_by`` who started it.
- Memberships an arbitrator created for someone else's gang before this change never had the
  owner's consent: they become invitations again, which the owner accepts or declines.
  A row was the owner's own request when the campaign log has the owner's "asked to join"
  line for it (``request_join`` wrote one for every request); it was an arbitrator's own gang
  when the arbitrator who decided it owns the gang.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def consent(apps, schema_editor):
    Membership = apps.get_model("campaigns", "Membership")
    LogEntry = apps.get_model("campaigns", "LogEntry")
    Membership.objects.filter(status="leaving").update(status="left")
    for m in Membership.objects.select_related("gang").iterator():
        owner = m.gang.owner_id
        asked = LogEntry.objects.filter(
            campaign_id=m.campaign_id,
            gang_id=m.gang_id,
            kind="membership",
            actor_id=owner,
            text__endswith="asked to join.",
        ).exists()
        if asked:
            m.via, m.requested_by_id = "request", owner
        elif m.decided_by_id == owner:
            m.via, m.requested_by_id = "own", owner
        else:
            m.via, m.requested_by_id = "invitation", m.decided_by_id
            if m.status == "active":
                m.status, m.decided_at, m.decided_by_id = "invited", None, None
        m.save(update_fields=["via", "requested_by", "status", "decided_at", "decided_by"])


def back(apps, schema_editor):
    Membership = apps.get_model("campaigns", "Membership")
    Membership.objects.filter(status="invited").update(status="pending")
    Membership.objects.filter(status="declined").update(status="rejected")


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
        # Before the data: the new live statuses are a subset of the old ones, so no row breaks
        # it, and on PostgreSQL no ALTER waits behind the updates' deferred FK checks.
        migrations.AddConstraint(
            model_name="membership",
            constraint=models.UniqueConstraint(
                condition=models.Q(("status__in", ["invited", "pending", "active"])),
                fields=("campaign", "gang"),
                name="membership_one_live_per_gang",
            ),
        ),
        migrations.RunPython(consent, back),
    ]
