"""Every write of the matches app: logging results, starting live matches, submitting and
resolving actions, resigning, abandoning; and the replay that checks a live match.

The live pipeline (see docs/matches.md): ``submit_action`` stores a pending action under the
match row lock and enqueues ``matches.tasks.resolve_action`` once the transaction commits;
``resolve_pending_actions`` (run by that task) locks the match again and resolves, in
submission order, every pending action up to the one it was asked about. A status check
under the lock makes each action resolve exactly once, however many times its task runs.

Engines only ever see canonical state (``json.loads(json.dumps(state, sort_keys=True))``):
PostgreSQL's jsonb does not keep key order, and an engine that iterates a dict must see the
same order in the worker as in a replay.
"""

from __future__ import annotations

import json
import logging
import secrets
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from config.errors import Conflict, DomainError, NotAllowed
from matches.models import Match, MatchAction, MatchEvent, Participant
from rulesets.core.errors import IllegalAction, InvalidInput, InvalidResult
from rulesets.core.protocol import Outcome, Ruleset
from rulesets.registry import get_ruleset

log = logging.getLogger(__name__)

SEED_LIMIT = 2**63  # the seed column is a signed 64-bit integer
MAX_ACTION_BYTES = 4096
MAX_KEY_LENGTH = 200
RESIGN_KEY = "resign"  # the Idempotency-Key of a resignation when the client sends none
CLOCK_SKEW = timedelta(minutes=5)
ENGINE_FAILED = "The referee could not apply this action, so it was not played; choose again."


class InvalidMatchInput(DomainError):
    """A request a player can fix: the message says what is wrong and ``field`` where."""


class NotSeated(NotAllowed):
    def __init__(self):
        super().__init__("You have no seat in this match.")


class MatchNotRunning(Conflict):
    pass


class IdempotencyKeyReused(Conflict):
    default_field = "Idempotency-Key"


def canonical(data: Any) -> Any:
    """A fresh copy of JSON data with its keys sorted (ValueError/TypeError if not JSON)."""
    return json.loads(json.dumps(data, sort_keys=True, allow_nan=False))


def _dump(data: Any) -> str:
    return json.dumps(data, sort_keys=True, allow_nan=False)


# --- creating matches ----------------------------------------------------------------------------


def _game(slug: object) -> Ruleset:
    game = get_ruleset(slug) if isinstance(slug, str) else None
    if game is None:
        raise InvalidMatchInput(f"There is no game called '{slug}'.", field="ruleset")
    return game


def _check_player_count(game: Ruleset, count: int, *, field: str) -> None:
    if not game.min_players <= count <= game.max_players:
        span = (
            f"{game.min_players}"
            if game.min_players == game.max_players
            else f"{game.min_players} to {game.max_players}"
        )
        raise InvalidMatchInput(
            f"{game.name} is played by {span} players, not {count}.", field=field
        )


def _players(usernames: list[str], *, field: str) -> dict[str, Any]:
    """The users behind ``usernames`` (exact names), or an error naming the first unknown one."""
    User = get_user_model()
    found = {u.username: u for u in User.objects.filter(username__in=usernames)}
    for name in usernames:
        if name not in found:
            raise InvalidMatchInput(f"There is no player called '{name}'.", field=field)
    return found


def _check_creator_plays(creator, players, *, field: str) -> None:
    # A player records or starts their own matches; staff (organisers) may do it for anyone.
    if not creator.is_staff and creator.pk not in {p.pk for p in players}:
        raise NotAllowed("You can only record or start a match you play in.", field=field)


def _seats(count: int) -> list[str]:
    return [f"s{n}" for n in range(1, count + 1)]


@transaction.atomic
def create_live_match(
    *, ruleset: str, players: list[str], options: dict, created_by, seed: int | None = None
) -> Match:
    game = _game(ruleset)
    if not game.live:
        raise InvalidMatchInput(
            f"{game.name} cannot be refereed live; log its result instead.", field="live"
        )
    if len(set(players)) != len(players):
        raise InvalidMatchInput("Each player may take only one seat.", field="players")
    users = _players(players, field="players")
    _check_creator_plays(created_by, users.values(), field="players")
    if seed is not None and not created_by.is_staff:
        raise NotAllowed("Only staff may choose the seed of a match.", field="seed")
    _check_player_count(game, len(players), field="players")
    if not isinstance(options, dict):
        raise InvalidMatchInput("Options must be a JSON object.", field="options")
    if seed is None:
        seed = secrets.randbelow(SEED_LIMIT)
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise InvalidMatchInput(
            f"A seed is a whole number from 0 to {SEED_LIMIT - 1}.", field="seed"
        )

    seats = _seats(len(players))
    try:
        options = canonical(options)
    except (TypeError, ValueError, RecursionError):
        raise InvalidMatchInput("Options must be plain JSON.", field="options") from None
    try:
        state = canonical(game.new_game(seats, options, seed))
    except InvalidInput as exc:
        raise InvalidMatchInput(exc.message, field=exc.field) from None
    except Exception:
        # An engine that crashes on odd options must still give the client a 400, not a 500.
        log.exception("%s: new_game failed for options %r", game.slug, options)
        raise InvalidMatchInput(
            f"These options cannot start a game of {game.name}.", field="options"
        ) from None

    match = Match.objects.create(
        ruleset=game.slug,
        live=True,
        status=Match.Status.LIVE,
        options=options,
        state=state,
        seed=seed,
        created_by=created_by,
    )
    participants = Participant.objects.bulk_create(
        Participant(match=match, player=users[name], seat=seat)
        for seat, name in zip(seats, players, strict=True)
    )
    table = ", ".join(f"{p.player.username} ({p.seat})" for p in participants)
    _append_events(match, [{"type": "match_started", "text": f"The match begins: {table}."}])
    match.save(update_fields=["last_event_seq"])
    return match


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_placements(placements: dict[str, int]) -> None:
    """Places run from 1 and tied players share one: 1, 1, 3 (not 1, 1, 2)."""
    places = list(placements.values())
    for name, place in placements.items():
        if not _is_int(place) or not 1 <= place <= len(places):
            raise InvalidMatchInput(
                f"A place is a whole number from 1 to {len(places)}.", field=f"placements.{name}"
            )
    for name, place in placements.items():
        ahead = sum(1 for other in places if other < place)
        if place != ahead + 1:
            raise InvalidMatchInput(
                f"{ahead} player(s) placed ahead, so this place is {ahead + 1}, not {place} "
                "(tied players share a place: 1, 1, 3).",
                field=f"placements.{name}",
            )


def _check_scores(game: Ruleset, scores: object, names: list[str]) -> dict[str, dict]:
    if not isinstance(scores, dict):
        raise InvalidMatchInput("Scores map each player to their score fields.", field="scores")
    known = {f.name: f for f in game.score_fields}
    for name, fields in scores.items():
        if name not in names:
            raise InvalidMatchInput(
                "This player has no place in the result.", field=f"scores.{name}"
            )
        if not isinstance(fields, dict):
            raise InvalidMatchInput("Scores are an object of fields.", field=f"scores.{name}")
        for key, value in fields.items():
            where = f"scores.{name}.{key}"
            spec = known.get(key)
            if spec is None:
                allowed = ", ".join(known) or "none"
                raise InvalidMatchInput(
                    f"{game.name} has no score called '{key}' (it has: {allowed}).", field=where
                )
            if not _is_int(value):
                raise InvalidMatchInput(f"{spec.label} is a whole number.", field=where)
            if value < spec.minimum or (spec.maximum is not None and value > spec.maximum):
                top = "" if spec.maximum is None else f" to {spec.maximum}"
                raise InvalidMatchInput(
                    f"{spec.label} goes from {spec.minimum}{top}, not {value}.", field=where
                )
    return scores


def _check_teams(teams: object, names: list[str]) -> dict[str, str]:
    if not isinstance(teams, dict):
        raise InvalidMatchInput("Teams map players to a team name.", field="teams")
    for name, team in teams.items():
        if name not in names:
            raise InvalidMatchInput(
                "This player has no place in the result.", field=f"teams.{name}"
            )
        if not isinstance(team, str) or not 0 < len(team) <= 50:
            raise InvalidMatchInput("A team name is 1 to 50 characters.", field=f"teams.{name}")
    return teams


@transaction.atomic
def log_result(
    *,
    ruleset: str,
    placements: dict[str, int],
    created_by,
    scores: dict[str, dict] | None = None,
    teams: dict[str, str] | None = None,
    played_at: datetime | None = None,
    gangs: dict[str, Any] | None = None,
    on_behalf: bool = False,
) -> Match:
    """Record a game played at the table: no engine runs, the rules check the result.

    ``on_behalf`` is for server-side callers (a campaign recording a confirmed battle): the
    creator then need not be one of the players. ``gangs`` maps players to their gang."""
    game = _game(ruleset)
    if not isinstance(placements, dict) or not placements:
        raise InvalidMatchInput(
            'Give every player\'s place, like {"alice": 1}.', field="placements"
        )
    names = list(placements)
    _check_player_count(game, len(names), field="placements")
    users = _players(names, field="placements")
    if not on_behalf:
        _check_creator_plays(created_by, users.values(), field="placements")
    _check_placements(placements)
    scores = _check_scores(game, {} if scores is None else scores, names)
    teams = _check_teams({} if teams is None else teams, names)
    now = timezone.now()
    played_at = played_at or now
    if played_at > now + CLOCK_SKEW:
        raise InvalidMatchInput("A match cannot be played in the future.", field="played_at")
    # The engine's own rules (a winner below 12 VP...); InvalidResult becomes a 400 naming its
    # field. An engine crash on odd input is still a 400 for the client, and a log line for us.
    try:
        game.check_result(placements=dict(placements), scores=canonical(scores))
    except (InvalidInput, InvalidResult) as exc:
        raise InvalidMatchInput(exc.message, field=exc.field) from None
    except Exception:
        log.exception("%s: check_result failed on %r / %r", game.slug, placements, scores)
        raise InvalidMatchInput(
            f"This result could not be checked against the rules of {game.name}.",
            field="placements",
        ) from None

    seats = dict(zip(names, _seats(len(names)), strict=True))
    match = Match.objects.create(
        ruleset=game.slug,
        live=False,
        status=Match.Status.REPORTED,
        played_at=played_at,
        finished_at=now,
        created_by=created_by,
        outcome={
            "winners": [seats[n] for n in names if placements[n] == 1],
            "placements": {seats[n]: placements[n] for n in names},
            "scores": {seats[n]: scores[n] for n in names if n in scores},
            "teams": {seats[n]: teams[n] for n in names if n in teams},
        },
    )
    Participant.objects.bulk_create(
        Participant(
            match=match,
            player=users[n],
            seat=seats[n],
            placement=placements[n],
            scores=scores.get(n, {}),
            team=teams.get(n, ""),
            gang=(gangs or {}).get(n),
        )
        for n in names
    )
    return match


# --- submitting actions --------------------------------------------------------------------------


def _check_idempotency_key(key: object) -> str:
    if not isinstance(key, str) or not key.strip():
        raise InvalidMatchInput(
            "Send an Idempotency-Key header (any unique string, e.g. a UUID) with each action, "
            "and the same one when you retry it.",
            field="Idempotency-Key",
        )
    if len(key) > MAX_KEY_LENGTH or not key.isprintable():
        raise InvalidMatchInput(
            f"An Idempotency-Key is at most {MAX_KEY_LENGTH} printable characters.",
            field="Idempotency-Key",
        )
    return key


def _check_payload(payload: object) -> dict:
    if type(payload) is not dict:
        raise InvalidMatchInput(
            "An action is a JSON object, like one of those listed by legal-actions.", field="action"
        )
    if not payload:
        raise InvalidMatchInput("An action cannot be empty.", field="action")
    try:
        size = len(_dump(payload).encode())
    except (TypeError, ValueError, RecursionError):
        raise InvalidMatchInput("An action must be plain JSON.", field="action") from None
    if size > MAX_ACTION_BYTES:
        raise InvalidMatchInput(
            f"An action is at most {MAX_ACTION_BYTES} bytes of JSON.", field="action"
        )
    return payload


@transaction.atomic
def submit_action(
    *,
    match: Match,
    player,
    payload: object,
    idempotency_key: object,
    expected_version: int | None = None,
    kind: str = MatchAction.Kind.PLAY,
) -> tuple[MatchAction, bool]:
    """Store a pending action of ``player``'s seat; returns ``(action, created)``.

    A retry with the same key from the same seat returns the first action unchanged (created
    is False); the same key with a different request is a conflict. The match row lock
    serialises submissions of one match, so action ids follow submission order.
    """
    match = Match.objects.select_for_update().get(pk=match.pk)
    seat = Participant.objects.filter(match=match, player=player).first()
    if seat is None:
        raise NotSeated()
    key = _check_idempotency_key(idempotency_key)
    if kind == MatchAction.Kind.PLAY:
        payload = _check_payload(payload)
    existing = MatchAction.objects.filter(match=match, seat=seat.seat, idempotency_key=key).first()
    if existing is not None:
        same = (
            existing.kind == kind
            and _dump(existing.payload) == _dump(payload)
            and existing.expected_version == expected_version
        )
        if not same:
            raise IdempotencyKeyReused(
                "This Idempotency-Key was already used for a different action; "
                "use a new key for a new action."
            )
        return existing, False
    if not match.live:
        raise MatchNotRunning("This match was logged after the game: it has no live play.")
    if match.status != Match.Status.LIVE:
        raise MatchNotRunning("The match is over: no more actions are taken.")
    if seat.resigned:
        raise MatchNotRunning("You resigned from this match.")
    action = MatchAction.objects.create(
        match=match,
        seat=seat.seat,
        kind=kind,
        payload=payload,
        idempotency_key=key,
        expected_version=expected_version,
    )
    # robust: if the broker is down the action is stored all the same and the sweep sends it.
    # (A lambda, not functools.partial: Django logs a robust callback's failure by its
    # __qualname__, which a partial lacks, and the AttributeError became a 500.)
    action_id = action.pk
    transaction.on_commit(lambda: _enqueue_resolution(action_id), robust=True)
    return action, True


def resign(*, match: Match, player, idempotency_key: str | None = None) -> tuple[MatchAction, bool]:
    """Resignation goes through the action queue, so it takes effect after the actions the
    seat submitted before it, never in the middle of them."""
    return submit_action(
        match=match,
        player=player,
        payload={},
        idempotency_key=idempotency_key or RESIGN_KEY,
        kind=MatchAction.Kind.RESIGN,
    )


def _announce_finished(match_id: int) -> None:
    from matches.tasks import match_finished

    match_finished.delay(match_id)


def run_finish_handlers(*, match_id: int) -> None:
    """Hand a finished live match to the apps that wait for it (``MATCH_FINISHED_HANDLERS``,
    e.g. a campaign that turns a Last Hope Frontier battle into a result to confirm). Each
    handler must be idempotent: this runs from a task that may repeat, and from their sweeps."""
    from django.conf import settings
    from django.utils.module_loading import import_string

    for path in getattr(settings, "MATCH_FINISHED_HANDLERS", ()):
        import_string(path)(match_id=match_id)


def _enqueue_resolution(action_id: int) -> None:
    from matches.tasks import resolve_action

    resolve_action.delay(action_id)


# --- resolving actions ---------------------------------------------------------------------------


def resolve_pending_actions(*, up_to: int) -> int:
    """Resolve action ``up_to`` and every older pending action of its match, in submission
    order, in one transaction under the match row lock.

    Returns how many actions this call settled: 0 when another run already did (a retried or
    duplicated task), which makes the task safe to run any number of times. If the process
    dies midway, the transaction rolls back and every action is still pending for the next run.
    """
    match_id = MatchAction.objects.filter(pk=up_to).values_list("match_id", flat=True).first()
    if match_id is None:
        return 0
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        queue = list(
            MatchAction.objects.filter(
                match=match, status=MatchAction.Status.PENDING, pk__lte=up_to
            ).order_by("pk")
        )
        if not queue:
            return 0
        table = _Table(match)
        for action in queue:
            table.resolve(action)
        table.save()
    return len(queue)


class _Table:
    """One locked match being refereed: its engine, its seats, its state as the engine sees it."""

    def __init__(self, match: Match):
        self.match = match
        self.game = get_ruleset(match.ruleset)
        self.participants = list(match.participants.select_related("player"))
        self.by_seat = {p.seat: p for p in self.participants}
        self.state = canonical(match.state)
        self.now = timezone.now()

    def save(self) -> None:
        self.match.state = self.state
        self.match.save(
            update_fields=["state", "version", "status", "outcome", "finished_at", "last_event_seq"]
        )

    def resolve(self, action: MatchAction) -> None:
        if self.match.status != Match.Status.LIVE:
            return self._reject(action, "The match is over: no more actions are taken.")
        if self.game is None:
            return self._reject(action, "This game is no longer known to the server.")
        if action.kind == MatchAction.Kind.RESIGN:
            return self._resign(action)
        if action.expected_version is not None and action.expected_version != self.match.version:
            return self._reject(
                action,
                f"The game moved on since you chose this (you saw version "
                f"{action.expected_version}, it is now {self.match.version}); look again.",
            )
        try:
            waiting = list(self.game.to_move(self.state))
            if action.seat not in waiting:
                names = ", ".join(self._name(s) for s in waiting) or "nobody"
                return self._reject(action, f"It is not your turn: waiting for {names}.")
            resolution = self.game.apply(
                canonical(self.state), action.seat, canonical(action.payload)
            )
            state, events, outcome = self._read(resolution)
        except IllegalAction as exc:
            return self._reject(action, exc.reason)
        except Exception:
            # An engine bug must not wedge the match: the action is rejected (and logged) so the
            # actions behind it can still be played.
            log.exception("match %s: engine failed on action %s", self.match.pk, action.pk)
            return self._reject(action, ENGINE_FAILED)
        self._accept(action, state, events, outcome)

    def _resign(self, action: MatchAction) -> None:
        participant = self.by_seat[action.seat]
        if participant.resigned:
            return self._reject(action, "You have already resigned.")
        engine_resign = getattr(self.game, "resign", None)
        if engine_resign is None:
            return self._resign_without_engine(action, participant)
        try:
            state, events, outcome = self._read(engine_resign(canonical(self.state), action.seat))
        except IllegalAction as exc:
            return self._reject(action, exc.reason)
        except Exception:
            log.exception("match %s: engine failed on resignation %s", self.match.pk, action.pk)
            return self._reject(action, ENGINE_FAILED)
        participant.resigned = True
        participant.save(update_fields=["resigned"])
        self._accept(action, state, events, outcome)

    def _resign_without_engine(self, action: MatchAction, participant: Participant) -> None:
        """An engine that cannot play on without a seat: with one player left, that player
        wins; with more, nobody can go on and the match is abandoned."""
        participant.resigned = True
        participant.save(update_fields=["resigned"])
        events = [{"type": "player_resigned", "text": f"{self._name(action.seat)} resigned."}]
        left = [p for p in self.participants if not p.resigned]
        outcome = None
        if len(left) == 1:
            outcome = {
                "winners": [left[0].seat],
                "placements": {p.seat: 1 if p is left[0] else 2 for p in self.participants},
                "scores": {},
                "teams": {},
            }
        self._accept(action, self.state, events, outcome)
        if outcome is None:
            self.abandon(
                f"{self._name(action.seat)} resigned and this game cannot go on without them."
            )

    def _read(self, resolution) -> tuple[dict, list[dict], dict | None]:
        """The engine's answer as plain JSON; raises (as an engine failure) if it is not."""
        state = canonical(resolution.state)
        events = [e for e in canonical(list(resolution.events)) if isinstance(e, dict)]
        outcome = self.game.outcome(state)
        return state, events, None if outcome is None else self._outcome_data(outcome)

    def _outcome_data(self, outcome: Outcome) -> dict:
        seats = set(self.by_seat)
        placements = {str(s): p for s, p in outcome.placements.items() if s in seats}
        if not all(_is_int(p) and p >= 1 for p in placements.values()):
            raise ValueError(f"placements must be whole numbers from 1: {placements!r}")
        return canonical(
            {
                "winners": [s for s in outcome.winners if s in seats],
                "placements": placements,
                "scores": {s: v for s, v in outcome.scores.items() if s in seats},
                "teams": {s: v for s, v in outcome.teams.items() if s in seats},
            }
        )

    def _accept(self, action, state: dict, events: list[dict], outcome: dict | None) -> None:
        self.state = state
        self.match.version += 1
        action.status = MatchAction.Status.RESOLVED
        action.version_after = self.match.version
        action.resolved_at = self.now
        action.save(update_fields=["status", "version_after", "resolved_at"])
        _append_events(self.match, events, action=action)
        if outcome is not None:
            self._finish(outcome, action)

    def _reject(self, action: MatchAction, reason: str) -> None:
        action.status = MatchAction.Status.REJECTED
        action.reason = reason
        action.resolved_at = self.now
        action.save(update_fields=["status", "reason", "resolved_at"])

    def _finish(self, outcome: dict, action: MatchAction) -> None:
        self.match.status = Match.Status.FINISHED
        self.match.finished_at = self.now
        self.match.outcome = outcome
        for p in self.participants:
            p.placement = outcome["placements"].get(p.seat)
            p.scores = outcome["scores"].get(p.seat, {})
            p.team = str(outcome["teams"].get(p.seat, p.team))[:50]
        Participant.objects.bulk_update(self.participants, ["placement", "scores", "team"])
        winners = ", ".join(self._name(s) for s in outcome["winners"]) or "nobody"
        _append_events(
            self.match,
            [{"type": "match_finished", "text": f"The match is over. Winner: {winners}."}],
            action=action,
        )
        match_id = self.match.pk
        transaction.on_commit(lambda: _announce_finished(match_id), robust=True)

    def abandon(self, text: str) -> None:
        self.match.status = Match.Status.ABANDONED
        self.match.finished_at = self.now
        _append_events(self.match, [{"type": "match_abandoned", "text": text}])

    def _name(self, seat: str) -> str:
        participant = self.by_seat.get(seat)
        return participant.player.username if participant else seat


def _append_events(match: Match, events: list[dict], *, action: MatchAction | None = None) -> None:
    """Number the events after the match's last one; the caller saves ``last_event_seq``."""
    rows = []
    for event in events:
        match.last_event_seq += 1
        rows.append(
            MatchEvent(
                match=match,
                seq=match.last_event_seq,
                action=action,
                type=str(event.get("type") or "event")[:50],
                text=str(event.get("text") or ""),
                data={k: v for k, v in event.items() if k not in ("type", "text", "private_to")},
                private_to=str(event.get("private_to") or "")[:10],
                version=match.version,
            )
        )
    MatchEvent.objects.bulk_create(rows)


@transaction.atomic
def abandon_match(*, match: Match, actor) -> Match:
    """Stop a live match for good (staff, from the admin); its pending actions are rejected."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    if not match.is_running:
        raise MatchNotRunning("Only a match being played can be abandoned.")
    match.version += 1
    table = _Table(match)
    table.abandon(f"{actor.username} stopped the match.")
    table.save()
    MatchAction.objects.filter(match=match, status=MatchAction.Status.PENDING).update(
        status=MatchAction.Status.REJECTED, reason="The match was abandoned.", resolved_at=table.now
    )
    return match


def sweep_pending_actions(*, older_than: timedelta) -> int:
    """Re-enqueue work for actions pending longer than ``older_than`` (their task was lost:
    a killed worker, a broker restart). One task per match, for its newest stale action,
    resolves all of them in order. Returns how many tasks were sent."""
    from matches.tasks import resolve_action

    cutoff = timezone.now() - older_than
    newest = (
        MatchAction.objects.filter(status=MatchAction.Status.PENDING, created_at__lt=cutoff)
        .values("match_id")
        .annotate(last=Max("id"))
        .values_list("last", flat=True)
    )
    sent = 0
    for action_id in newest:
        resolve_action.delay(action_id)
        sent += 1
    if sent:
        log.info("sweep: re-enqueued %d match(es) with stale pending actions", sent)
    return sent


# --- replay --------------------------------------------------------------------------------------


def replay_match(match: Match) -> tuple[bool, dict]:
    """Play the match again from its seed and its resolved actions (rejected ones changed
    nothing) and compare with the stored state, byte for byte. Returns ``(same, state)``."""
    game = get_ruleset(match.ruleset)
    if game is None or not match.live:
        raise ValueError(f"match {match.pk} is not a live match of a known game")
    seats = [p.seat for p in match.participants.order_by("id")]
    state = canonical(game.new_game(seats, canonical(match.options), match.seed))
    actions = match.actions.filter(status=MatchAction.Status.RESOLVED).order_by("id")
    for action in actions:
        if action.kind == MatchAction.Kind.PLAY:
            state = canonical(
                game.apply(canonical(state), action.seat, canonical(action.payload)).state
            )
        elif hasattr(game, "resign"):
            state = canonical(game.resign(canonical(state), action.seat).state)
    return _dump(state) == _dump(match.state), state
