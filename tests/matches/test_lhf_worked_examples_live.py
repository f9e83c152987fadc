"""The seed's three worked examples, played through the live API: the shooter nominates a
target and a hidden card, the defender answers with a hidden card, the worker reveals both.

The table (positions, hands) is arranged by writing the state directly — a test's privilege:
the server cannot see the players' table, and a shuffled deck would not deal these cards.
"""

import pytest

from matches import services
from matches.models import Match
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.matches.factories import start_live_match
from tests.rulesets.last_hope_frontier.test_live_support import fighter, gang, give_hand, set_up

pytestmark = pytest.mark.django_db

EXAMPLES = [
    # shooter, its gang, target, its gang, gap in inches, weapon, cards, expected event
    (
        fighter(1, "Marshal Hale", "leader", ["pistol"]),
        ("Lawmen", "sheriffs"),
        fighter(11, "Ma Barker", "ganger", []),
        ("Barkers", "outlawmen"),
        2,
        "pistol",
        ("JS", "7D"),
        "Marshal Hale shoots Ma Barker: 15 against 8, 2 wounds.",
    ),
    (
        fighter(2, "Deputy Hale", "deputy", ["pistol"]),
        ("Lawmen", "sheriffs"),
        fighter(12, "Deputy Barker", "deputy", ["light-leather"]),
        ("Barkers", "outlawmen"),
        3,
        "pistol",
        ("6S", "5C"),
        "Deputy Hale shoots Deputy Barker: 9 against 8, no wounds (winged).",
    ),
    # Example 3: the rule text (5 wounds) wins over the example's arithmetic (4).
    (
        fighter(3, "Mayor Quill", "leader", ["shotgun"]),
        ("Temperance", "townsfolk"),
        fighter(13, "Moonshine Jim", "ganger", []),
        ("Stills", "bootleggers"),
        4,
        "shotgun",
        ("AH", "JC"),
        "Mayor Quill shoots Moonshine Jim: 19 against 13, 5 wounds.",
    ),
]


@pytest.mark.parametrize(
    "shooter,shooter_gang,target,target_gang,gap,weapon,cards,expected", EXAMPLES
)
def test_a_worked_example_through_the_live_api(
    shooter,
    shooter_gang,
    target,
    target_gang,
    gap,
    weapon,
    cards,
    expected,
    django_capture_on_commit_callbacks,
):
    alice, bob = UserFactory(), UserFactory()
    options = {
        "gangs": {
            "s1": gang(*shooter_gang, [shooter], gang_id=1),
            "s2": gang(*target_gang, [target], gang_id=2),
        }
    }
    match = start_live_match(
        ruleset="last-hope-frontier",
        players=[alice.username, bob.username],
        options=options,
        created_by=alice,
    )
    state = set_up(
        options,
        {shooter["id"]: (12, 10), target["id"]: (12, 11 + gap)},
        first="s1",
        seats=["s1", "s2"],
    )
    state = give_hand(give_hand(state, "s1", [cards[0]]), "s2", [cards[1]])
    Match.objects.filter(pk=match.pk).update(state=services.canonical(state))
    as_alice, as_bob = client_for(alice), client_for(bob)
    url = f"/api/v1/matches/{match.pk}/"

    def act(client, key, body):
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(f"{url}actions/", body, format="json", HTTP_IDEMPOTENCY_KEY=key)
        assert response.status_code == 202, response.json()
        action = client.get(f"{url}actions/{response.json()['id']}/").json()
        assert action["status"] == "resolved", action

    act(as_alice, "a1", {"type": "activate", "fighter": shooter["id"]})
    act(
        as_alice,
        "a2",
        {
            "type": "shoot",
            "fighter": shooter["id"],
            "target": target["id"],
            "weapon": weapon,
            "card": cards[0],
            "line_of_fire": True,
        },
    )
    # The defender is asked, and sees that a card was chosen but not which one.
    assert as_bob.get(f"{url}legal-actions/").json()["actions"]
    assert cards[0] not in str(as_bob.get(f"{url}state/").json())
    assert cards[0] not in str(as_bob.get(f"{url}events/?page_size=200").json())
    act(as_bob, "b1", {"type": "defend", "card": cards[1]})

    events = as_bob.get(f"{url}events/?page_size=200").json()
    texts = [e["text"] for e in events.get("results", events)]
    assert expected in texts
    # Issue 31: the same log for a French reader. ``text`` stays the stored English; the
    # ``message`` is rendered from the event's code in the request's language.
    french = as_bob.get(f"{url}events/?page_size=200", HTTP_ACCEPT_LANGUAGE="fr").json()
    shot = next(e for e in french.get("results", french) if e["text"] == expected)
    assert shot["message"] != expected and " contre " in shot["message"]
