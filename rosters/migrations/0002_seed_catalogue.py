from django.db import migrations


def seed(apps, schema_editor):
    from rosters.catalogue import sync_catalogue

    sync_catalogue(
        GangRules=apps.get_model("rosters", "GangRules"),
        Role=apps.get_model("rosters", "Role"),
        CatalogueItem=apps.get_model("rosters", "CatalogueItem"),
    )


class Migration(migrations.Migration):
    dependencies = [("rosters", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
