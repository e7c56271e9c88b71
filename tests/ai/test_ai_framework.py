"""The shared machinery: slicing, time caps, fallbacks, the tree search on a toy game."""

from __future__ import annotations

import types
from dataclasses import dataclass
from typing import ClassVar

import pytest

from tabletop.ai.levels import BUDGETS
from tabletop.ai.mcts import Rules, TreeSearch
from tabletop.ai.search import Decided, RandomSearch, Search, Thinking
from tabletop.engine.moves import Move, MoveCodec
from tabletop.engine.outcome import Outcome
from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.levels import LEVELS
from tabletop.sim import decisions as ai
from tabletop.sim.players import BOTS, make_player

# --------------------------------------------------------------------------- a toy game: Nim


@dataclass(frozen=True)
class Take(Move):
    kind: ClassVar[str] = "take"
    n: int


@dataclass
class NimState:
    stones: int
    player: int = 0
    winner: int | None = None


CODEC = MoveCodec(Take)


def nim_module(with_ai: bool) -> types.ModuleType:
    """A registered-like game module; the last stone wins. Optional ``ai`` with a determinize hook."""
    m = types.ModuleType("toy_nim_" + ("ai" if with_ai else "plain"))
    m.MIN_PLAYERS = m.MAX_PLAYERS = 2
    m.new_game = lambda seats, options, seed: NimState(10)
    m.legal_moves = lambda s: [] if s.winner is not None else [Take(n) for n in (1, 2, 3) if n <= s.stones]
    m.to_act = lambda s: None if s.winner is not None else s.player

    def apply(s, move):
        left = s.stones - move.n
        return NimState(left, 1 - s.player, s.player if left == 0 else None)

    m.apply = apply
    m.outcome = lambda s: None if s.winner is None else Outcome((s.winner,), "took the last stone")
    m.view = lambda s, seat: {"stones": s.stones, "to_act": m.to_act(s)}
    m.move_to_json, m.move_from_json = CODEC.to_json, CODEC.from_json
    return m


def test_every_level_is_a_player_and_has_a_budget():
    assert set(LEVELS) == {"easy", "normal", "hard"}
    assert set(LEVELS) | {"random"} == set(BOTS)
    assert all(BUDGETS[lv].time_cap and BUDGETS[lv].iterations > 0 for lv in LEVELS)
    with pytest.raises(KeyError, match="unknown player level"):
        make_player("grandmaster", Rng(1))


def test_a_game_without_an_ai_module_is_played_at_random(monkeypatch):
    nim = nim_module(with_ai=False)
    monkeypatch.setattr(ai, "ai_module", lambda module: None)
    s = NimState(10)
    for level in LEVELS:
        search = ai.searcher(nim, nim.view(s, 0), nim.legal_moves(s), 0, level, Rng(3))
        assert isinstance(search, RandomSearch)
        assert Thinking(search).run() in nim.legal_moves(s)


def test_a_game_with_only_determinize_gets_the_tree_search(monkeypatch):
    """Nim from 5 stones: taking 1 (leaving 4) is the only winning move; the shared search finds it."""
    nim = nim_module(with_ai=True)
    hooks = types.SimpleNamespace(
        determinize=lambda view, seat, rng: NimState(view["stones"], view["to_act"]), TREE={"normal": {"iterations": 400}}
    )
    monkeypatch.setattr(ai, "ai_module", lambda module: hooks)
    s = NimState(5)
    search = ai.searcher(nim, nim.view(s, 0), nim.legal_moves(s), 0, "normal", Rng(3))
    assert isinstance(search, TreeSearch)
    assert Thinking(search).run() == Take(1)


def test_one_legal_move_needs_no_thought():
    wotw = GAMES["war-of-the-worlds"]
    s = wotw.new_game(2, None, 1)
    only = wotw.legal_moves(s)[:1]
    search = ai.searcher(wotw, wotw.view(s, 0), only, 0, "hard", Rng(1))
    t = Thinking(search)
    assert isinstance(search, Decided) and t.run() == only[0] and t.iterations == 0


def test_slices_give_the_same_decision_as_one_go():
    rules = Rules(
        nim_module(True).legal_moves,
        nim_module(True).apply,
        lambda s: None if s.winner is not None else s.player,
        lambda s: None if s.winner is None else Outcome((s.winner,), ""),
        2,
    )
    state = NimState(9)

    def fresh():
        return TreeSearch(rules, lambda r: state, rules.legal_moves(state), 0, Rng(11), 300)

    whole = Thinking(fresh()).run()
    sliced = Thinking(fresh())
    slices = 0
    while not sliced.advance(0.0):  # one unit per slice
        slices += 1
    assert sliced.move == whole == Take(1)  # 9 -> leave 8, a multiple of 4
    assert slices >= 299 and sliced.iterations == 300


class Endless(Search):
    def __init__(self):
        self.iterations = 0

    def work(self):
        while True:
            self.iterations += 1
            yield

    def best(self):
        return f"after {self.iterations}"


def test_the_time_cap_stops_thinking_with_the_best_so_far():
    now = [0.0]

    def clock():
        now[0] += 0.01  # every look at the clock: 10 ms later
        return now[0]

    t = Thinking(Endless(), time_cap=0.5, clock=clock)
    move = t.run()
    assert t.capped and t.done and move.startswith("after ")
    assert 10 <= t.iterations <= 60


def test_a_slice_ends_soon_after_its_time():
    now = [0.0]

    def clock():
        now[0] += 0.004
        return now[0]

    t = Thinking(Endless(), clock=clock)
    assert t.advance(0.03) is False
    assert t.longest_slice <= 0.03 + 0.02 and t.slices == 1


def test_legal_moves_are_put_in_a_canonical_order():
    tb = GAMES["tower-battle"]
    s = tb.new_game(2, None, 4)
    legal = tb.legal_moves(s)
    assert ai.canonical(tb, legal) == ai.canonical(tb, list(reversed(legal)))


def test_computer_players_read_only_the_view_and_the_legal_moves():
    """A state object that refuses every attribute access: the player must go through the module."""
    wotw = GAMES["war-of-the-worlds"]
    real = wotw.new_game(2, None, 5)

    class Sealed:
        def __getattribute__(self, name):
            raise AssertionError(f"the computer looked at state.{name}")

    module = types.SimpleNamespace(**{k: getattr(wotw, k) for k in ("ID", "move_to_json", "MIN_PLAYERS", "MAX_PLAYERS")})
    module.view = lambda state, seat: wotw.view(real, seat)
    module.legal_moves = lambda state: wotw.legal_moves(real)
    move = make_player("easy", Rng(1))(module, Sealed(), 0)
    assert move in wotw.legal_moves(real)
