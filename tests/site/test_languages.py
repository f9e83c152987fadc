"""English, French and Dutch: the browser's language by default, a switcher, <html lang>."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("accept", "lang", "words"),
    [
        ("fr-FR,fr;q=0.9", "fr", "Les quatre jeux"),
        ("nl-BE,nl;q=0.9", "nl", "De vier spellen"),
        ("de-DE", "en", "The four games"),
    ],
)
def test_the_browsers_language_by_default(client, accept, lang, words):
    text = client.get("/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert f'<html lang="{lang}">' in text
    assert words in text


def test_the_switcher_keeps_the_choice(client):
    r = client.post("/i18n/setlang/", {"language": "nl", "next": "/"})
    assert r.status_code == 302
    text = client.get("/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<html lang="nl">' in text and "Registreren" in text


def test_the_roster_sheet_uses_the_rulebook_words(site, user, gang):
    from rosters import services

    services.hire_fighter(gang=gang, name="Bob", role="leader", actor=user)
    text = site.get(f"/gangs/{gang.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Combattants" in text and "Recruter un combattant" in text and "Endurance" in text
    text = site.get(f"/gangs/{gang.pk}/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Vechters" in text and "Taaiheid" in text


def test_the_api_stays_english_by_default(as_user):
    r = as_user.post("/api/v1/gangs/", {"faction": "sheriffs"}, format="json")
    assert r.json()["errors"]["name"] == ["This field is required."]
