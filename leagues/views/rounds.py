"""League nights on the player site: the organiser's controls on the league page (open and
close a round, check players in), the printable pairings with the round clock, and the
standings to put on a screen. Thin: ``leagues.services.rounds`` decides."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from config.pages import SERVICE_ERRORS, error_of
from leagues import access, rounds_selectors, services
from leagues.event_standings import EVENT_BREAKERS
from leagues.models import CheckIn, League, Membership
from leagues.rounds_models import Round

BREAKER_WORDS = {
    "buchholz": gettext_lazy("Buchholz (the opponents' points)"),
    "opponents_win_percentage": gettext_lazy("opponents' match-win percentage"),
    "head_to_head": gettext_lazy("head-to-head"),
}


def night_context(league: League, user) -> dict:
    """What the league page shows of its nights: the round being played (or the last), my
    table, and for organisers who is checked in."""
    rounds = list(rounds_selectors.rounds_of(league))
    last = rounds_selectors.round_answer(rounds[-1]) if rounds else None
    organiser = access.can(user=user, action=access.Action.RUN_ROUNDS, league=league)
    members = []
    if organiser:
        present = set(rounds_selectors.checked_in(league))
        members = [
            {"name": m.player.username, "in": m.player.username in present}
            for m in Membership.objects.filter(league=league, status=Membership.Status.ACTIVE)
            .select_related("player")
            .order_by("player__username")
        ]
    mine = CheckIn.objects.filter(league=league, player_id=user.pk).first()
    return {
        "night": {
            "round": last,
            "members": members,
            "my_check_in": mine.status if mine else None,
            "asks_check_in": league.asks_check_in,
        }
    }


def _back(pk: int):
    return redirect(reverse("league-detail", args=[pk]) + "#night")


def _minutes(raw: str):
    raw = (raw or "").strip()
    return int(raw) if raw.isdigit() else (raw or None)


@login_required
@require_POST
def night_action(request, pk: int, action: str):
    """open / close a round, check-in / drop (``player`` for an organiser's other player)."""
    league = get_object_or_404(League, pk=pk)
    user = request.user
    try:
        if action == "open":
            round_ = services.open_round(
                league=league, actor=user, minutes=_minutes(request.POST.get("minutes"))
            )
            text = _("Round %(number)s is paired.") % {"number": round_.number}
        elif action == "close":
            round_ = services.close_round(
                league=league, actor=user, unreported=request.POST.get("unreported") or None
            )
            text = _("Round %(number)s is closed.") % {"number": round_.number}
        elif action in ("check-in", "drop"):
            name = request.POST.get("player")
            player = services.find_player(name) if name else user
            verb = services.check_in if action == "check-in" else services.drop
            verb(league=league, actor=user, player=player)
            text = (
                _("%(player)s is checked in for the next round.")
                if action == "check-in"
                else _("%(player)s is out of the next rounds.")
            ) % {"player": player.username}
        else:
            raise Http404
    except SERVICE_ERRORS as exc:
        messages.error(request, error_of(exc)[1])
        return _back(pk)
    messages.success(request, text)
    return _back(pk)


@login_required
def pairings_page(request, pk: int, number: int | None = None):
    """The round's tables and byes, printable, with the round clock; a player of a table
    still waiting reports its result here."""
    league = get_object_or_404(League, pk=pk)
    rounds = rounds_selectors.rounds_of(league)
    round_ = rounds.filter(number=number).first() if number else rounds.order_by("number").last()
    if round_ is None:
        raise Http404
    answer = rounds_selectors.round_answer(round_)
    mine = next(
        (
            t
            for t in answer["tables"]
            if request.user.username in t["players"] and t["status"] == "waiting"
        ),
        None,
    )
    places = list(range(1, len(mine["players"]) + 1)) if mine else []
    return render(
        request,
        "leagues/pairings.html",
        {"league": league, "round": answer, "my_table": mine, "places": places},
    )


@login_required
@require_POST
def table_report(request, pk: int, number: int, table: int):
    """A player of the table reports its result: each player's place."""
    league = get_object_or_404(League, pk=pk)
    back = reverse("league-pairings-round", args=[pk, number])
    placements = {}
    for key, value in request.POST.items():
        if key.startswith("place:"):
            placements[key.removeprefix("place:")] = int(value) if value.isdigit() else value
    try:
        services.report_table_result(
            league=league, actor=request.user, round=number, table=table, placements=placements
        )
    except SERVICE_ERRORS as exc:
        messages.error(request, error_of(exc)[1])
        return redirect(back)
    messages.success(request, _("Result logged; it counts once every player has confirmed it."))
    return redirect(back)


@login_required
def night_standings_page(request, pk: int):
    """The night's standings, large, for a screen (it reloads itself)."""
    league = get_object_or_404(League, pk=pk)
    last = Round.objects.filter(league=league).order_by("-number").first()
    return render(
        request,
        "leagues/night_standings.html",
        {
            "league": league,
            "rows": rounds_selectors.event_standings_of(league),
            "round": last,
            "breakers": [BREAKER_WORDS[b] for b in EVENT_BREAKERS],
        },
    )
