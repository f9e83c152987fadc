"""Arbitrators run campaigns from the admin. Every override goes through campaigns.services,
so it is checked the same way as over the API and written to the campaign log."""

from campaigns.admin import battles, campaigns, missions, records, sessions  # noqa: F401
