"""Property tests: random matches under every option mix end, conserve the cards,
never show a seat another seat's secrets, replay exactly, and keep the contract."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop.games.tower_battle as tb
from tabletop.engine.cards import KING, Card, Suit
from tabletop.engine.errors import IllegalMove
from tabletop.engine.rng import Rng
from tabletop.games.tower_battle import ChooseScoringCard, DeclareBattle, DiscardCard, PlayCard
from tabletop.games.tower_battle.facts import ARMY_RANKS, SIDE_SUITS, TNT, side_cards

# Short matches (a few games each) under every variant, so the suite stays fast.
OPTION_SETS = [
    {"target": 2},
    {"tnt": True, "target": 2},
    {"scoring": "advanced", "target": 5},
    {"scoring": "advanced", "tnt": True, "target": 5, "first": "red"},
    {"target": 1, "first": "black"},
]
MOVE_CAP = 20_000


def play_random(options: dict, seed: int, each_step=None):
    """Play a random match to its end; returns (final state, moves made)."""
    s = tb.new_game(2, options, seed)
    rng = Rng(seed ^ 0xB477)
    moves = []
    while tb.outcome(s) is None:
        legal = tb.legal_moves(s)
        assert legal, "a running match always offers a move"
        move = rng.choice(legal)
        if each_step:
            each_step(s, legal, move)
        s = tb.apply(s, move)
        moves.append(move)
        assert len(moves) < MOVE_CAP
    return s, moves


SIDES = {(seat, tnt): frozenset(side_cards(seat, tnt)) for seat in (0, 1) for tnt in (False, True)}


def assert_cards_conserved(s) -> None:
    """Every card of each colour is in exactly one place; with the 4 kings on the table that is
    40 cards (44 with TNT). (The rules page, "The cards": A, 2-7, J, Q, K of two suits is 20
    cards a colour.)"""
    total = 4
    for seat in (0, 1):
        held = list(s.all_cards(seat))
        assert len(held) == len(SIDES[seat, s.settings.tnt]) and set(held) == SIDES[seat, s.settings.tnt]
        total += len(held)
    assert total == (44 if s.settings.tnt else 40)


def test_a_thousand_random_games_end_with_every_card_accounted_for():
    games = matches = 0
    champions = Counter()
    while games < 1000:
        options = OPTION_SETS[matches % len(OPTION_SETS)]
        s, moves = play_random(options, seed=10_000 + matches, each_step=lambda s, legal, move: assert_cards_conserved(s))
        assert_cards_conserved(s)
        out = tb.outcome(s)
        assert len(out.winners) == 1 and s.scores[out.winners[0]] >= s.settings.target
        assert tb.legal_moves(s) == [] and tb.to_act(s) is None
        assert len(s.results) == s.game_number
        champions[out.winners[0]] += 1
        games += len(s.results)
        matches += 1
    assert min(champions.values()) > matches / 3


def scramble_secrets(s, seat: int, rng: Rng):
    """A copy of ``s`` in which ``seat``'s hidden cards (hand, stock, face-down tower cards, an
    unrevealed scoring card) are dealt differently; nothing public changes."""
    t = s.copy()
    private = t.hands[seat] + t.stocks[seat]
    for suit in SIDE_SUITS[seat]:
        tower = t.towers[suit]
        for i, (card, up) in enumerate(tower):
            swaps = [j for j, c in enumerate(private) if c.suit == suit and (c.rank in ARMY_RANKS or c.rank == TNT)]
            if not up and swaps:
                j = rng.choice(swaps)
                tower[i], private[j] = (private[j], False), card
    if t.scoring_cards[seat] is not None and t.phase != "over" and private:
        j = rng.below(len(private))
        t.scoring_cards[seat], private[j] = private[j], t.scoring_cards[seat]
    rng.shuffle(private)
    n = len(t.hands[seat])
    t.hands[seat], t.stocks[seat] = private[:n], private[n:]
    return t


def tokens(data) -> set[str]:
    """Every string in ``data`` (card codes among them)."""
    return set(json.dumps(data).split('"'))


# Where an event names a card everyone saw (played face up, discarded, taken from a tower to a
# discard pile, turned up in a battle or at the count, a scoring card shown at the game's end): a
# card named anywhere else in an event (drawn, dealt, played face down, set as a scoring card) is
# its owner's secret.
SEEN = {
    "play": ("card",),
    "discard": ("card",),
    "assassin-misses": ("card",),
    "assassin-strikes": ("card", "taken"),
    "knave-seen": ("knave", "taken"),
    "knave-exposed": ("knave", "taken"),
    "diplomat": ("card",),
    "battle": ("cards",),
    "battle-won": ("cards", "taken"),
    "battle-tied": ("cards", "taken"),
    "tnt-found": ("card",),
    "scored": ("cards",),
}


def seen_by_all(events: list) -> set[str]:
    found: set[str] = set()
    for e in events:
        for key in SEEN.get(e["kind"], ()):
            value = e.get(key)
            found.update([value] if isinstance(value, str) else [c for c in value or () if c])
    return found


def assert_events_name_no_secret(s, views: dict) -> None:
    """The events of a view name none of the hidden cards (a hand, a stock, face down on a tower,
    a scoring card not yet turned up) of a side the viewer is not, unless everyone saw that card
    once (it may since be back in a hand)."""
    public = seen_by_all(views[None]["events"])
    hidden = {}
    for side in (0, 1):
        cards = {str(c) for c in s.hands[side] + s.stocks[side]}
        cards |= {str(c) for suit in SIDE_SUITS[side] for c, up in s.towers[suit] if not up}
        if s.scoring_cards[side] is not None and s.phase != "over":
            cards.add(str(s.scoring_cards[side]))
        hidden[side] = cards - public
    for viewer in (0, 1, None):
        secrets = set().union(*(hidden[side] for side in (0, 1) if side != viewer))
        assert not secrets & tokens(views[viewer]["events"]), viewer


def check_step(s, legal, move, rng: Rng, epochs: list) -> None:
    """Everything that must hold at every position of a random match."""
    assert_cards_conserved(s)
    assert epochs[-1] <= tb.epoch(s)
    epochs.append(tb.epoch(s))
    for m in legal:
        assert tb.move_from_json(json.loads(json.dumps(tb.move_to_json(m)))) == m
    # Views are JSON and hold no secrets of the other seat (or, for a spectator, of anyone).
    views = {}
    for viewer in (0, 1, None):
        v = views[viewer] = tb.view(s, viewer)
        json.dumps(v)
        assert v["to_act"] == tb.to_act(s) and v["epoch"] == tb.epoch(s) and v["outcome"] is None
        twin = s
        for other in (0, 1):
            if other != viewer:
                twin = scramble_secrets(twin, other, rng)
        assert tb.view(twin, viewer) == v
    if len(epochs) % 4 == 0:  # (every fourth step: a leak is a rule of the view, so it shows again and again)
        assert_events_name_no_secret(s, views)
    # Illegal moves raise and leave the state alone.
    before = s.copy()
    probes = [
        DeclareBattle(),
        DiscardCard(Card(KING, Suit.HEARTS)),
        PlayCard(Card(1, Suit.HEARTS), False),
        ChooseScoringCard(Card(KING, Suit.SPADES)),
    ]
    for probe in probes:
        if probe not in legal:
            try:
                tb.apply(s, probe)
            except IllegalMove:
                pass
            else:
                raise AssertionError(f"{probe} was accepted though not legal")
    assert s == before
    # Every legal move applies (checked on a sample to keep the suite fast).
    for m in legal[:: max(1, len(legal) // 3)]:
        tb.apply(s, m)
    assert s == before


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), option_index=st.integers(0, len(OPTION_SETS) - 1))
def test_random_matches_keep_every_invariant(seed, option_index):
    rng = Rng(seed)
    epochs = [0]
    s, moves = play_random(OPTION_SETS[option_index], seed, lambda s, legal, move: check_step(s, legal, move, rng, epochs))
    final = tb.view(s, None)
    assert final["outcome"]["winners"] == list(tb.outcome(s).winners)
    assert [r["game"] for r in final["match"]["results"]] == list(range(1, len(s.results) + 1))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), option_index=st.integers(0, len(OPTION_SETS) - 1))
def test_same_seed_and_moves_replay_to_the_same_state(seed, option_index):
    options = OPTION_SETS[option_index]
    s, moves = play_random(options, seed)
    replayed = tb.new_game(2, options, seed)
    for data in [json.loads(json.dumps(tb.move_to_json(m))) for m in moves]:
        replayed = tb.apply(replayed, tb.move_from_json(data))
    assert replayed == s
    assert tb.view(replayed, 0) == tb.view(s, 0) and tb.outcome(replayed) == tb.outcome(s)


def test_different_seeds_deal_differently():
    hands = {tuple(map(str, tb.new_game(2, None, seed).hands[0])) for seed in range(10)}
    assert len(hands) == 10
