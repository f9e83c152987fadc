"""Notifications: what waits for a person reaches them: inbox, email, webhooks.

See docs/notifications.md."""
