"""Advancement by card flips: flips earned in battle, then flip, reflip, choose or decline,
each card turned from the fighter's own seeded deck."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rosters import house_rules
from rosters.errors import (
    FighterUnavailable,
    RosterError,
)
from rosters.models import (
    STATS,
    Advancement,
    Fighter,
    FlipDraw,
    FlipResolution,
)
from rosters.services.common import Kind, _event, _lock
from rosters.services.fighters import not_active
from rulesets.core.cards import parse_card
from rulesets.core.errors import IllegalAction
from rulesets.core.rng import Rng
from rulesets.last_hope_frontier import post_game


@transaction.atomic
def award_flips(
    *, fighter: Fighter, count: int, actor, note: str = "", at: dict | None = None
) -> Fighter:
    """Flips earned in a battle: one for taking an enemy out, two for a killing blow.
    ``note``: a person's words; ``at``: the battle (``common.where``)."""
    _lock(fighter.gang_id)  # the gang first, then the fighter, as every roster write
    fighter = Fighter.objects.select_for_update(no_key=True).get(pk=fighter.pk)
    if count <= 0 or not fighter.is_active:
        return fighter
    fighter.flips += count
    fighter.save(update_fields=["flips"])
    _event(
        fighter.gang,
        Kind.FLIPS,
        None,
        actor=actor,
        code="flips_note" if note else "flips",
        params={"fighter": fighter.name, "count": count, "note": note, **(at or {})},
        fighter=fighter,
    )
    return fighter


def showing_flip(fighter: Fighter) -> FlipDraw | None:
    """The card on the table for this fighter, waiting for a choice (or None)."""
    return (
        FlipDraw.objects.filter(fighter=fighter, resolution__isnull=True).order_by("-seq").first()
    )


def _spend_flip(fighter: Fighter, *, reflip: bool) -> FlipDraw:
    """Spend one flip and turn a card from the fighter's own seeded deck.

    Rule: "Shuffle your deck and flip the top card". Each draw is its own shuffle, from the
    fighter's hidden seed and the draw number: reproducible for an audit, unknowable before.
    """
    showing = showing_flip(fighter)
    session = {"flips_left": fighter.flips, "card": showing.card if showing else None}
    seq = (FlipDraw.objects.filter(fighter=fighter).aggregate(m=Max("seq"))["m"] or 0) + 1
    rng = Rng.from_seed(fighter.flip_seed + seq)
    turned = post_game.reflip(session, rng) if reflip else post_game.flip(session, rng)
    if reflip:
        FlipResolution.objects.create(draw=showing, outcome=FlipDraw.Outcome.REFLIPPED)
    fighter.flips = turned["flips_left"]
    fighter.save(update_fields=["flips"])
    card = turned["card"]
    return FlipDraw.objects.create(
        fighter=fighter, seq=seq, card=card, options=list(post_game.flip_options(card))
    )


@transaction.atomic
def flip_card(*, fighter: Fighter, actor, action: str, stat: str | None = None) -> FlipDraw | None:
    """Spend a flip (``flip``), burn another to replace the card showing (``reflip``), take +1
    in one of its two stats (``choose``), or pass on it (``decline``)."""
    _lock(fighter.gang_id)  # the gang first, then the fighter, as every roster write
    fighter = (
        Fighter.objects.select_for_update(no_key=True, of=("self",))
        .select_related("gang")
        .get(pk=fighter.pk)
    )
    if not fighter.is_active:
        raise FighterUnavailable(not_active(fighter), field="fighter")
    try:
        if action in ("flip", "reflip"):
            draw = _spend_flip(fighter, reflip=action == "reflip")
            verb = "reflipped and drew" if action == "reflip" else "flipped"
            _event(
                fighter.gang,
                Kind.FLIPS,
                f"{fighter.name} {verb} the {_card_name(draw.card)}: "
                f"{draw.options[0]} or {draw.options[1]}.",
                actor=actor,
                code=action,
                params={
                    "fighter": fighter.name,
                    "card": _card_name(draw.card),
                    "a": draw.options[0],
                    "b": draw.options[1],
                },
                fighter=fighter,
            )
            return draw
        showing = showing_flip(fighter)
        session = {"flips_left": fighter.flips, "card": showing.card if showing else None}
        if action == "decline":
            post_game.decline(session)
            FlipResolution.objects.create(
                draw=showing, outcome=FlipDraw.Outcome.DECLINED, actor=actor
            )
            _event(
                fighter.gang,
                Kind.FLIPS,
                f"{fighter.name} passed on the {_card_name(showing.card)}.",
                actor=actor,
                code="passed",
                params={"fighter": fighter.name, "card": _card_name(showing.card)},
                fighter=fighter,
            )
            return showing
        if action != "choose":
            raise RosterError(_("Action must be flip, reflip, choose or decline."), field="action")
        if stat not in STATS:
            raise RosterError(
                _("Choose one of the stats the card offers: %(stats)s.")
                % {"stats": ", ".join(session_options(showing))},
                field="stat",
            )
        capped = house_rules.stat_caps(fighter.gang_id)
        post_game.choose_upgrade(session, fighter.current_stats(), stat, capped=capped)
    except IllegalAction as exc:
        raise FighterUnavailable(exc.reason, field="action") from None
    return _take(fighter, showing, stat, actor=actor)


# A stat as the roster sheet names it (rosters/views/sheet.py), translated where it is said.
STAT_WORDS = {
    "shoot": gettext_noop("Shooting skill"),
    "combat": gettext_noop("Combat skill"),
    "strength": gettext_noop("Strength"),
    "toughness": gettext_noop("Toughness"),
    "defence": gettext_noop("Defence"),
    "wounds": gettext_noop("Wounds"),
}


@transaction.atomic
def flip_preferring(
    *, fighter: Fighter, actor, stat: str, reflip: bool = False
) -> tuple[FlipDraw, str | None]:
    """A flip (or a reflip) and, in the same call, +1 to ``stat`` when the card drawn offers
    it (and, under house rule ``stat_caps``, the stat is below its cap): ``(draw, None)``.
    Otherwise the card stays showing for a choice, a reflip or a pass, and the second value
    says why (the rule's own sentence).

    Under the house rule, a stat already at its cap is refused before a flip is spent: no
    card could raise it."""
    _lock(fighter.gang_id)
    fighter = (
        Fighter.objects.select_for_update(no_key=True, of=("self",))
        .select_related("gang")
        .get(pk=fighter.pk)
    )
    if stat not in STATS:
        raise RosterError(
            _("Prefer one of the stats: %(stats)s.") % {"stats": ", ".join(STATS)},
            field="prefer",
        )
    stats = fighter.current_stats()
    capped = house_rules.stat_caps(fighter.gang_id)
    cap = post_game.stat_cap(stat, capped=capped)
    if cap is not None and stats[stat] >= cap:
        raise RosterError(
            _("%(stat)s is already at its maximum of %(cap)s; no card can raise it.")
            % {"stat": _(STAT_WORDS[stat]), "cap": cap},
            field="prefer",
        )
    draw = flip_card(fighter=fighter, actor=actor, action="reflip" if reflip else "flip")
    try:
        showing = {"flips_left": fighter.flips, "card": draw.card}
        post_game.choose_upgrade(showing, stats, stat, capped=capped)
    except IllegalAction as exc:
        return draw, exc.reason
    return _take(fighter, draw, stat, actor=actor), None


def _take(fighter: Fighter, showing: FlipDraw, stat: str, *, actor) -> FlipDraw:
    """+1 to ``stat`` from the card showing (its choice checked by the caller)."""
    FlipResolution.objects.create(
        draw=showing, outcome=FlipDraw.Outcome.TAKEN, stat=stat, actor=actor
    )
    Advancement.objects.create(
        fighter=fighter, stat=stat, amount=1, card=showing.card, note=f"Card flip {showing.seq}"
    )
    _event(
        fighter.gang,
        Kind.ADVANCEMENT,
        f"{fighter.name} gained +1 {stat} from the {_card_name(showing.card)}.",
        actor=actor,
        code="advancement",
        params={
            "fighter": fighter.name,
            "stat": stat,
            "card": _card_name(showing.card),
        },
        fighter=fighter,
    )
    return showing


def session_options(draw: FlipDraw | None) -> list[str]:
    return list(draw.options) if draw else []


def _card_name(code: str) -> str:
    return parse_card(code).name
