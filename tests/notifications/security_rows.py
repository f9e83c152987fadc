"""Rows for the permissions matrix (tests/security/test_permissions_matrix.py) covering the
notifications app, added there with:

    from tests.notifications.security_rows import notification_rows
    MATRIX += notification_rows(Row, expect, outsiders)

A person's inbox and email choices are their own (someone else's notification is a 404, as
if it did not exist); a campaign's webhooks are its arbitrators' and staff's, a league's its
organisers' (the arbitrator persona) and staff's. A webhook's URL is a public address by
number, so that saving it needs no DNS.
"""

from __future__ import annotations

PUBLIC_URL = "http://93.184.215.14/hook"


def _notification(world) -> None:
    from notifications.services import Notice, notify_many

    owner = world.users["owner"]
    (pk,) = notify_many(notices=[Notice(owner.pk, "match.finished", {"game": "G"}, "/")])
    world.ids["notification"] = pk


def _webhook(world) -> None:
    from notifications.models import Webhook

    hook = Webhook.objects.create(campaign_id=world.ids["campaign"], url=PUBLIC_URL, secret="s")
    world.ids["webhook"] = hook.pk


def _league(world) -> None:
    """A league the arbitrator organises, made in the cell (other rows' cells leave
    ``ids["league"]`` naming leagues they rolled back)."""
    from leagues import services as leagues

    league = leagues.create_league(
        creator=world.users["arbitrator"], name="Webhook Cup", ruleset="battle-royale"
    )
    world.ids["webhook_league"] = league.pk


def notification_rows(Row, expect, outsiders) -> list:
    everyone = expect(401, 200, 200, 200, 200)
    organisers = expect(401, 403, 403, 201, 201)
    return [
        Row(
            "POST",
            "/api/v1/me/notifications/{notification_id}/read/",
            lambda w: f"/api/v1/me/notifications/{w.ids['notification']}/read/",
            expect(401, 404, 200, 404, 404),
            prepare=_notification,
        ),
        Row(
            "POST",
            "/api/v1/me/notifications/read-all/",
            lambda w: "/api/v1/me/notifications/read-all/",
            everyone,
        ),
        Row(
            "PUT",
            "/api/v1/me/notification-settings/",
            lambda w: "/api/v1/me/notification-settings/",
            everyone,
            body=lambda w: {"email": {"rounds": "daily"}},
        ),
        Row(
            "POST",
            "/api/v1/campaigns/{id}/webhooks/",
            lambda w: f"/api/v1/campaigns/{w.ids['campaign']}/webhooks/",
            {**organisers, **outsiders(403)},
            body=lambda w: {"url": PUBLIC_URL, "format": "discord"},
        ),
        Row(
            "POST",
            "/api/v1/leagues/{id}/webhooks/",
            lambda w: f"/api/v1/leagues/{w.ids['webhook_league']}/webhooks/",
            organisers,
            body=lambda w: {"url": PUBLIC_URL, "format": "json"},
            prepare=_league,
        ),
        Row(
            "DELETE",
            "/api/v1/webhooks/{id}/",
            lambda w: f"/api/v1/webhooks/{w.ids['webhook']}/",
            expect(401, 403, 403, 204, 204),
            prepare=_webhook,
        ),
        Row(
            "POST",
            "/api/v1/webhooks/{id}/resume/",
            lambda w: f"/api/v1/webhooks/{w.ids['webhook']}/resume/",
            expect(401, 403, 403, 200, 200),
            prepare=_webhook,
        ),
        Row(
            "POST",
            "/api/v1/webhooks/{id}/pause/",
            lambda w: f"/api/v1/webhooks/{w.ids['webhook']}/pause/",
            expect(401, 403, 403, 200, 200),
            prepare=_webhook,
        ),
    ]
