"""``manage.py replay_match ID``: replay a live match from its seed and resolved actions and
compare with the stored state. Exits non-zero when they differ."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from matches.models import Match, MatchAction
from matches.services import replay_match


class Command(BaseCommand):
    help = "Replay a live match from its seed and resolved actions; fail if the state differs."

    def add_arguments(self, parser):
        parser.add_argument("match_id", type=int)

    def handle(self, *args, match_id: int, **options):
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            raise CommandError(f"There is no match {match_id}.")
        if not match.live:
            raise CommandError(f"Match {match_id} is a logged result: there is nothing to replay.")
        if not match.is_dealt:
            raise CommandError(f"Match {match_id} was never dealt ({match.status}): no state yet.")
        try:
            same, state = replay_match(match)
        except Exception as exc:  # an engine error during replay is a failed replay too
            raise CommandError(f"Match {match_id}: the replay failed: {exc!r}") from exc
        played = match.actions.filter(status=MatchAction.Status.RESOLVED).count()
        if not same:
            differing = sorted(
                key
                for key in set(state) | set(match.state)
                if json.dumps(state.get(key), sort_keys=True)
                != json.dumps(match.state.get(key), sort_keys=True)
            )
            raise CommandError(
                f"Match {match_id}: the replay of {played} actions differs from the stored state "
                f"in: {', '.join(differing) or '(key order only)'}."
            )
        self.stdout.write(f"Match {match_id}: {played} actions replayed; the state matches.")
