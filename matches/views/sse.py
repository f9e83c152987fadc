"""One Server-Sent Events message, as the streams (stream.py, page_frames.py) send it."""

from __future__ import annotations

from matches.push import json_text


def sse(event: str, data: dict, *, event_id: int) -> str:
    return f"id: {event_id}\nevent: {event}\ndata: {json_text(data)}\n\n"
