"""The computer player of Towers of Wyoming: information-set tree search over guessed hands.

The computer sees its own hand, every tower (towers stand face up), the top of the
discard pile and how many cards each hand and pile holds. Each search iteration
deals the unseen cards (the other hands, the draw pile, the rest of the discard
pile) anew at random (``determinize``) and plays on from there.

Playouts follow ``quick_move``, a builder who knows only its own hand and the
table: it wins when a play makes a tower tall enough, knocks down a rival tower
that could win soon, and otherwise raises its own tallest tower with as many
cards of that suit as it holds. After ``ROLLOUT_ROUNDS`` rounds a position is
scored by ``evaluate``: each builder's tallest tower plus the cards of its suit
in hand, measured against the height that wins, shared out as win chances.

Levels: easy plays ``quick_move`` itself, but three turns in ten overlooks a
rival's threat; normal and hard search 40 and 600 iterations.
Two to four seats, any mix of people and computers.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from tabletop.ai.ismcts import Deal, ismcts
from tabletop.ai.levels import Budget
from tabletop.ai.mcts import Rules
from tabletop.ai.search import Search
from tabletop.engine.moves import Move
from tabletop.engine.rng import Rng
from tabletop.games.towers_of_wyoming import rules as tr
from tabletop.games.towers_of_wyoming.facts import (
    CARD_IDS,
    CODES,
    DECK_SIZE,
    PER_SUIT,
    STANDARD_ATTACKERS,
    STANDARD_BEATS,
    SUIT_INDEX,
    WHEEL_ATTACKERS,
    WHEEL_BEATS,
)
from tabletop.games.towers_of_wyoming.moves import Discard, Play
from tabletop.games.towers_of_wyoming.rules import PLAYS
from tabletop.games.towers_of_wyoming.state import State

LEVEL_NOTES = {
    "easy": "Easy builds its tallest tower and knocks down rivals that come close to the Sky, but three turns in ten "
    "it overlooks a rival's threat; it answers at once.",
    "normal": "Normal deals the hands it cannot see 40 ways and plays two rounds on in each; it answers in a blink.",
    "hard": "Hard does the same 600 times, so it weighs its choices far better; it answers in about a second.",
}

BUDGETS = {
    "easy": Budget(1, 0.5),
    "normal": Budget(40, 1.0),
    "hard": Budget(600, 3.0),
}
ROLLOUT_ROUNDS = 2
TREE = {
    "normal": {"exploration": 0.5},
    "hard": {"exploration": 0.5},
}
EASY_CARELESS = 0.3  # chance that easy overlooks a rival's threat on a turn

CODE_ID = {code: i for i, code in enumerate(CODES)}


# --------------------------------------------------------------------------- a deal consistent with the view


class Determinizer:
    """Reads the view once; each call deals the unseen cards anew."""

    def __init__(self, view: dict[str, Any], seat: int):
        self.view = view
        self.seat = seat
        self.players = int(view["players"])
        self.options = dict(view["options"])
        self.hand = sorted(CODE_ID[c["code"]] for c in view["hand"] or [])
        self.towers = [[[CODE_ID[c] for c in t["cards"]] for t in p["towers"]] for p in view["seats"]]
        self.top = CODE_ID[view["discard_top"]["code"]] if view["discard_top"] else None
        seen = set(self.hand)
        for towers in self.towers:
            for tower in towers:
                seen.update(tower)
        if self.top is not None:
            seen.add(self.top)
        self.unseen = [c for c in range(DECK_SIZE) if c not in seen]
        self.hand_sizes = [int(p["hand_size"]) for p in view["seats"]]
        self.draw_size = int(view["draw_pile"])
        self.discard_size = int(view["discard_pile"])
        wheel = self.options["wheel_of_opposition"]
        self.beats = WHEEL_BEATS if wheel else STANDARD_BEATS
        self.attackers = WHEEL_ATTACKERS if wheel else STANDARD_ATTACKERS

    def __call__(self, rng: Rng) -> State:
        view = self.view
        deal = Deal(self.unseen, rng)
        s = State.__new__(State)
        s.players = self.players
        s.options = self.options
        s.foundations = int(view["foundations_each"])
        s.sky_start = int(view["sky_start"])
        s.hands = [list(self.hand) if p == self.seat else sorted(deal.take(self.hand_sizes[p])) for p in range(self.players)]
        s.towers = [[list(t) for t in towers] for towers in self.towers]
        below_top = deal.take(self.discard_size - (1 if self.top is not None else 0))
        s.discard = below_top + ([self.top] if self.top is not None else [])
        s.draw = deal.take(self.draw_size)
        s.sky = int(view["sky"])
        s.in_game = [bool(p["in_game"]) for p in view["seats"]]
        s.current = view["to_act"] if view["to_act"] is not None else 0
        s.result = None
        s.rng = Rng(rng.next_u64())
        s.epoch = int(view["epoch"])
        s.moves = int(view["turn"])
        s.events, s.fresh = [], []
        s.beats, s.attackers = self.beats, self.attackers
        return s


def determinize(view: dict[str, Any], seat: int, rng: Rng) -> State:
    return Determinizer(view, seat)(rng)


def seat_count(view: dict[str, Any]) -> int:
    return int(view["players"])


# --------------------------------------------------------------------------- the quick builder


def win_height(s: State) -> int:
    """The smallest tower that wins now (Finicky Clients: the only one)."""
    return s.sky if s.options["finicky_clients"] else s.sky + 1


def qualifies(s: State, height: int) -> bool:
    if s.options["finicky_clients"]:
        return height == s.sky
    return height > s.sky


def danger(s: State, height: int, need: int) -> float:
    """How close a rival's tower of ``height`` is to winning (a hand holds 7 cards)."""
    if height <= 0:
        return 0.0
    if s.options["finicky_clients"] and height > need:
        return 0.5
    gap = need - height
    if gap <= 0:
        return 30.0
    return float(max(0.0, 8.0 - gap) ** 1.6)


def play_value(s: State, seat: int, counts: list[int], move: Play, need: int, careless: bool) -> float:
    """How good ``move`` looks to a builder who knows only its hand and the table."""
    suit = SUIT_INDEX[move.suit]
    k, owner = move.count, move.owner
    tower = s.towers[owner][move.foundation]
    h = len(tower)
    top = tower[0] // PER_SUIT if tower else suit
    left = counts[suit] - k  # cards of this suit still in hand afterwards
    if top == suit:  # construct
        after = h + k
        if owner == seat:
            if qualifies(s, after):
                return 1000.0 + after
            if s.options["finicky_clients"] and after > need:
                return -5.0
            value = 4.0 + 2.0 * after + 0.4 * k
            if not tower:
                others = max((len(t) for f, t in enumerate(s.towers[seat]) if f != move.foundation), default=0)
                value -= 0.8 * others  # a second tower spreads the effort
            return value
        if qualifies(s, after):
            return -1000.0
        return -20.0 - danger(s, after, need)
    # deconstruct
    after = abs(k - h)
    if owner == seat:
        if k >= h and qualifies(s, after):  # Finicky Clients at Sky 0: an empty foundation wins
            return 1000.0
        gain = 2.0 * (after if k > h else -h) - 2.0 * h
        return gain - 6.0 - 0.5 * left
    if careless:
        return 1.0
    before_danger = danger(s, h, need)
    after_danger = danger(s, after, need) if k > h else (danger(s, after, need) if k < h else 0.0)
    value = 3.0 * (before_danger - after_danger) + 0.5 * min(k, h) - 0.3 * max(0, k - h)
    if k >= h and qualifies(s, after):
        value -= 1000.0
    return value


def discard_value(s: State, seat: int, counts: list[int], card: int) -> float:
    """Discard the card of the suit least useful to this builder's towers."""
    suit = card // PER_SUIT
    mine = {t[0] // PER_SUIT for t in s.towers[seat] if t}
    return -(3.0 if suit in mine else 0.0) - 0.3 * counts[suit]


def candidates(s: State) -> list[Move]:
    """The plays worth weighing, a handful instead of up to 56: on each target, all the
    cards of the suit held (or just enough, to knock a tower down to its foundation, or to
    match the Sky under Finicky Clients). Ranks never matter, so one discard per suit.
    Falls back to every legal move when none of these applies."""
    seat = s.current
    hand = s.hands[seat]
    counts = tr.suit_counts(hand)
    finicky = s.options["finicky_clients"]
    out: list[Move] = []
    for owner in range(s.players):
        if not s.in_game[owner]:
            continue
        for f, tower in enumerate(s.towers[owner]):
            if not tower:
                if owner == seat:
                    for suit in range(4):
                        held = counts[suit]
                        if held:
                            out.append(PLAYS[suit][owner][f][held])
                            if finicky and 0 < s.sky < held:
                                out.append(PLAYS[suit][owner][f][s.sky])
                continue
            top, h = tower[0] // PER_SUIT, len(tower)
            held = counts[top]
            if held and owner == seat:
                out.append(PLAYS[top][owner][f][held])
                if finicky and 0 < s.sky - h < held:
                    out.append(PLAYS[top][owner][f][s.sky - h])
            attacker = s.attackers[top]
            held = counts[attacker]
            if held and owner != seat:
                out.append(PLAYS[attacker][owner][f][held])
                if h < held:
                    out.append(PLAYS[attacker][owner][f][h])
            if held >= h and owner == seat and finicky and s.sky == 0:
                out.append(PLAYS[attacker][owner][f][h])  # clear one's own foundation: it matches the empty Sky
    if out:
        return out
    legal = tr.legal_moves(s)
    if legal and isinstance(legal[0], Discard):
        lowest: dict[int, int] = {}
        for card in hand:
            lowest.setdefault(card // PER_SUIT, card)
        return [tr.DISCARDS[c] for c in lowest.values()]
    return legal


def quick_move(s: State, legal: list[Move], rng: Rng, careless: float = 0.0) -> Move:
    """The quick builder's choice among ``legal`` (see the module doc); ties at random."""
    seat = s.current
    counts = tr.suit_counts(s.hands[seat])
    miss = careless > 0 and rng.unit() < careless
    if isinstance(legal[0], Discard):
        values = [discard_value(s, seat, counts, CARD_IDS[m.card]) for m in legal]  # type: ignore[attr-defined]  # all discards
    else:
        need = win_height(s)
        values = [play_value(s, seat, counts, m, need, miss) for m in legal]  # type: ignore[arg-type]  # all plays
    best = max(values)
    tied = [m for m, v in zip(legal, values) if v >= best - 1e-9]
    return tied[rng.below(len(tied))] if len(tied) > 1 else tied[0]


def rollout_move(s: State, legal: list[Move], rng: Rng) -> Move:
    """The playout policy (``legal`` is already the candidates): the quick builder, one move in twelve at random."""
    if rng.below(12) == 0:
        return legal[rng.below(len(legal))]
    return quick_move(s, legal, rng)


# --------------------------------------------------------------------------- scoring a position


def evaluate(s: State) -> list[float]:
    """A win chance per seat: tallest own tower plus the cards of its suit in hand, against the winning height."""
    if s.result is not None:
        winners = s.result.winners
        if not winners:
            return [1.0 / s.players] * s.players
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(s.players)]
    need = win_height(s)
    strengths: list[float | None] = []
    for p in range(s.players):
        if not s.in_game[p]:
            strengths.append(None)
            continue
        counts = tr.suit_counts(s.hands[p])
        best = 0.0
        for tower in s.towers[p]:
            if tower:
                h = len(tower) + 0.6 * counts[tower[0] // PER_SUIT]
                best = max(best, h)
        best = max(best, 0.5 * max(counts))
        strengths.append(best / need)
    weights = [0.0 if x is None else math.exp(5.0 * x) for x in strengths]
    total = sum(weights) or 1.0
    return [w / total for w in weights]


# --------------------------------------------------------------------------- playing inside the search


def fast_apply(state: State, move: Move) -> State:
    """``apply`` without re-checking legality (the search plays only listed moves)."""
    s = state.copy()
    s.epoch += 1
    s.fresh = []
    seat = s.current
    if isinstance(move, Play):
        suit = SUIT_INDEX[move.suit]
        kind = tr.play_kind(s, seat, suit, move.owner, move.foundation)
        cards = tr.take_cards(s.hands[seat], suit, move.count)
        if kind == "construct":
            tr.construct(s, seat, cards, move.owner, move.foundation)
        else:
            tr.deconstruct(s, seat, cards, move.owner, move.foundation)
    else:
        tr.forced_discard(s, seat, CARD_IDS[move.card])  # type: ignore[attr-defined]  # a Discard
    tr.end_of_turn(s, seat)
    s.moves += 1  # after the move, as ``rules.apply`` counts it: its events carry its number
    return s


# --------------------------------------------------------------------------- the levels


class QuickChoice(Search):
    """Easy: the quick builder on the real hand, careless now and then."""

    def __init__(self, view: dict[str, Any], legal: list[Any], seat: int, rng: Rng):
        self.view, self.legal, self.seat, self.rng = view, legal, seat, rng
        self.choice: Move | None = None

    def work(self) -> Iterator[None]:
        s = Determinizer(self.view, self.seat)(self.rng)
        options = [m for m in candidates(s) if m in self.legal] or self.legal
        self.choice = quick_move(s, options, self.rng, careless=EASY_CARELESS)
        self.iterations = 1
        yield

    def best(self) -> Move:
        return self.choice if self.choice is not None else self.legal[0]


def searcher(view: dict[str, Any], legal: list[Any], seat: int, level: str, rng: Rng, memory: dict[str, Any]) -> Search:
    if level == "easy":
        return QuickChoice(view, legal, seat, rng)
    options = TREE.get(level, TREE["normal"])
    iterations = BUDGETS.get(level, BUDGETS["normal"]).iterations
    players = seat_count(view)
    game_rules = Rules(candidates, fast_apply, tr.to_act, tr.outcome, players)
    deal = Determinizer(view, seat)
    root = [m for m in candidates(deal(rng.fork())) if m in legal] or legal
    return ismcts(
        game_rules,
        deal,
        root,
        seat,
        rng,
        iterations,
        evaluate=evaluate,
        rollout_move=rollout_move,
        rollout_depth=ROLLOUT_ROUNDS * players,
        **options,
    )


assert all(len(row) == 4 for row in PLAYS)
