"""Cells of a CSV export, safe to open in a spreadsheet (OWASP's "CSV Injection" rule).

A spreadsheet reads a cell that begins with ``=``, ``+``, ``-`` or ``@`` as a formula, and a
tab or carriage return before one still lets it through; player names may begin with ``+``,
``-`` and ``@``. Every text cell of every export goes through ``spreadsheet_cell``, which puts
a single quote before such a text, so that the spreadsheet shows it as text. Numbers stay
numbers (a negative number is a value, not a formula), so a column of points still sums.
"""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_cell(value: object) -> object:
    """``value`` as a CSV cell: numbers as they are, text that could run as a formula quoted."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text
