"""The reads behind the home page: what a player has, and what waits for them.

Each list is one query whatever the player has, so the home page keeps a fixed budget.
"""

from __future__ import annotations

import logging

from django.db.models import Exists, OuterRef, Q

from campaigns import access as campaign_access
from campaigns import selectors as campaign_selectors
from campaigns.models import Battle, Campaign, Membership
from leagues import access as league_access
from leagues.models import Confirmation, League, LeagueMatch
from leagues.models import Membership as LeagueMembership
from leagues.rounds_selectors import my_tables
from matches import services
from matches.models import Match, Participant
from rosters.models import Fighter, FlipDraw, Gang
from rulesets.registry import game_name, get_ruleset

log = logging.getLogger(__name__)


def my_gangs(user):
    return Gang.objects.filter(owner=user).order_by("name", "id")


def my_campaigns(user):
    """Campaigns a gang of mine plays in (or asks to, or is invited to), and those I
    arbitrate."""
    mine = Membership.objects.filter(
        campaign=OuterRef("pk"), gang__owner=user, status__in=Membership.LIVE
    )
    return (
        Campaign.objects.filter(Q(Exists(mine)) | campaign_access.arbitrated_by(user, via=""))
        .distinct()
        .order_by("-created_at", "id")
    )


def my_leagues(user):
    return (
        League.objects.filter(
            Q(memberships__player=user) | league_access.organised_by(user, via="")
        )
        .distinct()
        .order_by("-created_at", "-id")
    )


def battles_to_confirm(user):
    """The battles whose confirmation waits for my word (campaigns.access decides; this only
    lists): never one I reported and play in."""
    return (
        Battle.objects.filter(campaign_access.battles_awaiting_word_of(user))
        .select_related("campaign", "round")
        .distinct()
        .order_by("id")
    )


def requests_to_decide(user):
    """Gangs asking to join a campaign I arbitrate, and invitations of my gangs: each waits for
    my answer (a leave needs nobody's decision)."""
    return (
        Membership.objects.filter(
            Q(status=Membership.Status.PENDING) & campaign_access.arbitrated_by(user)
            | Q(status=Membership.Status.INVITED, gang__owner=user)
        )
        .select_related("campaign", "gang__owner")
        .distinct()
        .order_by("id")
    )


def league_invitations(user):
    """Organisers' invitations to a league that wait for my answer."""
    return (
        LeagueMembership.objects.filter(player=user, status=LeagueMembership.Status.INVITED)
        .select_related("league", "added_by")
        .order_by("id")
    )


def match_invitations(user):
    """My seats in live matches that wait for my acceptance before they are dealt."""
    return (
        Participant.objects.filter(
            player=user,
            consent=Participant.Consent.AWAITING,
            match__live=True,
            match__status=Match.Status.INVITED,
        )
        .select_related("match__created_by")
        .order_by("match_id")
    )


def results_to_confirm(user):
    """League results I played in that wait for my confirmation."""
    confirmed = Confirmation.objects.filter(result=OuterRef("pk"), player=user)
    return (
        LeagueMatch.objects.filter(
            status=LeagueMatch.Status.REPORTED, match__participants__player=user
        )
        .exclude(Exists(confirmed))
        .select_related("league")
        .order_by("id")
    )


def fighters_with_flips(user):
    """My active fighters with card flips to spend or a card showing."""
    showing = FlipDraw.objects.filter(fighter=OuterRef("pk"), resolution__isnull=True)
    return (
        Fighter.objects.filter(gang__owner=user, status=Fighter.Status.ACTIVE)
        .filter(Q(flips__gt=0) | Q(Exists(showing)))
        .select_related("gang")
        .order_by("gang__name", "id")
    )


def live_matches(user) -> list[dict]:
    """My running live matches, each marked when the game waits for my move (the engine's
    legal actions for my seat, not a rule of ours)."""
    seats = Participant.objects.filter(
        player=user, match__live=True, match__status=Match.Status.LIVE
    ).select_related("match")
    out = []
    for seat in seats:
        game = get_ruleset(seat.match.ruleset)
        waiting = False
        if game is not None:
            try:
                waiting = bool(game.legal_actions(seat.match.state, seat.seat))
            except Exception:  # an engine's trouble must not take the home page down
                log.exception("legal_actions failed for match %s", seat.match_id)
        out.append(
            {
                "match": seat.match,
                "game": game_name(seat.match.ruleset),
                "waiting": waiting,
            }
        )
    return out


def attention(user) -> dict:
    """Everything that waits for ``user``, one query per list: the home page's "needs your
    attention" and ``GET /api/v1/me/attention/`` both read this (one truth)."""
    live = live_matches(user)
    return {
        "requests": list(requests_to_decide(user)),
        "league_invitations": list(league_invitations(user)),
        "battles": list(battles_to_confirm(user)),
        "scheduled": list(campaign_selectors.scheduled_battles_to_play(user)),
        "results": list(results_to_confirm(user)),
        "flips": list(fighters_with_flips(user)),
        "match_invitations": match_invitation_items(user),
        "your_turn": [item for item in live if item["waiting"]],
        "live": live,
    }


def league_tables(user) -> list[dict]:
    """Where I sit in the league rounds being played ("Round 3, table 5: against bob"): the
    home page's attention list shows it. Not in ``attention``: the API's list keeps its
    query budget, and a seat is not a decision waiting for an answer."""
    return my_tables(user)


def match_invitation_items(user) -> list[dict]:
    """My match invitations, each with the gang select its acceptance needs (``bring``: a
    friendly battle's, from matches.services; None for the others). One query for the list,
    one to tell the friendly ones, one for my gangs when any is."""
    seats = list(match_invitations(user))
    needing = services.seats_needing_gang(seats)
    gangs: dict[str, list] = {}
    items = []
    for seat in seats:
        bring = None
        if seat.pk in needing:
            ruleset = seat.match.ruleset
            if ruleset not in gangs:
                gangs[ruleset] = services.gangs_to_bring(ruleset=ruleset, player=user)
            select_id = f"bring-gang-{seat.match_id}"
            bring = {"gangs": gangs[ruleset], "error": "", "chosen": "", "select_id": select_id}
        game = game_name(seat.match.ruleset)
        items.append({"seat": seat, "match": seat.match, "game": game, "bring": bring})
    return items


def waits(attention_: dict) -> bool:
    """Whether anything in ``attention(user)`` asks for an answer (a running match where it
    is not my move does not)."""
    return any(v for k, v in attention_.items() if k != "live")
