"""Names and numbers in sentences: the one place for the grammar every line that puts a name or a
count into text needs (the engine's log lines and the table's words alike).

A name is singular unless it is said to be plural: a person's typed name is one person ("Ann
wins"); a game whose sides are peoples declares its side names plural (``PLURAL_SEAT_NAMES``,
engine/hooks.py), so "Aliens win" and "the Humans' medium", while "Red wins".

>>> count(1, "card"), count(3, "card"), count(0, "damaged record"), count(2, "copy", "copies")
('1 card', '3 cards', '0 damaged records', '2 copies')
>>> some(0, "damaged record"), some(1, "damaged record")
('no damaged records', '1 damaged record')
>>> possessive("Ann"), possessive("James"), possessive("Aliens", plural=True)
("Ann's", "James's", "Aliens'")
>>> agree("Ann", "win"), agree("Humans", "win", plural=True), agree("Ben", "be"), agree("Aliens", "be", plural=True)
('Ann wins', 'Humans win', 'Ben is', 'Aliens are')
>>> agree("Red", "have"), agree("Cy", "pass"), agree("Dee", "go"), agree("Eve", "carry")
('Red has', 'Cy passes', 'Dee goes', 'Eve carries')
>>> winners_win(["Ann"]), winners_win(["Humans"], plural=("Aliens", "Humans")), winners_win(["Ann", "Ben"])
('Ann wins', 'Humans win', 'Ann and Ben win')
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

IRREGULAR = {"be": ("is", "are"), "have": ("has", "have")}


def plural_noun(noun: str) -> str:
    """The plural of a regular noun: "card" -> "cards", "box" -> "boxes", "copy" -> "copies"."""
    if noun.endswith(("s", "sh", "ch", "x", "z")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def count(n: int, noun: str, plural: str | None = None) -> str:
    """ "1 card", "2 cards" ("0 cards"): the number and its noun in the right number."""
    return f"{n} {noun if n == 1 else (plural or plural_noun(noun))}"


def some(n: int, noun: str, plural: str | None = None) -> str:
    """Like ``count``, but none is "no cards"."""
    return f"no {plural or plural_noun(noun)}" if n == 0 else count(n, noun, plural)


def sentence(text: str) -> str:
    """The text with a capital first letter: "no records set aside." -> "No records set aside."."""
    return text[:1].upper() + text[1:]


def possessive(name: str, plural: bool = False) -> str:
    """ "Ann's", "James's"; a plural name ending in s takes the apostrophe alone: "Aliens'"."""
    return name + ("'" if plural and name.endswith("s") else "'s")


def verb(word: str, plural: bool = False) -> str:
    """A verb in the present for a subject of this number: "win" -> "wins" / "win"."""
    if word in IRREGULAR:
        return IRREGULAR[word][1 if plural else 0]
    if plural:
        return word
    return word + "es" if word.endswith("o") else plural_noun(word)  # "goes"; else spelt as a noun's plural


def agree(name: str, word: str, plural: bool = False) -> str:
    """The name and its verb: "Ann wins", "Humans win", "Ben is", "Aliens are"."""
    return f"{name} {verb(word, plural)}"


def winners_win(names: Sequence[str], plural: Collection[str] = ()) -> str:
    """Who won and the verb that agrees, the one way every banner and list says it: "Ann wins",
    "Ann and Ben win", and "Humans win" for a name in ``plural`` (a game's plural side names)."""
    return agree(" and ".join(names), "win", len(names) > 1 or any(name in plural for name in names))
