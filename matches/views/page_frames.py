"""A seated player's streams drawn from their seat's frame, without the database: the table
page's (``PageMemory``) and the API's (``handed_over``).

The worker that resolved a move hands each seat of a person its own state for the new version
(matches/push.py, matches/seat_state.py): the game's view for that seat, its legal actions,
whose turn it is, who resigned, the new events it may read. A page's stream keeps what its
last render read from the database — the match row, its seats with their players, the log's
last events — and draws the next version from the frame and these, with the same
``assemble`` as the database path (matches/tables), so both give the same HTML (tested).

It reads the database instead when the frame does not follow on from what it sent (a missed
version), and always for a match with a turn clock (the seats' deadlines move with every
turn; a frame does not carry them).
"""

from __future__ import annotations

from matches import push, seat_state
from matches.models import Match, Participant
from matches.tables import LOG_LENGTH, assemble, reads, table_version
from matches.views.sse import sse
from matches.views.table import draw


class PageMemory:
    def __init__(self):
        self.match: Match | None = None
        self.viewer: Participant | None = None
        self.participants: list[Participant] = []
        self.log: list[tuple[int, str, str, dict]] = []  # (seq, text, type, data), newest first
        self.said: dict[int, str] = {}  # the log's lines phrased in this stream's language

    def render(self, match: Match, viewer: Participant) -> str:
        """The table from the database (a dealt match), remembered for the next frame."""
        got = reads(match, viewer)
        self.match, self.viewer = match, viewer
        self.participants = list(match.participants.all())
        self.log = got["log"]
        return draw(assemble(match, viewer, self.participants, **got, said=self._said()))

    def take(self, message: str | None, since: int, since_seq: int):
        """``(chunk, version, seq)`` for a frame that follows on from version ``since``, or
        None (then the stream reads the database as for any other message)."""
        frame = push.seat_frame(message)
        match = self.match
        if frame is None or match is None or match.turn_seconds:
            return None
        if frame["from"] != since or frame["version"] <= since:
            return None
        data = frame["data"]
        match.version, match.status = frame["version"], data["status"]
        for p in [*self.participants, self.viewer]:
            p.resigned = p.seat in frame["resigned"]
        top = self.log[0][0] if self.log else 0
        new = [(e["seq"], e.get("text") or "", e["type"], e) for e in frame["events"]]
        self.log = ([row for row in reversed(new) if row[0] > top] + self.log)[:LOG_LENGTH]
        # The frame's legal actions carry the API's fill hints; the page's presenters take
        # the engine's entries, as the database path gives them.
        legal = [{k: v for k, v in a.items() if k != "fill"} for a in data["legal_actions"]]
        table = assemble(
            match,
            self.viewer,
            self.participants,
            view=data["view"],
            waiting=frame["to_move"],
            legal=legal,
            log=self.log,
            said=self._said(),
        )
        version = table_version(version=match.version, status=match.status)
        chunk = sse("table", {"version": version, "html": draw(table)}, event_id=version)
        return chunk, version, since_seq

    def _said(self) -> dict[int, str]:
        """The phrased lines of the events still in the log (the older ones let go)."""
        self.said = {seq: self.said[seq] for seq, *_ in self.log if seq in self.said}
        return self.said


def handed_over(message: str | None, since: int, since_seq: int):
    """The seat's state for a new version as the worker that resolved it sent it (its own
    seat's channel: matches/push.py), when it follows on from what this stream sent last:
    ``(chunk, version, seq)``, or None to read the database as for any other message (a
    version missed in between, a message of another kind)."""
    frame = push.seat_frame(message)
    if frame is None or frame["from"] != since or frame["version"] <= since:
        return None
    events = [e for e in frame["events"] if e["seq"] > since_seq]
    if frame.get("ruleset"):  # a frame of an older worker has none: the events' code and params
        events = seat_state.said(events, frame["ruleset"])
    data = {**frame["data"], "events": events}
    seq = events[-1]["seq"] if events else since_seq
    version = frame["version"]
    return sse("state", data, event_id=version), version, seq
