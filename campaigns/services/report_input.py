"""A battle report's casualties and earnings as sent (a page's form or an API body), each
checked: a 400 naming the casualty, the gang or the field, in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _

from campaigns.errors import CampaignError
from rosters import services as rosters
from rosters.models import Fighter

MAX_GOODS_PER_SIDE = 10
MAX_CREDITS_EARNED = 1000


def _int_keyed(value, field: str) -> dict[int, object]:
    if value in (None, ""):
        return {}
    if not isinstance(value, dict):
        raise CampaignError(_("Give an object keyed by gang id."), field=field)
    out = {}
    for key, item in value.items():
        try:
            out[int(key)] = item
        except (TypeError, ValueError):
            raise CampaignError(
                _("'%(key)s' is not a gang id.") % {"key": key}, field=field
            ) from None
    return out


def casualty_rows(casualties, fighters: dict[int, Fighter]) -> list[tuple]:
    """``(fighter, taken out by or None)`` for each casualty, each checked (a 400 naming it)."""
    seen: set[int] = set()
    rows = []
    for index, casualty in enumerate(casualties or []):
        path = f"casualties.{index}"
        if not isinstance(casualty, dict):
            raise CampaignError(
                _("Each casualty is an object with fighter and taken_out_by."), field=path
            )
        fighter = (
            fighters.get(casualty.get("fighter"))
            if isinstance(casualty.get("fighter"), int)
            else None
        )
        if fighter is None:
            raise CampaignError(_("This fighter is not in either gang."), field=f"{path}.fighter")
        if not fighter.is_active:
            raise CampaignError(
                (
                    _("%(fighter)s is dead and did not fight.")
                    if fighter.status == Fighter.Status.DEAD
                    else _("%(fighter)s is retired and did not fight.")
                )
                % {"fighter": fighter.name},
                field=f"{path}.fighter",
            )
        if fighter.pk in seen:
            raise CampaignError(
                _("%(fighter)s is taken out of action twice in one report.")
                % {"fighter": fighter.name},
                field=f"{path}.fighter",
            )
        seen.add(fighter.pk)
        rows.append((fighter, _attacker(casualty.get("taken_out_by"), fighter, fighters, path)))
    return rows


def _attacker(by, fighter: Fighter, fighters: dict[int, Fighter], path: str) -> Fighter | None:
    if by is None:
        return None
    attacker = fighters.get(by) if isinstance(by, int) else None
    if attacker is None:
        raise CampaignError(
            _("The fighter who took them out is not in either gang."),
            field=f"{path}.taken_out_by",
        )
    if not attacker.is_active:
        raise CampaignError(
            _("%(fighter)s is dead: a dead fighter deals no blows.") % {"fighter": attacker.name}
            if attacker.status == Fighter.Status.DEAD
            else _("%(fighter)s is retired and dealt no blows.") % {"fighter": attacker.name},
            field=f"{path}.taken_out_by",
        )
    if attacker.pk == fighter.pk:
        raise CampaignError(_("A fighter cannot take themself out."), field=f"{path}.taken_out_by")
    return attacker


def earnings(gangs: list[int], goods, credits) -> tuple[dict, dict]:
    """Goods and credits earned, by gang id, each checked (a 400 naming the gang)."""
    goods_by_gang = _int_keyed(goods, "goods")
    credits_by_gang = _int_keyed(credits, "credits")
    for gang_id in set(goods_by_gang) | set(credits_by_gang):
        if gang_id not in gangs:
            raise CampaignError(
                _("Gang %(gang)s did not fight this battle.") % {"gang": gang_id}, field="goods"
            )
    # Goods, and the seed's "campaign findable items" (whiskey, hooch, dynamite, rabbit's
    # foot, horse, town map): the post-game puts goods in the goods and items in the stash.
    findable = rosters.findable_slugs()
    for gang_id, found in goods_by_gang.items():
        if (
            not isinstance(found, list)
            or len(found) > MAX_GOODS_PER_SIDE
            or any(s not in findable for s in found)
        ):
            raise CampaignError(
                _("Goods and found items are a list of up to %(most)s of: %(items)s.")
                % {"most": MAX_GOODS_PER_SIDE, "items": ", ".join(findable)},
                field=f"goods.{gang_id}",
            )
    for gang_id, amount in credits_by_gang.items():
        if (
            isinstance(amount, bool)
            or not isinstance(amount, int)
            or not 0 <= amount <= MAX_CREDITS_EARNED
        ):
            raise CampaignError(
                _("Credits earned are a whole number from 0 to %(most)s.")
                % {"most": MAX_CREDITS_EARNED},
                field=f"credits.{gang_id}",
            )
    return goods_by_gang, credits_by_gang
