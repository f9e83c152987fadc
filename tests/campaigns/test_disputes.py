"""A disputed battle ends (#30): an arbitrator voids it, with a reason, or its reporter
withdraws it; either frees the pair to report again, and the other side hears of it. Battles
are numbered within their campaign; join codes are read in any case."""

from html import unescape

import pytest
from django.test import Client

from campaigns import services as campaigns
from campaigns.models import Battle, LogEntry, Membership
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def post(world, user, suffix, body=None):
    return world.client(user).post(world.url(suffix), body or {}, format="json")


def report(world, reporter, a, b):
    response = post(world, reporter, "battles/", {"gangs": [a.pk, b.pk], "winner": b.pk})
    assert response.status_code == 201, response.content
    return response.json()


def kinds_for(user) -> list[str]:
    return list(Notification.objects.filter(recipient=user).values_list("kind", flat=True))


def test_a_disputed_battle_voided_by_the_arbitrator_may_be_reported_again(world):
    ann, bob = world.players[:2]
    a, b = world.gangs[:2]
    first = report(world, ann, a, b)
    again = post(world, ann, "battles/", {"gangs": [a.pk, b.pk], "winner": a.pk})
    assert again.status_code == 400
    refusal = again.json()["errors"]["gangs"][0]
    assert "allows 1 battle per pair of gangs a round" in refusal
    assert "max_battles_per_pairing" not in refusal  # words, not a setting's key
    assert post(world, bob, f"battles/{first['id']}/dispute/", {"reason": "No."}).status_code == 200
    voided = post(world, world.arbitrator, f"battles/{first['id']}/void/", {"reason": "Replay"})
    assert voided.status_code == 200
    assert (voided.json()["status"], voided.json()["void_reason"]) == ("void", "Replay")
    second = report(world, ann, a, b)  # the pair is free again
    assert (first["number"], second["number"]) == (1, 2)
    assert "battle.voided" in kinds_for(ann) and "battle.voided" in kinds_for(bob)
    assert "battle.voided" not in kinds_for(world.arbitrator)


def test_the_reporter_withdraws_a_report_and_the_other_side_hears_of_it(world):
    ann, bob, cal = world.players[:3]
    a, b = world.gangs[:2]
    battle = report(world, ann, a, b)
    url = f"battles/{battle['id']}/withdraw/"
    for stranger in (bob, cal, world.arbitrator):
        assert post(world, stranger, url).status_code == 403
    withdrawn = post(world, ann, url)
    assert withdrawn.status_code == 200 and withdrawn.json()["status"] == "void"
    assert post(world, ann, url).status_code == 200  # twice changes nothing
    assert "battle.withdrawn" in kinds_for(bob) and "battle.withdrawn" not in kinds_for(ann)
    line = LogEntry.objects.filter(battle_id=battle["id"]).latest("pk").text
    assert line == "ann withdrew their report of battle 1; the two gangs may report it again."
    report(world, bob, a, b)


def test_a_confirmed_battle_is_neither_withdrawn_nor_voided(world, run_on_commit):
    ann, bob = world.players[:2]
    a, b = world.gangs[:2]
    battle = report(world, ann, a, b)
    assert run_on_commit(post, world, bob, f"battles/{battle['id']}/confirm/").status_code == 200
    assert post(world, ann, f"battles/{battle['id']}/withdraw/").status_code == 409
    refused = post(world, world.arbitrator, f"battles/{battle['id']}/void/", {"reason": "x"})
    assert refused.status_code == 409
    assert Battle.objects.get(pk=battle["id"]).status == "confirmed"


def page(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_campaign_page_voids_after_asking_first(world):
    ann, bob = world.players[:2]
    a, b = world.gangs[:2]
    battle = report(world, ann, a, b)
    post(world, bob, f"battles/{battle['id']}/dispute/", {"reason": "Wrong winner"})
    judge = page(world.arbitrator)
    text = unescape(judge.get(f"/campaigns/{world.campaign.pk}/").content.decode())
    assert "Confirm the result" in text and "Void the battle" in text
    url = f"/campaigns/{world.campaign.pk}/battles/{battle['id']}/void/"
    asked = judge.post(url, {"reason": "Played twice"})
    assert asked.status_code == 200 and "Void battle 1?" in unescape(asked.content.decode())
    assert Battle.objects.get(pk=battle["id"]).status == "disputed"  # nothing done yet
    done = judge.post(url, {"reason": "Played twice", "confirmed": "yes"}, follow=True)
    words = unescape(done.content.decode())
    assert "Battle 1 is void: the two gangs may report it again." in words
    assert "void: Played twice" in words


def test_the_report_form_says_which_pairs_may_still_play(world):
    ann = world.players[0]
    a, b, c = world.gangs[:3]
    report(world, ann, a, b)
    ann_page = page(ann)
    text = unescape(ann_page.get(f"/campaigns/{world.campaign.pk}/").content.decode())
    assert f"{a.name} against {b.name}: no battle left this round." in text
    assert f"{a.name} against {c.name}: 1 battle left." in text
    url = f"/campaigns/{world.campaign.pk}/report/?gangs={a.pk}&gangs={b.pk}"
    refused = ann_page.get(url, follow=True)  # before the form is filled in
    assert "allows 1 battle per pair of gangs a round" in unescape(refused.content.decode())


def test_words_after_starting_and_opening_rounds(world):
    judge = page(world.arbitrator)
    url = f"/campaigns/{world.campaign.pk}/manage/"
    closing = judge.post(url, {"action": "close_round"}, follow=True)
    text = unescape(closing.content.decode())
    assert "Round 1 of Deadwood Summer is closing" in text and "Done." not in text


def test_join_codes_are_read_in_any_case(world, newcomer_gang):
    code = world.campaign.join_code.lower()
    response = page(newcomer_gang.owner).post(
        "/campaigns/join/", {"join_code": code, "gang": newcomer_gang.pk}, follow=True
    )
    assert response.status_code == 200
    assert Membership.objects.filter(gang=newcomer_gang, status="pending").exists()


@pytest.fixture
def newcomer_gang(world):
    from rosters import services as rosters
    from tests.factories import UserFactory

    return rosters.create_gang(owner=UserFactory(username="eve"), name="Eve's", faction="sheriffs")


def test_leaving_from_the_page_asks_first(world):
    ann = world.players[0]
    member = Membership.objects.get(gang=world.gangs[0])
    url = f"/campaigns/{world.campaign.pk}/members/{member.pk}/leave/"
    asked = page(ann).post(url)
    assert asked.status_code == 200 and "Yes, leave the campaign" in asked.content.decode()
    member.refresh_from_db()
    assert member.status == "active"
    campaigns.leave_campaign(membership=member, actor=ann)
