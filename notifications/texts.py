"""Each kind's sentence, in the reader's language at read time: a row keeps the kind and its
facts (params), never a sentence, so a person who changes language reads their whole inbox in
the new one, and a mistake in a text is mended for the rows already written."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from notifications.models import Category
from rulesets.registry import game_name as registry_game_name

# kind -> (category, sentence with %(param)s placeholders)
KINDS = {
    "campaign.invited": (
        Category.INVITATIONS,
        _("%(actor)s invited your gang %(gang)s to the campaign %(campaign)s."),
    ),
    "league.invited": (
        Category.INVITATIONS,
        _("%(actor)s invited you to the league %(league)s."),
    ),
    "match.invited": (
        Category.INVITATIONS,
        _("%(actor)s invited you to a live match of %(game)s."),
    ),
    "battle.to_confirm": (
        Category.CONFIRMATIONS,
        _("A battle of %(campaign)s waits for your confirmation: %(gangs)s."),
    ),
    "battle.disputed": (
        Category.CONFIRMATIONS,
        _("%(actor)s disputed a battle of %(campaign)s: %(reason)s"),
    ),
    "battle.voided": (
        Category.CONFIRMATIONS,
        _(
            "%(actor)s voided battle %(battle)s of %(campaign)s (%(reason)s); "
            "it may be reported again."
        ),
    ),
    "battle.withdrawn": (
        Category.CONFIRMATIONS,
        _("%(actor)s withdrew their report of battle %(battle)s of %(campaign)s."),
    ),
    "result.to_confirm": (
        Category.CONFIRMATIONS,
        _("A result of the league %(league)s waits for your confirmation."),
    ),
    "result.disputed": (
        Category.CONFIRMATIONS,
        _("%(actor)s disputed a result of the league %(league)s: %(reason)s"),
    ),
    "round.opened": (
        Category.ROUNDS,
        _("Round %(number)s of %(campaign)s is open."),
    ),
    "league_round.table": (
        Category.ROUNDS,
        _("Round %(number)s of the league %(league)s: table %(table)s, against %(opponents)s."),
    ),
    "league_round.bye": (
        Category.ROUNDS,
        _("Round %(number)s of the league %(league)s: you have a bye."),
    ),
    "round.closing": (
        Category.ROUNDS,
        _("Round %(number)s of %(campaign)s closes within 24 hours."),
    ),
    "league_round.closing": (
        Category.ROUNDS,
        _("Round %(number)s of the league %(league)s closes within 24 hours."),
    ),
    "round.closed": (
        Category.ROUNDS,
        _("Round %(number)s of %(campaign)s is closed and its post-games are done."),
    ),
    "post_game.done": (
        Category.POST_GAME,
        _("The post-game of %(gang)s in %(campaign)s is done: %(flips)s card flips wait."),
    ),
    "turn.yours": (
        Category.TURNS,
        _("It is your turn in your live match of %(game)s."),
    ),
    "clock.low": (
        Category.TURNS,
        _("Your turn clock in your live match of %(game)s is running low: %(minutes)s min left."),
    ),
    "match.finished": (
        Category.MATCHES,
        _("Your live match of %(game)s is over."),
    ),
    "webhook.paused": (
        Category.ORGANISING,
        _("The webhook to %(host)s was paused after %(failures)s failed deliveries."),
    ),
}


def category_of(kind: str) -> str:
    return KINDS[kind][0]


def render(kind: str, params: dict, language: str | None = None) -> str:
    """The sentence in ``language`` (or the active one). An unknown kind or a missing fact
    says so plainly rather than failing a whole inbox page."""
    entry = KINDS.get(kind)
    if entry is None:
        return kind
    if language is None:
        return _fill(str(entry[1]), params)
    with translation.override(language):
        return _fill(str(entry[1]), params)


def _fill(text: str, params: dict) -> str:
    try:
        return text % params
    except (KeyError, TypeError, ValueError):
        return text


def game_name(slug: str) -> str:
    """A game's name for a sentence; a ruleset removed since keeps its slug."""
    return registry_game_name(slug)
