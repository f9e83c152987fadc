"""Who may do what in a league: the one place that decides it (``rosters/access.py``'s shape).

The API, the services, the pages and the admin ask here, about a named **action**::

    from leagues import access
    access.can(user=user, action=access.Action.EDIT, league=league)               # -> bool
    access.require(user=user, action=access.Action.CONFIRM_RESULT, league=league,
                   players={...})                       # the result's players' ids

- **Organisers** of the league (and staff) run it (``ORGANISER_ACTIONS``: settings and
  organisers, invitations, the join code, voiding a result, reporting or adding a game they
  did not play in).
- **Active members** (who accepted an invitation or joined with the code) log the games they
  played in (``LOG_RESULT``).
- **A result** counts once every player it names has confirmed it, each for themself
  (``CONFIRM_RESULT``: a player of the result, nobody else, organisers and staff included).
  A reporter's own confirmation is theirs only, never the other players': a result is never
  confirmed by one side alone. ``awaiting`` says whose word is missing. Its players, or an
  organiser, dispute it.
- **An invitation** is answered by the invited player only.

``require`` raises ``NotAnOrganiser`` or ``NotAllowed`` (403) with the sentence that says who may.
"""

from __future__ import annotations

from enum import StrEnum

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from config import admin_scope as scope
from config.errors import NotAllowed
from leagues.errors import NotAnOrganiser
from leagues.models import League, Membership


class Action(StrEnum):
    """Everything anyone may do in a league, by name."""

    EDIT = "edit"  # settings, and adding an organiser
    INVITE = "invite"  # another player: an invitation they answer
    SEE_JOIN_CODE = "see_join_code"
    VOID_RESULT = "void_result"
    REPORT_OTHERS_GAME = "report_others_game"  # a result the reporter did not play in
    ADD_OTHERS_MATCH = "add_others_match"  # a live match the adder did not play in
    LOG_RESULT = "log_result"  # a member's own games
    CONFIRM_RESULT = "confirm_result"  # needs the result's players
    DISPUTE_RESULT = "dispute_result"  # needs the result's players
    ANSWER_INVITATION = "answer_invitation"  # needs the membership
    RUN_ROUNDS = "run_rounds"  # league nights: open and close rounds, check anyone in
    CHECK_IN = "check_in"  # needs the player checked in (or dropped)
    REPORT_TABLE = "report_table"  # needs the table's players (and its number)


ORGANISER_ACTIONS = frozenset(
    {
        Action.EDIT,
        Action.INVITE,
        Action.SEE_JOIN_CODE,
        Action.VOID_RESULT,
        Action.REPORT_OTHERS_GAME,
        Action.ADD_OTHERS_MATCH,
        Action.RUN_ROUNDS,
    }
)
# Said in the reader's language where refused (gettext_noop marks them for the catalogue).
ORGANISER_MESSAGES = {
    Action.INVITE: gettext_noop("Only an organiser may invite another player."),
    Action.REPORT_OTHERS_GAME: gettext_noop("A member may only report games they played in."),
    Action.ADD_OTHERS_MATCH: gettext_noop("A member may only add games they played in."),
    Action.RUN_ROUNDS: gettext_noop("Only an organiser of this league runs its rounds."),
}


def _signed_in(user) -> bool:
    return bool(user and user.is_authenticated)


def organises(*, user, league: League) -> bool:
    """An organiser of ``league``, or staff."""
    if not _signed_in(user):
        return False
    if user.is_staff:
        return True
    cached = getattr(league, "_prefetched_objects_cache", {}).get("organisers")
    if cached is not None:
        return any(u.pk == user.pk for u in cached)
    return league.organisers.filter(pk=user.pk).exists()


def member_of(*, user, league: League) -> bool:
    """An active member: invited players count only once they accepted."""
    if not _signed_in(user):
        return False
    return Membership.objects.filter(
        league=league, player=user, status=Membership.Status.ACTIVE
    ).exists()


def can(*, user, action: Action, league: League, players=(), membership=None, player=None) -> bool:
    """Whether ``user`` may take ``action`` in ``league``. A result's or a table's actions
    name its ``players`` (their ids); answering an invitation names the ``membership``;
    checking in names the ``player``."""
    action = Action(action)
    if not _signed_in(user):
        return False
    if action in ORGANISER_ACTIONS:
        return organises(user=user, league=league)
    if action == Action.CHECK_IN:  # a member themselves; an organiser anyone
        if player is not None and player.pk == user.pk and member_of(user=user, league=league):
            return True
        return organises(user=user, league=league)
    if action == Action.REPORT_TABLE:  # only a player of the table (the others confirm)
        return user.pk in set(players)
    if action == Action.LOG_RESULT:
        return member_of(user=user, league=league) or organises(user=user, league=league)
    if action == Action.CONFIRM_RESULT:
        return user.pk in set(players)
    if action == Action.DISPUTE_RESULT:
        return user.pk in set(players) or organises(user=user, league=league)
    return membership is not None and membership.player_id == user.pk


def require(
    *, user, action: Action, league: League, players=(), membership=None, player=None, table=None
) -> None:
    """``can``, or the 403 that says who may."""
    if can(
        user=user,
        action=action,
        league=league,
        players=players,
        membership=membership,
        player=player,
    ):
        return
    action = Action(action)
    if action in (Action.INVITE, Action.RUN_ROUNDS):
        raise NotAnOrganiser(_(ORGANISER_MESSAGES[action]))
    if action == Action.CHECK_IN:
        raise NotAllowed(
            _("A member checks themselves in; only an organiser checks in someone else."),
            field="player",
        )
    if action == Action.REPORT_TABLE:
        raise NotAllowed(
            _("Only the players of table %(table)s report its result.") % {"table": table},
            field="table",
        )
    if action in ORGANISER_MESSAGES:
        field = "match" if action == Action.ADD_OTHERS_MATCH else "placements"
        raise NotAllowed(_(ORGANISER_MESSAGES[action]), field=field)
    if action in ORGANISER_ACTIONS:
        raise NotAnOrganiser()
    if action == Action.LOG_RESULT:
        raise NotAllowed(_("Only members and organisers of this league may log its results."))
    if action == Action.CONFIRM_RESULT:
        if organises(user=user, league=league):
            raise NotAllowed(
                _("Only the players of a result confirm it; an organiser may void it instead.")
            )
        raise NotAllowed(_("Only the players of this result may confirm it."))
    if action == Action.DISPUTE_RESULT:
        raise NotAllowed(_("Only the players of this result or an organiser may dispute it."))
    if membership is None:
        raise NotAllowed(_("This invitation is for another player; only they may answer it."))
    raise NotAllowed(
        _("This invitation is for %(player)s; only they may answer it.")
        % {"player": membership.player.username}
    )


def awaiting(*, players: dict[int, str], confirmed: set[int]) -> list[str]:
    """The usernames whose confirmation a result still waits for, in ``players``' order
    (id → name): each player's own word, whoever reported it."""
    return [name for pk, name in players.items() if pk not in confirmed]


# --- The admin's scoping ------------------------------------------------------------------


def organised_by(user, *, via: str = "league") -> Q:
    """Rows of the leagues ``user`` organises, reached from their model by ``via`` (empty for
    leagues themselves): the role as a query, for lists."""
    return Q(**{f"{via}__organisers" if via else "organisers": user})


def leagues_organised_by(user) -> QuerySet[League]:
    return League.objects.filter(organised_by(user, via=""))


def organises_any(user) -> bool:
    """Whether the user organises a league (an organiser, for the admin)."""
    return leagues_organised_by(user).exists()


def what_they_run(user) -> dict:
    return {"my_leagues": list(leagues_organised_by(user).order_by("-created_at")[:20])}


def register_admin() -> None:
    """What an organiser sees in the admin (config/admin_scope.py): their leagues and those
    leagues' results."""

    def league_rows(user) -> Q:
        return Q(pk__in=leagues_organised_by(user).values("pk"))

    def in_leagues(user) -> Q:
        return Q(league__in=leagues_organised_by(user).values("pk"))

    scope.register_organisers(organises=organises_any, runs=what_they_run)
    # RUN on a league: open a league night's next round from the admin.
    scope.register_scope(
        "leagues.league",
        rows=league_rows,
        powers={scope.VIEW, scope.ADD, scope.CHANGE, scope.RUN},
    )
    scope.register_scope("leagues.leaguematch", rows=in_leagues, powers={scope.VIEW, scope.RUN})
    scope.register_scope("leagues.round", rows=in_leagues, powers={scope.VIEW, scope.RUN})


def manages_webhooks(*, user, owner: League) -> bool:
    """Its organisers and staff add its webhooks and read their delivery log (registered
    with notifications from ``LeaguesConfig.ready()``)."""
    return organises(user=user, league=owner)


def webhook_managers(league: League) -> set[int]:
    return set(league.organisers.values_list("pk", flat=True))
