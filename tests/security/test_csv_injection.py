"""CSV exports are safe to open in a spreadsheet (OWASP's CSV-injection rule).

Player names may begin with ``+``, ``-`` or ``@``; a spreadsheet would run ``+1+2`` or
``@SUM(A1:A9)`` as a formula. Every text cell that begins with ``=``, ``+``, ``-``, ``@``, a tab
or a carriage return is written with a single quote before it; numbers stay numbers.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from config.spreadsheets import spreadsheet_cell
from tests.leagues.conftest import World

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ["+1+2", "@SUM(A1:A9)", "-2+3", "=cmd|' /C calc'!A0", "\t=1", "\r=1"]


@pytest.mark.parametrize("text", HOSTILE)
def test_a_text_that_could_run_as_a_formula_is_quoted(text):
    assert spreadsheet_cell(text) == "'" + text


@pytest.mark.parametrize("text", ["ann", "a+b", "b@example.com", "", "1+1", "'quoted"])
def test_other_text_is_written_as_it_is(text):
    assert spreadsheet_cell(text) == text


@pytest.mark.parametrize("number", [0, 5, -3, 2.5, -0.75])
def test_numbers_stay_numbers(number):
    assert spreadsheet_cell(number) == number


@pytest.mark.django_db
def test_league_standings_csv_quotes_hostile_names_and_keeps_numbers():
    world = World()
    names = {"ann": "+1+2", "bob": "@SUM(A1:A9)", "cal": "-2+3"}
    for old, new in names.items():
        get_user_model().objects.filter(username=old).update(username=new)
    world.log_counted({"placements": {"+1+2": 1, "@SUM(A1:A9)": 2, "-2+3": 3}})
    client = world.client(world.outsider)
    for url in [world.url("standings.csv"), world.url("standings/") + "?format=csv"]:
        response = client.get(url)
        assert response.status_code == 200
        table = list(csv.DictReader(io.StringIO(response.content.decode())))
        assert [r["player"] for r in table[:3]] == ["'+1+2", "'@SUM(A1:A9)", "'-2+3"]
        assert (table[0]["rank"], table[0]["points"], table[0]["played"]) == ("1", "5", "1")
        assert not any(
            cell.startswith(("=", "+", "-", "@", "\t", "\r"))
            for row in table
            for cell in row.values()
            if not re.fullmatch(r"-?\d+(\.\d+)?", cell)
        )


def test_every_csv_writer_goes_through_the_one_helper():
    """A new export cannot forget the rule: a module that writes CSV uses spreadsheet_cell."""
    writers = []
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).parts
        if parts[0] in {"tests", "bench", "var", "docs"} or ".venv" in parts:
            continue
        text = path.read_text()
        if re.search(r"csv\.(writer|DictWriter)\(", text):
            writers.append(path.relative_to(ROOT))
            assert "spreadsheet_cell" in text, f"{path} writes CSV without spreadsheet_cell"
    assert writers  # leagues/api/standings.py at least
