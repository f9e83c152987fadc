"""The WSGI application ``posse web`` serves (gunicorn, gthread workers: config/processes.py).

Every request it answers is marked ``posse.short_streams``: an event stream that reaches this
process (no proxy in front sending streams to ``posse stream``, a single-process install) is
answered short by matches/views/stream.py (what is new, then the end, with a retry hint)
instead of holding one of the worker's threads for as long as its page is open. The test live
server and other WSGI handlers that do not come through here keep the long stream.
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_wsgi_application()


def application(environ, start_response):
    environ["posse.short_streams"] = True
    return django_application(environ, start_response)
