"""Settings modules a benchmark gives one server to measure one choice against the shipped
settings in the same run (bench/bench_roster.py, bench/load.py). Each is config.settings with
one thing changed."""
