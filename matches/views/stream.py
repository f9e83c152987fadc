"""Server-Sent Events: a table page (HTML of the seat's table) or an API client (JSON of the
seat's view) hears about every new version of a match as soon as it is committed.

One stream per open page. It subscribes to its push channels (matches/push.py) *before* it
reads the database, so nothing committed in between is missed. A seat's stream then draws each
version from the frame the worker sent that seat alone (its own view: page_frames.py for a
page, ``handed_over`` there for the API); any other message makes it read the match again and build
*its own viewer's* table, so a stream cannot pass on another seat's view even by mistake.

Under ASGI (daphne, uvicorn: production and ``make run``) the stream is an async generator
that waits on Redis without holding a thread; under WSGI (the test live server, a plain
``runserver``) it is a generator that holds its worker thread while it waits. Either way it
ends after ``MAX_SECONDS``, and the browser's EventSource reconnects with ``Last-Event-ID``.
Under ``posse web`` (WSGI, config/wsgi.py marks its requests) it is short: what is new, then
the end, and the client comes back after ``SHORT_RETRY_MS``: polling, holding no thread.
"""

from __future__ import annotations

import functools
import json
import logging
import time
from collections.abc import Callable

from asgiref.sync import sync_to_async
from django.core.exceptions import PermissionDenied
from django.core.handlers.asgi import ASGIRequest
from django.db import DatabaseError, close_old_connections, connections
from django.http import Http404, StreamingHttpResponse
from django.utils import translation
from django.views.decorators.http import require_GET
from rest_framework.renderers import BaseRenderer
from rest_framework.views import APIView

from matches import push, seat_state, selectors
from matches.access import seat_and_access
from matches.models import Match, Participant
from matches.services import canonical
from matches.tables import NOT_DEALT, table_version
from matches.views import spectator_frames
from matches.views.page_frames import PageMemory, handed_over
from matches.views.sse import sse
from matches.views.table import load_match, render_fragment
from notifications import turns
from rulesets.registry import get_ruleset

log = logging.getLogger(__name__)
HEARTBEAT = 10.0
MAX_SECONDS = 300.0
SHORT_RETRY_MS = 3000  # the page's own polling interval (matches/static/matches/table.js)

# (match_id, user, since_version, since_seq, heard) -> (SSE chunk or None, version, seq);
# ``heard`` is the version a push announced (None on the first render and after a ping).
Render = Callable[[int, object, int, int, int | None], tuple[str | None, int, int]]


def _viewer(match: Match, user) -> Participant | None:
    seat, allowed = seat_and_access(match=match, user=user)
    if not allowed:
        raise PermissionDenied("This match is not public: only its players may watch it.")
    return seat


def _moved_on(match_id: int, since: int, heard: int | None) -> bool:
    """Whether the match may be past ``since``. A push announcing a later version says so
    without asking; otherwise (the first render, a ping) one small query does, so that an
    idle table never loads the state."""
    if heard is not None and heard > since:
        return True
    if _sent(heard, since):
        return False  # a push of a version this stream has sent (or older): nothing new
    row = Match.objects.filter(pk=match_id).values_list("version", "status").first()
    return row is not None and table_version(version=row[0], status=row[1]) > since


def page_render(
    match_id: int, user, since: int, since_seq: int, heard: int | None = None, memory=None
):
    """The viewer's table as HTML, when the match is past ``since``. ``memory`` (a seated
    player's stream: matches/views/page_frames.py) keeps what it read for the next frame."""
    if not _moved_on(match_id, since, heard):
        return None, since, since_seq
    match = load_match(match_id)
    version = table_version(version=match.version, status=match.status)
    if version <= since:  # a late or repeated push
        return None, since, since_seq
    viewer = _viewer(match, user)
    if memory is not None and viewer is not None and match.status not in NOT_DEALT:
        html = memory.render(match, viewer)
    else:
        html = render_fragment(match, viewer)
    data = {"version": version, "html": html}
    return sse("table", data, event_id=version), version, since_seq


def _seat_with_match(match_id: int, user) -> tuple[Match, Participant | None]:
    """The match and the viewer's seat: one query for a seated player of a running or dealt
    match (``selectors.seated_live_match``), the page's two (match, seats) and the access
    rules for anyone else."""
    seated = selectors.seated_live_match(match_id, user)
    if seated is None:
        match = load_match(match_id)
        return match, _viewer(match, user)
    match, _game, seat = seated
    return match, seat


def api_render(match_id: int, user, since: int, since_seq: int, heard: int | None = None):
    """The viewer's state, legal actions and new events as JSON (the API's shapes; each event
    with its ``message`` in the stream's language)."""
    if not _moved_on(match_id, since, heard):
        return None, since, since_seq
    match, seat = _seat_with_match(match_id, user)
    game = get_ruleset(match.ruleset)
    you = seat.seat if seat else None
    version = table_version(version=match.version, status=match.status)
    if version <= since:  # a late or repeated push
        return None, since, since_seq
    if match.status in NOT_DEALT:  # no state yet: nothing to view
        data = {"version": version, "status": match.status, "seat": you, "view": None}
        return sse("state", data, event_id=version), version, since_seq
    events = list(selectors.events_for(match=match, seat=you, after=since_seq)[:200])
    data = seat_state.state_data(
        game=game,
        state=canonical(match.state),
        version=version,
        status=match.status,
        seat=you,
        may_act=bool(seat and not seat.resigned and match.is_running),
        outcome=selectors.outcome_for_clients(match),
        events=[seat_state.event_json(e, match.ruleset) for e in events],
    )
    last_seq = events[-1].seq if events else since_seq
    return sse("state", data, event_id=version), version, last_seq


def _sent(heard: int | None, since: int) -> bool:
    """Whether a push announces a version this stream sent (after a seat's frame, the match's
    own message does): nothing to read, so the loop wakes no thread for it."""
    return heard is not None and 0 <= heard <= since


def _settle(handed, message: str | None, since: int, seq: int, heard: int | None):
    """What a stream's wait came to: ``(chunk, since, seq, heard, wait)``. A frame taken
    (``handed``) is a chunk to send and the wait goes on; so does a version the stream sent
    (``_sent``). Anything else (a later version, a resync, no message at all) ends the wait:
    the stream reads, or pings."""
    if handed is not None:
        chunk, since, seq = handed
        return chunk, since, seq, heard, True
    heard = _heard(message)
    return None, since, seq, heard, _sent(heard, since)


def _heard(message: str | None) -> int | None:
    """The version a push message announces (None for a ping or a message not understood)."""
    try:
        version = json.loads(message)["version"] if message else None
    except (ValueError, TypeError, KeyError):
        return None
    return version if type(version) is int else None


def _since(request) -> int:
    for raw in (request.headers.get("Last-Event-ID", ""), request.GET.get("version", "")):
        if raw.isascii() and raw.lstrip("-").isdigit() and len(raw) < 10:
            return int(raw)
    return -3  # below any table version: send the table at once


def _after(request) -> int:
    raw = request.GET.get("after", "0")
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 10 else 0


def _safe(take):
    """A frame that cannot be drawn is read from the database instead, never a dead stream."""

    def run(message, since, seq):
        try:
            return take(message, since, seq)
        except Exception as exc:
            log.warning("stream: a seat's frame not used: %r", exc)
            return None

    return run


def _frame_like(message: str | None) -> bool:
    return bool(message) and '"frame"' in message


def _channels(match_id: int, seat: str | None) -> tuple[str, ...]:
    """The match's channel, and for a seated API stream its own seat's (matches/push.py)."""
    if seat is None:
        return (push.channel(match_id),)
    return (push.channel(match_id), push.seat_channel(match_id, seat))


def _sync_stream(match_id: int, user, since: int, seq: int, render: Render, seat=None, take=None):
    subscription = push.hub().subscribe(*_channels(match_id, seat))
    try:
        yield "retry: 1000\n\n"
        deadline = time.monotonic() + MAX_SECONDS
        heard = None
        while time.monotonic() < deadline:
            try:
                chunk, since, seq = render(match_id, user, since, seq, heard)
            except (DatabaseError, Http404, PermissionDenied):
                return  # the match went away or the database is gone: the page reconnects
            except Exception as exc:  # a stream must never die noisily in a server thread
                log.warning("match %s: stream ended: %r", match_id, exc)
                return
            # A waiting stream holds no database connection: an open table must not cost one.
            connections.close_all()
            if chunk:
                yield chunk
            while True:  # what the worker handed over is sent without reading the database
                message = subscription.get(timeout=HEARTBEAT)
                handed = take(message, since, seq) if take and _frame_like(message) else None
                chunk, since, seq, heard, wait = _settle(handed, message, since, seq, heard)
                if chunk:
                    yield chunk
                if not wait or time.monotonic() >= deadline:
                    break
            if message is None:
                yield ": ping\n\n"
    finally:
        subscription.close()


def _short_stream(match_id: int, user, since: int, seq: int, render: Render):
    yield f"retry: {SHORT_RETRY_MS}\n\n"
    try:
        chunk, _, _ = render(match_id, user, since, seq)
    except (DatabaseError, Http404, PermissionDenied):
        return
    if chunk:
        yield chunk


def _render_in_thread(render: Render):
    def run(*args):
        try:
            return render(*args)
        finally:
            close_old_connections()

    return sync_to_async(run, thread_sensitive=False)


async def _async_stream(
    match_id: int,
    user,
    since: int,
    seq: int,
    render: Render,
    seat=None,
    take=None,
    inline=True,
    peek=None,
):
    """``take`` turns a seat's frame into the next chunk (None: read the database). It reads
    no database, so it runs here in the loop (``inline``): a page's draws its template here
    too (CPU a thread would not have spared the process: the GIL), after a thread hop that
    cost the push about as much again. ``peek`` (a spectator's) finds the chunk another
    spectator stream drew for the same push (matches/views/spectator_frames.py), in the loop."""
    subscription = await push.hub().asubscribe(*_channels(match_id, seat))
    threaded = _render_in_thread(render)
    take_frame = None
    if take is not None:
        take_frame = take if inline else sync_to_async(take, thread_sensitive=False)
    try:
        yield "retry: 1000\n\n"
        deadline = time.monotonic() + MAX_SECONDS
        heard = None
        while time.monotonic() < deadline:
            try:
                drawn = peek(match_id, since, seq, heard) if peek else None
                chunk, since, seq = drawn or await threaded(match_id, user, since, seq, heard)
            except (DatabaseError, Http404, PermissionDenied):
                return
            except Exception as exc:
                log.warning("match %s: stream ended: %r", match_id, exc)
                return
            if chunk:
                yield chunk
            while True:  # what the worker handed over needs no database
                message = await subscription.aget(timeout=HEARTBEAT)
                handed = None
                if take_frame is not None and _frame_like(message):
                    handed = take_frame(message, since, seq)
                    if not inline:
                        handed = await handed
                chunk, since, seq, heard, wait = _settle(handed, message, since, seq, heard)
                if chunk:
                    yield chunk
                if not wait or time.monotonic() >= deadline:
                    break
            if message is None:
                yield ": ping\n\n"
    finally:
        await subscription.aclose()


def _in_language(draw, language: str | None):
    @functools.wraps(draw)
    def run(*args):
        with translation.override(language):
            return draw(*args)

    return run


def stream_response(request, match_id: int, render: Render) -> StreamingHttpResponse:
    match = load_match(match_id)
    viewer = _viewer(match, request.user)  # 403 before the stream starts
    args = (match_id, request.user, _since(request), _after(request), render)
    # A seat's streams take its seat's frames: the API's send them as they come, a page's
    # draws its table from them (matches/views/page_frames.py). Spectators share one draw of
    # each version per process (matches/views/spectator_frames.py).
    seat = viewer.seat if viewer is not None else None
    language = getattr(request, "LANGUAGE_CODE", None) or translation.get_language()
    take, inline, peek = None, True, None
    if seat is None:
        kind = "api" if render is api_render else "page"
        render = spectator_frames.shared(render, kind)
        peek = functools.partial(spectator_frames.peek, kind, language)
    elif render is api_render:
        take = _safe(handed_over)
    elif render is page_render:
        memory = PageMemory()
        render = functools.partial(page_render, memory=memory)
        args = (*args[:4], render)
        take, inline = _safe(memory.take), True
    # Every chunk in the request's language (LocaleMiddleware's choice, on the request): a
    # stream draws long after the view returned, in other threads or after other requests.
    render = _in_language(render, language)
    args = (*args[:4], render)
    take = _in_language(take, language) if take is not None else None
    asgi = isinstance(getattr(request, "_request", request), ASGIRequest)  # DRF wraps it
    if asgi:
        # This view ran in its request's own thread, and Django gives that thread's database
        # connection back only when the response ends: for a stream, minutes later. In
        # `posse stream` (a pool of STREAM_DB_POOL connections) a few open streams held them
        # all and every render waited (found by bench/bench_push.py with four streams open).
        connections.close_all()
        body = _async_stream(*args, seat=seat, take=take, inline=inline, peek=peek)
    elif request.META.get("posse.short_streams"):
        body = _short_stream(*args)
    else:
        body = _sync_stream(*args, seat=seat, take=take)
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # no proxy buffering in front of a stream
    return response


@require_GET
def table_stream(request, match_id: int):
    if not request.user.is_authenticated:
        raise PermissionDenied("Sign in to watch.")
    turns.at_table(match_id=match_id, user_id=request.user.pk)
    return stream_response(request, match_id, page_render)


class EventStreamRenderer(BaseRenderer):
    media_type = "text/event-stream"
    format = "sse"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return json.dumps(data).encode()


class MatchStreamView(APIView):
    """``GET /api/v1/matches/{id}/stream/?after=N``: Server-Sent Events for API clients. Each
    ``state`` event has the seat's ``view``, ``legal_actions`` and the ``events`` after the
    last one sent (``after`` to start from), each with its ``message`` in the request's
    language. Not an operation of the OpenAPI schema (a stream never ends): its ``state``
    event's data is the component ``StreamState`` (matches/api/live.py)."""

    renderer_classes = [EventStreamRenderer]
    schema = None

    def get(self, request, match_id: int):
        return stream_response(request, match_id, api_render)
