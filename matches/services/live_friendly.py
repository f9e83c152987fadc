"""Friendly battles: a live match between two players' own gangs outside any competition.

The creator names their gang (``POST matches/ {"gang": id, ...}``) and the invited player
accepts with theirs (``POST matches/{id}/accept/ {"gang": id}``). The rosters are read by the
server from the gangs, through the game's gang provider (the setting
``MATCH_GANG_PROVIDERS``: ruleset slug → module with ``table_gang`` and
``record_friendly_battle``; for Last Hope Frontier ``rosters.live``), never taken from the
client's ``options.gangs``; the provider allows only the player's own gang. The match is dealt,
as any invited match, once every seat accepted, now with both gangs in its options.

A friendly match says so in its log (a ``friendly_battle`` event at the invitation), and when it
finishes (the ``MATCH_FINISHED_HANDLERS`` hand-off, ``collect_friendly_battle``) each gang's
history gets one line with the result. No campaign counts it: no rewards, injuries or flips.
"""

from __future__ import annotations

from importlib import import_module

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import gettext as _

from config.errors import NotAllowed
from matches.models import Match, MatchEvent, Participant
from matches.services.common import InvalidMatchInput, _append_events, canonical
from matches.services.records import create_live_match

FRIENDLY = "friendly_battle"


def _provider(ruleset: str):
    path = getattr(settings, "MATCH_GANG_PROVIDERS", {}).get(ruleset)
    return import_module(path) if path else None


def plays_with_gangs(ruleset: str) -> bool:
    """Whether a live match of ``ruleset`` is fought with the players' own gangs."""
    return _provider(ruleset) is not None


def is_friendly(match: Match) -> bool:
    known = getattr(match, "friendly_battle", None)  # read with the match (``with_friendly``)
    if known is not None:
        return known
    return MatchEvent.objects.filter(match=match, type=FRIENDLY).exists()


def with_friendly(matches: QuerySet[Match]) -> QuerySet[Match]:
    """The matches with whether each is a friendly battle (``friendly_battle``), read in the
    same statement: an acceptance asks, and a query of its own cost it one more round trip.
    The event is written when the battle is created, before anyone answers, and never after."""
    return matches.annotate(
        friendly_battle=Exists(MatchEvent.objects.filter(match=OuterRef("pk"), type=FRIENDLY))
    )


@transaction.atomic
def create_friendly_battle(
    *, ruleset: str, players: list[str], gang, created_by, options: dict | None = None, **live
) -> Match:
    """Invite the other player to a live battle of the creator's ``gang`` against a gang of
    theirs; they name it when they accept."""
    provider = _provider(ruleset)
    if provider is None:
        raise InvalidMatchInput(
            _("This game is not played with gangs: leave out gang."), field="gang"
        )
    options = dict(options or {})
    if "gangs" in options:
        raise InvalidMatchInput(
            _(
                "The server reads the rosters from the gangs: name yours in gang, and your "
                "opponent names theirs when they accept."
            ),
            field="options.gangs",
        )
    mine = provider.table_gang(user=created_by, gang_id=gang, field="gang")
    if live.get("bots"):
        return _against_bots(provider, ruleset, players, mine, gang, created_by, options, live)
    match = create_live_match(
        ruleset=ruleset, players=players, options=options, **live, created_by=created_by
    )
    seat = match.participants.filter(player=created_by).first()
    if seat is None:
        raise NotAllowed(_("Only a player of the battle brings a gang to it."), field="players")
    match.options = canonical({**options, "gangs": {seat.seat: mine}})
    text = (
        f"A friendly battle: {created_by.username} brings {mine['name']}; each invited player "
        "accepts with a gang of their own. No campaign counts it."
    )
    coded = {
        "code": "match:friendly",
        "params": {"name": created_by.username, "gang": mine["name"]},
    }
    _append_events(match, [{"type": FRIENDLY, "text": text, **coded}])
    match.save(update_fields=["options", "last_event_seq"])
    Participant.objects.filter(pk=seat.pk).update(gang=gang)
    return match


def _against_bots(provider, ruleset, players, mine, gang, created_by, options, live) -> Match:
    """A battle of the creator's gang against bots, each behind the provider's bot gang: every
    seat is known now, so the gangs go into the options before the match is dealt (at once:
    a bot accepts with its creator)."""
    if created_by.username not in players:
        raise NotAllowed(_("Only a player of the battle brings a gang to it."), field="players")
    if len(players) != 1:
        raise InvalidMatchInput(
            _("A battle against a bot is yours alone: name no other player."), field="players"
        )
    seats = [f"s{n}" for n in range(1, len(players) + live["bots"] + 1)]
    gangs = {seats[0]: mine, **{seat: provider.bot_gang(against=mine) for seat in seats[1:]}}
    match = create_live_match(
        ruleset=ruleset,
        players=players,
        options={**options, "gangs": gangs},
        **live,
        created_by=created_by,
    )
    names = ", ".join(gangs[seat]["name"] for seat in seats[1:])
    text = (
        f"A friendly battle: {created_by.username} brings {mine['name']} against {names}, "
        "played by a bot. No campaign counts it."
    )
    coded = {
        "code": "match:friendly_bots",
        "params": {"name": created_by.username, "gang": mine["name"], "names": names},
    }
    _append_events(match, [{"type": FRIENDLY, "text": text, **coded}])
    match.save(update_fields=["last_event_seq"])
    Participant.objects.filter(match=match, player=created_by).update(gang=gang)
    return match


def seats_needing_gang(seats) -> set[int]:
    """The seats (ids) whose acceptance must name a gang (``bring_gang``'s rule: a friendly
    battle's seat with no gang yet), one query for all of them: the pages' accept forms."""
    seats = [s for s in seats if s.gang_id is None]
    if not seats:
        return set()
    friendly = set(
        MatchEvent.objects.filter(
            match_id__in={s.match_id for s in seats}, type=FRIENDLY
        ).values_list("match_id", flat=True)
    )
    return {s.pk for s in seats if s.match_id in friendly}


def gangs_to_bring(*, ruleset: str, player) -> list:
    """The gangs ``player`` may name accepting a friendly battle of ``ruleset``: the game's
    gang provider's (``battle_gangs``: the same checks as ``table_gang``)."""
    provider = _provider(ruleset)
    return provider.battle_gangs(user=player) if provider else []


def bring_gang(*, match: Match, seat: Participant, player, gang) -> None:
    """An invited player's gang, named as they accept (the caller holds the match lock).

    Only a friendly battle takes one; there it is required of a seat that has none yet."""
    if not is_friendly(match):
        if gang is not None:
            raise InvalidMatchInput(_("This match is not played with your gang."), field="gang")
        return
    if seat.gang_id is not None:
        return
    if gang is None:
        raise InvalidMatchInput(
            _('A friendly battle is accepted with your gang: {"gang": <your gang id>}.'),
            field="gang",
        )
    brought = _provider(match.ruleset).table_gang(user=player, gang_id=gang, field="gang")
    options = dict(match.options)
    options["gangs"] = {**options.get("gangs", {}), seat.seat: brought}
    match.options = canonical(options)
    match.save(update_fields=["options"])
    seat.gang_id = gang
    seat.save(update_fields=["gang"])


def collect_friendly_battle(*, match_id: int) -> int:
    """The ``MATCH_FINISHED_HANDLERS`` hand-off: a finished friendly battle's result in each
    gang's history (once: the provider writes a line it has not written yet). Returns the
    number of lines written."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.FINISHED).first()
    if match is None or not is_friendly(match):
        return 0
    provider = _provider(match.ruleset)
    seats = list(match.participants.select_related("player", "gang").order_by("seat"))
    winners = set((match.outcome or {}).get("winners", []))
    written = 0
    gangs = (match.options or {}).get("gangs", {})
    for seat in seats:
        others = [s for s in seats if s.pk != seat.pk and (s.gang_id or s.bot)]
        if seat.gang_id is None or not others:
            continue
        other = others[0]
        result = "draw" if not winners else ("won" if seat.seat in winners else "lost")
        facing = other.gang.name if other.gang_id else gangs.get(other.seat, {}).get("name", "")
        written += provider.record_friendly_battle(
            gang_id=seat.gang_id,
            match=match.pk,
            facing=facing,
            player=other.player.username,
            result=result,
        )
    return written
