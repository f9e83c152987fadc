from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"

    def ready(self):
        # Its organisers run their leagues in the admin (config/admin_scope.py).
        from leagues import access

        access.register_admin()
        register_webhooks()


def register_webhooks() -> None:
    """Notifications asks leagues who manages a league's webhooks (it imports no app above it)."""
    from leagues import access
    from leagues.rounds_selectors import rounds_closing
    from notifications import owners

    owners.register_owner(
        owners.Owner(
            kind="league",
            model="leagues.League",
            may_manage=access.manages_webhooks,
            managed_by=access.leagues_organised_by,
            managers=access.webhook_managers,
            page="league-detail",
            refusal="Only the league's organisers manage its webhooks.",
        )
    )
    owners.register_closing_rounds("league", rounds_closing)
