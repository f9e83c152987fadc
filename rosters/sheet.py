"""The roster sheet: a gang as an organiser reads it, in a fixed number of queries.

Stat lines are the API's: ``Fighter.current_stats()`` (base + advancements − injuries) on the
same prefetched rows as ``GET /gangs/{id}/`` (``rosters.selectors.gang_detail_queryset``); the
sheet only shows the difference from the base line next to each stat, it never adds anything
up itself. Sale prices are the marketplace rule's (``marketplace.sale_price``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch

from rosters import selectors, services
from rosters.models import STATS, FlipDraw, Gang, GangRules, LedgerEntry, Role
from rulesets.core.cards import parse_card
from rulesets.last_hope_frontier import marketplace

LEDGER_ROWS = 15
STAT_LABELS = {
    "shoot": "Sh",
    "combat": "Co",
    "strength": "St",
    "toughness": "To",
    "defence": "De",
    "wounds": "W",
}


def card_name(code: str) -> str:
    """ "AC" → "Ace of Clubs"."""
    return parse_card(code).name


@dataclass
class StatCell:
    stat: str
    label: str
    value: int
    base: int

    @property
    def change(self) -> int:
        return self.value - self.base

    @property
    def change_text(self) -> str:
        """ "7 −1": the base line and what injuries and advancements did to it."""
        change = self.change
        return f"{self.base} {'+' if change > 0 else '−'}{abs(change)}" if change else ""


@dataclass
class FighterRow:
    fighter: object
    stats: list[StatCell]
    injuries: list[str]
    advancements: list[str]
    equipment: list[object]
    showing: FlipDraw | None
    showing_name: str = ""

    @property
    def changed(self) -> bool:
        return any(cell.change for cell in self.stats)


@dataclass
class Sheet:
    gang: Gang
    fighters: list[FighterRow]
    stash: list[object]
    goods: list[object]
    ledger: list[LedgerEntry]
    ledger_total: int
    problems: list[str]
    roles: list[Role] = field(default_factory=list)


def sheet_queryset():
    open_draws = FlipDraw.objects.filter(resolution__isnull=True).order_by("-seq")
    return selectors.gang_detail_queryset().prefetch_related(
        Prefetch("fighters__flip_draws", queryset=open_draws, to_attr="open_draws")
    )


def _injury(injury) -> str:
    if injury.fatal:
        return "killed (third time out of action)"
    return f"−{injury.wounds_lost} wound ({_nth(injury.strike)} time out of action)"


def _advancement(advancement) -> str:
    card = f" from the {card_name(advancement.card)}" if advancement.card else ""
    return f"+{advancement.amount} {advancement.stat}{card}"


def _nth(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def roster_sheet(gang_id: int) -> Sheet:
    gang = sheet_queryset().get(pk=gang_id)
    rows = []
    for fighter in gang.fighters.all():
        current = fighter.current_stats()
        base = fighter.base_stats()
        showing = fighter.open_draws[0] if fighter.open_draws else None
        rows.append(
            FighterRow(
                fighter=fighter,
                stats=[StatCell(s, STAT_LABELS[s], current[s], base[s]) for s in STATS],
                injuries=[_injury(i) for i in fighter.injuries.all()],
                advancements=[_advancement(a) for a in fighter.advancements.all()],
                equipment=list(fighter.equipment.all()),
                showing=showing,
                showing_name=card_name(showing.card) if showing else "",
            )
        )
    for item in [*gang.stash, *(e for r in rows for e in r.equipment)]:
        item.sale_price = marketplace.sale_price(item.item.price)
    for lot in gang.unsold_goods:
        lot.sale_price = marketplace.sale_price(lot.market_value)
    roles = list(Role.objects.all())
    rules = GangRules.objects.get(ruleset=services.RULESET)
    ledger = list(gang.ledger.select_related("actor").order_by("-id")[:LEDGER_ROWS])
    return Sheet(
        gang=gang,
        fighters=rows,
        stash=gang.stash,
        goods=gang.unsold_goods,
        ledger=ledger,
        ledger_total=gang.ledger.count() if len(ledger) == LEDGER_ROWS else len(ledger),
        problems=selectors.gang_problems(gang, rules=rules, roles=roles),
        roles=roles,
    )
