import io
import re

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_anonymous_gets_401_with_the_error_body(api):
    response = api.get("/api/v1/auth/me/")
    assert response.status_code == 401
    assert response.json() == {"detail": response.json()["detail"], "errors": {}}


def test_unknown_object_gives_404_with_the_error_body(as_user):
    response = as_user.get("/api/v1/tasks/00000000-0000-0000-0000-000000000000/")
    assert response.status_code == 404
    assert set(response.json()) == {"detail", "errors"}


def test_another_players_job_is_not_visible(as_other, user):
    from jobs.models import Job

    job = Job.objects.create(name="close-round", owner=user)
    assert as_other.get(f"/api/v1/tasks/{job.pk}/").status_code == 404


def test_a_job_reports_its_progress_to_its_owner(as_user, user):
    from jobs.models import Job

    job = Job.objects.create(name="close-round", owner=user, state="running", done=1, total=4)
    body = as_user.get(f"/api/v1/tasks/{job.pk}/").json()
    assert body["state"] == "running"
    assert body["progress"] == 0.25


def test_malformed_json_is_a_400_not_a_500(as_user):
    response = as_user.post("/api/v1/auth/register/", "{not json", content_type="application/json")
    assert response.status_code == 400
    assert set(response.json()) == {"detail", "errors"}


def test_unknown_api_path_is_a_json_404(as_user):
    response = as_user.get("/api/v1/no-such-thing/")
    assert response.status_code == 404


def test_schema_generates_without_warnings():
    out = io.StringIO()
    call_command("spectacular", "--fail-on-warn", "--validate", stdout=out)
    assert "openapi: 3" in out.getvalue()


def test_swagger_ui_is_served_from_our_own_static_files(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "swagger-ui" in html
    # Every script and stylesheet from this server (a random token in the page may spell "cdn").
    assets = re.findall(r'(?:src|href)="([^"]*)"', html)
    assert assets and all(a.startswith("/") and not a.startswith("//") for a in assets), assets


def test_rulesets_are_listed(api):
    response = api.get("/api/v1/rulesets/")
    assert response.status_code == 200
