"""Issue 31: the campaign log's post-game lines read in the reader's language; a line
written before they had codes reads as its stored English."""

import pytest
from django.utils import translation

from campaigns.log_lines import line
from campaigns.models import LogEntry


def _entry(**fields) -> LogEntry:
    return LogEntry(kind=LogEntry.Kind.INJURY, **fields)


def test_an_injury_line_reads_in_french_and_dutch():
    entry = _entry(
        text="Eli of Lawmen was taken out of action (2 of 3) and permanently loses a wound.",
        code="injury",
        params={"fighter": "Eli", "gang": "Lawmen", "strike": 2},
    )
    with translation.override("fr"):
        assert line(entry).startswith("Eli de Lawmen a été mis hors de combat (2 sur 3)")
    with translation.override("nl"):
        assert "uitgeschakeld (2 van 3)" in line(entry)
    with translation.override("en"):
        assert line(entry) == entry.text


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_rewards_and_flips_count_in_the_readers_language(language):
    reward = _entry(
        text="Lawmen earned 1 credit (win).",
        code="reward",
        params={"gang": "Lawmen", "count": 1, "result": "win"},
    )
    flips = _entry(
        text="Eli earned 2 card flips.", code="flips", params={"fighter": "Eli", "count": 2}
    )
    with translation.override(language):
        assert line(reward) != reward.text and "(win)" not in line(reward)
        assert line(flips) != flips.text


def test_a_line_written_before_codes_reads_as_written():
    old = _entry(text="Eli was taken out of action.")
    broken = _entry(text="Eli earned 2 card flips.", code="flips", params={"fighter": "Eli"})
    with translation.override("fr"):
        assert (line(old), line(broken)) == (old.text, broken.text)
