"""What a roster sheet shows: the API's cached gang detail (rosters/detail.py), arranged.

The sheet, its print layout and the share page read the same flat body as
``GET /api/v1/gangs/{id}/`` (one query and one cache get while the gang is unchanged, however
big it is) and only arrange it for the templates: each fighter's stat line with what changed
it, the card on the table for a fighter in the middle of a flip, the marketplace's sale
prices. Only the owner's forms read more (the gang's owner and share link, the roles and the
store for their choices), a fixed few queries whatever the gang's size.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.cache import cache
from django.http import Http404
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rosters import access, detail, house_rules, offers
from rosters.kit_facts import kit_facts
from rosters.models import STATS, CatalogueItem, Fighter, Gang, Role
from rosters.services import gang_rules
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
    cap: int | None  # None by the text; the catalogue's cap under house rule stat_caps

    @property
    def at_cap(self) -> bool:
        return self.cap is not None and self.now >= self.cap


def stat_cells(fighter: dict) -> list[StatCell]:
    """A fighter of the gang detail as its stat line, each cell with what changed it."""
    movement = fighter["movement"]
    cells = [StatCell("move", *STAT_LABELS["move"], movement, movement)]
    for stat in STATS:
        cell = StatCell(
            stat, *STAT_LABELS[stat], fighter["base_stats"][stat], fighter["stats"][stat]
        )
        for advancement in fighter["advancements"]:
            if advancement["stat"] == stat:
                reason = advancement["note"] or advancement["card"]
                cell.notes.append(f"+{advancement['amount']} ({reason})")
        if stat == "wounds":
            for injury in fighter["injuries"]:
                if injury["wounds_lost"]:
                    cell.notes.append(
                        f"−{injury['wounds_lost']} ({_('injury')} {injury['strike']}/3)"
                    )
        cells.append(cell)
    return cells


def flip_choices(fighter: dict, draw: dict, *, capped: bool) -> list[FlipChoice]:
    """The stats the card showing offers; ``capped``: the gang plays by house rule
    ``stat_caps`` (rosters/house_rules.py), as ``services.flips`` asks when it is chosen."""
    now = fighter["stats"]
    return [
        FlipChoice(stat, STAT_NAMES[stat], now[stat], post_game.stat_cap(stat, capped=capped))
        for stat in draw["options"]
    ]


def load_gang(gang_id: int) -> tuple[dict, str]:
    """The gang detail as plain data (cached per gang revision) and its cache key, or a 404."""
    read = detail.gang_detail_keyed(gang_id)
    if read is None:
        raise Http404
    return read


# Where the request's CSRF token goes in a cached owner's body (letters only: never escaped).
_TOKEN = "poSSeCsrfTokenGoesHere"


def owner_body(request, context: dict, key: str) -> SafeString:
    """The owner's body (its sell, move and flip forms), rendered once per detail key as for
    ``read_only_body``; each form's CSRF token is the request's, put in at each read (any
    masking of the secret is valid, so one token serves every form of the page)."""
    # The caps come from the gang's campaign, which the detail key does not follow.
    cached = f"{key}:page-body:manage{':capped' if context['stat_caps'] else ''}"
    body = cache.get(cached)
    if body is None:
        page = {**context, "manage": True, "csrf_token": _TOKEN}
        body = render_to_string("rosters/roster_body.html", page)
        cache.set(cached, body, detail.TTL)
    return mark_safe(body.replace(_TOKEN, get_token(request)))  # see read_only_body


def read_only_body(context: dict, key: str) -> SafeString:
    """The roster's read-only body (print, share, another player's view), rendered once per
    detail key: the template engine, not the data, is most of a page's cost. Nothing in it
    depends on who reads it (no controls, no owner, no token)."""
    body = cache.get(f"{key}:page-body")
    if body is None:
        body = render_to_string("rosters/roster_body.html", {**context, "manage": False})
        cache.set(f"{key}:page-body", body, detail.TTL)
    return mark_safe(body)  # rendered by our own template, escaped there


def _priced(kind: str, row: dict) -> dict:
    """A row of kit or goods with what the marketplace pays for it and, for kit, what it does
    at the table (``error`` goes in later)."""
    facts = kit_facts(row["item"]) if kind == "equipment" else []
    return {kind: row, "sale_price": marketplace.sale_price(row["market_value"]), "facts": facts}


def _card(fighter: dict, *, capped: bool) -> dict:
    active = fighter["status"] == Fighter.Status.ACTIVE
    draw = fighter["showing"] if active else None
    return {
        "fighter": fighter,
        "active": active,
        "status_name": Fighter.Status(fighter["status"]).label,
        "stats": stat_cells(fighter),
        "kit": [_priced("equipment", e) for e in fighter["equipment"]],
        "injuries": fighter["injuries"],
        "showing": draw,
        "choices": flip_choices(fighter, draw, capped=capped) if draw else [],
    }


def _move_options(context: dict) -> None:
    """The "move to" choices of every kit row, made once per card: as template loops they
    were one translated option per row per fighter, most of a big gang's page."""
    options = [
        (
            card["fighter"]["id"],
            format_html(
                '<option value="{}">{}</option>',
                card["fighter"]["id"],
                gettext("to %(name)s") % {"name": card["fighter"]["name"]},
            ),
        )
        for card in context["active_cards"]
    ]
    context["stash_move_options"] = _joined(option for _pk, option in options)
    for card in context["active_cards"]:
        own = card["fighter"]["id"]
        card["move_options"] = _joined(option for pk, option in options if pk != own)


def _joined(options) -> SafeString:
    return mark_safe("".join(options))  # each one made by format_html, escaped


def roster(
    data: dict,
    *,
    owner: Gang | None = None,
    user=None,
    with_store: bool = False,
    buy_for: int | None = None,
) -> dict:
    """The sheet's context from the gang detail ``data``. ``owner`` (the gang's row, for the
    access rules) and ``user`` give the controls; ``with_store`` adds what the owner's forms
    need (the roles and the catalogue, each offered or not, and why; the buy list for the
    fighter ``buy_for`` when given)."""
    # Asked only when a card is on the table: the one place the sheet needs the house rules.
    showing = any(f["showing"] for f in data["fighters"] if f["status"] == Fighter.Status.ACTIVE)
    capped = showing and house_rules.stat_caps(data["id"])
    cards = [_card(fighter, capped=capped) for fighter in data["fighters"]]
    context = {
        "stat_caps": capped,
        "gang": data,
        "favoured_suit": favoured_suit_name(data["faction"]),
        "active_cards": [c for c in cards if c["active"]],
        "gone_cards": [c for c in cards if not c["active"]],
        "stash": [_priced("equipment", e) for e in data["stash"]],
        "goods": [_priced("goods", g) for g in data["goods"]],
        "problems": data["problems"],
        "stat_legend": [STAT_LABELS[s] for s in ("move", *STATS)],
        # The page's controls: its owner's (and staff's). A campaign's arbitrators whom the
        # owner lets manage the roster do it from the admin sheet and the API, not here.
        "can_manage": bool(user and owner)
        and access.can(user=user, action=access.Action.EDIT_GANG, gang=owner),
    }
    if context["can_manage"]:
        _move_options(context)
    if with_store and context["can_manage"]:
        _offers(context, data, buy_for)
    return context


def _offers(context: dict, data: dict, buy_for: int | None) -> None:
    """The hire and buy lists: what the gang may take, and why the rest is not offered (the
    services' own refusals, rosters/offers.py)."""
    rules = gang_rules()
    roles = list(Role.objects.all())
    store = list(
        CatalogueItem.objects.filter(purchasable=True).exclude(kind=CatalogueItem.Kind.GOODS)
    )
    context["roles"], context["store"] = roles, store
    context["hire_offers"] = offers.hire_offers(roles=roles, data=data, rules=rules)
    context["buy_offers"] = offers.buy_offers(
        store=store, data=data, rules=rules, fighter_id=buy_for
    )
    context["hire_refused"] = [o for o in context["hire_offers"] if not o.offered]
    context["buy_refused"] = [o for o in context["buy_offers"] if not o.offered]
    context["buy_for"] = next((f["name"] for f in data["fighters"] if f["id"] == buy_for), "")
