"""Player names are plain text: one cleaning (engine/names.py) on every way a name comes in (a save
file, a game link, a position code, the settings, the new-game form), and each name on a screen
kept apart from the words around it (ui/table/isolate.py). Also: a JSON file naming a key twice is
refused, since which of the two counts depends on the reader."""

from __future__ import annotations

import json

import pytest

from recording import RecordingActions
from tabletop.engine.errors import SaveError
from tabletop.engine.names import BIDI_CONTROLS, MAX_NAME_LENGTH, ZERO_WIDTH, clean_name, fewer_marks
from tabletop.engine.position_codes import POSITION_VERSION, position_code, read_position
from tabletop.engine.saves import MAX_TITLE_LENGTH, load_json, new_save, parse_save
from tabletop.engine.share import pack_json, save_from_code, save_to_code, text_from_code
from tabletop.games import FACTS, GAMES
from tabletop.ui.saves.storage import MemoryBackend, Store, clean_settings
from tabletop.ui.shell.context import SavesView, ScreenContext
from tabletop.ui.shell.notices import Notices
from tabletop.ui.shell.pages import Pages
from tabletop.ui.shell.router import Route
from tabletop.ui.table.current_game import CurrentGame
from tabletop.ui.table.isolate import isolated, text_parts
from tabletop.ui.web.dom import El, find_all, h, text_of

ACUTE = "\u0301"
RAW = ["Ana\u202e", "Bob\u200d"]  # as a file or a link may bring them
CLEAN = ["Ana", "Bob"]


@pytest.mark.parametrize("char", list(BIDI_CONTROLS + ZERO_WIDTH))
def test_direction_controls_and_invisible_characters_are_removed(char):
    assert clean_name(f"{char}An{char}a{char}") == "Ana"


def test_the_listed_characters_are_all_there():
    assert set(BIDI_CONTROLS) == set("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u061c")
    assert set(ZERO_WIDTH) == set("\u200b\u200c\u200d\u2060\ufeff")


def test_a_name_is_cut_to_the_forms_limit_and_spaces_are_single():
    assert clean_name("W" * 100) == "W" * MAX_NAME_LENGTH == "W" * 40
    assert clean_name("  Ana \t\n  Maria  ") == "Ana Maria"
    assert clean_name("x" * 39 + " y") == "x" * 39  # no trailing space left by the cut
    assert clean_name("T" * 200, MAX_TITLE_LENGTH) == "T" * 120
    assert clean_name("\u202e\u200d  ") == ""


def test_stacks_of_combining_marks_keep_two_per_letter():
    assert fewer_marks("a" + ACUTE * 30 + "b" + ACUTE * 3) == "a" + ACUTE * 2 + "b" + ACUTE * 2
    assert clean_name("Zo" + "\u0308" * 50 + "e") == "Zö\u0308e"  # two kept, then written composed (NFC)
    assert clean_name("Nguyễn") == "Nguyễn"  # the accents a language needs stay
    assert clean_name("Nguye\u0323\u0302t") == "Nguyệt"  # two marks: both kept, then composed


def test_a_save_file_brings_its_names_and_title_cleaned():
    save = new_save("tower-battle", {}, ["x"] * 2, 7)
    data = dict(save, seats=[{"name": n} for n in RAW], name="Match\u202e " + "t" * 300)
    parsed = parse_save(json.dumps(data), GAMES)
    assert [s["name"] for s in parsed["seats"]] == CLEAN
    assert parsed["name"] == "Match " + "t" * (MAX_TITLE_LENGTH - 6)


def test_a_name_of_nothing_but_controls_becomes_the_seats_number():
    save = new_save("tower-battle", {}, ["x"] * 2, 7)
    parsed = parse_save(dict(save, seats=[{"name": "\u202e\u200b"}, {"name": "Bob"}]), GAMES)
    assert [s["name"] for s in parsed["seats"]] == ["Player 1", "Bob"]


def test_the_new_game_form_cleans_what_was_typed():
    assert [s["name"] for s in new_save("tower-battle", {}, RAW, 7)["seats"]] == CLEAN


def test_a_game_link_brings_its_names_cleaned():
    save = new_save("tower-battle", {}, ["x"] * 2, 7)
    code = save_to_code(dict(save, seats=[{"name": n + ACUTE * 9} for n in RAW]))
    assert [s["name"] for s in save_from_code(code, GAMES)["seats"]] == ["Aná" + ACUTE, "Bob" + ACUTE * 2]


def test_a_position_code_brings_its_names_cleaned():
    module = GAMES["tower-battle"]
    state = module.new_game(2, {}, 5)
    code = position_code(module, new_save(module.ID, {}, ["x", "y"], 5), state, 0)
    data = json.loads(text_from_code(code, POSITION_VERSION))
    code = pack_json(dict(data, names=["W" * 90, "\u2067Bob\u2069"]), POSITION_VERSION)
    assert read_position(code, GAMES).names == ["W" * 40, "Bob"]


def test_the_settings_bring_their_names_cleaned():
    settings, wrong = clean_settings({"names": [RAW[0], " Eve\u200f ", "Z" + ACUTE * 8]})
    assert settings["names"] == ["Ana", "Eve", "Ź" + ACUTE] and wrong == []


def test_a_json_file_naming_a_key_twice_is_refused_in_one_line():
    with pytest.raises(SaveError) as err:
        load_json('{"moves": [], "seed": 1, "moves": [{"x": 1}]}', "the file")
    assert err.value.problem == "corrupt"
    assert str(err.value).endswith("the file has the key “moves” twice, so it is not clear which one counts")
    with pytest.raises(SaveError, match="“b” twice"):  # inside a move as much as at the top
        load_json('{"a": [{"b": 1, "c": 2, "b": 3}]}')
    assert load_json('{"a": {"a": 1}, "b": [{"a": 2}]}') == {"a": {"a": 1}, "b": [{"a": 2}]}  # the same key in two objects is fine


def test_a_save_with_two_lists_of_moves_is_refused():
    text = json.dumps(new_save("tower-battle", {}, CLEAN, 7))
    twice = text[:-1] + ', "moves": [{"play": 1}]}'
    with pytest.raises(SaveError, match="the file has the key “moves” twice"):
        parse_save(twice, GAMES)


def bdis(tree: El) -> list[str]:
    return [text_of(el) for el in find_all(tree, lambda el: el.tag == "bdi")]


def test_each_name_in_a_text_becomes_a_bdi_and_the_text_reads_the_same():
    parts = text_parts("Ana wins; Ana Maria and Banana follow", ["Ana", "Ana Maria"])
    assert [p if isinstance(p, str) else ("bdi", text_of(p)) for p in parts] == [
        ("bdi", "Ana"),
        " wins; ",
        ("bdi", "Ana Maria"),
        " and Banana follow",  # a name only where it stands as a word
    ]
    assert text_parts("Nobody here", []) == ["Nobody here"]


def test_a_tree_is_isolated_where_text_can_hold_elements():
    tree = h(
        "div",
        h("button", "I am Ana: show my game"),
        h("h2", "Ana"),
        h("select", h("option", "Ana")),
        h("svg", h("text", "Ana")),
        h("p", "Nothing to see"),
    )
    out = isolated(tree, ["Ana"])
    assert text_of(out) == text_of(tree)
    button, heading, select, svg, plain = out.children
    assert isinstance(button, El) and [c.tag for c in button.children if isinstance(c, El)] == ["span"]  # one run, as the text was
    assert bdis(button) == ["Ana"] and bdis(heading) == ["Ana"]
    assert select is tree.children[2] and svg is tree.children[3] and plain is tree.children[4]  # untouched, not copied
    assert bdis(isolated(out, ["Ana"])) == ["Ana", "Ana"]  # isolating again changes nothing


def started(store: Store, names: list[str]) -> CurrentGame:
    game = CurrentGame(store, lambda: GAMES, Notices())
    module = GAMES["tower-battle"]
    seats = [{"name": n, "kind": "human", "level": "normal"} for n in names]
    game.start("tower-battle", {"players": 2, "seats": seats, "options": module.default_options(), "seed": "3"})
    return game


def test_every_screen_the_pages_draw_has_its_names_isolated():
    store = Store(MemoryBackend(), FACTS)
    game = started(store, ["W" * 40, "Bob"])
    session = game.session
    assert session is not None
    pages = Pages(game, {}, lambda fragment: fragment)
    table = pages.draw(
        ScreenContext(Route("play", "tower-battle", session.save["id"]), {"curtain": True}, (), SavesView(store), session, game.table_ui),
        RecordingActions(),
        lambda: None,
    )
    first = session.name(session.to_act)
    assert set(bdis(table)) == {first}  # the curtain: the first player takes the device
    assert "Pass the device to " + first in text_of(table)
    home = pages.draw(ScreenContext(Route("home"), {}, (), SavesView(store)), RecordingActions(), lambda: None)
    assert {"W" * 40, "Bob"} <= set(bdis(home))
