"""Counted nouns for the sentences players read: "1 fighter", "2 fighters", never
"fighter(s)". Pure Python (engines and apps both use it)."""

from __future__ import annotations


def plural_of(word: str) -> str:
    """The regular English plural of a noun, or of a noun phrase's first noun when the
    phrase is "<noun> of ..." ("set of padded clothing" -> "sets of padded clothing")."""
    head, sep, tail = word.partition(" of ")
    if sep:
        return f"{plural_of(head)}{sep}{tail}"
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in tuple("aeiou"):
        return word[:-1] + "ies"
    return word + "s"


def noun(count: int, singular: str, plural: str | None = None) -> str:
    """The noun alone, agreeing with ``count``: noun(1, "card") == "card"."""
    return singular if count == 1 else (plural or plural_of(singular))


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """The count and the noun: counted(1, "fighter") == "1 fighter", counted(2, ...) ==
    "2 fighters", counted(0, ...) == "0 fighters"."""
    return f"{count} {noun(count, singular, plural)}"
