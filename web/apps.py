from django.apps import AppConfig


class WebConfig(AppConfig):
    """The player site's shell: the base template, the home page, shared static files.

    Each app keeps its own pages (``<app>/views.py``, ``<app>/templates/<app>/``); they extend
    ``base.html`` from here.
    """

    name = "web"
    verbose_name = "Player site"
