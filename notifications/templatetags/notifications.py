"""The header's unread count; it also keeps the language emails are written in up to date
(the reader's last site language), writing only when it changed."""

from __future__ import annotations

from django import template
from django.conf import settings

from notifications import selectors, services

register = template.Library()


@register.simple_tag(takes_context=True)
def unread_notifications(context) -> int:
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return 0
    count, language = selectors.unread_and_language(user_id=user.pk)
    current = (getattr(request, "LANGUAGE_CODE", None) or settings.LANGUAGE_CODE)[:2]
    if current != (language or settings.LANGUAGE_CODE[:2]):  # no row yet: the default
        services.remember_language(user_id=user.pk, language=current)
    return count


@register.simple_tag
def notification_poll_ms() -> int:
    return int(getattr(settings, "NOTIFY_POLL_SECONDS", 30) * 1000)


@register.inclusion_tag("notifications/webhooks_section.html", takes_context=True)
def webhooks_section(context, target) -> dict:
    """A campaign's or league's webhooks, for whoever its app's access module lets manage
    them (nothing at all for anyone else); a new webhook's secret, once."""
    from notifications import access, owners
    from notifications.webhook_pages import NEW_SECRET, WebhookForm

    request = context.get("request")
    user = getattr(request, "user", None)
    kind = target._meta.model_name
    if user is None or kind not in owners.kinds():
        return {"show": False}
    if not access.may_manage_webhooks(user=user, **{kind: target}):
        return {"show": False}
    return {
        "show": True,
        "kind": kind,
        "target": target,
        "hooks": selectors.webhooks_of(kind=kind, owner=target),
        "new": request.session.pop(NEW_SECRET, None),
        "form": WebhookForm(),
        "pause_after": getattr(settings, "WEBHOOK_PAUSE_AFTER", 5),
        "csrf_token": context.get("csrf_token"),
    }
