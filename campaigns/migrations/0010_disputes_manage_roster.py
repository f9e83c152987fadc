"""The owner's consent that the campaign's arbitrators manage the gang's roster (off)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0009_disputes_battle_number")]

    operations = [
        migrations.AddField(
            model_name="membership",
            name="arbitrators_manage_roster",
            field=models.BooleanField(
                default=False,
                help_text="The owner lets the campaign's arbitrators hire, buy, sell, move kit "
                "and spend card flips for this gang.",
            ),
        ),
    ]
