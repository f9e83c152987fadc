"""A campaign battle from its scheduling to its post-game (issue #34): ann schedules a battle
against bob, its mission is drawn at pre-battle, it is played on the live table to the end
(most moves through the engine's action queue, the last ones by clicking), and after the
post-game the mission's credits and goods land in both gangs, exactly once, while the
campaign page shows the session's steps. The tabletop path: the same battle reported from a
real table with the page's "Report from the table", then confirmed by the other side."""

import importlib
import random

from django.apps import apps
from playwright.sync_api import expect

from campaigns import services as campaigns
from campaigns.models import Battle, Mission, ScheduledBattle
from matches import policies
from matches.models import Match
from matches.services import accept_match, submit_action
from rosters import services as rosters
from rosters.models import Fighter, Gang, Goods
from rulesets.registry import get_ruleset
from tests.browser.signing import sign_in
from tests.factories import UserFactory

GAME = get_ruleset("last-hope-frontier")


def _gang(owner, name, faction):
    gang = rosters.create_gang(owner=owner, name=name, faction=faction)
    for role in ("leader", "ganger"):
        rosters.hire_fighter(gang=gang, name=f"{name} {role}", role=role, actor=owner)
    return gang


def _campaign():
    judge, ann, bob = (UserFactory(username=n) for n in ("judge", "ann", "bob"))
    if not Mission.objects.exists():  # a transactional test flushed the data migration's rows
        importlib.import_module("campaigns.migrations.0008_missions").load_missions(apps, None)
    campaign = campaigns.create_campaign(creator=judge, name="Deadwood Summer")
    campaigns.update_campaign(campaign=campaign, actor=judge, mission_choice="random")
    gangs = [_gang(ann, "Earps", "sheriffs"), _gang(bob, "Cowboys", "outlawmen")]
    for gang in gangs:
        invited = campaigns.request_join(campaign=campaign, gang=gang, actor=judge)
        campaigns.answer_invitation(membership=invited, accept=True, actor=gang.owner)
    campaigns.set_status(campaign=campaign, status="active", actor=judge)
    return campaign, ann, bob, gangs


def _step(page, label):
    expect(page.locator("#scheduled [aria-current=step]")).to_have_text(label)


def _move_by_queue(match: Match, rnd: random.Random) -> None:
    """One legal move of the seat to play, through the same queue a click goes through."""
    state = match.state
    seat = GAME.to_move(state)[0]
    action = policies.random_action(GAME, state, seat, rnd)
    player = match.participants.get(seat=seat).player
    submit_action(match=match, player=player, payload=action, idempotency_key=f"k{match.version}")


def _click_end(page) -> bool:
    """End the activation or the turn by clicking, when that is what the page offers."""
    button = page.locator("button.act", has_text="End the")
    if button.count() == 0:
        return False
    version = page.evaluate("window.posseTable.version")
    button.first.click()
    page.wait_for_function(f"() => window.posseTable.version > {version}", timeout=10_000)
    return True


def test_a_scheduled_battle_is_drawn_played_live_and_paid_once(new_context, shot, seeded_catalogue):
    campaign, _ann, bob, (earps, cowboys) = _campaign()
    ann_page = sign_in(new_context(), "ann")
    ann_page.goto(f"/campaigns/{campaign.pk}/")
    ann_page.get_by_label("Date").fill("2026-12-24")
    ann_page.get_by_role("button", name="Schedule a battle").click()
    expect(ann_page.get_by_role("status").first).to_contain_text("The battle is scheduled.")
    _step(ann_page, "scheduled")
    shot(ann_page, "scheduled")
    scheduled = ScheduledBattle.objects.get(campaign=campaign)
    assert [scheduled.first_gang_id, scheduled.second_gang_id] == [earps.pk, cowboys.pk]

    bob_page = sign_in(new_context(), "bob")  # his home page: the battle waits for him
    expect(bob_page.get_by_text("Earps against Cowboys in Deadwood Summer")).to_be_visible()
    bob_page.goto(f"/campaigns/{campaign.pk}/")
    bob_page.get_by_role("button", name="Draw the mission").click()
    scheduled.refresh_from_db()
    mission = scheduled.mission
    expect(bob_page.locator(f"#scheduled-{scheduled.pk}")).to_contain_text(mission.name)
    _step(bob_page, "pre-battle")
    shot(bob_page, "mission-drawn")

    ann_page.reload()
    ann_page.get_by_role("button", name="Play it on the live table").click()
    ann_page.wait_for_url("**/matches/*/")
    live = ScheduledBattle.objects.select_related("live").get(pk=scheduled.pk).live
    accept_match(match=live.match, player=bob)
    bob_page.reload()
    _step(bob_page, "played")
    match = Match.objects.get(pk=live.match_id)
    assert match.state["mission"]["key"] == mission.key

    rnd = random.Random(7)
    seat_pages = {"s1": ann_page, "s2": bob_page}
    clicked = 0
    for _ in range(3000):
        match.refresh_from_db()
        if match.status != Match.Status.LIVE:
            break
        last_turn = match.state.get("turn", 0) >= match.state["turn_limit"]
        seat = GAME.to_move(match.state)[0]
        if last_turn and clicked < 2:
            page = seat_pages[seat]
            if page.url.endswith(f"/matches/{match.pk}/") is False:
                page.goto(f"/matches/{match.pk}/")
                page.wait_for_function("() => window.posseTable && window.posseTable.streamOpen")
            if _click_end(page):
                clicked += 1
                continue
        _move_by_queue(match, rnd)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert clicked >= 1  # the last moves were clicks on the table
    shot(ann_page, "table-at-the-end")

    battle = Battle.objects.get(match=match)
    sides = {s.gang_id: s for s in battle.sides.all()}
    before = _holdings(sides)
    campaigns.confirm_battle(battle=battle, actor=bob)
    campaigns.run_post_game(battle_id=battle.pk)  # asked again: pays nothing more
    _paid(sides, before, campaign)
    after = _holdings(sides)
    assert ScheduledBattle.objects.get(pk=scheduled.pk).live.battle_id == battle.pk

    for page, gang in ((ann_page, earps), (bob_page, cowboys)):
        page.goto(f"/gangs/{gang.pk}/history/")
        expect(page.locator("tfoot")).to_contain_text(str(after[gang.pk][0]))
        page.goto(f"/gangs/{gang.pk}/")
        for found in Goods.objects.filter(gang=gang, item__slug__in=sides[gang.pk].goods):
            expect(page.locator("#goods")).to_contain_text(found.name)
        shot(page, f"{gang.name}-paid")
    ann_page.goto(f"/campaigns/{campaign.pk}/")
    article = ann_page.locator(f"#battle-{battle.pk}")
    expect(article.locator("[aria-current=step]")).to_have_text("confirmed")
    expect(article).to_contain_text(mission.name)
    shot(ann_page, "session-confirmed")


def _holdings(gang_ids) -> dict[int, tuple[int, int]]:
    """Each gang's credits and what it found: goods, and findable items (kit in its stash)."""
    return {
        g.pk: (g.credits, g.goods.count() + g.equipment.count())
        for g in Gang.objects.filter(pk__in=gang_ids)
    }


def _paid(sides, before, campaign) -> None:
    """Each gang got its result's reward and what it earned in the mission, once."""
    after = _holdings(sides)
    rewards = {
        "win": campaign.reward_win,
        "draw": campaign.reward_draw,
        "loss": campaign.reward_loss,
    }
    for gang_id, side in sides.items():
        assert after[gang_id][0] - before[gang_id][0] == rewards[side.result] + side.credits_earned
        assert after[gang_id][1] - before[gang_id][1] == len(side.goods)


def test_a_scheduled_battle_is_reported_from_the_table_confirmed_and_paid_once(
    new_context, shot, seeded_catalogue
):
    campaign, _ann, _bob, (earps, cowboys) = _campaign()
    ann_page = sign_in(new_context(), "ann")
    ann_page.goto(f"/campaigns/{campaign.pk}/")
    expect(ann_page.get_by_role("heading", name="Schedule a battle")).to_be_visible()
    ann_page.get_by_role("button", name="Schedule a battle").click()
    _step(ann_page, "scheduled")
    scheduled = ScheduledBattle.objects.get(campaign=campaign)

    bob_page = sign_in(new_context(), "bob")
    bob_page.goto(f"/campaigns/{campaign.pk}/")
    bob_page.get_by_role("button", name="Draw the mission").click()
    _step(bob_page, "pre-battle")
    mission = ScheduledBattle.objects.get(pk=scheduled.pk).mission

    ann_page.reload()
    shot(ann_page, "pre-battle-with-report-from-the-table")
    ann_page.get_by_role("link", name="Report from the table").click()
    expect(ann_page.get_by_role("heading", name=mission.name)).to_be_visible()
    expect(ann_page.get_by_text("Earps against Cowboys")).to_be_visible()
    ann_page.get_by_role("button", name="Send the report").click()  # no result: refused
    expect(ann_page.get_by_role("alert").first).to_contain_text("This field is required.")
    shot(ann_page, "report-from-the-table-refused")
    ann_page.get_by_label("Earps won").check()
    loot = ann_page.locator(f'input[name="loot.{earps.pk}"]')
    if loot.count():
        loot.first.check()
    shot(ann_page, "report-from-the-table")
    ann_page.get_by_role("button", name="Send the report").click()
    expect(ann_page.get_by_role("status").first).to_contain_text("Battle 1 reported")
    _step(ann_page, "post-battle")
    shot(ann_page, "reported-from-the-table")
    battle = ScheduledBattle.objects.select_related("battle").get(pk=scheduled.pk).battle
    assert battle.mission_id == mission.pk and battle.source == Battle.Source.LOGGED

    sides = {s.gang_id: s for s in battle.sides.all()}
    before = _holdings(sides)
    bob_page.goto(f"/campaigns/{campaign.pk}/")
    bob_page.get_by_role("button", name="Confirm the result").click()
    expect(bob_page.get_by_role("status").first).to_contain_text("confirmed")
    campaigns.run_post_game(battle_id=battle.pk)  # eager, or not: it pays once either way
    campaigns.run_post_game(battle_id=battle.pk)
    _paid(sides, before, campaign)
    assert sides[earps.pk].result == "win" and sides[cowboys.pk].result == "loss"
    bob_page.reload()
    article = bob_page.locator(f"#battle-{battle.pk}")
    expect(article.locator("[aria-current=step]")).to_have_text("confirmed")
    expect(article).to_contain_text(mission.name)
    expect(bob_page.locator(f"#scheduled-{scheduled.pk}")).to_have_count(0)
    shot(bob_page, "confirmed-from-the-table")


def test_each_side_picks_its_own_crew_before_the_battle_is_played(
    new_context, shot, seeded_catalogue
):
    campaign, ann, _bob, (earps, cowboys) = _campaign()
    judge = campaign.arbitrators.get()
    mission = Mission.objects.get(key="water-rights")
    data = {**mission.data, "max_crew": 1}  # staff edit the missions
    campaigns.save_mission(
        mission=mission, data=data, active=True, actor=UserFactory(is_staff=True)
    )
    campaigns.update_campaign(campaign=campaign, actor=judge, mission_choice="arbitrator")
    row = campaigns.schedule_battle(campaign=campaign, actor=ann, gangs=[earps.pk, cowboys.pk])
    campaigns.prepare_battle(scheduled=row, actor=judge, mission="water-rights")

    ann_page = sign_in(new_context(), "ann")
    ann_page.goto(f"/campaigns/{campaign.pk}/")
    mine = ann_page.get_by_role("group", name="Who fights for Earps (at most 1)")
    expect(mine).to_be_visible()
    expect(ann_page.get_by_role("group", name="Who fights for Cowboys (at most 1)")).to_have_count(
        0
    )
    mine.get_by_label("Earps leader").check()
    mine.get_by_label("Earps ganger").check()
    mine.get_by_role("button", name="Pick the crew").click()  # two for a crew of one
    expect(ann_page.get_by_role("status").first).to_contain_text("at most 1 fighter.")
    shot(ann_page, "crew-too-big")
    ann_page.get_by_role("group", name="Who fights for Earps (at most 1)").get_by_label(
        "Earps leader"
    ).check()
    ann_page.get_by_role("button", name="Pick the crew").click()
    expect(ann_page.get_by_role("status").first).to_contain_text("The crew is picked.")
    ann_page.get_by_role("button", name="Play it on the live table").click()
    expect(ann_page.get_by_role("status").first).to_contain_text("Cowboys's crew is not picked yet")
    shot(ann_page, "waiting-for-the-other-crew")

    bob_page = sign_in(new_context(), "bob")
    bob_page.goto(f"/campaigns/{campaign.pk}/")
    theirs = bob_page.get_by_role("group", name="Who fights for Cowboys (at most 1)")
    theirs.get_by_label("Cowboys ganger").check()
    theirs.get_by_role("button", name="Pick the crew").click()
    expect(bob_page.get_by_role("status").first).to_contain_text("The crew is picked.")
    row.refresh_from_db()
    named = {
        gang: [f.name for f in Fighter.objects.filter(pk__in=ids)]
        for gang, ids in row.crews.items()
    }
    assert named == {str(earps.pk): ["Earps leader"], str(cowboys.pk): ["Cowboys ganger"]}
    bob_page.get_by_role("button", name="Play it on the live table").click()
    bob_page.wait_for_url("**/matches/*/")
    shot(bob_page, "crews-picked-live-table")
