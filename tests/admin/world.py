"""Two campaigns and two leagues run by two organisers, with one row of every admin model.

Personas (STYLE.md's, as the admin sees them):
    staff       is_staff (and superuser): the whole admin
    organiser   arbitrates "Deadwood Summer" and organises "Island Nights"; not staff
    stranger    an organiser too, of "Tombstone Winter" and "Other League"; not staff
    owner       owns Dalton Boys (in Deadwood) and Dalton Cousins (asking to join); organises
                nothing
    anonymous   nobody signed in
``mine`` holds this campaign's (and league's) rows, ``theirs`` the stranger's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import Group, Permission
from rest_framework.authtoken.models import Token, TokenProxy

from campaigns import services as campaigns
from campaigns.models import Mission
from jobs.models import Job
from leagues import services as leagues
from leagues.models import PlayerRating, RatingChange
from notifications.models import Webhook, WebhookDelivery
from rosters import services as rosters
from rosters.models import CatalogueItem, GangRules, Role
from tests.factories import UserFactory

PERSONAS = ("staff", "organiser", "stranger", "owner", "anonymous")


@dataclass
class World:
    users: dict = field(default_factory=dict)
    mine: dict = field(default_factory=dict)
    theirs: dict = field(default_factory=dict)

    @staticmethod
    def row(rows: dict, model):
        """The row of ``model`` in ``mine`` or ``theirs``: by its app and name where two apps
        have a model of one name (a campaign's round, a league night's round), else by name."""
        return rows.get(model._meta.label_lower) or rows[model._meta.model_name]


def _gang(owner, name, faction, roles=("leader", "deputy", "ganger")):
    gang = rosters.create_gang(owner=owner, name=name, faction=faction)
    fighters = [
        rosters.hire_fighter(gang=gang, name=f"{name} {role} {n}", role=role, actor=owner)
        for n, role in enumerate(roles)
    ]
    return gang, fighters


def _campaign(arbitrator, name, owners, *, pending_owner=None) -> dict:
    # Its two gangs fight again in the round the tests report into (issue #21's limit).
    campaign = campaigns.create_campaign(creator=arbitrator, name=name, max_battles_per_pairing=5)
    (a, fa), (b, fb) = (_gang(o, f"{n} gang", f) for o, n, f in owners)
    rows = {"campaign": campaign, "gang": a, "gang_b": b, "fighter": fa[0], "fighter_b": fb[0]}
    rows["membership"] = campaigns.request_join(campaign=campaign, gang=a, actor=arbitrator)
    invited_b = campaigns.request_join(campaign=campaign, gang=b, actor=arbitrator)
    for invitation in (rows["membership"], invited_b):  # each owner accepts (#14)
        campaigns.answer_invitation(membership=invitation, accept=True, actor=invitation.gang.owner)
    if pending_owner is not None:
        p, _ = _gang(pending_owner, f"{name} hopefuls", "townsfolk", roles=("leader",))
        rows["pending"] = campaigns.request_join(
            campaign=campaign, gang=p, actor=pending_owner, join_code=campaign.join_code
        )
        rows["pending_gang"] = p
    campaigns.set_status(campaign=campaign, status="active", actor=arbitrator)
    rows["round"] = campaign.rounds.get()
    rows["battle"] = campaigns.report_battle(
        campaign=campaign,
        actor=a.owner,
        gangs=[a.pk, b.pk],
        winner=a.pk,
        casualties=[{"fighter": fb[2].pk, "taken_out_by": fa[0].pk}],
    )
    rows["logentry"] = campaign.log.last()
    rows["ledgerentry"] = a.ledger.last()
    rows["gangevent"] = a.events.last()
    rosters.purchase_item(gang=a, item="pistol", fighter_id=fa[0].pk, quantity=1, actor=a.owner)
    rosters.add_goods(gang=a, item="beaver-pelt", actor=arbitrator)
    rosters.award_flips(fighter=fa[0], count=2, actor=None)
    # The battle session's row (#34): scheduled, not yet set up.
    rows["scheduledbattle"] = campaigns.schedule_battle(
        campaign=campaign, actor=a.owner, gangs=[a.pk, b.pk]
    )
    return rows


def _webhook(**owner) -> dict:
    """A webhook (written directly: the service would resolve the receiver's name) and one
    delivery of it."""
    hook = Webhook.objects.create(url="https://hooks.example.com/posse", secret="s" * 64, **owner)
    delivery = WebhookDelivery.objects.create(
        webhook=hook, event="result.confirmed", key=f"key-{hook.pk}", body={}
    )
    return {"webhook": hook, "webhookdelivery": delivery}


def _league(organiser, name, players) -> dict:
    league = leagues.create_league(creator=organiser, name=name, ruleset="battle-royale")
    for player in players:  # invited by the organiser; each accepts (#14)
        invitation = leagues.add_member(league=league, player=player, actor=organiser)
        leagues.accept_membership(membership=invitation, actor=player)
    result = leagues.report_result(
        league=league, actor=players[1], placements={players[1].username: 1, players[0].username: 2}
    )
    # The organiser's report counts once both players confirm it (#14), and is rated.
    counted = leagues.report_result(
        league=league, actor=organiser, placements={players[0].username: 1, players[1].username: 2}
    )
    for player in players:
        leagues.confirm_result(result=counted, actor=player)
    rating = PlayerRating.objects.filter(player=players[0], ruleset=league.ruleset).first()
    return {
        **_webhook(league=league, created_by=organiser),
        "league": league,
        "leaguematch": result,
        "match": result.match,
        "playerrating": rating,
        "ratingchange": RatingChange.objects.filter(player=players[0]).first(),
        "leagues.round": leagues.open_round(league=league, actor=organiser),  # a night's
    }


def build_world() -> World:
    world = World()
    world.users = {
        "staff": UserFactory(username="sheriff", is_staff=True, is_superuser=True),
        "organiser": UserFactory(username="judge"),
        "stranger": UserFactory(username="faraway"),
        "owner": UserFactory(username="ozzie"),
    }
    rival, other_a, other_b = (UserFactory(username=n) for n in ("rita", "otto", "olga"))
    organiser, stranger, owner = (world.users[p] for p in ("organiser", "stranger", "owner"))
    # Model permissions given to organisers must change nothing (config/admin_scope.py).
    everything = Permission.objects.all()
    organiser.user_permissions.set(everything)
    owner.user_permissions.set(everything)

    world.mine = _campaign(
        organiser,
        "Deadwood Summer",
        [(owner, "Dalton", "outlawmen"), (rival, "Earp", "sheriffs")],
        pending_owner=owner,
    )
    world.theirs = _campaign(
        stranger,
        "Tombstone Winter",
        [(other_a, "Clanton", "outlawmen"), (other_b, "Holliday", "sheriffs")],
    )
    world.mine.update(_league(organiser, "Island Nights", [owner, rival]))
    world.theirs.update(_league(stranger, "Other League", [other_a, other_b]))

    # Rows of the staff-only models: any one will do.
    pistol = CatalogueItem.objects.get(slug="pistol")
    rosters.change_price(item=pistol, price=pistol.price + 1, actor=world.users["staff"])
    group = Group.objects.create(name="Marshals")
    shared = {
        "catalogueitem": pistol,
        "mission": Mission.objects.first(),
        "pricechange": pistol.price_changes.get(),
        "role": Role.objects.first(),
        "gangrules": GangRules.objects.first(),
        "user": owner,
        "group": group,
        "job": Job.objects.create(name="noop", owner=owner),
        "tokenproxy": TokenProxy.objects.get(pk=Token.objects.create(user=owner).pk),
    }
    for rows in (world.mine, world.theirs):
        for key, value in shared.items():
            rows.setdefault(key, value)
    return world
