"""The inbox page, email settings and one-click unsubscribe. Thin: the services write, the
selectors read, as for the API."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from notifications import mail, selectors, services
from notifications.errors import NotificationError
from notifications.models import Category, Preference
from notifications.texts import render as render_text


@login_required
def inbox(request):
    page = Paginator(selectors.inbox(user=request.user), 25).get_page(request.GET.get("page"))
    rows = [(row, render_text(row.kind, row.params)) for row in page.object_list]
    return render(request, "notifications/inbox.html", {"page": page, "rows": rows})


@login_required
@require_POST
def open_notification(request, pk: int):
    """Mark it read and go to its page (the "open" button of a row)."""
    try:
        row = services.mark_read(user=request.user, notification_id=pk)
    except NotificationError:
        return redirect("notifications-inbox")
    if request.POST.get("stay") or not url_has_allowed_host_and_scheme(row.link, None):
        return redirect("notifications-inbox")
    return redirect(row.link or "notifications-inbox")


@login_required
@require_POST
def read_all(request):
    services.mark_all_read(user=request.user)
    return redirect("notifications-inbox")


@login_required
@require_http_methods(["GET", "POST"])
def settings_page(request):
    errors = {}
    if request.method == "POST":
        wanted = {c.value: request.POST.get(c.value) for c in Category if c.value in request.POST}
        try:
            services.set_email_choices(user=request.user, choices=wanted)
        except NotificationError as exc:
            errors = exc.errors
        else:
            messages.success(request, _("Your email choices are saved."))
            return redirect("notifications-settings")
    chosen = services.email_choices(user=request.user)
    rows = [(c.value, c.label, chosen[c.value], errors.get(c.value, [])) for c in Category]
    return render(
        request,
        "notifications/settings.html",
        {"rows": rows, "choices": Preference.Email.choices},
    )


# RFC 8058: the mail provider POSTs "List-Unsubscribe=One-Click" with neither cookie nor CSRF
# token; the signed token in the URL is the whole authority (one person, one category).
@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    found = mail.read_unsubscribe_token(token)
    if found is None:
        return render(request, "notifications/unsubscribe.html", {"bad": True}, status=400)
    user_id, category = found
    labels = dict(Category.choices)
    what = labels.get(category) if category != "*" else _("All emails")
    if request.method == "POST":
        services.unsubscribe(user_id=user_id, category=category)
        return render(request, "notifications/unsubscribe.html", {"done": True, "what": what})
    return render(request, "notifications/unsubscribe.html", {"what": what})
