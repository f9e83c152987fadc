"""A flip drawn and chosen in one call: ``{"action": "flip", "prefer": "<stat>"}``.

The rules (docs/rules/last-hope-frontier.md, post-game): "Shuffle your deck and flip the top
card"; Joker, 2-5 gives shoot or combat +1, 6-10 strength or toughness, J, Q, K, A defence or
wounds; a capped stat cannot be chosen (decision 19); a reflip burns another flip (18). With
``prefer``, the stat is taken at once when the card drawn offers it and it is below its cap;
otherwise the card stays showing, open for choose, reflip or decline, and the answer says why.
"""

import pytest

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


def test_a_stat_at_its_cap_is_refused_before_any_flip_is_spent(as_user, user, leader):
    services.award_flips(fighter=leader, count=1, actor=user)
    cap = post_game.stat_cap("toughness")
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
