from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"

    def ready(self):
        # The your-turn check and the clock-low sweep (notifications/turns.py, reminders.py)
        # ask matches what a live match waits for and which clocks run, through these
        # registrations: notifications imports no app above it.
        from matches import live_hooks
        from notifications import owners

        owners.register_turns(live_hooks.live_turn)
        owners.register_clocks(live_hooks.running_clocks)
