"""What one seat's API stream sends for a version of a match: one builder for both ways a
stream gets it — read from the database (matches/views/stream.py ``api_render``) or handed
over by the worker that resolved the move (matches/push.py, per-seat channels).

Everything here is built from the state for *one* seat with the game's own ``view``: the
same function either way, so the two can never disagree on what a seat may see.
"""

from __future__ import annotations

from matches.messages import event_message
from matches.models import MatchEvent


def event_json(event: MatchEvent, ruleset: str | None = None) -> dict:
    """An event as the API shows it: the engine's public fields, then seq, type and text;
    with the game's ``ruleset``, its ``message`` in the active language too (the events
    endpoint, a stream's own read). A seat's frame is built once by a worker for readers of
    every language: its events carry no message, which the stream adds (``said``)."""
    body = {**event.data, "seq": event.seq, "type": event.type, "text": event.text}
    if ruleset is not None:
        body["message"] = event_message(
            ruleset=ruleset, kind=event.type, text=event.text, data=event.data
        )
    return body


def said(events: list[dict], ruleset: str) -> list[dict]:
    """A frame's events (``event_json`` without a ruleset), each with its ``message`` in the
    active language: what ``event_json`` with the ruleset gives."""
    return [
        {**e, "message": event_message(ruleset=ruleset, kind=e["type"], text=e["text"], data=e)}
        for e in events
    ]


def visible_to(event: MatchEvent, seat: str | None) -> bool:
    """The rule of ``selectors.events_for``: public events, and a seat's own private ones."""
    return not event.private_to or (seat is not None and event.private_to == seat)


def legal_actions(game, state: dict, seat: str | None) -> list[dict]:
    """What ``seat`` may do now (nothing when it is not to move), each template with its
    ``fill``: the placeholders the client replaces before sending it, by dotted path (a game
    without templates offers no hints). The legal-actions endpoint and the streams alike."""
    if seat is None or seat not in game.to_move(state):
        return []
    actions = game.legal_actions(state, seat)
    hints = getattr(game, "fill_hints", None)
    if hints is None:
        return actions
    filled = []
    for action in actions:
        fill = hints(state, seat, action)
        filled.append({**action, "fill": fill} if fill else action)
    return filled


def state_data(
    *,
    game,
    state: dict,
    version: int,
    status: str,
    seat: str | None,
    may_act: bool,
    outcome: dict | None,
    events: list[dict],
) -> dict:
    """The ``state`` event's data: ``may_act`` when the seat is one of the match's running
    seats that has not resigned (its legal actions, with their fill hints, are listed when it
    is to move)."""
    legal = legal_actions(game, state, seat) if may_act else []
    return {
        "version": version,
        "status": status,
        "seat": seat,
        "view": game.view(state, seat),
        "outcome": outcome,
        "legal_actions": legal,
        "events": events,
    }


def seat_frames(
    *,
    game,
    state: dict,
    version: int,
    version_before: int,
    status: str,
    people: list[tuple[str, bool]],
    resigned: list[str],
    events: list[MatchEvent],
) -> dict[str, dict]:
    """Each seat of a person's state for a version a move reached, for its own channel
    (matches/push.py): ``{seat: {"from", "data", "events"}}``. ``from`` is the version
    before the move: a stream uses a frame only when that is the version it sent last, so a
    missed message falls back to the database. ``people``: (seat, resigned) of the seats
    played by people (bots hold no stream); ``resigned``: every seat that resigned. Built
    for a running match only: the end of a game names the players, which the streams read
    from the database. ``to_move`` and ``resigned`` are for the seat's table page (its
    seats' rows); an API stream sends ``data`` and the events only."""
    frames = {}
    # For a seat's table page, which draws every seat's row and whose turn it is.
    waiting = list(game.to_move(state))
    # The seats to move first: a stream process draws its tables in the order their frames
    # come (matches/push.py publishes in this order), and those players are the ones waiting.
    for seat, gone in sorted(people, key=lambda p: p[0] not in waiting):
        data = state_data(
            game=game,
            state=state,
            version=version,
            status=status,
            seat=seat,
            may_act=not gone,
            outcome=None,
            events=[],
        )
        del data["events"]  # each stream keeps those after the last one it sent
        frames[seat] = {
            "ruleset": game.slug,  # the stream says the events in its reader's language
            "from": version_before,
            "data": data,
            "events": [event_json(e) for e in events if visible_to(e, seat)],
            "to_move": waiting,
            "resigned": resigned,
        }
    return frames
