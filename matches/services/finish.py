"""The finish hand-off: a finished live match is announced (``matches.tasks.match_finished``)
to the apps listed in ``MATCH_FINISHED_HANDLERS``; matches never imports them."""

from __future__ import annotations

from django.conf import settings
from django.utils.module_loading import import_string

from config import dispatch


def _announce_finished(match_id: int) -> None:
    dispatch.send("matches.tasks.match_finished", match_id)  # by name: the tasks import us


def run_finish_handlers(*, match_id: int) -> None:
    """Hand a finished live match to the apps that wait for it (``MATCH_FINISHED_HANDLERS``,
    e.g. a campaign that turns a Last Hope Frontier battle into a result to confirm). Each
    handler must be idempotent: this runs from a task that may repeat, and from their sweeps."""
    for path in getattr(settings, "MATCH_FINISHED_HANDLERS", ()):
        import_string(path)(match_id=match_id)
