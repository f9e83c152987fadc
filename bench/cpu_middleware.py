"""CPU per request, by endpoint, measured inside the web server (the load test's settings
add it: bench/variant_settings/cpu_log.py).

Each request's thread CPU time (``time.thread_time``: this thread only, so a gthread worker's
other requests are not counted in it) around the whole middleware stack and view, appended as
``METHOD route<TAB>seconds`` to the file named by ``POSSE_BENCH_CPU_LOG`` (one line, one
``write`` on a file opened for appending: lines from several processes do not interleave).
Not part of the application: only the benchmarks load it.
"""

from __future__ import annotations

import os
import time


class CpuPerRequest:
    def __init__(self, get_response):
        self.get_response = get_response
        path = os.environ.get("POSSE_BENCH_CPU_LOG")
        self.log = open(path, "a", buffering=1) if path else None  # noqa: SIM115 - process-long

    def __call__(self, request):
        start = time.thread_time()
        response = self.get_response(request)
        spent = time.thread_time() - start
        if self.log is not None:
            match = getattr(request, "resolver_match", None)
            route = match.route if match else request.path
            self.log.write(f"{request.method} /{route}\t{spent:.6f}\n")
        return response
