"""Factories for match records. Live matches are made through services.create_live_match
(their state must come from an engine); logged results can be made directly."""

import factory
from django.utils import timezone

from matches.models import Match, Participant
from tests.factories import UserFactory

__all__ = ["LoggedMatchFactory", "ParticipantFactory", "UserFactory"]


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
