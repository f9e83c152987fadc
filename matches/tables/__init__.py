"""The live table of a match as one seat (or a spectator) sees it: what the page renders.

``table_for(match, seat)`` is the only way a page or a push gets game data: it calls the
game's ``view`` for that seat and its ``legal_actions``, reads the events that seat may read,
and hands them to the game's presenter. The state itself never reaches a template.

The presenters (one module per game here, ``present(view, legal, seats)``) are found by the
match's ruleset slug in ``settings.MATCH_TABLES``: this generic part imports no game.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import gettext

from matches import selectors
from matches.messages import event_message
from matches.models import Match, Participant
from matches.services import canonical
from matches.tables.common import Seats, sentence
from rulesets.registry import get_ruleset

LOG_LENGTH = 40


def presenter(slug: str):
    """The game's table drawing, ``present(view, legal, seats) -> dict`` (MATCH_TABLES)."""
    return import_string(settings.MATCH_TABLES[slug])


def seat_names(participants: list[Participant]) -> dict[str, str]:
    return {p.seat: p.player.username for p in participants}


# Before a match is dealt it has no state: its tables count as versions below 0, so the
# deal (version 0) and a cancellation are news to a page that opened on the invitation.
NOT_DEALT = {Match.Status.INVITED: -2, Match.Status.CANCELLED: -1}


def table_version(*, version: int, status: str) -> int:
    return NOT_DEALT.get(status, version)


def table_for(match: Match, seat: Participant | None) -> dict:
    """Everything the table page shows to ``seat`` (None: a spectator). ``match`` must have
    its state loaded and its participants (with players) prefetched."""
    participants = list(match.participants.all())
    if match.status in NOT_DEALT:
        return _not_dealt(match, seat, get_ruleset(match.ruleset), participants)
    return assemble(match, seat, participants, **reads(match, seat))


def reads(match: Match, seat: Participant | None) -> dict:
    """What ``assemble`` needs of a dealt match beyond its row and seats, for ``seat``: the
    game's view, whose turn it is, the seat's legal actions, the log's last events."""
    game = get_ruleset(match.ruleset)
    you = seat.seat if seat else None
    state = canonical(match.state)
    waiting = list(game.to_move(state)) if match.is_running else []
    legal = []
    if seat and not seat.resigned and you in waiting:
        legal = game.legal_actions(state, you)
    # The log needs four columns of the last events (the data holds an event's code and
    # parameters, read in the reader's language): no model instances.
    log = list(
        selectors.events_for(match=match, seat=you)
        .order_by("-seq")
        .values_list("seq", "text", "type", "data")[:LOG_LENGTH]
    )
    return {"view": game.view(state, you), "waiting": waiting, "legal": legal, "log": log}


def assemble(
    match: Match,
    seat: Participant | None,
    participants: list[Participant],
    *,
    view: dict,
    waiting: list[str],
    legal: list[dict],
    log: list[tuple[int, str, str, dict]],
    said: dict[int, str] | None = None,
) -> dict:
    """The table from the seat's ``view``, whose turn it is, the seat's legal actions and the
    log's last events (``(seq, text, type, data)``, newest first): ``table_for`` reads them from the
    database; a seated page's stream takes them from its seat's frame (matches/push.py).
    ``said``: the log lines already phrased, by seq (``_log_lines``)."""
    game = get_ruleset(match.ruleset)
    you = seat.seat if seat else None
    seats = Seats(names=seat_names(participants), you=you)
    table = presenter(match.ruleset)(view, legal, seats)
    now = timezone.now()
    table.update(
        match=match,
        game_name=game.name,
        you=you,
        version=table_version(version=match.version, status=match.status),
        running=match.is_running,
        my_turn=bool(legal),
        seats=[_seat_row(p, you, waiting, now) for p in participants],
        log=_log_lines(match.ruleset, log, seats, said),
        last_seq=log[0][0] if log else 0,
        outcome=selectors.outcome_for_clients(match),
        clock=bool(match.turn_seconds),
    )
    return table


def _log_lines(ruleset: str, log: list, seats: Seats, said: dict[int, str] | None) -> list[dict]:
    """The log's lines, oldest first, each in the reader's language. ``said`` (a seated page
    stream's, whose language and players stay the same) keeps the lines it phrased before,
    by seq: an event never changes, so a push phrases only its new ones."""
    lines = []
    for seq, text, kind, data in reversed(log):
        line = said.get(seq) if said is not None else None
        if line is None:
            line = sentence(event_message(ruleset=ruleset, kind=kind, text=text, data=data), seats)
            if said is not None:
                said[seq] = line
        lines.append({"seq": seq, "text": line})
    return lines


def _not_dealt(match: Match, seat, game, participants) -> dict:
    """An invited (or cancelled) match: who has accepted and who must still answer. The
    answers themselves are given through the API (``accept/``, ``decline/``)."""
    names = ", ".join(p.player.username for p in participants if p.consent == "awaiting")
    waiting = (
        gettext("Waiting for %(names)s to accept.") % {"names": names}
        if match.status == Match.Status.INVITED and names
        else ""
    )
    return {
        "match": match,
        "game_name": game.name,
        "you": seat.seat if seat else None,
        "version": table_version(version=match.version, status=match.status),
        "running": False,
        "my_turn": False,
        "waiting": waiting,
        "board_template": "matches/boards/not_dealt.html",
        "board": {"seats": [(p.player.username, p.consent, _gang(match, p)) for p in participants]},
        "hand": [],
        "players": [
            {"seat": p.seat, "name": p.player.username, "colour": "#ccc", "detail": p.consent}
            for p in participants
        ],
        "facts": [(gettext("Status"), match.get_status_display())],
        "controls": [],
        "seats": [],
        "log": [],
        "last_seq": 0,
        "outcome": None,
        "clock": False,
    }


def _gang(match: Match, p: Participant) -> str:
    """The name of the gang a seat brings to a friendly battle, once named (else "")."""
    return ((match.options or {}).get("gangs") or {}).get(p.seat, {}).get("name", "")


def _seat_row(p: Participant, you: str | None, waiting: list[str], now) -> dict:
    deadline = p.clock_deadline if p.seat in waiting else None
    return {
        "seat": p.seat,
        "name": p.player.username,
        "you": p.seat == you,
        "bot": bool(p.bot),
        "to_move": p.seat in waiting,
        "resigned": p.resigned,
        "placement": p.placement,
        "deadline_ms": int(deadline.timestamp() * 1000) if deadline else None,
        "seconds_left": max(0, int((deadline - now).total_seconds())) if deadline else None,
        "bank_left": None if p.bank_left is None else int(p.bank_left),
    }
