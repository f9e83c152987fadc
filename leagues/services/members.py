"""Members: an organiser invites and the player answers, or the player joins with the code.

Nobody becomes a member of a league, and so nobody's results and rating are at stake in it,
without their say:
- an organiser adding someone else creates an invitation (``invited``); only that player
  turns it into membership (``accept_membership``) or declines it. An organiser adding
  themselves is a member at once.
- a player who has the league's code (organisers see it) joins at once. That is also how a
  player who declined comes back later, or takes up an invitation without waiting for it.
- an organiser may invite several players in one call (``invite_players``): all of them or,
  if any name is wrong, none, with every wrong name reported at once.
- answers are idempotent: the same answer again changes nothing (``changed`` is False).

The league row lock orders concurrent adds to one league: the first creates the row, the
others find it and are refused (409), so a double click or 20 retries make one member.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError

from config.errors import DomainError
from leagues import access
from leagues.errors import LeagueError, WrongState
from leagues.models import League, Membership
from leagues.services.common import find_player
from notifications import hooks as notify

Status = Membership.Status


@transaction.atomic
def add_member(*, league: League, player, actor, join_code: str = "") -> Membership:
    """An organiser invites a player (or adds themselves); a player joins with the code."""
    league = League.objects.select_for_update().get(pk=league.pk)
    organiser = access.can(user=actor, action=access.Action.INVITE, league=league)
    joining = player.pk == actor.pk
    if not joining:
        access.require(user=actor, action=access.Action.INVITE, league=league)
    if joining and not organiser:
        if not join_code or join_code != league.join_code:
            raise LeagueError(_("That is not this league's join code."), field="join_code")
        # Organisers may still invite players afterwards, to enter a past season's results.
        if league.season_end and timezone.localdate() > league.season_end:
            raise WrongState(_("The season is over."), field="player")
    existing = Membership.objects.select_for_update().filter(league=league, player=player).first()
    if existing is not None:
        return _again(existing, joining=joining)
    try:
        with transaction.atomic():
            membership = Membership.objects.create(
                league=league,
                player=player,
                via=Membership.Via.INVITATION if organiser else Membership.Via.CODE,
                added_by=actor,
                status=Status.ACTIVE if joining else Status.INVITED,
                answered_at=timezone.now() if joining else None,
            )
    except IntegrityError:  # only if a writer skipped the league lock (the admin's inline)
        raise WrongState(
            _("%(name)s is already in this league.") % {"name": player.username},
            field="player",
        ) from None
    notify.league_invitation(membership=membership)
    return membership


@transaction.atomic
def invite_players(*, league: League, usernames: list, actor) -> list[Membership]:
    """An organiser's invitations to several players at once, all or nothing: each one is
    ``add_member``'s own (it waits for its player; the organiser named is a member at once),
    in a savepoint, so every bad name is found; any refusal rolls every invitation back and
    is reported by its place in the list (``players.2``)."""
    league = League.objects.select_for_update().get(pk=league.pk)
    access.require(user=actor, action=access.Action.INVITE, league=league)
    errors: dict[str, list[str]] = {}
    made, seen = [], {}
    for index, name in enumerate(usernames):
        path = f"players.{index}"
        if isinstance(name, str) and name in seen:
            errors[path] = [f"{name} is listed twice (first as players.{seen[name]})."]
            continue
        seen[name] = index
        try:
            player = find_player(name, field=path)
            with transaction.atomic():
                made.append(add_member(league=league, player=player, actor=actor))
        except DomainError as exc:
            errors[path] = [exc.detail]
    if errors:
        raise ValidationError(errors)  # leaving the transaction rolls every invitation back
    return made


def _again(membership: Membership, *, joining: bool) -> Membership:
    """A player already has a row: joining turns an invitation or a refusal into membership;
    an organiser's second invitation is refused."""
    name = membership.player.username
    if membership.status == Status.ACTIVE:
        raise WrongState(_("%(name)s is already a member.") % {"name": name}, field="player")
    if joining:
        membership.status = Status.ACTIVE
        membership.answered_at = timezone.now()
        membership.save(update_fields=["status", "answered_at"])
        return membership
    if membership.status == Status.INVITED:
        raise WrongState(_("%(name)s is already invited.") % {"name": name}, field="player")
    raise WrongState(
        _("%(name)s declined this league's invitation; they may still join with its code.")
        % {"name": name},
        field="player",
    )


def _answerable(membership: Membership, actor) -> Membership:
    membership = (
        Membership.objects.select_for_update().select_related("player").get(pk=membership.pk)
    )
    access.require(
        user=actor,
        action=access.Action.ANSWER_INVITATION,
        league=membership.league,
        membership=membership,
    )
    return membership


@transaction.atomic
def accept_membership(*, membership: Membership, actor) -> tuple[Membership, bool]:
    """The invited player accepts: from now on results may name them."""
    membership = _answerable(membership, actor)
    if membership.status == Status.ACTIVE:
        return membership, False
    if membership.status == Status.DECLINED:
        raise WrongState(
            _("You declined this invitation; join with the league's code if you changed your mind.")
        )
    membership.status = Status.ACTIVE
    membership.answered_at = timezone.now()
    membership.save(update_fields=["status", "answered_at"])
    return membership, True


@transaction.atomic
def decline_membership(*, membership: Membership, actor) -> tuple[Membership, bool]:
    """The invited player says no: results may not name them, and nobody invites them again
    (they may still join with the code)."""
    membership = _answerable(membership, actor)
    if membership.status == Status.DECLINED:
        return membership, False
    if membership.status == Status.ACTIVE:
        raise WrongState(_("You are a member of this league already."))
    membership.status = Status.DECLINED
    membership.answered_at = timezone.now()
    membership.save(update_fields=["status", "answered_at"])
    return membership, True
