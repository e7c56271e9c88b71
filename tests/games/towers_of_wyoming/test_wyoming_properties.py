"""Properties over many random games: they end, the 100 cards stay accounted for, views
keep hands secret, replays are exact, moves round-trip through JSON."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop.games.towers_of_wyoming as tw
from tabletop.engine.cards import Suit
from tabletop.engine.errors import IllegalMove
from tabletop.engine.rng import Rng
from tabletop.games.towers_of_wyoming.facts import OPTION_DEFAULTS
from tabletop.games.towers_of_wyoming.moves import Play

from .wyoming_helpers import all_cards, assert_accounted

OPTION_KEYS = sorted(OPTION_DEFAULTS)
SWITCHES = [k for k in OPTION_KEYS if k != "three_player_two_foundations"]
TABLES = [(2, False), (3, False), (3, True), (4, False)]  # players, and the 3-player two-foundation set-up
MOVE_CAP = 10_000  # a bound, not a rule: every game ends (the longest seen in 25,600 random games: 3,158 moves)


def options_from_bits(bits: int) -> dict:
    return {key: bool(bits >> i & 1) for i, key in enumerate(OPTION_KEYS)}


def every_option_set():
    """Each combination of the five switches at each table: 32 x 4 = 128 option sets."""
    for bits in range(1 << len(SWITCHES)):
        for players, two in TABLES:
            options = {key: bool(bits >> i & 1) for i, key in enumerate(SWITCHES)}
            yield players, dict(options, three_player_two_foundations=two)


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
    """1000 games over 2-4 players and all 64 option combinations. Each ends; the 100 cards are
    accounted for after every move. Every
    tenth game also shows no hand in another seat's view (every twelfth step), and replays exactly."""
    deep_steps = 0
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
        assert tw.outcome(state) is not None, f"game {i} ({players} players, {options}) hit the cap"
        assert tw.legal_moves(state) == [] and tw.to_act(state) is None
        assert all(state.in_game[w] for w in tw.outcome(state).winners)
    assert deep_steps > 350


GAMES_PER_OPTION_SET = 4


def test_every_option_set_ends():
    """This edition's readings (rules page, "When the draw pile runs out", "Optional rules"): every game ends, whatever the options. Random games under each of the 128 option
    sets (Finicky Clients at Sky 0 ends through an empty foundation; Tidal Influences may push the Sky
    up, but it comes back). None reaches the cap; an empty Sky under Finicky Clients ends the game at once."""
    longest = 0
    played = {}
    for n, (players, options) in enumerate(every_option_set()):
        for g in range(GAMES_PER_OPTION_SET):
            seed = 50_000 + n * GAMES_PER_OPTION_SET + g
            state, moves = random_game(players, options, seed, check=sky_0_ends_finicky_games)
            assert tw.outcome(state) is not None, f"{players} players, {options}, seed {seed}: no end in {MOVE_CAP} moves"
            longest = max(longest, len(moves))
            key = (players, tuple(sorted(k for k, on in options.items() if on)))
            played[key] = played.get(key, 0) + 1
    assert len(played) == 128 and set(played.values()) == {GAMES_PER_OPTION_SET}
    assert longest < MOVE_CAP


def sky_0_ends_finicky_games(state, legal, move):
    """Under Finicky Clients, a turn played at Sky 0 after which the game goes on leaves no builder
    with an empty foundation (one would have won)."""
    if state.options["finicky_clients"] and state.sky == 0:
        after = tw.apply(state, move)
        if tw.outcome(after) is None:
            assert all(t for p in tw.rules.remaining(after) for t in after.towers[p]), "an empty foundation should have won"


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
    # A card everyone saw (discarded, then shuffled back and drawn) may be named by the public
    # record, and a seat knows the cards it drew itself (a hand put out by Contractual Deadlines is
    # shuffled into the new draw pile); no seat may see more of the hand than that.
    mine = {c["code"] for c in tw.view(state, state.current)["hand"]} - set(json.dumps(tw.view(state, None)).split('"'))
    for seat in range(state.players):
        if seat != state.current and state.hands[state.current]:
            seen = tw.view(state, seat)
            own = {card for e in seen["events"] if e["kind"] == "draw" and e["seat"] == seat for card in e["cards"]}
            assert not (mine - own) & set(json.dumps(seen).split('"'))
    assert_draws_named_to_the_drawer_alone(state)


def assert_draws_named_to_the_drawer_alone(state):
    """Every event of every view: a draw names its cards in the drawer's own view, and in no other."""
    for seat in [None, *range(state.players)]:
        for e in tw.view(state, seat)["events"]:
            if e["kind"] == "draw":
                assert ("cards" in e) == (e["seat"] == seat), (seat, e)


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
