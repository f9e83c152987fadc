"""What a piece of kit does at the table, for the sheet and its print: a weapon's range,
damage bonus and reload; clothing's defence; an item's effect.

Every number comes from the Last Hope Frontier catalogue (rulesets/last_hope_frontier/data),
read through the same functions the engine plays by (``weapons.firing_band``,
``weapons.knife_throw_band``): nothing is typed twice. The words around the numbers are the
page's, translated; an item's effect is the catalogue's own sentence (English, as the
catalogue's names are).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rulesets.last_hope_frontier.catalogue import Clothing, Item, Weapon, catalogue
from rulesets.last_hope_frontier.weapons import Band, firing_band, knife_throw_band


def kit_facts(slug: str) -> list[str]:
    """Short facts about the catalogue entry ``slug`` ("range 0 to 1", "+1 damage", ...);
    empty for an entry the rules catalogue does not know (an admin's own addition)."""
    entry = catalogue().entries.get(slug)
    if isinstance(entry, Weapon):
        return _weapon(entry)
    if isinstance(entry, Clothing):
        return [_("+%(bonus)s defence against shots and combat") % {"bonus": entry.defence_bonus}]
    if isinstance(entry, Item):
        return [entry.description]
    return []


def _weapon(weapon: Weapon) -> list[str]:
    band = firing_band(weapon)
    if band.range_max == 0:
        facts = [_("base contact")]
    else:
        facts = [_("range %(band)s") % {"band": _band(band)}]
    if weapon.damage_bonus:
        facts.append(_("+%(bonus)s damage") % {"bonus": weapon.damage_bonus})
    else:
        facts.append(_("no damage bonus"))
    if weapon.reload_every is None:
        facts.append(_("never reloads") if not weapon.is_melee else "")
    else:
        facts.append(
            ngettext(
                "reload after every shot",
                "reload after every %(shots)s shots",
                weapon.reload_every,
            )
            % {"shots": weapon.reload_every}
        )
    if weapon.can_be_thrown:
        band = knife_throw_band(weapon)
        facts.append(_("thrown: range %(band)s, then lost") % {"band": _band(band)})
    if weapon.slug == "derringer":
        facts.append(_("a shot in base contact when no melee weapon is carried"))
    return [fact for fact in facts if fact]


def _band(band: Band) -> str:
    """A band in card lengths as the seed prints it ("0 to 1"), in the page's language."""
    if band.range_min == band.range_max:
        return str(band.range_max)
    return _("%(low)s to %(high)s") % {"low": band.range_min, "high": band.range_max}
