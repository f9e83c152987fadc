"""The table page of a live match, and the fragment a page fetches when it falls back to polling."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.pages import SERVICE_ERRORS, error_of
from matches import services
from matches.access import seat_and_access
from matches.models import Match, Participant
from matches.tables import table_for, table_version
from matches.tables.jinja import phrasebook
from rulesets.registry import get_ruleset

FRAGMENT = "matches/_table.html"  # Jinja2 (matches/jinja2/, matches/tables/jinja.py)


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


def draw(table: dict) -> str:
    """A table's HTML: what the page shows inside ``#table``, and what its stream sends."""
    return render_to_string(FRAGMENT, {"table": table, "gettext": phrasebook()}, using="jinja2")


def render_fragment(match: Match, seat: Participant | None) -> str:
    return draw(table_for(match, seat))


@require_GET
def table_page(request, match_id: int):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    match, seat = _watched(request, match_id)
    return _page(request, match, seat)


def table_words() -> dict[str, str]:
    """What table.js says, in the reader's language (a json_script on the page)."""
    return {
        "busy": _("Your last move is still with the referee…"),
        "sending": _("Sending:"),
        "refused": _("The move was refused."),
        "unreachable": _("The server could not be reached; try again."),
        "waiting": _("Still waiting for the referee…"),
        "card_first": _("Choose a card from your hand first."),
        "click_area": _("Click on the table inside the highlighted area:"),
        "resign": _("Resign from this match?"),
        "resign_label": _("resign"),
        "outside": _("That spot is outside the allowed area."),
    }


def _page(request, match: Match, seat, *, gang_error: str = "", chosen: str = "", status=200):
    must_answer = _must_answer(match, seat)
    table = table_for(match, seat)
    context = {
        "table": table,
        "table_html": mark_safe(draw(table)),  # drawn by Jinja2, which escapes as it draws
        "words": table_words(),
        "must_answer": must_answer,
        "bring": _bring(match, seat, request.user, gang_error, chosen) if must_answer else None,
    }
    response = render(request, "matches/table.html", context, status=status)
    response["Cache-Control"] = "no-store"
    return response


def _bring(match: Match, seat: Participant, user, error: str, chosen: str) -> dict | None:
    """The gang select of an acceptance that must name one (a friendly battle), or None:
    whether it must, and which gangs qualify, are the service's (matches.services)."""
    if seat.pk not in services.seats_needing_gang([seat]):
        return None
    gangs = services.gangs_to_bring(ruleset=match.ruleset, player=user)
    return {"gangs": gangs, "error": error, "chosen": chosen, "select_id": "bring-gang"}


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


def _must_answer(match: Match, seat: Participant | None) -> bool:
    """The invited player's buttons, outside the pushed fragment (its forms need this page's
    CSRF token; a push renders the fragment without a request)."""
    return (
        seat is not None
        and match.status == Match.Status.INVITED
        and seat.consent == Participant.Consent.AWAITING
    )


# The page's answers call the API's services (matches.services): who may answer, and what
# an answer does (the last acceptance deals the match), is decided there.
ANSWERS = {"accept": services.accept_match, "decline": services.decline_match}


def _gang_id(raw: str):
    """The gang select's value as the API's ``{"gang": id}``: blank is none; anything but
    a number is passed on for the service to refuse ("There is no such gang.")."""
    raw = raw.strip()
    if not raw:
        return None
    return int(raw) if raw.isdigit() and len(raw) < 10 else raw


@login_required
@require_POST
def answer_invitation(request, match_id: int, decision: str):
    """Accept or decline one's seat in an invited match, then back to its page: the live
    table once the last seat accepted."""
    answer = ANSWERS.get(decision)
    if answer is None:
        raise Http404
    match, _seat = _watched(request, match_id)
    chosen = request.POST.get("gang", "")
    extra = {"gang": _gang_id(chosen)} if decision == "accept" else {}
    try:
        match, _changed = answer(match=match, player=request.user, **extra)
    except SERVICE_ERRORS as exc:
        field, sentence, status = error_of(exc)
        if field == "gang":  # no gang, not yours, nobody able to fight: next to the select
            match, seat = _watched(request, match_id)
            return _page(request, match, seat, gang_error=sentence, chosen=chosen, status=status)
        if status == 403:  # not your seat: the error page and its 403, as the API answers
            raise
        messages.error(request, sentence)  # too late (cancelled, dealt): said on the table
        return redirect("match-table", match_id)
    if match.status == Match.Status.LIVE:
        messages.success(request, _("Everyone accepted: the cards are dealt."))
    elif match.status == Match.Status.CANCELLED:
        messages.success(request, _("You declined: the match is cancelled."))
    else:
        messages.success(request, _("Accepted; waiting for the other players."))
    return redirect("match-table", match_id)
