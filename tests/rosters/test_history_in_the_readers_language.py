"""Issue 31: a gang's history reads in the reader's language (rosters/history_lines.py); a
line written before it had a code reads as its stored English."""

import pytest
from django.test import Client
from django.utils import translation

from rosters import services
from rosters.history_lines import LINES, line
from rosters.models import GangEvent
from rosters.services.common import _new_event
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_services_write_history_lines_that_read_in_french_and_dutch(gang, leader, ganger, user):
    pistol = services.purchase_item(
        gang=gang, item="pistol", fighter_id=leader.pk, quantity=1, actor=user
    )[0]
    services.purchase_item(gang=gang, item="dynamite", fighter_id=None, quantity=2, actor=user)
    services.move_equipment(gang=gang, equipment_id=pistol.pk, fighter_id=None, actor=user)
    services.move_equipment(gang=gang, equipment_id=pistol.pk, fighter_id=ganger.pk, actor=user)
    services.retire_fighter(gang=gang, fighter_id=ganger.pk, actor=user)
    services.award_flips(fighter=leader, count=1, actor=None)
    services.award_flips(fighter=leader, count=2, actor=None, note="battle 3")
    services.update_gang(gang=gang, actor=user, name=f"{gang.name} Riders")
    events = list(GangEvent.objects.filter(gang=gang))
    codes = {e.code for e in events}
    assert {"created", "hired", "bought", "bought_for", "flips", "flips_note", "renamed"} <= codes
    assert {"moved_to_stash", "moved_from_stash", "removed"} <= codes
    for event in events:
        assert event.code in LINES, event.text
        with translation.override("en"):
            assert line(event) == event.text, event.code
        for language in ("fr", "nl"):
            with translation.override(language):
                said = line(event)
            assert said != event.text and "%(" not in said, (event.code, language)
    with translation.override("fr"):
        assert any("pour la réserve" in line(e) for e in events)
        assert any("cartes à retourner : battle 3" in line(e) for e in events)


def test_a_change_by_someone_else_names_them_in_the_readers_language(gang, leader):
    helper = UserFactory(username="deputy-judge")
    event = _new_event(
        gang,
        GangEvent.Kind.PURCHASE,
        "Bought a pistol.",
        actor=helper,
        code="sold",
        params={"item": "Pistol", "price": 5},
    )
    assert event.text.endswith("(by deputy-judge)")
    with translation.override("nl"):
        assert line(event) == "Verkocht: Pistol voor 5 credits. (door deputy-judge)"


def test_a_line_written_before_codes_reads_as_written(gang):
    old = GangEvent(gang=gang, kind="hired", text="Hired ganger Eli for 10 credits.")
    broken = GangEvent(gang=gang, kind="hired", text="Hired.", code="hired", params={})
    with translation.override("fr"):
        assert (line(old), line(broken)) == (old.text, broken.text)


def test_the_history_page_reads_in_french(gang, user):
    client = Client()
    client.force_login(user)
    body = client.get(f"/gangs/{gang.pk}/history/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "arrive en ville" in body and "rode into town" not in body


def test_the_ledger_notes_read_in_french_and_dutch(gang, leader, user):
    from rosters.history_lines import NOTES, note
    from rosters.models import LedgerEntry

    services.purchase_item(gang=gang, item="pistol", fighter_id=leader.pk, quantity=1, actor=user)
    services.purchase_item(gang=gang, item="dynamite", fighter_id=None, quantity=2, actor=user)
    entries = list(LedgerEntry.objects.filter(gang=gang))
    codes = {e.code for e in entries}
    assert {"treasury", "hired_note", "bought_note", "bought_for_note"} <= codes <= set(NOTES)
    for entry in entries:
        with translation.override("en"):
            assert note(entry) == entry.note, entry.code
        for language in ("fr", "nl"):
            with translation.override(language):
                assert note(entry) != entry.note, (entry.code, language)


def test_the_api_gives_each_line_in_the_readers_language(gang, user):
    from tests.conftest import client_for

    api = client_for(user)
    history = api.get(f"/api/v1/gangs/{gang.pk}/history/", HTTP_ACCEPT_LANGUAGE="nl").json()
    ledger = api.get(f"/api/v1/gangs/{gang.pk}/ledger/", HTTP_ACCEPT_LANGUAGE="nl").json()
    created = history["results"][-1]
    assert "reed de stad binnen" in created["line"] and "rode into town" in created["text"]
    assert ledger["results"][0]["line"] == "Startkas"
