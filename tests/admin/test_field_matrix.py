"""The admin allows exactly what the API allows, field by field (issue #29, item 1).

Every ModelAdmin registered on the site, every persona, the change form of a row of theirs:
the fields each may change (the form's own fields, and those of its inline formsets), read
from the admin itself as Django builds the page. Two rules hold for them:

- each field a non-staff persona may change names the access action it needs
  (``ScopedAdmin.field_actions``), and the app's access module, asked directly, grants it to
  them on that row: a field the API would refuse is read-only or absent;
- the table below, written by hand, is what each persona gets: a new field, form or inline
  that gives anyone more fails here until someone decides.

Personas: tests/admin/world.py. The red team's case: a non-staff arbitrator renamed a member
gang and its fighters and overwrote the gang's notes in the admin (the API refuses it: 403).
"""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.admin.utils import flatten_fieldsets
from django.test import RequestFactory
from django.urls import reverse

from campaigns import access as campaign_access
from leagues import access as league_access
from rosters import access as gang_access
from tests.admin.world import PERSONAS

pytestmark = pytest.mark.django_db

# How to ask each app's access module about a row of a model whose admin names field actions.
ACCESS = {
    "rosters.gang": lambda user, action, obj: gang_access.can(user=user, action=action, gang=obj),
    "rosters.fighter": lambda user, action, obj: gang_access.can(
        user=user, action=action, gang=obj.gang
    ),
    "campaigns.campaign": lambda user, action, obj: campaign_access.can(
        user=user, action=action, campaign=obj
    ),
    "campaigns.scheduledbattle": lambda user, action, obj: campaign_access.can(
        user=user, action=action, campaign=obj.campaign, gangs=[obj.first_gang, obj.second_gang]
    ),
    "leagues.league": lambda user, action, obj: league_access.can(
        user=user, action=action, league=obj
    ),
}

CAMPAIGN_SETTINGS = {
    "name",
    "description",
    "round_length_days",
    "reward_win",
    "reward_draw",
    "reward_loss",
    "points_win",
    "points_draw",
    "points_loss",
    "max_battles_per_pairing",
    "tie_breakers",
    "new_arbitrator",
    "house_rules",
    "mission_choice",
    "underdog_bonus",
}
LEAGUE_SETTINGS = {
    "name",
    "description",
    "season_start",
    "season_end",
    "scoring",
    "points_win",
    "points_draw",
    "points_loss",
    "points_table",
    "tie_breakers",
    "new_member",
    "house_rules",
    "asks_check_in",
    "bye_points",
    "unreported_tables",
}
# label -> the fields the organiser of the row may change. Nobody else but staff changes
# anything: the stranger (an organiser of another campaign and league) never reaches the row
# and changes no field of a staff-only model; the owner and anonymous never enter the admin.
ORGANISER = {
    "campaigns.campaign": CAMPAIGN_SETTINGS,
    "leagues.league": LEAGUE_SETTINGS,
    # The pre-battle, as POST .../scheduled-battles/{sid}/pre-battle/ (crews: each side's).
    "campaigns.scheduledbattle": {"mission", "attacker"},
    # The roster is the owner's (PATCH /gangs/{id}/, /fighters/{id}/: 403 for an arbitrator).
    "rosters.gang": set(),
    "rosters.fighter": set(),
    # Webhooks and their log: nothing to type; pause, resume and delete are buttons.
    "notifications.webhook": set(),
    "notifications.webhookdelivery": set(),
}
# Staff: the site's last resort, beyond what any player may do (the API's staff powers).
STAFF = {
    **ORGANISER,
    "rosters.gang": {"name", "notes"},
    "rosters.fighter": {"name"},
    "leagues.league": {*LEAGUE_SETTINGS, "organisers", "inline:membership.player"},
}


def _request(user, obj):
    request = RequestFactory().get(reverse(_name(obj, "change"), args=[obj.pk]))
    request.user = user
    return request


def _name(obj, view: str) -> str:
    return f"admin:{obj._meta.app_label}_{obj._meta.model_name}_{view}"


def editable_fields(model_admin, user, obj) -> set[str] | None:
    """The fields ``user`` may change on ``obj``'s change page, as Django builds it (None: no
    change page for them: outside the admin, or a row outside their scope)."""
    request = _request(user, obj)
    if not model_admin.admin_site.has_permission(request):
        return None
    if not model_admin.get_queryset(request).filter(pk=obj.pk).exists():
        return None
    if not model_admin.has_change_permission(request, obj):
        return set()
    fields = flatten_fieldsets(model_admin.get_fieldsets(request, obj))
    form = model_admin.get_form(request, obj, change=True, fields=fields)
    found = set(form.base_fields)
    for formset, inline in model_admin.get_formsets_with_inlines(request, obj):
        if not (
            inline.has_change_permission(request, obj) or inline.has_add_permission(request, obj)
        ):
            continue
        skip = {"id", "DELETE", formset.fk.name}
        name = inline.model._meta.model_name
        found |= {f"inline:{name}.{f}" for f in formset.form.base_fields if f not in skip}
    return found


def registered():
    return sorted(admin.site._registry.items(), key=lambda kv: kv[0]._meta.label_lower)


def test_nobody_but_staff_changes_a_field_the_access_module_refuses(world):
    wrong = []
    for model, model_admin in registered():
        label = model._meta.label_lower
        obj = world.row(world.mine, model)
        for persona in PERSONAS:
            user = world.users.get(persona)
            if user is None or user.is_staff:
                continue
            for field in sorted(editable_fields(model_admin, user, obj) or ()):
                action = getattr(model_admin, "field_actions", {}).get(field)
                if action is None:
                    wrong.append(f"{label}.{field}: {persona} may change it; no action named")
                elif not ACCESS[label](user, action, obj):
                    wrong.append(f"{label}.{field}: {persona} may change it; {action} refused")
    assert not wrong, "\n".join(wrong)


def test_each_persona_changes_exactly_the_fields_decided_here(world):
    got, expected = {}, {}
    for model, model_admin in registered():
        label = model._meta.label_lower
        obj = world.row(world.mine, model)
        for persona in PERSONAS:
            user = world.users.get(persona)
            fields = editable_fields(model_admin, user, obj) if user else None
            if persona == "staff":
                want = STAFF.get(label)
                if want is None:  # staff-only models: Django's own forms, not a player's
                    continue
            else:  # no change page at all, or one where nothing is theirs to change
                want = ORGANISER.get(label, set()) if persona == "organiser" else set()
                if persona == "organiser" and label in ORGANISER:
                    assert fields is not None, f"the organiser reaches their own {label}"
                fields = fields or set()
            got[label, persona], expected[label, persona] = fields, want
    wrong = [
        f"{label} as {persona}: expected {expected[label, persona]}, got {got[label, persona]}"
        for label, persona in sorted(got)
        if got[label, persona] != expected[label, persona]
    ]
    assert not wrong, "\n".join(wrong)


def test_an_arbitrator_renames_no_gang_or_fighter_and_writes_no_notes(client, world):
    """The red team's replay, over the admin's own forms."""
    gang, fighter = world.mine["gang"], world.mine["fighter"]
    before = (gang.name, gang.notes, fighter.name)
    client.force_login(world.users["organiser"])
    page = client.get(reverse("admin:rosters_gang_change", args=[gang.pk])).content.decode()
    assert 'name="name"' not in page and 'name="notes"' not in page
    client.post(
        reverse("admin:rosters_gang_change", args=[gang.pk]),
        {"name": "Renamed by the judge", "notes": "Overwritten", "_save": "Save"},
    )
    client.post(
        reverse("admin:rosters_fighter_change", args=[fighter.pk]),
        {"name": "Renamed too", "_save": "Save"},
    )
    gang.refresh_from_db()
    fighter.refresh_from_db()
    assert (gang.name, gang.notes, fighter.name) == before


def test_staff_rename_through_the_service_and_its_history(client, world):
    gang, fighter = world.mine["gang"], world.mine["fighter"]
    client.force_login(world.users["staff"])
    response = client.post(
        reverse("admin:rosters_gang_change", args=[gang.pk]),
        {"name": "Dalton Brothers", "notes": "Staff's note", "_save": "Save"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    client.post(
        reverse("admin:rosters_fighter_change", args=[fighter.pk]),
        {"name": "Bob Dalton", "_save": "Save"},
    )
    gang.refresh_from_db()
    fighter.refresh_from_db()
    assert (gang.name, gang.notes, fighter.name) == (
        "Dalton Brothers",
        "Staff's note",
        "Bob Dalton",
    )
    assert gang.events.filter(text__contains="is now called Dalton Brothers").exists()


# --- #30: the owner lets the campaign's arbitrators manage the roster --------------------------
# The gang sheet's forms (hire, purchase, sale, move, adjust) as each persona, with the owner's
# consent off and on: the forms come from rosters.access, so they are the API's answer too.
SHEET_FORMS = {
    # persona: (forms with consent off, forms with consent on)
    "organiser": ({"adjust"}, {"adjust", "hire", "purchase", "sale", "move"}),
    "stranger": (None, None),  # never reaches the gang
    "staff": (
        {"adjust", "hire", "purchase", "sale", "move"},
        {"adjust", "hire", "purchase", "sale", "move"},
    ),
}


def _sheet_forms(client, user, gang) -> set[str] | None:
    client.force_login(user)
    response = client.get(reverse("admin:rosters_gang_change", args=[gang.pk]))
    if response.status_code != 200:
        return None
    page = response.content.decode()
    forms = {
        slug
        for slug in ("adjust", "hire", "purchase", "sale", "move")
        if reverse(f"admin:rosters_gang_{slug}", args=[gang.pk]) in page
    }
    return forms


def test_the_sheet_offers_the_roster_forms_only_with_the_owners_consent(client, world):
    gang, membership = world.mine["gang"], world.mine["membership"]
    got = {}
    for consent in (False, True):
        membership.arbitrators_manage_roster = consent
        membership.save(update_fields=["arbitrators_manage_roster"])
        for persona in SHEET_FORMS:
            got[persona, consent] = _sheet_forms(client, world.users[persona], gang)
    wrong = [
        f"{persona}, consent {consent}: got {got[persona, consent]}, expected {want}"
        for persona, wants in SHEET_FORMS.items()
        for consent, want in zip((False, True), wants, strict=True)
        if got[persona, consent] != want
    ]
    assert not wrong, "\n".join(wrong)


def test_consent_changes_no_field_an_arbitrator_may_type(world):
    """Names and notes stay the owner's: the change form's fields are as without consent."""
    membership = world.mine["membership"]
    membership.arbitrators_manage_roster = True
    membership.save(update_fields=["arbitrators_manage_roster"])
    organiser = world.users["organiser"]
    for model, model_admin in registered():
        label = model._meta.label_lower
        if label not in ("rosters.gang", "rosters.fighter"):
            continue
        fields = editable_fields(model_admin, organiser, world.row(world.mine, model))
        assert fields == set(), f"{label}: {fields}"
