"""An invited player answers from the pages: Annie invites Bill to her league and to a game of
Le Dernier Peuple; Bill accepts both by clicking, on a phone, and the match is dealt."""

from playwright.sync_api import expect

from leagues import services as leagues
from leagues.models import Membership
from matches import services as matches
from matches.models import Match
from rosters import services as rosters
from tests.browser.signing import sign_in
from tests.factories import UserFactory


def _fits(page, width=360):
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the page is {scroll}px wide on a {width}px phone"


def test_an_invited_player_accepts_a_league_and_a_match_by_clicking(
    new_context, shot, transactional_db
):
    annie, bill = UserFactory(username="annie"), UserFactory(username="bill")
    league = leagues.create_league(creator=annie, name="Dust Bowl Cup", ruleset="last-one-standing")
    leagues.add_member(league=league, player=annie, actor=annie)
    invitation = leagues.add_member(league=league, player=bill, actor=annie)

    # Annie sees that Bill has not answered yet.
    annie_page = sign_in(new_context(), "annie")
    annie_page.goto(f"/leagues/{league.pk}/")
    expect(annie_page.locator("#unanswered")).to_contain_text("bill")
    shot(annie_page, "organiser-sees-who-has-not-answered")

    # Bill, on his phone, finds the invitation on his home page and accepts it.
    bill_page = sign_in(new_context(viewport={"width": 360, "height": 780}), "bill")
    expect(bill_page.get_by_text("You are invited to the league Dust Bowl Cup.")).to_be_visible()
    _fits(bill_page)
    shot(bill_page, "home-league-invitation")
    bill_page.get_by_role("link", name="You are invited to the league Dust Bowl Cup.").click()
    invited = bill_page.get_by_role("region", name="You are invited")
    expect(invited).to_contain_text("annie invites you to play in this league")
    expect(invited.get_by_role("button", name="Decline: Dust Bowl Cup")).to_be_visible()
    _fits(bill_page)
    shot(bill_page, "league-page-invitation")
    bill_page.go_back()
    bill_page.get_by_role("button", name="Accept: Dust Bowl Cup").click()
    expect(bill_page.get_by_role("status").first).to_contain_text("Welcome to the league")
    expect(bill_page.get_by_role("heading", level=1)).to_have_text("Dust Bowl Cup")
    expect(bill_page.get_by_role("button", name="Log the result")).to_be_visible()
    shot(bill_page, "league-accepted")
    invitation.refresh_from_db()
    assert invitation.status == Membership.Status.ACTIVE
    annie_page.reload()
    expect(annie_page.locator("#unanswered")).to_have_count(0)

    # Annie invites Bill to a live match; Bill opens it from home and accepts on its page.
    match = matches.create_live_match(
        ruleset="le-dernier-peuple", players=["annie", "bill"], options={}, created_by=annie
    )
    bill_page.goto("/")
    bill_page.get_by_role(
        "link", name=f"annie invites you to Le Dernier Peuple match {match.pk}."
    ).click()
    expect(bill_page.get_by_role("region", name="You are invited to this match")).to_be_visible()
    expect(bill_page.get_by_text("Waiting for bill to accept.")).to_be_visible()
    expect(bill_page.locator(".consents")).to_contain_text("must still accept")
    _fits(bill_page)
    shot(bill_page, "match-invitation")
    bill_page.get_by_role("button", name="Accept: Le Dernier Peuple").click()
    expect(bill_page.get_by_role("status").first).to_contain_text("the cards are dealt")
    expect(bill_page.locator("svg.board-svg")).to_be_visible()
    expect(bill_page.get_by_role("region", name="You are invited to this match")).to_have_count(0)
    shot(bill_page, "match-dealt")
    match.refresh_from_db()
    assert match.status == Match.Status.LIVE


def _posse(owner, name):
    fighters = [
        {"name": f"{name} boss", "role": "leader", "equipment": ["revolver"]},
        {"name": f"{name} kid", "role": "ganger", "equipment": ["shotgun"]},
    ]
    return rosters.create_starting_gang(
        owner=owner, name=name, faction="sheriffs", fighters=fighters, stash=[]
    )


def test_an_invited_player_accepts_a_friendly_battle_with_a_gang_of_his(
    new_context, shot, seeded_catalogue
):
    annie, bill = UserFactory(username="annie"), UserFactory(username="bill")
    _posse(annie, "Earps")
    _posse(bill, "Clantons")
    cowboys = _posse(bill, "Cowboys")
    dead_end = _posse(bill, "Dead End")

    # Annie starts a friendly battle of her Earps against bill from her home page.
    annie_page = sign_in(new_context(), "annie")
    annie_page.get_by_role("link", name="Start a friendly battle").click()
    expect(annie_page.get_by_role("heading", level=1)).to_have_text("A friendly battle")
    annie_page.get_by_label("Your gang").select_option(label="Earps")
    annie_page.get_by_label("Opponent").fill("bil")
    annie_page.get_by_role("button", name="Invite to a friendly battle").click()
    expect(annie_page.get_by_role("alert")).to_have_text("There is no player called 'bil'.")
    shot(annie_page, "friendly-battle-unknown-opponent")
    annie_page.get_by_label("Opponent").fill("bill")
    annie_page.get_by_role("button", name="Invite to a friendly battle").click()
    expect(annie_page.get_by_role("status").first).to_contain_text("bill is invited")
    match = Match.objects.get()
    shot(annie_page, "friendly-battle-invited")

    # Bill, on his phone, sees the invitation at home with a choice of his gangs.
    bill_page = sign_in(new_context(viewport={"width": 360, "height": 780}), "bill")
    invitation = bill_page.locator(f"#match-invitation-{match.pk}")
    expect(invitation).to_contain_text("annie invites you to Last Hope Frontier")
    expect(invitation.get_by_label("Your gang")).to_be_visible()
    _fits(bill_page)
    shot(bill_page, "home-friendly-invitation")

    # On the match's page: Annie brings the Earps. Bill picks Dead End, whose last fighters
    # retired meanwhile: the API's sentence, next to the select; then the Cowboys.
    invitation.get_by_role("link").click()
    region = bill_page.get_by_role("region", name="You are invited to this match")
    expect(bill_page.locator(".consents")).to_contain_text("annie with Earps")
    region.get_by_label("Your gang").select_option(label="Dead End")
    dead_end.fighters.update(status="retired")
    region.get_by_role("button", name="Accept with this gang: Last Hope Frontier").click()
    expect(region.get_by_role("alert")).to_have_text("Dead End has no fighter able to fight.")
    _fits(bill_page)
    shot(bill_page, "match-page-gang-refused")
    region.get_by_label("Your gang").select_option(label="Cowboys")
    shot(bill_page, "match-page-gang-chosen")
    region.get_by_role("button", name="Accept with this gang: Last Hope Frontier").click()
    expect(bill_page.get_by_role("status").first).to_contain_text("the cards are dealt")
    players = bill_page.get_by_role("region", name="Players")
    expect(players).to_contain_text("Earps")
    expect(players).to_contain_text("Cowboys")
    expect(bill_page.get_by_role("region", name="You are invited to this match")).to_have_count(0)
    shot(bill_page, "friendly-battle-dealt")
    match.refresh_from_db()
    assert match.status == Match.Status.LIVE
    assert match.participants.get(player=bill).gang_id == cowboys.pk
