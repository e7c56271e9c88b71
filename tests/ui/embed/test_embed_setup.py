"""An embed's address sets up its game: opponent, level, the reader's seat, players, variants;
anything not understood keeps its default and is named."""

import pytest

from tabletop.games import GAMES
from tabletop.ui.embed.setup import apply_query


def form_for(module):
    seats = [{"name": f"P{i + 1}", "kind": "human", "level": "normal"} for i in range(module.MAX_PLAYERS)]
    return {"players": module.MIN_PLAYERS, "seats": seats, "options": module.default_options(), "seed": ""}


def kinds(setup):
    return [(s["kind"], s["level"]) for s in setup.form["seats"][: setup.form["players"]]]


def test_no_query_is_the_reader_against_the_computer_at_normal_with_default_variants():
    module = GAMES["tower-battle"]
    setup = apply_query({"embed": "tower-battle"}, module, form_for(module))
    assert kinds(setup) == [("human", "normal"), ("computer", "normal")]
    assert setup.form["options"] == module.default_options() and setup.problems == []
    assert setup.vs_computer


def test_vs_people_is_a_game_between_people():
    module = GAMES["tower-battle"]
    setup = apply_query({"vs": "people"}, module, form_for(module))
    assert kinds(setup) == [("human", "normal"), ("human", "normal")]
    assert not setup.vs_computer


def test_vs_computer_at_a_level_with_the_reader_in_a_chosen_seat():
    module = GAMES["war-of-the-worlds"]
    setup = apply_query({"vs": "computer", "level": "hard", "seat": "2"}, module, form_for(module))
    assert kinds(setup) == [("computer", "hard"), ("human", "hard")]
    assert setup.vs_computer and setup.problems == []


def test_players_and_every_other_seat_the_computer():
    module = GAMES["towers-of-wyoming"]
    setup = apply_query({"players": "4", "vs": "computer", "level": "easy"}, module, form_for(module))
    assert kinds(setup) == [("human", "easy")] + [("computer", "easy")] * 3


def test_variants_by_name_in_their_own_types():
    module = GAMES["tower-battle"]
    setup = apply_query({"target": "5", "tnt": "yes", "scoring": "advanced", "first": "black"}, module, form_for(module))
    assert setup.form["options"] == dict(module.default_options(), target=5, tnt=True, scoring="advanced", first="black")
    assert setup.problems == []
    module.new_game(2, setup.form["options"], 1)  # the engine takes them


@pytest.mark.parametrize(
    "query,named",
    [
        ({"vs": "robots"}, "vs “robots”"),
        ({"level": "godlike"}, "level “godlike”"),
        ({"players": "9"}, "players “9”"),
        ({"seat": "3"}, "seat “3”"),
        ({"target": "4"}, "target “4” (1, 2, 3, 5, 7, 10, 15, 21)"),
        ({"target": "lots"}, "target “lots” (a whole number)"),
        ({"tnt": "maybe"}, "tnt “maybe” (true or false)"),
    ],
)
def test_what_is_not_understood_keeps_its_default_and_is_named(query, named):
    module = GAMES["tower-battle"]
    base = form_for(module)
    setup = apply_query(query, module, base)
    assert [p for p in setup.problems if p.startswith(named)], setup.problems
    assert setup.form["options"] == module.default_options()
    assert base == form_for(module), "the form given is not changed"
