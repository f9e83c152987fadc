"""Each player's rating over the league's game, as an inline SVG line chart (no script).

The points are the stored rating changes (``RatingChange.ordinal_after``, in the order the
results were rated, on the scale people read: ``leagues.ratings.display_rating``); drawing
them is arithmetic, no rule. Lines differ by dash pattern as well as colour so the chart
reads in black and white.
"""

from __future__ import annotations

from dataclasses import dataclass

from leagues.models import RatingChange
from leagues.ratings import display_rating

WIDTH, HEIGHT, PAD = 640, 260, 36
COLOURS = ["#7a2e12", "#1f5e2c", "#1a5fb4", "#6d3b8c", "#8a6d00", "#333333", "#b5446e", "#00707a"]
MIN_SPAN = 40  # the smallest rating span drawn (display scale: leagues.ratings.display_rating)
DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 2 1 2", "3 6"]


@dataclass
class Series:
    player: str
    points: list[tuple[int, float]]  # (n-th result rated in this league's game, displayed rating)
    colour: str
    dash: str
    path: str = ""


def rating_series(league, players: list) -> list[Series]:
    """One query: every rating change of the league's members in its game, oldest first."""
    rows = (
        RatingChange.objects.filter(ruleset=league.ruleset, player__in=players)
        .order_by("seq", "player_id")
        .values_list("player__username", "seq", "ordinal_before", "ordinal_after")
    )
    by_player: dict[str, list[tuple[int, float]]] = {}
    for name, seq, before, after in rows:
        points = by_player.setdefault(name, [])
        if not points:
            points.append((seq - 1, display_rating(before)))
        points.append((seq, display_rating(after)))
    return [
        Series(name, points, COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)])
        for i, (name, points) in enumerate(sorted(by_player.items()))
    ]


def chart(series: list[Series]) -> dict | None:
    """Scales the series into the SVG box; None when there is nothing to draw."""
    every = [p for s in series for p in s.points]
    if not every:
        return None
    xs = [x for x, _ in every]
    ys = [y for _, y in every]
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(ys), max(ys)
    if y1 - y0 < MIN_SPAN:
        y0, y1 = y0 - MIN_SPAN / 2, y1 + MIN_SPAN / 2

    def sx(x):
        return PAD + (x - x0) / ((x1 - x0) or 1) * (WIDTH - 2 * PAD)

    def sy(y):
        return HEIGHT - PAD - (y - y0) / (y1 - y0) * (HEIGHT - 2 * PAD)

    for s in series:
        s.path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in s.points)
    ticks = [y0 + (y1 - y0) * i / 4 for i in range(5)]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "pad": PAD,
        "right": WIDTH - PAD,
        "bottom": HEIGHT - PAD,
        "series": series,
        "ticks": [{"y": f"{sy(t):.1f}", "label": f"{t:.0f}"} for t in ticks],
    }
