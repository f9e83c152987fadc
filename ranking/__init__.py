"""Ranking rows by points, then by the organiser's ordered tie-breakers.

Pure Python, no Django: campaigns' and leagues' standings both rank with it, so neither app
borrows from the other. A tie-breaker takes a group of tied rows and returns one
value per row (higher ranks first); a group it cannot split stays tied, shares a rank, and is
reported so that the organiser sees the table needs another tie-breaker.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Row = dict[str, Any]
Breaker = Callable[[list[Row]], list[float]]  # one value per row of the group, same order


@dataclass
class Ranking:
    rows: list[Row]
    unbroken_ties: list[list[Row]] = field(default_factory=list)


def _split(group: list[Row], values: list[float]) -> list[list[Row]]:
    """``group`` in blocks of equal value, highest first; rows keep their order within a block
    (a reverse sort is still stable)."""
    order = sorted(range(len(group)), key=values.__getitem__, reverse=True)
    blocks: list[list[Row]] = []
    last = None
    for index in order:
        value = values[index]
        if blocks and value == last:
            blocks[-1].append(group[index])
        else:
            blocks.append([group[index]])
        last = value
    return blocks


def batched(breaker: Callable[[list[list[Row]]], list[list[float]]]):
    """Mark a breaker that takes *every* group still tied at its turn at once and returns
    their values group by group: one database query for all the ties of a table, instead of
    one per tied group."""
    breaker.batched = True
    return breaker


def _values(breaker, groups: list[list[Row]]) -> list[list[float]]:
    if getattr(breaker, "batched", False):
        return breaker(groups)
    return [breaker(group) for group in groups]


def rank(rows: Sequence[Row], *, primary: str, breakers: Sequence[Breaker], name: str) -> Ranking:
    """Sort by ``primary`` (desc), then split ties with ``breakers`` in order; rows that stay
    tied are listed by ``name``. Each row gets ``rank`` (ties share it: 1, 2, 2, 4) and
    ``tied`` (True when no tie-breaker separated it from another row).

    A tie-breaker is only ever asked about the rows still tied at its turn, all groups of one
    turn together (a ``batched`` breaker gets them in one call): a table with no tie asks none.
    """
    rows = list(rows)
    blocks = _split(rows, [r[primary] for r in rows])
    for breaker in breakers:
        tied = [block for block in blocks if len(block) > 1]
        if not tied:
            break
        values = iter(_values(breaker, tied))
        blocks = [
            piece
            for block in blocks
            for piece in (_split(block, next(values)) if len(block) > 1 else [block])
        ]
    blocks = [sorted(b, key=lambda r: str(r[name]).lower()) if len(b) > 1 else b for b in blocks]

    ranked: list[Row] = []
    ties: list[list[Row]] = []
    for block in blocks:
        place = len(ranked) + 1
        for row in block:
            row.update(rank=place, tied=len(block) > 1)
            ranked.append(row)
        if len(block) > 1:
            ties.append(block)
    return Ranking(rows=ranked, unbroken_ties=ties)


def by_field(field_name: str, *, lower_is_better: bool = False) -> Breaker:
    sign = -1 if lower_is_better else 1
    return lambda group: [sign * row[field_name] for row in group]


def head_to_head(points_between: Callable[[Any, Any], float], *, key: str) -> Breaker:
    """Points each tied row scored in games against the other rows of the same group."""

    def breaker(group: list[Row]) -> list[float]:
        keys = [row[key] for row in group]
        return [sum(points_between(k, other) for other in keys if other != k) for k in keys]

    return breaker
