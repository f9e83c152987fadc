"""What a client developer expects of the API as a whole (issue #21): a token on register, a
root that lists the resources, choice errors that list the choices, counted nouns."""

import pytest

from rulesets.core.words import counted, noun, plural_of

pytestmark = pytest.mark.django_db


def test_register_returns_a_token_the_same_shape_as_auth_token(api):
    response = api.post(
        "/api/v1/auth/register/", {"username": "calamity", "password": "dusty-trail-1876"}
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["username"] == "calamity" and isinstance(body["token"], str) and body["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert api.get("/api/v1/auth/me/").json()["username"] == "calamity"
    again = api.post(
        "/api/v1/auth/token/", {"username": "calamity", "password": "dusty-trail-1876"}
    )
    assert again.json() == {"token": body["token"]}


def test_the_api_root_lists_the_resources_and_the_schema(api, as_user):
    response = api.get("/api/v1/")
    assert response.status_code == 200
    body = response.json()
    assert {"gangs", "fighters", "campaigns", "matches", "leagues", "rulesets"} <= set(
        body["resources"]
    )
    assert body["schema"].endswith("/api/schema/") and body["docs"].endswith("/api/docs/")
    assert body["resources"]["gangs"] == "http://testserver/api/v1/gangs/"
    for url in body["resources"].values():
        path = url.split("testserver", 1)[1]
        if "{" not in path and "/auth/" not in path.replace("/auth/me/", ""):
            assert as_user.get(path).status_code == 200, path


def test_the_site_root_is_not_a_404(api):
    assert api.get("/").status_code in (200, 301, 302)


def test_a_choice_error_lists_the_valid_choices(as_user):
    response = as_user.post("/api/v1/gangs/", {"name": "Posse", "faction": "pirates"})
    assert response.status_code == 400
    message = response.json()["errors"]["faction"][0]
    assert message == (
        '"pirates" is not a valid choice; choose one of: '
        "sheriffs, outlawmen, townsfolk, bootleggers."
    )


def test_a_choice_error_inside_a_list_lists_the_choices_too(as_user):
    response = as_user.post(
        "/api/v1/campaigns/", {"name": "C", "tie_breakers": ["wins", "luck"]}, format="json"
    )
    assert response.status_code == 400
    (message,) = response.json()["errors"]["tie_breakers.1"]
    assert message.startswith('"luck" is not a valid choice; choose one of: head_to_head, wins')


def test_counted_nouns_agree_with_their_number():
    assert counted(1, "fighter") == "1 fighter"
    assert counted(2, "fighter") == "2 fighters"
    assert counted(0, "fighter") == "0 fighters"
    assert counted(1, "set of padded clothing") == "1 set of padded clothing"
    assert counted(2, "set of padded clothing") == "2 sets of padded clothing"
    assert counted(2, "deputy") == "2 deputies"
    assert noun(3, "key") == "keys" and plural_of("box") == "boxes"


def test_job_progress_is_done_over_total(db):
    from jobs import services
    from jobs.models import Job

    job = Job.objects.create(name="close")
    services.job_running(str(job.pk), total=1)
    services.job_finished(str(job.pk))
    job.refresh_from_db()
    assert (job.done, job.total, job.progress) == (1, 1, 1.0)
    empty = Job.objects.create(name="nothing to do")
    services.job_finished(str(empty.pk))
    empty.refresh_from_db()
    assert (empty.done, empty.total, empty.progress) == (1, 1, 1.0)
