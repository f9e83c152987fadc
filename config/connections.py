"""A response sent before the request's body was read closes the connection.

On a keep-alive connection the next request starts where this one's body ends. When the
application answers without reading the body (a 413 from its Content-Length, a 415, a CSRF
403, a lock on the sign-in), gunicorn drains what is left before it reads the next request,
but only so much and for so long; past that it closes the connection, after it had already
answered ``Connection: keep-alive``. A client that believed it lost its next request
(issue 29). So such an answer says ``Connection: close`` itself, and the client opens a new
connection for the next request.

An application cannot send ``Connection`` (a hop-by-hop header: PEP 3333 forbids it, and
gunicorn drops it); gunicorn closes when the request is marked to close. ``pre_request``, a
gunicorn server hook (``posse web`` loads this module with ``--config``), hands that mark to
the application on its ``wsgi.input``; ``config/wsgi.py`` counts what the application read
and uses it. Under ASGI (``posse stream``) Django reads the whole body before any view runs,
so nothing is left unread there. tests/security/test_early_refusals.py runs ``posse web``.
"""

from __future__ import annotations

CLOSE_ATTRIBUTE = "posse_close_connection"


def pre_request(worker, req) -> None:
    """gunicorn's server hook, called before each request: the body's reader (the WSGI
    ``wsgi.input``) can mark its request to close."""
    setattr(req.body, CLOSE_ATTRIBUTE, req.force_close)


class CountingInput:
    """``wsgi.input`` as the application reads it, counting the bytes read."""

    def __init__(self, stream):
        self.stream = stream
        self.read_bytes = 0
        self.ended = False

    def _count(self, data: bytes, size) -> bytes:
        self.read_bytes += len(data)
        if not data and size != 0:
            self.ended = True
        return data

    def read(self, size=-1):
        return self._count(self.stream.read(size), size)

    def readline(self, size=-1):
        return self._count(self.stream.readline(size), size)

    def readlines(self, hint=-1):
        return [self._count(line, None) for line in self.stream.readlines(hint)]

    def __iter__(self):
        return iter(self.readline, b"")


def body_left_unread(environ: dict, body: CountingInput) -> bool:
    """Whether the client sent (or announced) body bytes that the application never read."""
    if "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
        return not body.ended
    try:
        declared = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return True
    return body.read_bytes < declared


def close_if_body_unread(environ: dict, body: CountingInput, original_input) -> None:
    """Mark the connection to close after this response when the body was not all read."""
    close = getattr(original_input, CLOSE_ATTRIBUTE, None)
    if close is not None and body_left_unread(environ, body):
        close()
