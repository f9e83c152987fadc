"""A flip drawn and chosen in one call: ``{"action": "flip", "prefer": "<stat>"}``.

The rules (docs/rules/last-hope-frontier.md, post-game): "Shuffle your deck and flip the top
card"; Joker, 2-5 gives shoot or combat +1, 6-10 strength or toughness, J, Q, K, A defence or
wounds; the flip table names no maximum, so by the text any stat the card offers may be
taken; under house rule ``stat_caps`` (chosen by the gang's campaign) a capped stat cannot be
chosen (decision 19); a reflip burns another flip (18). With ``prefer``, the stat is taken at
once when the card drawn offers it (and, under the house rule, it is below its cap);
otherwise the card stays showing, open for choose, reflip or decline, and the answer says why.
"""

import pytest

from campaigns import services as campaigns
from rosters import services
from rosters.models import Advancement, FlipDraw
from rulesets.core.rng import Rng
from rulesets.last_hope_frontier import post_game

pytestmark = pytest.mark.django_db


def next_card(fighter) -> str:
    """The card the fighter's next draw turns (the server's seeded shuffle, rosters.services)."""
    seq = FlipDraw.objects.filter(fighter=fighter).count() + 1
    return post_game.flip({"flips_left": 1, "card": None}, Rng.from_seed(fighter.flip_seed + seq))[
        "card"
    ]


def flip(client, fighter, **body):
    return client.post(f"/api/v1/fighters/{fighter.pk}/flips/", body, format="json")


def other_stat(card: str) -> str:
    return next(
        s for s in ("shoot", "strength", "defence") if s not in post_game.flip_options(card)
    )


def test_a_preferred_stat_the_card_offers_is_taken_at_once(as_user, user, leader):
    services.award_flips(fighter=leader, count=2, actor=user)
    card = next_card(leader)
    stat = post_game.flip_options(card)[0]
    before = leader.current_stats()[stat]
    response = flip(as_user, leader, action="flip", prefer=stat)
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["prefer"] == {"stat": stat, "taken": True, "reason": None}
    assert body["showing"] is None  # nothing left to choose
    assert body["flips"] == 1
    assert body["draws"][-1]["card"] == card
    assert (body["draws"][-1]["outcome"], body["draws"][-1]["stat"]) == ("taken", stat)
    leader.refresh_from_db()
    assert leader.current_stats()[stat] == before + 1
    assert Advancement.objects.get(fighter=leader).card == card


def test_a_stat_the_card_does_not_offer_leaves_the_card_showing_and_says_why(as_user, user, leader):
    services.award_flips(fighter=leader, count=1, actor=user)
    card = next_card(leader)
    wanted = other_stat(card)
    response = flip(as_user, leader, action="flip", prefer=wanted)
    assert response.status_code == 200, response.json()
    body = response.json()
    options = post_game.flip_options(card)
    assert body["prefer"]["taken"] is False
    assert body["prefer"]["reason"].endswith(f"offers {options[0]} or {options[1]}.")
    assert body["showing"]["card"] == card  # still open: choose, reflip or decline
    assert not Advancement.objects.filter(fighter=leader).exists()
    chosen = flip(as_user, leader, action="choose", stat=options[1])
    assert chosen.status_code == 200, chosen.json()
    assert chosen.json()["showing"] is None


def test_a_reflip_with_a_preference_burns_a_flip_and_takes_the_new_card(as_user, user, leader):
    services.award_flips(fighter=leader, count=2, actor=user)
    first = next_card(leader)
    flip(as_user, leader, action="flip", prefer=other_stat(first))
    card = next_card(leader)
    stat = post_game.flip_options(card)[1]
    body = flip(as_user, leader, action="reflip", prefer=stat).json()
    assert body["prefer"] == {"stat": stat, "taken": True, "reason": None}
    assert body["flips"] == 0
    assert [d["outcome"] for d in body["draws"]] == ["reflipped", "taken"]


@pytest.fixture
def capped(user, gang):
    """The gang plays in a campaign that chose house rule ``stat_caps``."""
    campaign = campaigns.create_campaign(
        creator=user, name="Capped", house_rules={"stat_caps": True}
    )
    campaigns.request_join(campaign=campaign, gang=gang, actor=user)
    return campaign


def at_the_toughness_cap(leader):
    leader.toughness = post_game.stat_cap("toughness", capped=True)
    leader.save(update_fields=["toughness"])


def test_by_the_text_a_stat_past_the_house_rules_cap_is_still_preferred(as_user, user, leader):
    """The flip table: "6,7,8,9,10 allows for a Strength or Toughness upgrade" — and names no
    maximum. A gang outside any campaign plays by the text: toughness 4 is no cap."""
    services.award_flips(fighter=leader, count=1, actor=user)
    at_the_toughness_cap(leader)
    card = next_card(leader)
    response = flip(as_user, leader, action="flip", prefer="toughness")
    assert response.status_code == 200, response.json()
    taken = "toughness" in post_game.flip_options(card)
    assert response.json()["prefer"]["taken"] is taken
    leader.refresh_from_db()
    assert leader.current_stats()["toughness"] == 4 + taken


def test_by_the_text_a_card_raises_a_stat_past_the_house_rules_cap(as_user, user, leader):
    """By the text the flip table has no caps: choose +1 toughness at toughness 4."""
    at_the_toughness_cap(leader)
    while True:  # flip until a 6-10 shows (each flip is a new seeded draw)
        services.award_flips(fighter=leader, count=1, actor=user)
        draw = services.flip_card(fighter=leader, actor=user, action="flip")
        if "toughness" in draw.options:
            break
        services.flip_card(fighter=leader, actor=user, action="decline")
    response = flip(as_user, leader, action="choose", stat="toughness")
    assert response.status_code == 200, response.json()
    leader.refresh_from_db()
    assert leader.current_stats()["toughness"] == 5


def test_house_rule_stat_caps_refuses_a_capped_stat_the_card_offers(as_user, user, leader, capped):
    """House rule stat_caps: "Advancement stops at shoot and combat 6, strength 5, toughness 4,
    defence 5, wounds 10; the flip table has no caps." The gang's campaign chose it."""
    at_the_toughness_cap(leader)
    while True:
        services.award_flips(fighter=leader, count=1, actor=user)
        draw = services.flip_card(fighter=leader, actor=user, action="flip")
        if "toughness" in draw.options:
            break
        services.flip_card(fighter=leader, actor=user, action="decline")
    response = flip(as_user, leader, action="choose", stat="toughness")
    assert response.status_code == 409, response.json()
    assert "already at its maximum of 4" in str(response.json())
    assert flip(as_user, leader, action="choose", stat="strength").status_code == 200


def test_house_rule_stat_caps_a_stat_at_its_cap_is_refused_before_any_flip_is_spent(
    as_user, user, leader, capped
):
    """House rule stat_caps: "Advancement stops at shoot and combat 6, strength 5, toughness 4,
    defence 5, wounds 10; the flip table has no caps." """
    services.award_flips(fighter=leader, count=1, actor=user)
    cap = post_game.stat_cap("toughness", capped=True)
    leader.toughness = cap
    leader.save(update_fields=["toughness"])
    response = flip(as_user, leader, action="flip", prefer="toughness")
    assert response.status_code == 400
    assert "Toughness is already at its maximum" in response.json()["errors"]["prefer"][0]
    leader.refresh_from_db()
    assert leader.flips == 1
    assert not FlipDraw.objects.filter(fighter=leader).exists()


@pytest.mark.parametrize(
    "body,field",
    [
        ({"action": "flip", "prefer": "luck"}, "prefer"),
        ({"action": "choose", "stat": "shoot", "prefer": "shoot"}, "prefer"),
        ({"action": "decline", "prefer": "shoot"}, "prefer"),
    ],
)
def test_prefer_goes_only_with_a_flip_or_a_reflip_and_names_a_stat(
    as_user, user, leader, body, field
):
    services.award_flips(fighter=leader, count=1, actor=user)
    response = flip(as_user, leader, **body)
    assert response.status_code == 400
    assert field in response.json()["errors"]
    leader.refresh_from_db()
    assert leader.flips == 1


def test_without_a_flip_left_nothing_happens(as_user, leader):
    response = flip(as_user, leader, action="flip", prefer="shoot")
    assert response.status_code == 409
    assert not FlipDraw.objects.exists()


def test_only_the_owner_flips(as_other, user, leader):
    services.award_flips(fighter=leader, count=1, actor=user)
    assert flip(as_other, leader, action="flip", prefer="shoot").status_code == 403


def test_a_finished_campaigns_house_rules_no_longer_bind_the_gang(user, gang, leader, capped):
    """A gang plays by the house rules of the campaigns it plays in; once the campaign is over,
    by the text again (rosters/house_rules.py)."""
    from rosters import house_rules

    assert house_rules.stat_caps(gang.pk)
    capped.status = capped.Status.FINISHED
    capped.save(update_fields=["status"])
    assert not house_rules.stat_caps(gang.pk)
