"""Names and numbers read right everywhere the table puts them: one grammar helper
(engine/words.py) and a scan of every table rendered over random games of the four games, with
the games' own side names (plural "Aliens", "Humans") and typed names, for "1 cards", "Aliens's",
"Humans wins", "(s)" and a side's name glued to a possessive ("Ann (Red)'s")."""

from __future__ import annotations

import random
import re

import pytest

from recording import RecordingActions
from tabletop.engine.words import agree, count, possessive, some, verb
from tabletop.games import FACTS, GAMES, REGISTRY
from tabletop.ui.saves.storage import MemoryBackend, Store
from tabletop.ui.screens import settings as settings_screen
from tabletop.ui.screens import table
from tabletop.ui.shell.context import SavesView, ScreenContext
from tabletop.ui.shell.notices import Notices
from tabletop.ui.shell.router import Route
from tabletop.ui.table.current_game import CurrentGame, between_games
from tabletop.ui.table.wording import says, seat_label, whose
from tabletop.ui.web.dom import El, find_all, text_of

WRONG = [
    # "1 cards", but not "Player 1 goes", "Game 1 begins", "1 vs 0", "1 is"
    (
        re.compile(
            r"(?<![\d.,])(?<!Player )(?<!Game )(?<!game )(?<!Battle )(?<!Skirmish )(?<!Round )1 (?!vs\b|is\b|was\b)[a-z]+s\b(?<!ss)"
        ),
        "a count of one with a plural noun",
    ),
    (re.compile(r"\b(?:Aliens|Humans)'s\b"), "a plural name with 's"),
    (re.compile(r"\b(?:Aliens|Humans) (?:wins|is|has|was)\b"), "a plural name with a singular verb"),
    (re.compile(r"\w\(s\)"), "a count that does not know its number"),
    (re.compile(r"\)'s\b"), "a possessive glued to a side in brackets"),
]


def test_counts():
    assert [count(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert count(1, "pyramid") == "1 pyramid" and count(5, "box") == "5 boxes" and count(2, "copy") == "2 copies"
    assert count(3, "die", "dice") == "3 dice"
    assert some(0, "damaged record") == "no damaged records" and some(1, "damaged record") == "1 damaged record"


def test_names_as_owners_and_subjects():
    assert possessive("Ann") == "Ann's" and possessive("James") == "James's" and possessive("Aliens", plural=True) == "Aliens'"
    assert possessive("Red", plural=True) == "Red's"  # (an odd call: the apostrophe alone only after an s)
    assert agree("Ann", "win") == "Ann wins" and agree("Humans", "win", plural=True) == "Humans win"
    assert [verb("be"), verb("be", True), verb("have"), verb("have", True)] == ["is", "are", "has", "have"]
    assert [verb("pass"), verb("go"), verb("try"), verb("play")] == ["passes", "goes", "tries", "plays"]


class Seated:
    """A table's names: the side names of War of the Worlds, or typed names."""

    def __init__(self, names):
        self.module, self.seats = GAMES["war-of-the-worlds"], [{"name": n} for n in names]

    def name(self, seat):
        return self.seats[seat]["name"]


def test_a_side_keeps_its_number_and_a_person_is_one():
    sides = Seated(["Aliens", "Humans"])
    people = Seated(["Ana", "Ben"])
    assert says(sides, 1, "be") == "Humans are" and whose(sides, 0) == "Aliens'"
    assert says(people, 1, "be") == "Ben is" and whose(people, 0) == "Ana's"
    assert says(Seated(["Aliens", "Bo"]), 0, "be") == "Aliens are"
    assert seat_label(sides, 1) == "Humans" and seat_label(Seated(["Ana", "Humans"]), 0) == "Ana (Aliens)"


def wrong_words(text: str) -> list[str]:
    return [f"{why}: …{text[max(0, m.start() - 30) : m.end() + 10]}…" for pattern, why in WRONG for m in pattern.finditer(text)]


def all_words(tree: El) -> str:
    """The text on screen and what screen readers and tooltips say."""
    said = [text_of(tree)]
    for el in find_all(tree, lambda e: any(k in e.attrs for k in ("aria-label", "title", "alt"))):
        said += [str(el.attrs[k]) for k in ("aria-label", "title", "alt") if el.attrs.get(k)]
    return "\n".join(said)


SEATINGS = {
    "side names, against the computer": lambda module: [None, "normal"],
    "typed names, people": lambda module: ["Ann", "Ben", "Cy", "Dee"][: module.MIN_PLAYERS],
}


def seats_for(module, seating):
    seats = []
    for i, who in enumerate(SEATINGS[seating](module)):
        name = (module.SEAT_NAMES[i] if module.SEAT_NAMES else f"Player {i + 1}") if who in (None, "normal") else who
        kind = "computer" if who == "normal" else "human"
        seats.append({"name": name, "kind": kind, "level": "easy"})
    return seats


@pytest.mark.parametrize("seating", SEATINGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_no_table_says_a_number_or_a_name_wrong(game_id, seating):
    module = GAMES[game_id]
    rng = random.Random(7)
    found: dict[str, None] = {}
    for game in range(2):
        tab = CurrentGame(Store(MemoryBackend(), FACTS), lambda: GAMES, Notices())
        seats = seats_for(module, seating)
        tab.start(game_id, {"players": len(seats), "seats": seats, "options": module.default_options(), "seed": str(11 + game)})
        session = tab.session
        assert session is not None
        for _step in range(400):
            tab.settle(curtain_on=False)
            if session.moment is not None:
                tab.end_moment()
            ctx = ScreenContext(
                Route("play", game_id, session.save["id"]), {"curtain": False}, (), SavesView(tab.store), session, tab.table_ui
            )
            for line in wrong_words(all_words(table.render(ctx, RecordingActions()))):
                found[line] = None
            if session.outcome is not None:
                break
            if between_games(session):  # a game of a Tower Battle match is over: on to the next
                tab.next_game()
                continue
            seat = session.to_act
            if seat is not None and session.is_computer(seat):  # the computer's turn: a random move, as its scheduler would play one
                session.play(rng.choice(module.legal_moves(session.state)))
                continue
            legal = session.legal_moves()
            if not legal:
                break
            tab.play(rng.choice(legal))
    assert not found, "\n".join(list(found)[:20])


def test_settings_count_damaged_records_in_words():
    store = Store(MemoryBackend(), FACTS)
    ctx = ScreenContext(Route("settings"), {}, (), SavesView(store))
    assert "No damaged records set aside." in text_of(settings_screen.render(ctx, RecordingActions()))


BUILDERS_WORDS = re.compile(
    r"\bhash|\bseeded\b|\bgenerator\b|\d ms\b|\btuning\b|\bsteadiness\b|\bthe tests?\b|\bthe engine\b|\bmodel\b|\bcode\b|\bbug\b",
    re.IGNORECASE,
)


def guide_texts(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from guide_texts(item)
    elif isinstance(node, dict):
        for item in node.values():
            yield from guide_texts(item)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_pages_speak_to_players_not_builders(game_id):
    """No "hashed one way", "steadiness 0.08 for 700 ms", "seeded generator" in a game's rules page."""
    texts = list(guide_texts(GAMES[game_id].GUIDE))
    assert len(texts) > 10
    said = [m.group(0) + ": " + text[:80] for text in texts for m in BUILDERS_WORDS.finditer(text)]
    assert not said, said


def test_a_plural_side_wins_in_the_plural_on_the_banner_and_in_the_saved_list():
    """One helper (engine/words.winners_win) says who won, on the end banner and in Home's list of
    finished games: "Humans win" for the side's own name, "Ben (Humans) wins" for a person."""
    from tabletop.engine.outcome import Outcome
    from tabletop.ui.screens import game_over
    from tabletop.ui.screens.home import result_words

    plural = REGISTRY["war-of-the-worlds"].plural_sides
    assert game_over.headline(Outcome((1,), "x"), ["Aliens", "Humans"], plural) == "Humans win"
    assert game_over.headline(Outcome((1,), "x"), ["Ana (Aliens)", "Ben (Humans)"], plural) == "Ben (Humans) wins"
    seats = [{"name": "Aliens"}, {"name": "Humans"}]
    record = {"game": "war-of-the-worlds", "seats": seats, "result": {"winners": [1], "scores": [5, 7]}}
    assert result_words(record) == "Humans win · 5 to 7"
    assert result_words(dict(record, game="tower-war", seats=[{"name": "Red"}, {"name": "Blue"}])) == "Blue wins · 5 to 7"
