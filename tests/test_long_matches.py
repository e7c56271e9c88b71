"""A game as long as a save may hold (``MAX_MOVES``, 20,000 moves) plays, saves, travels as a link,
replays, and can be copied, printed and pickled: no structure of a state grows in depth with the
length of a game (Tower Battle's log was a chain of pairs nested one level per line, and a match of
3,882 moves overflowed the browser's stack). These tests also run under Pyodide in Node
(``build.py test``), where the stack is far smaller than CPython's.

Only Tower Battle can be played that long by its players' choices: a match to 100 points whose
players discard rather than build goes on as long as they like. The other games cannot:

- Tower War is bounded by its cards: ten draft rounds, decks of 15 cards, three skirmishes a battle,
  at most three adjustments before each piece (a few hundred moves at most);
- The War of the Worlds places a pyramid from a finite supply every turn (tactical: the game ends
  after 10 turns in a row without one), so its turns run out with the supply;
- Towers of Wyoming makes every player play when they can; without Tidal Influences the Sky loses a
  penny each time the draw pile runs out, so a tower soon wins (under about a thousand moves); with
  them only the coins can stretch it (players avoiding every winning play ended within 1,854 moves
  in our trials), which is luck, not a move anyone can choose.
"""

from __future__ import annotations

import copy
import json
import pickle
import random

from tabletop.engine.saves import MAX_MOVES, MAX_SAVE_BYTES, new_save, parse_save, replay
from tabletop.engine.share import MAX_CODE_CHARS, save_from_code, save_to_code
from tabletop.games import GAMES
from tabletop.games.tower_battle import DeclineBattle, DiscardCard
from tabletop.games.tower_battle.match import MAX_TARGET

TB = GAMES["tower-battle"]


def long_match() -> tuple[list[dict], object]:
    """MAX_MOVES legal moves of a match to the highest target: mostly discards and declined battles
    (so it lasts), with enough plays that games are won and the match score moves."""
    rnd = random.Random(20_000)
    state, moves = TB.new_game(2, {"target": MAX_TARGET, "tnt": True}, 7), []
    while len(moves) < MAX_MOVES:
        legal = TB.legal_moves(state)
        slow = [m for m in legal if isinstance(m, (DiscardCard, DeclineBattle))]
        move = rnd.choice(slow if slow and rnd.random() < 0.9 else legal)
        moves.append(TB.move_to_json(move))
        state = TB.apply(state, move)
        assert TB.outcome(state) is None, "the match ended early: choose more discards"
    return moves, state


def test_a_tower_battle_match_of_the_longest_save_replays_from_its_save_and_its_link():
    moves, played = long_match()
    save = new_save(TB.ID, {"target": MAX_TARGET, "tnt": True}, ["Ana", "Ben"], 7, moves)
    text = json.dumps(save)  # as storage and export write it
    assert len(text) <= MAX_SAVE_BYTES
    code = save_to_code(save)
    assert len(code) <= MAX_CODE_CHARS
    state = replay(TB, save_from_code(code, GAMES))  # the link's save, checked as a file is
    lines = state.log_lines()
    assert lines == played.log_lines() and len(lines) > MAX_MOVES and state.scores == played.scores
    assert max(state.scores) > 0 and state.game_number > 1
    assert parse_save(text, GAMES)["moves"] == moves
    assert copy.deepcopy(state).log_lines() == lines
    assert pickle.loads(pickle.dumps(state)).log_lines() == lines
    assert lines[-1] in repr(state)
    assert json.loads(json.dumps(TB.view(state, 0)))["log"][-1] == lines[-1]


def test_the_longest_tower_battle_moves_fit_a_save_at_the_move_limit():
    """The save limit is a fact of the games: MAX_MOVES of Tower Battle's wordiest move, as stored."""
    longest = max((TB.move_to_json(m) for m in TB.legal_moves(TB.new_game(2, {"tnt": True}, 3))), key=lambda m: len(json.dumps(m)))
    longest = dict(longest, card="10H") if "card" in longest else longest
    record = new_save(TB.ID, {"target": MAX_TARGET}, ["A" * 40, "B" * 40], 2**64 - 1, [longest] * MAX_MOVES)
    assert len(json.dumps(record)) <= MAX_SAVE_BYTES


def test_a_log_shared_between_copies_is_never_changed_by_either():
    state = TB.new_game(2, {}, 1)
    for _ in range(150):  # past two pages of the log
        state = TB.apply(state, TB.legal_moves(state)[0])
    before = state.log_lines()
    other = state.copy()
    other.say("only in the copy")
    state.say("only in the original")
    assert other.log_lines() == [*before, "only in the copy"] and state.log_lines() == [*before, "only in the original"]
