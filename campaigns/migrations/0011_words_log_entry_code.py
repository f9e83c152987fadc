# The campaign log in the reader's language (issue 31): a line's code and parameters, read
# through campaigns/log_lines.py. Lines written before keep an empty code: their stored text.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("campaigns", "0010_disputes_manage_roster"),
    ]

    operations = [
        migrations.AddField(
            model_name="logentry",
            name="code",
            field=models.CharField(blank=True, default="", max_length=50),
        ),
        migrations.AddField(
            model_name="logentry",
            name="params",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
