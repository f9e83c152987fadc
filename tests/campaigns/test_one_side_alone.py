"""A battle is never confirmed by one side alone (issue #29, item 3; docs/rules/campaigns.md).

The red team's case: an arbitrator who also plays reported "I win, two of yours taken out"
and confirmed it himself; the other player's fighters took an injury each without her word.
When the reporter is a side, arbitrator or not, the confirmation comes from the other side or
from an arbitrator who does not play in the battle; the API, the page and the admin agree.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from campaigns import access
from campaigns import services as campaigns
from campaigns.models import Battle

pytestmark = pytest.mark.django_db


@pytest.fixture
def playing_arbitrator(world):
    """ann plays (gang A) and arbitrates the campaign too."""
    ann = world.players[0]
    campaigns.add_arbitrator(campaign=world.campaign, user=ann, actor=world.arbitrator)
    campaigns.update_campaign(
        campaign=world.campaign, actor=world.arbitrator, max_battles_per_pairing=5
    )
    return ann


def post(world, user, suffix, body=None):
    return world.client(user).post(world.url(suffix), body or {}, format="json")


def report_win(world, reporter):
    """A beats B, two of B's fighters taken out by A's leader."""
    a, b = world.gangs[:2]
    leader = world.fighters[a.pk][0]
    response = post(
        world,
        reporter,
        "battles/",
        {
            "gangs": [a.pk, b.pk],
            "winner": a.pk,
            "casualties": [
                {"fighter": f.pk, "taken_out_by": leader.pk} for f in world.fighters[b.pk][2:]
            ],
        },
    )
    assert response.status_code == 201, response.content
    return Battle.objects.get(pk=response.json()["id"])


def status(battle) -> str:
    return Battle.objects.values_list("status", flat=True).get(pk=battle.pk)


def test_a_playing_arbitrator_does_not_confirm_their_own_report(world, playing_arbitrator):
    battle = report_win(world, playing_arbitrator)
    refused = post(world, playing_arbitrator, f"battles/{battle.pk}/confirm/")
    assert refused.status_code == 403
    assert "not its reporter: never one side alone" in refused.json()["detail"]
    assert status(battle) == "reported"
    # Nor disputes it away, nor confirms it through the service the admin and pages call.
    with pytest.raises(Exception, match="never one side alone"):
        campaigns.confirm_battle(battle=battle, actor=playing_arbitrator)
    assert status(battle) == "reported"


def test_the_other_side_confirms_a_playing_arbitrators_report(world, playing_arbitrator):
    battle = report_win(world, playing_arbitrator)
    assert post(world, world.players[1], f"battles/{battle.pk}/confirm/").status_code == 200
    assert status(battle) == "confirmed"


def test_an_arbitrator_who_does_not_play_confirms_it(world, playing_arbitrator):
    battle = report_win(world, playing_arbitrator)
    assert post(world, world.arbitrator, f"battles/{battle.pk}/confirm/").status_code == 200
    assert status(battle) == "confirmed"


def test_a_player_who_reported_does_not_confirm_it_either(world):
    battle = report_win(world, world.players[0])
    assert post(world, world.players[0], f"battles/{battle.pk}/confirm/").status_code == 403
    assert status(battle) == "reported"


def test_a_disputed_battle_waits_for_an_arbitrator_who_does_not_play(world, playing_arbitrator):
    battle = report_win(world, world.players[1])  # bob reports: B against A
    # The playing arbitrator disputes as the other side, then cannot settle it himself.
    disputed = post(world, playing_arbitrator, f"battles/{battle.pk}/dispute/", {"reason": "No."})
    assert disputed.status_code == 200
    assert post(world, playing_arbitrator, f"battles/{battle.pk}/confirm/").status_code == 403
    assert post(world, world.players[1], f"battles/{battle.pk}/confirm/").status_code == 403
    assert status(battle) == "disputed"
    assert post(world, world.arbitrator, f"battles/{battle.pk}/confirm/").status_code == 200
    assert status(battle) == "confirmed"


def test_whose_word_is_missing(world, playing_arbitrator):
    ann, bob = world.players[:2]
    by_ann = report_win(world, ann)
    assert access.awaiting(battle=by_ann) == access.Awaiting(players=("bob",))
    by_judge = report_win(world, world.arbitrator)
    assert access.awaiting(battle=by_judge) == access.Awaiting(players=("ann", "bob"))
    post(world, bob, f"battles/{by_ann.pk}/dispute/", {"reason": "No."})
    assert access.awaiting(battle=Battle.objects.get(pk=by_ann.pk)) == access.Awaiting(players=())
    post(world, world.arbitrator, f"battles/{by_judge.pk}/confirm/")
    assert access.awaiting(battle=Battle.objects.get(pk=by_judge.pk)) is None


def _page(user, campaign) -> str:
    client = Client()
    client.force_login(user)
    return client.get(reverse("campaign-detail", args=[campaign.pk])).content.decode()


def test_the_campaign_page_says_whose_word_is_missing(world, playing_arbitrator):
    battle = report_win(world, playing_arbitrator)
    confirm = reverse(
        "campaign-battle-decision-page", args=[world.campaign.pk, battle.pk, "confirm"]
    )
    ann_sees = _page(playing_arbitrator, world.campaign)
    assert "Waiting for the word of bob, or of an arbitrator who did not play in it." in ann_sees
    assert confirm not in ann_sees  # no button for the side whose word is in
    assert confirm in _page(world.players[1], world.campaign)
    assert confirm in _page(world.arbitrator, world.campaign)
    # The page's button posts to the service, which refuses the reporter whatever the page.
    client = Client()
    client.force_login(playing_arbitrator)
    client.post(confirm)
    assert status(battle) == "reported"


def test_the_admin_offers_no_confirmation_to_the_side_that_reported(world, playing_arbitrator):
    battle = report_win(world, playing_arbitrator)
    client = Client()
    client.force_login(playing_arbitrator)
    page = client.get(reverse("admin:campaigns_battle_change", args=[battle.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Waiting for the word of bob" in html
    decide = reverse("admin:campaigns_battle_decide", args=[battle.pk, "confirm"])
    assert decide not in html
    assert reverse("admin:campaigns_battle_decide", args=[battle.pk, "void"]) in html
    client.post(decide)
    client.post(
        reverse("admin:campaigns_battle_changelist"),
        {"action": "confirm", "_selected_action": [battle.pk], "index": 0},
    )
    assert status(battle) == "reported"
    judge = Client()
    judge.force_login(world.arbitrator)
    assert (
        decide
        in judge.get(reverse("admin:campaigns_battle_change", args=[battle.pk])).content.decode()
    )
    judge.post(decide)
    assert status(battle) == "confirmed"
