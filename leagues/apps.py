from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"

    def ready(self):
        # Its organisers run their leagues in the admin (config/admin_scope.py).
        from leagues import access

        access.register_admin()
