"""Every write to a campaign: membership, rounds, battle reports, the post-game sequence.

Battles flow ``reported → confirmed → post-game`` (or ``reported → disputed → arbitrator``).
The post-game runs in a Celery task (``campaigns.tasks.run_post_game``) and is applied exactly
once: it locks the battle row and does nothing when ``post_game_at`` is already set, so a
second confirmation, a retry or a worker that died mid-task never injures or pays twice.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from campaigns.errors import CampaignError, NotAnArbitrator, RoundClosed, WrongState
from campaigns.models import (
    Battle,
    BattleSide,
    Campaign,
    Casualty,
    LiveBattle,
    LogEntry,
    Membership,
    Round,
)
from config.errors import NotAllowed
from jobs import services as jobs
from rosters import services as rosters
from rosters.models import CatalogueItem, Fighter, Gang, LedgerEntry
from rulesets.last_hope_frontier import post_game

RULESETS = ("last-hope-frontier",)
TIE_BREAKERS = ("head_to_head", "wins", "taken_out", "rating", "wealth", "fewest_lost")
SETTINGS = (
    "name",
    "description",
    "points_win",
    "points_draw",
    "points_loss",
    "reward_win",
    "reward_draw",
    "reward_loss",
    "round_length_days",
    "tie_breakers",
)
MAX_GOODS_PER_SIDE = 10
MAX_CREDITS_EARNED = 1000


def log(
    campaign: Campaign, kind: str, text: str, *, actor=None, battle=None, gang=None
) -> LogEntry:
    return LogEntry.objects.create(
        campaign=campaign, kind=kind, text=text, actor=actor, battle=battle, gang=gang
    )


def is_arbitrator(*, user, campaign: Campaign) -> bool:
    if not user or not user.is_authenticated:
        return False
    return user.is_staff or campaign.arbitrators.filter(pk=user.pk).exists()


def require_arbitrator(*, user, campaign: Campaign) -> None:
    if not is_arbitrator(user=user, campaign=campaign):
        raise NotAnArbitrator()


# --- the campaign -----------------------------------------------------------------------------


def _check_tie_breakers(value) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CampaignError("Give tie-breakers as a list of names.", field="tie_breakers")
    unknown = [v for v in value if v not in TIE_BREAKERS]
    if unknown or len(set(value)) != len(value):
        raise CampaignError(
            f"Tie-breakers are chosen once each from {', '.join(TIE_BREAKERS)}.",
            field="tie_breakers",
        )
    return value


@transaction.atomic
def create_campaign(
    *, creator, name: str, ruleset: str = "last-hope-frontier", **settings
) -> Campaign:
    if ruleset not in RULESETS:
        raise CampaignError(
            "Campaigns follow Last Hope Frontier gangs; log other games in a league.",
            field="ruleset",
        )
    if "tie_breakers" in settings:
        _check_tie_breakers(settings["tie_breakers"])
    else:
        settings["tie_breakers"] = ["head_to_head", "wins", "taken_out"]
    campaign = Campaign(name=name, ruleset=ruleset, created_by=creator, **settings)
    if campaign.points_win < campaign.points_draw:  # else the CheckConstraint answers, as a 500
        raise CampaignError("A win must be worth at least a draw.", field="points_win")
    campaign.save()
    campaign.arbitrators.add(creator)
    log(
        campaign,
        LogEntry.Kind.CAMPAIGN,
        f"{creator.username} founded the campaign {name}.",
        actor=creator,
    )
    return campaign


@transaction.atomic
def update_campaign(*, campaign: Campaign, actor, **changes) -> Campaign:
    require_arbitrator(user=actor, campaign=campaign)
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if "tie_breakers" in changes:
        _check_tie_breakers(changes["tie_breakers"])
    for key, value in changes.items():
        if key not in SETTINGS:
            raise CampaignError(f"'{key}' cannot be changed.", field=key)
        setattr(campaign, key, value)
    if campaign.points_win < campaign.points_draw:
        raise CampaignError("A win must be worth at least a draw.", field="points_win")
    campaign.save()
    if changes:
        log(
            campaign,
            LogEntry.Kind.OVERRIDE,
            f"{actor.username} changed the settings: {', '.join(sorted(changes))}.",
            actor=actor,
        )
    return campaign


@transaction.atomic
def add_arbitrator(*, campaign: Campaign, user, actor) -> None:
    require_arbitrator(user=actor, campaign=campaign)
    campaign.arbitrators.add(user)
    log(
        campaign,
        LogEntry.Kind.CAMPAIGN,
        f"{user.username} now arbitrates the campaign.",
        actor=actor,
    )


@transaction.atomic
def set_status(*, campaign: Campaign, status: str, actor) -> Campaign:
    """draft → active (opens round 1) → finished (closes nothing by itself: close rounds first)."""
    require_arbitrator(user=actor, campaign=campaign)
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    allowed = {
        Campaign.Status.DRAFT: Campaign.Status.ACTIVE,
        Campaign.Status.ACTIVE: Campaign.Status.FINISHED,
    }
    if allowed.get(campaign.status) != status:
        raise WrongState(f"A {campaign.status} campaign cannot become {status}.", field="status")
    if (
        status == Campaign.Status.FINISHED
        and campaign.rounds.exclude(status=Round.Status.CLOSED).exists()
    ):
        raise WrongState("Close the open round before finishing the campaign.", field="status")
    campaign.status = status
    campaign.save(update_fields=["status"])
    verb = "started" if status == Campaign.Status.ACTIVE else "finished"
    log(campaign, LogEntry.Kind.CAMPAIGN, f"The campaign {verb}.", actor=actor)
    if status == Campaign.Status.ACTIVE and not campaign.rounds.exists():
        open_round(campaign=campaign, actor=actor)
    return campaign


# --- membership ---------------------------------------------------------------------------------


@transaction.atomic
def request_join(*, campaign: Campaign, gang: Gang, actor, join_code: str = "") -> Membership:
    """The gang's owner asks to join with the join code; an arbitrator's approval makes it a
    member. An arbitrator who adds a gang approves it at once."""
    arbitrator = is_arbitrator(user=actor, campaign=campaign)
    if not arbitrator:
        if gang.owner_id != actor.pk:
            raise NotAllowed("Only the gang's owner may ask for it to join.")
        if join_code != campaign.join_code:
            raise CampaignError("That is not this campaign's join code.", field="join_code")
    if campaign.status == Campaign.Status.FINISHED:
        raise WrongState("The campaign is finished.", field="gang")
    if Membership.objects.filter(
        campaign=campaign, gang=gang, status__in=["pending", "active", "leaving"]
    ).exists():
        raise CampaignError(
            "This gang is already in the campaign or waiting to join.", field="gang"
        )
    status = Membership.Status.ACTIVE if arbitrator else Membership.Status.PENDING
    membership = Membership.objects.create(
        campaign=campaign,
        gang=gang,
        status=status,
        decided_at=timezone.now() if arbitrator else None,
        decided_by=actor if arbitrator else None,
    )
    text = f"{gang.name} joined the campaign." if arbitrator else f"{gang.name} asked to join."
    log(campaign, LogEntry.Kind.MEMBERSHIP, text, actor=actor, gang=gang)
    return membership


@transaction.atomic
def decide_membership(*, membership: Membership, approve: bool, actor) -> Membership:
    require_arbitrator(user=actor, campaign=membership.campaign)
    membership = (
        Membership.objects.select_for_update()
        .select_related("gang", "campaign")
        .get(pk=membership.pk)
    )
    transitions = {
        (Membership.Status.PENDING, True): (Membership.Status.ACTIVE, "joined the campaign"),
        (Membership.Status.PENDING, False): (Membership.Status.REJECTED, "was turned away"),
        (Membership.Status.LEAVING, True): (Membership.Status.LEFT, "left the campaign"),
        (Membership.Status.LEAVING, False): (Membership.Status.ACTIVE, "stays in the campaign"),
        (Membership.Status.ACTIVE, True): (Membership.Status.LEFT, "was removed from the campaign"),
    }
    if (membership.status, approve) not in transitions:
        raise WrongState(
            f"There is nothing to decide for a {membership.status} membership.", field="membership"
        )
    membership.status, verb = transitions[(membership.status, approve)]
    membership.decided_at = timezone.now()
    membership.decided_by = actor
    membership.save(update_fields=["status", "decided_at", "decided_by"])
    log(
        membership.campaign,
        LogEntry.Kind.MEMBERSHIP,
        f"{membership.gang.name} {verb}.",
        actor=actor,
        gang=membership.gang,
    )
    return membership


@transaction.atomic
def request_leave(*, membership: Membership, actor) -> Membership:
    if membership.gang.owner_id != actor.pk:
        raise NotAllowed("Only the gang's owner may ask to leave.")
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    if membership.status == Membership.Status.PENDING:
        membership.status = Membership.Status.LEFT  # withdrawing a request needs no approval
    elif membership.status == Membership.Status.ACTIVE:
        membership.status = Membership.Status.LEAVING
    else:
        raise WrongState(f"A {membership.status} membership cannot be left.", field="membership")
    membership.save(update_fields=["status"])
    log(
        membership.campaign,
        LogEntry.Kind.MEMBERSHIP,
        f"{membership.gang.name} asked to leave.",
        actor=actor,
        gang=membership.gang,
    )
    return membership


# --- rounds -----------------------------------------------------------------------------------


@transaction.atomic
def open_round(*, campaign: Campaign, actor, deadline=None) -> Round:
    require_arbitrator(user=actor, campaign=campaign)
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if campaign.status != Campaign.Status.ACTIVE:
        raise WrongState("Start the campaign before opening rounds.", field="campaign")
    if campaign.rounds.exclude(status=Round.Status.CLOSED).exists():
        raise WrongState(
            "Close the open round first: one round is played at a time.", field="round"
        )
    number = (campaign.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    if deadline is None:
        deadline = timezone.now() + timezone.timedelta(days=campaign.round_length_days)
    round_ = Round.objects.create(campaign=campaign, number=number, deadline=deadline)
    log(
        campaign,
        LogEntry.Kind.ROUND,
        f"Round {number} opened; it closes on {deadline:%d %B %Y}.",
        actor=actor,
    )
    return round_


@transaction.atomic
def request_round_close(*, round_: Round, actor):
    """Start the closing job (idempotent: a round already closing or closed returns its job)."""
    from campaigns.tasks import close_round

    if actor is not None:
        require_arbitrator(user=actor, campaign=round_.campaign)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.OPEN:
        return round_.close_job
    job = jobs.start_job(name="close-round", task=close_round, owner=actor, round_id=round_.pk)
    round_.status = Round.Status.CLOSING
    round_.close_job = job
    round_.save(update_fields=["status", "close_job"])
    return job


def close_round_now(*, round_id: int, job_id: str | None = None) -> dict:
    """The closing job: apply every confirmed battle's post-game, then close the round.
    Reported or disputed battles stay as they are for the arbitrator. A second run finds the
    round closed and changes nothing."""
    round_ = Round.objects.select_related("campaign").get(pk=round_id)
    if round_.status == Round.Status.CLOSED:
        jobs.job_finished(job_id, result={"round": round_.number, "already_closed": True})
        return {"already_closed": True}
    pending = list(
        round_.battles.filter(
            status=Battle.Status.CONFIRMED, post_game_at__isnull=True
        ).values_list("pk", flat=True)
    )
    jobs.job_running(job_id, total=len(pending) + 1)
    for done, battle_id in enumerate(pending, start=1):
        run_post_game(battle_id=battle_id)
        jobs.job_progress(job_id, done=done)
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_id)
        if round_.status != Round.Status.CLOSED:
            waiting = round_.battles.filter(
                status__in=[Battle.Status.REPORTED, Battle.Status.DISPUTED]
            ).count()
            confirmed = round_.battles.filter(status=Battle.Status.CONFIRMED).count()
            round_.status = Round.Status.CLOSED
            round_.closed_at = timezone.now()
            round_.save(update_fields=["status", "closed_at"])
            note = f" {waiting} result(s) still wait for confirmation." if waiting else ""
            log(
                round_.campaign,
                LogEntry.Kind.ROUND,
                f"Round {round_.number} closed after {confirmed} confirmed battle(s).{note}",
            )
    result = {"round": round_.number, "post_games": len(pending)}
    jobs.job_finished(job_id, result=result)
    return result


def sweep_post_games(*, older_than) -> int:
    """Beat: send again the post-game of confirmed battles still waiting for it (the task was
    lost with a killed worker or a restarted broker). Harmless if it was only slow: the
    post-game runs once whatever the number of tasks."""
    from campaigns.tasks import run_post_game as task

    waiting = Battle.objects.filter(
        status=Battle.Status.CONFIRMED,
        post_game_at__isnull=True,
        confirmed_at__lte=timezone.now() - older_than,
    )
    ids = list(waiting.values_list("pk", flat=True))
    for battle_id in ids:
        task.delay(battle_id=battle_id)
    return len(ids)


def close_due_rounds() -> int:
    """Beat: close every open round whose deadline has passed, and send again the closing job
    of a round stuck closing (its task was lost: the broker was down when it was asked for, or
    restarted empty); closing runs once however many times it is sent."""
    from campaigns.tasks import close_round
    from jobs.models import Job

    due = Round.objects.filter(status=Round.Status.OPEN, deadline__lte=timezone.now())
    count = 0
    for round_ in due:
        request_round_close(round_=round_, actor=None)
        count += 1
    stuck = Round.objects.filter(
        status=Round.Status.CLOSING,
        close_job__state=Job.State.PENDING,
        close_job__created_at__lte=timezone.now() - timezone.timedelta(minutes=2),
    )
    for round_ in stuck:
        close_round.delay(round_id=round_.pk, job_id=str(round_.close_job_id))
        count += 1
    return count


# --- battles ----------------------------------------------------------------------------------


def _active_gang_ids(campaign: Campaign) -> set[int]:
    return set(
        campaign.memberships.filter(status__in=["active", "leaving"]).values_list(
            "gang_id", flat=True
        )
    )


def _open_round(campaign: Campaign) -> Round:
    round_ = campaign.rounds.filter(status=Round.Status.OPEN).first()
    if round_ is None:
        raise RoundClosed("There is no open round to play in; the round is closed.", field="round")
    return round_


def _battle_gangs(campaign: Campaign, gangs: list[int]) -> dict[int, Gang]:
    """The two gangs of a battle, both members of the campaign."""
    if len(gangs) != 2 or len(set(gangs)) != 2:
        raise CampaignError("A battle is fought by exactly two different gangs.", field="gangs")
    members = _active_gang_ids(campaign)
    outsiders = [g for g in gangs if g not in members]
    if outsiders:
        raise CampaignError(f"Gang {outsiders[0]} is not in this campaign.", field="gangs")
    return {g.pk: g for g in Gang.objects.select_related("owner").filter(pk__in=gangs)}


def _int_keyed(value, field: str) -> dict[int, object]:
    if value in (None, ""):
        return {}
    if not isinstance(value, dict):
        raise CampaignError("Give an object keyed by gang id.", field=field)
    out = {}
    for key, item in value.items():
        try:
            out[int(key)] = item
        except (TypeError, ValueError):
            raise CampaignError(f"'{key}' is not a gang id.", field=field) from None
    return out


@transaction.atomic
def report_battle(
    *,
    campaign: Campaign,
    actor,
    gangs: list[int],
    winner: int | None,
    casualties: list[dict],
    goods=None,
    credits=None,
    source: str = Battle.Source.LOGGED,
    match=None,
    round_: Round | None = None,
    spent: list | None = None,
) -> Battle:
    """A battle's result into the open round (a live battle: into the round it started in)."""
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    round_ = round_ or _open_round(campaign)
    gang_rows = _battle_gangs(campaign, gangs)
    if (
        source == Battle.Source.LOGGED
        and not is_arbitrator(user=actor, campaign=campaign)
        and not any(g.owner_id == actor.pk for g in gang_rows.values())
    ):
        raise NotAllowed("Only the two gangs' owners or an arbitrator may report this battle.")
    if winner is not None and winner not in gangs:
        raise CampaignError(
            "The winner must be one of the two gangs (or null for a draw).", field="winner"
        )

    fighters = {f.pk: f for f in Fighter.objects.filter(gang_id__in=gangs)}
    seen: set[int] = set()
    rows = []
    for index, casualty in enumerate(casualties or []):
        path = f"casualties.{index}"
        if not isinstance(casualty, dict):
            raise CampaignError(
                "Each casualty is an object with fighter and taken_out_by.", field=path
            )
        fighter = (
            fighters.get(casualty.get("fighter"))
            if isinstance(casualty.get("fighter"), int)
            else None
        )
        if fighter is None:
            raise CampaignError("This fighter is not in either gang.", field=f"{path}.fighter")
        if not fighter.is_active:
            raise CampaignError(
                f"{fighter.name} is {fighter.status} and did not fight.", field=f"{path}.fighter"
            )
        if fighter.pk in seen:
            raise CampaignError(
                f"{fighter.name} is taken out of action twice in one report.",
                field=f"{path}.fighter",
            )
        seen.add(fighter.pk)
        by = casualty.get("taken_out_by")
        attacker = None
        if by is not None:
            attacker = fighters.get(by) if isinstance(by, int) else None
            if attacker is None:
                raise CampaignError(
                    "The fighter who took them out is not in either gang.",
                    field=f"{path}.taken_out_by",
                )
            if not attacker.is_active:
                raise CampaignError(
                    f"{attacker.name} is {attacker.status}: a dead fighter deals no blows.",
                    field=f"{path}.taken_out_by",
                )
            if attacker.pk == fighter.pk:
                raise CampaignError(
                    "A fighter cannot take themself out.", field=f"{path}.taken_out_by"
                )
        rows.append((fighter, attacker))

    goods_by_gang = _int_keyed(goods, "goods")
    credits_by_gang = _int_keyed(credits, "credits")
    for gang_id in set(goods_by_gang) | set(credits_by_gang):
        if gang_id not in gangs:
            raise CampaignError(f"Gang {gang_id} did not fight this battle.", field="goods")
    goods_slugs = set(CatalogueItem.objects.filter(kind="goods").values_list("slug", flat=True))
    for gang_id, found in goods_by_gang.items():
        if (
            not isinstance(found, list)
            or len(found) > MAX_GOODS_PER_SIDE
            or any(s not in goods_slugs for s in found)
        ):
            raise CampaignError(
                f"Goods are a list of up to {MAX_GOODS_PER_SIDE} of: "
                f"{', '.join(sorted(goods_slugs))}.",
                field=f"goods.{gang_id}",
            )
    for gang_id, amount in credits_by_gang.items():
        if (
            isinstance(amount, bool)
            or not isinstance(amount, int)
            or not 0 <= amount <= MAX_CREDITS_EARNED
        ):
            raise CampaignError(
                f"Credits earned are a whole number from 0 to {MAX_CREDITS_EARNED}.",
                field=f"credits.{gang_id}",
            )

    battle = Battle.objects.create(
        campaign=campaign,
        round=round_,
        reported_by=actor,
        source=source,
        match=match,
        spent=spent or [],
    )
    for gang_id in gangs:
        result = (
            BattleSide.Result.DRAW
            if winner is None
            else BattleSide.Result.WIN
            if winner == gang_id
            else BattleSide.Result.LOSS
        )
        BattleSide.objects.create(
            battle=battle,
            gang_id=gang_id,
            result=result,
            credits_earned=credits_by_gang.get(gang_id, 0),
            goods=goods_by_gang.get(gang_id, []),
        )
    Casualty.objects.bulk_create(
        Casualty(battle=battle, fighter=f, taken_out_by=a) for f, a in rows
    )
    a, b = (gang_rows[g] for g in gangs)
    outcome = "drew" if winner is None else f"won: {gang_rows[winner].name}"
    log(
        campaign,
        LogEntry.Kind.BATTLE,
        f"{actor.username if actor else 'The server'} reported "
        f"{a.name} against {b.name} in round {round_.number} ({outcome}); {len(rows)} fighter(s) "
        f"out of action.",
        actor=actor,
        battle=battle,
    )
    return battle


def _can_confirm(*, battle: Battle, actor) -> bool:
    if is_arbitrator(user=actor, campaign=battle.campaign):
        return True
    owners = set(battle.sides.values_list("gang__owner_id", flat=True))
    if battle.source == Battle.Source.LIVE:
        return actor.pk in owners
    # The other side confirms: an owner of a gang in the battle who did not report it.
    return actor.pk in owners and actor.pk != battle.reported_by_id


@transaction.atomic
def confirm_battle(*, battle: Battle, actor) -> Battle:
    battle = Battle.objects.select_for_update().select_related("campaign").get(pk=battle.pk)
    if battle.status == Battle.Status.CONFIRMED:
        return battle  # confirming twice changes nothing
    if battle.status == Battle.Status.VOID:
        raise WrongState("This battle was voided.", field="battle")
    if battle.status == Battle.Status.DISPUTED and not is_arbitrator(
        user=actor, campaign=battle.campaign
    ):
        raise NotAnArbitrator("A disputed result waits for an arbitrator.")
    if not _can_confirm(battle=battle, actor=actor):
        raise NotAllowed("The other side or an arbitrator confirms a result, not its reporter.")
    battle.status = Battle.Status.CONFIRMED
    battle.confirmed_by = actor
    battle.confirmed_at = timezone.now()
    if battle.match_id is None:
        battle.match = _record_match(battle, actor=actor)
    battle.save(update_fields=["status", "confirmed_by", "confirmed_at", "match"])
    log(
        battle.campaign,
        LogEntry.Kind.BATTLE,
        f"{actor.username} confirmed battle {battle.pk}.",
        actor=actor,
        battle=battle,
    )
    from campaigns.tasks import run_post_game as task

    battle_id = battle.pk
    # robust: with the broker down the confirmation stands (no 500 for a committed write);
    # sweep_post_games sends the post-game later.
    transaction.on_commit(lambda: task.delay(battle_id=battle_id), robust=True)
    return battle


def _record_match(battle: Battle, *, actor):
    """A confirmed logged battle becomes a match record too, so that it counts in the
    players' histories like every other game. None when one player ran both gangs (a match
    seats each player once)."""
    from matches.services import log_result

    sides = list(battle.sides.select_related("gang__owner"))
    owners = {side.gang.owner.username: side for side in sides}
    if len(owners) != 2:
        return None
    taken_out = dict.fromkeys((s.gang_id for s in sides), 0)
    for by_gang, victim_gang in battle.casualties.values_list(
        "taken_out_by__gang_id", "fighter__gang_id"
    ):
        if by_gang and by_gang != victim_gang:
            taken_out[by_gang] += 1
    return log_result(
        ruleset=battle.campaign.ruleset,
        placements={
            name: 2 if side.result == BattleSide.Result.LOSS else 1 for name, side in owners.items()
        },
        scores={
            name: {
                "fighters_taken_out": taken_out[side.gang_id],
                "credits_earned": side.credits_earned,
            }
            for name, side in owners.items()
        },
        gangs={name: side.gang for name, side in owners.items()},
        played_at=battle.reported_at,
        created_by=actor,
        on_behalf=True,
    )


@transaction.atomic
def dispute_battle(*, battle: Battle, actor, reason: str) -> Battle:
    battle = Battle.objects.select_for_update().select_related("campaign").get(pk=battle.pk)
    if battle.status != Battle.Status.REPORTED:
        raise WrongState(f"A {battle.status} battle cannot be disputed.", field="battle")
    if not _can_confirm(battle=battle, actor=actor):
        raise NotAllowed("Only the other side may dispute a reported result.")
    if not reason.strip():
        raise CampaignError("Say what is wrong with the report.", field="reason")
    battle.status = Battle.Status.DISPUTED
    battle.dispute_reason = reason
    battle.save(update_fields=["status", "dispute_reason"])
    log(
        battle.campaign,
        LogEntry.Kind.BATTLE,
        f"{actor.username} disputed battle {battle.pk}: {reason}",
        actor=actor,
        battle=battle,
    )
    return battle


@transaction.atomic
def void_battle(*, battle: Battle, actor, reason: str) -> Battle:
    require_arbitrator(user=actor, campaign=battle.campaign)
    battle = Battle.objects.select_for_update().get(pk=battle.pk)
    if battle.status == Battle.Status.CONFIRMED:
        raise WrongState(
            "A confirmed battle has been applied to the gangs; it cannot be voided.", field="battle"
        )
    battle.status = Battle.Status.VOID
    battle.save(update_fields=["status"])
    log(
        battle.campaign,
        LogEntry.Kind.OVERRIDE,
        f"{actor.username} voided battle {battle.pk}: {reason}",
        actor=actor,
        battle=battle,
    )
    return battle


# --- the post-game sequence ---------------------------------------------------------------------


@transaction.atomic
def run_post_game(*, battle_id: int) -> bool:
    """Injuries, then flips, then rewards and goods, then the gang's battle count.

    Returns False when there was nothing to do (not confirmed, or already applied).
    """
    battle = Battle.objects.select_for_update().select_related("campaign").get(pk=battle_id)
    if battle.status != Battle.Status.CONFIRMED or battle.post_game_at is not None:
        return False
    campaign = battle.campaign
    sides = list(battle.sides.select_related("gang").order_by("gang_id"))
    # Lock both gangs in id order so that two post-games of the same gangs cannot deadlock.
    list(Gang.objects.select_for_update().filter(pk__in=[s.gang_id for s in sides]).order_by("pk"))
    gang_of = {s.gang_id: s.gang for s in sides}

    casualties = list(battle.casualties.select_related("fighter", "taken_out_by"))
    died = []
    for casualty in casualties:
        injury = rosters.take_out_of_action(
            fighter=casualty.fighter,
            actor=None,
            note=f"(campaign {campaign.name}, battle {battle.pk})",
        )
        casualty.killed = injury.fatal
        casualty.save(update_fields=["killed"])
        fighter = casualty.fighter
        if injury.fatal:
            died.append(str(fighter.pk))
            log(
                campaign,
                LogEntry.Kind.DEATH,
                f"{fighter.name} of {gang_of[fighter.gang_id].name} was taken "
                "out of action a third time and is dead; their equipment is buried with them.",
                battle=battle,
                gang=gang_of[fighter.gang_id],
            )
        else:
            log(
                campaign,
                LogEntry.Kind.INJURY,
                f"{fighter.name} of {gang_of[fighter.gang_id].name} was taken "
                f"out of action ({injury.strike} of 3) and permanently loses a wound.",
                battle=battle,
                gang=gang_of[fighter.gang_id],
            )

    takedowns = [
        {
            "by": str(c.taken_out_by_id) if c.taken_out_by_id else None,
            "victim": str(c.fighter_id),
            "enemy": bool(c.taken_out_by_id) and c.taken_out_by.gang_id != c.fighter.gang_id,
        }
        for c in casualties
    ]
    for fighter_id, count in post_game.settle_takedowns(takedowns, died).items():
        fighter = Fighter.objects.get(pk=int(fighter_id))
        rosters.award_flips(fighter=fighter, count=count, actor=None, note=f"battle {battle.pk}")
        log(
            campaign,
            LogEntry.Kind.FLIPS,
            f"{fighter.name} earned {count} card flip{'s' if count > 1 else ''}.",
            battle=battle,
            gang=gang_of[fighter.gang_id],
        )

    for side in sides:
        reward = getattr(campaign, f"reward_{side.result}") + side.credits_earned
        if reward:
            rosters.adjust_credits(
                gang=side.gang,
                amount=reward,
                actor=None,
                reason=LedgerEntry.Reason.REWARD,
                note=f"{side.result.capitalize()} in {campaign.name}, battle {battle.pk}",
            )
            log(
                campaign,
                LogEntry.Kind.REWARD,
                f"{side.gang.name} earned {reward} credits ({side.result}).",
                battle=battle,
                gang=side.gang,
            )
        for slug in side.goods:
            rosters.add_goods(
                gang=side.gang, item=slug, actor=None, note=f"Found in battle {battle.pk}"
            )
        Gang.objects.filter(pk=side.gang_id).update(battles=F("battles") + 1)

    for spent in battle.spent:
        rosters.use_up(
            fighter_id=spent["fighter"], item=spent["item"], note=f"(battle {battle.pk})"
        )

    battle.post_game_at = timezone.now()
    battle.save(update_fields=["post_game_at"])
    return True


# --- live battles -------------------------------------------------------------------------------


def gang_for_live_play(gang: Gang) -> dict:
    """The gang as the Last Hope Frontier engine takes it: active fighters with their current
    stat lines and the equipment they carry (the stash stays at home)."""
    from rosters.selectors import fighter_queryset

    fighters = fighter_queryset().filter(gang=gang, status=Fighter.Status.ACTIVE).order_by("id")
    return {
        "gang_id": gang.pk,
        "name": gang.name,
        "faction": gang.faction,
        "fighters": [
            {
                "id": f.pk,
                "name": f.name,
                "role": f.role.slug,
                "stats": f.current_stats(),
                "equipment": [e.item.slug for e in f.equipment.all()],
            }
            for f in fighters
        ],
    }


@transaction.atomic
def start_live_battle(
    *, campaign: Campaign, actor, gangs: list[int], options: dict | None = None
) -> LiveBattle:
    """Start a refereed battle between two member gangs; their owners take the two seats."""
    from matches.models import Participant
    from matches.services import create_live_match

    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    round_ = _open_round(campaign)
    rows = _battle_gangs(campaign, gangs)
    ordered = [rows[g] for g in gangs]
    if not actor.is_staff and actor.pk not in {g.owner_id for g in ordered}:
        raise NotAllowed("Only one of the two gangs' owners (or staff) may start their battle.")
    for index, gang in enumerate(ordered):
        if not gang.fighters.filter(status=Fighter.Status.ACTIVE).exists():
            raise CampaignError(
                f"{gang.name} has no fighter able to fight.", field=f"gangs.{index}"
            )
    extra = dict(options or {})
    extra.pop("gangs", None)  # the server builds the gangs from the rosters, never the client
    match = create_live_match(
        ruleset=campaign.ruleset,
        players=[g.owner.username for g in ordered],
        options={
            **extra,
            "gangs": {f"s{n}": gang_for_live_play(g) for n, g in enumerate(ordered, 1)},
        },
        created_by=actor,
    )
    for n, gang in enumerate(ordered, 1):
        Participant.objects.filter(match=match, seat=f"s{n}").update(gang=gang)
    live = LiveBattle.objects.create(campaign=campaign, round=round_, match=match, started_by=actor)
    log(
        campaign,
        LogEntry.Kind.BATTLE,
        f"{ordered[0].name} and {ordered[1].name} started a live battle "
        f"in round {round_.number} (match {match.pk}).",
        actor=actor,
    )
    return live


@transaction.atomic
def collect_live_battle(*, match_id: int) -> Battle | None:
    """A finished live battle becomes a reported result, written from the engine's record.
    Idempotent: the LiveBattle row lock and its one-to-one battle make it happen once."""
    from matches.models import Match
    from rulesets.registry import get_ruleset

    live = (
        LiveBattle.objects.select_for_update()
        .select_related("match", "campaign", "round")
        .filter(match_id=match_id)
        .first()
    )
    if live is None or live.battle_id is not None or live.match.status != Match.Status.FINISHED:
        return None
    report = get_ruleset(live.match.ruleset).battle_report(live.match.state)
    gangs = [report["gangs"][seat] for seat in sorted(report["gangs"])]
    winner = report["gangs"][report["winner"]] if report["winner"] else None
    casualties = [
        # A fighter caught in their own dynamite's blast is taken out by no one.
        {"fighter": t["victim"], "taken_out_by": None if t["by"] == t["victim"] else t["by"]}
        for t in report["takedowns"]
    ]
    battle = report_battle(
        campaign=live.campaign,
        actor=None,
        gangs=gangs,
        winner=winner,
        casualties=casualties,
        source=Battle.Source.LIVE,
        match=live.match,
        round_=live.round,
        spent=report["equipment_spent"],
    )
    live.battle = battle
    live.save(update_fields=["battle"])
    return battle


def collect_live_battles() -> int:
    """Beat: pick up finished live battles whose hand-off task was lost."""
    from matches.models import Match

    waiting = LiveBattle.objects.filter(battle__isnull=True, match__status=Match.Status.FINISHED)
    return sum(
        1
        for match_id in waiting.values_list("match_id", flat=True)
        if collect_live_battle(match_id=match_id) is not None
    )
