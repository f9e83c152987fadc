from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "campaigns"

    def ready(self):
        # A campaign's arbitrators oversee the gangs playing in it: rosters asks this rule
        # (through its access hook) without importing campaigns.
        from campaigns import access as campaign_access
        from campaigns.selectors import house_rules_of_gang, roster_consents, takedowns_by_fighter
        from matches import access as match_access
        from rosters import access, house_rules, takedowns

        access.register_overseer_rule(campaign_access.arbitrates_gang)
        # ...and, where the owner said so on the membership, manage its roster.
        access.register_roster_rule(campaign_access.manages_roster)
        access.register_consent_source(roster_consents)
        # Its members watch its live battles; its arbitrators run it in the admin.
        match_access.register_watch_rule(campaign_access.watches_live_battle)
        campaign_access.register_admin()
        # Battles record who took whom out of action: what an imported gang's flips may be.
        takedowns.register_source(takedowns_by_fighter)
        # A gang plays by the house rules its campaign chose (stat caps on its flips).
        house_rules.register_source(house_rules_of_gang)
        register_webhooks()


def register_webhooks() -> None:
    """Notifications asks campaigns who manages a campaign's webhooks, and its standings for
    the "round closed" event (notifications imports no app above it)."""
    from campaigns import access
    from campaigns.selectors import campaign_standings, rounds_closing
    from notifications import owners

    owners.register_owner(
        owners.Owner(
            kind="campaign",
            model="campaigns.Campaign",
            may_manage=access.manages_webhooks,
            managed_by=access.campaigns_with_webhooks_of,
            managers=access.webhook_managers,
            page="campaign-detail",
            refusal="Only the campaign's arbitrators manage its webhooks.",
            facts={"standings": campaign_standings},
        )
    )
    owners.register_closing_rounds("campaign", rounds_closing)
