"""The proof: over a randomly generated season (seeded), the standings the API computes equal
totals kept up incrementally as each result was confirmed, and the ratings stored result by
result equal a rebuild from scratch (``recompute_ratings``) and an independent openskill
replay in confirmation order, float for float.

Twelve players, five leagues over the four games (two Last One Standing leagues feed one
rating series), sixty results with ties, duos, draws, disputes and voids, reported by
organisers and by players, and confirmed in an order that is not the order of reporting.
"""

import random
from collections import defaultdict

import pytest
from openskill.models import PlackettLuce

from leagues.models import PlayerRating, RatingChange
from leagues.ratings import recompute_ratings
from tests.factories import UserFactory
from tests.leagues.conftest import BR, LDP, LHF, LOS, ok

pytestmark = pytest.mark.django_db

SEED = 20250301
RESULTS = 60
TABLE = {"1": 5, "2": 3, "3": 2, "4": 1}


# --- generating results that respect each game's rules ------------------------------------------


def _placements(sides: list[list[str]], keys: list[int]) -> dict[str, int]:
    """Competition places per player: 1 + the players on sides with a better key."""
    out = {}
    for side, key in zip(sides, keys, strict=True):
        ahead = sum(len(s) for s, k in zip(sides, keys, strict=True) if k < key)
        out.update(dict.fromkeys(side, ahead + 1))
    return out


def random_result(rng: random.Random, ruleset: str, names: list[str]) -> dict:
    if ruleset == LHF:
        a, b = rng.sample(names, 2)
        taken = {n: rng.randint(0, 4) for n in (a, b)}
        scores = {
            n: {"fighters_taken_out": t, "killing_blows": rng.randint(0, t)}
            for n, t in taken.items()
        }
        draw = rng.random() < 0.25
        return {"placements": {a: 1, b: 1 if draw else 2}, "scores": scores}
    if ruleset == LDP:  # exactly one winner, on 12 to 14 VP; the others below
        players = rng.sample(names, rng.randint(2, 5))
        keys = [-1] + [rng.randint(0, 2) for _ in players[1:]]
        placements = _placements([[p] for p in players], keys)
        scores = {
            p: {"vp": rng.randint(12, 14) if keys[i] < 0 else rng.randint(0, 11)}
            for i, p in enumerate(players)
        }
        return {"placements": placements, "scores": scores}
    if ruleset == BR:  # one survivor wins; the fallen have no warriors left
        players = rng.sample(names, rng.randint(2, 4))
        keys = [-1] + [rng.randint(0, 1) for _ in players[1:]]
        scores = {
            p: {"warriors": rng.randint(1, 22) if i == 0 else 0, "spoils": rng.randint(0, 5)}
            for i, p in enumerate(players)
        }
        return {"placements": _placements([[p] for p in players], keys), "scores": scores}
    # Last One Standing: solo or duos, ties between sides allowed.
    duos = rng.random() < 0.4
    count = rng.choice([4, 6, 8]) if duos else rng.randint(2, 8)
    players = rng.sample(names, count)
    sides = [players[i : i + 2] for i in range(0, count, 2)] if duos else [[p] for p in players]
    keys = [rng.randint(0, len(sides) - 1) for _ in sides]
    body = {
        "placements": _placements(sides, keys),
        "scores": {p: {"kills": rng.randint(0, 3)} for p in players if rng.random() < 0.7},
    }
    if duos:
        body["teams"] = {p: f"duo{i}" for i, side in enumerate(sides) for p in side}
    return body


# --- what the test keeps incrementally ------------------------------------------------------------


def side_places(body: dict) -> dict[str, int]:
    teams = body.get("teams", {})
    side = {n: teams.get(n, n) for n in body["placements"]}
    best = {}
    for name, place in body["placements"].items():
        best[side[name]] = min(best.get(side[name], place), place)
    return {n: 1 + sum(1 for p in best.values() if p < best[side[n]]) for n in side}


class Ledger:
    """Standings kept up by hand, one confirmed result at a time, and the confirmation order."""

    def __init__(self):
        self.totals = defaultdict(lambda: defaultdict(lambda: {"points": 0, "played": 0, "won": 0}))
        self.confirmed: list[tuple[str, dict]] = []  # (ruleset, body) in confirmation order

    def confirm(self, league, body):
        places = side_places(body)
        firsts = {body.get("teams", {}).get(n, n) for n, p in places.items() if p == 1}
        for name, place in places.items():
            row = self.totals[league.pk][name]
            row["played"] += 1
            row["points"] += TABLE.get(str(place), 0)
            row["won"] += place == 1 and len(firsts) == 1
        self.confirmed.append((league.ruleset, body))


def snapshot():
    changes = sorted(
        RatingChange.objects.values_list(
            "result_id",
            "player_id",
            "ruleset",
            "seq",
            "mu_before",
            "sigma_before",
            "mu_after",
            "sigma_after",
            "ordinal_before",
            "ordinal_after",
            "games",
        )
    )
    current = sorted(
        PlayerRating.objects.values_list(
            "ruleset", "player_id", "mu", "sigma", "ordinal", "games", "last_seq"
        )
    )
    return changes, current


def openskill_replay(confirmed, ids: dict[str, int]) -> dict[tuple[str, str], tuple]:
    """Rate the confirmed results straight with openskill, in confirmation order; sides in
    the documented order (place, then lowest player id), players by id."""
    model = PlackettLuce()
    state: dict[tuple[str, str], object] = {}
    for ruleset, body in confirmed:
        places = side_places(body)
        teams = body.get("teams", {})
        sides = defaultdict(list)
        for name in body["placements"]:
            sides[teams.get(name, name)].append(name)
        order = sorted(
            (sorted(s, key=ids.get) for s in sides.values()),
            key=lambda s: (places[s[0]], ids[s[0]]),
        )
        teams_in = [[state.get((ruleset, n)) or model.rating() for n in side] for side in order]
        rated = model.rate(teams_in, ranks=[float(places[side[0]]) for side in order])
        for side, new in zip(order, rated, strict=True):
            for name, rating in zip(side, new, strict=True):
                state[(ruleset, name)] = rating
    return {key: (r.mu, r.sigma) for key, r in state.items()}


# --- the season -------------------------------------------------------------------------------


def test_a_random_season_recomputed_from_scratch_equals_the_incremental_one(world):
    rng = random.Random(SEED)
    players = [UserFactory(username=f"p{n:02}") for n in range(12)]
    names = [p.username for p in players]
    by_name = {p.username: p for p in players}
    leagues = [
        world.new_league(
            game,
            name=f"{game} {n}",
            members=players,
            scoring="placement",
            points_table=TABLE,
            tie_breakers=[],
        )
        for n, game in enumerate([LDP, LHF, BR, LOS, LOS])
    ]
    ledger = Ledger()
    pending = []  # [league, body, result id, plan, players still to confirm]

    def settle(item):
        league, body, result_id, plan, waiting = item
        base = world.url(f"matches/{result_id}/", league)
        if plan.startswith("dispute"):
            disputer = rng.choice(list(body["placements"]))
            ok(world.client(by_name[disputer]).post(base + "dispute/", {"reason": "Not so."}), 200)
            if plan.endswith("void"):
                ok(world.client(world.organiser).post(base + "void/"), 200)
                return True
            # The disputer confirms after all: it counts once everyone has.
            item[3] = "players"
            if disputer not in waiting:
                waiting.append(disputer)
            return False
        who = waiting.pop(rng.randrange(len(waiting)))
        status = ok(world.client(by_name[who]).post(base + "confirm/"), 200)["status"]
        if waiting:
            assert status in ("reported", "disputed")
            return False
        assert status == "confirmed"
        ledger.confirm(league, body)
        return True

    plans = ["players"] * 8 + ["dispute-confirm", "dispute-void"]
    for _ in range(RESULTS):
        league = rng.choice(leagues)
        body = random_result(rng, league.ruleset, names)
        if rng.random() < 0.35:
            # An organiser who did not play: every player confirms.
            result = ok(world.log(world.organiser, body, league))
            others = list(body["placements"])
        else:
            reporter = rng.choice(list(body["placements"]))
            result = ok(world.log(by_name[reporter], body, league))
            others = [n for n in body["placements"] if n != reporter]
        assert result["status"] == "reported"
        pending.append([league, body, result["id"], rng.choice(plans), others])
        # Settle some waiting results now, in random order: confirmation order != report order.
        for _ in range(rng.randint(0, 2)):
            if pending:
                item = pending[rng.randrange(len(pending))]
                if settle(item):
                    pending.remove(item)
    while pending:
        item = pending[rng.randrange(len(pending))]
        if settle(item):
            pending.remove(item)

    # The season really happened, with duos, draws and ties in it.
    assert len(ledger.confirmed) > 40
    assert any("teams" in body for _, body in ledger.confirmed)
    assert any(sorted(b["placements"].values()) == [1, 1] for g, b in ledger.confirmed if g == LHF)
    assert any(
        len(set(b["placements"].values())) < len(b["placements"])
        for g, b in ledger.confirmed
        if g != LHF
    )

    # Standings from the API equal the totals kept by hand.
    for league in leagues:
        table = ok(world.client(world.outsider).get(world.url("standings/", league)), 200)
        got = {r["player"]: {k: r[k] for k in ("points", "played", "won")} for r in table["rows"]}
        expected = {n: dict(ledger.totals[league.pk][n]) for n in names}
        assert got == {**expected, **{n: got[n] for n in got if n not in names}}
        points = [r["points"] for r in table["rows"]]
        assert points == sorted(points, reverse=True)

    # Ratings: rebuilt from scratch, they are the very same floats.
    incremental = snapshot()
    assert len(incremental[0]) > 150
    for game in (LDP, LHF, BR, LOS):
        recompute_ratings(ruleset=game)
    assert snapshot() == incremental

    # And an independent openskill replay in confirmation order agrees.
    ids = {p.username: p.pk for p in players}
    replay = openskill_replay(ledger.confirmed, ids)
    stored = {
        (r.ruleset, r.player.username): (r.mu, r.sigma)
        for r in PlayerRating.objects.select_related("player")
    }
    assert stored == replay

    # Each player's chain of rating changes is unbroken: before = the previous after.
    last = {}
    for change in RatingChange.objects.order_by("ruleset", "seq"):
        key = (change.ruleset, change.player_id)
        assert (change.mu_before, change.sigma_before) == last.get(key, (25.0, 25.0 / 3))
        last[key] = (change.mu_after, change.sigma_after)
