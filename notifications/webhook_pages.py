"""Campaigns' and leagues' webhooks on their organisers' pages: add (the secret is shown
once, on the page the form returns to), pause, resume, delete (asked first). Thin: the same
services as the API (``notifications.webhooks``); the section itself is drawn by the
``webhooks_section`` tag on the campaign's and the league's page."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_http_methods, require_POST

from config.pages import call_service, form_status
from notifications import owners, webhooks
from notifications.models import Webhook

# The session key under which a new webhook's secret waits for the page that shows it once.
NEW_SECRET = "notifications:new-webhook-secret"


class WebhookForm(forms.Form):
    """What the API takes; the checks (the address, the format) are the service's."""

    url = forms.CharField(label=_lazy("Receiver's URL"), max_length=500)
    format = forms.ChoiceField(label=_lazy("Format"), choices=Webhook.Format.choices)


def _back(kind: str, pk: int) -> str:
    return reverse(owners.owner(kind).page, args=[pk]) + "#webhooks"


def _webhook(pk: int) -> tuple[Webhook, str, object]:
    hook = get_object_or_404(Webhook.objects.select_related("campaign", "league"), pk=pk)
    registered, target = owners.of_webhook(hook)
    return hook, registered.kind, target


@login_required
@require_POST
def add(request, kind: str, pk: int):
    if kind not in owners.kinds():
        raise Http404
    target = get_object_or_404(owners.model(kind), pk=pk)
    form = WebhookForm(request.POST)
    made = form.is_valid() and call_service(
        form,
        lambda: webhooks.add_webhook(
            actor=request.user,
            url=form.cleaned_data["url"],
            format=form.cleaned_data["format"],
            **{kind: target},
        ),
    )
    if not made:  # the form again, the service's words next to the field, and its 4xx
        context = {"form": form, "target": target, "back": _back(kind, pk), "kind": kind}
        return render(request, "notifications/webhook_add.html", context, status=form_status(form))
    hook, secret = made
    request.session[NEW_SECRET] = {"id": hook.pk, "secret": secret}
    return redirect(_back(kind, pk))


@login_required
@require_POST
def pause(request, pk: int):
    hook, kind, target = _webhook(pk)
    webhooks.pause_webhook(actor=request.user, webhook=hook)
    return redirect(_back(kind, target.pk))


@login_required
@require_POST
def resume(request, pk: int):
    hook, kind, target = _webhook(pk)
    webhooks.resume_webhook(actor=request.user, webhook=hook)
    return redirect(_back(kind, target.pk))


@login_required
@require_http_methods(["GET", "POST"])
def delete(request, pk: int):
    """GET asks first; POST removes it."""
    hook, kind, target = _webhook(pk)
    if request.method == "POST":
        webhooks.remove_webhook(actor=request.user, webhook=hook)
        messages.success(request, _("The webhook is removed."))
        return redirect(_back(kind, target.pk))
    from notifications import access

    access.require_manage_webhooks(user=request.user, **{kind: target})
    context = {"hook": hook, "target": target, "back": _back(kind, target.pk)}
    return render(request, "notifications/webhook_delete.html", context)
