"""A purchase, a sale or a credit adjustment sent with an Idempotency-Key is made once per key
of the caller: a client whose answer was lost (a web process killed mid-request) sends it
again and gets the first answer, never a second purchase (rosters/keyed_writes.py)."""

from datetime import timedelta
from unittest import mock

import pytest
from django.db.models import F
from rest_framework.test import APIClient

from rosters import keyed_writes, services
from rosters.models import Equipment, Gang, KeyedWrite, LedgerEntry
from tests.races import in_threads
from tests.rosters.test_query_budget import budget

pytestmark = pytest.mark.django_db

WHISKEY = {"item": "whiskey", "fighter": None, "quantity": 1}


def post(client, gang, path, body, key):
    return client.post(
        f"/api/v1/gangs/{gang.pk}/{path}/", body, format="json", HTTP_IDEMPOTENCY_KEY=key
    )


def ledger(gang) -> list[tuple[int, str]]:
    return list(LedgerEntry.objects.filter(gang=gang).values_list("amount", "reason"))


def test_a_purchase_sent_again_with_its_key_is_answered_the_same_and_bought_once(as_user, gang):
    first = post(as_user, gang, "purchases", WHISKEY, "buy-1")
    rows = ledger(gang)
    again = post(as_user, gang, "purchases", WHISKEY, "buy-1")
    assert first.status_code == again.status_code == 201
    assert again.content == first.content  # the same bytes: keys in the first answer's order
    assert again["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first
    assert ledger(gang) == rows  # no second purchase
    assert Equipment.objects.filter(gang=gang).count() == 1
    assert services.reconcile_credits() == []


def test_the_first_answer_comes_back_even_after_the_gang_changed(as_user, gang):
    first = post(as_user, gang, "purchases", WHISKEY, "buy-1")
    post(as_user, gang, "purchases", WHISKEY, "buy-2")  # another purchase, another key
    again = post(as_user, gang, "purchases", WHISKEY, "buy-1")
    assert again.json() == first.json()  # its credits then, not now
    assert Gang.objects.get(pk=gang.pk).credits < first.json()["credits"]


def test_the_same_key_with_another_body_is_a_409_naming_the_header(as_user, gang):
    post(as_user, gang, "purchases", WHISKEY, "buy-1")
    rows = ledger(gang)
    other = post(as_user, gang, "purchases", {**WHISKEY, "quantity": 2}, "buy-1")
    assert other.status_code == 409, other.content
    assert list(other.json()["errors"]) == ["Idempotency-Key"]
    assert "different request" in other.json()["detail"]
    elsewhere = post(as_user, gang, "adjustments", {"amount": 5, "note": "x"}, "buy-1")
    assert elsewhere.status_code == 409  # another endpoint is another request
    assert ledger(gang) == rows


def test_keys_are_each_users_own(as_user, as_other, user, other_user, gang):
    theirs = services.create_gang(owner=other_user, name="Clantons", faction="outlawmen")
    assert post(as_user, gang, "purchases", WHISKEY, "same-key").status_code == 201
    assert post(as_other, theirs, "purchases", WHISKEY, "same-key").status_code == 201
    assert Equipment.objects.filter(gang=theirs).count() == 1


def test_a_refused_write_keeps_no_key_and_its_retry_is_tried_afresh(as_user, gang):
    refused = post(as_user, gang, "purchases", {**WHISKEY, "item": "no-such-thing"}, "buy-1")
    assert refused.status_code == 400 and not KeyedWrite.objects.exists()
    forbidden = post(as_user, gang, "adjustments", {"amount": 5, "note": "mine"}, "adj-1")
    assert forbidden.status_code == 403 and not KeyedWrite.objects.exists()
    assert post(as_user, gang, "purchases", WHISKEY, "buy-1").status_code == 201


def test_the_key_and_the_write_commit_together(as_user, gang):
    """Nothing is bought unless its key is stored: a failure storing the answer undoes it."""
    rows = ledger(gang)
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(gang.owner)
    with mock.patch.object(KeyedWrite, "save", side_effect=[None, RuntimeError("down")]):
        response = post(client, gang, "purchases", WHISKEY, "buy-1")
    assert response.status_code == 500
    assert ledger(gang) == rows and not Equipment.objects.filter(gang=gang).exists()


def test_sales_and_adjustments_are_made_once_per_key(as_user, as_staff, gang):
    bought = post(as_user, gang, "purchases", WHISKEY, "buy-1").json()["equipment"][0]["id"]
    sold = post(as_user, gang, "sales", {"equipment": bought}, "sell-1")
    assert post(as_user, gang, "sales", {"equipment": bought}, "sell-1").json() == sold.json()
    bounty = {"amount": 10, "note": "Bounty"}
    granted = post(as_staff, gang, "adjustments", bounty, "adj-1")
    assert post(as_staff, gang, "adjustments", bounty, "adj-1").json() == granted.json()
    reasons = [reason for _, reason in ledger(gang)]
    assert reasons.count("sale") == 1 and reasons.count("adjustment") == 1
    assert services.reconcile_credits() == []


@pytest.mark.parametrize("key", ["", "x" * 201, "tab\there"])
def test_a_key_that_cannot_be_stored_is_a_400_naming_the_header(as_user, gang, key):
    response = post(as_user, gang, "purchases", WHISKEY, key)
    assert response.status_code == 400, response.content
    assert list(response.json()["errors"]) == ["Idempotency-Key"]
    assert not Equipment.objects.filter(gang=gang).exists()


def test_the_schema_declares_the_header_on_each_roster_write(api):
    paths = api.get("/api/schema/?format=json").json()["paths"]
    for path in ("purchases", "sales", "adjustments"):
        parameters = paths[f"/api/v1/gangs/{{id}}/{path}/"]["post"]["parameters"]
        (header,) = [p for p in parameters if p["name"] == "Idempotency-Key"]
        assert header["in"] == "header" and not header.get("required")


@pytest.mark.django_db(transaction=True)
def test_two_tries_of_one_key_at_once_buy_once_and_get_one_answer(seeded_catalogue, user):
    gang = services.create_gang(owner=user, name="Racers", faction="bootleggers")

    def retry(_index):
        client = APIClient()
        client.force_authenticate(user)
        response = post(client, gang, "purchases", WHISKEY, "raced")
        return response.status_code, response.json()

    answers, errors = in_threads(6, retry)
    assert errors == []
    assert answers == [answers[0]] * 6 and answers[0][0] == 201
    assert Equipment.objects.filter(gang=gang).count() == 1
    assert services.reconcile_credits() == []


def test_a_key_costs_its_claim_and_its_answer_and_a_replay_writes_nothing(
    as_user, gang, django_assert_max_num_queries, django_assert_num_queries
):
    # The unkeyed purchase's budget (tests/rosters/test_query_budget.py), plus the keyed
    # write's transaction around it (here a savepoint and its release), the claim (a
    # savepoint, its INSERT, its release) and the answer's UPDATE.
    with django_assert_max_num_queries(budget("purchase") + 6):
        assert post(as_user, gang, "purchases", WHISKEY, "buy-1").status_code == 201
    # A replay: the transaction, the claim refused (savepoint, INSERT, rollback to it and its
    # release), a read.
    with django_assert_max_num_queries(7):
        assert post(as_user, gang, "purchases", WHISKEY, "buy-1").status_code == 201


def test_a_key_is_kept_a_day_then_forgotten_and_may_buy_again(as_user, gang, settings):
    """A client retries within minutes; a day's keys (as Stripe keeps them) bound the table."""
    post(as_user, gang, "purchases", WHISKEY, "buy-1")
    post(as_user, gang, "purchases", WHISKEY, "buy-2")
    day = timedelta(hours=settings.IDEMPOTENCY_KEY_HOURS)
    KeyedWrite.objects.filter(key="buy-1").update(at=F("at") - day - timedelta(seconds=1))
    assert keyed_writes.forget_old_keys() == 1
    assert list(KeyedWrite.objects.values_list("key", flat=True)) == ["buy-2"]
    assert post(as_user, gang, "purchases", WHISKEY, "buy-1").status_code == 201
    assert Equipment.objects.filter(gang=gang).count() == 3  # a new purchase, not a replay


def test_the_beat_forgets_old_keys_every_hour(settings):
    (entry,) = [
        e
        for e in settings.CELERY_BEAT_SCHEDULE.values()
        if e["task"] == "rosters.tasks.forget_old_keys"
    ]
    assert entry["schedule"] == 3600.0
