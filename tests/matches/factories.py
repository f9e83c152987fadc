"""Factories for match records. Live matches are made through services.create_live_match
(their state must come from an engine); logged results can be made directly."""

import factory
from django.utils import timezone

from matches.models import Match, Participant
from tests.factories import UserFactory

__all__ = [
    "LoggedMatchFactory",
    "ParticipantFactory",
    "UserFactory",
    "accept_all",
    "accept_all_over_api",
    "start_live_match",
    "two_player_match",
]


def accept_all(match: Match) -> Match:
    """Every player still asked accepts (a live match is then dealt; a logged result counts).
    For tests about something else than consent; returns the match as it now is."""
    from matches import services

    for seat in match.participants.filter(consent=Participant.Consent.AWAITING).select_related(
        "player"
    ):
        services.accept_match(match=match, player=seat.player)
    match.refresh_from_db()
    return match


def start_live_match(**kwargs) -> Match:
    """``services.create_live_match`` with every invited player accepting: a dealt match."""
    from matches import services

    return accept_all(services.create_live_match(**kwargs))


def two_player_match(ruleset: str = "le-dernier-peuple", options: dict | None = None):
    """``(match, alice, bob)``: a dealt live match between two new players, alice creating."""
    alice, bob = UserFactory(), UserFactory()
    match = start_live_match(
        ruleset=ruleset,
        players=[alice.username, bob.username],
        options=options or {},
        created_by=alice,
    )
    return match, alice, bob


def accept_all_over_api(body: dict) -> None:
    """After ``POST matches/`` answered ``body``: each invited player accepts over the API."""
    from tests.conftest import client_for

    match = Match.objects.get(pk=body["id"])
    for seat in match.participants.filter(consent=Participant.Consent.AWAITING).select_related(
        "player"
    ):
        response = client_for(seat.player).post(f"/api/v1/matches/{match.pk}/accept/")
        assert response.status_code == 200, response.content


class LoggedMatchFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Match
        skip_postgeneration_save = True

    ruleset = "fake-pick"
    live = False
    status = Match.Status.REPORTED
    played_at = factory.LazyFunction(timezone.now)
    created_by = factory.SubFactory(UserFactory)

    @factory.post_generation
    def players(match, create, extracted, **kwargs):
        """``players=[user, ...]`` in finishing order; two new players by default."""
        if not create:
            return
        users = extracted if extracted is not None else [UserFactory(), UserFactory()]
        for place, user in enumerate(users, start=1):
            ParticipantFactory(
                match=match,
                player=user,
                seat=f"s{place}",
                placement=place,
                scores={"points": 4 - place if place < 4 else 0},
            )
        match.outcome = {
            "winners": ["s1"],
            "placements": {f"s{n}": n for n in range(1, len(users) + 1)},
            "scores": {},
        }
        match.save(update_fields=["outcome"])


class ParticipantFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Participant

    match = factory.SubFactory(LoggedMatchFactory)
    player = factory.SubFactory(UserFactory)
    seat = factory.Sequence(lambda n: f"s{n + 1}")
