"""The War of the Worlds' events: every move records what it did, naming squares and coasters that
exist at that moment, and the table's words told from them name people, never a placeholder.

600 random games (seeds 0-599, strategic and tactical in turn, random legal moves) are checked at
every move; then a few positions, a move each, with their exact events and words."""

from __future__ import annotations

import time

from tabletop.engine.events import Names
from tabletop.engine.pyramids import Size
from tabletop.engine.rng import Rng
from tabletop.games.war_of_the_worlds import game as WOTW  # the contract itself: each name of the package is found anew per use
from tabletop.games.war_of_the_worlds.board import SLOTS, geometry
from tabletop.games.war_of_the_worlds.board_pictures import position
from tabletop.games.war_of_the_worlds.facts import EMPTY, NEUTRAL
from tabletop.games.war_of_the_worlds.moves import DONE, FACES, Destroy, Keep, Place, Relocate, Rotate, Step
from tabletop.games.war_of_the_worlds.telling import layout_json, layout_of

GAMES = 600
NAMES = Names(("Ann", "Ben"), WOTW.SEAT_NAMES, plural_sides=True)
OBSTACLES = {"B2": "X", "E2": "X", "B5": "X"}


def side_of(owner: int | None) -> int:
    return NEUTRAL if owner is None else owner


def check_names_what_exists(e: dict, before, after) -> None:
    """The squares, pieces and coasters ``e`` names are there once the move is made (``after``),
    as the event says, and where it says they came from (``before``)."""
    for key in ("slot", "from", "to"):
        if key in e:
            assert 0 <= e[key] < SLOTS, e
    kind = e["kind"]
    if kind in ("placed", "destroyed") or kind == "stepped":
        slot = e["to"] if kind == "stepped" else e["slot"]
        assert after.side[slot] == side_of(e["owner"]) and after.size[slot] == int(Size.parse(e["size"])), e
        assert kind != "destroyed" or not after.up[slot], e
    if kind == "stepped":
        assert before.side[e["from"]] == side_of(e["owner"]) and before.up[e["from"]] and after.side[e["from"]] == EMPTY, e
    if kind in ("coaster-turned", "coaster-moved", "done"):
        assert e["coaster"] in (0, 1, 2), e
    if kind in ("coaster-turned", "coaster-moved"):
        assert layout_of(e["before"]) == before.layout and layout_of(e["after"]) == after.layout != before.layout, e
    if kind == "rolled":
        assert tuple(e["dice"]) == after.dice and all(face in FACES for face in e["dice"]), e
    if kind == "kept":
        assert e["first"] in before.dice and e["second"] in before.dice, e
    if kind == "end":
        assert tuple(e["winners"]) == after.result.winners, e


def test_600_random_games_record_events_that_name_what_exists():
    started = time.perf_counter()
    seen: list[str] = []
    for seed in range(GAMES):
        rng = Rng(seed)
        state = WOTW.new_game(2, {"tactical": seed % 2 == 1}, seed)
        seen += check_events(state.events, 0, state, state)  # the landing (and a tactical game's first roll)
        moves = 0
        while WOTW.legal_moves(state):
            move = rng.choice(WOTW.legal_moves(state))
            before, state = state, WOTW.apply(state, move)
            assert state.events[: len(before.events)] == before.events, "an event was changed or lost"
            new = state.events[len(before.events) :]
            assert new, f"seed {seed}: {move} recorded nothing"
            seen += check_events(new, moves, before, state)
            moves += 1
    assert set(seen) == set(WOTW.EVENT_KINDS), set(WOTW.EVENT_KINDS) - set(seen)
    print(f"{GAMES} games, {len(seen)} events checked, {time.perf_counter() - started:.1f} s")


def board_named(layout) -> dict:
    """Of a view, what ``tell`` reads: the name of each coaster's squares on the board now (the
    view's own ``board_view`` names them from the same geometry; a whole view per move would make
    this test four times slower, so it is built every 16th move)."""
    names = geometry(layout).names
    return {"board": {"coasters": [{"cells": [{"cell": names[c * 9 + i]} for i in range(9)]} for c in range(3)]}}


def check_events(new: list[dict], moves: int, before, after) -> list[str]:
    """Each of a move's events (``moves`` moves made before it): its kind, number, seat, what it
    names, and its words; the kinds checked."""
    view = WOTW.view(after, None) if moves % 16 == 0 else board_named(after.layout)
    for e in new:
        assert e["kind"] in WOTW.EVENT_KINDS, e
        assert e["move"] == moves, (e, moves)
        assert e["seat"] in (None, before.player) or (e["kind"] == "rolled" and e["seat"] == after.player), e
        check_names_what_exists(e, before, after)
        words = WOTW.tell(e, NAMES, view)
        assert words and "Player " not in words and "[square" not in words, (e, words)
    return [e["kind"] for e in new]


# --------------------------------------------------------------------------- one move, its events and words


def told(state) -> list[str]:
    view = WOTW.view(state, None)
    return [WOTW.tell(e, NAMES, view) for e in view["events"]]


def test_a_turned_coaster_records_the_layout_before_and_after_and_its_square_follows_it():
    state = WOTW.apply(position(OBSTACLES), Place(Size.LARGE, "A1"))
    turned = WOTW.apply(state, Rotate(0, "cw"))
    assert turned.events[-1] == {
        "kind": "coaster-turned",
        "move": 1,
        "seat": 0,
        "coaster": 0,
        "turn": "cw",
        "before": layout_json(state.layout),
        "after": layout_json(turned.layout),
    }
    assert turned.events[-1]["before"][0] == {"quadrant": "top-left", "rotation": 3}
    assert turned.events[-1]["after"][0] == {"quadrant": "top-left", "rotation": 0}
    assert told(turned) == ["Ann (Aliens) placed a large at C1.", "Ann (Aliens) turned the blue coaster clockwise."]
    done = WOTW.apply(turned, DONE)
    assert done.events[-1] == {"kind": "done", "move": 2, "seat": 0, "coaster": 0}
    assert told(done)[-1] == "Ann (Aliens) finished with the war machine's coaster."


def test_a_moved_coaster_is_said_beside_its_neighbour():
    state = WOTW.apply(position(OBSTACLES), Place(Size.LARGE, "A1"))
    moved = WOTW.apply(state, Relocate(0, "bottom-right"))
    e = moved.events[-1]
    assert (e["kind"], e["coaster"], e["after"][0]) == ("coaster-moved", 0, {"quadrant": "bottom-right", "rotation": 3})
    assert told(moved)[-1] == "Ann (Aliens) moved the blue coaster right of the purple coaster."


def test_a_step_then_a_destruction_name_their_squares_by_slot():
    state = position({**OBSTACLES, "A1": "H1", "A2": "A2"})
    state = WOTW.apply(state, Place(Size.SMALL, "B1"))
    after = WOTW.apply(state, Step("E2", "E1"))
    slot = geometry(after.layout).slot_named
    assert after.events[-2:] == [
        {"kind": "stepped", "move": 1, "seat": 0, "owner": None, "size": "large", "from": slot["E2"], "to": slot["E1"]},
        {"kind": "destroyed", "move": 1, "seat": None, "owner": 1, "size": "small", "slot": slot["A1"]},
    ]
    assert told(after)[-2:] == ["Ann (Aliens) moved an obstacle from E2 to E1.", "Ben's small at A1 was destroyed."]


def test_a_chosen_destruction_and_the_end_are_told_without_the_winner():
    """The end event names no winner in words (the table says "Ann (Aliens) wins." before it)."""
    rng, state = Rng(3), WOTW.new_game(2, None, 3)
    while WOTW.outcome(state) is None:
        destroys = [m for m in WOTW.legal_moves(state) if isinstance(m, Destroy)]
        state = WOTW.apply(state, destroys[0] if destroys else rng.choice(WOTW.legal_moves(state)))
    end = state.events[-1]
    assert end["kind"] == "end" and end["seat"] is None and end["winners"] == list(state.result.winners)
    words = told(state)[-1]
    assert words.startswith("All 27 cells are occupied") and "win" not in words.split(".")[0], words


def test_the_tactical_dice_are_events_too():
    state = position(OBSTACLES, tactical=True, dice=("tip", "hop", "wild"))
    kept = WOTW.apply(state, Keep("wild", "tip"))
    assert kept.events == [{"kind": "kept", "move": 0, "seat": 0, "first": "wild", "second": "tip"}]
    wild = WOTW.apply(kept, WOTW.legal_moves(kept)[0])
    assert told(wild) == ["Ann (Aliens) kept Wild then Tip.", f"Ann (Aliens) used the Wild as {wild.events[-1]['face'].capitalize()}."]
