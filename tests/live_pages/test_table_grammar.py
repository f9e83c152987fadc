"""Whose turn it is, said to the seat in the second person and to the others with its name.

"You" put into a third-person sentence reads well in English only ("You must draw...") and
wrongly in French ("Vous doit piocher...") and Dutch ("Jij is aan de beurt"): each sentence has
its own second-person msgid (matches/tables/common.py ``Seats.about``).
"""

import re
from html import unescape

import pytest

from matches.tables.common import Seats
from matches.tables.last_hope_frontier import _waiting as lhf_waiting
from rulesets.registry import get_ruleset
from tests.live_pages.test_table_pages import GAMES, _client, _match

pytestmark = pytest.mark.django_db

# Never in a sentence said to the viewer: a third-person verb after "vous" / "jij".
WRONG = {
    "fr": re.compile(r"\b[Vv]ous (doit|a|atterrit)\b|\bÀ Vous\b"),
    "nl": re.compile(r"\b[Jj]ij (is|heeft)\b"),
    "en": re.compile(r"\bYou's\b|\bYou (drops|has|is)\b"),
}
# The second person, as each catalogue says it to the seat to move.
YOURS = {
    "fr": re.compile(r"\b[Vv]ous\b|\bVotre\b"),
    "nl": re.compile(r"\b[Jj]ij\b|\bJouw\b"),
    "en": re.compile(r"\bYou\b|\bYour\b"),
}


# The status line of the seat to move when the match is dealt.
MOVER = {
    "le-dernier-peuple": {
        "en": "Your move. You must draw two cards or play a movement card.",
        "fr": "À vous de jouer. Vous devez piocher deux cartes ou jouer une carte de mouvement.",
        "nl": "Jij bent aan zet. Jij moet twee kaarten trekken of een bewegingskaart spelen.",
    },
    "battle-royale": {"en": "Your move.", "fr": "À vous de jouer.", "nl": "Jij bent aan zet."},
    "last-one-standing": {
        "en": "Your move. You drop in: click a plains hex (the orange ones).",
        "fr": "À vous de jouer. À vous d’atterrir : cliquez sur un hexagone de plaine (en orange).",
        "nl": "Jij bent aan zet. Jij landt: klik op een vlaktehexagon (de oranje).",
    },
    "last-hope-frontier": {"en": "Your move.", "fr": "À vous de jouer.", "nl": "Jij bent aan zet."},
}


def _status(text: str) -> str:
    """The table's status line: "Your move." and whose turn it is, as words."""
    line = re.search(r'<p class="table-status">(.*?)</p>', text, re.S).group(1)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", line)).split())


def _titles(text: str) -> list[str]:
    return [unescape(t) for t in re.findall(r"<title>(.*?)</title>", text)]


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
@pytest.mark.parametrize("slug", list(GAMES))
def test_the_seat_to_move_is_told_in_the_second_person(slug, language):
    options, _label = GAMES[slug]
    match, alice, bob = _match(slug, options)
    waiting = get_ruleset(slug).to_move(match.state)
    by_seat = {p.seat: p.player for p in match.participants.select_related("player")}
    mover = by_seat[waiting[0]]
    other = alice if mover == bob else bob
    mine = _client(mover).get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    said = _status(mine.content.decode())
    assert said and YOURS[language].search(said), said
    assert not WRONG[language].search(said), said
    assert mover.username not in said
    assert said == MOVER[slug][language]  # "Your move." once, then only what it adds
    theirs = _client(other).get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    said = _status(theirs.content.decode())
    if len(waiting) == 1:  # one seat to move: the other reads its name, not "you"
        assert mover.username in said and not YOURS[language].search(said), said


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_a_seats_own_pieces_are_named_as_its_own(language):
    """Le Dernier Peuple's meeples are titled by owner: "Your meeple 1 on 3"."""
    match, alice, _bob = _match("le-dernier-peuple", {})
    text = _client(alice).get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    titles = [t for t in _titles(text.content.decode()) if re.search(r"\d+ \S+ \d+$", t)]
    own = {"en": "Your meeple", "fr": "Votre meeple", "nl": "Jouw meeple"}[language]
    assert any(t.startswith(own) for t in titles), titles
    assert not any(WRONG[language].search(t) or "You's" in t for t in titles), titles


@pytest.mark.parametrize(
    ("language", "you_alone", "you_and_bob", "two_others"),
    [
        (
            "fr",
            "Une carte d’attaque est face cachée : vous devez vous défendre.",
            "Une carte d’attaque est face cachée : vous et bob devez vous défendre.",
            "Une carte d’attaque est face cachée : ann, bob doivent se défendre.",
        ),
        (
            "nl",
            "Er ligt een gedekte aanvalskaart: jij moet verdedigen.",
            "Er ligt een gedekte aanvalskaart: jij en bob moeten verdedigen.",
            "Er ligt een gedekte aanvalskaart: ann, bob moeten verdedigen.",
        ),
    ],
)
def test_several_seats_to_move_agree_with_their_verb(language, you_alone, you_and_bob, two_others):
    """Last Hope Frontier may wait on several seats at once (a face-down attack card)."""
    from django.utils import translation

    seats = Seats(names={"x": "me", "y": "bob", "z": "ann"}, you="x")
    view = {"phase": "activation", "pending": {"kind": "attack"}}
    with translation.override(language):
        assert lhf_waiting({**view, "to_move": ["x"]}, seats) == you_alone
        assert lhf_waiting({**view, "to_move": ["x", "y"]}, seats) == you_and_bob
        assert lhf_waiting({**view, "to_move": ["z", "y"]}, seats) == two_others


@pytest.mark.parametrize(
    ("language", "yours", "theirs"),
    [
        ("en", "2 actions left this turn.", "bob to play (1 action left)."),
        ("fr", "Il vous reste 2 actions ce tour-ci.", "À bob de jouer (1 action restante)."),
        ("nl", "Nog 2 acties deze beurt.", "bob is aan de beurt (nog 1 actie)."),
    ],
)
def test_a_turn_of_several_actions_is_said_to_its_seat(language, yours, theirs):
    """Last One Standing counts the actions left in the turn (after the page's "Your
    move.", the seat's own count needs no subject)."""
    from django.utils import translation

    from matches.tables.last_one_standing import _waiting as los_waiting

    seats = Seats(names={"s1": "me", "s2": "bob"}, you="s1")
    view = {"phase": "turns", "drop_queue": []}
    with translation.override(language):
        assert los_waiting({**view, "turn": {"seat": "s1", "actions": 2}}, seats) == yours
        assert los_waiting({**view, "turn": {"seat": "s2", "actions": 1}}, seats) == theirs


@pytest.mark.parametrize(
    ("language", "shades"),
    [("en", ("light grey", "dark grey")), ("fr", ("gris clair", "gris foncé")), ("nl", ("grijs",))],
)
def test_a_hand_cards_shade_and_kind_are_in_the_readers_words(language, shades):
    """Le Dernier Peuple's hand: "2 · dark grey · go to", as the log says the shade."""
    match, alice, _bob = _match("le-dernier-peuple", {})
    text = _client(alice).get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    details = re.findall(
        r'class="card pick kind-\w+"[^>]*><b>[^<]*</b><small>([^<]*)</small>', text.content.decode()
    )
    assert details
    for detail in map(unescape, details):
        assert any(shade in detail for shade in shades), detail
        if language != "en":
            assert not re.search(r"\b(light|dark|power)\b", detail), detail
