"""The events' one-line calls: each service that owns an event calls one function here, inside
its own transaction, with the rows it holds. Here: who hears of it, with which facts and link
(and, for campaign and league events, which webhooks: ``notifications.webhooks``).

Imported by the apps' services, so nothing here imports them at module level: the domain's
rows come in as arguments and their related rows are read through them.
"""

from __future__ import annotations

from django.urls import reverse

from notifications.services import Notice, notify_many
from notifications.texts import game_name as _game


def _names(user) -> str:
    return user.username if user is not None else "Posse"


def _campaign_owners(campaign) -> list[int]:
    return list(
        campaign.memberships.filter(status="active")
        .values_list("gang__owner_id", flat=True)
        .distinct()
    )


def campaign_invitation(*, membership) -> None:
    """An arbitrator invited someone else's gang: its owner answers."""
    if membership.status != "invited":
        return
    campaign, gang = membership.campaign, membership.gang
    params = {
        "actor": _names(membership.requested_by),
        "gang": gang.name,
        "campaign": campaign.name,
    }
    link = reverse("campaign-detail", args=[campaign.pk])
    notify_many(notices=[Notice(gang.owner_id, "campaign.invited", params, link)])


def league_invitation(*, membership) -> None:
    if membership.status != "invited":
        return
    league = membership.league
    params = {"actor": _names(membership.added_by), "league": league.name}
    link = reverse("league-detail", args=[league.pk])
    notify_many(notices=[Notice(membership.player_id, "league.invited", params, link)])


def match_invitation(*, match, participants) -> None:
    """Every person asked to take a seat (the creator's own and the bots' are accepted)."""
    params = {"actor": _names(match.created_by), "game": _game(match.ruleset), "match": match.pk}
    link = reverse("match-table", args=[match.pk])
    notify_many(
        notices=[
            Notice(p.player_id, "match.invited", params, link)
            for p in participants
            if p.consent == "awaiting" and not p.bot
        ]
    )


def battle_reported(*, battle) -> None:
    """The gangs' owners who did not report it confirm it."""
    from notifications import webhooks

    sides = list(battle.sides.select_related("gang").order_by("gang_id"))
    campaign = battle.campaign
    params = {
        "campaign": campaign.name,
        "gangs": " – ".join(s.gang.name for s in sides),
        "battle": battle.pk,
    }
    link = reverse("campaign-detail", args=[campaign.pk])
    owners = {s.gang.owner_id for s in sides} - {battle.reported_by_id}
    notify_many(notices=[Notice(o, "battle.to_confirm", params, link) for o in sorted(owners)])
    webhooks.campaign_event(
        campaign=campaign, event="battle.reported", data=lambda: _battle(battle, sides)
    )


def _battle(battle, sides) -> dict:
    return {
        "battle": battle.pk,
        "round": battle.round.number,
        "status": battle.status,
        "sides": [{"gang": s.gang.name, "result": s.result} for s in sides],
    }


def battle_disputed(*, battle, actor) -> None:
    """The campaign's arbitrators decide, and the reporter hears of it."""
    campaign = battle.campaign
    params = {"actor": _names(actor), "campaign": campaign.name, "reason": battle.dispute_reason}
    link = reverse("campaign-detail", args=[campaign.pk])
    people = set(campaign.arbitrators.values_list("pk", flat=True)) | {battle.reported_by_id}
    people -= {actor.pk, None}
    notify_many(notices=[Notice(p, "battle.disputed", params, link) for p in sorted(people)])


def battle_voided(*, battle, actor) -> None:
    """An arbitrator voided a battle: its gangs' owners hear why (the pair may report again)."""
    campaign = battle.campaign
    params = {
        "actor": _names(actor),
        "campaign": campaign.name,
        "battle": battle.number or battle.pk,
        "reason": battle.void_reason or "-",
    }
    link = reverse("campaign-detail", args=[campaign.pk])
    people = set(battle.sides.values_list("gang__owner_id", flat=True)) | {battle.reported_by_id}
    people -= {actor.pk, None}
    notify_many(notices=[Notice(p, "battle.voided", params, link) for p in sorted(people)])


def battle_withdrawn(*, battle, actor) -> None:
    """Its reporter withdrew a report: the other side hears of it (and, for a disputed one,
    the arbitrators who were to decide)."""
    campaign = battle.campaign
    params = {"actor": _names(actor), "campaign": campaign.name, "battle": battle.number}
    link = reverse("campaign-detail", args=[campaign.pk])
    people = set(battle.sides.values_list("gang__owner_id", flat=True))
    if battle.dispute_reason:
        people |= set(campaign.arbitrators.values_list("pk", flat=True))
    people -= {actor.pk, None}
    notify_many(notices=[Notice(p, "battle.withdrawn", params, link) for p in sorted(people)])


def result_reported(*, result) -> None:
    """The result's players who have not confirmed it (the reporter did, if they played).
    The seats are the ones ``log_result`` just wrote (prefetched): no query but the INSERT."""
    league = result.league
    players = {p.player_id for p in _seats(result.match)} - {result.reported_by_id}
    params = {"league": league.name, "result": result.pk}
    link = reverse("league-detail", args=[league.pk])
    notify_many(notices=[Notice(p, "result.to_confirm", params, link) for p in sorted(players)])


def _seats(match) -> list:
    cached = getattr(match, "_prefetched_objects_cache", {}).get("participants")
    return list(cached) if cached is not None else list(match.participants.all())


def result_disputed(*, result, actor) -> None:
    league = result.league
    people = set(league.organisers.values_list("pk", flat=True))
    people |= set(result.match.participants.values_list("player_id", flat=True))
    people -= {actor.pk}
    params = {"actor": _names(actor), "league": league.name, "reason": result.dispute_reason}
    link = reverse("league-detail", args=[league.pk])
    notify_many(notices=[Notice(p, "result.disputed", params, link) for p in sorted(people)])


def result_confirmed(*, result, seats) -> None:
    """``seats``: the result's, with their players (``confirm_result`` holds them)."""
    from notifications import webhooks

    webhooks.league_event(
        league=result.league,
        event="result.confirmed",
        data=lambda: {
            "result": result.pk,
            "game": _game(result.ruleset),
            "placements": [
                {"player": s.player.username, "place": s.placement}
                for s in sorted(seats, key=lambda s: (s.placement or 99, s.seat))
            ],
        },
    )


def round_opened(*, round_) -> None:
    from notifications import webhooks

    campaign = round_.campaign
    params = {"campaign": campaign.name, "number": round_.number}
    link = reverse("campaign-detail", args=[campaign.pk])
    owners = _campaign_owners(campaign)
    notify_many(notices=[Notice(o, "round.opened", params, link) for o in sorted(owners)])
    data = {"round": round_.number, "deadline": round_.deadline.isoformat()}
    webhooks.campaign_event(campaign=campaign, event="round.opened", data=lambda: data)


def round_closed(*, round_) -> None:
    """Closed with its post-games done (``close_round_now`` runs them first): the standings."""
    from notifications import owners as registry
    from notifications import webhooks

    campaign = round_.campaign
    params = {"campaign": campaign.name, "number": round_.number}
    link = reverse("campaign-detail", args=[campaign.pk])
    owners = _campaign_owners(campaign)
    notify_many(notices=[Notice(o, "round.closed", params, link) for o in sorted(owners)])

    def data():
        rows = registry.owner("campaign").facts["standings"](campaign)["rows"]
        standings = [
            {
                "place": r.get("rank"),
                "gang": r["name"],
                "player": r["player"],
                "points": r["points"],
            }
            for r in rows
        ]
        return {"round": round_.number, "standings": standings}

    webhooks.campaign_event(campaign=campaign, event="round.closed", data=data)


def post_game_done(*, battle, outcome: dict) -> None:
    """Each side's owner: the post-game is applied, and the card flips it gave wait. The
    campaign's webhooks hear "battle.confirmed" here: a confirmed battle's post-game runs
    once, right after the confirmation (and campaigns/services/battles.py has no line left
    under the module limit for a hook of its own)."""
    from notifications import webhooks

    campaign = battle.campaign
    link = reverse("campaign-detail", args=[campaign.pk])
    flips: dict[int, int] = {}
    for row in outcome.get("flips", []):
        flips[row["gang"]] = flips.get(row["gang"], 0) + row["count"]
    notices = []
    for side in battle.sides.select_related("gang").order_by("gang_id"):
        params = {
            "campaign": campaign.name,
            "gang": side.gang.name,
            "flips": flips.get(side.gang_id, 0),
        }
        gang_link = reverse("gang-detail", args=[side.gang_id]) if flips.get(side.gang_id) else link
        notices.append(Notice(side.gang.owner_id, "post_game.done", params, gang_link))
    notify_many(notices=notices)

    def data():
        return _battle(battle, list(battle.sides.select_related("gang").order_by("gang_id")))

    webhooks.campaign_event(campaign=campaign, event="battle.confirmed", data=data)


def match_finished(*, match, participants) -> None:
    params = {"game": _game(match.ruleset), "match": match.pk}
    link = reverse("match-table", args=[match.pk])
    notify_many(
        notices=[
            Notice(p.player_id, "match.finished", params, link) for p in participants if not p.bot
        ]
    )


def turn_waiting(*, match, waiting) -> None:
    """A live match moved on and some seats must move: a delayed check (``notifications.turns``)
    tells the people among them who have not moved and are not at the table."""
    from notifications import turns

    turns.schedule(match=match, waiting=waiting)


def league_round_paired(*, round_, tables: list[list[int]], byes: list[int]) -> None:
    """A league night's round paired: each player hears their table and opponents, or bye."""
    from django.contrib.auth import get_user_model

    league = round_.league
    everyone = [p for players in tables for p in players] + list(byes)
    names = dict(get_user_model().objects.filter(pk__in=everyone).values_list("pk", "username"))
    link = reverse("league-pairings-round", args=[league.pk, round_.number])
    base = {"league": league.name, "number": round_.number}
    notices = [
        Notice(
            player,
            "league_round.table",
            {
                **base,
                "table": number,
                "opponents": ", ".join(names[p] for p in players if p != player),
            },
            link,
        )
        for number, players in enumerate(tables, start=1)
        for player in players
    ]
    notices += [Notice(player, "league_round.bye", base, link) for player in byes]
    notify_many(notices=notices)
