"""The scale benchmarks' pure parts (bench/scale_common.py): no process, no namespace."""

import math

import pytest

from bench import scale_report
from bench.scale_common import (
    Ledgers,
    SseReader,
    invariant_problems,
    nginx_config,
    positional,
    ratio,
    spread,
)
from bench.scale_hosts import Hosts


def test_ratio_is_nan_without_a_positive_denominator():
    assert ratio(3.0, 1.5) == 2.0
    assert math.isnan(ratio(1.0, 0.0))
    assert math.isnan(ratio(1.0, None))
    assert math.isnan(ratio(math.nan, 1.0))


def test_spread_takes_the_median_of_each_samples_last_over_first():
    result = spread([0.1, 0.2, 0.1], [0.2, 0.2, 0.5])
    assert result["ratio_p50"] == pytest.approx(2.0)
    assert result["ratio_max"] == pytest.approx(5.0)
    assert result["first_p50"] == pytest.approx(0.1)
    assert result["last_p50"] == pytest.approx(0.2)


def test_the_sse_reader_dechunks_and_finds_versions_split_anywhere():
    body = b'data: {"version": 4}\n\n: ping\n\ndata: {"version": 5, "x": 1}\n\n'
    chunks = b"".join(
        f"{len(part):x}\r\n".encode() + part + b"\r\n" for part in (body[:17], body[17:])
    )
    stream = (
        b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n" + chunks
    )
    reader, found = SseReader(), []
    for n in range(0, len(stream), 7):  # seven bytes at a time, as a slow socket gives them
        found += reader.feed(stream[n : n + 7])
    assert reader.status == 200
    assert found == [4, 5]


def test_the_sse_reader_reads_a_plain_body_too():
    reader = SseReader()
    assert reader.feed(b'HTTP/1.1 200 OK\r\n\r\ndata: {"version": 9}\n') == [9]


def _ledgers(**changes) -> Ledgers:
    found = Ledgers(
        credits={1: 100, 2: 40},
        ledger={1: 100, 2: 40},
        actions={7: ({"a", "b"}, ["a", "b", "c"], 3, 3)},
        versions_after={7: [2, 1, 3]},
        purchases={1: ({"k1", "k2"}, ["k1", "k2"], 2)},
    )
    for name, value in changes.items():
        setattr(found, name, value)
    return found


def test_a_clean_run_has_no_problem():
    assert invariant_problems(_ledgers(), client_failures={"GET": 0, "action": 0}) == []


def test_every_broken_promise_is_named():
    found = _ledgers(
        credits={1: 100, 2: 45},
        actions={7: ({"a", "z"}, ["a", "a", "b"], 3, 2)},
        versions_after={7: [1, 2, 2]},
        purchases={1: ({"k1", "k3"}, ["k1", "k2"], 3)},
    )
    problems = invariant_problems(found, client_failures={"GET": 2, "action": 0})
    assert problems == [
        "2 GET failed as the client saw it",
        "match 7: 1 accepted actions not stored",
        "match 7: 1 actions stored twice",
        "match 7: version 2 after 3 resolved actions",
        "match 7: resolved actions made versions [1, 2, 2]",
        "gang 2: 45 credits, ledger says 40",
        "gang 1: 1 purchases made whose answer the client never got",
        "gang 1: 1 purchases answered but not made",
        "gang 1: 3 purchases made for 2 keys (one doubled, or made without its key)",
    ]


def test_nginx_config_lists_every_process_with_keepalive_and_retries():
    text = nginx_config(
        listen="10.9.0.10:8080",
        web=["10.9.0.11:8000", "10.9.0.12:8000"],
        stream=["10.9.0.11:8001"],
        prefix="/tmp/posse-nginx",
    )
    assert "listen 10.9.0.10:8080;" in text
    assert "server 10.9.0.12:8000 max_fails=1" in text
    assert "keepalive 32;" in text
    assert "proxy_next_upstream error timeout http_502 http_503;" in text
    assert "$http_host" in text and "stream/$ {" in text  # nginx's own variables kept
    assert "pid /tmp/posse-nginx/nginx.pid;" in text
    with pytest.raises(ValueError):
        nginx_config(listen="x:1", web=[], stream=["y:2"], prefix="/tmp")


def test_positional_words_skip_an_options_value():
    assert positional(["100", "--samples", "10", "1000"], "--samples") == ["100", "1000"]


def test_the_report_marks_smoke_figures_and_keeps_the_rows():
    chosen = scale_report.sizes(smoke=True)
    text = scale_report.render(
        ["| a | 1.0× | m | x |"], {"cores": "2", "cpu": "Test CPU"}, smoke=True, chosen=chosen
    )
    assert "**Smoke figures**" in text and "make bench-scale" in text
    assert "cores 2, cpu Test CPU" in text
    assert text.count("| a | 1.0× | m | x |") == 1
    assert scale_report.last_row("noise\n| one |\n| two |\n") == "| two |"
    assert scale_report.last_row("nothing") is None


def test_full_sizes_follow_the_environment(monkeypatch):
    monkeypatch.setenv("POSSE_SCALE_STREAMS", "10,20")
    chosen = scale_report.sizes(smoke=False)
    assert chosen["streams"] == "10,20" and chosen["matches"] == "10,100,1000"
    spectators = scale_report.commands(chosen)[0][1]
    assert spectators[-4:] == ["10", "20", "--samples", "10"]


def test_a_host_is_an_address_on_the_bridge_without_touching_the_network():
    hosts = Hosts(names=["edge", "app1"], subnet=40, tag="00001")
    assert hosts.address("data") == "10.231.40.1"
    assert hosts.address("app1") == "10.231.40.11"
    assert hosts.run_in("edge", ["nginx"]) == ["ip", "netns", "exec", "psc00001-edge", "nginx"]
    assert len(f"psv{hosts.tag}9") <= 15  # a Linux interface name's limit
