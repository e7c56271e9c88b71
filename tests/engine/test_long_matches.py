"""A game as long as a save may hold (``MAX_MOVES``, 20,000 moves) plays, saves, travels as a link,
replays, and can be copied, printed and pickled: no structure of a state grows in depth with the
length of a game (Tower Battle's log was a chain of pairs nested one level per line, and a match of
3,882 moves overflowed the browser's stack). These tests also run under Pyodide in Node
(``build.py test``), where the stack is far smaller than CPython's.

Only Tower Battle can be played that long by its players' choices: a match (even a single game)
whose players discard rather than build goes on as long as they like. So its engine ends the match
with the move that fills a save (``match.end_at_move_limit``): the player with more match points
wins it, level points draw it, and no 20,001st move is ever offered. The other games cannot:

- Tower War is bounded by its cards: ten draft rounds, decks of 15 cards, three skirmishes a battle,
  at most three adjustments before each piece (a few hundred moves at most);
- The War of the Worlds places a pyramid from a finite supply every turn (tactical: the game ends
  after 10 turns in a row without one), so its turns run out with the supply;
- Towers of Wyoming makes every player play when they can; without Tidal Influences the Sky loses a
  penny each time the draw pile runs out, so a tower soon wins (under about a thousand moves); with
  them only the coins can stretch it, which is luck, not a move anyone can choose. But under Finicky
  Clients an empty Sky stays empty (it only falls, or has no pennies to toss) and only an empty
  foundation then wins: builders who never empty one play on for ever (builders avoiding every
  winning play passed 20,000 moves in 1 of 87 random games with Tidal Influences, 4 players, Finicky
  Clients). So its engine ends a game at the limit too, the tallest tower winning as in Sudden Death
  (``towers_of_wyoming/rules.py``, ``move_limit_ending``; tested in test_wyoming_options.py).
"""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from tabletop.engine.errors import IllegalMove, SaveError
from tabletop.engine.saves import MAX_MOVES, MAX_SAVE_BYTES, new_save, parse_save, replay
from tabletop.engine.share import MAX_CODE_CHARS, save_from_code, save_to_code
from tabletop.games import GAMES
from tabletop.games.tower_battle import DeclineBattle, DiscardCard
from tabletop.games.tower_battle.facts import MAX_TARGET

TB = GAMES["tower-battle"]


def long_match() -> tuple[list[dict], object]:
    """MAX_MOVES legal moves of a match to the highest target: mostly discards and declined battles
    (so it lasts), with enough plays that games are won and the match score moves. The last of them
    ends the match: a save holds no more."""
    rnd = random.Random(20_000)
    state, moves = TB.new_game(2, {"target": MAX_TARGET, "tnt": True}, 7), []
    while len(moves) < MAX_MOVES:
        assert TB.outcome(state) is None, "the match ended early: choose more discards"
        legal = TB.legal_moves(state)
        slow = [m for m in legal if isinstance(m, (DiscardCard, DeclineBattle))]
        move = rnd.choice(slow if slow and rnd.random() < 0.9 else legal)
        moves.append(TB.move_to_json(move))
        state = TB.apply(state, move)
    return moves, state


def expected_end(scores: list[int]) -> tuple[tuple[int, ...], str]:
    """The winners and the words of a match ended at the move limit with these match points."""
    limit = f"The match reached {MAX_MOVES:,} moves, the most a save can hold"
    (a, b), names = scores, TB.SEAT_NAMES
    if a == b:
        return (), f"{limit}: {names[0]} and {names[1]} are level at {a} point{'s' if a != 1 else ''} each."
    leader = 0 if a > b else 1
    return (leader,), f"{limit}: {names[leader]} leads {max(a, b)} to {min(a, b)}."


def test_a_tower_battle_match_ends_with_the_move_that_fills_a_save_and_replays_from_it():
    moves, played = long_match()
    assert len(moves) == MAX_MOVES and played.moves == MAX_MOVES
    end = TB.outcome(played)
    winners, why = expected_end(played.scores)
    assert end is not None and end.winners == winners and end.why == why and end.scores == tuple(map(float, played.scores))
    assert end.is_draw == (played.scores[0] == played.scores[1]) and max(played.scores) < MAX_TARGET
    assert TB.legal_moves(played) == [] and TB.to_act(played) is None and played.phase == "over"
    unfinished = played.results[-1]  # the game in progress when the limit came: recorded, no one scored it
    assert unfinished.number == played.game_number and unfinished.winner is None and unfinished.points == 0
    assert unfinished.revealed_towers == tuple((suit.value, tuple(str(c) for c, _ in played.towers[suit])) for suit in played.towers)
    assert sum(r.points for r in played.results) == sum(played.scores)
    refused = TB.legal_moves(TB.new_game(2, {}, 1))[0]  # no 20,001st move, whatever it is
    with pytest.raises(IllegalMove, match="The match is over"):
        TB.apply(played, refused)
    save = new_save(TB.ID, {"target": MAX_TARGET, "tnt": True}, ["Ana", "Ben"], 7, moves)
    text = json.dumps(save)  # as storage and export write it
    assert len(text) <= MAX_SAVE_BYTES
    code = save_to_code(save)
    assert len(code) <= MAX_CODE_CHARS
    state = replay(TB, save_from_code(code, GAMES))  # the link's save, checked as a file is
    events = state.event_list()
    assert events == played.event_list() and len(events) > MAX_MOVES and state.scores == played.scores
    assert TB.outcome(state) == end and TB.outcome(replay(TB, parse_save(text, GAMES))) == end  # the finished match replays
    too_long = dict(save, moves=[*moves, moves[-1]])
    with pytest.raises(SaveError, match="list of moves"):
        parse_save(json.dumps(too_long), GAMES)
    assert max(state.scores) > 0 and state.game_number > 1
    assert parse_save(text, GAMES)["moves"] == moves
    assert copy.deepcopy(state).event_list() == events
    assert pickle.loads(pickle.dumps(state)).event_list() == events
    assert repr(events[-1]) in repr(state)
    assert json.loads(json.dumps(TB.view(state, 0)))["events"][-1] == events[-1]


def test_the_longest_tower_battle_moves_fit_a_save_at_the_move_limit():
    """The save limit is a fact of the games: MAX_MOVES of Tower Battle's wordiest move, as stored."""
    longest = max((TB.move_to_json(m) for m in TB.legal_moves(TB.new_game(2, {"tnt": True}, 3))), key=lambda m: len(json.dumps(m)))
    longest = dict(longest, card="10H") if "card" in longest else longest
    record = new_save(TB.ID, {"target": MAX_TARGET}, ["A" * 40, "B" * 40], 2**64 - 1, [longest] * MAX_MOVES)
    assert len(json.dumps(record)) <= MAX_SAVE_BYTES


def test_events_shared_between_copies_are_never_changed_by_either():
    state = TB.new_game(2, {}, 1)
    for _ in range(150):  # past two pages of events
        state = TB.apply(state, TB.legal_moves(state)[0])
    before = state.event_list()
    other = state.copy()
    other.record("no-draw", 1)
    state.record("no-draw", 0)
    assert [e["seat"] for e in other.event_list()[len(before) :]] == [1] and [e["seat"] for e in state.event_list()[len(before) :]] == [0]
    assert other.event_list()[: len(before)] == before == state.event_list()[: len(before)]
