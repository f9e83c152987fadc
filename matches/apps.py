from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"

    def ready(self):
        # The your-turn check (notifications/turns.py) asks matches what a live match waits
        # for, through this registration: notifications imports no app above it.
        from matches import live_hooks
        from notifications import owners

        owners.register_turns(live_hooks.live_turn)
