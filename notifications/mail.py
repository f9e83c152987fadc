"""Email from the outbox: one notification at once, or a day's in one digest.

Sent at most once per notification: a worker claims the row with a conditional update
(``pending`` → ``sending``, or ``digest`` → ``sending``) before it talks to the mail server,
and only the worker whose update changed the row sends. A worker killed between the claim and
the server's answer leaves the row ``sending`` and it is never sent again: a lost email over
a doubled one, since the inbox still holds the notification (docs/notifications.md). A task
lost before the claim (the broker was down at the commit), or a mail server that did not
answer the connection (nothing sent: the row goes back), is found by ``sweep_emails``.
"""

from __future__ import annotations

import logging
import smtplib
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from notifications.models import DEFAULT_EMAIL, Notification, Preference, Reader
from notifications.texts import render

log = logging.getLogger(__name__)
Email = Notification.Email
UNSUBSCRIBE_SALT = "notifications.unsubscribe"


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def unsubscribe_token(*, user_id: int, category: str) -> str:
    return signing.dumps({"u": user_id, "c": category}, salt=UNSUBSCRIBE_SALT, compress=True)


def read_unsubscribe_token(token: str) -> tuple[int, str] | None:
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
        return int(data["u"]), str(data["c"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None


def _choice(user, category: str) -> str:
    chosen = Preference.objects.filter(user=user, category=category).values_list("email", flat=True)
    return next(iter(chosen), DEFAULT_EMAIL[category])


def _language(user) -> str:
    found = Reader.objects.filter(user=user).values_list("language", flat=True)
    return next(iter(found), settings.LANGUAGE_CODE[:2])


def _claim(ids: list[int], *, from_state: str) -> int:
    return Notification.objects.filter(pk__in=ids, email=from_state).update(
        email=Email.SENDING, email_claimed_at=timezone.now()
    )


def send_one(*, notification_id: int) -> str:
    """Send, hold for the digest, or skip one notification; returns what became of it."""
    n = Notification.objects.select_related("recipient").filter(pk=notification_id).first()
    if n is None or n.email != Email.PENDING:
        return "gone" if n is None else "done already"
    choice = _choice(n.recipient, n.category)
    if not n.recipient.email or choice == Preference.Email.NEVER:
        Notification.objects.filter(pk=n.pk, email=Email.PENDING).update(email=Email.SKIPPED)
        return "skipped"
    if choice == Preference.Email.DAILY:
        Notification.objects.filter(pk=n.pk, email=Email.PENDING).update(email=Email.DIGEST)
        return "digest"
    if not _claim([n.pk], from_state=Email.PENDING):
        return "claimed by another worker"
    return _send([n], user=n.recipient, category=n.category, back_to=Email.PENDING)


def send_digest(*, user) -> str:
    """Every notification of ``user`` held for the digest, in one email."""
    with transaction.atomic():
        rows = list(
            Notification.objects.select_for_update(skip_locked=True)
            .filter(recipient=user, email=Email.DIGEST)
            .order_by("id")
        )
        if not rows or not _claim([r.pk for r in rows], from_state=Email.DIGEST):
            return "nothing"
    return _send(rows, user=user, category="*", back_to=Email.DIGEST)


def send_digests() -> int:
    """Beat, once a day: one email per person with notifications held for the digest."""
    from django.contrib.auth import get_user_model

    waiting = Notification.objects.filter(email=Email.DIGEST).values("recipient_id").distinct()
    users = get_user_model().objects.filter(pk__in=waiting)
    return sum(send_digest(user=user) == "sent" for user in users)


def sweep_emails(*, older_than: timedelta = timedelta(minutes=2)) -> int:
    """Beat: notifications whose email task was lost before it claimed them."""
    cutoff = timezone.now() - older_than
    stale = Notification.objects.filter(email=Email.PENDING, created_at__lt=cutoff)
    ids = list(stale.order_by("id").values_list("pk", flat=True)[:500])
    return sum(send_one(notification_id=pk) == "sent" for pk in ids)


def _send(rows: list[Notification], *, user, category: str, back_to: str) -> str:
    message = build_message(rows, user=user, category=category)
    ids = [r.pk for r in rows]
    connection = get_connection()
    try:
        connection.open()
    except (smtplib.SMTPException, OSError) as exc:
        # Nothing was sent: the rows go back to wait, and sweep_emails (or the next digest)
        # sends them once the server answers.
        log.warning("mail server unreachable, email to user %s kept: %s", user.pk, exc)
        Notification.objects.filter(pk__in=ids).update(email=back_to, email_claimed_at=None)
        return "kept for later"
    message.connection = connection
    try:
        message.send()
    except (smtplib.SMTPException, OSError) as exc:
        # Left failed, not retried: the server may have taken it before the error.
        log.warning("email to user %s not sent: %s", user.pk, exc)
        Notification.objects.filter(pk__in=ids).update(email=Email.FAILED)
        return "failed"
    finally:
        connection.close()
    Notification.objects.filter(pk__in=ids).update(email=Email.SENT)
    return "sent"


def build_message(rows: list[Notification], *, user, category: str) -> EmailMultiAlternatives:
    """In the person's language: the sentences, each with an absolute link to its page, a
    plain-text part and an HTML one, and one-click unsubscribe (RFC 8058) for ``category``
    (``*``: a digest, every category)."""
    token = unsubscribe_token(user_id=user.pk, category=category)
    unsubscribe = absolute(reverse("notifications-unsubscribe", args=[token]))
    preferences = absolute(reverse("notifications-settings"))
    with translation.override(_language(user)):
        lines = [(render(r.kind, r.params), absolute(r.link or "/")) for r in rows]
        if len(rows) == 1:
            subject = lines[0][0]
        else:
            subject = ngettext(
                "Posse: %(count)d thing for you today",
                "Posse: %(count)d things for you today",
                len(rows),
            ) % {"count": len(rows)}
        choose = _("Choose what Posse emails you: %(url)s") % {"url": preferences}
        stop = _("Stop these emails: %(url)s") % {"url": unsubscribe}
    text = "\n\n".join(f"{sentence}\n{link}" for sentence, link in lines)
    text += f"\n\n-- \n{choose}\n{stop}\n"
    items = "".join(
        f'<li><p>{escape(sentence)}</p><p><a href="{escape(link)}">{escape(link)}</a></p></li>'
        for sentence, link in lines
    )
    html = (
        f"<!doctype html><html><body><ul>{items}</ul><hr>"
        f"<p>{escape(choose)}</p><p>{escape(stop)}</p></body></html>"
    )
    message = EmailMultiAlternatives(
        subject=subject[:150],
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[user.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )
    message.attach_alternative(html, "text/html")
    return message
