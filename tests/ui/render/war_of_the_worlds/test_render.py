"""The War of the Worlds table, rendered under CPython: every control plays a legal move,
every legal move has a control (directly or after one data-step), labels read well."""

from __future__ import annotations

import json

import pytest

from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.ui.render import TableContext
from tabletop.ui.render import war_of_the_worlds as renderer
from tabletop.ui.web.dom import find_all, text_of

MODULE = GAMES["war-of-the-worlds"]


class Table:
    """A screen without a browser: render, click by handler, collect what was played."""

    def __init__(self, state, names=("Ana", "Ben")):
        self.state = state
        self.ui: dict = {}
        self.played: list = []
        self.names = list(names)
        self.tree = None
        self.render()

    def render(self):
        ctx = TableContext(
            module=MODULE,
            view=MODULE.view(self.state, MODULE.to_act(self.state)),
            legal=MODULE.legal_moves(self.state),
            names=self.names,
            viewer=MODULE.to_act(self.state),
            play=self.played.append,
            refresh=self.render,
            ui=self.ui,
        )
        self.tree = renderer.render(ctx)
        return self.tree

    def all(self, attr):
        return find_all(self.tree, lambda e: attr in e.attrs and e.attrs[attr] is not None and not e.attrs.get("disabled"))

    def click(self, el):
        el.events["click"](None)


def moves_json(moves):
    return sorted(json.dumps(MODULE.move_to_json(m), sort_keys=True) for m in moves)


def reachable(table: Table) -> set[str]:
    """Every data-move on screen now, plus after each data-step click (then reset)."""
    found = {json.dumps(json.loads(e.attrs["data-move"]), sort_keys=True) for e in table.all("data-move")}
    steps = [e.attrs.get("id") or e.attrs.get("data-cell") for e in table.all("data-step")]
    for key in steps:
        table.ui.clear()
        table.render()
        el = next(e for e in table.all("data-step") if (e.attrs.get("id") or e.attrs.get("data-cell")) == key)
        table.click(el)
        found |= {json.dumps(json.loads(e.attrs["data-move"]), sort_keys=True) for e in table.all("data-move")}
    table.ui.clear()
    table.render()
    return found


def random_states(tactical: bool, seed: int, limit: int = 400):
    rng = Rng(seed)
    state = MODULE.new_game(2, {"tactical": tactical}, seed)
    for _ in range(limit):
        yield state
        legal = MODULE.legal_moves(state)
        if not legal:
            return
        state = MODULE.apply(state, rng.choice(legal))


@pytest.mark.parametrize("tactical,seed", [(False, 5), (False, 7), (True, 3), (True, 11)])
def test_every_legal_move_has_a_control_and_every_control_is_legal(tactical, seed):
    phases = set()
    for state in random_states(tactical, seed, limit=90 if tactical else 160):
        table = Table(state)
        legal = set(moves_json(MODULE.legal_moves(state)))
        on_screen = reachable(table)
        assert on_screen <= legal
        assert on_screen == legal, (state.phase, sorted(legal - on_screen)[:5])
        phases.add(state.phase)
    assert phases >= ({"dice", "action"} if tactical else {"place", "coaster", "move", "destroy"})


def test_clicking_a_data_move_plays_exactly_that_move():
    state = MODULE.new_game(2, None, 5)
    table = Table(state)
    table.click(next(e for e in table.all("data-step") if e.attrs.get("id") == "wotw-size-large"))
    target = next(e for e in table.all("data-move") if e.attrs.get("data-cell") == "A1")
    table.click(target)
    assert [MODULE.move_to_json(m) for m in table.played] == [{"kind": "place", "size": "large", "cell": "A1"}]


def test_cells_are_buttons_with_plain_names():
    state = MODULE.position("""
        A  B  C  D  E  F
     1  .  .  .  .  .  .
     2  .  X  .  .  X  .
     3  .  .  A3 .  .  .
     4  .  .  .  -  -  -
     5  .  X  h1 -  -  -
     6  .  .  .  -  -  -
    """)
    tree = Table(state).tree
    cells = {e.attrs["data-cell"]: e for e in find_all(tree, lambda e: "data-cell" in e.attrs)}
    assert len(cells) == 27 and all(e.tag == "button" for e in cells.values())
    assert cells["C3"].attrs["aria-label"].startswith("C3, Aliens large pyramid, standing")
    assert cells["C5"].attrs["aria-label"].startswith("C5, Humans small pyramid, destroyed")
    assert cells["B2"].attrs["aria-label"].startswith("B2, obstacle, standing")
    assert cells["A1"].attrs["aria-label"].startswith("A1, empty")


def test_the_page_stays_small():
    state = next(s for i, s in enumerate(random_states(False, 2)) if i == 30)
    count = len(find_all(Table(state).tree, lambda e: True))
    assert count < 600


def test_end_screen_shows_the_deciding_step():
    *_, last = random_states(False, 4, limit=2000)
    assert MODULE.outcome(last) is not None
    tree = Table(last).tree
    end = find_all(tree, lambda e: "wotw-end" in (e.attrs.get("class") or ""))
    assert end and ("decided here" in text_of(end[0]) or "draw" in text_of(end[0]))


def test_the_last_turn_names_each_side_as_its_player_like_the_log():
    """ "Ben (Humans) placed a small at C6", not "Humans placed…": the words of the table's log."""
    state = next(s for i, s in enumerate(random_states(False, 4)) if i == 12)
    panel = find_all(Table(state).tree, lambda e: "wotw-recent" in e.attrs.get("class", "").split())[0]
    said = [text_of(li) for li in find_all(panel, lambda e: e.tag == "li")]
    assert said and all("Ana (Aliens)" in line or "Ben (Humans)" in line or line.startswith("The ") for line in said), said
    assert not [line for line in said if line.startswith(("Aliens ", "Humans "))]
