"""Every page type, judged by axe-core and the W3C Nu HTML checker: signed out and signed in, at
1280 and 390 px, the organisers' admin and the four live tables included. Each test prints its
counts per page; both are held at 0 (axe-core: no critical or serious violation).

The API's documentation pages (Swagger UI, Redoc) are not judged here: their markup is the
vendored tools', not ours.
"""

from __future__ import annotations

import io
import json

import pytest

from tests.browser.checkers import ARTIFACTS, axe_violations, blocking, nu_errors
from tests.browser.live_support import signed_in

WIDTHS = {"wide": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def world(transactional_db, seeded_catalogue):
    """The demo data (a gang each, a campaign half-way, a league), a share link, and a live
    match of each game against a bot."""
    from django.core.management import call_command

    from accounts.models import User
    from campaigns.models import Campaign
    from leagues.models import League
    from matches import services
    from rosters.models import Gang
    from rosters.sharing import share_gang

    call_command("seed_demo", stdout=io.StringIO())
    demo = User.objects.get(username="demo")
    gang = Gang.objects.get(owner=demo)
    share_gang(user=demo, gang_id=gang.pk)
    gang.refresh_from_db()
    tables = {
        slug: services.create_live_match(
            ruleset=slug, players=["demo"], options={}, created_by=demo, bots=1
        ).pk
        for slug in ("le-dernier-peuple", "battle-royale", "last-one-standing")
    }
    tables["last-hope-frontier"] = _lhf_table(demo, gang)
    campaign = Campaign.objects.get(created_by=demo)
    return {
        "demo": demo,
        "gang": gang.pk,
        "kit": gang.equipment.filter(disposal="").values_list("pk", flat=True).first(),
        "token": gang.share_token,
        "campaign": campaign.pk,
        "scheduled": _set_up_battle(demo, campaign),
        "league": League.objects.get(created_by=demo).pk,
        "tables": tables,
    }


def _lhf_table(demo, gang) -> int:
    from accounts.models import User
    from matches import services
    from rosters.models import Gang

    rival = User.objects.get(username="rival")
    match = services.create_friendly_battle(
        ruleset="last-hope-frontier",
        players=["demo", "rival"],
        gang=gang.pk,
        created_by=demo,
        options={},
    )
    services.accept_match(match=match, player=rival, gang=Gang.objects.get(owner=rival).pk)
    return match.pk


def _set_up_battle(demo, campaign) -> int:
    """A battle session at pre-battle with a mission that limits the crew: the campaign page
    shows its crew pickers and "Report from the table" (issue #34)."""
    from campaigns import services
    from campaigns.models import Mission

    mission = Mission.objects.get(key="water-rights")
    data = {**mission.data, "max_crew": 2}
    services.save_mission(mission=mission, data=data, active=True, actor=demo)
    services.update_campaign(campaign=campaign, actor=demo, max_battles_per_pairing=3)
    gangs = [m.gang_id for m in campaign.memberships.filter(status="active").order_by("id")]
    row = services.schedule_battle(campaign=campaign, actor=demo, gangs=gangs[:2])
    return services.prepare_battle(scheduled=row, actor=demo, mission="water-rights").pk


def signed_out_pages(world) -> dict[str, str]:
    return {
        "home (signed out)": "/",
        "sign in": "/accounts/login/",
        "sign up": "/accounts/signup/",
        "shared roster": f"/shared/{world['token']}/",
        "admin sign in": "/admin/login/",
        "not found": "/no-such-page/",
    }


def player_pages(world) -> dict[str, str]:
    gang, campaign, league = world["gang"], world["campaign"], world["league"]
    pages = {
        "home": "/",
        "gang list": "/gangs/",
        "new gang": "/gangs/new/",
        "roster sheet": f"/gangs/{gang}/",
        "printed roster": f"/gangs/{gang}/print/",
        "gang history": f"/gangs/{gang}/history/",
        "sell, asked first": f"/gangs/{gang}/sell/?equipment={world['kit']}",
        "revoke the share link, asked first": f"/gangs/{gang}/share/revoke/",
        "new campaign": "/campaigns/new/",
        "join a campaign": "/campaigns/join/",
        "campaign": f"/campaigns/{campaign}/",
        "campaign report": f"/campaigns/{campaign}/report/",
        "report from the table": f"/campaigns/{campaign}/scheduled/{world['scheduled']}/report/",
        "new league": "/leagues/new/",
        "join a league": "/leagues/join/",
        "league": f"/leagues/{league}/",
        "player": "/players/rival/",
        "new friendly battle": "/matches/new/friendly/",
        "new live game": "/matches/new/",
    }
    pages.update(
        {
            f"new game: {slug}": f"/matches/new/?ruleset={slug}"
            for slug in ("last-hope-frontier", "battle-royale", "last-one-standing")
        }
    )
    pages.update({f"table: {slug}": f"/matches/{pk}/" for slug, pk in world["tables"].items()})
    return pages


def admin_pages(world) -> dict[str, str]:
    return {
        "admin index": "/admin/",
        "admin campaigns": "/admin/campaigns/campaign/",
        "admin campaign dashboard": f"/admin/campaigns/campaign/{world['campaign']}/change/",
        "admin report form": f"/admin/campaigns/battle/add/?campaign={world['campaign']}",
        "admin scheduled battles": "/admin/campaigns/scheduledbattle/",
        "admin scheduled battle": f"/admin/campaigns/scheduledbattle/{world['scheduled']}/change/",
        "admin gangs": "/admin/rosters/gang/",
        "admin roster sheet": f"/admin/rosters/gang/{world['gang']}/change/",
        "admin league": f"/admin/leagues/league/{world['league']}/change/",
        "admin matches": "/admin/matches/match/",
        "admin webhooks": "/admin/notifications/webhook/",
    }


def judge(contexts: dict, pages: dict[str, str], label: str) -> None:
    """Load every page in each context (one per width): axe-core judges each page at each
    width; the Nu checker judges the markup once (it does not change with the width)."""
    serious, documents = {}, {}
    for width, context in contexts.items():
        page = context.new_page()
        for name, path in pages.items():
            response = page.goto(path)
            assert response is not None and response.status < 500, f"{name}: {path}"
            page.wait_for_load_state("load")
            documents.setdefault(name, page.content())  # before axe-core's script joins it
            serious[(name, width)] = blocking(axe_violations(page))
        page.close()
    nu = nu_errors(documents)
    print(f"\n{label}: axe-core critical+serious per width / Nu checker errors")
    for name in pages:
        counts = " ".join(f"{len(serious[(name, width)]):3}" for width in contexts)
        print(f"  {name:32} {counts} / {len(nu[name]):3}")
    failures = {
        name: {
            "axe": [
                f"{width}: {v['id']} ({v['impact']}) {v['targets']}"
                for width in contexts
                for v in serious[(name, width)]
            ],
            "nu": nu[name][:8],
        }
        for name in pages
        if nu[name] or any(serious[(name, width)] for width in contexts)
    }
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{label}.json").write_text(json.dumps(failures, indent=1, ensure_ascii=False))
    assert failures == {}


def test_signed_out_pages_pass_both_checkers(new_context, world):
    contexts = {width: new_context(viewport=size) for width, size in WIDTHS.items()}
    judge(contexts, signed_out_pages(world), "signed out")


def test_a_players_pages_pass_both_checkers(new_context, live_server, world):
    contexts = {
        width: signed_in(new_context, live_server, world["demo"], viewport=size)
        for width, size in WIDTHS.items()
    }
    judge(contexts, player_pages(world), "signed in")


def test_the_organisers_admin_passes_both_checkers(new_context, live_server, world):
    contexts = {
        width: signed_in(new_context, live_server, world["demo"], viewport=size)
        for width, size in WIDTHS.items()
    }
    judge(contexts, admin_pages(world), "admin")
