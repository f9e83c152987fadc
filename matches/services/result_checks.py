"""A logged result's checks: places, scores and teams well formed, then the game's own rules
(``Ruleset.check_result``). Each refusal is a 400 naming its field, in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from matches.services.common import InvalidMatchInput, _is_int, canonical, log
from rulesets.core.errors import InvalidInput, InvalidResult
from rulesets.core.protocol import Ruleset


def check_by_the_rules(game: Ruleset, placements: dict[str, int], scores: dict) -> None:
    """The engine's own rules (a winner below 12 VP...); InvalidResult becomes a 400 naming its
    field. An engine crash on odd input is still a 400 for the client, and a log line for us."""
    try:
        game.check_result(placements=dict(placements), scores=canonical(scores))
    except (InvalidInput, InvalidResult) as exc:
        raise InvalidMatchInput(exc.message, field=exc.field) from None
    except Exception:
        log.exception("%s: check_result failed on %r / %r", game.slug, placements, scores)
        raise InvalidMatchInput(
            _("This result could not be checked against the rules of %(game)s.")
            % {"game": game.name},
            field="placements",
        ) from None


def check_placements(placements: dict[str, int]) -> None:
    """Places run from 1 and tied players share one: 1, 1, 3 (not 1, 1, 2)."""
    places = list(placements.values())
    for name, place in placements.items():
        if not _is_int(place) or not 1 <= place <= len(places):
            raise InvalidMatchInput(
                _("A place is a whole number from 1 to %(most)s.") % {"most": len(places)},
                field=f"placements.{name}",
            )
    for name, place in placements.items():
        ahead = sum(1 for other in places if other < place)
        if place != ahead + 1:
            raise InvalidMatchInput(
                ngettext(
                    "%(ahead)s player placed ahead, so this place is %(right)s, not %(place)s "
                    "(tied players share a place: 1, 1, 3).",
                    "%(ahead)s players placed ahead, so this place is %(right)s, not %(place)s "
                    "(tied players share a place: 1, 1, 3).",
                    ahead,
                )
                % {"ahead": ahead, "right": ahead + 1, "place": place},
                field=f"placements.{name}",
            )


def check_scores(game: Ruleset, scores: object, names: list[str]) -> dict[str, dict]:
    if not isinstance(scores, dict):
        raise InvalidMatchInput(_("Scores map each player to their score fields."), field="scores")
    known = {f.name: f for f in game.score_fields}
    for name, fields in scores.items():
        if name not in names:
            raise InvalidMatchInput(
                _("This player has no place in the result."), field=f"scores.{name}"
            )
        if not isinstance(fields, dict):
            raise InvalidMatchInput(_("Scores are an object of fields."), field=f"scores.{name}")
        for key, value in fields.items():
            where = f"scores.{name}.{key}"
            spec = known.get(key)
            if spec is None:
                allowed = ", ".join(known) or _("none")
                raise InvalidMatchInput(
                    _("%(game)s has no score called '%(key)s' (it has: %(scores)s).")
                    % {"game": game.name, "key": key, "scores": allowed},
                    field=where,
                )
            if not _is_int(value):
                raise InvalidMatchInput(
                    _("%(score)s is a whole number.") % {"score": spec.label}, field=where
                )
            if value < spec.minimum or (spec.maximum is not None and value > spec.maximum):
                words = {"score": spec.label, "least": spec.minimum, "value": value}
                said = (
                    _("%(score)s goes from %(least)s, not %(value)s.")
                    if spec.maximum is None
                    else _("%(score)s goes from %(least)s to %(most)s, not %(value)s.")
                )
                raise InvalidMatchInput(said % {**words, "most": spec.maximum}, field=where)
    return scores


def check_teams(teams: object, names: list[str]) -> dict[str, str]:
    if not isinstance(teams, dict):
        raise InvalidMatchInput(_("Teams map players to a team name."), field="teams")
    for name, team in teams.items():
        if name not in names:
            raise InvalidMatchInput(
                _("This player has no place in the result."), field=f"teams.{name}"
            )
        if not isinstance(team, str) or not 0 < len(team) <= 50:
            raise InvalidMatchInput(_("A team name is 1 to 50 characters."), field=f"teams.{name}")
    return teams
