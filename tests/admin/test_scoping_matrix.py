"""Who gets what in the admin: every URL of every registered model, as each persona.

The URLs are generated from the admin site's registry (changelist, add, change, history,
delete, every list action, every extra URL a ModelAdmin adds); the answers are the table
below, written by hand. A model registered without a row here, or an extra URL or action
nobody decided about, fails ``test_every_admin_url_is_in_the_matrix``.

Answers:
    login    302 to the sign-in page (anonymous; a player who organises nothing)
    ok       200
    denied   403
    missing  302 to the admin's index: "doesn't exist" (someone else's row, as Django says it)
    404      an extra page looked up in the user's scope, not found
    done     the action or button reached the row (the service said yes or gave its reason)
    nothing  the action ran on nothing: the row is outside the user's admin
    absent   changelist 200 but the row is not listed

Personas: tests/admin/world.py. The organiser and the owner hold every model permission
Django has: it must change nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib import admin
from django.db import transaction
from django.urls import reverse

from config.admin_actions import NOTHING_DONE
from tests.admin.world import PERSONAS

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Expect:
    """Pages for staff and for the organiser of the row's campaign or league.

    Letters: C changelist, A add, X change page (and history), D delete. ``actions`` are the
    list actions the organiser may run (staff may run every one). The organiser of *another*
    campaign gets the same pages and buttons, and none of the rows.
    """

    staff: str
    organiser: str = ""
    actions: tuple[str, ...] = ()


STAFF_ONLY = Expect("CAXD")
MATRIX = {
    # The organiser's own: scoped to their campaigns and leagues.
    "campaigns.campaign": Expect("CAXD", "CAX"),
    "campaigns.membership": Expect("CX", "CX", ("approve", "reject")),
    "campaigns.round": Expect("CX", "CX", ("close",)),
    "campaigns.battle": Expect("CAX", "CAX", ("confirm", "void")),
    # The battle session (#34): "Add" schedules, the change form is its pre-battle.
    "campaigns.scheduledbattle": Expect("CAX", "CAX"),
    "campaigns.logentry": Expect("CX", "CX"),
    "rosters.gang": Expect("CAXD", "CX"),
    "rosters.fighter": Expect("CX", "CX"),
    "rosters.ledgerentry": Expect("CX", "CX"),
    "rosters.gangevent": Expect("CX", "CX"),
    "leagues.league": Expect("CAXD", "CAX", ("open_next_round",)),
    "leagues.leaguematch": Expect("CX", "CX", ("confirm", "void")),
    "leagues.round": Expect("CX", "CX", ("close",)),
    # Webhooks: added on the campaign's or league's page (the secret is shown once there).
    "notifications.webhook": Expect("CXD", "CXD", ("pause", "resume")),
    "notifications.webhookdelivery": Expect("CX", "CX"),
    # Staff only, whatever permissions anyone else holds.
    "accounts.user": STAFF_ONLY,
    "auth.group": STAFF_ONLY,
    "authtoken.tokenproxy": Expect("CAXD"),
    "jobs.job": Expect("CAXD"),
    "matches.match": Expect("CXD"),
    "rosters.catalogueitem": STAFF_ONLY,
    "campaigns.mission": STAFF_ONLY,
    "rosters.pricechange": Expect("CX"),
    "rosters.role": STAFF_ONLY,
    "rosters.gangrules": STAFF_ONLY,
    "leagues.playerrating": Expect("CX"),
    "leagues.ratingchange": Expect("CX"),
}
# Staff's list actions on staff-only models (the organisers get a 403 for the whole page).
STAFF_ACTIONS = {"matches.match": ("abandon",)}

# Extra pages and buttons: (url name, method, args from the world's rows, data).
EXTRA = {
    "rosters_gang_hire": ("get", lambda r: [r["gang"].pk]),
    "rosters_gang_purchase": ("get", lambda r: [r["gang"].pk]),
    "rosters_gang_sale": ("get", lambda r: [r["gang"].pk]),
    "rosters_gang_move": ("get", lambda r: [r["gang"].pk]),
    "rosters_gang_adjust": ("get", lambda r: [r["gang"].pk]),
    "rosters_fighter_flips": ("post", lambda r: [r["fighter"].pk], {"flip": "flip"}),
    "campaigns_campaign_step": ("post", lambda r: [r["campaign"].pk, "close"]),
    "campaigns_campaign_membership": (
        "post",
        lambda r: [r["campaign"].pk, r["membership"].pk, "reject"],
    ),
    "campaigns_campaign_add_gang": ("post", lambda r: [r["campaign"].pk], {"gang": "1"}),
    "campaigns_battle_decide": ("post", lambda r: [r["battle"].pk, "confirm"]),
    "auth_user_password_change": ("get", lambda r: [r["user"].pk], None, "staff"),
}
# Staff and the row's organiser get a page (GET) or a redirect back with a message (POST).
EXTRA_ANSWER = {"staff": "ok|done", "organiser": "ok|done", "stranger": "404"}
STAFF_EXTRA_ANSWER = {"staff": "ok", "organiser": "denied", "stranger": "denied"}

STANDARD = ("changelist", "add", "change", "history", "delete")


def admins():
    return sorted(admin.site._registry.items(), key=lambda kv: kv[0]._meta.label_lower)


def answer(response, row=None) -> str:
    if response.status_code == 302:
        location = response.headers["Location"]
        if location.startswith(reverse("admin:login")):
            return "login"
        if location == reverse("admin:index"):
            return "missing"
        return "done"
    if response.status_code == 200 and row is not None:
        change = reverse(_name(row, "change"), args=[row.pk])
        return "ok" if change in response.content.decode() else "absent"
    return {200: "ok", 403: "denied", 404: "404"}.get(response.status_code, response.status_code)


def _name(obj, view: str) -> str:
    return f"admin:{obj._meta.app_label}_{obj._meta.model_name}_{view}"


def expected_page(expect: Expect, persona: str, letter: str, view: str) -> str:
    if persona in ("anonymous", "owner"):
        return "login"
    if persona == "staff":
        return "ok" if letter in expect.staff else "denied"
    if letter not in expect.organiser:
        return "denied"
    if persona == "stranger":
        return {"changelist": "absent", "add": "ok"}.get(view, "missing")
    return "ok"


def expected_action(expect: Expect, label: str, persona: str, action: str) -> str:
    if persona in ("anonymous", "owner"):
        return "login"
    if persona == "staff":
        return "done"
    if action not in expect.actions:
        return "denied"
    return "nothing" if persona == "stranger" else "done"


def cells(world):
    """Every (description, persona, expected, request) of the matrix."""
    for model, model_admin in admins():
        label = model._meta.label_lower
        expect = MATRIX[label]
        row = world.row(world.mine, model)
        for view, letter in zip(STANDARD, "CAXXD", strict=True):
            args = [] if view in ("changelist", "add") else [row.pk]
            url = reverse(_name(row, view), args=args)
            for persona in PERSONAS:
                yield (
                    f"GET {url}",
                    persona,
                    expected_page(expect, persona, letter, view),
                    ("get", url, None, row if view == "changelist" else None),
                )
        for action in _actions(model_admin):
            url = reverse(_name(row, "changelist"))
            data = {"action": action, "_selected_action": [row.pk], "index": 0}
            for persona in PERSONAS:
                yield (
                    f"action {action} on {label}",
                    persona,
                    expected_action(expect, label, persona, action),
                    ("post", url, data, None),
                )
    for name, (method, args, *rest) in EXTRA.items():
        data, who = (*rest, None, None)[:2]
        url = reverse(f"admin:{name}", args=args(world.mine))
        answers = STAFF_EXTRA_ANSWER if who == "staff" else EXTRA_ANSWER
        for persona in PERSONAS:
            expected = answers.get(persona, "login")
            yield (f"{method.upper()} {url}", persona, expected, (method, url, data, None))


def _actions(model_admin) -> list[str]:
    return [a for a in (model_admin.actions or []) if a != "delete_selected"]


def run(client, world, persona, request) -> str:
    method, url, data, row = (*request, None, None)[:4]
    client.logout()
    if persona != "anonymous":
        client.force_login(world.users[persona])
    with transaction.atomic():
        if method == "get":
            got = answer(client.get(url), row)
        else:
            response = client.post(url, data or {})
            got = answer(response)
            if got == "done" and "action" in (data or {}):
                page = client.get(response.headers["Location"]).content.decode()
                if NOTHING_DONE in page:
                    got = "nothing"
                elif "No action selected" in page:
                    got = "denied"
        transaction.set_rollback(True)
    return got


def test_the_admin_answers_every_persona_as_the_matrix_says(client, world):
    wrong, count = [], 0
    for description, persona, expected, request in cells(world):
        got = run(client, world, persona, request)
        count += 1
        if got not in expected.split("|"):
            wrong.append(f"{description} as {persona}: expected {expected}, got {got}")
    assert not wrong, "\n".join(wrong)
    assert count > 500  # 22 models x 5 pages x 5 personas, the actions and the extra pages


def test_every_admin_url_is_in_the_matrix():
    labels = {m._meta.label_lower for m, _ in admins()}
    assert labels == set(MATRIX), "decide who may use the new admin here"
    extra, actions = set(), {}
    for model, model_admin in admins():
        standard = {f"{model._meta.app_label}_{model._meta.model_name}_{v}" for v in STANDARD}
        for pattern in model_admin.get_urls():
            if pattern.name and pattern.name not in standard:
                extra.add(pattern.name)
        actions[model._meta.label_lower] = set(_actions(model_admin))
    assert extra == set(EXTRA)
    for label, names in actions.items():
        decided = set(MATRIX[label].actions) | set(STAFF_ACTIONS.get(label, ()))
        assert names == decided, (label, names)


def test_the_report_form_lists_no_gang_of_another_campaign(client, world):
    client.force_login(world.users["organiser"])
    theirs = world.theirs
    html = client.get(
        f"/admin/campaigns/battle/add/?campaign={theirs['campaign'].pk}"
        f"&gang_a={theirs['gang'].pk}&gang_b={theirs['gang_b'].pk}"
    ).content.decode()
    assert theirs["gang"].name not in html and theirs["campaign"].name not in html
    assert 'name="casualties-0-fighter"' not in html


def test_autocomplete_never_lists_users_to_an_organiser(client, world):
    client.force_login(world.users["organiser"])
    for app, model, field in [("rosters", "gang", "owner"), ("leagues", "membership", "player")]:
        response = client.get(
            "/admin/autocomplete/",
            {"term": "o", "app_label": app, "model_name": model, "field_name": field},
        )
        assert response.status_code == 403, (app, model, field)
