"""Two players in a campaign: one joins by code and reports a battle, the other confirms it,
the post-game puts an injury and a card flip on the roster, and the flip is spent."""

from playwright.sync_api import expect

from campaigns import services as campaigns
from rosters import services as rosters
from tests.browser.signing import sign_in
from tests.factories import UserFactory


def _gang(owner, name, faction):
    gang = rosters.create_gang(owner=owner, name=name, faction=faction)
    fighters = [
        rosters.hire_fighter(gang=gang, name=f"{name} {role}", role=role, actor=owner)
        for role in ("leader", "ganger", "ganger")
    ]
    return gang, fighters


def test_a_battle_reported_confirmed_and_its_flip_spent(new_context, shot, seeded_catalogue):
    wyatt, ike = UserFactory(username="wyatt"), UserFactory(username="ike")
    earps, (wyatt_leader, *_) = _gang(wyatt, "Earps", "sheriffs")
    cowboys, (_, billy, _) = _gang(ike, "Cowboys", "outlawmen")
    campaign = campaigns.create_campaign(creator=wyatt, name="Tombstone")
    campaigns.request_join(campaign=campaign, gang=earps, actor=wyatt)
    campaigns.set_status(campaign=campaign, status="active", actor=wyatt)

    ike_page = sign_in(new_context(viewport={"width": 390, "height": 844}), "ike")
    ike_page.get_by_role("link", name="Join a campaign with its code").click()
    ike_page.get_by_label("Join code").fill(campaign.join_code)
    ike_page.get_by_label("Your gang").select_option(label="Cowboys")
    ike_page.get_by_role("button", name="Ask to join").click()
    expect(ike_page.get_by_role("status").first).to_contain_text("asked to join Tombstone")
    shot(ike_page, "asked-to-join")

    wyatt_page = sign_in(new_context(), "wyatt")
    expect(wyatt_page.get_by_text("Cowboys in Tombstone")).to_be_visible()  # needs attention
    wyatt_page.get_by_role("link", name="Tombstone").first.click()
    wyatt_page.get_by_role("button", name="Approve").click()
    expect(wyatt_page.locator("#members")).to_contain_text("Cowboys")
    shot(wyatt_page, "arbitrator-approved")

    ike_page.reload()
    ike_page.get_by_label("Against").select_option(label="Earps (wyatt)")
    ike_page.get_by_role("button", name="Next: the result").click()
    ike_page.get_by_label("Cowboys won").check()
    ike_page.get_by_label(f"{wyatt_leader.name} was taken out of action").check()
    ike_page.locator(f"#id_by-{wyatt_leader.pk}").select_option(str(billy.pk))
    ike_page.get_by_label("Gold nugget (40)").first.check()
    ike_page.get_by_label("Credits Cowboys earned in the mission").fill("15")
    shot(ike_page, "report-form")
    ike_page.get_by_role("button", name="Send the report").click()
    expect(ike_page.get_by_role("status").first).to_contain_text("reported")
    expect(ike_page.get_by_text("You reported it")).to_be_visible()
    shot(ike_page, "reported")

    wyatt_page.goto("/")
    expect(wyatt_page.get_by_text("waits for your confirmation")).to_be_visible()
    shot(wyatt_page, "home-needs-attention")
    wyatt_page.get_by_text("waits for your confirmation").click()
    wyatt_page.get_by_role("button", name="Confirm the result").click()
    expect(wyatt_page.get_by_role("heading", name="Post-game")).to_be_visible()
    expect(wyatt_page.locator(".outcome")).to_contain_text("permanently loses a wound")
    expect(wyatt_page.locator(".outcome")).to_contain_text("earned 1 card flip")
    expect(wyatt_page.get_by_role("row", name="Cowboys")).to_contain_text("3")
    shot(wyatt_page, "confirmed-post-game")

    wyatt_page.goto(f"/gangs/{earps.pk}/")
    card = wyatt_page.locator(f"#fighter-{wyatt_leader.pk}")
    expect(card).to_contain_text("out of action 1 of 3: −1 wound")
    expect(card.locator(".stats")).to_contain_text("▼")
    shot(wyatt_page, "injury-on-roster")

    ike_page.goto(f"/gangs/{cowboys.pk}/")
    card = ike_page.locator(f"#fighter-{billy.pk}")
    expect(card).to_contain_text("1 card flip to spend")
    expect(ike_page.locator("#goods")).to_contain_text("Gold nugget")
    card.get_by_role("button", name="Flip a card").click()
    card = ike_page.locator(f"#fighter-{billy.pk}")
    expect(card.get_by_role("img")).to_be_visible()  # the drawn card, drawn as a card
    shot(ike_page, "flip-drawn")
    card.get_by_role("button", name="+1").first.click()
    expect(ike_page.get_by_role("status").first).to_contain_text("gains +1")
    expect(ike_page.locator(f"#fighter-{billy.pk} .stats")).to_contain_text("▲")
    shot(ike_page, "flip-spent")
