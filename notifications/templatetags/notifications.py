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
