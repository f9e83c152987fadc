"""Campaign membership needs the gang's owner's consent (#14): the rows.

- A ``leaving`` membership (the old "asked to leave") is ``left``: a leave now takes effect at
  once.
- Memberships an arbitrator created for someone else's gang never had the owner's consent:
  they become invitations again, which the owner accepts or declines. A row was the owner's
  own request when the campaign log has the owner's "asked to join" line for it
  (``request_join`` wrote one for every request); it was an arbitrator's own gang when the
  arbitrator who decided it owns the gang.
"""

from django.db import migrations


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
    dependencies = [("campaigns", "0004_membership_invitations")]

    operations = [migrations.RunPython(consent, back)]
