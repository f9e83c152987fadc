"""Battles numbered within their campaign (1, 2, ... by when they were reported), and why a
battle was voided or withdrawn."""

from django.db import migrations, models


def number_battles(apps, schema_editor):
    Battle = apps.get_model("campaigns", "Battle")
    counts: dict[int, int] = {}
    for battle in Battle.objects.order_by("campaign_id", "id").only("pk", "campaign_id"):
        counts[battle.campaign_id] = counts.get(battle.campaign_id, 0) + 1
        Battle.objects.filter(pk=battle.pk).update(number=counts[battle.campaign_id])


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0008_missions")]

    operations = [
        migrations.AddField(
            model_name="battle",
            name="number",
            field=models.PositiveIntegerField(blank=True, editable=False, null=True),
        ),
        migrations.AddField(
            model_name="battle",
            name="void_reason",
            field=models.TextField(blank=True),
        ),
        migrations.RunPython(number_battles, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="battle",
            constraint=models.UniqueConstraint(
                fields=("campaign", "number"), name="battle_number_unique_in_campaign"
            ),
        ),
    ]
