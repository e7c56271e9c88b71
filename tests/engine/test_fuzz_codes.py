"""Codes from outside are refused clearly, never drawn or looped over, whatever number they hold.

Real codes of every game (``p1.`` positions of the card games at several moments and seats,
``g1.`` links of whole games) are decoded with each number in them replaced, one at a time, by a
value no game shows: huge, negative, fractional, true, text (digits, "²", "５"), nothing, a list.
Every one must be refused with a SaveError whose message is one readable line. Bounds come from
each game's ``VIEW_BOUNDS`` (positions) and from its rules on replay (links); a value a bound
allows there (nothing where nothing is allowed, a fraction where millimetres are) is not tried.
Seeded, so a failure names its code and place; no wall time is asserted: the counts and the
slowest refusal are printed for the record (``pytest -s``).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from tabletop.engine.bounds import Bound
from tabletop.engine.errors import SaveError
from tabletop.engine.position_codes import POSITION_VERSION, read_position, seen_code
from tabletop.engine.saves import new_save
from tabletop.engine.share import LINK_VERSION, pack_json, save_to_code, text_from_code
from tabletop.games import GAMES

HUGE = [10**6, 2**64, 1e308, -(10**9), -1e308]  # beyond anything any game counts or measures
ODD = [True, "3", "²", "５", [1], {"n": 1}, None, float("inf"), float("nan")]
IN_BETWEEN = [-1, 0.5, 3.0]  # wrong only where a bound says so: tried on positions, whose bounds are declared


def numbers(data: Any, path: tuple = ()) -> list[tuple]:
    """The place of every number (not true/false) in ``data``, as a tuple of keys and indexes."""
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in numbers(v, (*path, k))]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in numbers(v, (*path, i))]
    return [path] if isinstance(data, (int, float)) and not isinstance(data, bool) else []


def put(data: Any, path: tuple, value: Any) -> Any:
    data = json.loads(json.dumps(data))
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


def pattern(path: tuple) -> str:
    return ".".join("*" if isinstance(k, int) else str(k) for k in path)


def allowed(bound: Bound | None, value: Any) -> bool:
    """Whether a view's bound lets ``value`` through (then it is no refusal to test)."""
    if bound is None:
        return False
    if value is None:
        return bound.null
    if isinstance(value, bool) or not isinstance(value, (int, float)) or bound.kind == "list":
        return False
    if bound.kind == "count" and not isinstance(value, int):
        return False
    return value == value and bound.low <= value <= bound.high  # NaN is no number


def play(module, seats: int, options: dict, seed: int, moves: int) -> tuple[Any, list]:
    rnd = random.Random(seed)
    state, made = module.new_game(seats, options, seed), []
    while len(made) < moves and module.outcome(state) is None:
        move = rnd.choice(module.legal_moves(state))
        made.append(module.move_to_json(move))
        state = module.apply(state, move)
    return state, made


def real_positions(module) -> list[str]:
    """Position codes of a card game: the start, the middle and the end, seen by a player and by anyone."""
    codes = []
    options = dict(module.default_options(), **({"scoring": "advanced", "tnt": True} if module.ID == "tower-battle" else {}))
    for seed, moves in ((1, 0), (2, 25), (3, 60), (4, 10_000)):  # to the end: 10,000 is more than any game here takes
        state, _ = play(module, module.MAX_PLAYERS if seed % 2 else module.MIN_PLAYERS, options, seed, moves)
        names = [f"P{i + 1}" for i in range(module.MIN_PLAYERS if seed % 2 == 0 else module.MAX_PLAYERS)]
        for seat in (seed % len(names), None):
            codes.append(seen_code(module, state, seat, names, options))
    return codes


FUZZED = {"codes": 0, "mutations": 0, "refusals": 0, "slowest_ms": 0.0, "slowest": ""}


@pytest.fixture(scope="module", autouse=True)
def counts_for_the_record():
    """What was fuzzed, printed once the file has run (``pytest -s``; no time is asserted)."""
    yield
    print(
        f"\ncodes fuzzed: {FUZZED['codes']}, mutations tried: {FUZZED['mutations']}, refused: {FUZZED['refusals']}, "
        f"slowest refusal: {FUZZED['slowest_ms']:.1f} ms ({FUZZED['slowest']})"
    )


def refused(code: str, where: str) -> str:
    started = time.perf_counter()
    with pytest.raises(SaveError) as caught:
        read_position(code, GAMES)
    ms = (time.perf_counter() - started) * 1000
    FUZZED["mutations"] += 1
    FUZZED["refusals"] += 1
    if ms > FUZZED["slowest_ms"]:
        FUZZED["slowest_ms"], FUZZED["slowest"] = ms, where
    message = str(caught.value)
    assert message and "\n" not in message and len(message) < 300 and "Traceback" not in message, (where, message)
    return message


def shorter(view: dict) -> None:
    """A shorter code to pack 2,000 times: the log's last lines (an earlier edition's English log
    holds no number), and one event of each shape (its kind and the facts it gives), which keeps
    every place an event can hold a number."""
    if "log" in view:
        view["log"] = view["log"][-3:]
    if "events" in view:
        shapes = {(e["kind"], *sorted(k for k, v in e.items() if v is not None)): e for e in view["events"]}
        view["events"] = list(shapes.values())


@pytest.mark.parametrize("game", [g for g, m in GAMES.items() if m.HIDDEN_INFORMATION])
def test_every_number_of_a_position_out_of_bounds_is_refused(game):
    module = GAMES[game]
    seen = set()  # each place once (its first list item): the bounds are per place
    for code in real_positions(module):
        read_position(code, GAMES)  # the real code reads
        FUZZED["codes"] += 1
        data = json.loads(text_from_code(code, POSITION_VERSION))
        shorter(data["view"])
        for path in numbers(data["view"]):
            if pattern(path) in seen:
                continue
            seen.add(pattern(path))
            bound = module.VIEW_BOUNDS.get(pattern(path))
            for value in HUGE + ODD + IN_BETWEEN:
                if allowed(bound, value):
                    continue
                message = refused(pack_json(put(data, ("view", *path), value), POSITION_VERSION), f"{game} {path} = {value!r}")
                named = [str(k) for k in path if not isinstance(k, int)][-1]
                assert named in message or path == ("seat",), message  # the view's seat must be the code's


@pytest.mark.parametrize("game", list(GAMES))
def test_every_number_of_a_game_link_out_of_bounds_is_refused(game):
    """A link's numbers (version, seed, a variant, every number in a move) are checked by the save's
    reader and the rules on replay: the same refusal a file gets."""
    module = GAMES[game]
    options = {"target": 5} if game == "tower-battle" else {}
    seen = set()
    for seed, moves in ((5, 40), (6, 120)):
        _, made = play(module, module.MIN_PLAYERS, options, seed, moves)
        save = new_save(game, options, [{"name": "A"}, {"name": "B"}], seed, made)
        code = save_to_code(save)
        if module.HIDDEN_INFORMATION:
            from tabletop.engine.share import save_from_code

            save_from_code(code, GAMES)  # the real link reads
        else:
            read_position(code, GAMES)
        FUZZED["codes"] += 1
        data = json.loads(text_from_code(code))
        for path in numbers(data):
            if pattern(path) in seen:
                continue
            seen.add(pattern(path))
            for value in HUGE + ODD:
                if path == ("seed",) and isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**128:
                    continue  # any seed is a deal
                link = pack_json(put(data, path, value), LINK_VERSION)
                refused_link(link, game, f"{game} link {path} = {value!r}")


def refused_link(code: str, game: str, where: str) -> None:
    from tabletop.engine.saves import replay
    from tabletop.engine.share import save_from_code

    started = time.perf_counter()
    with pytest.raises(SaveError) as caught:
        replay(GAMES[game], save_from_code(code, GAMES))
    ms = (time.perf_counter() - started) * 1000
    FUZZED["mutations"] += 1
    FUZZED["refusals"] += 1
    if ms > FUZZED["slowest_ms"]:
        FUZZED["slowest_ms"], FUZZED["slowest"] = ms, where
    message = str(caught.value)
    assert message and "\n" not in message and len(message) < 300, (where, message)
