"""The roster pages are drawn from the cached gang detail (rosters/views/sheet.py): once the
cache is warm a page costs the same few queries for 5 fighters as for 40, and the page shows
every write at once (the gang's revision keys the body; tests/rosters/test_detail_cache.py)."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rosters import services, sharing
from tests.rosters.test_detail_cache import SCENARIOS, Roster
from tests.rosters.test_query_budget import big_gang

pytestmark = pytest.mark.django_db

# Warm, as the gang's owner: the session and its user (2), the gang's revision with the
# catalogue's (1), the gang's owner and share link for the controls (1), the roles and the
# store for the hire and buy forms (2), the gang rules that say what the gang may still take
# (1, rosters/offers.py: a second leader is not offered). The print page and the share page
# need none of the last three; the share page reads the token's gang instead of a session.
# Signed in, the header's unread count (1, notifications/templatetags). The owner's sheet
# also says, for each campaign the gang plays in, whether its arbitrators manage the roster
# (1, rosters.access.roster_consents: the campaigns' memberships, #30).
WARM_SHEET_QUERIES = 9
WARM_PRINT_QUERIES = 4
WARM_SHARED_QUERIES = 2


def _count(client: Client, path: str) -> int:
    client.get(path)  # warms the cache (a build: the API's 9 queries)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).status_code == 200
    return len(queries)


def test_a_warm_roster_page_costs_the_same_for_5_and_40_fighters(user):
    client = Client()
    client.force_login(user)
    counts = {}
    for size in (5, 40):
        gang = big_gang(user, fighters=size)
        token = sharing.share_gang(user=user, gang_id=gang.pk).share_token
        counts[size] = (
            _count(client, f"/gangs/{gang.pk}/"),
            _count(client, f"/gangs/{gang.pk}/print/"),
            _count(Client(), f"/shared/{token}/"),
        )
        page = client.get(f"/gangs/{gang.pk}/").content.decode()
        assert page.count('<article class="fighter') == size
    assert counts[5] == counts[40]
    sheet, printed, shared = counts[40]
    assert sheet <= WARM_SHEET_QUERIES
    assert printed <= WARM_PRINT_QUERIES
    assert shared <= WARM_SHARED_QUERIES


def _page(client: Client, gang_id: int, page: str = "") -> str:
    text = client.get(f"/gangs/{gang_id}/{page}").content.decode()
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"|"X-CSRFToken": "[^"]+"', "", text)


@pytest.mark.parametrize("verb", sorted(SCENARIOS))
def test_the_sheet_shows_each_write_at_once(verb, user, staff):
    """Warm the sheet and the print page (its body cached as HTML under the detail's key),
    write through one verb: the next pages are the write's, the same as pages drawn with the
    cache emptied."""
    roster = Roster(user, staff)
    client = Client()
    client.force_login(user)
    pages = ("", "print/")
    before = [_page(client, roster.gang.pk, page) for page in pages]
    assert [_page(client, roster.gang.pk, page) for page in pages] == before  # from the cache
    SCENARIOS[verb](roster)
    after = [_page(client, roster.gang.pk, page) for page in pages]
    assert all(a != b for a, b in zip(after, before, strict=True))
    cache.clear()
    assert [_page(client, roster.gang.pk, page) for page in pages] == after


def test_a_flipped_card_shows_on_the_sheet_and_its_choice_after(user, staff):
    roster = Roster(user, staff)
    client = Client()
    client.force_login(user)
    assert "playing-card" not in _page(client, roster.gang.pk)
    draw = services.flip_card(fighter=roster.leader, actor=user, action="flip")
    page = _page(client, roster.gang.pk)
    assert "playing-card" in page and "The card offers +1 to one of:" in page
    services.flip_card(fighter=roster.leader, actor=user, action="choose", stat=draw.options[0])
    page = _page(client, roster.gang.pk)
    assert "playing-card" not in page
    assert f"+1 (Card flip {draw.seq})" in page  # the advancement, in the stat's notes


def test_the_shared_page_shows_a_write_at_once_and_never_the_owner(client, user, staff):
    roster = Roster(user, staff)
    token = sharing.share_gang(user=user, gang_id=roster.gang.pk).share_token
    assert "Cached Boys" in client.get(f"/shared/{token}/").content.decode()
    services.update_gang(gang=roster.gang, actor=user, name="Shared Boys")
    services.hire_fighter(gang=roster.gang, name="Newcomer", role="ganger", actor=user)
    text = client.get(f"/shared/{token}/").content.decode()
    assert "Shared Boys" in text and "Newcomer" in text and user.username not in text


def test_another_players_view_shows_a_write_at_once(other_user, user, staff):
    roster = Roster(user, staff)
    client = Client()
    client.force_login(other_user)
    assert "Newcomer" not in _page(client, roster.gang.pk)
    services.hire_fighter(gang=roster.gang, name="Newcomer", role="ganger", actor=user)
    page = _page(client, roster.gang.pk)
    assert "Newcomer" in page and "Hire a fighter" not in page


def test_the_owners_cached_forms_carry_this_requests_csrf_token(user, staff):
    """The owner's body is cached with a stand-in for the CSRF token; each page puts its
    own in, so a form posted from a cached page passes the CSRF check."""
    roster = Roster(user, staff)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.get(f"/gangs/{roster.gang.pk}/")  # builds and caches the body
    page = client.get(f"/gangs/{roster.gang.pk}/").content.decode()
    assert "poSSe" not in page
    form = page[page.index(f'id="equipment-{roster.kit.pk}"') :]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    r = client.post(
        f"/gangs/{roster.gang.pk}/sell/",
        {"equipment": roster.kit.pk, "csrfmiddlewaretoken": token},
    )
    assert r.status_code == 302
    assert f'id="equipment-{roster.kit.pk}"' not in _page(client, roster.gang.pk)


LEGEND = "▲ raised by an advancement, ▼ lowered by an injury."


@pytest.mark.parametrize("page", ["", "print/"])
def test_a_cached_body_is_one_per_language(page, user, staff):
    """The body is cached as HTML: one per language, or a French reader would get the English
    one cached by the reader before."""
    roster = Roster(user, staff)
    client = Client()
    client.force_login(user)
    url = f"/gangs/{roster.gang.pk}/{page}"
    assert LEGEND in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert LEGEND not in french
    assert "augmenté par une progression" in french
    assert LEGEND in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
