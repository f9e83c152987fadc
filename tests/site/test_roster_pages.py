"""The roster pages over the Django test client: the same services as the API, the API's
words next to the fields, and a query budget that does not grow with the gang."""

from html import unescape

import pytest

from rosters import services
from rosters.models import Equipment, Gang

pytestmark = pytest.mark.django_db

SHEET_QUERIES = 22


def _build(gang, user, *, gangers: int):
    leader = services.hire_fighter(gang=gang, name="Bob", role="leader", actor=user)
    services.hire_fighter(gang=gang, name="Grat", role="deputy", actor=user)
    for n in range(gangers):
        f = services.hire_fighter(gang=gang, name=f"Ganger {n}", role="ganger", actor=user)
        services.purchase_item(
            gang=gang, item="switchblade", fighter_id=f.pk, quantity=1, actor=user
        )
        services.take_out_of_action(fighter=f, actor=None)
    services.purchase_item(gang=gang, item="pistol", fighter_id=leader.pk, quantity=1, actor=user)
    services.purchase_item(gang=gang, item="whiskey", fighter_id=None, quantity=2, actor=user)
    services.award_flips(fighter=leader, count=2, actor=None)
    services.flip_card(fighter=leader, actor=user, action="flip")
    return leader


def test_the_sheet_shows_fighters_kit_prices_and_problems(site, user, gang):
    r = site.get(f"/gangs/{gang.pk}/")
    assert r.status_code == 200
    text = r.content.decode()
    assert "Not ready to fight" in text and "needs at least 1 leader (has 0)" in text
    leader = _build(gang, user, gangers=2)
    text = site.get(f"/gangs/{gang.pk}/").content.decode()
    assert "Ready to fight" in text
    assert "paid 15" in text  # the pistol's price paid
    assert "Sell for 7" in text  # half of 15, rounded down: the marketplace's rule
    assert "out of action 1 of 3: −1 wound" in text
    assert f'id="fighter-{leader.pk}"' in text and "playing-card" in text  # the card showing


@pytest.mark.parametrize("page", ["", "print/", "history/"])
def test_roster_pages_keep_their_query_budget_whatever_the_gang_size(
    site, user, gang, django_assert_max_num_queries, page
):
    _build(gang, user, gangers=2)
    with django_assert_max_num_queries(SHEET_QUERIES):
        assert site.get(f"/gangs/{gang.pk}/{page}").status_code == 200
    for n in range(4):
        f = services.hire_fighter(gang=gang, name=f"More {n}", role="ganger", actor=user)
        services.purchase_item(
            gang=gang, item="switchblade", fighter_id=f.pk, quantity=1, actor=user
        )
        services.award_flips(fighter=f, count=1, actor=None)
        services.flip_card(fighter=f, actor=user, action="flip")
    with django_assert_max_num_queries(SHEET_QUERIES):
        assert site.get(f"/gangs/{gang.pk}/{page}").status_code == 200


def test_hiring_and_buying_cost_the_catalogue_price(site, user, gang):
    r = site.post(f"/gangs/{gang.pk}/hire/", {"hire-name": "Bob", "hire-role": "leader"})
    assert r.status_code == 302
    gang.refresh_from_db()
    assert gang.credits == 400
    bob = gang.fighters.get()
    r = site.post(
        f"/gangs/{gang.pk}/buy/", {"buy-item": "shotgun", "buy-fighter": bob.pk, "buy-quantity": 2}
    )
    assert r.status_code == 302
    gang.refresh_from_db()
    assert gang.credits == 340
    assert sorted(Equipment.objects.filter(gang=gang).values_list("price_paid", flat=True)) == [
        30,
        30,
    ]


def test_a_refusal_is_the_apis_sentence_next_to_its_field(site, user, gang):
    services.hire_fighter(gang=gang, name="Bob", role="leader", actor=user)
    r = site.post(f"/gangs/{gang.pk}/hire/", {"hire-name": "Bill", "hire-role": "leader"})
    assert r.status_code == 400
    text = r.content.decode()
    assert 'id="id_hire-role_error"' in text
    assert "A gang may have at most 1 leader; this gang has 1." in text
    ganger = services.hire_fighter(gang=gang, name="Em", role="ganger", actor=user)
    r = site.post(
        f"/gangs/{gang.pk}/buy/", {"buy-item": "horse", "buy-fighter": ganger.pk, "buy-quantity": 1}
    )
    assert r.status_code == 400
    assert "Only a leader or deputy may carry a horse; Em is a ganger." in r.content.decode()


def test_previews_run_the_service_and_keep_nothing(site, user, gang):
    r = site.get(
        f"/gangs/{gang.pk}/buy/preview/",
        {"buy-item": "carbine", "buy-fighter": "", "buy-quantity": 3},
    )
    assert "Costs 120 credits: 380 credits left." in r.content.decode()
    r = site.get(f"/gangs/{gang.pk}/hire/preview/", {"hire-role": "deputy", "hire-name": "X"})
    assert "costs 70 credits: 430 credits left" in r.content.decode()
    gang.refresh_from_db()
    assert gang.credits == 500 and not gang.fighters.exists() and not gang.equipment.exists()


def test_sell_move_retire_and_flip_from_the_sheet(site, user, gang):
    bob = services.hire_fighter(gang=gang, name="Bob", role="leader", actor=user)
    em = services.hire_fighter(gang=gang, name="Em", role="ganger", actor=user)
    (pistol,) = services.purchase_item(
        gang=gang, item="pistol", fighter_id=bob.pk, quantity=1, actor=user
    )
    assert (
        site.post(f"/gangs/{gang.pk}/equipment/{pistol.pk}/move/", {"fighter": em.pk}).status_code
        == 302
    )
    pistol.refresh_from_db()
    assert pistol.fighter_id == em.pk
    r = site.get(f"/gangs/{gang.pk}/fighters/{em.pk}/retire/")
    assert "Refund: 40 credits" in r.content.decode()
    assert site.post(f"/gangs/{gang.pk}/fighters/{em.pk}/retire/").status_code == 302
    em.refresh_from_db()
    assert em.status == "retired"
    assert site.post(f"/gangs/{gang.pk}/sell/", {"equipment": pistol.pk}).status_code == 302
    gang.refresh_from_db()
    assert gang.credits == 500 - 100 - 40 - 15 + 40 + 7

    r = site.post(f"/gangs/{gang.pk}/fighters/{bob.pk}/flip/", {"action": "flip"})
    assert r.status_code == 409  # no flips: the rules' sentence, in the card
    assert "This fighter has no card flips left." in r.content.decode()
    services.award_flips(fighter=bob, count=1, actor=None)
    assert (
        site.post(f"/gangs/{gang.pk}/fighters/{bob.pk}/flip/", {"action": "flip"}).status_code
        == 302
    )
    draw = services.showing_flip(bob)
    stat = draw.options[0]
    r = site.post(f"/gangs/{gang.pk}/fighters/{bob.pk}/flip/", {"action": "choose", "stat": stat})
    assert r.status_code == 302
    bob.refresh_from_db()
    assert bob.advancements.get().stat == stat


def test_only_the_owner_builds(other_site, gang):
    r = other_site.get(f"/gangs/{gang.pk}/")
    assert r.status_code == 200 and "Hire a fighter" not in r.content.decode()
    r = other_site.post(f"/gangs/{gang.pk}/hire/", {"hire-name": "X", "hire-role": "leader"})
    assert r.status_code == 403
    assert "Only the gang's owner" in unescape(r.content.decode())


def test_signed_out_visitors_are_sent_to_sign_in(client, gang):
    r = client.get(f"/gangs/{gang.pk}/")
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")


def test_founding_a_gang_with_a_taken_name_says_so(site, gang):
    r = site.post("/gangs/new/", {"name": "the dalton boys", "faction": "sheriffs"})
    assert r.status_code == 400
    assert "You already have a gang with this name." in r.content.decode()
    r = site.post("/gangs/new/", {"name": "Earps", "faction": "sheriffs"})
    assert r.status_code == 302
    assert Gang.objects.get(name="Earps").credits == 500


def test_history_reads_as_sentences_and_the_ledger_as_a_receipt(site, user, gang):
    services.hire_fighter(gang=gang, name="Bob", role="leader", actor=user)
    text = site.get(f"/gangs/{gang.pk}/history/").content.decode()
    assert "Hired leader Bob for 100 credits." in text
    assert "Starting treasury" in text and "−100" in text and ">400<" in text


def _toughness_card_showing(gang, user):
    """Bob at toughness 4 (house rule stat_caps' cap) with a 6-10 showing: toughness offered."""
    bob = services.hire_fighter(gang=gang, name="Bob", role="leader", actor=user)
    bob.toughness = 4
    bob.save(update_fields=["toughness"])
    while True:  # each flip is a new seeded draw
        services.award_flips(fighter=bob, count=1, actor=None)
        if "toughness" in services.flip_card(fighter=bob, actor=user, action="flip").options:
            return bob
        services.flip_card(fighter=bob, actor=user, action="decline")


def test_by_the_text_the_sheet_offers_toughness_past_the_house_rules_cap(site, user, gang):
    """The flip table: "6,7,8,9,10 allows for a Strength or Toughness upgrade", no maximum."""
    _toughness_card_showing(gang, user)
    text = unescape(site.get(f"/gangs/{gang.pk}/").content.decode())
    assert "(4→5)" in text and "at its maximum" not in text


def test_house_rule_stat_caps_the_sheet_says_toughness_is_at_its_maximum(site, user, gang):
    """House rule stat_caps: "Advancement stops at shoot and combat 6, strength 5, toughness 4,
    defence 5, wounds 10; the flip table has no caps." The gang's campaign chose it."""
    from campaigns import services as campaigns

    _toughness_card_showing(gang, user)
    site.get(f"/gangs/{gang.pk}/")  # the text's page, cached first: the caps must not reuse it
    campaign = campaigns.create_campaign(creator=user, name="C", house_rules={"stat_caps": True})
    campaigns.request_join(campaign=campaign, gang=gang, actor=user)
    text = unescape(site.get(f"/gangs/{gang.pk}/").content.decode())
    assert "at its maximum of 4" in text
    assert "House rule of the gang's campaign: stat caps." in text
