"""Creating matches: a result logged after a game at the table (checked by the game's
rules, no engine runs) and a live match the server referees (its engine's first state)."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import NotAllowed
from matches import live_hooks
from matches.bots import bot_users
from matches.live_options import check_house_rules, check_live_options
from matches.models import Match, Participant
from matches.services import result_checks as checks
from matches.services.common import InvalidMatchInput, _append_events, canonical, log
from notifications import hooks as notify
from rulesets.core.errors import InvalidInput
from rulesets.core.protocol import Ruleset
from rulesets.registry import get_ruleset

SEED_LIMIT = 2**63  # the seed column is a signed 64-bit integer


CLOCK_SKEW = timedelta(minutes=5)


# Said to whoever sent no places at all: a page's form or an API body alike.
PLACES_MISSING = "Give each player's place: 1 for the winner, then 2, 3 and so on."


def _game(slug: object) -> Ruleset:
    game = get_ruleset(slug) if isinstance(slug, str) else None
    if game is None:
        raise InvalidMatchInput(
            _("There is no game called '%(name)s'.") % {"name": slug}, field="ruleset"
        )
    return game


def _check_player_count(game: Ruleset, count: int, *, field: str) -> None:
    if not game.min_players <= count <= game.max_players:
        words = {"game": game.name, "least": game.min_players, "most": game.max_players}
        said = (
            _("%(game)s is played by %(least)s players, not %(count)s.")
            if game.min_players == game.max_players
            else _("%(game)s is played by %(least)s to %(most)s players, not %(count)s.")
        )
        raise InvalidMatchInput(said % {**words, "count": count}, field=field)


def _players(usernames: list[str], *, field: str) -> dict[str, Any]:
    """The users behind ``usernames`` (exact names), or an error naming the first unknown one."""
    User = get_user_model()
    found = {u.username: u for u in User.objects.filter(username__in=usernames)}
    for name in usernames:
        if name not in found:
            raise InvalidMatchInput(
                _("There is no player called '%(name)s'.") % {"name": name}, field=field
            )
    return found


def _check_creator_plays(creator, players, *, field: str) -> None:
    # A player records or starts their own matches; staff (organisers) may do it for anyone.
    if not creator.is_staff and creator.pk not in {p.pk for p in players}:
        raise NotAllowed(_("You can only record or start a match you play in."), field=field)


def _seats(count: int) -> list[str]:
    return [f"s{n}" for n in range(1, count + 1)]


def with_seats(match: Match, participants: list[Participant]) -> Match:
    """``match`` answering ``match.participants.all()`` with ``participants`` (each with its
    player), as ``selectors.matches()``'s prefetch would: the writes that have just made or
    locked the seats hand the response the rows they hold instead of reading them again (two
    statements and their model instances per request). The list must be every seat of the
    match, in id order."""
    seats = match.participants.all()  # not evaluated: its cache is filled instead
    seats._result_cache = list(participants)
    seats._prefetch_done = True
    # As prefetch_related_objects fills it (django/db/models/query.py, prefetch_one_level).
    match._prefetched_objects_cache = {
        **getattr(match, "_prefetched_objects_cache", {}),
        "participants": seats,
    }
    return match


@transaction.atomic
def create_live_match(
    *,
    ruleset: str,
    players: list[str],
    options: dict,
    created_by,
    seed: int | None = None,
    public: bool = False,
    bots: int = 0,
    bot_policy: str | None = None,
    turn_seconds: int | None = None,
    bank_seconds: int | None = None,
) -> Match:
    """Invite the named players to a live match. It is ``invited`` until every seat has
    accepted (the creator's own seat is accepted at once), then dealt and ``live``.

    Live-table options (matches/live_options.py): ``bots`` seats that many bots after
    ``players`` (they accept at once); ``public`` lets anyone signed in watch;
    ``turn_seconds`` (and ``bank_seconds``) start turn clocks once the match is dealt."""
    game = _game(ruleset)
    if not game.live:
        said = _("%(game)s cannot be refereed live; log its result instead.")
        raise InvalidMatchInput(said % {"game": game.name}, field="live")
    if len(set(players)) != len(players):
        raise InvalidMatchInput(_("Each player may take only one seat."), field="players")
    users = _players(players, field="players")
    _check_creator_plays(created_by, users.values(), field="players")
    if seed is not None and not created_by.is_staff:
        raise NotAllowed(_("Only staff may choose the seed of a match."), field="seed")
    live_options = check_live_options(
        game=game,
        public=public,
        bots=bots,
        bot_policy=bot_policy,
        turn_seconds=turn_seconds,
        bank_seconds=bank_seconds,
    )
    robots = bot_users(live_options.bots)
    players = [*players, *(u.username for u in robots)]
    users.update({u.username: u for u in robots})
    _check_player_count(game, len(players), field="players")
    if not isinstance(options, dict):
        raise InvalidMatchInput(_("Options must be a JSON object."), field="options")
    check_house_rules(game=game, options=options)
    seed = _checked_seed(seed)
    seats = _seats(len(players))
    options = _plain_options(options)
    # A trial deal checks the options now (a bad option is a 400 to the creator, not a
    # surprise at the last acceptance); its state is thrown away, and the match is dealt from
    # the same seed once every seat has accepted (``matches.services.consent``).
    new_state(game, seats=seats, options=options, seed=seed)

    match = Match.objects.create(
        ruleset=game.slug,
        live=True,
        status=Match.Status.INVITED,
        options=options,
        seed=seed,
        created_by=created_by,
        public=live_options.public,
        turn_seconds=live_options.turn_seconds,
        bank_seconds=live_options.bank_seconds,
    )
    bots_by_name = {u.username: live_options.bot_policy for u in robots}
    participants = Participant.objects.bulk_create(
        Participant(
            match=match,
            player=users[name],
            seat=seat,
            bot=bots_by_name.get(name, ""),
            # A bot has nobody to ask: its seat is accepted with the creator's.
            **_answer(created_by if name in bots_by_name else users[name], created_by),
        )
        for seat, name in zip(seats, players, strict=True)
    )
    with_seats(match, participants)
    deal_if_accepted(match, participants=participants)
    notify.match_invitation(match=match, participants=participants)
    return match


def _plain_options(options: dict) -> dict:
    try:
        return canonical(options)
    except (TypeError, ValueError, RecursionError):
        raise InvalidMatchInput(_("Options must be plain JSON."), field="options") from None


def _checked_seed(seed: object) -> int:
    """The seed a staff member chose, checked, or a new secret one."""
    if seed is None:
        return secrets.randbelow(SEED_LIMIT)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise InvalidMatchInput(
            _("A seed is a whole number from 0 to %(most)s.") % {"most": SEED_LIMIT - 1},
            field="seed",
        )
    return seed


def _answer(player, created_by) -> dict:
    """The seat of the player who names themselves is accepted; everyone else is asked."""
    if player.pk == created_by.pk:
        return {"consent": Participant.Consent.ACCEPTED, "answered_at": timezone.now()}
    return {"consent": Participant.Consent.AWAITING}


def new_state(game: Ruleset, *, seats: list[str], options: dict, seed: int) -> dict:
    """The engine's first state, canonical; bad options are a 400 naming the field."""
    try:
        return canonical(game.new_game(seats, options, seed))
    except InvalidInput as exc:
        raise InvalidMatchInput(exc.message, field=exc.field) from None
    except Exception:
        # An engine that crashes on odd options must still give the client a 400, not a 500.
        log.exception("%s: new_game failed for options %r", game.slug, options)
        raise InvalidMatchInput(
            _("These options cannot start a game of %(game)s.") % {"game": game.name},
            field="options",
        ) from None


def deal_if_accepted(match: Match, *, participants: list[Participant] | None = None) -> bool:
    """Deal an ``invited`` match once no seat awaits: the engine's first state from the stored
    seed, status ``live``. The caller holds the match row lock (or has just created it), and
    may pass the seats it holds (every one, in id order, with their players)."""
    if participants is None:
        participants = list(match.participants.select_related("player").order_by("id"))
    if match.status != Match.Status.INVITED or any(
        p.consent != Participant.Consent.ACCEPTED for p in participants
    ):
        return False
    game = _game(match.ruleset)
    match.state = new_state(
        game, seats=[p.seat for p in participants], options=match.options, seed=match.seed
    )
    match.status = Match.Status.LIVE
    match.played_at = timezone.now()
    table = ", ".join(f"{p.player.username} ({p.seat})" for p in participants)
    started = {"code": "match:started", "params": {"table": table}}
    _append_events(
        match, [{"type": "match_started", "text": f"The match begins: {table}.", **started}]
    )
    match.save(update_fields=["state", "status", "played_at", "last_event_seq"])
    # The tables redraw, clocks start, bots to move wake after the commit (live_hooks).
    live_hooks.match_changed(
        match=match, participants=participants, waiting=game.to_move(match.state)
    )
    return True


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

    Every player it names other than its creator is asked to confirm it: their seats are
    ``awaiting`` and the result counts for nothing until each has confirmed
    (``matches.services.accept_match``).

    ``on_behalf`` is for server-side callers (a campaign recording a confirmed battle, a
    league recording a result its players confirm in the league): the creator then need not
    be one of the players, and the seats are accepted, since that app's own flow asks the
    players. ``gangs`` maps players to their gang."""
    game = _game(ruleset)
    if not isinstance(placements, dict) or not placements:
        raise InvalidMatchInput(PLACES_MISSING, field="placements")
    names = list(placements)
    _check_player_count(game, len(names), field="placements")
    users = _players(names, field="placements")
    if not on_behalf:
        _check_creator_plays(created_by, users.values(), field="placements")
    checks.check_placements(placements)
    scores = checks.check_scores(game, {} if scores is None else scores, names)
    teams = checks.check_teams({} if teams is None else teams, names)
    now = timezone.now()
    played_at = played_at or now
    if played_at > now + CLOCK_SKEW:
        raise InvalidMatchInput(_("A match cannot be played in the future."), field="played_at")
    checks.check_by_the_rules(game, placements, scores)
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
    participants = Participant.objects.bulk_create(
        Participant(
            match=match,
            player=users[n],
            seat=seats[n],
            placement=placements[n],
            scores=scores.get(n, {}),
            team=teams.get(n, ""),
            gang=(gangs or {}).get(n),
            **(
                {"consent": Participant.Consent.ACCEPTED, "answered_at": now}
                if on_behalf
                else _answer(users[n], created_by)
            ),
        )
        for n in names
    )
    return with_seats(match, participants)
