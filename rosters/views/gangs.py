"""Roster pages: my gangs, founding a gang, the roster sheet, its print layout and history."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from config.pages import call_service, form_status
from rosters import access, services, sharing
from rosters.history_lines import with_lines, with_notes
from rosters.models import Gang, GangEvent, LedgerEntry
from rosters.views import sheet
from rosters.views.forms import GangCreateForm, HireForm, PurchaseForm


@login_required
def gang_list(request):
    gangs = Gang.objects.filter(owner=request.user).order_by("name", "id")
    return render(request, "rosters/gang_list.html", {"gangs": gangs})


@login_required
def gang_create(request):
    form = GangCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        gang = call_service(
            form, lambda: services.create_gang(owner=request.user, **form.cleaned_data)
        )
        if gang is not None:
            messages.success(
                request,
                _("%(gang)s rode into town with %(credits)s credits. Hire your fighters next.")
                % {"gang": gang.name, "credits": gang.credits},
            )
            return redirect("gang-detail", gang.pk)
    return render(request, "rosters/gang_create.html", {"form": form}, status=form_status(form))


def sheet_page(request, gang_id: int, *, hire=None, buy=None, errors=None, status=None):
    """The roster sheet, for anyone signed in; the owner (or staff) gets the forms.
    ``errors`` puts a service's message inside the card or row it belongs to."""
    data, key = sheet.load_gang(gang_id)
    # Who may build, and the share link: the owner's, so never in the cached body.
    owner = Gang.objects.only("id", "owner_id", "share_token").filter(pk=gang_id).first()
    if owner is None:
        raise Http404
    buy_for = request.GET.get("fighter", "")
    context = sheet.roster(
        data,
        owner=owner,
        user=request.user,
        with_store=True,
        buy_for=int(buy_for) if buy_for.isdigit() else None,
    )
    if context["can_manage"]:
        fighters = [(c["fighter"]["id"], c["fighter"]["name"]) for c in context["active_cards"]]
        credits = data["credits"]
        context["hire_form"] = hire or HireForm(
            roles=context["roles"],
            credits=credits,
            offered={o.slug for o in context["hire_offers"] if o.offered},
        )
        context["buy_form"] = buy or PurchaseForm(
            store=context["store"],
            fighters=fighters,
            credits=credits,
            offered={o.slug for o in context["buy_offers"] if o.offered},
            initial={"fighter": buy_for},
        )
        context["share_url"] = sharing.share_url(request, owner)
        context["roster_consents"] = access.roster_consents(gang_id)
    else:
        context["roster_body"] = sheet.read_only_body(context, key)
    if errors:
        _place_errors(context, errors)  # drawn anew, each refusal in its card or row
    elif context["can_manage"]:
        context["roster_body"] = sheet.owner_body(request, context, key)
    return render(
        request,
        "rosters/gang_detail.html",
        context,
        status=status or form_status(hire, buy),
    )


def _place_errors(context: dict, errors: dict[str, str]) -> None:
    """Each refusal goes inside the card or the row it is about."""
    for card in context["active_cards"] + context["gone_cards"]:
        card["error"] = errors.get(f"fighter-{card['fighter']['id']}")
        for row in card["kit"]:
            row["error"] = errors.get(f"equipment-{row['equipment']['id']}")
    for row in context["stash"]:
        row["error"] = errors.get(f"equipment-{row['equipment']['id']}")
    for row in context["goods"]:
        row["error"] = errors.get(f"goods-{row['goods']['id']}")


@login_required
def gang_detail(request, pk: int):
    return sheet_page(request, pk)


@login_required
def gang_print(request, pk: int):
    data, key = sheet.load_gang(pk)
    context = sheet.roster(data)
    context["roster_body"] = sheet.read_only_body(context, key)
    return render(request, "rosters/gang_print.html", context)


@login_required
def gang_history(request, pk: int):
    gang = Gang.objects.select_related("owner").filter(pk=pk).first()
    if gang is None:
        raise Http404
    events = with_lines(GangEvent.objects.filter(gang=gang).select_related("actor").order_by("-id"))
    ledger = with_notes(
        LedgerEntry.objects.filter(gang=gang).select_related("actor").order_by("id")
    )
    return render(
        request,
        "rosters/gang_history.html",
        {"gang": gang, "events": events, "ledger": ledger},
    )


@never_cache
def gang_shared(request, token: str):
    """The read-only roster behind a share link: no sign-in, nothing else of the owner."""
    gang_id = sharing.gang_id_for_token(token)
    if gang_id is None:
        raise Http404
    data, key = sheet.load_gang(gang_id)
    context = sheet.roster(data)
    context["roster_body"] = sheet.read_only_body(context, key)
    context["gang"].pop("owner")  # nothing of the owner: not even in the page's context
    context["shared"] = True
    response = render(request, "rosters/gang_shared.html", context)
    response["X-Robots-Tag"] = "noindex, nofollow"
    response["Referrer-Policy"] = "no-referrer"  # the secret stays out of other sites' logs
    return response


@login_required
@require_POST
def gang_share(request, pk: int):
    sharing.share_gang(user=request.user, gang_id=pk)
    messages.success(request, _("Share link ready: anyone with it can read this roster."))
    return redirect(f"{_detail_url(pk)}#share")


@login_required
def gang_unshare(request, pk: int):
    """GET: asks first (the link stops working for everyone who has it); POST: revoke."""
    if request.method != "POST":
        gang = access.access_gang(user=request.user, action=access.Action.SHARE, gang_id=pk)
        context = {
            "gang": gang,
            "question": _("Revoke the share link?"),
            "lines": [_("Everyone who has the link can no longer read the roster with it.")],
            "confirm": _("Revoke the link"),
            "cancel_url": f"{_detail_url(pk)}#share",
            "cancel": _("Keep the link"),
        }
        return render(request, "rosters/confirm.html", context)
    sharing.revoke_share(user=request.user, gang_id=pk)
    messages.success(request, _("Share link revoked: it now leads nowhere."))
    return redirect(f"{_detail_url(pk)}#share")


def _detail_url(pk: int) -> str:
    from django.urls import reverse

    return reverse("gang-detail", args=[pk])
