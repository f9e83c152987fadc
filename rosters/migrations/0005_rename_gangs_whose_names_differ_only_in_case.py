"""Before gang names become unique per owner whatever their case (the next migration), rename
the gangs that would break it: an owner's "Dalton Boys" and "dalton boys" were allowed until
now. The oldest keeps its name; each younger one becomes "dalton boys (2)", "(3)"... and its
history says why. Grouping uses the database's own lower(), the function the constraint uses.
"""

from django.db import migrations
from django.db.models import Count
from django.db.models.functions import Lower

MAX_NAME = 80


def free_name(name: str, taken: set[str], lower) -> str:
    n = 2
    while True:
        suffix = f" ({n})"
        candidate = name[: MAX_NAME - len(suffix)] + suffix
        if lower(candidate) not in taken:
            return candidate
        n += 1


def rename_duplicates(apps, schema_editor):
    def lower(text: str) -> str:
        with schema_editor.connection.cursor() as cursor:
            cursor.execute("SELECT lower(%s)", [text])
            return cursor.fetchone()[0]

    Gang = apps.get_model("rosters", "Gang")
    GangEvent = apps.get_model("rosters", "GangEvent")
    clashes = (
        Gang.objects.annotate(folded=Lower("name"))
        .values("owner_id", "folded")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
    )
    for clash in clashes:
        owner_gangs = Gang.objects.filter(owner_id=clash["owner_id"]).annotate(folded=Lower("name"))
        taken = {g.folded for g in owner_gangs}
        same = [g for g in owner_gangs.order_by("id") if g.folded == clash["folded"]]
        for gang in same[1:]:
            new = free_name(gang.name, taken, lower)
            taken.add(lower(new))
            GangEvent.objects.create(
                gang=gang,
                kind="renamed",
                text=f"Renamed from '{gang.name}' to '{new}': a player's gang names are now "
                "unique whatever their case, and an older gang of yours has this name.",
            )
            gang.name = new
            gang.save(update_fields=["name"])


class Migration(migrations.Migration):
    dependencies = [("rosters", "0004_gang_share_link")]

    operations = [migrations.RunPython(rename_duplicates, migrations.RunPython.noop)]
