"""ranking.rank: points, then each tie-breaker asked only about the rows still tied at its
turn, all groups of a turn at once (a batched breaker gets them in one call), and the same
table as splitting each tie to the end before the next (the order it used to work in)."""

import random

from ranking import batched, by_field, rank


def depth_first(rows, *, primary, breakers, name):
    """The former algorithm: each tied group resolved through every breaker, then the next."""

    def split(group, values):
        out = {}
        for row, value in zip(group, values, strict=True):
            out.setdefault(value, []).append(row)
        return [out[v] for v in sorted(out, reverse=True)]

    def resolve(group, remaining):
        if len(group) == 1 or not remaining:
            return [sorted(group, key=lambda r: r[name])]
        return [
            b for block in split(group, remaining[0](group)) for b in resolve(block, remaining[1:])
        ]

    blocks = [b for g in split(rows, [r[primary] for r in rows]) for b in resolve(g, breakers)]
    return [([r[name] for r in block]) for block in blocks]


def blocks_of(ranking):
    out, last = [], None
    for row in ranking.rows:
        if row["rank"] != last:
            out.append([])
            last = row["rank"]
        out[-1].append(row["name"])
    return out


def test_rank_splits_ties_level_by_level_as_it_did_group_by_group():
    rng = random.Random(5)
    for _ in range(200):
        rows = [
            {
                "name": f"p{n:02}",
                "points": rng.randint(0, 4),
                "a": rng.randint(0, 2),
                "b": rng.randint(0, 1),
            }
            for n in range(rng.randint(1, 25))
        ]
        breakers = [by_field("a"), by_field("b", lower_is_better=True)][: rng.randint(0, 2)]
        expected = depth_first(
            [dict(r) for r in rows], primary="points", breakers=breakers, name="name"
        )
        got = rank([dict(r) for r in rows], primary="points", breakers=breakers, name="name")
        assert blocks_of(got) == expected


def test_a_batched_breaker_is_asked_once_about_the_tied_rows_only():
    calls = []

    @batched
    def wins(groups):
        calls.append([[r["name"] for r in g] for g in groups])
        return [[r["wins"] for r in g] for g in groups]

    rows = [
        {"name": "ann", "points": 9, "wins": 1},
        {"name": "bob", "points": 6, "wins": 2},
        {"name": "cal", "points": 6, "wins": 1},
        {"name": "dee", "points": 3, "wins": 0},
        {"name": "eve", "points": 3, "wins": 0},
        {"name": "fay", "points": 1, "wins": 0},
    ]
    ranking = rank(rows, primary="points", breakers=[wins, by_field("wins")], name="name")
    assert calls == [[["bob", "cal"], ["dee", "eve"]]]
    assert [(r["name"], r["rank"], r["tied"]) for r in ranking.rows] == [
        ("ann", 1, False),
        ("bob", 2, False),
        ("cal", 3, False),
        ("dee", 4, True),
        ("eve", 4, True),
        ("fay", 6, False),
    ]
    assert [[r["name"] for r in b] for b in ranking.unbroken_ties] == [["dee", "eve"]]


def test_no_tie_asks_no_breaker():
    def never(group):
        raise AssertionError("asked without a tie")

    ranking = rank(
        [{"name": "a", "points": 2}, {"name": "b", "points": 1}],
        primary="points",
        breakers=[never],
        name="name",
    )
    assert [r["rank"] for r in ranking.rows] == [1, 2]
