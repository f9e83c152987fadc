"""The WSGI application ``posse web`` serves (gunicorn, gthread workers: config/processes.py).

Every request it answers is marked ``posse.short_streams``: an event stream that reaches this
process (no proxy in front sending streams to ``posse stream``, a single-process install) is
answered short by matches/views/stream.py (what is new, then the end, with a retry hint)
instead of holding one of the worker's threads for as long as its page is open. The test live
server and other WSGI handlers that do not come through here keep the long stream.

Every app's Celery tasks are imported at start, before any request (``load_tasks``).

An answer given before the request's body was read (a 413, any early refusal) closes the
connection (config/connections.py), so that no next request on it is lost.
"""

import os

from django.core.wsgi import get_wsgi_application

from config.celery import load_tasks
from config.connections import CountingInput, close_if_body_unread

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_wsgi_application()
load_tasks()  # every task registered before the first request (config/celery.py)


def application(environ, start_response):
    environ["posse.short_streams"] = True
    original_input = environ["wsgi.input"]
    body = environ["wsgi.input"] = CountingInput(original_input)
    response = django_application(environ, start_response)
    # Django has answered (its response is built; gunicorn sends the headers on the first
    # write, after this returns): whatever the view did not read stays unread.
    close_if_body_unread(environ, body, original_input)
    return response
