"""What notifications needs to know of the apps above it, registered by those apps from their
``AppConfig.ready()`` (the way ``config/admin_scope.py`` learns the admin's scoping): so
notifications imports none of campaigns, leagues or matches, and each decision stays in the
app that owns it.

- **Webhook owners** (``register_owner``): a campaign or a league. Which model, who may
  manage its webhooks and read their delivery log (decided in that app's ``access.py``), which
  of them those are as a query (for the admin's rows), who hears that a webhook was paused,
  its page, and the facts an event carries that only that app can compute (a round's
  standings).
- **Live turns** (``register_turns``): whether a match is still live, at which version, and
  which people the engine says must move. "Is the person at the table" is marked from the
  table's stream through ``notifications.turns.at_table`` (an arrow down, which is fine).

Filled at start-up, read-only afterwards; no module-level state changes at run time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.apps import apps
from django.db.models import Q


@dataclass(frozen=True)
class Owner:
    kind: str  # "campaign" or "league": also the Webhook field that points at it
    model: str  # "campaigns.Campaign"
    may_manage: Callable[..., bool]  # (*, user, owner) -> bool, from the app's access.py
    managed_by: Callable  # (user) -> QuerySet of the owners that user manages
    managers: Callable[..., Iterable[int]]  # (owner) -> ids of who hears of a paused webhook
    page: str  # the URL name of the owner's page, with its pk
    refusal: str  # the 403's sentence
    facts: dict[str, Callable] = field(default_factory=dict)  # "standings": (owner) -> dict


_owners: dict[str, Owner] = {}


def register_owner(owner: Owner) -> None:
    _owners[owner.kind] = owner


def owner(kind: str) -> Owner:
    return _owners[kind]


def kinds() -> list[str]:
    return sorted(_owners)


def model(kind: str):
    return apps.get_model(_owners[kind].model)


def of_webhook(webhook) -> tuple[Owner, object]:
    """The registration and the row that own ``webhook``."""
    for kind, registered in _owners.items():
        if getattr(webhook, f"{kind}_id", None):
            return registered, getattr(webhook, kind)
    raise LookupError(f"webhook {webhook.pk} has no registered owner")


def managed_rows(user) -> Q:
    """The webhooks ``user`` manages, as a query on Webhook (the admin's rows)."""
    rows = Q(pk__in=[])
    for kind, registered in _owners.items():
        rows |= Q(**{f"{kind}__in": registered.managed_by(user).values("pk")})
    return rows


@dataclass(frozen=True)
class Turn:
    """A live match as the turn check needs it."""

    version: int
    ruleset: str
    to_move: list[tuple[str, int]]  # (seat, person) of the people the engine waits for
    clock: dict = field(default_factory=dict)  # seat -> seconds left on its turn clock


_turn_readers: list[Callable] = []


def register_turns(read: Callable[[int], Turn | None]) -> None:
    """``read(match_id)``: the match's Turn while it is live, else None."""
    if read not in _turn_readers:
        _turn_readers.append(read)


def turn(match_id: int) -> Turn | None:
    for read in _turn_readers:
        found = read(match_id)
        if found is not None:
            return found
    return None


# Rounds with a deadline: each reader(*, now, until) -> [{"round_id", "owner_id", "name",
# "number", "deadline", "people"}] of the open rounds whose deadline falls in (now, until].
_closing_readers: dict[str, Callable] = {}


def register_closing_rounds(kind: str, read: Callable) -> None:
    _closing_readers[kind] = read


def closing_rounds(*, now, until) -> list[tuple[str, dict]]:
    return [
        (kind, row)
        for kind, read in sorted(_closing_readers.items())
        for row in read(now=now, until=until)
    ]


@dataclass(frozen=True)
class Clock:
    """A seat of a live match whose turn clock is running."""

    match_id: int
    seat: str
    person: int
    ruleset: str
    since: object  # datetime: when the seat began waiting to move
    deadline: object  # datetime: when its clock runs out


_clock_readers: list[Callable] = []


def register_clocks(read: Callable) -> None:
    """``read(*, now)``: the running clocks of people (not bots) in live matches."""
    if read not in _clock_readers:
        _clock_readers.append(read)


def running_clocks(*, now) -> list[Clock]:
    return [clock for read in _clock_readers for clock in read(now=now)]
