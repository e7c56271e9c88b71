"""The grip of a piece held in progress, kept in the save so a reload resumes it: its field is checked
like every other (bounds, types), time held only grows, any move clears it, and only the game and the
move it was held at are written."""

from __future__ import annotations

import json

import pytest

from tabletop.engine.errors import SaveError
from tabletop.engine.saves import MAX_GRIP_MS, check_grip, export_file, new_save, parse_save
from tabletop.games import FACTS, GAMES
from tabletop.games.tower_war.physics import HOLD_MS_MAX
from tabletop.ui.saves.storage import SAVE_PREFIX, MemoryBackend, Store
from tabletop.ui.shell.notices import Notices
from tabletop.ui.table.current_game import CurrentGame
from tabletop.ui.table.session import Session

TW = GAMES["tower-war"]
SEATS = [{"name": "Ana"}, {"name": "Ben"}]


def moves_to_a_drop(seed: int = 3) -> list[dict]:
    """The moves of a two-person game up to its first drop (the first legal move each time)."""
    state, moves = TW.new_game(2, None, seed), []
    while state.phase != "drop":
        move = TW.legal_moves(state)[0]
        moves.append(TW.move_to_json(move))
        state = TW.apply(state, move)
    return moves


@pytest.fixture(scope="module")
def at_drop() -> list[dict]:
    return moves_to_a_drop()


def saved(moves: list[dict], grip) -> dict:
    return dict(new_save("tower-war", {}, SEATS, 3, moves), grip=grip)


def test_a_grip_at_the_position_is_kept_and_one_for_an_earlier_move_is_dropped(at_drop):
    n = len(at_drop)
    assert parse_save(saved(at_drop, {"at": n, "held_ms": 7000}), GAMES)["grip"] == {"at": n, "held_ms": 7000}
    assert "grip" not in parse_save(saved(at_drop, {"at": n - 1, "held_ms": 7000}), GAMES)
    assert "grip" not in parse_save(saved(at_drop, None), GAMES)
    assert parse_save(saved(at_drop, {"at": n, "held_ms": MAX_GRIP_MS}), GAMES)["grip"]["held_ms"] == MAX_GRIP_MS


@pytest.mark.parametrize(
    "grip",
    [
        {"at": 0, "held_ms": -1},  # less than nothing held: more grip than a fresh one
        {"at": 0, "held_ms": MAX_GRIP_MS + 1},
        {"at": 0, "held_ms": 7000.5},
        {"at": 0, "held_ms": "7000"},
        {"at": 0, "held_ms": True},
        {"at": 0, "held_ms": None},
        {"at": True, "held_ms": 7000},
        {"at": -1, "held_ms": 7000},
        {"at": 10**9, "held_ms": 7000},  # a move the game never reached
        {"at": 0},
        {"at": 0, "held_ms": 7000, "bonus_ms": 5000},
        [0, 7000],
        7000,
        "7 s",
    ],
)
def test_a_damaged_grip_refuses_the_save_rather_than_grant_a_fresh_grip(at_drop, grip):
    if isinstance(grip, dict) and grip.get("at") == 0:
        grip = dict(grip, at=len(at_drop))
    with pytest.raises(SaveError) as err:
        parse_save(json.dumps(saved(at_drop, grip)), GAMES)
    assert err.value.problem == "corrupt" and "held" in str(err.value)


def test_the_bound_is_above_every_hand_so_a_spent_grip_is_never_refused():
    assert HOLD_MS_MAX < MAX_GRIP_MS
    assert check_grip({"at": 4, "held_ms": HOLD_MS_MAX}, 4) == {"at": 4, "held_ms": HOLD_MS_MAX}


def test_an_exported_file_carries_the_grip_so_opening_it_is_no_fresh_grip(at_drop):
    record = dict(saved(at_drop, {"at": len(at_drop), "held_ms": 6500}), id="x")
    back = parse_save(json.dumps(export_file(record)), GAMES)
    assert back["grip"] == {"at": len(at_drop), "held_ms": 6500}
    assert "grip" not in export_file(dict(record, grip=None))


def test_time_held_only_grows_and_any_move_clears_it(at_drop):
    session = Session(TW, dict(new_save("tower-war", {}, SEATS, 3, at_drop), id="g"))
    assert session.grip_held() is None
    session.hold_grip(5000)
    session.hold_grip(3000)  # a smaller, later note (a stale clock) gives nothing back
    assert session.grip_held() == 5000
    session.hold_grip(10**9)
    assert session.grip_held() == MAX_GRIP_MS
    session.play(TW.move_from_json({"kind": "drop", "x": 0.0, "y": 0.0, "hold_ms": 4000}))
    assert "grip" not in session.save and session.grip_held() is None


def tab(backend: MemoryBackend) -> CurrentGame:
    """A tab of the app on ``backend`` (each test its own game ids: a tab remembers what it saw stored)."""
    return CurrentGame(Store(backend, FACTS), lambda: GAMES, Notices())


def test_the_stored_grip_is_what_a_reload_resumes_and_only_for_its_game_and_move(at_drop):
    backend = MemoryBackend()
    game = tab(backend)
    game.play_from_position("tower-war", dict(new_save("tower-war", {}, SEATS, 3, at_drop), id="twar-g"))
    n = len(at_drop)
    game.keep_grip("twar-g", n, 0)
    game.keep_grip("twar-g", n, 7000)
    game.keep_grip("other", n, 9000)  # a clock still ticking for a game no longer at the table
    game.keep_grip("twar-g", n - 1, 9000)  # or for a move the table has left
    assert json.loads(backend.data[SAVE_PREFIX + "twar-g"])["grip"] == {"at": n, "held_ms": 7000}
    reloaded = tab(backend)
    assert reloaded.open("twar-g") is None
    assert reloaded.session is not None and reloaded.session.grip_held() == 7000


def test_a_tab_that_fell_behind_stores_no_grip_over_the_other_tabs_game(at_drop):
    backend = MemoryBackend()
    first, second = tab(backend), tab(backend)
    first.play_from_position("tower-war", dict(new_save("tower-war", {}, SEATS, 3, at_drop), id="twar-tabs"))
    second.open("twar-tabs")
    n = len(at_drop)
    first.keep_grip("twar-tabs", n, 8000)
    second.keep_grip("twar-tabs", n, 1000)  # the other tab stored since this one read the game: it writes nothing
    assert json.loads(backend.data[SAVE_PREFIX + "twar-tabs"])["grip"]["held_ms"] == 8000
