"""Explicit Tower War positions, test bots and bookkeeping checks for the tests.

Cards are written as codes ("9H", "AC", "JOKER1"). A built position always holds
each of the 54 cards exactly once: cards placed nowhere are put aside.
"""

from __future__ import annotations

import json
import re

from tabletop.engine.cards import Card, standard_deck
from tabletop.engine.pyramids import Size
from tabletop.engine.rng import Rng
from tabletop.games import tower_war
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.moves import Drop, LiftPyramid, PickPyramid, Play, move_to_json
from tabletop.games.tower_war.state import Played, State
from tabletop.games.tower_war.tower import Level, Pyramid
from tabletop.games.tower_war.views import view
from telling import told

ALL_CARDS = frozenset(standard_deck(jokers=2))
CODE_OF = {c: str(c) for c in ALL_CARDS}
ALL_CODES = frozenset(CODE_OF.values())


def card_key(c: Card) -> tuple:
    return (c.rank, c.suit.value if c.suit else "", c.copy)


ALL_KEYS = sorted(card_key(c) for c in ALL_CARDS)
L, M, S = Size.LARGE, Size.MEDIUM, Size.SMALL


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def tripod(size: Size = M, dx: float = 0.0, dy: float = 0.0, owners=(0, 1, 0), spread: float = 1.0) -> tuple[Pyramid, ...]:
    """A broad, balanced tripod on a card centred at (dx, dy)."""
    pts = ((-17.0, -22.0), (17.0, -22.0), (0.0, 24.0))
    return tuple(Pyramid(size, dx + spread * x, dy + spread * y, o) for (x, y), o in zip(pts, owners))


def build_tower(levels) -> tuple[Level, ...]:
    """``levels``: list of (card code, x, y, pyramids)."""
    return tuple(Level(Card.parse(c), float(x), float(y), tuple(p)) for c, x, y, p in levels)


def war_position(
    *,
    hands: tuple[str, str] = ("", ""),
    decks: tuple[str, str] = ("", ""),
    discards: tuple[str, str] = ("", ""),
    played: tuple[str, str] = ("", ""),
    tower=None,
    stash=None,
    leader: int = 0,
    battle: int = 1,
    skirmish: int | None = None,
    seed: int = 7,
    start: bool = True,
) -> State:
    """A position in the middle of a battle, ``leader`` leading, ready for the next play.

    ``played`` lists each side's earlier cards of this battle (jokers as
    "JOKER1=9H"); ``decks`` are drawn from the end. ``stash``: per seat
    (small, medium, large). ``tower``: levels for ``build_tower`` (default: the
    base card KH alone).
    """
    s = State(advanced=False, rng=Rng(seed))
    s.tower = build_tower(tower or [("KH", 0, 0, ())])
    s.base_card = s.tower[0].card
    s.hand = [cards(h) for h in hands]
    s.deck = [cards(d) for d in decks]
    s.discard = [cards(d) for d in discards]
    for seat in (0, 1):
        earlier: list[Card] = []
        for token in played[seat].split():
            phys, _, as_code = token.partition("=")
            card = Card.parse(phys)
            eff = Card.parse(as_code) if as_code else card
            s.played[seat].append(Played(card, eff, r.skirmish_value(eff, earlier), r.is_double(eff, earlier)))
            earlier.append(eff)
    if stash is not None:
        s.stash = [[0, *stash[0]], [0, *stash[1]]]
    s.battle, s.leader = battle, leader
    s.skirmish = len(s.played[leader]) if skirmish is None else skirmish
    used = [lv.card for lv in s.tower[1:]] + [s.base_card]
    for zone in (s.hand, s.deck, s.discard):
        for pile in zone:
            used.extend(pile)
    used.extend(p.card for seat in (0, 1) for p in s.played[seat])
    assert len(used) == len(set(used)), "a card is placed twice"
    s.set_aside = sorted(ALL_CARDS - set(used), key=str)
    if start:
        r.begin_skirmish(s)
    return s


def play(s: State, *codes: str) -> State:
    """Play cards in turn ("JOKER1=9H" for a joker copying the 9 of hearts)."""
    for token in codes:
        phys, _, as_code = token.partition("=")
        s = r.apply(s, Play(Card.parse(phys), Card.parse(as_code) if as_code else None))
    return s


def place_pyramid(s: State, size: Size, x: float, y: float, hold_ms: int = 0) -> State:
    """Pick up a pyramid and drop it aiming so that it lands exactly at (x, y) in the
    top card's frame (the aim compensates the drawn tremor)."""
    s = r.apply(s, PickPyramid(size))
    return drop_exactly(s, x, y, hold_ms)


def drop_exactly(s: State, x: float, y: float, hold_ms: int = 0) -> State:
    from tabletop.games.tower_war.hand import tremor

    dx, dy = tremor(s.held.amplitude, s.held.phases, hold_ms)
    return r.apply(s, Drop(x - dx, y - dy, hold_ms))


def log(s: State, seat: int | None = None) -> list[str]:
    """The state's events in words, as ``seat`` sees them (the seats called Red and Blue)."""
    return told(tower_war, s, seat)


# --- bookkeeping ---------------------------------------------------------------------------------


def all_cards(s: State) -> list[Card]:
    """Every card of the state, wherever it is (each must appear once)."""
    out = list(s.draft_deck) + list(s.faceup) + list(s.set_aside)
    if s.piles:
        out += s.piles[0] + s.piles[1]
    for seat in (0, 1):
        out += s.drafted[seat] + s.kept[seat] + s.unused[seat] + s.deck[seat] + s.hand[seat] + s.discard[seat]
        out += [p.card for p in s.played[seat]]
    out += [lv.card for lv in s.tower]
    if s.held and s.held.card:
        out.append(s.held.card)
    return out


def pyramid_counts(s: State) -> dict[Size, int]:
    """Every pyramid of the state by size: stashes, middle, piles, tower, hand."""
    counts = {z: s.stash[0][z] + s.stash[1][z] + s.middle[z] + s.pile_pyramids[0][z] + s.pile_pyramids[1][z] for z in (S, M, L)}
    for lv in s.tower:
        for p in lv.pyramids:
            counts[p.size] += 1
    if s.held and s.held.piece == "pyramid":
        counts[s.held.size] += 1
    return counts


def assert_conserved(s: State) -> None:
    assert sorted([card_key(c) for c in all_cards(s)]) == ALL_KEYS, "cards lost or duplicated"
    per_size = 15 if s.advanced else 10
    assert pyramid_counts(s) == {S: per_size, M: per_size, L: per_size}


_QUOTED_CODE = re.compile(r'"([0-9A-Z]{2,6})"')


def card_codes_in(view: dict) -> set[str]:
    """Every string in a view that reads as a card code (events included; a key
    spelled like a card counts too). Read off the JSON text: the views are JSON, and a
    regular expression over it is many times faster than walking the nested dicts."""
    return set(_QUOTED_CODE.findall(json.dumps(view))) & ALL_CODES


def allowed_codes(s: State, seat: int | None) -> set[str]:
    """The cards ``seat`` may see: face-up cards and piles on the table, the base,
    discards, cards played or in the tower or in the hand; and their own hand, deck,
    unused cards and (after the draft) drafted cards. Once the war is over, everyone's hand,
    deck and unused cards (never the set-aside ones)."""
    ok = list(s.faceup) + (s.piles[0] + s.piles[1] if s.piles else []) + [lv.card for lv in s.tower]
    for q in (0, 1):
        ok += s.discard[q] + [p.card for p in s.played[q]] + [p.eff for p in s.played[q]]
    if s.held and s.held.card:
        ok.append(s.held.card)
    if seat is not None:
        ok += s.hand[seat] + s.deck[seat] + s.unused[seat] + s.kept[seat]
        if s.base_card is not None:
            ok += s.drafted[seat]
    if s.result is not None:
        for q in (0, 1):
            ok += s.hand[q] + s.deck[q] + s.unused[q]
    return {CODE_OF[c] for c in ok}


def no_secret_shows(s: State, shown: set[str] | frozenset[str] = frozenset()) -> None:
    """No seat's view (nor the spectator's) names a card that seat may not see; ``shown``: the
    cards already seen face up in the war (``FaceUp``), which the events may go on naming."""
    for seat in (0, 1, None):
        v = view(s, seat)
        assert card_codes_in(v) <= allowed_codes(s, seat) | shown, (seat, s.phase)


def face_up_now(s: State) -> set[str]:
    """The cards of the war lying face up for everyone now: played, discarded, in the tower, in the hand."""
    cards = [lv.card for lv in s.tower] + ([s.held.card] if s.held and s.held.card else [])
    for q in (0, 1):
        cards += s.discard[q] + [p.card for p in s.played[q]] + [p.eff for p in s.played[q]]
    return {CODE_OF[c] for c in cards}


class FaceUp:
    """The cards seen face up so far in one game, followed state by state (call it with each).

    A card played in a battle was seen by everyone, and the events that tell of it name it for the
    rest of the game, even once it has been shuffled back into its owner's deck: that is no secret.
    What stays secret is a card never shown: a hand, a deck's unplayed cards, a drafted card, a kept
    card, the three set aside."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def __call__(self, s: State) -> None:
        self.seen |= face_up_now(s)


def json_round_trip(v: dict) -> dict:
    return json.loads(json.dumps(v))


# --- test bots -----------------------------------------------------------------------------------


def random_bot(rng: Rng):
    """Uniform over legal moves, but every drop is held for a random 0-10 000 ms."""

    def choose(s: State):
        move = rng.choice(r.legal_moves(s))
        if isinstance(move, Drop):
            move = Drop(move.x, move.y, rng.between(0, 10_000))
        return move

    return choose


def careful_bot(rng: Rng, tries: int = 24):
    """Builds tall towers: never adjusts, and drops where a preview says the tower
    stands with the widest margin (among ``tries`` random aims). Exercises the late
    game: running out of pyramids and cards, reshuffles, high levels."""

    def choose(s: State):
        moves = r.legal_moves(s)
        if s.phase == "place":
            adds = [m for m in moves if not isinstance(m, LiftPyramid)]
            return rng.choice(adds)
        if s.phase != "drop":
            return rng.choice(moves)
        best, best_score = None, None
        for _ in range(tries):
            m = rng.choice(moves)
            m = Drop(m.x, m.y, rng.between(0, 10_000))
            p = r.preview_drop(s, m.x, m.y, m.hold_ms)
            score = -1e9 if p["fall"] else tightest(r.tower_after(s, landing(s, m)))
            if best_score is None or score > best_score:
                best, best_score = m, score
        return best

    return choose


def landing(s: State, m: Drop):
    return r.landing_of(s, m)


def tightest(tower) -> float:
    from tabletop.games.tower_war.tower import supports

    return min((sp.margin_mm for sp in supports(tower)), default=50.0)


def play_game(seed: int, bot_factory=random_bot, options=None, on_state=None, cap: int = 5000):
    """Play one game with two bots; returns (final state, moves as JSON)."""
    s = r.new_game(2, options, seed)
    rng = Rng(seed * 7919 + 1)
    bots = [bot_factory(rng.fork()), bot_factory(rng.fork())]
    moves = []
    while s.result is None and len(moves) < cap:
        if on_state:
            on_state(s)
        m = bots[s.actor](s)
        moves.append(move_to_json(m))
        s = r.apply(s, m)
    if on_state:
        on_state(s)
    return s, moves


TRIPOD_PATTERN = ((-17.0, -22.0), (17.0, -22.0), (0.0, 24.0))


def skilled_bot(rng: Rng):
    """A steady hand: compensates the tremor exactly and stacks tripods straight up,
    trying smaller tripods if a preview says the tower would fall. It builds towers
    until the pyramids run out, so the late-game rules get exercised. Now and then it
    adjusts a pyramid (lifting it and dropping it back where it stood)."""
    from tabletop.games.tower_war.hand import tremor

    def choose(s: State):
        moves = r.legal_moves(s)
        if s.phase == "place":
            lifts = [m for m in moves if isinstance(m, LiftPyramid)]
            if lifts and rng.below(6) == 0:
                return rng.choice(lifts)
            return rng.choice([m for m in moves if not isinstance(m, LiftPyramid)])
        if s.phase != "drop":
            return rng.choice(moves)
        top = s.tower[-1]
        hold = rng.between(0, 10_000)
        dx, dy = tremor(s.held.amplitude, s.held.phases, hold)
        for x, y in wanted_points(s, rng):
            m = Drop(x - dx, y - dy, hold)
            try:
                if r.preview_drop(s, m.x, m.y, m.hold_ms)["fall"] is None:
                    return m
            except Exception:  # aim out of reach
                continue
        del top
        return rng.choice(moves)

    return choose


def wanted_points(s: State, rng: Rng):
    """Landing points worth trying (top card's frame), best first."""
    top, held = s.tower[-1], s.held
    if held.piece == "card":
        xs = [p.x - top.x for p in top.pyramids]
        ys = [p.y - top.y for p in top.pyramids]
        yield (sum(xs) / 3, sum(ys) / 3)
        return
    if held.lifted is not None:
        yield (held.lifted.x - top.x, held.lifted.y - top.y)
    i = len(top.pyramids)
    for scale in (1.0, 0.85, 0.7, 0.55):
        px, py = TRIPOD_PATTERN[i % 3]
        yield (px * scale, py * scale)
    for _ in range(20):
        yield (rng.between(-28, 28) * 1.0, rng.between(-40, 40) * 1.0)
