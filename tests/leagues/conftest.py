import pytest

from leagues import services
from tests.conftest import client_for
from tests.factories import UserFactory

LDP = "le-dernier-peuple"
LHF = "last-hope-frontier"
BR = "battle-royale"
LOS = "last-one-standing"


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
            services.add_member(league=league, player=player, actor=self.organiser)
        return league

    def client(self, user):
        return client_for(user)

    def url(self, suffix="", league=None):
        return f"/api/v1/leagues/{(league or self.league).pk}/{suffix}"

    def log(self, user, body, league=None):
        return self.client(user).post(self.url("matches/", league), body, format="json")


@pytest.fixture
def world(db):
    return World()


def ok(response, code=201):
    assert response.status_code == code, response.json()
    return response.json()


def errors_of(response, code=400):
    assert response.status_code == code, response.content
    return response.json()["errors"]
