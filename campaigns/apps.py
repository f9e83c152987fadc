from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "campaigns"

    def ready(self):
        # A campaign's arbitrators oversee the gangs playing in it: rosters asks this rule
        # (through its access hook) without importing campaigns.
        from campaigns.selectors import arbitrates_gang, takedowns_by_fighter
        from rosters import access, takedowns

        access.register_overseer_rule(arbitrates_gang)
        # Battles record who took whom out of action: what an imported gang's flips may be.
        takedowns.register_source(takedowns_by_fighter)
