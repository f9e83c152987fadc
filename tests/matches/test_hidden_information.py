"""No response ever carries another seat's hidden information, nor the seed or the rng.

We play a game of Pick and, after every step, walk every match endpoint as each seat, as an
outsider and as staff, and search the raw JSON for the secrets that viewer may not know.
"""

import json

import pytest

pytestmark = pytest.mark.django_db


def secrets_hidden_from(match, seat: str | None) -> set[str]:
    state = match.state
    hidden = {str(match.seed), str(state["rng"]), *state["deck"]}
    for other, cards in state["hands"].items():
        if other != seat:
            hidden.update(cards)
    return hidden


def everything_seen_by(table, client) -> str:
    url = table.url
    bodies = [
        client.get("/api/v1/matches/"),
        client.get(url),
        client.get(f"{url}state/"),
        client.get(f"{url}legal-actions/"),
        client.get(f"{url}events/?page_size=200"),
    ]
    for action_id in table.match.actions.values_list("id", flat=True):
        bodies.append(client.get(f"{url}actions/{action_id}/"))
    assert all(b.status_code < 500 for b in bodies)
    return "\n".join(b.content.decode() for b in bodies)


def test_no_endpoint_shows_a_viewer_what_it_may_not_see(table):
    viewers = [
        ("s1", table.as_alice),
        ("s2", table.as_bob),
        (None, table.as_carol),
        (None, table.as_staff),
    ]
    for step in range(5):
        match = table.refresh()
        for seat, client in viewers:
            seen = everything_seen_by(table, client)
            leaked = [s for s in secrets_hidden_from(match, seat) if s in seen]
            assert leaked == [], f"step {step}: {seat or 'outsider'} sees {leaked}"
            if seat:  # the check can see a hand: the viewer's own is there
                assert all(card in seen for card in match.state["hands"][seat])
        seat = "s1" if step % 2 == 0 else "s2"
        card = match.state["hands"][seat][0]
        table.act(table.client(seat), {"type": "pick", "card": card})
    assert table.refresh().status == "finished"


def test_the_create_response_and_the_list_never_carry_state_or_seed(table, as_user, user):
    created = as_user.post(
        "/api/v1/matches/",
        {"ruleset": "fake-pick", "live": True, "players": [user.username, table.bob.username]},
        format="json",
    ).json()
    listed = as_user.get("/api/v1/matches/").json()["results"]
    for body in [created, *listed]:
        assert "state" not in body and "seed" not in body
    match = table.refresh()
    assert str(match.seed) not in json.dumps(listed)
