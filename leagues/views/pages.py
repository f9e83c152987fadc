"""The league page (standings, results to confirm, ratings chart), logging a result, joining,
and a player's page. Thin: ``leagues.services`` and ``leagues.selectors`` decide and read."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from config.pages import SERVICE_ERRORS, call_service, error_of, form_status
from leagues import access, selectors, services
from leagues.models import Confirmation, League, LeagueMatch, Membership
from leagues.ratings import display_rating
from leagues.views.chart import chart, rating_series
from leagues.views.forms import LeagueCreateForm, LeagueJoinForm, ResultForm
from leagues.views.rounds import night_context
from matches.models import Participant
from rulesets.registry import get_ruleset

RESULTS_SHOWN = 50
BREAKER_WORDS = {
    "head_to_head": gettext_lazy("head-to-head"),
    "wins": gettext_lazy("wins"),
    "average_placement": gettext_lazy("average place"),
    "opponents_strength": gettext_lazy("opponents' strength"),
    "score_difference": gettext_lazy("score difference"),
    "most_kills": gettext_lazy("most kills"),
}


def _league(pk: int) -> League:
    league = League.objects.prefetch_related("organisers").filter(pk=pk).first()
    if league is None:
        raise Http404
    return league


def _results(league: League):
    return (
        LeagueMatch.objects.filter(league=league)
        .select_related("match", "reported_by")
        .prefetch_related(
            Prefetch(
                "match__participants",
                queryset=Participant.objects.select_related("player").order_by("placement", "id"),
            ),
            Prefetch("confirmations", queryset=Confirmation.objects.select_related("player")),
        )
        .order_by("-reported_at", "-id")[:RESULTS_SHOWN]
    )


def _page(request, league: League, form: ResultForm | None = None, status: int = 200):
    user = request.user
    organiser = access.organises(user=user, league=league)
    members = list(
        Membership.objects.filter(league=league)
        .select_related("player", "added_by")
        .order_by("player__username")
    )
    game = get_ruleset(league.ruleset)
    results = list(_results(league))
    for result in results:
        players = [p.player for p in result.match.participants.all()]
        confirmed = {c.player_id for c in result.confirmations.all()}
        result.players = [(p, p.pk in confirmed) for p in players]
        result.awaiting = access.awaiting(
            players={p.pk: p.username for p in players}, confirmed=confirmed
        )
        # A player's own word, once: a confirmation, or a dispute withdrawn by confirming.
        may = access.can(
            user=user,
            action=access.Action.CONFIRM_RESULT,
            league=league,
            players={p.pk for p in players},
        )
        result.can_confirm = may and (
            (result.status == "reported" and user.pk not in confirmed)
            or (result.status == "disputed" and result.disputed_by_id == user.pk)
        )
    standings = selectors.league_standings(league)
    series = rating_series(league, [m.player for m in members])
    active = [m for m in members if m.status == Membership.Status.ACTIVE]
    is_member = any(m.player_id == user.pk for m in active)
    if form is None and (is_member or organiser):
        form = ResultForm(players=[m.player.username for m in active], game=game)
    invited = [m for m in members if m.status == Membership.Status.INVITED]
    context = {
        "league": league,
        "game": game,
        "organiser": organiser,
        "is_member": is_member,
        # The invited player answers here; organisers see who has not answered yet.
        "my_invitation": next((m for m in invited if m.player_id == user.pk), None),
        "unanswered": invited if organiser else [],
        "standings": standings,
        "breakers": [BREAKER_WORDS.get(b, b) for b in standings["tie_breakers"]],
        "results": results,
        "chart": chart(series),
        "form": form,
        "join_form": LeagueJoinForm(),
        **night_context(league, user),
    }
    return render(request, "leagues/league_detail.html", context, status=status)


@login_required
def league_detail(request, pk: int):
    return _page(request, _league(pk))


@login_required
@require_POST
def result_report(request, pk: int):
    league = _league(pk)
    members = (
        Membership.objects.filter(league=league, status=Membership.Status.ACTIVE)
        .select_related("player")
        .order_by("player__username")
    )
    form = ResultForm(
        request.POST, players=[m.player.username for m in members], game=get_ruleset(league.ruleset)
    )
    if form.is_valid():
        result = call_service(
            form, lambda: services.report_result(league=league, actor=request.user, **form.result())
        )
        if result is not None:
            messages.success(
                request,
                _("Result logged; it counts once every player has confirmed it.")
                if result.status == "reported"
                else _("Result logged and counted."),
            )
            return redirect(reverse("league-detail", args=[pk]) + f"#result-{result.pk}")
    return _page(request, league, form=form, status=form_status(form))


@login_required
@require_POST
def result_decision(request, pk: int, result_id: int, decision: str):
    result = get_object_or_404(LeagueMatch, pk=result_id, league_id=pk)
    try:
        if decision == "confirm":
            result = services.confirm_result(result=result, actor=request.user)
            text = (
                _("Confirmed: the result counts now.")
                if result.status == "confirmed"
                else _("Confirmed; waiting for the other players.")
            )
        elif decision == "dispute":
            services.dispute_result(
                result=result, actor=request.user, reason=request.POST.get("reason", "")
            )
            text = _("Disputed: an organiser settles it.")
        else:
            raise Http404
    except SERVICE_ERRORS as exc:
        messages.error(request, error_of(exc)[1])
        return redirect(reverse("league-detail", args=[pk]) + f"#result-{result_id}")
    messages.success(request, text)
    return redirect(reverse("league-detail", args=[pk]) + f"#result-{result_id}")


@login_required
@require_POST
def membership_decision(request, pk: int, membership_id: int, decision: str):
    """The invited player accepts or declines (``leagues.services`` decides who may: the
    same 403 as the API for anyone else)."""
    membership = get_object_or_404(Membership, pk=membership_id, league_id=pk)
    if decision == "accept":
        services.accept_membership(membership=membership, actor=request.user)
        text = _("Welcome to the league: results may name you now.")
    elif decision == "decline":
        services.decline_membership(membership=membership, actor=request.user)
        text = _("Invitation declined. You may still join later with the league's code.")
    else:
        raise Http404
    messages.success(request, text)
    return redirect("league-detail", pk)


@login_required
def league_create(request):
    form = LeagueCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        league = call_service(
            form, lambda: services.create_league(creator=request.user, **form.cleaned_data)
        )
        if league is not None:
            services.add_member(league=league, player=request.user, actor=request.user)
            messages.success(
                request, _("League founded. Its join code: %(code)s") % {"code": league.join_code}
            )
            return redirect("league-detail", league.pk)
    return render(request, "leagues/league_create.html", {"form": form}, status=form_status(form))


@login_required
def league_join(request):
    form = LeagueJoinForm(request.POST or None, initial={"join_code": request.GET.get("code", "")})
    if request.method == "POST" and form.is_valid():
        code = form.cleaned_data["join_code"].strip()
        league = League.objects.filter(join_code=code).first()
        if league is None:
            form.add_error("join_code", _("No league has this join code."))
        else:
            membership = call_service(
                form,
                lambda: services.add_member(
                    league=league, player=request.user, actor=request.user, join_code=code
                ),
                fields={"player": "join_code"},
            )
            if membership is not None:
                messages.success(request, _("You joined %(league)s.") % {"league": league.name})
                return redirect("league-detail", league.pk)
    return render(
        request,
        "leagues/league_join.html",
        {"form": form},
        status=form_status(form) if request.method == "POST" else 200,
    )


@login_required
def player_page(request, username: str):
    player = get_object_or_404(get_user_model(), username=username)
    stats = selectors.player_stats(player)
    for game in stats["games"]:
        points = [(i, p["display_rating"]) for i, p in enumerate(game["history"])]
        if points:
            points.insert(0, (-1, display_rating(game["history"][0]["rating_before"])))
        from leagues.views.chart import Series

        game["chart"] = chart([Series(player.username, points, "#7a2e12", "")]) if points else None
    gangs = player.gangs.order_by("name")
    return render(
        request, "leagues/player.html", {"player": player, "stats": stats, "gangs": gangs}
    )
