from django.apps import AppConfig


class RostersConfig(AppConfig):
    name = "rosters"

    def ready(self):
        from rosters import revisions

        revisions.connect()
