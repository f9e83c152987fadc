"""The campaign's admin page is its dashboard, and its form validates like the API."""

import re
from html import unescape

import pytest

from campaigns import services
from campaigns.models import Battle, Campaign, LogEntry, Membership

pytestmark = pytest.mark.django_db

SETTINGS = {
    "name": "Dodge City Autumn",
    "ruleset": "last-hope-frontier",
    "description": "",
    "points_win": 3,
    "points_draw": 1,
    "points_loss": 0,
    "reward_win": 60,
    "reward_draw": 40,
    "reward_loss": 25,
    "round_length_days": 14,
}


@pytest.fixture
def judge(world, signed_in):
    return signed_in(world.users["organiser"])


def dashboard_url(campaign):
    return f"/admin/campaigns/campaign/{campaign.pk}/change/"


def errors(html: str) -> list[str]:
    return [
        unescape(e) for e in re.findall(r'<ul class="errorlist[^"]*"[^>]*><li>(.*?)</li>', html)
    ]


def tie_breakers(*names):
    return {f"tie_breakers_{i}": name for i, name in enumerate(names)}


def messages_on(response) -> list[str]:
    html = response.content.decode()
    return [
        unescape(m.strip())
        for m in re.findall(r'<li class="(?:success|error|warning)">(.*?)</li>', html, re.S)
    ]


def test_a_campaign_founded_in_the_admin_is_the_services(judge, world):
    data = {**SETTINGS, **tie_breakers("wins", "head_to_head")}
    response = judge.post("/admin/campaigns/campaign/add/", data)
    assert response.status_code == 302, errors(response.content.decode())
    campaign = Campaign.objects.get(name="Dodge City Autumn")
    assert campaign.tie_breakers == ["wins", "head_to_head"]
    assert list(campaign.arbitrators.all()) == [world.users["organiser"]]
    assert campaign.log.get().text == "judge founded the campaign Dodge City Autumn."


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"ruleset": "chess"}, "ruleset", "Select a valid choice."),
        ({"ruleset": "le-dernier-peuple"}, "ruleset", "Select a valid choice."),
        ({"points_win": 1, "points_draw": 2}, "points_win", "A win must be worth at least a draw."),
        (tie_breakers("wins", "wins"), "tie_breakers", "Tie-breakers are chosen once each from"),
        (tie_breakers("coin_toss"), "tie_breakers", "Select a valid choice."),
        ({"reward_win": -5}, "reward_win", "Ensure this value is greater than or equal to 0."),
    ],
)
def test_every_refusal_is_one_message_on_the_field(judge, world, change, field, message):
    response = judge.post("/admin/campaigns/campaign/add/", {**SETTINGS, **change})
    html = response.content.decode()
    assert response.status_code == 200
    found = errors(html)
    assert len(found) == 1 and found[0].startswith(message), found
    row = re.search(
        rf'<div class="form-row[^"]*field-{field}[^"]*">(.*?)</div>\s*</div>', html, re.S
    )
    assert row and message.split(" ")[0] in unescape(row.group(1)), f"not on {field}"
    assert not Campaign.objects.filter(name="Dodge City Autumn").exists()


def test_the_game_is_locked_once_founded_and_settings_go_through_update_campaign(judge, world):
    campaign = world.mine["campaign"]
    data = {
        **{k: v for k, v in SETTINGS.items() if k != "ruleset"},
        "name": campaign.name,
        "points_win": 4,
        "ruleset": "le-dernier-peuple",  # not a field any more: ignored
        **tie_breakers("taken_out"),
        "new_arbitrator": "",
    }
    response = judge.post(dashboard_url(campaign), data)
    assert response.status_code == 302, errors(response.content.decode())
    campaign.refresh_from_db()
    assert (campaign.ruleset, campaign.points_win) == ("last-hope-frontier", 4)
    assert campaign.tie_breakers == ["taken_out"]
    assert LogEntry.objects.filter(
        campaign=campaign, text="judge changed the settings: points for a win, tie-breakers."
    ).exists()
    assert "Last Hope Frontier (fixed when the campaign was founded)" in (
        judge.get(dashboard_url(campaign)).content.decode()
    )


def test_an_arbitrator_is_added_by_username(judge, world):
    campaign = world.mine["campaign"]
    data = {
        **{k: v for k, v in SETTINGS.items() if k != "ruleset"},
        "name": campaign.name,
        **tie_breakers(*campaign.tie_breakers),
    }
    response = judge.post(dashboard_url(campaign), {**data, "new_arbitrator": "nobody-here"})
    assert errors(response.content.decode()) == ["No player has this username."]
    response = judge.post(dashboard_url(campaign), {**data, "new_arbitrator": "rita"})
    assert response.status_code == 302
    assert campaign.arbitrators.filter(username="rita").exists()


def test_the_dashboard_shows_what_waits_and_the_next_step(judge, world):
    campaign = world.mine["campaign"]
    html = judge.get(dashboard_url(campaign)).content.decode()
    assert "Deadwood Summer hopefuls" in html and "asked to join" in html
    assert f"Battle {world.mine['battle'].shown_number}</a>, round 1" in html
    assert "Close round 1" in html and "0 of 1 battle confirmed; 1 still waiting" in html
    assert campaign.join_code in html
    assert "judge founded the campaign Deadwood Summer." in html


def test_approve_start_open_and_close_are_buttons_with_one_sentence_each(
    judge, world, django_capture_on_commit_callbacks
):
    campaign = world.mine["campaign"]
    pending = world.mine["pending"]
    url = f"/admin/campaigns/campaign/{campaign.pk}/"
    response = judge.post(url + f"members/{pending.pk}/approve/", follow=True)
    assert messages_on(response) == ["Deadwood Summer hopefuls is in the campaign."]
    assert Membership.objects.get(pk=pending.pk).status == "active"

    with django_capture_on_commit_callbacks(execute=True):
        response = judge.post(url + "step/close/", follow=True)
    assert messages_on(response)[0].startswith("The round is closing")
    assert "1 closed" in judge.get(url + "change/").content.decode()
    response = judge.post(url + "step/open/", follow=True)
    assert messages_on(response)[0].startswith("Round 2 is open until")
    response = judge.post(url + "step/finish/", follow=True)
    assert messages_on(response) == ["Close the open round before finishing the campaign."]


def test_a_draft_campaign_offers_start(judge, world):
    draft = services.create_campaign(creator=world.users["organiser"], name="Later")
    html = judge.get(dashboard_url(draft)).content.decode()
    assert "Start the campaign (opens round 1)" in html
    assert "A battle needs two gangs: add them first." in html
    response = judge.post(
        f"/admin/campaigns/campaign/{draft.pk}/add-gang/", {"gang": "x"}, follow=True
    )
    assert messages_on(response) == ["Gang number: there is no gang with this number."]


def test_standings_say_which_tie_breaker_put_a_gang_above_another(
    judge, world, django_capture_on_commit_callbacks
):
    """Dalton and Clanton both won a battle (3 points each); Dalton took two enemies out, the
    Clantons one. With "enemies taken out" as the tie-breaker, Dalton is first, and says why."""
    campaign = world.mine["campaign"]
    organiser = world.users["organiser"]
    services.update_campaign(campaign=campaign, actor=organiser, tie_breakers=["taken_out"])
    a, b = world.mine["gang"], world.mine["gang_b"]
    services.void_battle(battle=world.mine["battle"], actor=organiser, reason="replayed")
    fa, fb = list(a.fighters.order_by("id")), list(b.fighters.order_by("id"))
    with django_capture_on_commit_callbacks(execute=True):
        first = services.report_battle(
            campaign=campaign,
            actor=organiser,
            gangs=[a.pk, b.pk],
            winner=a.pk,
            casualties=[
                {"fighter": fb[1].pk, "taken_out_by": fa[0].pk},
                {"fighter": fb[2].pk, "taken_out_by": fa[0].pk},
            ],
        )
        services.confirm_battle(battle=first, actor=organiser)
        second = services.report_battle(
            campaign=campaign,
            actor=organiser,
            gangs=[a.pk, b.pk],
            winner=b.pk,
            casualties=[{"fighter": fa[1].pk, "taken_out_by": fb[0].pk}],
        )
        services.confirm_battle(battle=second, actor=organiser)
    html = judge.get(dashboard_url(campaign)).content.decode()
    assert "level on points with Earp gang; ahead on enemies taken out (2 to 1)" in html

    services.update_campaign(campaign=campaign, actor=organiser, tie_breakers=["wins"])
    html = judge.get(dashboard_url(campaign)).content.decode()
    assert "Tie not broken between Dalton gang, Earp gang." in html
    assert "tied: no tie-breaker separates them" in html


def test_a_battle_reported_in_the_admin_is_the_services_report(judge, world):
    campaign, a, b = world.mine["campaign"], world.mine["gang"], world.mine["gang_b"]
    url = f"/admin/campaigns/battle/add/?campaign={campaign.pk}&gang_a={a.pk}&gang_b={b.pk}"
    form = judge.get(url).content.decode()
    victim, attacker = b.fighters.order_by("id")[1], a.fighters.order_by("id")[0]
    assert f'<option value="{victim.pk}">{victim.name} (deputy)</option>' in form
    data = {
        "result": str(b.pk),
        "credits_a": 0,
        "credits_b": 20,
        "goods_b_0": "gold-nugget",
        "goods_b_1": "gold-nugget",
        "casualties-TOTAL_FORMS": 8,
        "casualties-INITIAL_FORMS": 0,
        "casualties-0-fighter": victim.pk,
        "casualties-0-taken_out_by": attacker.pk,
    }
    response = judge.post(url, data, follow=True)
    battle = Battle.objects.order_by("-id").first()
    assert response.redirect_chain[-1][0] == f"/admin/campaigns/battle/{battle.pk}/change/"
    assert messages_on(response)[0].startswith(
        f"Battle {battle.number} reported: Dalton gang against Earp gang, Earp gang won;"
    )
    side = battle.sides.get(gang=b)
    assert (side.result, side.credits_earned, side.goods) == ("win", 20, ["gold-nugget"] * 2)
    assert battle.casualties.get().taken_out_by == attacker
    assert battle.reported_by == world.users["organiser"]
    html = response.content.decode()
    assert "found: Gold nugget, Gold nugget" in html and "Spent" not in html


@pytest.mark.parametrize(
    ("change", "where", "message"),
    [
        (
            {"casualties-0-taken_out_by": "SELF"},
            "casualties-0-taken_out_by",
            "A fighter cannot take themself out.",
        ),
        ({"credits_b": 5000}, "credits_b", "Credits earned are a whole number from 0 to 1000."),
        (
            {"casualties-1-fighter": "VICTIM"},
            "casualties-1-fighter",
            "is taken out of action twice in one report.",
        ),
    ],
)
def test_a_report_refusal_lands_on_its_row(judge, world, change, where, message):
    campaign, a, b = world.mine["campaign"], world.mine["gang"], world.mine["gang_b"]
    url = f"/admin/campaigns/battle/add/?campaign={campaign.pk}&gang_a={a.pk}&gang_b={b.pk}"
    victim = b.fighters.order_by("id")[1]
    data = {
        "result": "draw",
        "credits_a": 0,
        "credits_b": 0,
        "casualties-TOTAL_FORMS": 8,
        "casualties-INITIAL_FORMS": 0,
        "casualties-0-fighter": victim.pk,
        **{k: {"SELF": victim.pk, "VICTIM": victim.pk}.get(v, v) for k, v in change.items()},
    }
    before = Battle.objects.count()
    html = judge.post(url, data).content.decode()
    found = errors(html)
    assert len(found) == 1 and message in found[0], found
    cell = re.search(
        rf'name="{where}".*?</select>\s*<ul class="errorlist', html, re.S
    ) or re.search(rf'name="{where}"[^>]*>\s*<ul class="errorlist', html, re.S)
    assert cell, f"the message is not next to {where}"
    assert Battle.objects.count() == before


def test_confirm_dispute_and_void_from_the_battle_page(
    judge, world, django_capture_on_commit_callbacks
):
    battle = world.mine["battle"]
    url = f"/admin/campaigns/battle/{battle.pk}/decide/"
    response = judge.post(url + "dispute/", {"reason": ""}, follow=True)
    assert messages_on(response) == ["Reason: say why."]
    response = judge.post(url + "dispute/", {"reason": "Billy was not there"}, follow=True)
    assert messages_on(response) == [
        f"Battle {battle.number} disputed: an arbitrator who did not play in it decides."
    ]
    with django_capture_on_commit_callbacks(execute=True):
        response = judge.post(url + "confirm/", follow=True)
    assert messages_on(response)[0].startswith(f"Battle {battle.number} confirmed")
    battle.refresh_from_db()
    assert battle.status == "confirmed" and battle.post_game_at is not None
    response = judge.post(url + "void/", {"reason": "late"}, follow=True)
    assert messages_on(response) == [
        "A confirmed battle has been applied to the gangs; it cannot be voided."
    ]


def test_the_battle_list_shows_round_gangs_result_and_status(judge, world):
    html = judge.get("/admin/campaigns/battle/").content.decode()
    row = re.search(r"<tr>.*?</tr>", html[html.index('id="result_list"') :], re.S)
    cells = [
        unescape(re.sub(r"<[^>]+>", "", c)).strip()
        for c in re.findall(
            r"<t[dh][^>]*>(.*?)</t[dh]>", html[html.index("<tbody>") : html.index("</tbody>")], re.S
        )
    ]
    assert "Dalton gang against Earp gang" in cells and "Dalton gang won" in cells
    assert "Reported" in cells and "1" in cells
    assert "Tombstone" not in html  # the stranger's battles and campaigns stay out
    assert row


def test_an_arbitrator_sets_who_picks_missions_and_the_underdog_bonus_in_the_admin(judge, world):
    campaign = world.mine["campaign"]
    page = judge.get(dashboard_url(campaign))
    assert 'name="mission_choice"' in page.content.decode()
    form = {
        **{k: v for k, v in SETTINGS.items() if k != "ruleset"},
        "name": campaign.name,
        "new_arbitrator": "",
        "mission_choice": "underdog",
        "underdog_bonus": 15,
        **tie_breakers(*campaign.tie_breakers),
    }
    response = judge.post(dashboard_url(campaign), form)
    assert response.status_code == 302, errors(response.content.decode())
    campaign.refresh_from_db()
    assert (campaign.mission_choice, campaign.underdog_bonus) == ("underdog", 15)


def test_every_line_the_admin_writes_has_a_code_and_reads_in_french(
    judge, world, django_capture_on_commit_callbacks
):
    """Issue 31: what the admin's forms write (the campaign log, the gangs' history and
    ledger) goes through the services, each line with its code, read in the reader's
    language like any other."""
    from django.utils import translation

    from campaigns.log_lines import line as log_line
    from campaigns.log_texts import LINES as LOG_LINES
    from rosters.history_lines import LINES, NOTES, line, note
    from rosters.models import GangEvent, LedgerEntry

    marks = [
        m.objects.order_by("-id").values_list("id", flat=True).first() or 0
        for m in (LogEntry, GangEvent, LedgerEntry)
    ]
    battle = world.mine["battle"]
    url = f"/admin/campaigns/battle/{battle.pk}/decide/"
    judge.post(url + "dispute/", {"reason": "Billy was not there"})
    with django_capture_on_commit_callbacks(execute=True):
        judge.post(url + "confirm/")
    logged = LogEntry.objects.filter(id__gt=marks[0])
    told = GangEvent.objects.filter(id__gt=marks[1])
    paid = LedgerEntry.objects.filter(id__gt=marks[2])
    assert logged and told and paid
    assert {e.code for e in logged} <= set(LOG_LINES)
    assert {e.code for e in told} <= set(LINES) and {e.code for e in paid} <= set(NOTES)
    with translation.override("fr"):
        assert all(log_line(e) != e.text for e in logged)
        assert all(line(e) != e.text for e in told)
        assert any(note(e) != e.note for e in paid)
        assert not any("battle" in line(e) or "campaign" in line(e) for e in told)
