"""Who plays each seat of a new game: a person against the computer at normal level unless chosen
otherwise, and the choice of the last game started remembered."""

from __future__ import annotations

import json

from recording import RecordingActions
from tabletop.games import FACTS, GAMES
from tabletop.ui.saves.storage import SETTINGS_KEY, MemoryBackend, Store
from tabletop.ui.screens import new_game
from tabletop.ui.shell.context import SavesView, ScreenContext
from tabletop.ui.shell.router import Route
from tabletop.ui.web.dom import find_all


def context(settings: dict) -> ScreenContext:
    return ScreenContext(Route("new", "tower-battle"), settings, (), SavesView(Store(MemoryBackend(), FACTS)))


def kinds(form: dict) -> list[tuple[str, str]]:
    return [(s["kind"], s["level"]) for s in form["seats"][: form["players"]]]


def chosen(tree, seat: int) -> str:
    (select,) = find_all(tree, lambda el: el.attrs.get("id") == f"seat-kind-{seat}")
    return next(o.attrs["value"] for o in find_all(select, lambda el: el.tag == "option") if o.attrs.get("selected"))


def test_every_game_starts_as_a_person_against_the_computer_at_normal():
    for game_id, module in GAMES.items():
        form = new_game.default_form(context({}), module)
        assert kinds(form) == [("human", "normal"), ("computer", "normal")], game_id
        assert all(s["kind"] == "computer" for s in form["seats"][1:]), "a third or fourth seat joins as the computer too"
        tree = new_game.render(context({}), RecordingActions(), game_id, form)
        assert (chosen(tree, 0), chosen(tree, 1)) == ("human", "normal")


def test_the_choice_is_remembered_when_a_game_starts():
    settings: dict = {}
    act = RecordingActions()
    form = new_game.default_form(context(settings), GAMES["towers-of-wyoming"])
    form["seats"][1].update(kind="human")
    form["seats"][2].update(kind="computer", level="hard")
    new_game.start(act, "towers-of-wyoming", form, GAMES["towers-of-wyoming"])
    ((_, _, changes),) = [c for c in act.calls if c[0] == "update_settings"]
    assert changes == {"seats": ["human", "human", "hard", "normal"]}
    settings.update(changes)
    again = new_game.default_form(context(settings), GAMES["tower-battle"])
    assert kinds(again) == [("human", "normal"), ("human", "normal")]


def test_a_refused_start_remembers_nothing():
    act = RecordingActions(started=False)
    form = new_game.default_form(context({}), GAMES["tower-battle"])
    new_game.start(act, "tower-battle", form, GAMES["tower-battle"])
    assert act.count("update_settings") == 0


def test_the_stored_choice_is_checked_like_every_setting():
    store = Store(MemoryBackend({SETTINGS_KEY: json.dumps({"seats": ["human", "hard"]})}), FACTS)
    assert store.settings() == {"seats": ["human", "hard"]}
    for bad in (["human", "robot"], "human", [1], ["normal"] * 9):
        store = Store(MemoryBackend({SETTINGS_KEY: json.dumps({"seats": bad, "curtain": False})}), FACTS)
        assert store.settings() == {"curtain": False}, bad
        assert "who plays each seat" in store.problems[0]


def test_a_form_kept_from_an_earlier_visit_takes_the_names_settings_give_now_but_keeps_a_typed_one():
    settings: dict = {}
    module = GAMES["towers-of-wyoming"]
    form = new_game.default_form(context(settings), module)
    assert [s["name"] for s in form["seats"][:3]] == ["Player 1", "Player 2", "Player 3"]
    form["seats"][2]["name"] = "Zoé"  # typed in the form
    settings["names"] = ["Bob", "Eve", "Ann"]  # then Settings changed
    again = new_game.follow_usual_names(context(settings), module, form)
    assert [s["name"] for s in again["seats"][:4]] == ["Bob", "Eve", "Zoé", "Player 4"]
    settings["names"] = ["Bo", "Eve"]
    assert [s["name"] for s in new_game.follow_usual_names(context(settings), module, form)["seats"][:3]] == ["Bo", "Eve", "Zoé"]
