"""Benchmarks and the load test. Run by ``make bench`` and ``make load``, never by the test suite.

- ``python -m bench`` runs every benchmark and writes ``bench/RESULTS.md``.
- ``python -m bench.load`` runs the load test and writes ``bench/LOAD.md``.

Methods are described in ``docs/performance.md``.
"""
