"""Organisers no longer need the staff flag for the admin, and model permissions (which the
admin ignores for non-staff) give nothing in the API either: the API's staff is ``is_staff``."""

import re
from pathlib import Path

import pytest

from tests.conftest import client_for

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def test_an_arbitrator_with_every_model_permission_has_no_staff_power_in_the_api(world):
    organiser = world.users["organiser"]  # holds every permission Django has (world.py)
    assert organiser.has_perm("rosters.change_gang") and not organiser.is_staff
    api = client_for(organiser)
    outside = world.theirs["gang"]
    response = api.post(
        f"/api/v1/gangs/{outside.pk}/adjustments/", {"amount": 50, "note": "bribe"}, format="json"
    )
    assert response.status_code == 403
    assert outside.ledger.filter(reason="adjustment").count() == 0
    # In their own campaign they are its arbitrator, and that is all.
    own = world.mine["gang"]
    response = api.post(
        f"/api/v1/gangs/{own.pk}/adjustments/", {"amount": 50, "note": "bounty"}, format="json"
    )
    assert response.status_code == 201


def test_a_player_with_every_model_permission_is_still_only_a_player(world):
    owner = world.users["owner"]
    api = client_for(owner)
    response = api.post(
        f"/api/v1/gangs/{world.theirs['gang'].pk}/fighters/",
        {"name": "Intruder", "role": "ganger"},
        format="json",
    )
    assert response.status_code == 403
    response = api.post(
        f"/api/v1/campaigns/{world.theirs['campaign'].pk}/rounds/", {}, format="json"
    )
    assert response.status_code == 403


def test_the_api_decides_staff_by_is_staff_alone():
    """No API view, service, selector or access rule asks Django's model permissions."""
    kinds = ("api", "services", "selectors", "access", "views", "permissions")
    asked = []
    for path in ROOT.glob("*/**/*.py"):
        relative = path.relative_to(ROOT)
        if relative.parts[0] in {".venv", "tests", "bench"}:
            continue
        if not any(p.removesuffix(".py").startswith(kinds) for p in relative.parts[1:]):
            continue
        if re.search(r"has_perms?\(|DjangoModelPermissions|is_superuser", path.read_text()):
            asked.append(str(relative))
    assert not asked, asked
