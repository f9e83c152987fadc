import pytest

from campaigns import services as campaigns
from rosters import services as rosters
from tests.conftest import client_for
from tests.factories import UserFactory


class World:
    """An arbitrator, four players with a gang each (leader, deputy, two gangers), and an
    active campaign they have all joined."""

    def __init__(self):
        self.arbitrator = UserFactory(username="judge")
        self.players = [UserFactory(username=name) for name in ("ann", "bob", "cal", "dee")]
        self.campaign = campaigns.create_campaign(creator=self.arbitrator, name="Deadwood Summer")
        self.gangs = []
        self.fighters = {}
        factions = ["sheriffs", "outlawmen", "townsfolk", "bootleggers"]
        for player, faction in zip(self.players, factions, strict=True):
            gang = rosters.create_gang(
                owner=player, name=f"{player.username}'s gang", faction=faction
            )
            crew = [
                rosters.hire_fighter(
                    gang=gang, name=f"{player.username}-{role}-{n}", role=role, actor=player
                )
                for n, role in enumerate(["leader", "deputy", "ganger", "ganger"])
            ]
            self.fighters[gang.pk] = crew
            invitation = campaigns.request_join(
                campaign=self.campaign, gang=gang, actor=self.arbitrator
            )
            campaigns.answer_invitation(membership=invitation, accept=True, actor=player)
            self.gangs.append(gang)
        campaigns.set_status(campaign=self.campaign, status="active", actor=self.arbitrator)

    def client(self, user):
        return client_for(user)

    def url(self, suffix=""):
        return f"/api/v1/campaigns/{self.campaign.pk}/{suffix}"


@pytest.fixture
def world(db):
    return World()


@pytest.fixture
def run_on_commit(django_capture_on_commit_callbacks):
    """Run what a request schedules with transaction.on_commit (the Celery tasks, in-process)."""

    def call(fn, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return fn(*args, **kwargs)

    return call


# The race tests' world (test_consent_races.py, test_post_game_locks.py): an active campaign
# with its arbitrator, and gangs of one leader joined to it by the tests themselves.
@pytest.fixture
def campaign(seeded_catalogue):
    judge = UserFactory(username="judge")
    campaign = campaigns.create_campaign(creator=judge, name="Deadwood Summer")
    campaigns.set_status(campaign=campaign, status="active", actor=judge)
    return campaign


def gang_for(name: str):
    owner = UserFactory(username=name)
    gang = rosters.create_gang(owner=owner, name=f"{name}'s", faction="sheriffs")
    rosters.hire_fighter(gang=gang, name=f"{name}-leader", role="leader", actor=owner)
    return gang
