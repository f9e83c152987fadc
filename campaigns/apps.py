from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "campaigns"

    def ready(self):
        # A campaign's arbitrators oversee the gangs playing in it: rosters asks this rule
        # (through its access hook) without importing campaigns.
        from campaigns.selectors import arbitrates_gang
        from rosters import access

        access.register_overseer_rule(arbitrates_gang)
