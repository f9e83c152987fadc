"""Record the house rules the matches stored so far were played with.

Before issue 33 the engines played some departures from the rulebooks as their only rules;
they are now house rules, off by default. A stored match names none, so its replay would
follow the text and part from its stored state. This records in every such match's options,
and in its dealt state (where the engine keeps them, ``state["house_rules"]``), the rules it
was played with, so ``replay_match`` replays the same game byte for byte.
"""

from django.db import migrations

# The departures each engine played before they became house rules (keys on, sorted).
PLAYED_WITH = {
    "last-one-standing": ["discard_at_once", "melee_unloaded", "storm", "unequip_anywhere"],
    "battle-royale": ["eliminator_must_move", "own_warriors_eliminated"],
    "le-dernier-peuple": [],
    "last-hope-frontier": ["clothing_vs_dynamite", "fists", "stat_caps"],
}


def record(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    for match in Match.objects.filter(ruleset__in=PLAYED_WITH).iterator():
        options = match.options if isinstance(match.options, dict) else None
        if options is None or "house_rules" in options:
            continue
        rules = PLAYED_WITH[match.ruleset]
        match.options = {**options, "house_rules": dict.fromkeys(rules, True)}
        fields = ["options"]
        if isinstance(match.state, dict) and match.state and "house_rules" not in match.state:
            match.state = {**match.state, "house_rules": list(rules)}
            fields.append("state")
        match.save(update_fields=fields)


def forget(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    for match in Match.objects.filter(ruleset__in=PLAYED_WITH).iterator():
        if isinstance(match.options, dict) and "house_rules" in match.options:
            match.options = {k: v for k, v in match.options.items() if k != "house_rules"}
            if isinstance(match.state, dict):
                match.state = {k: v for k, v in match.state.items() if k != "house_rules"}
            match.save(update_fields=["options", "state"])


class Migration(migrations.Migration):
    dependencies = [("matches", "0004_live_table_spectators_bots_clocks")]

    operations = [migrations.RunPython(record, forget)]
