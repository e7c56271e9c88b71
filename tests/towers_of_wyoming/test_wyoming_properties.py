"""Properties over many random games: they end, the 100 cards stay accounted for, views
keep hands secret, replays are exact, moves round-trip through JSON."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from wyoming_helpers import all_cards, assert_accounted

import tabletop.games.towers_of_wyoming as tw
from tabletop.engine.cards import Suit
from tabletop.engine.errors import IllegalMove
from tabletop.engine.rng import Rng
from tabletop.games.towers_of_wyoming.rules import OPTION_DEFAULTS, Play

OPTION_KEYS = sorted(OPTION_DEFAULTS)
MOVE_CAP = 3000


def options_from_bits(bits: int) -> dict:
    return {key: bool(bits >> i & 1) for i, key in enumerate(OPTION_KEYS)}


def endless_play_allowed(options: dict) -> bool:
    """Where the rules set no end: Finicky Clients (an empty Sky, or towers that keep missing the
    exact size) and Tidal Influences (the Sky may keep climbing). Sudden Death always ends: the
    discards are never reshuffled and every turn spends a card. Without either switch the Sky only
    falls, and at 0 any tower wins."""
    return (options["finicky_clients"] or options["tidal_influences"]) and not options["sudden_death"]


def random_game(players, options, seed, check=None):
    state = tw.new_game(players, options, seed)
    rng = Rng(seed ^ 0xABCDEF)
    moves = []
    while tw.outcome(state) is None and len(moves) < MOVE_CAP:
        legal = tw.legal_moves(state)
        assert legal, "a running game always offers a move"
        move = legal[rng.below(len(legal))]
        if check:
            check(state, legal, move)
        state = tw.apply(state, move)
        moves.append(move)
    return state, moves


DEEP_EVERY = 10  # every tenth game is also replayed and has its views checked ...
VIEW_EVERY = 12  # ... every twelfth step (from a different first step in each game): a leak is
# a rule of the view, so it shows again and again, and a whole check costs ~2 ms a step


def test_thousand_random_games_end_and_keep_every_card():
    """1000 games over 2-4 players and all 64 option combinations. Each ends, or reaches the cap
    only where ``endless_play_allowed``; the 100 cards are accounted for after every move. Every
    tenth game also shows no hand in another seat's view (every twelfth step), and replays exactly."""
    unfinished = deep_steps = 0
    for i in range(1000):
        players = 2 + i % 3
        options = options_from_bits(i * 7 % 64)
        deep = i % DEEP_EVERY == 0
        step = iter(range(i // DEEP_EVERY, 10**9))

        def count(state, legal, move, deep=deep, step=step):
            nonlocal deep_steps
            total = len(state.draw) + len(state.discard) + sum(map(len, state.hands))
            total += sum(len(t) for ts in state.towers for t in ts)
            assert total == 100
            if deep and next(step) % VIEW_EVERY == 0:
                assert_no_other_hand_in_view(state)
                deep_steps += 1

        state, moves = random_game(players, options, seed=10_000 + i, check=count)
        assert_accounted(state)
        if deep:
            assert_replays(players, options, 10_000 + i, moves, state)
        assert all(not h for p, h in enumerate(state.hands) if not state.in_game[p])
        if tw.outcome(state) is None:
            assert endless_play_allowed(options), f"game {i} ({players} players, {options}) hit the cap"
            unfinished += 1
        else:
            assert tw.legal_moves(state) == [] and tw.to_act(state) is None
            assert all(state.in_game[w] for w in tw.outcome(state).winners)
    assert unfinished <= 10 and deep_steps > 350


def scrambled(state, seat):
    """The same public position with every hand except ``seat``'s, and the draw pile, dealt anew."""
    s = state.copy()
    others = [p for p in range(s.players) if p != seat]
    pool = s.draw + [c for p in others for c in s.hands[p]]
    Rng(len(pool) * 7919 + 1).shuffle(pool)
    for p in others:
        n = len(s.hands[p])
        s.hands[p], pool = sorted(pool[:n]), pool[n:]
    s.draw = pool
    return s


def check_step(state, legal, move):
    # JSON round trip of every legal move, and no duplicates
    for m in legal:
        assert tw.move_from_json(json.loads(json.dumps(tw.move_to_json(m)))) == m
    assert len(set(legal)) == len(legal)
    # every legal move applies; the input state is untouched
    before = state.copy()
    for m in legal[:: max(1, len(legal) // 6)]:
        tw.apply(state, m)
    assert state == before
    # an illegal probe is refused and leaves the state unchanged
    probe = Play(Suit.HEARTS, 8, state.current, 0)
    try:
        tw.apply(state, probe)
        raise AssertionError("8 cards of one suit cannot be held")
    except IllegalMove:
        pass
    assert state == before
    assert_no_other_hand_in_view(state)


def assert_no_other_hand_in_view(state):
    """Scrambling the cards a seat may not see changes nothing in its view, and the hand
    of the seat to act shows in no other seat's view."""
    for seat in [None, *range(state.players)]:
        v = tw.view(state, seat)
        json.dumps(v)
        assert tw.view(scrambled(state, seat), seat) == v
    mine = {c["code"] for c in tw.view(state, state.current)["hand"]}
    for seat in range(state.players):
        if seat != state.current and state.hands[state.current]:
            assert not mine & set(json.dumps(tw.view(state, seat)).split('"'))


def assert_replays(players, options, seed, moves, state):
    """The same seed and moves (through JSON) give the same state and views."""
    replayed = tw.new_game(players, options, seed)
    for m in moves:
        replayed = tw.apply(replayed, tw.move_from_json(json.loads(json.dumps(tw.move_to_json(m)))))
    assert replayed == state
    assert all(tw.view(replayed, p) == tw.view(state, p) for p in [None, *range(players)])


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), bits=st.integers(0, 63), seed=st.integers(0, 2**32))
def test_random_games_hold_every_property(players, bits, seed):
    options = options_from_bits(bits)
    state, moves = random_game(players, options, seed, check=check_step)
    assert_accounted(state)
    assert_replays(players, options, seed, moves, state)
    if tw.outcome(state) is not None:
        assert tw.legal_moves(state) == []


def test_epoch_grows_and_cards_never_duplicate_in_one_game():
    state, moves = random_game(4, options_from_bits(0), seed=77)
    replay = tw.new_game(4, None, 77)
    last = tw.epoch(replay)
    for m in moves:
        replay = tw.apply(replay, m)
        assert tw.epoch(replay) > last
        last = tw.epoch(replay)
        assert len(set(all_cards(replay))) == 100
