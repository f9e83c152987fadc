"""Template helpers of the player site: a playing card drawn in HTML, signed amounts."""

from __future__ import annotations

from django import template
from django.utils.html import format_html

from rulesets.core.cards import parse_card
from rulesets.registry import house_rules_summary

register = template.Library()

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_SHORT = {11: "J", 12: "Q", 13: "K", 14: "A"}


@register.simple_tag
def playing_card(code: str):
    """A card as a small HTML card: rank and suit in the corners, the suit in the middle.
    Red suits are red on screen; the symbols keep them apart in black and white."""
    card = parse_card(code)
    if card.is_joker:
        rank, suit, red = "★", "", False
        label = "Joker"
    else:
        rank = RANK_SHORT.get(card.value, str(card.value))
        suit = SUIT_SYMBOLS[card.suit]
        red = card.suit in ("H", "D")
        label = card.name
    return format_html(
        '<span class="playing-card{}" role="img" aria-label="{}">'
        '<span class="corner">{}{}</span><span class="pip" aria-hidden="true">{}</span>'
        '<span class="corner bottom">{}{}</span></span>',
        " red" if red else "",
        label,
        rank,
        suit,
        suit or "JOKER",
        rank,
        suit,
    )


@register.filter
def signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if mapping else None


@register.simple_tag
def house_rules_line(slug: str, chosen) -> str:
    """ "House rules: stat caps, fists at -1" for a match, campaign or league that plays any
    (rulesets/core/house_rules.py); "" when it follows the rulebook's text."""
    return house_rules_summary(slug, chosen)
