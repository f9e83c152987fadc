"""What a roster sheet shows, read in a fixed number of queries whatever the gang's size.

The reads are the API's (``selectors.gang_detail_queryset``, ``selectors.gang_problems``);
this module only arranges them for the templates: each fighter's stat line with what changed
it, and the card on the table for a fighter in the middle of a flip.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import Http404
from django.utils.translation import gettext_lazy as _

from rosters import access, selectors, services
from rosters.models import STATS, CatalogueItem, FlipDraw, Gang, GangRules, Role
from rulesets.last_hope_frontier import marketplace, post_game
from rulesets.last_hope_frontier.factions import favoured_suit_name

# Short column heads for a 360 px card, and the rulebook's words for a legend and titles.
STAT_LABELS = {
    "move": (_("M"), _("Move (card lengths)")),
    "shoot": (_("Sh"), _("Shooting skill")),
    "combat": (_("Cb"), _("Combat skill")),
    "strength": (_("St"), _("Strength")),
    "toughness": (_("T"), _("Toughness")),
    "defence": (_("D"), _("Defence")),
    "wounds": (_("W"), _("Wounds")),
}
STAT_NAMES = {stat: STAT_LABELS[stat][1] for stat in STATS}


@dataclass
class StatCell:
    stat: str
    short: str
    title: str
    base: int
    value: int
    notes: list[str] = field(default_factory=list)

    @property
    def change(self) -> int:
        return self.value - self.base


@dataclass
class FlipChoice:
    stat: str
    name: str
    now: int
    cap: int

    @property
    def at_cap(self) -> bool:
        return self.now >= self.cap


def stat_cells(fighter) -> list[StatCell]:
    current = fighter.current_stats()
    cells = [StatCell("move", *STAT_LABELS["move"], fighter.role.movement, fighter.role.movement)]
    for stat in STATS:
        cell = StatCell(stat, *STAT_LABELS[stat], getattr(fighter, stat), current[stat])
        for advancement in fighter.advancements.all():
            if advancement.stat == stat:
                cell.notes.append(f"+{advancement.amount} ({advancement.note or advancement.card})")
        if stat == "wounds":
            for injury in fighter.injuries.all():
                if injury.wounds_lost:
                    cell.notes.append(f"−{injury.wounds_lost} ({_('injury')} {injury.strike}/3)")
        cells.append(cell)
    return cells


def flip_choices(fighter, draw: FlipDraw) -> list[FlipChoice]:
    current = fighter.current_stats()
    return [
        FlipChoice(stat, STAT_NAMES[stat], current[stat], post_game.stat_cap(stat))
        for stat in draw.options
    ]


def load_gang(gang_id: int) -> Gang:
    gang = selectors.gang_detail_queryset().filter(pk=gang_id).first()
    if gang is None:
        raise Http404
    return gang


def roster(gang: Gang, *, user=None, with_store: bool = False) -> dict:
    """The sheet's context. ``with_store`` adds what the owner's forms need (the catalogue)."""
    rules = GangRules.objects.get(ruleset=services.RULESET)
    roles = list(Role.objects.all())
    fighters = list(gang.fighters.all())
    showing = {}
    for draw in FlipDraw.objects.filter(fighter__gang=gang, resolution__isnull=True).order_by(
        "seq"
    ):
        showing[draw.fighter_id] = draw  # the latest unresolved draw, as services.showing_flip
    cards = []
    for fighter in fighters:
        draw = showing.get(fighter.pk) if fighter.is_active else None
        kit = [
            {"equipment": e, "sale_price": marketplace.sale_price(e.item.price)}
            for e in fighter.equipment.all()
        ]
        cards.append(
            {
                "fighter": fighter,
                "stats": stat_cells(fighter),
                "kit": kit,
                "injuries": list(fighter.injuries.all()),
                "showing": draw,
                "choices": flip_choices(fighter, draw) if draw else [],
            }
        )
    active = [c for c in cards if c["fighter"].is_active]
    gone = [c for c in cards if not c["fighter"].is_active]
    context = {
        "gang": gang,
        "favoured_suit": favoured_suit_name(gang.faction),
        "active_cards": active,
        "gone_cards": gone,
        "stash": [
            {"equipment": e, "sale_price": marketplace.sale_price(e.item.price)} for e in gang.stash
        ],
        "goods": [
            {"goods": g, "sale_price": marketplace.sale_price(g.market_value)}
            for g in gang.unsold_goods
        ],
        "problems": selectors.gang_problems(gang, rules=rules, roles=roles),
        "rules": rules,
        "roles": roles,
        "stat_legend": [STAT_LABELS[s] for s in ("move", *STATS)],
        # The roster's controls: its owner's (and staff's), never a campaign's arbitrators'.
        "can_manage": bool(user) and access.can(user=user, action=access.Action.HIRE, gang=gang),
    }
    if with_store:
        context["store"] = list(
            CatalogueItem.objects.filter(purchasable=True).exclude(kind=CatalogueItem.Kind.GOODS)
        )
    return context
