"""Bot seats: they play through the same action queue as a person.

``POST matches/`` with ``"bots": N`` seats N bot players after the named ones (users called
"Bot #1", "Bot #2", ...: a name no sign-up can take, since usernames have no spaces or "#").
Whenever a resolution leaves a bot to move, ``matches.tasks.play_bots`` is sent after the
commit (this module: what the services call); the task plays (matches/services/bot_moves.py):
it picks with the seat's policy (matches/policies.py) and calls ``services.submit_action``
with an Idempotency-Key and Expected-Version like any client, so
a duplicated task cannot play twice and a stale choice is rejected, not played.

With a real worker each task plays one action and the resolution sends the next task. In
process (``make run``, tests) tasks run inline, so a bot's whole turn would nest task inside
task; instead the first task loops over the bot moves and the nested sends are skipped (a
per-thread flag, which exists only while that loop runs).
"""

from __future__ import annotations

import threading
from contextlib import contextmanager

from django.contrib.auth import get_user_model
from django.db import transaction

from config import dispatch
from matches.models import Participant

BOT_NAME = "Bot #{n}"
BOT_KEY = "bot:{version}"
PLAY_BOTS = "matches.tasks.play_bots"  # by name: the tasks module imports the services
_local = threading.local()


def bot_users(count: int) -> list:
    """The first ``count`` bot users, created when first needed (no password: nobody signs in)."""
    User = get_user_model()
    users = []
    for n in range(1, count + 1):
        user, created = User.objects.get_or_create(username=BOT_NAME.format(n=n))
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        users.append(user)
    return users


def bots_to_move(*, participants: list[Participant], waiting) -> bool:
    return any(p.bot and not p.resigned and p.seat in waiting for p in participants)


def after_change(*, match_id: int, participants: list[Participant], waiting) -> None:
    """Called inside a transaction that changed a match: wake its bots once it commits."""
    if bots_to_move(participants=participants, waiting=waiting):
        transaction.on_commit(lambda: wake_bots(match_id), robust=True)


def wake_bots(match_id: int) -> None:
    if getattr(_local, "playing", False):
        return  # in process, inside the loop of play_bots: it plays the next move itself
    dispatch.send(PLAY_BOTS, match_id)


@contextmanager
def playing_inline():
    """While a task plays a bot's moves in a loop: the nested ``wake_bots`` send nothing."""
    _local.playing = True
    try:
        yield
    finally:
        _local.playing = False
