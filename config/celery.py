"""The Celery app. With REDIS_URL unset, tasks run in-process (CELERY_TASK_ALWAYS_EAGER)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("posse")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
