"""The computer's card sense: draft, deck, battles, and which pyramid size to start a level with.

Everything reads a seat's view (and what the same seat remembers seeing, see
``Memory``); nothing here touches a game state.

Values
------
* **A card** (``card_value``): its points, a little more for its place in the
  10 < J < Q < K < A hierarchy, more still for a joker (it copies an earlier card:
  a sure double that also shares its suit). Cards far below the cut of a 15-card
  deck (``KEEP_CUT``) add almost nothing.
* **A deck** (``deck_value``): the expected battle total of three cards drawn from
  it, in closed form - per suit, the chance of holding one, two or three of its
  cards times the products of their points - so two decks compare exactly on what
  wins battles: high cards and shared suits. Jokers count as a copy of the deck's
  best card.
* **The pyramid stashes** (``stash_value``): running out of a size is dangerous when
  the other player still has it (they can start a level of it, and then you must
  add one you do not have). Each size scores the other side's exposure minus yours.

Battles
-------
A play is chosen by perfect-information sampling: the opponent's unseen hand is dealt
``samples`` times from the cards this seat cannot see (``unseen_cards``; what it
remembers of the draft narrows them down), each deal is played out to the end of the
battle by minimax over both hands (``BattleSolver``), and the play with the best
average wins. A finished battle is scored in the same units as the war: ``1`` for
winning it outright (the other must add a pyramid of a size they lack), the chance
of a fall for each piece a player must add (``fall_risk``, growing with the height),
and the change in ``stash_value``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from tabletop.engine.cards import ACE, JACK, KING, QUEEN, Card, Suit, standard_deck
from tabletop.engine.pyramids import SIZES, Size
from tabletop.engine.rng import Rng
from tabletop.games.tower_war.ai import economy as ae
from tabletop.games.tower_war.scoring import battle_total, compare, is_double, points, skirmish_value

ALL_CARDS = tuple(standard_deck(jokers=2))
CARD_BY_CODE = {str(c): c for c in ALL_CARDS}
HIERARCHY_BONUS = {10: 0.1, JACK: 0.2, QUEEN: 0.3, KING: 0.4, ACE: 0.6}
JOKER_VALUE = 14.0
SHARP_JOKER_VALUE = 30.0
KEEP_CUT = 4.0  # a drafted card worth less than this rarely makes a deck of 15
PYRAMID_CARD_VALUE = 3.0  # advanced drafting: a pyramid is worth this much card value
DECK_SIZE = 15
WIN = 1.0
# f(own count, other's count): exposure of a player short of a size the other still has.
EXPOSURE = {0: 0.5, 1: 0.25, 2: 0.1}
STASH_PER_PYRAMID = 0.01


def card(code: str) -> Card:
    return CARD_BY_CODE[code]


def cards(codes: Iterable[str]) -> list[Card]:
    return [CARD_BY_CODE[c] for c in codes]


# --- values -------------------------------------------------------------------------------------------


def card_value(c: Card) -> float:
    """What a card is worth in a deck, before suits: points plus hierarchy; jokers most."""
    if c.is_joker:
        return JOKER_VALUE
    return points(c) + HIERARCHY_BONUS.get(c.rank, 0.0)


def draft_value(c: Card) -> float:
    """A drafted card's worth beyond the cards that never make a deck."""
    return max(0.0, card_value(c) - KEEP_CUT)


def sharp_draft_value(c: Card) -> float:
    """A sharper draft value (hard): the square of a card's value, so one ace outweighs
    two sevens, and a joker worth two aces (it copies the best card of a battle)."""
    return SHARP_JOKER_VALUE if c.is_joker else card_value(c) ** 2 / 10.0


def deck_value(deck: Sequence[Card], n: int | None = None) -> float:
    """Expected battle total of 3 cards drawn from ``deck`` (closed form; see the module
    doc). ``n``: count the deck as this many cards, the missing ones blank (worth
    nothing) - how a half-drafted collection is weighed against a full deck."""
    return _deck_value(_suit_sums(deck), max(n or 0, len(deck)), sum(1 for c in deck if c.is_joker), _best_points(deck))


SuitSums = dict[Suit | None, list[float]]  # per suit: [count, e1, e2, e3]


def _suit_sums(deck: Iterable[Card]) -> SuitSums:
    """Per suit: [count, e1, e2, e3] (elementary symmetric sums of the points)."""
    sums: SuitSums = {}
    for c in deck:
        if not c.is_joker:
            _add(sums.setdefault(c.suit, [0, 0.0, 0.0, 0.0]), points(c))
    return sums


def _add(row: list[float], p: float) -> None:
    row[0] += 1
    row[3] += row[2] * p
    row[2] += row[1] * p
    row[1] += p


def _best_points(deck: Iterable[Card]) -> int:
    return max((points(c) for c in deck if not c.is_joker), default=0)


def _deck_value(sums: SuitSums, n: int, jokers: int, best: int) -> float:
    if n < 3:
        return sum(row[1] for row in sums.values()) + 10.0 * jokers
    total = 0.0
    for count, e1, e2, e3 in sums.values():
        rest = n - count
        total += e1 * _c2(rest) + e2 * rest + e3
    total /= _c3(n)
    # a joker drawn beside another card copies the best of them: roughly doubles the best suit
    return total + jokers * 12.0 / n * best


def _c2(n: float) -> float:
    return n * (n - 1) / 2


def _c3(n: float) -> float:
    return n * (n - 1) * (n - 2) / 6


def _without(row: list[float], p: float) -> list[float]:
    """A suit's sums with one card of ``p`` points taken out."""
    e1 = row[1] - p
    e2 = row[2] - p * e1
    e3 = row[3] - p * e2
    return [row[0] - 1, e1, e2, e3]


@lru_cache(maxsize=512)
def best_deck(kept: tuple[Card, ...], drafted: tuple[Card, ...]) -> tuple[Card, ...]:
    """The 15 cards to fight with: ``kept`` ones are in already; drop, one at a time,
    the drafted card whose loss costs ``deck_value`` least (jokers always stay)."""
    pool = list(kept) + list(drafted)
    target = min(DECK_SIZE, len(pool))
    fixed = set(kept)
    jokers = sum(1 for c in pool if c.is_joker)
    sums = _suit_sums(pool)
    while len(pool) > target:
        n = len(pool) - 1
        best = _best_points(pool)
        drop, keep_value = None, -math.inf
        for i, c in enumerate(pool):
            if c in fixed or c.is_joker:
                continue
            trial = dict(sums)
            trial[c.suit] = _without(sums[c.suit], points(c))
            v = _deck_value(trial, n, jokers, best) - 0.01 * card_value(c)
            if v > keep_value:
                drop, keep_value = i, v
        if drop is None:
            break
        c = pool.pop(drop)
        sums[c.suit] = _without(sums[c.suit], points(c))
    return tuple(pool)


def exposure(own: int, other: int) -> float:
    return EXPOSURE.get(own, 0.0) if other > 0 else 0.0


def stash_value(mine: Sequence[int], theirs: Sequence[int]) -> float:
    """How much better this seat's pyramid stash stands than the other's (see module doc);
    stashes are lists indexed by size (slot 0 unused)."""
    v: float = STASH_PER_PYRAMID * (sum(mine) - sum(theirs))
    for z in SIZES:
        v += exposure(theirs[z], mine[z]) - exposure(mine[z], theirs[z])
    return v


def start_size(mine: Sequence[int], theirs: Sequence[int], needed: int = 3) -> Size | None:
    """The size to start an empty level with: one this seat can keep adding (it may
    have to add ``needed`` in all), best if the other is short of it."""
    best, choice = -math.inf, None
    for z in SIZES:
        if not mine[z]:
            continue
        after = list(mine)
        after[z] -= 1
        score = stash_value(after, theirs)
        if theirs[z] == 0:
            score += 0.3  # they cannot add to this level at all
        elif theirs[z] < 2:
            score += 0.1
        short = max(0, needed - mine[z])
        score -= 0.25 * short
        score += 0.001 * z  # ties: the heavier, steadier pyramid
        if score > best:
            best, choice = score, z
    return Size(choice) if choice else None


def fall_risk(piece: str, level: int) -> float:
    """A rough chance that adding ``piece`` to ``level`` makes the tower fall, for a
    steady player; it grows with the height (the hand shakes more up there)."""
    base = 0.004 if piece == "pyramid" else 0.006
    return base * float((1 + level) ** 1.3)


# --- what this seat cannot see -------------------------------------------------------------------------


def unseen_cards(view: dict[str, Any], known_theirs: list[Card] | None = None) -> list[Card]:
    """Cards that could be in the other player's hand: those nowhere in sight of this
    seat, narrowed to the ones it saw go to that player if it remembers the draft."""
    seat = view["seat"]
    other = 1 - seat
    mine = view["mine"]
    seen = set()
    for key in ("hand", "deck", "drafted", "kept", "unused"):
        seen.update(mine[key])
    for p in view["players"]:
        seen.update(p["discard"])
    battle = view.get("battle")
    if battle:
        for side in battle["played"]:
            seen.update(entry["card"] for entry in side)
    if view.get("tower"):
        seen.update(lv["card"] for lv in view["tower"]["levels"])
    held = view.get("held")
    if held and held.get("card"):
        seen.add(held["card"])
    if view.get("placing") and view["placing"].get("battle_cards"):
        seen.update(view["placing"]["battle_cards"])
    if known_theirs:
        pool = [c for c in known_theirs if str(c) not in seen]
        if len(pool) >= view["players"][other]["hand_count"]:
            return pool
    return [c for c in ALL_CARDS if str(c) not in seen]


def sample_hand(pool: list[Card], n: int, rng: Rng) -> list[Card]:
    """``n`` cards from ``pool``, the better ones likelier (a deck keeps the best 15)."""
    pool = list(pool)
    out = []
    for _ in range(min(n, len(pool))):
        weights = [1.0 + card_value(c) / 5.0 for c in pool]
        x = rng.unit() * sum(weights)
        for i, w in enumerate(weights):
            x -= w
            if x < 0 or i == len(pool) - 1:
                out.append(pool.pop(i))
                break
    return out


# --- battles ---------------------------------------------------------------------------------------------


def plays_for(hand: tuple[Card, ...], effs: tuple[Card, ...]) -> list[tuple[Card, Card]]:
    """(physical card, what it counts as) for every play open to a hand (rules.playable)."""
    earlier = list(dict.fromkeys(effs))
    out: list[tuple[Card, Card]] = []
    for c in hand:
        if c.is_joker:
            out.extend((c, e) for e in earlier)
        else:
            out.append((c, c))
    return out


Hands = tuple[tuple[Card, ...], tuple[Card, ...]]  # per seat: cards in hand, or cards played (as what they count)
Stashes = tuple[tuple[int, ...], tuple[int, ...]]  # per seat: pyramids left, indexed by size (slot 0 unused)
Tally = tuple[int, Size | None, Stashes, float, tuple[int, int]]  # see BattleSolver
Led = tuple[Card, Card, int, bool]  # a play: the card, what it counts as, its value, whether it doubles


class BattleSolver:
    """Minimax over the rest of a battle with both hands known (one sampled deal).

    ``me`` maximises, the other minimises, the utility of ``settle`` for ``me``.
    Pyramid bookkeeping, the ``tally``: pyramids on the top level, its size, the
    stashes (per seat, indexed by size), the fall risk taken so far (for ``me`` less
    for the other) and the skirmishes each seat lost this battle. Pyramids already
    placed this battle come back on a tie. With ``economy`` the stashes are valued by
    ``ai.economy`` (the chance of winning the war on pyramids alone) and sizes are
    chosen by it; otherwise by the quicker ``stash_value`` and ``start_size``.
    """

    def __init__(
        self,
        me: int,
        leader: int,
        level: int,
        stash: Sequence[Sequence[int]],
        n: int,
        size: Size | None,
        placed_now: Sequence[Sequence[int]],
        economy: bool = False,
    ):
        self.me, self.leader, self.level = me, leader, level
        self.stash0: Stashes = (tuple(stash[0]), tuple(stash[1]))
        self.n0, self.size0 = n, size
        self.start: Stashes = (
            tuple(stash[0][z] + placed_now[0][z] for z in range(4)),
            tuple(stash[1][z] + placed_now[1][z] for z in range(4)),
        )
        self.losses0 = (sum(placed_now[0]), sum(placed_now[1]))
        self.risk_pyramid = fall_risk("pyramid", level)
        self.risk_card = fall_risk("card", level + 1)
        self.economy = economy
        self._worth_cache: dict[Stashes, float] = {}

    def tally(self) -> Tally:
        """The bookkeeping as the battle stands now."""
        return (self.n0, self.size0, self.stash0, 0.0, self.losses0)

    def choose_size(self, tally: Tally, seat: int, skirmish: int) -> Size | None:
        """The size ``seat`` starts the level with after skirmish ``skirmish`` (3: the
        battle's end, when it must add all three)."""
        n, _, stash, _, losses = tally
        mine, theirs = stash[seat], stash[1 - seat]
        if not self.economy:
            return start_size(mine, theirs, 3 - n)
        need = 3 - n if skirmish >= 3 else 1
        best, choice = -math.inf, None
        for z in SIZES:
            if mine[z] < need:
                continue
            after = list(mine)
            after[z] -= need
            if skirmish >= 3:
                v = ae.war_value(after[1:], theirs[1:])
            else:
                v = ae.battle_value(skirmish + 1, n + 1, z - 1, after[1:], theirs[1:], losses[seat] + 1, losses[1 - seat])
            if v > best:
                best, choice = v, z
        return Size(choice) if choice else None

    def add(self, tally: Tally, seat: int, skirmish: int) -> Tally | None:
        """``seat`` adds a pyramid after skirmish ``skirmish`` (3: filling at the end);
        None if it has none of the size (it loses the war)."""
        n, size, stash, risk, losses = tally
        if size is None:
            size = self.choose_size(tally, seat, skirmish)
            if size is None:
                return None  # no pyramid at all: that seat loses
        if stash[seat][size] == 0:
            return None
        row = list(stash[seat])
        row[size] -= 1
        stash = (tuple(row), stash[1]) if seat == 0 else (stash[0], tuple(row))
        risk += -self.risk_pyramid if seat == self.me else self.risk_pyramid
        if skirmish < 3:
            losses = (losses[0] + 1, losses[1]) if seat == 0 else (losses[0], losses[1] + 1)
        return (n + 1, size, stash, risk, losses)

    def lost(self, seat: int) -> float:
        return -WIN if seat == self.me else WIN

    def settle(self, effs: Hands, tally: Tally) -> float:
        """The battle's end: totals, the loser fills the level and crowns it; scored."""
        t = (battle_total(effs[0]), battle_total(effs[1]))
        risk = tally[3]
        if t[0] == t[1]:
            stash = self.start
        else:
            loser = 0 if t[0] < t[1] else 1
            filled: Tally | None = tally
            while filled is not None and filled[0] < 3:
                filled = self.add(filled, loser, 3)
            if filled is None:
                return self.lost(loser)
            stash, risk = filled[2], filled[3]
            risk += -self.risk_card if loser == self.me else self.risk_card
        return risk + self.stash_worth(stash)

    def stash_worth(self, stash: Stashes) -> float:
        """The stashes after the battle, for ``me``, on the scale of WIN (remembered)."""
        worth = self._worth_cache.get(stash)
        if worth is None:
            mine, theirs = stash[self.me], stash[1 - self.me]
            if self.economy:
                worth = 2.0 * ae.war_value(mine[1:], theirs[1:]) - 1.0
            else:
                worth = stash_value(mine, theirs)
            self._worth_cache[stash] = worth
        return worth

    def value(self, hands: Hands, effs: Hands, skirmish: int, tally: Tally) -> float:
        """Value for ``me`` at the start of skirmish ``skirmish`` (0-based), with
        ``hands`` and ``effs`` (the cards played, as what they count) per seat."""
        if skirmish >= 3:
            return self.settle(effs, tally)
        leader = self.leader
        options = plays_for(hands[leader], effs[leader])
        if not options:
            return self.follow(hands, effs, skirmish, None, tally)
        values = []
        for c, e in options:
            h2, f2 = self._played(hands, effs, leader, c, e)
            values.append(self.follow(h2, f2, skirmish, (c, e) + self._worth(effs[leader], e), tally))
        return self._best(leader, values)

    def follow(self, hands: Hands, effs: Hands, skirmish: int, led: Led | None, tally: Tally) -> float:
        """The follower answers ``led`` = (card, eff, value, double) or None."""
        outcomes: list[float] = []
        for _ in self.follow_steps(hands, effs, skirmish, led, tally, outcomes):
            pass
        return self._best(1 - self.leader, outcomes)

    def follow_steps(
        self, hands: Hands, effs: Hands, skirmish: int, led: Led | None, tally: Tally, outcomes: list[float]
    ) -> Iterator[None]:
        """``follow``'s answers one at a time into ``outcomes`` (a generator; the
        follower then takes the best of them)."""
        follower = 1 - self.leader
        options = plays_for(hands[follower], effs[follower])
        if not options:
            outcomes.append(self.resolve(hands, effs, skirmish, led, None, tally))
            return
        for c, e in options:
            h2, f2 = self._played(hands, effs, follower, c, e)
            outcomes.append(self.resolve(h2, f2, skirmish, led, (c, e) + self._worth(effs[follower], e), tally))
            yield

    def resolve(self, hands: Hands, effs: Hands, skirmish: int, led: Led | None, answer: Led | None, tally: Tally) -> float:
        leader, follower = self.leader, 1 - self.leader
        loser = None
        if led is None and answer is None:
            pass
        elif led is None or answer is None:
            loser = leader if led is None else follower
        else:
            c = compare(led[1], led[2], answer[1], answer[2])
            if c:
                loser = follower if c > 0 else leader
                if (answer if c > 0 else led)[3]:
                    loser = None  # a double: no pyramid
        if loser is not None:
            after = self.add(tally, loser, skirmish)
            if after is None:
                return self.lost(loser)
            tally = after
        return self.value(hands, effs, skirmish + 1, tally)

    def _best(self, seat: int, values: Sequence[float]) -> float:
        return max(values) if seat == self.me else min(values)

    @staticmethod
    def _played(hands: Hands, effs: Hands, seat: int, c: Card, e: Card) -> tuple[Hands, Hands]:
        hand = list(hands[seat])
        hand.remove(c)
        h = (tuple(hand), hands[1]) if seat == 0 else (hands[0], tuple(hand))
        f = (effs[0] + (e,), effs[1]) if seat == 0 else (effs[0], effs[1] + (e,))
        return h, f

    @staticmethod
    def _worth(earlier: Sequence[Card], e: Card) -> tuple[int, bool]:
        return (skirmish_value(e, list(earlier)), is_double(e, list(earlier)))


class BattleView:
    """The battle as a seat sees it, ready for ``BattleSolver``."""

    def __init__(self, view: dict[str, Any]):
        seat = view["seat"]
        b = view["battle"]
        self.seat, self.leader = seat, b["leader"]
        self.skirmish = b["skirmish"] - 1
        self.effs: Hands = (tuple(card(p["as"]) for p in b["played"][0]), tuple(card(p["as"]) for p in b["played"][1]))
        self.hand = tuple(cards(view["mine"]["hand"]))
        self.their_count = view["players"][1 - seat]["hand_count"]
        other = 1 - seat
        led = None
        if b["current"][other] is not None and other == self.leader:
            last = b["played"][other][-1]
            led = (card(last["card"]), card(last["as"]), last["value"], last["double"])
        self.led = led
        levels = view["tower"]["levels"]
        top = levels[-1]
        self.level = len(levels) - 1
        self.stash = [[0] + [view["players"][q]["stash"][str(z)] for z in SIZES] for q in (0, 1)]
        self.n = len(top["pyramids"])
        self.size = Size.parse(top["size"]) if top["size"] else None
        self.placed = [[0, 0, 0, 0], [0, 0, 0, 0]]
        for p in top["pyramids"]:
            self.placed[p["owner"]][Size.parse(p["size"])] += 1

    def solver(self, economy: bool = False) -> BattleSolver:
        return BattleSolver(self.seat, self.leader, self.level, self.stash, self.n, self.size, self.placed, economy)

    def my_plays(self) -> list[tuple[Card, Card]]:
        return plays_for(self.hand, self.effs[self.seat])

    def play_values(self, their_hand: tuple[Card, ...], solver: BattleSolver) -> list[float]:
        """The value of each of ``my_plays`` against one dealt hand of the other."""
        out: list[float] = []
        for _ in self.play_values_steps(their_hand, solver, out):
            pass
        return out

    def play_values_steps(self, their_hand: tuple[Card, ...], solver: BattleSolver, out: list[float]) -> Iterator[None]:
        """``play_values`` into ``out``, yielding after each play (a generator)."""
        seat = self.seat
        hands = (self.hand, their_hand) if seat == 0 else (their_hand, self.hand)
        tally = solver.tally()
        for c, e in self.my_plays():
            h2, f2 = BattleSolver._played(hands, self.effs, seat, c, e)
            mine = (c, e) + BattleSolver._worth(self.effs[seat], e)
            if seat == self.leader:
                answers: list[float] = []
                yield from solver.follow_steps(h2, f2, self.skirmish, mine, tally, answers)
                out.append(min(answers))
            else:
                out.append(solver.resolve(h2, f2, self.skirmish, self.led, mine, tally))
                yield


# --- the draft and the deck --------------------------------------------------------------------------------


def pile_value(pile: Iterable[Card], pyramids: int = 0, value: Callable[[Card], float] = draft_value) -> float:
    """A pile's worth: its cards' draft values, plus its pyramids (advanced drafting)."""
    return sum(value(c) for c in pile) + PYRAMID_CARD_VALUE * pyramids


def split_choice(faceup: list[Card], value: Callable[[Card], float] = draft_value) -> tuple[Card, ...]:
    """Pile A of the fairest split: the other player will take the pile worth more,
    so the splitter's best is two piles of equal worth (ties: more in total). Pile A
    holds the first face-up card, so each split is looked at once."""
    best, choice = -math.inf, None
    for k in range(1, len(faceup)):
        for pile in combinations(faceup, k):
            if faceup[0] not in pile:
                continue
            a = pile_value(pile, 0, value)
            b = pile_value([c for c in faceup if c not in pile], 0, value)
            score = -abs(a - b) + 0.001 * (a + b)
            if score > best:
                best, choice = score, pile
    if choice is None:
        raise ValueError("a split needs at least two face-up cards")
    return tuple(choice)


def keep_choice(kept: list[Card], drafted: list[Card]) -> Card:
    """The next card to keep: the best drafted card of the best deck."""
    deck = best_deck(tuple(sorted(kept)), tuple(sorted(drafted)))
    left = [c for c in deck if c in drafted]
    return max(left, key=lambda c: (card_value(c), str(c)))


def crown_choice(battle_cards: list[Card], deck: list[Card]) -> Card:
    """The battle card to leave on the tower: the one the deck misses least."""
    best, choice = -math.inf, battle_cards[0]
    for c in battle_cards:
        rest = [d for d in deck if d != c]
        v = deck_value(rest) - 0.01 * card_value(c)
        if v > best:
            best, choice = v, c
    return choice
