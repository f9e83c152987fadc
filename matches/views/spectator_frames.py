"""One chunk for every spectator of a version, drawn once per process.

A spectator's table (no seat) is the same for every spectator: the game's public view and the
public events. A push of version V wakes every open spectator stream of the match at once; when
each read the database and drew the same table, the last of a thousand watchers waited for the
999 draws before its own. Now the first stream of a process to hear V draws it, and the others
find the chunk here: no database, and under ASGI no thread hop (``peek`` runs in the loop).

A chunk is keyed by everything it depends on: the stream's kind (``"page"`` or ``"api"``), the
match, the version heard, what the stream sent last (its version, and its last event: an API
chunk carries the events after it) and the language. Who may watch is decided when a stream
starts (``stream_response``), as for any stream; a chunk is only ever shared between spectators
of the match it was drawn for. Only a chunk drawn for the version a push announced is kept: a
first render, a ping or a late push reads the database as before.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from django.utils import translation

Key = tuple[str, int, int, int, int, str | None]
Chunk = tuple[str | None, int, int]  # (SSE chunk, version, last event seq): a stream's render


class SharedChunks:
    """A small LRU map, safe across the threads of a WSGI server and the loop of an ASGI one."""

    def __init__(self, size: int = 256):
        self.size = size
        self._lock = threading.Lock()
        self._chunks: OrderedDict[Key, Chunk] = OrderedDict()

    def get(self, key: Key | None) -> Chunk | None:
        if key is None:
            return None
        with self._lock:
            found = self._chunks.get(key)
            if found is not None:
                self._chunks.move_to_end(key)
            return found

    def put(self, key: Key, chunk: Chunk) -> None:
        with self._lock:
            self._chunks[key] = chunk
            self._chunks.move_to_end(key)
            while len(self._chunks) > self.size:
                self._chunks.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._chunks.clear()


CHUNKS = SharedChunks()


def _key(
    kind: str, match_id: int, since: int, since_seq: int, heard: int | None, language: str | None
) -> Key | None:
    if heard is None or heard <= since:
        return None  # a first render, a ping, a late push: nothing a push made common
    return (kind, match_id, since, since_seq, heard, language)


def peek(
    kind: str, language: str | None, match_id: int, since: int, since_seq: int, heard: int | None
) -> Chunk | None:
    """The chunk another spectator stream of this process drew for this push, if any."""
    return CHUNKS.get(_key(kind, match_id, since, since_seq, heard, language))


def shared(render: Callable[..., Chunk], kind: str) -> Callable[..., Chunk]:
    """``render`` for a spectator's stream: what it draws for a push is kept for the others.
    Runs inside the stream's language (``translation.override``), which keys the chunk."""

    def run(match_id: int, user, since: int, since_seq: int, heard: int | None = None) -> Chunk:
        key = _key(kind, match_id, since, since_seq, heard, translation.get_language())
        found = CHUNKS.get(key)
        if found is not None:
            return found
        chunk = render(match_id, user, since, since_seq, heard)
        if key is not None and chunk[0] is not None and chunk[1] == heard:
            CHUNKS.put(key, chunk)
        return chunk

    return run
