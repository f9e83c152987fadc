"""The two gangs of a live battle: checking what the rosters send, demo gangs, fighter records.

``options["gangs"]`` maps each seat to the gang as the rosters app hands it over: the active
fighters with their current stat lines (after injuries and flips) and their equipment slugs.
It is checked strictly, each error naming its field (``options.gangs.<seat>.fighters.0.
equipment``). Without ``options["gangs"]`` each seat gets a demo gang (data/demo_gangs.json).

A fighter record in the state is plain data:
``{"id", "seat", "name", "role", "stats", "equipment", "wounds_left", "status", "position",
"mounted", "guns", "activated"}``; ``status`` is ``"reserve"`` (not yet set up), ``"in_play"``
or ``"out"`` (out of action: removed from play); ``guns`` counts the shots each firearm has
fired since its last reload (weapons.fire / weapons.reload).
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

from rulesets.core.errors import InvalidInput
from rulesets.core.words import counted
from rulesets.last_hope_frontier.catalogue import ROLES, STATS, Clothing, Weapon, catalogue
from rulesets.last_hope_frontier.factions import favoured_suit
from rulesets.last_hope_frontier.gang_creation import check_loadout

DEMO_GANGS_PATH = Path(__file__).parent / "data" / "demo_gangs.json"
GANG_KEYS = {"gang_id", "name", "faction", "fighters"}
FIGHTER_KEYS = {"id", "name", "role", "stats", "equipment"}
MAX_NAME_LENGTH = 80


@cache
def _demo_data() -> tuple[dict, ...]:
    return tuple(json.loads(DEMO_GANGS_PATH.read_text(encoding="utf-8"))["gangs"])


def demo_gang(index: int) -> dict:
    """Demo gang ``index`` (0 or 1) in the rosters' shape, with ids ``(index + 1) * 100 + n``
    and the catalogue's starting stat lines; ``gang_id`` is None (no roster behind it)."""
    data = _demo_data()[index]
    roles = catalogue().roles
    return {
        "gang_id": None,
        "name": data["name"],
        "faction": data["faction"],
        "fighters": [
            {
                "id": (index + 1) * 100 + n + 1,
                "name": f["name"],
                "role": f["role"],
                "stats": roles[f["role"]].stats.as_dict(),
                "equipment": list(f["equipment"]),
            }
            for n, f in enumerate(data["fighters"])
        ],
    }


def demo_gang_against(gang: dict) -> dict:
    """A demo gang to face ``gang`` (a player's, in the rosters' shape) at a bot's seat: of
    another faction where a demo gang has one, its fighter ids after the player's so that no
    id appears twice, ``gang_id`` 0 (no roster behind it)."""
    demos = [demo_gang(0), demo_gang(1)]
    demo = next((d for d in demos if d["faction"] != gang.get("faction")), demos[0])
    start = max((f["id"] for f in gang.get("fighters", ())), default=0) + 1
    demo["fighters"] = [{**f, "id": start + n} for n, f in enumerate(demo["fighters"])]
    return {**demo, "gang_id": 0}


# A sanity bound on a stat line brought to a battle: by the text (no caps) a stat grows one
# point a flip, without a maximum; house rule ``stat_caps`` bounds it by the catalogue's caps.
MAX_STAT = 99


def check_gangs(raw: object, seats: list[str], *, capped: bool = False) -> dict[str, dict]:
    """Validate ``options["gangs"]``; return a clean copy keyed by seat. ``capped``: house
    rule ``stat_caps`` (no stat past the catalogue's caps)."""
    field = "options.gangs"
    if not isinstance(raw, dict):
        raise InvalidInput(field, "Gangs map each seat to its gang.")
    if set(raw) != set(seats):
        raise InvalidInput(field, f"Give exactly one gang for each seat: {', '.join(seats)}.")
    seen: set[int] = set()
    return {seat: _gang(raw[seat], f"{field}.{seat}", seen, capped) for seat in seats}


def _gang(raw: object, field: str, seen: set[int], capped: bool) -> dict:
    _keys(raw, GANG_KEYS, field, "A gang")
    gang_id = raw["gang_id"]
    if isinstance(gang_id, bool) or not isinstance(gang_id, int):
        raise InvalidInput(f"{field}.gang_id", "A gang id is a whole number.")
    favoured_suit(raw["faction"], field=f"{field}.faction")
    fighters = raw["fighters"]
    most = catalogue().max_fighters
    if not isinstance(fighters, list) or not 1 <= len(fighters) <= most:
        raise InvalidInput(f"{field}.fighters", f"A gang brings 1 to {most} fighters.")
    clean = [_fighter(f, f"{field}.fighters.{i}", seen, capped) for i, f in enumerate(fighters)]
    for role, count in Counter(f["role"] for f in clean).items():
        limit = catalogue().roles[role].max_count
        if count > limit:
            raise InvalidInput(f"{field}.fighters", f"A gang has at most {counted(limit, role)}.")
    return {
        "gang_id": gang_id,
        "name": _name(raw["name"], f"{field}.name"),
        "faction": raw["faction"],
        "fighters": clean,
    }


def _fighter(raw: object, field: str, seen: set[int], capped: bool) -> dict:
    _keys(raw, FIGHTER_KEYS, field, "A fighter")
    fighter_id = raw["id"]
    if isinstance(fighter_id, bool) or not isinstance(fighter_id, int) or fighter_id < 0:
        raise InvalidInput(f"{field}.id", "A fighter id is a whole number, 0 or more.")
    if fighter_id in seen:
        raise InvalidInput(f"{field}.id", f"Fighter id {fighter_id} appears twice.")
    seen.add(fighter_id)
    role = raw["role"]
    if role not in ROLES:
        raise InvalidInput(f"{field}.role", f"Choose one of {', '.join(ROLES)}.")
    equipment = raw["equipment"]
    check_loadout(role, equipment, field=f"{field}.equipment")
    return {
        "id": fighter_id,
        "name": _name(raw["name"], f"{field}.name"),
        "role": role,
        "stats": _stats(raw["stats"], f"{field}.stats", capped),
        "equipment": list(equipment),
    }


def _stats(raw: object, field: str, capped: bool) -> dict[str, int]:
    if not isinstance(raw, dict) or set(raw) != set(STATS):
        raise InvalidInput(field, f"A stat line has exactly {', '.join(STATS)}.")
    caps = catalogue().stat_caps
    for stat in STATS:
        high = getattr(caps, stat) if capped else MAX_STAT
        value, low = raw[stat], 1 if stat == "wounds" else 0
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise InvalidInput(f"{field}.{stat}", f"This must be a whole number {low}-{high}.")
    return {stat: raw[stat] for stat in STATS}


def _keys(raw: object, expected: set[str], field: str, what: str) -> None:
    if not isinstance(raw, dict):
        raise InvalidInput(field, f"{what} is an object with {', '.join(sorted(expected))}.")
    missing, unknown = expected - set(raw), set(raw) - expected
    if missing:
        raise InvalidInput(f"{field}.{min(missing)}", "This field is required.")
    if unknown:
        raise InvalidInput(f"{field}.{min(map(str, unknown))}", "Unknown field.")


def _name(raw: object, field: str) -> str:
    if not isinstance(raw, str) or not raw.strip() or len(raw.strip()) > MAX_NAME_LENGTH:
        raise InvalidInput(field, f"A name is 1 to {MAX_NAME_LENGTH} characters.")
    return raw.strip()


# --- fighter records ---------------------------------------------------------------------


def fighter_record(seat: str, fighter: dict) -> dict:
    """A fighter as it enters the battle: full wounds, in reserve, a horse ridden from the
    start (decision), every firearm loaded."""
    equipment = list(fighter["equipment"])
    return {
        "id": fighter["id"],
        "seat": seat,
        "name": fighter["name"],
        "role": fighter["role"],
        "stats": dict(fighter["stats"]),
        "equipment": equipment,
        "wounds_left": fighter["stats"]["wounds"],
        "status": "reserve",
        "position": None,
        "mounted": "horse" in equipment,
        "guns": [{"slug": slug, "shots": 0} for slug in equipment if is_firearm(slug)],
        "activated": False,
    }


def is_firearm(slug: str) -> bool:
    entry = catalogue().entries.get(slug)
    return isinstance(entry, Weapon) and not entry.is_melee


def clothing_bonus(fighter: dict) -> int:
    """Padded clothing's defence bonus (a fighter wears at most one suit)."""
    entries = catalogue().entries
    return sum(
        entries[slug].defence_bonus
        for slug in fighter["equipment"]
        if isinstance(entries.get(slug), Clothing)
    )


def get_fighter(state: dict, fighter_id: object) -> dict | None:
    if isinstance(fighter_id, bool) or not isinstance(fighter_id, int):
        return None
    return state["fighters"].get(str(fighter_id))


def fighters_of(state: dict, seat: str, status: str | None = None) -> list[dict]:
    """A seat's fighters in roster order, optionally only those with ``status``. (Order comes
    from the gang's list, never from the ``fighters`` mapping, whose key order a JSON round
    trip with sorted keys changes.)"""
    fighters = state["fighters"]
    found = [fighters[str(i)] for i in state["gangs"][seat]["fighters"]]
    return found if status is None else [f for f in found if f["status"] == status]


def in_play(state: dict) -> list[dict]:
    """Every fighter on the table, in seat order then roster order."""
    return [f for seat in state["seats"] for f in fighters_of(state, seat, "in_play")]


def other_seat(state: dict, seat: str) -> str:
    first, second = state["seats"]
    return second if seat == first else first


def gang_name(state: dict, seat: str) -> str:
    return state["gangs"][seat]["name"]


def spend(state: dict, fighter: dict, slug: str) -> None:
    """An item or a thrown knife is used up: off the fighter, into the battle's record."""
    fighter["equipment"].remove(slug)
    state["spent"].append({"fighter": fighter["id"], "item": slug})
