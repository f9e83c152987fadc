"""What an imported gang may be: the rules the API builds a gang by, and the history that
only an export this server signed may bring.

The rule (docs/api.md, "Export and import"):

1. **Every import** is checked by the rules the services apply when a gang is built through
   the API, with the same functions: composition (``check_can_hire``: one leader, at most so
   many deputies, at most so many fighters), each role's stat line, equipment only from the
   catalogue and only what the store sells (``check_purchasable``), carry limits
   (``check_carry_limits``), goods only from the catalogue, injuries in the order the
   post-game deals them (``post_game.injury_for``), advancements only as the flip table allows
   (``post_game.choose_upgrade``, replayed card by card; no caps, as the text: house rule
   ``stat_caps`` is a campaign's, and an imported gang is in none), and no
   more flips, spent and unspent, than the take-downs recorded could have earned
   (``post_game.flips_earned``). Prices: what was paid is kept only when it does not exceed
   today's catalogue price; above it, the catalogue price is what the copy records.
2. **A signed export of one's own gang** (``rosters.exports.signed_for``: an HMAC this
   server made, with a key derived from SECRET_KEY, over the canonical JSON of everything but
   the name, of a gang the importer owned) may bring its campaign history back: battles,
   rewards and adjustments (its ledger), goods, take-downs, flips, advancements and injuries;
   only to restore that gang once it is gone, and only once (``rosters.exports.restores``).
3. **Any other file** (unsigned, from another server, changed after signing, or another
   player's export: rosters are public) proves nothing about its history for the importer,
   so it can only make a gang the API could have built from a fresh starting treasury: no
   battles, goods, flips, take-downs, advancements or injuries; every fighter and item at
   today's catalogue price (a file claiming to have paid less is refused); the
   whole bill paid from the starting treasury; and credits of what is left, or of the file's
   own balance when that is lower (an import never credits more than its history says).

Every refusal names the field by its dotted path in the file (``fighters.2.advancements.5``),
and all of them are reported at once. The checks write nothing; ``rosters.exports`` writes
the gang only from a ``Plan`` this module returns.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from rest_framework.exceptions import ValidationError

from config.errors import DomainError
from rosters import services
from rosters.export_format import GangExportSerializer
from rosters.models import CatalogueItem, GangRules, Role
from rulesets.core.errors import IllegalAction, InvalidInput
from rulesets.last_hope_frontier import post_game
from rulesets.last_hope_frontier.deck import as_card

# --- what will be written ---------------------------------------------------------------------


@dataclass
class KitPlan:
    item: CatalogueItem
    price_paid: int
    path: str  # where it is in the file


@dataclass
class FighterPlan:
    name: str
    role: Role
    hire_cost: int
    times_out_of_action: int = 0
    flips: int = 0
    flips_spent: int = 0
    takedowns: int = 0
    killing_blows: int = 0
    advancements: list[dict] = field(default_factory=list)
    injuries: list[dict] = field(default_factory=list)
    equipment: list[KitPlan] = field(default_factory=list)


@dataclass
class Plan:
    signed: bool
    name: str
    faction: str
    notes: str
    battles: int
    credits: int
    fighters: list[FighterPlan]
    stash: list[KitPlan]
    goods: list[dict]
    ledger: list[dict]  # a signed file's own ledger; empty for an unsigned one
    origin: dict | None


class _Refusals:
    """Every refusal of one file, by dotted path."""

    def __init__(self):
        self.errors: dict[str, list[str]] = {}

    def add(self, path: str, message: str) -> None:
        self.errors.setdefault(path, []).append(message)

    def add_domain(self, path: str, exc: DomainError) -> None:
        self.add(path, exc.detail)

    def raise_any(self) -> None:
        if self.errors:
            raise ValidationError(self.errors)


UNSIGNED = (
    "This file is not this server's signed export of your own gang that is gone (it is "
    "unsigned, changed after signing, another player's, or of a gang that still exists or was "
    "already restored), so it cannot bring {what}: it can only make a gang the API could "
    "build from a fresh treasury."
)


def plan_import(document, *, signed: bool) -> Plan:
    """Check a file by the rules (module docstring) and say what to write, or raise a
    ValidationError naming every field at fault."""
    parsed = GangExportSerializer(data=document)
    parsed.is_valid(raise_exception=True)
    v = parsed.validated_data
    rules = services.gang_rules()
    refusals = _Refusals()
    if not signed and v["battles"]:
        refusals.add("battles", UNSIGNED.format(what="battles fought"))
    fighters = _plan_fighters(v["fighters"], rules=rules, signed=signed, refusals=refusals)
    stash = [
        _plan_kit(row, path=f"stash.{j}", signed=signed, refusals=refusals)
        for j, row in enumerate(v["stash"])
    ]
    goods = _plan_goods(v["goods"], signed=signed, refusals=refusals)
    if signed:
        credits, ledger = v["credits"], _check_ledger(v["ledger"], refusals)
    else:
        credits, ledger = _fresh_treasury_credits(v, fighters, stash, rules, refusals), []
    refusals.raise_any()
    return Plan(
        signed=signed,
        name=v["name"],
        faction=v["faction"],
        notes=v["notes"],
        battles=v["battles"],
        credits=credits,
        fighters=fighters,
        stash=[k for k in stash if k],
        goods=goods,
        ledger=ledger,
        origin=v.get("origin") if signed else None,
    )


def _plan_fighters(rows, *, rules: GangRules, signed: bool, refusals: _Refusals):
    active: Counter[str] = Counter()
    planned = []
    for i, row in enumerate(rows):
        path = f"fighters.{i}"
        role: Role = row["role"]
        if row["status"] != "active":
            refusals.add(f"{path}.status", "Only active fighters are imported.")
        try:
            services.check_can_hire(role=role, active=active, rules=rules)
        except DomainError as exc:
            refusals.add_domain(f"{path}.role", exc)
        active[role.slug] += 1
        if row["base_stats"] != role.stat_line():
            refusals.add(f"{path}.base_stats", "must be the role's stat line.")
        fighter = FighterPlan(
            name=row["name"],
            role=role,
            hire_cost=_price(
                row["hire_cost"],
                role.hire_cost,
                path=f"{path}.hire_cost",
                signed=signed,
                refusals=refusals,
            ),
        )
        if signed:
            _plan_history(fighter, row, path=path, refusals=refusals)
        else:
            _refuse_history(row, path=path, refusals=refusals)
        _plan_equipment(fighter, row["equipment"], path=path, signed=signed, refusals=refusals)
        planned.append(fighter)
    return planned


HISTORY = {
    "times_out_of_action": "times out of action",
    "flips": "card flips",
    "flips_spent": "card flips spent",
    "takedowns": "take-downs",
    "killing_blows": "killing blows",
}


def _refuse_history(row, *, path: str, refusals: _Refusals) -> None:
    for key in ("advancements", "injuries"):
        for j, _ in enumerate(row[key]):
            refusals.add(f"{path}.{key}.{j}", UNSIGNED.format(what=key))
    for key, what in HISTORY.items():
        if row[key]:
            refusals.add(f"{path}.{key}", UNSIGNED.format(what=what))


def _plan_history(fighter: FighterPlan, row, *, path: str, refusals: _Refusals) -> None:
    """Injuries as the post-game deals them, advancements as the flip table allows, and flips
    no more than the take-downs earn: each checked by the rule function that decides it."""
    stats = dict(row["role"].stat_line())
    if len(row["injuries"]) != row["times_out_of_action"]:
        refusals.add(f"{path}.injuries", "there must be one injury for each time out of action.")
    for j, injury in enumerate(row["injuries"]):
        dealt = post_game.injury_for(j) if j < post_game.TIMES_OUT_TO_DIE else None
        if dealt is None or dealt.dead or injury["fatal"]:
            refusals.add(f"{path}.injuries.{j}", "A dead fighter is not imported.")
            continue
        if (injury["strike"], injury["wounds_lost"]) != (
            dealt.times_out_of_action,
            dealt.wounds_lost,
        ):
            refusals.add(
                f"{path}.injuries.{j}",
                f"Time out of action {j + 1} is strike {dealt.times_out_of_action} and costs "
                f"{dealt.wounds_lost} wound.",
            )
            continue
        # Injuries first: the order most favourable to the player, so a real history (in
        # which a wound lost may have been won back by a flip) always replays.
        stats["wounds"] -= dealt.wounds_lost
    for j, advancement in enumerate(row["advancements"]):
        try:
            card = as_card(advancement["card"])
        except InvalidInput as exc:
            refusals.add(f"{path}.advancements.{j}.card", exc.message)
            continue
        session = {"flips_left": 0, "card": advancement["card"]}
        try:
            # By the flip table (no caps): an imported gang is in no campaign, so it plays
            # by the text; a restored history was checked by its campaign's rules as it grew.
            _, stats = post_game.choose_upgrade(session, stats, advancement["stat"], capped=False)
        except IllegalAction as exc:
            refusals.add(f"{path}.advancements.{j}", exc.reason)
            continue
        fighter.advancements.append({**advancement, "card": card.code})
    try:
        earned = post_game.flips_earned(
            taken_out=row["takedowns"], killing_blows=row["killing_blows"]
        )
    except ValueError as exc:
        refusals.add(f"{path}.killing_blows", str(exc))
        earned = 0
    if len(row["advancements"]) > row["flips_spent"]:
        refusals.add(
            f"{path}.flips_spent",
            f"{len(row['advancements'])} advancements took at least as many cards turned.",
        )
    if row["flips"] + row["flips_spent"] > earned:
        refusals.add(
            f"{path}.flips",
            f"{row['flips']} flips left and {row['flips_spent']} spent, but "
            f"{row['takedowns']} take-downs ({row['killing_blows']} killing blows) earn at "
            f"most {earned}.",
        )
    fighter.times_out_of_action = row["times_out_of_action"]
    fighter.injuries = list(row["injuries"])
    for key in ("flips", "flips_spent", "takedowns", "killing_blows"):
        setattr(fighter, key, row[key])


def _plan_equipment(fighter: FighterPlan, rows, *, path: str, signed: bool, refusals):
    held: list[CatalogueItem] = []
    for j, row in enumerate(rows):
        kit = _plan_kit(row, path=f"{path}.equipment.{j}", signed=signed, refusals=refusals)
        if kit is None:
            continue
        try:
            services.check_carry_limits(
                role=fighter.role.slug, fighter_name=fighter.name, held=held, item=kit.item
            )
        except DomainError as exc:
            refusals.add_domain(f"{path}.equipment.{j}", exc)
            continue
        held.append(kit.item)
        fighter.equipment.append(kit)


def _plan_kit(row, *, path: str, signed: bool, refusals: _Refusals) -> KitPlan | None:
    item: CatalogueItem = row["item"]
    try:
        services.check_purchasable(item)
    except DomainError as exc:
        refusals.add_domain(f"{path}.item", exc)
        return None
    price = _price(
        row["price_paid"], item.price, path=f"{path}.price_paid", signed=signed, refusals=refusals
    )
    return KitPlan(item=item, price_paid=price, path=path)


def _price(recorded: int, catalogue: int, *, path: str, signed: bool, refusals) -> int:
    """What the copy records as paid: as recorded when it does not exceed the catalogue.

    A signed file's lower price is a bargain this server saw (bought before a price rise);
    an unsigned file's is only a claim, and is refused.
    """
    if recorded >= catalogue:
        return catalogue
    if not signed:
        refusals.add(
            path,
            f"The catalogue price is {catalogue}; a file not signed by this server can only "
            "buy at the catalogue price.",
        )
    return recorded


def _plan_goods(rows, *, signed: bool, refusals: _Refusals) -> list[dict]:
    goods = []
    for j, row in enumerate(rows):
        if not signed:
            refusals.add(f"goods.{j}", UNSIGNED.format(what="goods found in battles"))
            continue
        item: CatalogueItem = row["item"]
        value = min(row["market_value"], item.price)  # as found; never above the catalogue's
        goods.append({"item": item, "name": item.name, "market_value": value})
    return goods


def _check_ledger(rows, refusals: _Refusals) -> list[dict]:
    balance = 0
    for k, row in enumerate(rows):
        balance += row["amount"]
        if balance < 0:
            refusals.add(f"ledger.{k}", "The balance never goes below zero.")
            break
    return list(rows)


def _fresh_treasury_credits(v, fighters, stash, rules: GangRules, refusals: _Refusals) -> int:
    """What is left of a fresh starting treasury once the whole gang is bought (each at the
    catalogue price), in the order the API would buy it, or the file's balance if lower."""
    left = rules.starting_treasury
    bill = []
    for i, fighter in enumerate(fighters):
        bill.append((f"fighters.{i}.role", fighter.hire_cost))
        bill += [(kit.path, kit.price_paid) for kit in fighter.equipment]
    bill += [(kit.path, kit.price_paid) for kit in stash if kit]
    for path, cost in bill:
        if cost > left:
            refusals.add(
                path,
                f"This costs {cost} credits but only {left} are left of the starting treasury "
                f"({rules.starting_treasury}).",
            )
            return 0
        left -= cost
    return min(left, v["credits"])
