"""The home page, and the not-found answer shared by the pages and the API."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from config.api import json_404
from web import selectors

# The four games, in the words a newcomer needs (names as their rulebooks print them).
GAMES = [
    (
        "last-hope-frontier",
        "Last Hope Frontier",
        _(
            "Western gang skirmish with a deck of playing cards: build a gang, play campaign "
            "battles, heal injuries and flip cards to advance."
        ),
    ),
    (
        "le-dernier-peuple",
        "Le Dernier Peuple",
        _("A circle of territory cards and two meeples each: first to 12 victory points wins."),
    ),
    (
        "battle-royale",
        "Battle Royale Last One Standing",
        _("Warriors on tiles around the flag, pushing and exploding: be the last one standing."),
    ),
    (
        "last-one-standing",
        "Last One Standing",
        _("Hex-island battle royale for 2 to 8 players: drop in, loot, shoot, survive."),
    ),
]


def home(request):
    if not request.user.is_authenticated:
        return render(request, "web/home_signed_out.html", {"games": GAMES})
    user = request.user
    context = selectors.attention(user)
    tables = selectors.league_tables(user)
    context.update(
        gangs=list(selectors.my_gangs(user)),
        campaigns=list(selectors.my_campaigns(user)),
        leagues=list(selectors.my_leagues(user)),
        tables=tables,
        attention=selectors.waits(context) or bool(tables),
    )
    return render(request, "web/home.html", context)


def not_found(request, exception=None):
    """handler404: the API's JSON body under /api/, a page everywhere else."""
    if request.path.startswith("/api/"):
        return json_404(request, exception)
    return render(request, "web/404.html", status=404)
