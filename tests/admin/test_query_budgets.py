"""Every admin page costs a fixed number of queries, whatever the number of gangs, fighters,
battles and log lines (list pages paginate). Measured on a campaign of 5 gangs and 3 battles,
then of 14 gangs and 12 battles: the counts must not move, and stay within the budgets below
(the bigger of the organiser's and staff's counts, plus one spare; the organiser pays one or
two queries more than staff to learn what they organise)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns import services as campaigns
from rosters import services as rosters
from tests.admin.world import _gang

pytestmark = pytest.mark.django_db

# page name -> (url from the world's rows, budget)
PAGES = {
    "index": (lambda r: "/admin/", 7),
    "campaigns": (lambda r: "/admin/campaigns/campaign/", 8),
    "dashboard": (lambda r: f"/admin/campaigns/campaign/{r['campaign'].pk}/change/", 18),
    "memberships": (lambda r: "/admin/campaigns/membership/", 8),
    "membership": (lambda r: f"/admin/campaigns/membership/{r['membership'].pk}/change/", 8),
    "rounds": (lambda r: "/admin/campaigns/round/", 8),
    "round": (lambda r: f"/admin/campaigns/round/{r['round'].pk}/change/", 6),
    "battles": (lambda r: "/admin/campaigns/battle/", 10),
    # Who may confirm (campaigns.access): the campaign's arbitrators, each gang's consent.
    "battle": (lambda r: f"/admin/campaigns/battle/{r['battle'].pk}/change/", 12),
    "report form": (
        lambda r: (
            f"/admin/campaigns/battle/add/?campaign={r['campaign'].pk}"
            f"&gang_a={r['gang'].pk}&gang_b={r['gang_b'].pk}"
        ),
        15,
    ),
    "scheduled battles": (lambda r: "/admin/campaigns/scheduledbattle/", 10),
    "scheduled battle": (
        lambda r: f"/admin/campaigns/scheduledbattle/{r['scheduledbattle'].pk}/change/",
        15,  # the organiser's: who may set it up (campaigns.access, each gang's consent)
    ),
    "log": (lambda r: "/admin/campaigns/logentry/", 8),
    "log entry": (lambda r: f"/admin/campaigns/logentry/{r['logentry'].pk}/change/", 8),
    "gangs": (lambda r: "/admin/rosters/gang/", 7),
    "roster sheet": (lambda r: f"/admin/rosters/gang/{r['gang'].pk}/change/", 18),
    "hire": (lambda r: f"/admin/rosters/gang/{r['gang'].pk}/hire/", 8),
    "purchase": (lambda r: f"/admin/rosters/gang/{r['gang'].pk}/purchase/", 9),
    "sale": (lambda r: f"/admin/rosters/gang/{r['gang'].pk}/sale/", 9),
    "move": (lambda r: f"/admin/rosters/gang/{r['gang'].pk}/move/", 9),
    "adjust": (lambda r: f"/admin/rosters/gang/{r['gang'].pk}/adjust/", 6),
    "fighters": (lambda r: "/admin/rosters/fighter/", 10),
    "fighter": (lambda r: f"/admin/rosters/fighter/{r['fighter'].pk}/change/", 12),
    "ledger": (lambda r: "/admin/rosters/ledgerentry/", 7),
    "ledger entry": (lambda r: f"/admin/rosters/ledgerentry/{r['ledgerentry'].pk}/change/", 7),
    "history": (lambda r: "/admin/rosters/gangevent/", 7),
    "leagues": (lambda r: "/admin/leagues/league/", 8),
    "league": (lambda r: f"/admin/leagues/league/{r['league'].pk}/change/", 14),
    "league results": (lambda r: "/admin/leagues/leaguematch/", 8),
    "league result": (lambda r: f"/admin/leagues/leaguematch/{r['leaguematch'].pk}/change/", 7),
}


def grow(world, times: int) -> None:
    """More of everything in the organiser's campaign: gangs with kit, confirmed battles with
    casualties (injuries, flips, rewards, log lines), ledger rows, scheduled battles."""
    rows, judge = world.mine, world.users["organiser"]
    campaign = rows["campaign"]
    gangs = [m.gang for m in campaign.memberships.filter(status="active").select_related("gang")]
    start = campaign.memberships.count()
    for n in range(start, start + times):
        owner = rows["gang"].owner if n % 2 else rows["gang_b"].owner
        gang, fighters = _gang(owner, f"Extra {n}", "townsfolk")
        invitation = campaigns.request_join(campaign=campaign, gang=gang, actor=judge)
        campaigns.answer_invitation(membership=invitation, accept=True, actor=owner)
        gangs.append(gang)
        for fighter in fighters:
            rosters.purchase_item(
                gang=gang, item="derringer", fighter_id=fighter.pk, quantity=1, actor=judge
            )
    for gang in gangs:
        rosters.adjust_credits(gang=gang, amount=5, note="bounty", actor=judge)
    for n in range(times):
        a, b = gangs[n % len(gangs)], gangs[(n + 1) % len(gangs)]
        victim = b.fighters.filter(status="active").order_by("-id").first()
        battle = campaigns.report_battle(
            campaign=campaign,
            actor=judge,
            gangs=[a.pk, b.pk],
            winner=a.pk,
            casualties=[{"fighter": victim.pk, "taken_out_by": None}],
        )
        campaigns.confirm_battle(battle=battle, actor=judge)
        campaigns.run_post_game(battle_id=battle.pk)
        campaigns.schedule_battle(campaign=campaign, actor=judge, gangs=[b.pk, a.pk])


def count(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries)


# The roster's own operations: staff's (and the owner's), never an organiser's (#14), whose
# request for them is refused with a redirect to the sheet.
ROSTER_PAGES = {"hire", "purchase", "sale", "move"}


@pytest.fixture
def measured(world, signed_in):
    def measure(persona):
        client = signed_in(world.users[persona])
        return {
            name: count(client, url(world.mine))
            for name, (url, _) in PAGES.items()
            if persona == "staff" or name not in ROSTER_PAGES
        }

    return measure


@pytest.mark.parametrize("persona", ["organiser", "staff"])
def test_every_admin_page_has_a_fixed_query_budget(world, measured, persona):
    grow(world, 3)
    small = measured(persona)
    grow(world, 9)
    big = measured(persona)
    over = {
        name: (small[name], big[name])
        for name, (_, budget) in PAGES.items()
        if name in big and big[name] > budget
    }
    grew = {name: (small[name], big[name]) for name in big if big[name] > small[name]}
    assert over == {}, f"over budget (small, big): {over}"
    assert grew == {}, f"queries grow with the campaign (small, big): {grew}"
