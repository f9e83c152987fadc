# A gang's history line and ledger note as a code with parameters, read in the reader's language (issue 31).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("rosters", "0009_gang_revision"),
    ]

    operations = [
        migrations.AddField(
            model_name="ledgerentry",
            name="code",
            field=models.CharField(blank=True, default="", max_length=50),
        ),
        migrations.AddField(
            model_name="ledgerentry",
            name="params",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="gangevent",
            name="code",
            field=models.CharField(blank=True, default="", max_length=50),
        ),
        migrations.AddField(
            model_name="gangevent",
            name="params",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
