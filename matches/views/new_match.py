"""``/matches/new/``: start a live game of any of the four, against players (invited) and
bots, with the game's options; and the home page's one-click game against a bot. Both call
the API's service (``POST matches/``: ``matches.services.start_live_match``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.pages import SERVICE_ERRORS, call_service, error_of, form_status
from matches import services
from matches.policies import default_policy
from matches.views.new_match_form import NewMatchForm
from rulesets.registry import all_rulesets, game_name, get_ruleset


def _live_game(slug: object):
    game = get_ruleset(slug) if isinstance(slug, str) else None
    return game if game is not None and game.live else None


def _games() -> list[dict]:
    return [{"slug": g.slug, "name": g.name} for g in all_rulesets() if g.live]


@login_required
def new_match(request):
    """Pick the game (a link each, no script needed), then its form."""
    slug = request.POST.get("ruleset") if request.method == "POST" else request.GET.get("ruleset")
    game = _live_game(slug)
    if game is None:
        status = 404 if slug else 200
        return render(request, "matches/new.html", {"games": _games(), "form": None}, status=status)
    gangs = None
    if services.plays_with_gangs(game.slug):
        gangs = services.gangs_to_bring(ruleset=game.slug, player=request.user)
    form = NewMatchForm(request.POST or None, game=game, gangs=gangs)
    if request.method == "POST" and form.is_valid():
        match = call_service(
            form,
            lambda: services.start_live_match(
                created_by=request.user, **form.start_kwargs(user=request.user)
            ),
            fields=form.service_fields(),
        )
        if match is not None:
            messages.success(request, _started(match))
            return redirect("match-table", match.pk)
    context = {"games": _games(), "form": form, "game": game, "gangs": gangs}
    status = form_status(form) if request.method == "POST" else 200
    return render(request, "matches/new.html", context, status=status)


def _started(match) -> str:
    name = game_name(match.ruleset)
    if match.status == match.Status.INVITED:
        return _("%(game)s match %(number)s: the invitations are sent.") % {
            "game": name,
            "number": match.pk,
        }
    return _("%(game)s match %(number)s has begun.") % {"game": name, "number": match.pk}


@login_required
@require_POST
def play_a_bot(request, slug: str):
    """One click from the home page: a game against one bot of the game's default kind; in a
    game fought with gangs, the player's first gang able to fight (none: the form says why)."""
    game = _live_game(slug)
    if game is None:
        raise Http404
    form_url = f"{reverse('match-new')}?ruleset={game.slug}"
    fields = {
        "ruleset": game.slug,
        "players": [request.user.username],
        "bots": 1,
        "bot_policy": default_policy(game.slug),
        "options": {},
    }
    if services.plays_with_gangs(game.slug):
        gangs = services.gangs_to_bring(ruleset=game.slug, player=request.user)
        if not gangs:
            return redirect(form_url)
        fields["gang"] = gangs[0].pk
    try:
        match = services.start_live_match(created_by=request.user, **fields)
    except SERVICE_ERRORS as exc:
        messages.error(request, error_of(exc)[1])
        return redirect(form_url)
    messages.success(request, _started(match))
    return redirect("match-table", match.pk)
