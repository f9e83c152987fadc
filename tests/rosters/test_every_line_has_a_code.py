"""Issue 31: every line of a gang's history and every ledger note is written with a code
(rosters/history_lines.py) and reads in the reader's language, the battle and campaign it
names included; no writer in the codebase writes one without a code."""

import ast
from pathlib import Path

import pytest
from django.utils import translation

from rosters import live, services, sharing
from rosters.history_lines import LINES, NOTES, line, note
from rosters.models import Gang, GangEvent, LedgerEntry
from rosters.services.common import _new_event

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "campaigns", "jobs", "leagues", "matches", "notifications", "rosters", "web")
# The only places that build the rows, each refusing a code the list does not know
BUILDERS = {
    "rosters/services/common.py",
    "rosters/services/writes.py",
    "campaigns/services/common.py",
}
WRITERS = {"_event", "_new_event", "_post", "_entry", "record_event", "event", "post", "log"}


def _every_kind_of_line(gang, leader, ganger, user):
    sharing.share_gang(user=user, gang_id=gang.pk)
    sharing.revoke_share(user=user, gang_id=gang.pk)
    services.add_goods(gang=gang, item="beaver-pelt", actor=user, at=services.where(battle=2))
    services.find_item(gang=gang, item="whiskey", actor=user, note="Under the bar.")
    services.adjust_credits(gang=gang, amount=40, note="Won the pot", actor=user)
    reward = {"result": "win", "campaign": "Deadwood", "battle": 3}
    services.adjust_credits(
        gang=gang, amount=25, note="", actor=None, reason="reward", reward=reward
    )
    services.purchase_item(gang=gang, item="whiskey", fighter_id=leader.pk, quantity=1, actor=user)
    services.use_up(fighter_id=leader.pk, item="whiskey", at=services.where(battle=3))
    at = services.where(battle=3, campaign="Deadwood")
    services.take_out_of_action(fighter=ganger, actor=None, at=at)
    services.award_flips(fighter=leader, count=2, actor=None, at=services.where(battle=3))
    live.record_friendly_battle(
        gang_id=gang.pk, match=7, facing="Clantons", player="bob", result="won"
    )


def test_every_line_a_service_writes_has_a_code_and_reads_in_french_and_dutch(
    gang, leader, ganger, user
):
    _every_kind_of_line(gang, leader, ganger, user)
    events, entries = list(GangEvent.objects.filter(gang=gang)), list(gang.ledger.all())
    assert {"shared", "unshared", "found_goods", "found_item", "credits", "reward"} <= {
        e.code for e in events
    }
    assert {"used_up", "injury", "flips", "friendly_won"} <= {e.code for e in events}
    assert {"as_written", "reward_note"} <= {e.code for e in entries}
    for event in events:
        assert event.code in LINES, event.text
        with translation.override("en"):
            assert line(event) == event.text, event.code
        for language in ("fr", "nl"):
            with translation.override(language):
                said = line(event)
            assert said != event.text and "%(" not in said, (event.code, language, said)
    for entry in entries:
        assert entry.code in NOTES, entry.note
        with translation.override("en"):
            assert note(entry) == entry.note, entry.code


def test_the_battle_and_campaign_a_line_names_are_its_parameters_not_english(
    gang, leader, ganger, user
):
    """Where it happened is data of the line ("at"), put in a sentence by the translation."""
    _every_kind_of_line(gang, leader, ganger, user)
    injury = GangEvent.objects.get(gang=gang, code="injury")
    assert injury.params["at"] == {"battle": 3, "campaign": "Deadwood"}
    assert injury.text.endswith("(campaign Deadwood, battle 3)")
    reward = gang.ledger.get(code="reward_note")
    with translation.override("fr"):
        assert line(injury).endswith("(campagne Deadwood, bataille 3)")
        assert note(reward) == "Récompense (victoire) : Deadwood, bataille 3"
    with translation.override("nl"):
        assert line(injury).endswith("(campagne Deadwood, strijd 3)")
        flips = GangEvent.objects.get(gang=gang, code="flips")
        assert line(flips).endswith("(strijd 3)")


def test_a_line_without_a_known_code_is_refused(gang, user):
    with pytest.raises(TypeError):
        _new_event(gang, GangEvent.Kind.BATTLE, "Something happened.")  # no code at all
    with pytest.raises(ValueError):
        _new_event(gang, GangEvent.Kind.BATTLE, "Something happened.", code="happened")
    with pytest.raises(ValueError):
        services.record_event(gang=gang, code="flips", params={}, actor=user)  # words missing
    assert not LedgerEntry.objects.filter(gang=gang, code="").exists()


def _calls(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            yield node, name, ast.unparse(func)


def test_no_writer_in_the_codebase_writes_a_line_without_a_code():
    """Outside the two builders nobody makes a GangEvent, a LedgerEntry or a campaign log
    entry by hand; every call of a writer names its code (or passes it on in ``**``)."""
    found = []
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            where = str(path.relative_to(ROOT))
            if "/migrations/" in where or where in BUILDERS:
                continue
            for node, name, said in _calls(ast.parse(path.read_text())):
                if said.startswith(("GangEvent", "LedgerEntry", "LogEntry")) and name in (
                    "GangEvent",
                    "LedgerEntry",
                    "LogEntry",
                    "create",
                    "bulk_create",
                    "get_or_create",
                ):
                    found.append(f"{where}:{node.lineno} {said}")
                if name in WRITERS and _writes_a_line(said, node):
                    keywords = {k.arg for k in node.keywords}
                    if "code" not in keywords and None not in keywords:
                        found.append(f"{where}:{node.lineno} {said}() without code=")
    assert found == []


def _writes_a_line(said: str, node: ast.Call) -> bool:
    """A call of a line writer (not a client's ``.post(url)``, a logger's ``log``...)."""
    if said in ("write.event", "write.post"):
        return True
    last = said.split(".")[-1]
    if last in ("post", "event"):
        return False
    return last != "log" or said in ("log", "common.log")


def test_a_signed_import_keeps_each_ledger_notes_code(gang, leader, user):
    """An export carries each ledger row's code and parameters: the restored gang's notes
    still read in every language; an unsigned copy's lines have their codes too."""
    from tests.conftest import client_for
    from tests.rosters.test_import_rules import remove_gang

    services.purchase_item(gang=gang, item="pistol", fighter_id=leader.pk, quantity=1, actor=user)
    exported = client_for(user).get(f"/api/v1/gangs/{gang.pk}/export/").json()
    assert exported["ledger"][0]["code"] == "treasury"
    remove_gang(gang.pk)
    restored = client_for(user).post("/api/v1/gangs/import/", exported, format="json")
    assert restored.status_code == 201, restored.json()
    copy = Gang.objects.get(pk=restored.json()["id"])
    assert [e.code for e in copy.ledger.all()] == ["treasury", "hired_note", "bought_for_note"]
    assert copy.events.get().code == "restored"
    with translation.override("fr"):
        assert note(copy.ledger.first()) == "Trésor de départ"
        assert line(copy.events.get()).startswith("La bande ")
