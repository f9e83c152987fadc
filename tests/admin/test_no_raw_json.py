"""Nowhere an organiser types is there a raw JSON box: lists and tables are drop-downs and
number boxes (config/admin_fields.py), JSON data is shown as sentences."""

import re

import pytest
from django import forms
from django.contrib import admin
from django.db.models import JSONField
from django.test import RequestFactory

from config.admin_scope import ScopedAdmin

pytestmark = pytest.mark.django_db


def scoped_admins():
    return [(m, a) for m, a in admin.site._registry.items() if isinstance(a, ScopedAdmin)]


@pytest.mark.parametrize("persona", ["organiser", "staff"])
def test_no_form_an_organiser_can_open_has_a_json_field(world, persona):
    request = RequestFactory().get("/admin/")
    request.user = world.users[persona]
    checked = 0
    for model, model_admin in scoped_admins():
        row = world.row(world.mine, model)
        for obj in (None, row):
            allowed = (
                model_admin.has_add_permission(request)
                if obj is None
                else model_admin.has_change_permission(request, obj)
            )
            if not allowed or (obj is None and model._meta.model_name == "battle"):
                continue  # the battle's "add" is the report form (tests/admin/test_campaign_admin)
            form = model_admin.get_form(request, obj)
            for name, field in form.base_fields.items():
                assert not isinstance(field, forms.JSONField), f"{model.__name__}.{name}"
            checked += 1
    assert checked >= 5


def test_json_data_on_read_only_pages_is_shown_as_sentences(world, signed_in):
    client = signed_in(world.users["organiser"])
    for model, _ in scoped_admins():
        row = world.row(world.mine, model)
        html = client.get(
            f"/admin/{model._meta.app_label}/{model._meta.model_name}/{row.pk}/change/"
        ).content.decode()
        for field in model._meta.get_fields():
            if isinstance(field, JSONField):  # never typed as text: choices or boxes only
                typed = rf'<(textarea|input type="text")[^>]*name="{field.name}"'
                assert not re.search(typed, html), (model, field.name)
        assert not re.search(r'<div class="readonly">\s*[\[{]', html), model
