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


# --- the catalogues ----------------------------------------------------------------------


def _entries(path):
    """(msgid, msgstr or msgstr[0..], flags, msgctxt or None) of each entry of a .po file,
    header aside."""
    import ast

    entries = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        lines = [line for line in block.splitlines() if not line.startswith("#~")]
        flags = " ".join(line for line in lines if line.startswith("#,"))
        parts: dict[str, str] = {}
        key = None
        for line in lines:
            if line.startswith("msg"):
                key, _, line = line.partition(" ")
            if key and line.startswith('"'):
                parts[key] = parts.get(key, "") + ast.literal_eval(line)
        if parts.get("msgid"):
            strs = [v for k, v in parts.items() if k.startswith("msgstr")]
            entries.append((parts["msgid"], strs, flags, parts.get("msgctxt")))
    return entries


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_every_page_string_is_translated_and_compiled(lang):
    """No empty or fuzzy msgstr (a fuzzy one is not used: the page would be in English),
    and the committed .mo says what the .po says."""
    import gettext
    from pathlib import Path

    from django.conf import settings

    folder = Path(settings.BASE_DIR) / "locale" / lang / "LC_MESSAGES"
    entries = _entries(folder / "django.po")
    assert len(entries) > 300
    empty = [msgid for msgid, strs, _, _ in entries if not all(strs)]
    fuzzy = [msgid for msgid, _, flags, _ in entries if "fuzzy" in flags]
    assert empty == [] and fuzzy == []
    with (folder / "django.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    stale = [
        msgid
        for msgid, strs, _, context in entries
        if (compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)) != strs[0]
    ]
    assert stale == [], "run compilemessages"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["Vous êtes invité dans la ligue Cup.", "Accepter", "Refuser"]),
        ("nl", ["Je bent uitgenodigd voor de competitie Cup.", "Accepteren", "Weigeren"]),
    ],
)
def test_invitations_speak_the_players_language(other_user, user, lang, words):
    from django.test import Client

    from leagues import services as leagues

    league = leagues.create_league(creator=user, name="Cup", ruleset="battle-royale")
    leagues.add_member(league=league, player=other_user, actor=user)
    client = Client()
    client.force_login(other_user)
    text = client.get("/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    for word in words:
        assert word in text


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_no_translation_glues_a_word_to_a_parameter(lang):
    """A parameter is a word said on its own (a deck, a people): glued to a noun it makes a
    compound whose joint it cannot know (Dutch "bewegingkaart" for "bewegingskaart")."""
    import re
    from pathlib import Path

    from django.conf import settings

    path = Path(settings.BASE_DIR) / "locale" / lang / "LC_MESSAGES" / "django.po"
    glued = [
        said
        for _msgid, strs, _, _ in _entries(path)
        for said in strs
        if re.search(r"%\(\w+\)s[^\W\d_]", said)
    ]
    assert glued == []


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["Les Polar Zombies piochent 2 cartes mouvement.", "Dalton a gagné 60 crédits"]),
        ("nl", ["De Polar Zombies trekken 2 kaarten (beweging).", "Dalton verdiende 60 credits"]),
    ],
)
def test_proofread_lines_read_as_written(lang, words):
    """Lines the proof-reading of issue 31 corrected: a campaign's gang is one (it "earned"
    in the singular, like every other line of the campaign log); no glued compound."""
    from django.utils import translation

    from campaigns.log_lines import phrase
    from matches.messages import event_message

    drawn = {"code": "cards_drawn", "params": {"people": "Polar Zombies", "count": 2}}
    drawn["params"]["deck"] = {"word": "movement"}
    with translation.override(lang):
        said = [
            event_message(ruleset="le-dernier-peuple", kind="cards_drawn", text="", data=drawn),
            phrase("reward", {"gang": "Dalton", "count": 60, "result": "win"}),
        ]
    assert [s.startswith(w) for s, w in zip(said, words, strict=True)] == [True, True], said
