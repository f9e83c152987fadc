"""The ASGI application (daphne: ``make run``'s runserver and ``posse stream``).

Every app's Celery tasks are imported at start, before any request (config/celery.py,
``load_tasks``): services send them by name from request threads.
"""

import os

from django.core.asgi import get_asgi_application

from config.celery import load_tasks

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()
load_tasks()
