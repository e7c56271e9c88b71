"""The computer player of Tower War.

It decides from ``view(state, seat)`` and the legal moves only (plus what the same
seat remembers having seen, ``memory``), through the shared hook of ``tabletop.sim.decisions``:
``searcher(view, legal, seat, level, rng, memory) -> Search``. Every decision is a
generator that yields every few milliseconds, so a page can think in slices;
``choose`` runs one decision to its end.

What it does at each step
-------------------------
* **Draft** (``split``, ``take``, ``sweeten``): cards are valued by points, rank and
  jokers (``ai.cards.draft_value``; hard squares them, ``sharp_draft_value``); the
  splitter makes the two piles as even as it can (the other player will take the
  better one), the chooser takes the better pile; with advanced drafting the splitter
  evens the piles with pyramids.
* **Deck** (``keep``): the 15 cards with the highest expected battle total of a
  three-card hand - high cards and shared suits (``ai.cards.best_deck``).
* **Battles** (``play``): the other hand is unseen, so it is dealt a number of times
  from the cards this seat cannot see (better cards likelier, as a deck keeps the
  best; hard remembers the draft, which narrows the deal to the other's own cards);
  each deal is played to the battle's end by minimax and scored as the war is: who
  must add pyramids and cards (a fall risk growing with the height), who would lack
  a size (that loses the war), how the stashes stand afterwards (hard: the chance of
  winning the war on pyramids alone, ``ai.economy``).
* **Pyramid size** for an empty level: one it can keep adding, best one the other is
  short of (``ai.cards.start_size``; hard: ``ai.economy``).
* **The tower** (``pick``, ``lift``, ``drop``): ``ai.placement`` plans a broad tripod
  for the level and the safest spot for each piece (maximising the least stability
  margin of the whole tower after the drop, under its own release errors), parks a
  first heavy pyramid near the middle and lifts it onto its slot once that is safe,
  then aims and lets go at a calm moment of the tremor. The crowning card is the
  battle card its deck misses least. It can still make the tower fall: its hand is
  only as steady as its level.

The levels (``TUNING``; ``LEVEL_NOTES`` is a short text for the rules page)
---------------------------------------------------------------------------
The skill of the hand is the spread (standard deviation) of the release around the
calm moment it waits for (``ai.placement.Skill``). One millisecond off moves the
piece about 6 um per mm of tremor amplitude: 0.035 mm at the base, 0.2 mm for the
card that crowns level 8; a crowning card has about 11 mm of room on a good tripod.

======  =========================  ==============  ================  =====================
level   release error (1 sigma)    battle deals    draft             think per decision
======  =========================  ==============  ================  =====================
easy    50 ms, 8 % slips of 150 ms  3, 1 in 5       points, forgets   median ~1 ms, drops
        aim not checked, waits 4 s  careless                          ~20 ms, max ~0.1 s
normal  35 ms, worst landings       12              points            median ~1 ms, drops
        checked, waits 6 s                                            ~30 ms, max ~0.2 s
hard    6 ms, worst landings        40              squared values,   median ~2 ms, drops
        checked, waits 10 s                         remembers,        ~35 ms, max ~0.4 s
                                                    pyramid economy
======  =========================  ==============  ================  =====================

Think times are CPython on one core of the project's 2-core machine (Pyodide in the
browser takes a few times longer, in slices); a decision with one legal move costs
nothing. Measured strength (``python3 -m tabletop.simulate --game tower-war``, 200
games, seats rotated): see ``LEVEL_NOTES``.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import Any, NamedTuple

from tabletop.ai.levels import Budget
from tabletop.ai.search import Search
from tabletop.engine.cards import Card
from tabletop.engine.moves import Move
from tabletop.engine.pyramids import SIZES, Size
from tabletop.engine.rng import Rng
from tabletop.games.tower_war.ai import cards as ac
from tabletop.games.tower_war.ai import economy as ae
from tabletop.games.tower_war.ai import placement as ap
from tabletop.games.tower_war.moves import Drop, Keep, LiftPyramid, PickCard, PickPyramid, PilesReady, Play, Split, Sweeten, Take

Decision = Generator[None, None, Move]  # a decide_<phase> step: yields while it thinks, returns the move


class Level(NamedTuple):
    """One computer level: its hand, how many deals it weighs a battle play over, how
    often it makes a careless card decision, and whether it remembers the draft."""

    skill: ap.Skill
    samples: int
    careless: float
    remembers: bool
    sharp_draft: bool = False  # values drafted cards by ``ai.cards.sharp_draft_value``
    economy: bool = False  # plans the pyramid sizes with ``ai.economy``


TUNING: dict[str, Level] = {
    "easy": Level(ap.Skill(50.0, 0.08, 150.0, 4000, False), samples=3, careless=0.2, remembers=False),
    "normal": Level(ap.Skill(35.0, 0.0, 0.0, 6000, True), samples=12, careless=0.0, remembers=False),
    "hard": Level(ap.Skill(6.0, 0.0, 0.0, 10000, True), samples=40, careless=0.0, remembers=True, sharp_draft=True, economy=True),
}

LEVEL_NOTES: dict[str, str] = {
    "easy": (
        "Easy plays sensibly but like a beginner: it lets go of a piece about 50 ms off the calm moment "
        "(now and then much worse) without checking where a shaky release could land, so it loses tall towers; "
        "it weighs each card over only three guesses of your hand and one card decision in five is careless. "
        "It answers at once."
    ),
    "normal": (
        "Normal lets go about 35 ms off the calm moment and picks the spot whose worst landing keeps the whole "
        "tower steadiest, so it rarely drops a piece while the hand is calm. It weighs each card "
        "over a dozen guesses of your hand and drafts by card values. It answers in a fraction of a second."
    ),
    "hard": (
        "Hard has a steady hand (about 6 ms off the calm moment) and almost never drops the tower. It drafts "
        "sharply for aces, kings and jokers, remembers which cards you took, weighs each card over forty "
        "guesses of your hand and plans the pyramid sizes so that you run short first. "
        "It still answers in well under a second."
    ),
}

# Iterations are the search's units: battle deals for a play, planning steps for a drop.
BUDGETS: dict[str, Budget] = {"easy": Budget(4, 0.5), "normal": Budget(12, 1.0), "hard": Budget(40, 3.0)}


# --- remembering the draft ---------------------------------------------------------------------------------


def remember_draft(view: dict[str, Any], memory: dict[str, Any]) -> None:
    """Note the piles on the table this round (what a player at the table sees)."""
    draft = view["draft"]
    if not draft["active"]:
        return
    rnd = draft["round"] - 1
    rounds = memory.setdefault("draft_rounds", {})
    if any(r > rnd for r in rounds):  # a new game in an old memory
        rounds.clear()
    if draft["piles"] is not None:
        rounds[rnd] = (tuple(draft["piles"][0]["cards"]), tuple(draft["piles"][1]["cards"]))


def drafted_known(view: dict[str, Any], memory: dict[str, Any]) -> tuple[list[Card], list[Card], bool]:
    """(cards this seat saw go to itself, to the other, whether it saw every round),
    read from the remembered piles and the public ``took`` events."""
    rounds = memory.get("draft_rounds", {})
    seat = view["seat"]
    mine: list[Card] = []
    theirs: list[Card] = []
    taken = 0
    for e in view["events"]:
        if e["kind"] != "took":
            continue
        chooser, pile = e["seat"], e["pile"]
        if taken in rounds:
            got, left = rounds[taken][pile], rounds[taken][1 - pile]
            (mine if chooser == seat else theirs).extend(ac.cards(got))
            (theirs if chooser == seat else mine).extend(ac.cards(left))
        taken += 1
    complete = taken > 0 and all(r in rounds for r in range(taken))
    return mine, theirs, complete


# --- the search ---------------------------------------------------------------------------------------------


class TowerWarSearch(Search):
    """One decision, worked out in small steps (see the module doc)."""

    def __init__(self, view: dict[str, Any], legal: list[Any], seat: int, level: str, rng: Rng, memory: dict[str, Any]):
        self.view, self.legal, self.seat, self.rng, self.memory = view, legal, seat, rng, memory
        self.level = TUNING.get(level, TUNING["normal"])
        self.choice: Move | None = None
        self.partial: tuple[list[Play], list[float]] | None = None  # (moves, totals) of a battle play being weighed

    def best(self) -> Move:
        """The decision; if thinking was cut short (a page's time cap), the best play
        weighed so far, or for a drop a plain aim at the top card's middle at its
        first calm moment."""
        if self.choice is not None:
            return self.choice
        if self.partial is not None:
            moves, totals = self.partial
            return moves[max(range(len(moves)), key=lambda i: totals[i])]
        held = self.view.get("held")
        if self.view["phase"] == "drop" and held:
            moments = ap.calm_moments(tuple(held["phases"]), 3000)
            return Drop(0.0, 0.0, moments[0] if moments else 0)
        first: Move = self.legal[0]
        return first

    def work(self) -> Iterator[None]:
        if self.level.remembers:
            remember_draft(self.view, self.memory)
        phase = self.view["phase"]
        step = getattr(self, f"decide_{phase}", None)
        if step is None:
            self.choice = self.legal[0]
            return
        self.choice = yield from step()
        self.iterations += 1

    # -- the draft and the deck

    def draft_value(self, c: Card) -> float:
        return ac.sharp_draft_value(c) if self.level.sharp_draft else ac.draft_value(c)

    def decide_split(self) -> Decision:
        faceup = ac.cards(self.view["draft"]["faceup"])
        yield
        pile = ac.split_choice(faceup, self.draft_value)
        if self.level.remembers:
            rnd = self.view["draft"]["round"] - 1
            rest = tuple(str(c) for c in faceup if c not in pile)
            self.memory.setdefault("draft_rounds", {})[rnd] = (tuple(str(c) for c in pile), rest)
        return self.careless(Split(tuple(pile)))

    def decide_sweeten(self) -> Decision:
        """Even the piles with pyramids from the middle: add to the poorer pile while
        that brings the two closer."""
        draft = self.view["draft"]
        piles = draft["piles"]
        values = [ac.pile_value(ac.cards(p["cards"]), sum(p["pyramids"].values()), self.draft_value) for p in piles]
        target = draft["sweetened_pile"]
        poorer = target if target is not None else (0 if values[0] < values[1] else 1)
        gap = values[1 - poorer] - values[poorer]
        middle = draft["middle"]
        yield
        if gap > ac.PYRAMID_CARD_VALUE / 2 and sum(middle.values()):
            size = max(SIZES, key=lambda z: (middle[str(z)], int(z)))
            return Sweeten(poorer, size)
        return PilesReady()

    def decide_take(self) -> Decision:
        piles = self.view["draft"]["piles"]
        values = [ac.pile_value(ac.cards(p["cards"]), sum(p["pyramids"].values()), self.draft_value) for p in piles]
        yield
        return self.careless(Take(0 if values[0] >= values[1] else 1))

    def decide_build(self) -> Decision:
        mine = self.view["mine"]
        yield
        return Keep(ac.keep_choice(ac.cards(mine["kept"]), ac.cards(mine["drafted"])))

    # -- battles

    def decide_play(self) -> Decision:
        battle = ac.BattleView(self.view)
        plays = battle.my_plays()
        moves = [Play(c, e if c.is_joker else None) for c, e in plays]
        known = None
        if self.level.remembers:
            _, theirs, complete = drafted_known(self.view, self.memory)
            known = theirs if complete else None
        pool = ac.unseen_cards(self.view, known)
        solver = battle.solver(self.level.economy)
        totals = [0.0] * len(plays)
        self.partial = (moves, totals)
        solved: dict[tuple[Card, ...], list[float]] = {}  # the same dealt hand twice is solved once
        for _ in range(max(1, self.level.samples if battle.their_count else 1)):
            hand = tuple(sorted(ac.sample_hand(pool, battle.their_count, self.rng)))
            if hand not in solved:
                values: list[float] = []
                yield from battle.play_values_steps(hand, solver, values)
                solved[hand] = values
            for i, v in enumerate(solved[hand]):
                totals[i] += v
            self.iterations += 1
            yield
        order = sorted(range(len(plays)), key=lambda i: (-totals[i], ac.card_value(plays[i][0]), str(plays[i][0])))
        return self.careless(moves[order[0]])

    # -- the tower

    def decide_place(self) -> Decision:
        view = self.view
        placing = view["placing"]
        if placing["liftable"]:
            lift = ap.lift_choice(view, self.level.skill)
            yield
            if lift is not None:
                return LiftPyramid(lift)
        if placing["piece"] == "card":
            battle_cards = ac.cards(placing["battle_cards"])
            deck = ac.cards(view["mine"]["deck"]) + ac.cards(view["players"][self.seat]["discard"])
            return PickCard(ac.crown_choice(battle_cards, deck + battle_cards))
        if placing["required_size"]:
            return PickPyramid(Size.parse(placing["required_size"]))
        stash = [[0] + [view["players"][q]["stash"][str(z)] for z in SIZES] for q in (0, 1)]
        legal_sizes = [m.size for m in self.legal if isinstance(m, PickPyramid)]
        size = self.start_size(stash[self.seat], stash[1 - self.seat], placing)
        return PickPyramid(size if size in legal_sizes else legal_sizes[0])

    def start_size(self, mine: list[int], theirs: list[int], placing: dict[str, Any]) -> Size:
        """The size to start an empty level with."""
        if placing["reason"] == "battle":
            needed = placing["pyramids_needed"]
            enough = [z for z in SIZES if mine[z] >= needed] or [z for z in SIZES if mine[z]]

            def after(z: Size) -> list[int]:
                return [m - needed * (i == z) for i, m in enumerate(mine)]

            if self.level.economy:
                return max(enough, key=lambda z: (ae.war_value(after(z)[1:], theirs[1:]), int(z)))
            return max(enough, key=lambda z: (ac.stash_value(after(z), theirs), int(z)))
        if self.level.economy:
            battle = ac.BattleView(self.view)
            losses = battle.solver(True).losses0
            tally: ac.Tally = (0, None, (tuple(mine), tuple(theirs)) if self.seat == 0 else (tuple(theirs), tuple(mine)), 0.0, losses)
            size = battle.solver(True).choose_size(tally, self.seat, battle.skirmish)
            if size:
                return size
        return ac.start_size(mine, theirs, 3) or next(z for z in SIZES if mine[z])

    def decide_drop(self) -> Decision:
        x, y, hold = yield from ap.choose_drop_steps(self.view, self.level.skill, self.rng)
        return Drop(x, y, hold)

    # -- mistakes

    def careless(self, move: Move) -> Move:
        """Easy's careless decisions: now and then any legal move of the same kind."""
        if self.level.careless and self.rng.unit() < self.level.careless:
            same = [m for m in self.legal if type(m) is type(move)]
            if same:
                chosen: Move = self.rng.choice(same)
                return chosen
        return move


def suggested_deck(view: dict[str, Any]) -> list[str]:
    """The deck the computer would build from this seat's drafted cards (``ai.cards.best_deck``), best
    card first: what the deck-building table offers a person in one tap. Cards already kept stay in
    it, since a kept card cannot be taken back; the same cards always give the same deck."""
    mine = view["mine"]
    deck = ac.best_deck(tuple(sorted(ac.cards(mine["kept"]))), tuple(sorted(ac.cards(mine["drafted"]))))
    return [str(c) for c in sorted(deck, key=lambda c: (-ac.card_value(c), str(c)))]


def searcher(view: dict[str, Any], legal: list[Any], seat: int, level: str, rng: Rng, memory: dict[str, Any]) -> Search:
    """The hook ``tabletop.ai`` calls for every Tower War decision at ``level``."""
    return TowerWarSearch(view, legal, seat, level, rng, memory)


def choose(view: dict[str, Any], legal: list[Any], level: str, rng: Rng, memory: dict[str, Any] | None = None) -> Move:
    """One decision, blocking (tests and scripts): the move ``level`` plays."""
    search = searcher(view, legal, view["seat"], level, rng, {} if memory is None else memory)
    for _ in search.work():
        pass
    move: Move = search.best()
    return move
