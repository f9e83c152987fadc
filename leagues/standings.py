"""A league's standings table, read from the standing totals (``leagues/summaries.py``).

Whatever the season's size, one statement: the rows (every active member, and anyone else with
a counted result, with their totals and the number of results counted) and one pass over the
pairs kept with the totals (``StandingPair``) joined with the totals, which gives opponents'
strength (a column of every row; Σ weight × the other's points) and head-to-head among the
players level before its turn (a second query only when opponents' strength breaks ties
before head-to-head). Neither reads a result. The pass is cached per standings revision, so a
read after the first is the rows alone and a cache get. Ranking itself is ``ranking.rank``:
each tie-breaker is asked only about the rows still tied at its turn.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection

from leagues.models import (
    League,
    LeagueMatch,
    Membership,
    StandingPair,
    StandingSeat,
    StandingTotals,
)
from leagues.scoring import TIE_BREAKERS
from leagues.summaries import score_fields, strength_scale
from ranking import batched, by_field, rank

CACHE_SECONDS = 24 * 3600
COLUMNS = ("played", "won", "drawn", "lost", "places", "points", "difference", "kills")
# A row of the table, in the order the CSV shows it (the JSON rows have the same keys).
ROW_FIELDS = (
    "rank",
    "player",
    "points",
    "played",
    "won",
    "drawn",
    "lost",
    "average_placement",
    "opponents_strength",
    "score_difference",
    "kills",
    "tied",
)


def _tables() -> dict[str, str]:
    return {
        "member": Membership._meta.db_table,
        "user": get_user_model()._meta.db_table,
        "totals": StandingTotals._meta.db_table,
        "result": LeagueMatch._meta.db_table,
        "league": League._meta.db_table,
        "pair": StandingPair._meta.db_table,
        "seat": StandingSeat._meta.db_table,
    }


# Every active member and anyone else with totals (a former member with a counted result),
# each once: the ids' UNION, then the users and totals joined once. (A UNION ALL of members and
# of non-members' totals planned the joins and the two subqueries twice.)
_ROWS = """
SELECT u.id, u.username, {t_cols}, ({results}) AS results, ({revision}) AS revision
FROM (
    SELECT m.player_id FROM {member} m WHERE m.league_id = %s AND m.status = 'active'
    UNION
    SELECT t.player_id FROM {totals} t WHERE t.league_id = %s
) ids
JOIN {user} u ON u.id = ids.player_id
LEFT JOIN {totals} t ON t.league_id = %s AND t.player_id = ids.player_id
"""
_RESULTS = "SELECT COUNT(*) FROM {result} r WHERE r.league_id = %s AND r.status = 'confirmed'"
_REVISION = "SELECT l.standings_revision FROM {league} l WHERE l.id = %s"

# Opponents' strength: Σ over a player's seats of share (``scale`` divided by the result's
# opponents) × the opponents' points now (``StandingSeat``, leagues/seats.py). One pass over
# the league's seats, no join: the pairs (Σ weight × the other's points gives the same
# integers) are ~3.5× as many rows and each needed the other's points joined in.
_STRENGTH = """
SELECT s.player_id, SUM(s.share * s.opponents_points) AS strength
FROM {seat} s
WHERE s.league_id = %s
GROUP BY s.player_id
"""

# Head to head among the tied, asked once with every tied group of its turn (``batched``):
# the points of each player's pair with each other player of their group (2 for finishing
# ahead, 1 for the same place). Two ways, the cheaper for these groups chosen by their
# candidate pairs (``_head_to_head``):
# - few (at most as many as the tied players' seats, as at 10,000 results: ~6,000): each
#   candidate pair's row looked up by its key (a LATERAL join, OFFSET 0 keeping it a nested
#   loop of index lookups);
# - many (a young season, most players on a few points: ~100,000 at 1,000 results): one pass
#   over the tied players' pairs, joined with the groups at both ends.
_LOOKUP = """
WITH grp (pl, g) AS (VALUES {groups})
SELECT a.pl, SUM(pr.head_to_head)
FROM grp a
JOIN grp b ON b.g = a.g AND b.pl <> a.pl
CROSS JOIN LATERAL (
    SELECT pr.head_to_head FROM {pair} pr
    WHERE pr.league_id = %s AND pr.player_id = a.pl AND pr.other_id = b.pl OFFSET 0
) pr
GROUP BY a.pl
"""

# The pass over the tied players' pairs (many candidates, above).
_HEAD_TO_HEAD = """
WITH grp (pl, g) AS (VALUES {groups})
SELECT a.pl, SUM(pr.head_to_head)
FROM grp a
JOIN {pair} pr ON pr.league_id = %s AND pr.player_id = a.pl
JOIN grp b ON b.pl = pr.other_id AND b.g = a.g
GROUP BY a.pl
"""


def _rows(
    league: League, *, computed: str | None = None, head_to_head: bool = False
) -> tuple[list[dict], int, int | None, dict]:
    """The rows, the results counted and the standings revision, in one statement (one
    snapshot: the revision is the one these totals were written under). With ``computed``
    (``_STRENGTH``, or ``_BOTH`` and ``head_to_head``, formatted), that pass over the pairs in
    the same statement, and its values: {"strength": {player: Σ}, "head_to_head": {...}}."""
    tables = _tables()
    t_cols = ", ".join(f"COALESCE(t.{c}, 0) AS {c}" for c in COLUMNS)
    sql = _ROWS.format(
        t_cols=t_cols,
        results=_RESULTS.format(**tables),
        revision=_REVISION.format(**tables),
        **tables,
    )
    params = [league.pk] * 5  # results, revision, members, totals, the totals joined
    if computed is not None:
        sql = (
            f"WITH s AS ({computed}) "
            f"SELECT r.*, s.strength, {'s.head_to_head' if head_to_head else 'NULL'} "
            f"FROM ({sql}) r "
            "LEFT JOIN s ON s.player_id = r.id"
        )
        params = [league.pk] * computed.count("%s") + params
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        fetched = cursor.fetchall()
    count, revision, values = 0, None, {}
    keys = ("player_id", "player", *COLUMNS)
    width = len(keys)
    rows = [dict(zip(keys, row[:width], strict=True)) for row in fetched]
    if fetched:
        count, revision = fetched[-1][width : width + 2]
    if computed is not None:
        # A player with no game has no pair: no strength, no head-to-head (0 when read).
        values["strength"] = {r[0]: int(r[-2]) for r in fetched if r[-2] is not None}
        if head_to_head:
            values["head_to_head"] = {r[0]: int(r[-1]) for r in fetched if r[-1]}
    return rows, count, revision, values


def _groups(groups: list[list[dict]]) -> str | None:
    """The tied players (those with a game) as SQL ``VALUES`` of (player, group), or None."""
    pairs = [
        (int(row["player_id"]), number)
        for number, group in enumerate(groups)
        for row in group
        if row["played"]
    ]
    return ", ".join(f"({player}, {number})" for player, number in pairs) or None


def _strength(league: League) -> dict[int, int]:
    with connection.cursor() as cursor:
        cursor.execute(_STRENGTH.format(**_tables()), [league.pk])
        return {player: int(value) for player, value in cursor.fetchall()}


def _head_to_head(league: League, groups: list[list[dict]]) -> dict[int, int]:
    """Each tied player's head-to-head points against the others of their group, all groups
    in one query. A player is in one group only, so their sum is against that group."""
    values = _groups(groups)
    if values is None:
        return {}
    tables = _tables()
    played = [[r for r in group if r["played"]] for group in groups]
    candidates = sum(len(g) * (len(g) - 1) for g in played)
    if candidates <= sum(r["played"] for g in played for r in g):
        sql = _LOOKUP.format(groups=values, **tables)
    else:
        sql = _HEAD_TO_HEAD.format(groups=values, **tables)
    with connection.cursor() as cursor:
        cursor.execute(sql, [league.pk])
        return {player: int(value) for player, value in cursor.fetchall() if value is not None}


class _Computed:
    """Opponents' strength and head-to-head: they read the league's pairs, so they are cached under
    the standings revision the rows were read at (and the tie-breakers, which decide the
    groups head-to-head is asked about). The revision grows in every transaction that changes
    a total (leagues/summaries.py), so a cached value is never older than the rows beside it;
    an evicted key or a cache that is down costs the queries again, never a wrong table."""

    def __init__(self, league: League, revision: int | None, scale: int, values: dict, changed):
        self.league, self.scale = league, scale
        self.key = None if revision is None else cache_key(league, revision, scale)
        self.values, self.changed = values, changed

    def strength(self) -> dict[int, int]:
        if "strength" not in self.values:
            self.values["strength"] = _strength(self.league)
            self.changed = True
        return self.values["strength"]

    def head_to_head(self, groups: list[list[dict]]) -> list[list[int]]:
        if "head_to_head" not in self.values:
            self.values["head_to_head"] = _head_to_head(self.league, groups)
            self.changed = True
        scores = self.values["head_to_head"]
        return [[scores.get(row["player_id"], 0) for row in group] for group in groups]

    def save(self) -> None:
        if self.changed and self.key:
            cache.set(self.key, self.values, CACHE_SECONDS)


def cache_key(league: League, revision: int, scale: int) -> str:
    return f"standings:{league.pk}:{revision}:{scale}:{','.join(league.tie_breakers)}"


def _read(league: League, scale: int):
    """The rows, the results counted, and ``_Computed`` with what the cache or the rows'
    statement gave. The cache is asked first, under the revision of the league row the caller
    read: when it has everything the first turn of the ranking needs, only the rows are read,
    and kept only if they were written under that same revision (else a write came in
    between, and the pairs are read again, at the rows' revision). When it has not, the pass
    over the seats (strength) is part of the rows' statement: one snapshot, one round trip;
    head-to-head, when asked, is a query of its own about the groups tied at its turn."""
    values = cache.get(cache_key(league, league.standings_revision, scale)) or {}
    if "strength" in values:
        rows, results, revision, _ = _rows(league)
        if revision != league.standings_revision:
            values = {}
        return rows, results, _Computed(league, revision if results else None, scale, values, False)
    computed = _STRENGTH.format(**_tables())
    rows, results, revision, values = _rows(league, computed=computed)
    return rows, results, _Computed(league, revision if results else None, scale, values, True)


def league_standings(league: League) -> dict:
    """The table: points from confirmed results, then the league's tie-breakers in order.

    Rows carry ``player``, ``rank`` (tied rows share it), ``tied``, ``points``, ``played``,
    ``won`` / ``drawn`` / ``lost``, ``average_placement``, ``opponents_strength``,
    ``score_difference`` and ``kills`` (None for a game without that score).
    """
    main, kills_field = score_fields(league.ruleset)
    scale = strength_scale(league.ruleset)  # the pairs' weights are in these units
    order = [b for b in league.tie_breakers if b in TIE_BREAKERS]
    rows, results, computed = _read(league, scale)

    def strength() -> dict[int, int]:
        return computed.strength() if results else {}

    def average_placement(group: list[dict]) -> list:
        # Fewer places is better; no game at all ranks below any average. places / played as
        # a float orders exactly as the fraction would: IEEE division is correctly rounded,
        # and two different fractions of numbers below 2**24 (averages of at most 8) differ
        # by more than twice the float's resolution, so they never round to one value.
        return [-r["places"] / r["played"] if r["played"] else float("-inf") for r in group]

    breakers = {
        "head_to_head": batched(lambda groups: computed.head_to_head(groups)),
        "wins": by_field("won"),
        "average_placement": average_placement,
        "opponents_strength": lambda group: [strength().get(r["player_id"], 0) for r in group],
        "score_difference": by_field("difference"),
        "most_kills": by_field("kills"),
    }
    ranking = rank(
        rows,
        primary="points",
        name="player",
        breakers=[breakers[b] for b in order],
    )
    # Shown in every row: fetched by now if a tie-breaker needed it (alone, or in the pass that
    # found head-to-head), else here.
    final = strength()
    computed.save()
    warnings = [
        "Tie not broken between "
        + ", ".join(r["player"] for r in block)
        + ": no tie-breaker separates them; an organiser may add one."
        for block in ranking.unbroken_ties
        if any(r["played"] for r in block)
    ]
    return {
        "league": league.pk,
        "ruleset": league.ruleset,
        "scoring": league.scoring,
        "tie_breakers": list(league.tie_breakers),
        "results": results,
        "warnings": warnings,
        "rows": [_shown(r, final, scale, main, kills_field) for r in ranking.rows],
    }


def _shown(row: dict, strength: dict[int, int], scale: int, main, kills) -> dict:
    """A ranked row as the table shows it: the keys of ``ROW_FIELDS`` (a test holds them to
    it), written out rather than looped over, as this runs for every member on every read."""
    played = row["played"]
    return {
        "rank": row["rank"],
        "tied": row["tied"],
        "player": row["player"],
        "points": row["points"],
        "played": played,
        "won": row["won"],
        "drawn": row["drawn"],
        "lost": row["lost"],
        # float(Fraction(places, played)), which is places / played, correctly rounded.
        "average_placement": round(row["places"] / played, 2) if played else None,
        "opponents_strength": round(strength.get(row["player_id"], 0) / scale, 2),
        "score_difference": row["difference"] if main else None,
        "kills": row["kills"] if kills else None,
    }
