"""The table page of a live match, and the fragment a page fetches when it falls back to polling."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET

from matches.models import Match, Participant
from matches.spectators import seat_and_access
from matches.tables import table_for, table_version
from rulesets.registry import get_ruleset

FRAGMENT = "matches/_table.html"


def load_match(match_id: int) -> Match:
    """A live match of a known game with its seats and players, or 404."""
    match = (
        Match.objects.filter(pk=match_id, live=True)
        .prefetch_related(
            Prefetch("participants", queryset=Participant.objects.select_related("player"))
        )
        .first()
    )
    if match is None or get_ruleset(match.ruleset) is None:
        raise Http404("There is no live match with this number.")
    return match


def _watched(request, match_id: int):
    match = load_match(match_id)
    seat, allowed = seat_and_access(match=match, user=request.user)
    if not allowed:
        raise PermissionDenied("This match is not public: only its players may watch it.")
    return match, seat


def render_fragment(match: Match, seat: Participant | None) -> str:
    return render_to_string(FRAGMENT, {"table": table_for(match, seat)})


@require_GET
def table_page(request, match_id: int):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    match, seat = _watched(request, match_id)
    response = render(request, "matches/table.html", {"table": table_for(match, seat)})
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def table_fragment(request, match_id: int):
    """The table as HTML; ``?after=V`` answers 204 while the match is still at version V."""
    if not request.user.is_authenticated:
        raise PermissionDenied("Sign in to watch.")
    match, seat = _watched(request, match_id)
    after = request.GET.get("after", "")
    version = table_version(version=match.version, status=match.status)
    if after.lstrip("-").isdigit() and len(after) < 10 and int(after) >= version:
        return HttpResponse(status=204)
    response = HttpResponse(render_fragment(match, seat))
    response["Cache-Control"] = "no-store"
    response["X-Table-Version"] = str(version)
    return response
