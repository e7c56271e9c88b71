"""Tower War: the rules, one function per rule step (the State is in ``state``, the moves in ``moves``).

The game in four stages (the rulebook as this edition reads it: the rules page, ``guide.py``):

1. **Draft** - five cards dealt face up; the splitter (player one first, then
   alternating) divides them into piles A and B (``split``; with advanced drafting
   also ``sweeten`` a pile with pyramids from the middle stash, then
   ``piles_ready``); the other player ``take``s one pile, the splitter gets the
   other. Drafted cards go face down, unseen even by their owner, until the draft
   ends after ten rounds; of the last four cards one becomes the tower's base and
   three are set aside unseen.
2. **Deck building** - each player with more than 15 drafted cards ``keep``s 15
   of them, one at a time (player one first); the rest stay out of the game.
3. **War** - battles of three skirmishes; the leader alternates. Each player
   ``play``s a card per skirmish (a joker names the earlier card it copies). The
   skirmish loser adds a pyramid to the top level; the battle's lower total fills
   that level to three and puts one of its battle cards on top.
4. **The tower** - adding a piece is two moves: a pick-up (``pick_pyramid``,
   ``pick_card``, or ``lift_pyramid`` to adjust an uncovered top-level pyramid
   first), which draws the tremor's phases from the seeded generator, then a
   ``drop`` with a target (mm, in the top card's frame, see ``tower.py``) and a
   hold time; the engine computes the landing and checks the whole tower.

Whoever makes anything fall, or must add a pyramid and has none of the size,
loses; so does a player who starts a battle without a single card.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import Any

from tabletop.engine.cards import Card, standard_deck
from tabletop.engine.errors import IllegalMove
from tabletop.engine.events import event
from tabletop.engine.hidden import AnyCard, CardAwaited, checkable, face, is_hidden, peek
from tabletop.engine.moves import Move
from tabletop.engine.options import resolve_options
from tabletop.engine.outcome import Outcome
from tabletop.engine.pyramids import SIZES, Size
from tabletop.engine.rng import new_rng
from tabletop.games.tower_war import hand as unsteady
from tabletop.games.tower_war.facts import (
    BATTLE_DRAW,
    DECK_SIZE,
    DRAFT_DEAL,
    DRAFT_LEFTOVER,
    PILE_NAMES,
    SEAT_NAMES,
    SKIRMISHES,
    STASH_PER_SIZE,
    TITLE,
    default_options,
)
from tabletop.games.tower_war.moves import (
    CODEC,
    Drop,
    Keep,
    LiftPyramid,
    Pass,
    PickCard,
    PickPyramid,
    PilesReady,
    Play,
    Split,
    Sweeten,
    Take,
)
from tabletop.games.tower_war.physics import (
    ADJUSTMENTS_PER_PLACEMENT,
    CARD_HALF_LENGTH_MM,
    CARD_HALF_WIDTH_MM,
    DROP_REACH_MM,
    GRID_STEP_MM,
    HAND_EDITION,
    HAND_EDITIONS,
    HOLD_MS_MAX,
    PYRAMIDS_PER_LEVEL,
    SAMPLE_HOLDS_MS,
)
from tabletop.games.tower_war.scoring import battle_total, compare, is_double, rank_decided, skirmish_value
from tabletop.games.tower_war.state import Held, Played, State
from tabletop.games.tower_war.tower import Fall, Level, Pyramid, Tower, first_fall


def name(seat: int) -> str:
    return SEAT_NAMES[seat]


def a_size(size: Size) -> str:
    return f"a {size}"


def say(s: State, kind: str, seat: int | None, **facts: Any) -> None:
    """Record what the move being applied did, done by ``seat`` (None: the rules themselves);
    ``telling`` lists the kinds and says them."""
    s.events.append(event(kind, s.moves, seat, **facts))


# --- setup and the draft ---------------------------------------------------------------------------


def new_game(seats: int = 2, options: dict[str, Any] | None = None, seed: int = 0) -> State:
    """Shuffle the 54 cards, give each player a stash (5 of each size) and deal the
    first five cards of the draft."""
    if seats != 2:
        raise ValueError(f"{TITLE} is a game for two players, not {seats}")
    opts = dict(options or {})
    hand = opts.pop("hand", HAND_EDITION)  # not a variant: set only by the save upgrade for older games
    if hand not in HAND_EDITIONS or isinstance(hand, bool):
        raise ValueError(f"unknown unsteady hand {hand!r}")
    opts = resolve_options(default_options(), opts)
    rng = new_rng(seed)
    s = State(advanced=opts["advanced_draft"], rng=rng, hand_edition=hand)
    s.draft_deck = rng.shuffled_face_up(standard_deck(jokers=2))
    if s.advanced:
        s.middle = [0] + [STASH_PER_SIZE] * 3
    say(s, "start", None)
    deal_for_split(s)
    return s


def mover(s: State) -> int:
    """The seat to act (``s.actor``): every phase has one until the war is over."""
    if s.actor is None:
        raise RuntimeError(f"nobody acts in phase {s.phase!r}: the war is over")
    return s.actor


def draft_piles(s: State) -> list[list[Card]]:
    """Piles A and B of this draft round (``s.piles``: set by the split, cleared by the take)."""
    if s.piles is None:
        raise RuntimeError(f"there are no piles in phase {s.phase!r}")
    return s.piles


def held_piece(s: State) -> Held:
    """The piece in the unsteady hand (``s.held``: set by a pick-up, cleared by its drop)."""
    if s.held is None:
        raise RuntimeError(f"no piece is held in phase {s.phase!r}")
    return s.held


def deal_for_split(s: State) -> None:
    """Deal five cards face up for the splitter (player one first, then alternating)."""
    s.faceup = s.rng.deal_face_up(s.draft_deck, DRAFT_DEAL)
    s.piles = None
    s.pile_pyramids = [[0] * 4, [0] * 4]
    s.sweetened = None
    s.phase, s.actor = "split", s.round % 2
    s.epoch += 1
    say(s, "dealt", None, round=s.round + 1, splitter=mover(s))


def draft_rounds() -> int:
    return (54 - DRAFT_LEFTOVER) // DRAFT_DEAL


def split_piles(s: State, move: Split) -> None:
    """The splitter divides the face-up cards into two non-empty piles."""
    chosen = list(move.pile)
    if len(set(chosen)) != len(chosen) or any(c not in s.faceup for c in chosen):
        raise IllegalMove("pile A must be made of the face-up cards, each once")
    if not 1 <= len(chosen) < len(s.faceup):
        raise IllegalMove("both piles need at least one card")
    if chosen != [c for c in s.faceup if c in chosen]:
        raise IllegalMove("name pile A's cards in the order they were dealt")
    a = [c for c in s.faceup if c in chosen]
    b = [c for c in s.faceup if c not in chosen]
    s.piles, s.faceup = [a, b], []
    say(s, "split", mover(s), piles=[len(a), len(b)])
    if s.advanced and sum(s.middle):  # type: ignore[arg-type]  # mypy takes "and"'s bool for sum's type
        s.phase = "sweeten"
    else:
        offer_piles(s)


def sweeten_pile(s: State, move: Sweeten) -> None:
    """Advanced drafting: the splitter adds a pyramid from the middle to one pile."""
    if move.pile not in (0, 1):
        raise IllegalMove("there are only piles A and B")
    if s.sweetened is not None and move.pile != s.sweetened:
        raise IllegalMove(f"this round's pyramids all go to pile {PILE_NAMES[s.sweetened]}")
    if s.middle[move.size] == 0:
        raise IllegalMove(f"the middle stash has no {move.size} pyramid left")
    s.middle[move.size] -= 1
    s.pile_pyramids[move.pile][move.size] += 1
    s.sweetened = move.pile
    say(s, "sweetened", mover(s), pile=move.pile, size=str(move.size))
    if not sum(s.middle):
        offer_piles(s)


def piles_ready(s: State, move: PilesReady) -> None:
    """Advanced drafting: the splitter adds no more pyramids."""
    say(s, "piles-ready", mover(s))
    offer_piles(s)


def offer_piles(s: State) -> None:
    """The other player now chooses a pile."""
    s.phase, s.actor = "take", 1 - s.round % 2


def take_pile(s: State, move: Take) -> None:
    """The chooser takes a pile, the splitter the other; cards go face down to
    their new owners, drafted pyramids into their stashes."""
    if move.pile not in (0, 1):
        raise IllegalMove("there are only piles A and B")
    chooser = mover(s)
    splitter, piles = 1 - chooser, draft_piles(s)
    for seat, pile in ((chooser, move.pile), (splitter, 1 - move.pile)):
        s.drafted[seat].extend(piles[pile])
        s.drafted_total[seat] += len(piles[pile])
        for size in SIZES:
            s.stash[seat][size] += s.pile_pyramids[pile][size]
    say(s, "took", chooser, pile=move.pile, piles=[len(p) for p in piles], pile_pyramids=[sizes_of(p) for p in s.pile_pyramids])
    s.piles = None
    s.pile_pyramids = [[0] * 4, [0] * 4]
    s.round += 1
    if len(s.draft_deck) > DRAFT_LEFTOVER:
        deal_for_split(s)
    else:
        finish_draft(s)


def sizes_of(counts: list[int]) -> dict[str, int]:
    """Pyramids counted by size, as events and views say them: {"small": 0, "medium": 1, "large": 0}."""
    return {str(size): counts[size] for size in SIZES}


def finish_draft(s: State) -> None:
    """Of the last four cards one becomes the base of the tower and three are set
    aside unseen; each player may now look at their drafted cards (by link, the other can no longer
    tell them apart: which of them go into the deck is the owner's secret)."""
    s.base_card = s.rng.deal_face_up(s.draft_deck, 1)[0]
    s.set_aside, s.draft_deck = s.draft_deck, []
    s.tower = (Level(s.base_card, 0.0, 0.0, ()),)
    s.epoch += 1
    say(s, "draft-over", None, drafted=list(s.drafted_total), base=str(s.base_card), set_aside=len(s.set_aside))
    for seat in (0, 1):
        s.rng.conceal(s.drafted[seat], seat)
        if len(s.drafted[seat]) <= DECK_SIZE:
            s.kept[seat], s.drafted[seat] = s.drafted[seat], []
    next_builder(s)


# --- deck building -----------------------------------------------------------------------------------


def deck_target(s: State, seat: int) -> int:
    return min(DECK_SIZE, len(s.kept[seat]) + len(s.drafted[seat]))


def next_builder(s: State) -> None:
    """The first player still short of a full deck builds; once both are done, the war starts."""
    for seat in (0, 1):
        if len(s.kept[seat]) < deck_target(s, seat):
            s.phase, s.actor = "build", seat
            return
    for seat in (0, 1):
        s.unused[seat], s.drafted[seat] = s.drafted[seat], []
    start_war(s)


def keep_card(s: State, move: Keep) -> None:
    """Put one drafted card into the deck."""
    seat = mover(s)
    if move.card not in s.drafted[seat]:
        raise IllegalMove(f"the {label(move.card)} is not among your drafted cards left to choose")
    s.drafted[seat].remove(move.card)
    s.kept[seat].append(move.card)
    say(s, "kept", seat, card=str(move.card), kept=len(s.kept[seat]), deck=deck_target(s, seat))  # the card: its seat's alone (view)
    if len(s.kept[seat]) == DECK_SIZE:
        say(s, "deck-built", seat, deck=DECK_SIZE)
        next_builder(s)


def start_war(s: State) -> None:
    """Both players shuffle their decks; player one leads the first battle."""
    for seat in (0, 1):
        s.deck[seat], s.kept[seat] = s.kept[seat], []
        s.rng.shuffle(s.deck[seat], owner=seat)
    say(s, "war-begins", None, decks=[len(s.deck[0]), len(s.deck[1])])
    s.leader = 1  # start_battle hands the lead to player one
    start_battle(s)


# --- battles and skirmishes -----------------------------------------------------------------------------


def start_battle(s: State) -> None:
    """The lead alternates; each player draws three. A player without a single card
    at the start of a battle loses the war."""
    s.battle += 1
    s.leader = 1 - s.leader
    s.skirmish = 0
    s.played = [[], []]
    s.battle_loser = None
    s.epoch += 1
    began = event("battle-begins", s.moves, None, battle=s.battle, leader=s.leader, drawn=[0, 0])
    s.events.append(began)
    for seat in (s.leader, 1 - s.leader):
        began["drawn"][seat] = draw(s, seat, BATTLE_DRAW)
    empty = [seat for seat in (0, 1) if not s.hand[seat]]
    if len(empty) == 2:
        end_game(
            s,
            (),
            f"Neither player has a card left to start battle {s.battle}: the war is drawn.",
            {"cause": "no-cards"},
            f"Neither player has a card left to start battle {s.battle}.",
        )
    elif empty:
        lose(s, empty[0], f"{name(empty[0])} has no card left to start battle {s.battle}.", {"cause": "no-cards"})
    else:
        begin_skirmish(s)


def draw(s: State, seat: int, n: int) -> int:
    """Draw ``n`` cards; an empty deck is replaced by the shuffled discard pile. With
    both empty the player draws fewer. How many were drawn."""
    for drawn in range(n):
        if not s.deck[seat]:
            if not s.discard[seat]:
                return drawn
            s.deck[seat], s.discard[seat] = s.discard[seat], []
            s.rng.shuffle(s.deck[seat], owner=seat)
            say(s, "reshuffled", seat, deck=len(s.deck[seat]))
        s.hand[seat].append(s.rng.draw(s.deck[seat]))
    return n


def label(card: AnyCard) -> str:
    """A card's name in a message: a hidden card its device cannot read is "that card"."""
    shown = peek(card)
    return "that card" if shown is None else shown.label


def earlier_cards(s: State, seat: int) -> list[Card]:
    """What ``seat`` played this battle (a joker's copy as the card copied), each once."""
    earlier: list[Card] = []
    for p in s.played[seat]:
        if p.eff not in earlier:
            earlier.append(p.eff)
    return earlier


def plays_of(card: AnyCard, shown: Card, earlier: list[Card]) -> list[Play]:
    """The plays of one card of a hand (named as the hand holds it: by link, a hidden card)."""
    if shown.is_joker:
        return [Play(card, e) for e in earlier]
    return [Play(card)]


def playable(s: State, seat: int) -> list[Play]:
    """The plays open to ``seat``: any card but a joker; a joker as a copy of an
    earlier card of this battle (so never as the battle's first card). Listed on the device
    that reads the hand (by link, its owner's)."""
    earlier = earlier_cards(s, seat)
    return [play for card in s.hand[seat] for play in plays_of(card, face_read(card), earlier)]


def face_read(card: AnyCard) -> Card:
    """A card this device reads without making it public (its own hand by link)."""
    shown = peek(card)
    if shown is None:
        raise CardAwaited(card)  # type: ignore[arg-type]  # the cards of a hand are listed only where they are read
    return shown


def may_play(s: State, seat: int) -> bool:
    """Whether ``seat`` is asked to play: by link, a hand of hidden cards is its owner's to judge,
    so its owner is asked while it holds any card, and answers ``Pass`` when none can be played."""
    hand = s.hand[seat]
    if any(is_hidden(card) for card in hand):
        return bool(hand)
    return bool(playable(s, seat))


def begin_skirmish(s: State) -> None:
    """The leader plays first; a player with nothing to play is skipped."""
    s.current = [None, None]
    for seat in (s.leader, 1 - s.leader):
        if may_play(s, seat):
            s.phase, s.actor = "play", seat
            return
    resolve_skirmish(s)


def play_card(s: State, move: Play) -> None:
    """Play a card face up; its value counts the shared suits of this battle."""
    seat = mover(s)
    if move.card not in s.hand[seat]:
        raise IllegalMove(f"the {label(move.card)} is not in your hand")
    card = face(move.card)  # played face up: every device reads it as the move is made
    if move not in plays_of(move.card, card, earlier_cards(s, seat)):
        raise IllegalMove(why_not_playable(s, seat, card))
    eff = move.as_card if card.is_joker else card
    assert eff is not None, "plays_of lists a joker only with the card it copies"
    earlier = [p.eff for p in s.played[seat]]
    entry = Played(card, eff, skirmish_value(eff, earlier), is_double(eff, earlier))
    s.hand[seat].remove(move.card)
    s.played[seat].append(entry)
    s.current[seat] = entry
    s.epoch += 1
    copied = str(eff) if card.is_joker else None
    say(
        s,
        "played",
        seat,
        card=str(card),
        value=entry.value,
        double=entry.double,
        battle=s.battle,
        skirmish=s.skirmish + 1,
        **{"as": copied},
    )
    hand_over(s, seat)


def hand_over(s: State, seat: int) -> None:
    """After the leader's turn in a skirmish the follower plays, if they may; else it is decided."""
    other = 1 - seat
    if seat == s.leader and may_play(s, other):
        s.actor = other
    else:
        resolve_skirmish(s)


def pass_skirmish(s: State, move: Pass) -> None:
    """By link: nothing in the mover's hand can be played now (the other's device cannot read the
    hand to skip them; the mover's device checks it, and so does the check at the game's end)."""
    seat = mover(s)
    hand = s.hand[seat]
    if not any(is_hidden(card) for card in hand):
        raise IllegalMove("only a hand the other player cannot see is passed: play a card")
    if checkable(*hand) and playable(s, seat):
        raise IllegalMove("you hold a card you can play")
    say(s, "passed", seat, battle=s.battle, skirmish=s.skirmish + 1)
    hand_over(s, seat)


def why_not_playable(s: State, seat: int, card: Card) -> str:
    if card.is_joker:
        if not s.played[seat]:
            return "a joker cannot be the first card of a battle"
        return "a joker must copy one of the cards you played earlier this battle"
    return "only a joker names a card to copy"


def resolve_skirmish(s: State) -> None:
    """Higher value wins (equal 10-point ranks by hierarchy); the loser adds a
    pyramid unless the cards tie or the loser played a double."""
    lead, follow = s.leader, 1 - s.leader
    a, b = s.current[lead], s.current[follow]
    facts: dict[str, Any] = {
        "battle": s.battle,
        "skirmish": s.skirmish + 1,
        "leader": lead,
        "played": [None if p is None else str(p.eff) for p in s.current],
        "values": [None if p is None else p.value for p in s.current],
        "rank_rule": False,
        "double": False,
    }
    if a is None and b is None:
        say(s, "skirmish", None, result="none", loser=None, **facts)
        return next_skirmish(s)
    if a is None or b is None:
        loser = lead if a is None else follow
        say(s, "skirmish", None, result="no-card", loser=loser, **facts)
    else:
        c = compare(a.eff, a.value, b.eff, b.value)
        if c == 0:
            say(s, "skirmish", None, result="tie", loser=None, **facts)
            return next_skirmish(s)
        loser = follow if c > 0 else lead
        win, lose_ = (a, b) if c > 0 else (b, a)
        facts.update(rank_rule=rank_decided(win.eff, win.value, lose_.eff, lose_.value), double=lose_.double)
        say(s, "skirmish", None, result="won", loser=loser, **facts)
        if lose_.double:
            return next_skirmish(s)
    call_for_pyramid(s, loser, "skirmish")


def next_skirmish(s: State) -> None:
    s.skirmish += 1
    if s.skirmish < SKIRMISHES:
        begin_skirmish(s)
    else:
        end_battle(s)


def end_battle(s: State) -> None:
    """Totals decide the battle (no hierarchy): the lower fills the top level and
    adds a card; a tie sends this battle's pyramids home."""
    s.returned = []
    totals = [battle_total([p.eff for p in s.played[seat]]) for seat in (0, 1)]
    s.totals = totals
    if totals[0] == totals[1]:
        say(s, "battle-ended", None, battle=s.battle, totals=list(totals), loser=None)
        return_pyramids(s)
        discard_battle_cards(s)
        return start_battle(s)
    loser = 0 if totals[0] < totals[1] else 1
    s.battle_loser = loser
    say(s, "battle-ended", None, battle=s.battle, totals=list(totals), loser=loser)
    continue_filling(s)


def return_pyramids(s: State) -> None:
    """Tie: the leader takes back their pyramids from the top level, then the other
    player. (Every pyramid on the top level was placed in this battle.)"""
    top = s.tower[-1]
    for seat in (s.leader, 1 - s.leader):
        mine = [p for p in top.pyramids if p.owner == seat]
        for p in mine:
            s.stash[seat][p.size] += 1
            s.returned.append((seat, p.size))
        if mine:
            say(s, "returned", seat, pyramids=[{"id": p.id, "size": str(p.size)} for p in mine])
    s.tower = s.tower[:-1] + (top._replace(pyramids=()),)


def discard_battle_cards(s: State) -> None:
    """Cards of this battle not added to the tower go face up to their owners' discards."""
    discards: list[list[str]] = [[], []]
    for seat in (0, 1):
        cards = [p.card for p in s.played[seat]] + [face(c) for c in s.hand[seat]]  # the hand: a joker that found nothing to copy
        s.discard[seat].extend(cards)
        discards[seat] = [str(c) for c in cards]
        s.hand[seat] = []
        s.played[seat] = []
    s.current = [None, None]
    if any(discards):
        say(s, "discarded", None, battle=s.battle, discards=discards)


def continue_filling(s: State) -> None:
    """The battle loser adds pyramids until the top level has three, then a card."""
    loser = s.battle_loser
    if loser is None:
        raise RuntimeError("the tower is filled only after a battle is lost")
    if len(s.tower[-1].pyramids) < PYRAMIDS_PER_LEVEL:
        call_for_pyramid(s, loser, "battle")
    else:
        s.phase, s.actor, s.placing, s.reason = "place", loser, "card", "battle"
        s.adjustments_left = ADJUSTMENTS_PER_PLACEMENT


def required_size(s: State) -> Size | None:
    """The size the top level takes: any while it is empty, else the size already there."""
    top = s.tower[-1].pyramids
    return top[0].size if top else None


def call_for_pyramid(s: State, seat: int, reason: str) -> None:
    """``seat`` must add a pyramid; without one of the required size they lose."""
    size = required_size(s)
    have = s.stash[seat][size] if size else sum(s.stash[seat])
    if not have:
        what = f"{a_size(size)} pyramid" if size else "a pyramid"
        lose(
            s,
            seat,
            f"{name(seat)} had to add {what} to the tower and has none left.",
            {"cause": "no-pyramid", "size": str(size) if size else None},
        )
        return
    s.phase, s.actor, s.placing, s.reason = "place", seat, "pyramid", reason
    s.adjustments_left = ADJUSTMENTS_PER_PLACEMENT


def battle_cards(s: State, seat: int) -> list[AnyCard]:
    """The cards ``seat`` fought this battle with (a joker left unplayed included)."""
    return [*(p.card for p in s.played[seat]), *s.hand[seat]]


# --- placing: pick-up and drop ------------------------------------------------------------------------------


def pick_up(s: State, piece: str, size: Size | None, card: Card | None, owner: int, lifted: Pyramid | None, pyramid: int = 0) -> None:
    """The hand closes on a piece (a pyramid numbered ``pyramid``): the tremor's phases are drawn now."""
    level = len(s.tower) - 1 + (piece == "card")
    seat = mover(s)
    phases = unsteady.draw_phases(s.rng.foreseeable(seat, s.moved[1 - seat]), s.hand_edition)
    s.held = Held(piece, size, card, owner, lifted, level, unsteady.amplitude(piece, level), phases, pyramid)
    s.phase = "drop"
    s.epoch += 1


def pick_pyramid(s: State, move: PickPyramid) -> None:
    seat = mover(s)
    if s.placing != "pyramid":
        raise IllegalMove("you are adding a card now, not a pyramid")
    size = required_size(s)
    if size is not None and move.size != size:
        raise IllegalMove(f"this level takes {size} pyramids")
    if not s.stash[seat][move.size]:
        raise IllegalMove(f"you have no {move.size} pyramid left")
    s.stash[seat][move.size] -= 1
    s.pyramids_made += 1
    pick_up(s, "pyramid", move.size, None, seat, None, s.pyramids_made)
    say(s, "picked-pyramid", seat, pyramid=s.pyramids_made, size=str(move.size))


def lift_pyramid(s: State, move: LiftPyramid) -> None:
    """Adjusting: an uncovered pyramid of the top level is lifted to be re-placed."""
    top = s.tower[-1]
    if not s.adjustments_left:
        raise IllegalMove(f"you have used your {ADJUSTMENTS_PER_PLACEMENT} adjustments for this piece")
    if not 0 <= move.index < len(top.pyramids):
        raise IllegalMove("only a pyramid of the top level, not yet covered by a card, can be adjusted")
    p = top.pyramids[move.index]
    s.tower = s.tower[:-1] + (top._replace(pyramids=top.pyramids[: move.index] + top.pyramids[move.index + 1 :]),)
    s.adjustments_left -= 1
    pick_up(s, "pyramid", p.size, None, p.owner, p, p.id)
    say(s, "lifted", mover(s), pyramid=p.id, owner=p.owner, size=str(p.size), level=len(s.tower) - 1, before=[p.x, p.y])


def pick_card(s: State, move: PickCard) -> None:
    seat = mover(s)
    if s.placing != "card":
        raise IllegalMove("you must add a pyramid first")
    if move.card not in battle_cards(s, seat):
        raise IllegalMove(f"the {label(move.card)} is not one of your cards from this battle")
    card = face(move.card)  # it crowns the tower for all to see
    if move.card in s.hand[seat]:
        s.hand[seat].remove(move.card)
    else:
        s.played[seat] = [p for p in s.played[seat] if p.card != card]
    pick_up(s, "card", None, card, seat, None)
    say(s, "picked-card", seat, card=str(card), level=len(s.tower))


def check_drop(move: Drop) -> None:
    if not (isinstance(move.x, (int, float)) and isinstance(move.y, (int, float)) and math.isfinite(move.x) and math.isfinite(move.y)):
        raise IllegalMove("a drop needs a target point in millimetres")
    if abs(move.x) > CARD_HALF_WIDTH_MM + DROP_REACH_MM or abs(move.y) > CARD_HALF_LENGTH_MM + DROP_REACH_MM:
        raise IllegalMove(f"aim over the tower: at most {DROP_REACH_MM:g} mm beyond the top card's edges")
    if isinstance(move.hold_ms, bool) or not isinstance(move.hold_ms, int) or not 0 <= move.hold_ms <= HOLD_MS_MAX:
        raise IllegalMove(f"the hold time must be a whole number of milliseconds from 0 to {HOLD_MS_MAX}")


def landing_of(s: State, move: Drop) -> tuple[float, float]:
    """World point where the held piece lands for this drop."""
    top = s.tower[-1]
    held = held_piece(s)
    return unsteady.landing((top.x + move.x, top.y + move.y), held.amplitude, held.phases, move.hold_ms)


def tower_after(s: State, at: tuple[float, float]) -> Tower:
    """The tower with the held piece at world point ``at``."""
    held, top = held_piece(s), s.tower[-1]
    if held.card is not None:  # a card is held with no size, a pyramid with no card
        return s.tower + (Level(held.card, at[0], at[1], ()),)
    return s.tower[:-1] + (top._replace(pyramids=top.pyramids + (Pyramid(held.pyramid_size, at[0], at[1], held.owner, held.pyramid),)),)


def drop_piece(s: State, move: Drop) -> None:
    """Let go: the piece lands at target + tremor; every level is checked. Whoever
    makes anything fall loses the war."""
    check_drop(move)
    held, seat, top = held_piece(s), mover(s), s.tower[-1]
    at = landing_of(s, move)
    s.tower = tower_after(s, at)
    s.held = None
    s.epoch += 1
    s.last_drop = {
        "seat": seat, "piece": held.piece, "level": held.level,
        "target": [move.x, move.y], "hold_ms": move.hold_ms,
        "landing": [round(at[0] - top.x, 3), round(at[1] - top.y, 3)],
    }  # fmt: skip
    s.fall = first_fall(s.tower)
    say_landed(s, held, move, at)
    if s.fall:
        say_fell(s, s.fall)
        lose(s, seat, f"{name(seat)} made the tower fall: {s.fall.words()}.", {"cause": "fall", "fall": s.fall.to_json()})
        return
    if held.lifted:
        s.phase = "place"
    elif held.piece == "pyramid":
        pyramid_added(s)
    else:
        card_added(s)


def say_landed(s: State, held: Held, move: Drop, at: tuple[float, float]) -> None:
    """Where the piece landed (world mm), on which level, and whether the tower stands; an adjusted
    pyramid also says where it stood before."""
    lifted = held.lifted
    say(
        s, "landed", mover(s), piece=held.piece, pyramid=held.pyramid or None, card=None if held.card is None else str(held.card),
        owner=held.owner, size=None if held.size is None else str(held.size), level=held.level,
        target=[move.x, move.y], hold_ms=move.hold_ms, gave_out=move.hold_ms == HOLD_MS_MAX,
        after=[round(at[0], 3), round(at[1], 3)], before=None if lifted is None else [lifted.x, lifted.y], stands=s.fall is None,
    )  # fmt: skip


def say_fell(s: State, fall: Fall) -> None:
    """What fell: the pyramid (by its number, with the one it overlapped) or the level's card, and why."""
    level = s.tower[fall.level]
    pyramid = level.pyramids[fall.index].id if fall.index is not None else None
    overlapped = level.pyramids[fall.other].id if fall.other is not None else None
    say(
        s, "fell", None, level=fall.level, piece=fall.piece, pyramid=pyramid, overlapped=overlapped,
        card=str(level.card) if fall.piece == "card" else None, cause=fall.cause,
        margin_mm=round(fall.margin_mm, 3), needed_mm=fall.needed_mm,
    )  # fmt: skip


def pyramid_added(s: State) -> None:
    if s.reason == "skirmish":
        next_skirmish(s)
    else:
        continue_filling(s)


def card_added(s: State) -> None:
    """The crowned tower has a new, empty top level; the next battle begins."""
    discard_battle_cards(s)
    start_battle(s)


# --- the end ---------------------------------------------------------------------------------------------


def end_game(s: State, winners: tuple[int, ...], reason: str, details: dict[str, Any], why: str) -> None:
    """The war ends: ``reason`` says who won and why (the log), ``why`` the same without the winner."""
    s.result = Outcome(winners, reason, details=details, why=why)
    s.phase, s.actor = "over", None
    said = {"cause": details["cause"], "loser": details.get("loser"), "size": details.get("size"), "fall": details.get("fall")}
    say(s, "end", None, winners=list(winners), battle=s.battle, **said)


def lose(s: State, seat: int, why: str, details: dict[str, Any]) -> None:
    """``seat`` loses the war (and so the game)."""
    details = dict(details, loser=seat)
    end_game(s, (1 - seat,), f"{why} {name(1 - seat)} wins the war.", details, why)


# --- the contract -----------------------------------------------------------------------------------------


def to_act(s: State) -> int | None:
    return s.actor


def outcome(s: State) -> Outcome | None:
    return s.result


def epoch(s: State) -> int:
    return s.epoch


def public_now(s: State) -> bool:
    """Nothing any seat sees now is hidden from the other: the draft is played face up and
    drafted cards stay face down even to their owner, so the hot-seat table needs no
    hand-over until the decks are built."""
    return s.phase in ("split", "sweeten", "take")


@lru_cache(maxsize=1)
def pyramid_drops() -> tuple[Drop, ...]:
    """Representative pyramid drops: a 5 mm grid over the top card, a few hold times."""
    xs = grid(-CARD_HALF_WIDTH_MM, CARD_HALF_WIDTH_MM)
    ys = grid(-CARD_HALF_LENGTH_MM, CARD_HALF_LENGTH_MM)
    return tuple(Drop(x, y, h) for x in xs for y in ys for h in SAMPLE_HOLDS_MS)


def grid(lo: float, hi: float) -> list[float]:
    """Multiples of the grid step within [lo, hi]."""
    first = math.ceil(lo / GRID_STEP_MM - 1e-9)
    last = math.floor(hi / GRID_STEP_MM + 1e-9)
    return [float(i * GRID_STEP_MM) for i in range(first, last + 1)]


def card_drops(s: State) -> list[Drop]:
    """Representative card drops: a 5 mm grid over the top level's tripod (in the top
    card's frame) and its centroid, a few hold times each."""
    top = s.tower[-1]
    xs = [p.x - top.x for p in top.pyramids]
    ys = [p.y - top.y for p in top.pyramids]
    points = [(x, y) for x in grid(min(xs), max(xs)) for y in grid(min(ys), max(ys))]
    centroid = (round(sum(xs) / 3, 1), round(sum(ys) / 3, 1))
    if centroid not in points:
        points.append(centroid)
    return [Drop(x, y, h) for x, y in points for h in SAMPLE_HOLDS_MS]


def legal_moves(s: State) -> list[Move]:
    """Every decision open to the seat to act (drops: a representative set)."""
    phase = s.phase
    if phase == "over":
        return []
    if phase == "split":
        # pile A: any of the cards but none or all, named in the order dealt
        return [Split(pile) for k in range(1, len(s.faceup)) for pile in combinations(s.faceup, k)]
    if phase == "sweeten":
        moves: list[Move] = [Sweeten(pile, size) for pile in (0, 1) if s.sweetened in (None, pile) for size in SIZES if s.middle[size]]
        return moves + [PilesReady()]
    if phase == "take":
        return [Take(0), Take(1)]
    if phase == "build":
        return [Keep(c) for c in s.drafted[mover(s)]]
    if phase == "play":
        plays: list[Move] = list(playable(s, mover(s)))
        return plays or [Pass()]  # by link only: a hand of hidden cards may hold nothing to play
    if phase == "place":
        return place_moves(s)
    if phase == "drop":
        return list(pyramid_drops()) if held_piece(s).piece == "pyramid" else card_drops(s)  # type: ignore[return-value]
    return []


def place_moves(s: State) -> list[Move]:
    seat = mover(s)
    if s.placing == "pyramid":
        size = required_size(s)
        moves: list[Move] = [PickPyramid(z) for z in SIZES if (size is None or z == size) and s.stash[seat][z]]
    else:
        moves = [PickCard(c) for c in battle_cards(s, seat)]
    if s.adjustments_left:
        moves.extend(LiftPyramid(i) for i in range(len(s.tower[-1].pyramids)))
    return moves


HANDLERS: dict[str, dict[type[Move], Callable[[State, Any], object]]] = {
    "split": {Split: split_piles},
    "sweeten": {Sweeten: sweeten_pile, PilesReady: piles_ready},
    "take": {Take: take_pile},
    "build": {Keep: keep_card},
    "play": {Play: play_card, Pass: pass_skirmish},
    "place": {PickPyramid: pick_pyramid, LiftPyramid: lift_pyramid, PickCard: pick_card},
    "drop": {Drop: drop_piece},
}

PHASE_WORDS = {
    "split": "split the face-up cards into two piles",
    "sweeten": "add pyramids to a pile or declare the piles ready",
    "take": "choose a pile",
    "build": "choose the cards of your deck",
    "play": "play a card",
    "place": "pick up a piece to add to the tower (or lift one to adjust it)",
    "drop": "drop the piece you are holding",
}


def apply(s: State, move: Move) -> State:
    """A new state after ``move``; an illegal move raises IllegalMove and changes nothing.

    Legal means listed by ``legal_moves`` - each rule step's own checks test exactly
    that, faster than listing (tests/games/test_contract_fabricated.py holds them to it) -
    except drops: targets are continuous, so any drop within the bounds is legal (the
    aim up to ``DROP_REACH_MM`` beyond the top card, the hold up to ``HOLD_MS_MAX``:
    ``physics.py``, and the rules page, ``guide.py``, "Adding a piece")."""
    CODEC.check(move)
    if s.phase == "over":
        raise IllegalMove("the game is over")
    handler = HANDLERS[s.phase].get(type(move))
    if handler is None:
        raise IllegalMove(f"now is the time to {PHASE_WORDS[s.phase]}, not to {move.kind.replace('_', ' ')}")
    if type(move) is Drop and (type(move.x) is int or type(move.y) is int):
        move = Drop(float(move.x), float(move.y), move.hold_ms)  # a whole-number target, as from_json reads it
    new = s.copy()
    seat = s.actor
    handler(new, move)
    new.moves += 1
    if seat is not None:
        new.moved[seat] = new.moves
    return new


def preview_drop(s: State, x: float, y: float, hold_ms: int) -> dict[str, Any]:
    """What dropping the held piece now would do, without doing it (for the UI's ghost):
    the landing point (top card's frame) and the fall it would cause, if any."""
    if s.phase != "drop":
        raise IllegalMove("nothing is being held")
    move = Drop(float(x), float(y), int(hold_ms))
    check_drop(move)
    at = landing_of(s, move)
    top = s.tower[-1]
    fall = first_fall(tower_after(s, at))
    return {"landing": [at[0] - top.x, at[1] - top.y], "fall": fall.to_json() if fall else None}
