import pytest
from django.contrib.auth import get_user_model

from leagues import services
from tests.conftest import client_for
from tests.factories import UserFactory

LDP = "le-dernier-peuple"
LHF = "last-hope-frontier"
BR = "battle-royale"
LOS = "last-one-standing"


def enrol(league, player, organiser):
    """The organiser invites the player, who accepts: an active member (for tests about
    something else than the invitation itself)."""
    membership = services.add_member(league=league, player=player, actor=organiser)
    return services.accept_membership(membership=membership, actor=player)[0]


def confirm_all(result):
    """Every player of the result confirms it, so that it counts."""
    for seat in result.match.participants.select_related("player"):
        result = services.confirm_result(result=result, actor=seat.player)
    return result


class World:
    """An organiser (who does not play), six players who are members of a Le Dernier Peuple
    league, and an outsider who is not."""

    def __init__(self):
        self.organiser = UserFactory(username="orga")
        self.players = [
            UserFactory(username=name) for name in ("ann", "bob", "cal", "dee", "eve", "fay")
        ]
        self.outsider = UserFactory(username="zed")
        self.league = self.new_league(LDP, name="Tuesday Peuple")

    def new_league(self, ruleset, *, name=None, members=None, **settings):
        league = services.create_league(
            creator=self.organiser, name=name or f"{ruleset} league", ruleset=ruleset, **settings
        )
        for player in self.players if members is None else members:
            enrol(league, player, self.organiser)
        return league

    def client(self, user):
        return client_for(user)

    def url(self, suffix="", league=None):
        return f"/api/v1/leagues/{(league or self.league).pk}/{suffix}"

    def log(self, user, body, league=None):
        return self.client(user).post(self.url("matches/", league), body, format="json")

    def log_counted(self, body, league=None, user=None):
        """Log a result (as the organiser, by default) and have each of its players confirm
        it over the API, so that it counts; returns the result as it then is."""
        result = self.log(user or self.organiser, body, league)
        assert result.status_code == 201, result.json()
        result = result.json()
        for name in result["awaiting"]:
            player = get_user_model().objects.get(username=name)
            url = self.url(f"matches/{result['id']}/confirm/", league)
            response = self.client(player).post(url)
            assert response.status_code == 200, response.json()
            result = response.json()
        assert result["status"] == "confirmed", result
        return result


@pytest.fixture
def world(db):
    return World()


def ok(response, code=201):
    assert response.status_code == code, response.json()
    return response.json()


def errors_of(response, code=400):
    assert response.status_code == code, response.content
    return response.json()["errors"]
