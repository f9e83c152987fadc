"""The outbox: one row per person per event, written in the event's own transaction, rendered
in the reader's language at read time (``notifications.texts``) from its kind and params."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Category(models.TextChoices):
    """What a person chooses email for (``Preference``): a few families of kinds."""

    INVITATIONS = "invitations", _("Invitations")
    CONFIRMATIONS = "confirmations", _("Results to confirm or disputed")
    ROUNDS = "rounds", _("Campaign rounds")
    POST_GAME = "post_game", _("Post-games and card flips")
    TURNS = "turns", _("Your turn in a live match")
    MATCHES = "matches", _("Finished matches")
    ORGANISING = "organising", _("Organising (webhooks)")


class Notification(models.Model):
    class Email(models.TextChoices):
        PENDING = "pending", "not yet looked at by the email task"
        DIGEST = "digest", "waits for the daily digest"
        SENDING = "sending", "claimed by a worker (left so if it died mid-send: never re-sent)"
        SENT = "sent", "accepted by the mail server"
        SKIPPED = "skipped", "not emailed (never, or no address)"
        FAILED = "failed", "the mail server refused it"

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    category = models.CharField(max_length=20, choices=Category.choices)
    kind = models.CharField(max_length=40)
    params = models.JSONField(default=dict, blank=True)
    link = models.CharField(max_length=200, blank=True)  # a site path: "/campaigns/3/"
    created_at = models.DateTimeField(default=timezone.now)
    read_at = models.DateTimeField(null=True, blank=True)
    # Your-turn notices: one per seat and version ("match:4:seat:B:v:17"); empty for the rest.
    dedupe_key = models.CharField(max_length=100, blank=True)
    email = models.CharField(max_length=10, choices=Email.choices, default=Email.PENDING)
    email_claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["recipient", "-id"], name="notification_inbox"),
            models.Index(
                fields=["recipient"],
                condition=models.Q(read_at__isnull=True),
                name="notification_unread",
            ),
            models.Index(
                fields=["email", "created_at"],
                condition=models.Q(email__in=["pending", "digest"]),
                name="notification_email_waiting",
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["recipient", "dedupe_key"],
                condition=~models.Q(dedupe_key=""),
                name="notification_once_per_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.recipient_id}"


class Preference(models.Model):
    """Email per person and category; no row means the category's default (``DEFAULT_EMAIL``)."""

    class Email(models.TextChoices):
        IMMEDIATELY = "immediately", _("Immediately")
        DAILY = "daily", _("In a daily digest")
        NEVER = "never", _("Never")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_preferences"
    )
    category = models.CharField(max_length=20, choices=Category.choices)
    email = models.CharField(max_length=12, choices=Email.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "category"], name="preference_once"),
        ]

    def __str__(self) -> str:
        return f"{self.category}: {self.email}"


DEFAULT_EMAIL = {
    Category.INVITATIONS: Preference.Email.IMMEDIATELY,
    Category.CONFIRMATIONS: Preference.Email.IMMEDIATELY,
    Category.ROUNDS: Preference.Email.IMMEDIATELY,
    Category.POST_GAME: Preference.Email.DAILY,
    Category.TURNS: Preference.Email.IMMEDIATELY,
    Category.MATCHES: Preference.Email.DAILY,
    Category.ORGANISING: Preference.Email.IMMEDIATELY,
}


class Reader(models.Model):
    """The language a person's emails are written in: the site language of the last page
    they saw signed in (recorded by the header's unread count when it changes)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="notification_reader",
    )
    language = models.CharField(max_length=8, default="en")

    def __str__(self) -> str:
        return self.language


class Webhook(models.Model):
    """A campaign's or a league's outgoing webhook, added by its organisers
    (``notifications.webhooks``). The secret signs every body and is shown once."""

    class Format(models.TextChoices):
        DISCORD = "discord", "Discord (content and embeds)"
        JSON = "json", "JSON"

    campaign = models.ForeignKey(
        "campaigns.Campaign", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    league = models.ForeignKey(
        "leagues.League", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    url = models.URLField(max_length=500)
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.JSON)
    secret = models.CharField(max_length=64, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    # Consecutive deliveries given up on; at WEBHOOK_PAUSE_AFTER the webhook is paused.
    failures = models.PositiveIntegerField(default=0)
    paused_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(campaign__isnull=False, league__isnull=True)
                | models.Q(campaign__isnull=True, league__isnull=False),
                name="webhook_one_owner",
            ),
        ]

    def __str__(self) -> str:
        return self.url


class WebhookDelivery(models.Model):
    """One event for one webhook: its log (last status, next try) and its idempotency key."""

    class Status(models.TextChoices):
        PENDING = "pending", "waiting for its next try"
        DELIVERED = "delivered", "answered 2xx"
        GIVEN_UP = "given_up", "given up after the last try"

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event = models.CharField(max_length=40)
    key = models.CharField(max_length=64, unique=True)  # the Idempotency-Key header
    body = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_status = models.PositiveSmallIntegerField(null=True, blank=True)  # HTTP status
    last_error = models.CharField(max_length=300, blank=True)
    next_try_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(
                fields=["next_try_at"],
                condition=models.Q(status="pending"),
                name="delivery_due",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event} ({self.status})"
