"""A small world with one object of every kind, the five personas of STYLE.md and the three
that #14 added (a rival, an arbitrator of another campaign, the founder of a campaign the gang
never accepted).

Shared by the permissions matrix (tests/security/) and the API fuzzing (tests/fuzz/): ids that
exist let both reach the code behind the permission checks, not only the 404s.

- ``owner``: owns gang A (a member of the campaign: the owner accepted its invitation), gang P
  (asking to join), gang I (invited, not yet answered), gang J (in no campaign), and sits at s1
  of a live Le Dernier Peuple match against ``rival``.
- ``rival``: owns gang B, the campaign's other member; reported battle 1 (A against B).
- ``arbitrator``: founded and arbitrates the campaign; owns nothing.
- ``other``: another signed-in player with a gang of their own (O), unrelated to all of the
  above.
- ``other_arbitrator``: founded and arbitrates another campaign, Tombstone Winter, whose member
  is gang O (``other`` accepted); gang A is not in it.
- ``inviter``: founded Hostile Takeover and "added" gang A to it (attack 1 of #14): gang A is
  only invited there, and gang P's invitation was declined. Neither gives any power.
- ``staff``: an organiser (is_staff), in no campaign and no match.

In the league (Battle Royale), the arbitrator is the organiser; owner and rival are members,
and the rival reported a game they played, which waits for the owner's confirmation.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rest_framework.authtoken.models import Token

from campaigns import services as campaigns
from campaigns.models import Membership
from jobs.models import Job
from leagues import services as leagues
from matches import services as matches
from rosters import services as rosters
from rosters.models import Fighter
from tests.factories import PASSWORD, UserFactory

# The five every write states, then the three every gang, fighter and campaign write also states.
BASE_PERSONAS = ("anonymous", "other", "owner", "arbitrator", "staff")
CAMPAIGN_PERSONAS = ("rival", "other_arbitrator", "inviter")
PERSONAS = (*BASE_PERSONAS, *CAMPAIGN_PERSONAS)
LIVE_GAME = "le-dernier-peuple"
LEAGUE_GAME = "battle-royale"


@dataclass
class World:
    users: dict = field(default_factory=dict)
    tokens: dict = field(default_factory=dict)
    ids: dict = field(default_factory=dict)
    password: str = PASSWORD

    def headers(self, persona: str) -> dict[str, str]:
        token = self.tokens.get(persona)
        return {"Authorization": f"Token {token}"} if token else {}


def build_world() -> World:
    world = World()
    names = {
        "owner": "ozzie",
        "rival": "rita",
        "arbitrator": "judge",
        "other": "otto",
        "staff": "sheriff",
        "newcomer": "nellie",  # in nothing yet: someone to invite
        "other_arbitrator": "marshal",
        "inviter": "baron",
    }
    for persona, name in names.items():
        user = UserFactory(username=name, is_staff=persona == "staff")
        world.users[persona] = user
        world.tokens[persona] = Token.objects.create(user=user).key
    owner, rival, arbitrator, other = (
        world.users[p] for p in ("owner", "rival", "arbitrator", "other")
    )

    gang_a = rosters.create_gang(owner=owner, name="Dalton Boys", faction="outlawmen")
    leader = rosters.hire_fighter(gang=gang_a, name="Bob", role="leader", actor=owner)
    ganger = rosters.hire_fighter(gang=gang_a, name="Emmett", role="ganger", actor=owner)
    stash = rosters.purchase_item(
        gang=gang_a, item="pistol", fighter_id=None, quantity=1, actor=owner
    )[0]
    rosters.award_flips(fighter=leader, count=1, actor=None)
    gang_p = rosters.create_gang(owner=owner, name="Dalton Cousins", faction="outlawmen")
    gang_j = rosters.create_gang(owner=owner, name="Dalton Kin", faction="outlawmen")
    gang_i = rosters.create_gang(owner=owner, name="Dalton Nephews", faction="outlawmen")
    gang_b = rosters.create_gang(owner=rival, name="Earp Posse", faction="sheriffs")
    rival_leader = rosters.hire_fighter(gang=gang_b, name="Wyatt", role="leader", actor=rival)
    gang_o = rosters.create_gang(owner=other, name="Lone Rider", faction="townsfolk")
    rosters.add_goods(gang=gang_a, item="beaver-pelt", actor=arbitrator)

    # The matrix reports battles of the same two gangs in one round (issue #21's limit).
    campaign = campaigns.create_campaign(
        creator=arbitrator, name="Deadwood Summer", max_battles_per_pairing=20
    )
    member_a = campaigns.request_join(campaign=campaign, gang=gang_a, actor=arbitrator)
    campaigns.answer_invitation(membership=member_a, accept=True, actor=owner)
    member_b = campaigns.request_join(campaign=campaign, gang=gang_b, actor=arbitrator)
    campaigns.answer_invitation(membership=member_b, accept=True, actor=rival)
    pending = campaigns.request_join(
        campaign=campaign, gang=gang_p, actor=owner, join_code=campaign.join_code
    )
    invited = campaigns.request_join(campaign=campaign, gang=gang_i, actor=arbitrator)
    campaigns.set_status(campaign=campaign, status="active", actor=arbitrator)
    battle = campaigns.report_battle(
        campaign=campaign,
        actor=rival,
        gangs=[gang_b.pk, gang_a.pk],
        winner=gang_b.pk,
        casualties=[{"fighter": ganger.pk, "taken_out_by": rival_leader.pk}],
    )
    scheduled = campaigns.schedule_battle(
        campaign=campaign, actor=rival, gangs=[gang_a.pk, gang_b.pk]
    )

    elsewhere = campaigns.create_campaign(
        creator=world.users["other_arbitrator"], name="Tombstone Winter"
    )
    member_o = campaigns.request_join(
        campaign=elsewhere, gang=gang_o, actor=world.users["other_arbitrator"]
    )
    campaigns.answer_invitation(membership=member_o, accept=True, actor=other)
    takeover = campaigns.create_campaign(creator=world.users["inviter"], name="Hostile Takeover")
    campaigns.request_join(campaign=takeover, gang=gang_a, actor=world.users["inviter"])
    spurned = campaigns.request_join(campaign=takeover, gang=gang_p, actor=world.users["inviter"])
    campaigns.answer_invitation(membership=spurned, accept=False, actor=owner)

    match = matches.create_live_match(
        ruleset=LIVE_GAME,
        players=[owner.username, rival.username],
        options={},
        seed=7,
        created_by=world.users["staff"],
    )
    for player in (owner, rival):  # both invited by staff; the match is dealt once both accept
        matches.accept_match(match=match, player=player)
    action, _ = matches.submit_action(
        match=match, player=owner, payload={"type": "pass"}, idempotency_key="world-1"
    )
    job = Job.objects.create(name="noop", owner=owner)

    league = leagues.create_league(creator=arbitrator, name="Island Nights", ruleset=LEAGUE_GAME)
    for player in (owner, rival):  # invited by the organiser; each accepts
        invitation = leagues.add_member(league=league, player=player, actor=arbitrator)
        leagues.accept_membership(membership=invitation, actor=player)
    result = leagues.report_result(
        league=league, actor=rival, placements={rival.username: 1, owner.username: 2}
    )

    world.ids = {
        "gang": gang_a.pk,
        "gang_pending": gang_p.pk,
        "gang_free": gang_j.pk,
        "gang_invited": gang_i.pk,
        "gang_rival": gang_b.pk,
        "gang_other": gang_o.pk,
        "leader": leader.pk,
        "ganger": ganger.pk,
        "fighters": list(Fighter.objects.values_list("pk", flat=True)),
        "stash": stash.pk,
        "goods": gang_a.goods.get().pk,
        "campaign": campaign.pk,
        "join_code": campaign.join_code,
        "membership": member_a.pk,
        "membership_pending": pending.pk,
        "membership_invited": invited.pk,
        "campaign_elsewhere": elsewhere.pk,
        "campaign_takeover": takeover.pk,
        "memberships": list(Membership.objects.values_list("pk", flat=True)),
        "round": 1,
        "battle": battle.pk,
        "scheduled": scheduled.pk,
        "match": match.pk,
        "action": action.pk,
        "job": str(job.pk),
        "league": league.pk,
        "league_code": league.join_code,
        "result": result.pk,
    }
    return world
