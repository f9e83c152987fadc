"""The home page, and the error answers shared by the pages and the API (404, 403, 500)."""

from __future__ import annotations

import logging

from django.http import HttpResponseServerError
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from config.api import json_404, json_500
from rulesets.registry import game_name
from web import selectors

log = logging.getLogger(__name__)

# The four games, in the words a newcomer needs (their names: rulesets.registry.game_name).
BLURBS = [
    (
        "last-hope-frontier",
        _(
            "Western gang skirmish with a deck of playing cards: build a gang, play campaign "
            "battles, heal injuries and flip cards to advance."
        ),
    ),
    (
        "le-dernier-peuple",
        _("A circle of territory cards and two meeples each: first to 12 victory points wins."),
    ),
    (
        "battle-royale",
        _("Warriors on tiles around the flag, pushing and exploding: be the last one standing."),
    ),
    (
        "last-one-standing",
        _("Hex-island battle royale for 2 to 8 players: drop in, loot, shoot, survive."),
    ),
]


def _games() -> list[tuple[str, str, str]]:
    return [(slug, game_name(slug), blurb) for slug, blurb in BLURBS]


def home(request):
    if not request.user.is_authenticated:
        return render(request, "web/home_signed_out.html", {"games": _games()})
    user = request.user
    context = selectors.attention(user)
    tables = selectors.league_tables(user)
    context.update(
        gangs=list(selectors.my_gangs(user)),
        campaigns=list(selectors.my_campaigns(user)),
        leagues=list(selectors.my_leagues(user)),
        tables=tables,
        attention=selectors.waits(context) or bool(tables),
        games=_games(),
    )
    return render(request, "web/home.html", context)


def not_found(request, exception=None):
    """handler404: the API's JSON body under /api/, a page everywhere else."""
    if request.path.startswith("/api/"):
        return json_404(request, exception)
    return render(request, "web/404.html", status=404)


def forbidden(request, exception=None):
    """handler403: the site's page (the API answers its own 403s)."""
    return render(request, "web/403.html", status=403)


def server_error(request):
    """handler500: the API's JSON body under /api/, the site's page elsewhere; a plain line
    if even that page cannot be drawn (the database may be what failed)."""
    if request.path.startswith("/api/"):
        return json_500(request)
    try:
        return render(request, "web/500.html", status=500)
    except Exception:
        log.exception("the 500 page could not be drawn")
        return HttpResponseServerError("Something went wrong.", content_type="text/plain")
