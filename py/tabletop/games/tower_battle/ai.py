"""The computer player of Tower Battle: information-set tree search over guessed deals.

The computer knows its own hand, its own face-down tower cards and scoring card,
every face-up card and both discard piles. The rest (the other hand, the other
side's face-down tower cards and scoring card, the order of both stocks) is dealt
anew for every search iteration (``determinize``): each face-down card is one of
the unseen cards of that tower's suit that may lie face down (not an Assassin or a
Diplomat, which always go face up), then the other hand, scoring card and stock
take the rest at random.

Playouts follow ``rollout_move``, a quick player that uses only what the seat to
act could know: it raises its taller tower, strikes tall towers with Assassins,
never shows its own Knave, and declares a battle when its card should win. After
``ROLLOUT_DEPTH`` moves the position is scored by ``evaluate``: tower heights (five
wins a game) turned into a game-win chance, then into a match-win chance from the
score.

Levels: easy plays ``rollout_move``'s own choice, with a lesser choice one time in
five; normal and hard search 40 and 800 iterations. At every level a battle that can only
wreck the computer's own tower (``wrecks_own_tower``) is never declared.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from tabletop.ai.ismcts import Deal, ismcts, quick_shuffle
from tabletop.ai.levels import Budget
from tabletop.ai.mcts import Rules
from tabletop.ai.search import Decided, Search
from tabletop.engine.cards import ACE, JACK, QUEEN, Card, Suit
from tabletop.engine.moves import Move
from tabletop.engine.rng import Rng

from . import rules
from .facts import _SIDE_CARDS, FACING, OWNER, SIDE_SUITS, TNT, TOWER_ORDER, WINNING_HEIGHT, battle_value
from .match import choose_scoring_card
from .moves import ChooseScoringCard, DeclareBattle, DeclineBattle, DiscardCard, PlayCard
from .state import BATTLE, CHOOSING, OVER, Settings, State

LEVEL_NOTES = {
    "easy": "Easy plays like a sensible beginner (raises its taller tower, strikes tall towers with Assassins, never "
    "shows its Knave, battles when its card should win) and one decision in five takes a lesser choice; it "
    "answers at once.",
    "normal": "Normal deals the cards it cannot see 40 ways and plays each deal on a few turns; it answers in a blink.",
    "hard": "Hard does the same 800 times, so it weighs its choices far better; it answers in about a second.",
}

BUDGETS = {
    "easy": Budget(1, 0.5),
    "normal": Budget(40, 1.0),
    "hard": Budget(800, 3.0),
}
ROLLOUT_DEPTH = 10
TREE = {
    "normal": {"rollout_depth": ROLLOUT_DEPTH, "exploration": 0.6},
    "hard": {"rollout_depth": ROLLOUT_DEPTH, "exploration": 0.6},
}
EASY_MISTAKES = 0.2

CARD_OF: dict[str, Card] = {str(c): c for cards in _SIDE_CARDS.values() for c in cards}
SUIT_OF: dict[str, Suit] = {s.value: s for s in TOWER_ORDER}
HIDES_FACE_DOWN = frozenset((ACE, QUEEN))  # always played face up


# --------------------------------------------------------------------------- a deal consistent with the view


def determinize(view: dict[str, Any], seat: int, rng: Rng) -> State:
    """A full match state that ``seat``'s view cannot tell from the real one."""
    return Determinizer(view, seat)(rng)


class Determinizer:
    """Reads the view once; each call deals the unseen cards anew (see the module doc)."""

    def __init__(self, view: dict[str, Any], seat: int):
        m = view["match"]
        self.seat = seat
        self.settings = Settings(advanced=m["scoring"] == "advanced", target=int(m["target"]), tnt=bool(m["tnt"]))
        self.epoch, self.turn = int(view["epoch"]), int(view["turn"])
        self.scores = [int(x) for x in m["scores"]]
        self.game_number, self.starter = int(m["game_number"]), int(m["starter"])
        self.moves = int(m.get("moves", 0))  # the match ends at the save's limit: a rollout sees it coming
        self.phase, self.player = view["phase"], int(view["player"])
        self.asked, self.battle_tower = None, None
        if self.phase == BATTLE:
            offer = view["battle_offer"]
            self.asked, self.battle_tower = int(offer["to"]), SUIT_OF[offer["towers"][0]]
        elif self.phase == CHOOSING:
            self.asked = view["to_act"]
        self.previous: tuple[Card | None, Card | None] = (None, None)
        if m["results"] and m["results"][-1]["scoring_cards"]:
            before = m["results"][-1]["scoring_cards"]
            self.previous = (before[0] and CARD_OF[before[0]], before[1] and CARD_OF[before[1]])
        other = 1 - seat
        players = view["players"]
        self.discards = [[CARD_OF[c] for c in players[p]["discard"]] for p in (0, 1)]
        self.towers: list[list[Any]] = []
        self.hidden: list[tuple[int, int, Suit]] = []  # (tower index, layer index, suit) of unseen face-down cards
        for t_index, t in enumerate(view["towers"]):
            suit = SUIT_OF[t["suit"]]
            layers: list[tuple[Card, bool] | None] = []
            for i, c in enumerate(t["cards"]):
                if c["card"] is None:
                    self.hidden.append((t_index, i, suit))
                    layers.append(None)
                else:
                    layers.append((CARD_OF[c["card"]], bool(c["face_up"])))
            self.towers.append(layers)
        mine = players[seat]
        self.hand = [CARD_OF[c] for c in mine["hand"] or []]
        self.my_scoring = CARD_OF[mine["scoring_card"]] if mine["scoring_card"] is not None else None
        seen_own = set(self.hand) | set(self.discards[seat])
        seen_own |= {layer[0] for layers in self.towers for layer in layers if layer is not None and OWNER[layer[0].suit] == seat}
        if self.my_scoring is not None:
            seen_own.add(self.my_scoring)
        self.own_unseen = [c for c in _SIDE_CARDS[seat, self.settings.tnt] if c not in seen_own]
        seen_other = set(self.discards[other])
        seen_other |= {layer[0] for layers in self.towers for layer in layers if layer is not None and OWNER[layer[0].suit] == other}
        self.other_unseen = [c for c in _SIDE_CARDS[other, self.settings.tnt] if c not in seen_other]
        theirs = players[other]
        self.other_hand = int(theirs["hand_count"])
        self.other_scoring = bool(theirs["scoring_card_set"])
        self.other_stock = int(theirs["stock_count"])

    def __call__(self, rng: Rng) -> State:
        seat, other = self.seat, 1 - self.seat
        s = State(settings=self.settings, rng=Rng(rng.next_u64()))
        s.epoch, s.turn, s.moves, s.scores = self.epoch, self.turn, self.moves, list(self.scores)
        s.game_number, s.starter, s.phase, s.player = self.game_number, self.starter, self.phase, self.player
        s.asked, s.battle_tower, s.previous_scoring_cards = self.asked, self.battle_tower, self.previous
        s.discards = [list(self.discards[0]), list(self.discards[1])]
        own_stock = list(self.own_unseen)
        quick_shuffle(own_stock, rng)
        deal = Deal(self.other_unseen, rng)
        towers = [list(layers) for layers in self.towers]
        for t_index, i, suit in self.hidden:
            towers[t_index][i] = (deal.take_where(lambda c, suit=suit: c.suit == suit and c.rank not in HIDES_FACE_DOWN), False)  # type: ignore[misc]
        other_hand = deal.take(self.other_hand)
        scoring: list[Card | None] = [None, None]
        scoring[seat] = self.my_scoring
        if self.other_scoring:
            scoring[other] = deal.take(1)[0]
        other_stock = deal.take(self.other_stock)
        s.towers = dict(zip(TOWER_ORDER, towers))
        hand = list(self.hand)
        s.hands = [hand, other_hand] if seat == 0 else [other_hand, hand]
        s.stocks = [own_stock, other_stock] if seat == 0 else [other_stock, own_stock]
        s.scoring_cards = scoring
        return s


# --------------------------------------------------------------------------- scoring a position


def tower_strength(s: State, seat: int) -> float:
    """How close ``seat`` is to five cards on a tower (taller tower first, the other helps)."""
    heights = []
    for suit in SIDE_SUITS[seat]:
        tower = s.towers[suit]
        h = float(len(tower))
        for card, _up in tower:
            if card.rank == JACK:
                h -= 0.6  # a Knave is a tower waiting to fall
            elif card.rank == TNT:
                h -= 0.4
        if tower:
            top, up = tower[-1]
            value = battle_value(top)
            if value is not None:
                h += 0.05 * value  # a high top card wins battles
        heights.append(h)
    heights.sort(reverse=True)
    return heights[0] + 0.35 * heights[1]


@lru_cache(maxsize=4096)
def match_chance(need_me: int, need_them: int, p_now: float) -> float:
    """Chance to win the match needing ``need_me`` more game wins before the opponent gets
    ``need_them``, winning the current game with ``p_now`` and later ones half the time."""
    if need_me <= 0:
        return 1.0
    if need_them <= 0:
        return 0.0
    return p_now * match_chance(need_me - 1, need_them, 0.5) + (1 - p_now) * match_chance(need_me, need_them - 1, 0.5)


def evaluate(s: State) -> list[float]:
    """[Red, Black]: chance to win the match (exact once it is over)."""
    if s.outcome is not None:
        return [1.0, 0.0] if s.outcome.winners == (0,) else [0.0, 1.0]
    lead = tower_strength(s, 0) - tower_strength(s, 1)
    lead += 0.3 if s.player == 0 else -0.3  # the move is worth something
    p_red = 1.0 / (1.0 + math.exp(-0.9 * lead))
    target = s.settings.target
    if s.settings.advanced:  # points per win vary; count the score gap in games of ~4 points
        need = (max(1, math.ceil((target - s.scores[0]) / 4)), max(1, math.ceil((target - s.scores[1]) / 4)))
    else:
        need = (target - s.scores[0], target - s.scores[1])
    red = match_chance(need[0], need[1], round(p_red, 3))
    return [red, 1.0 - red]


# --------------------------------------------------------------------------- a quick sensible player


def play_score(s: State, card: Card, face_up: bool) -> float:
    """How good playing ``card`` this way looks to its owner (public facts and own cards only)."""
    suit = card.known_suit
    tower = s.towers[suit]
    height = len(tower)
    facing = s.towers[FACING[suit]]
    target = facing[-1] if facing else None
    score = 1.0 + 0.45 * height
    if height + 1 >= WINNING_HEIGHT:
        score += 4.0
    rank = card.rank
    if rank == ACE:
        if target is not None:
            score += 0.8 + 0.5 * len(facing)
            if target[0].rank == QUEEN and target[1]:
                score += 0.5
    elif rank == QUEEN:
        score += 0.2 + (0.4 if height >= 2 else 0.0)
    elif rank == JACK:
        score -= 4.0 + height if face_up else 1.5
    elif rank == TNT:
        score -= 1.0
    else:
        value = card.rank  # the rest are number cards (2-7), as strong in battle as their face value
        if not face_up:
            score += 0.15
        if target is not None and not (target[0].rank == QUEEN and target[1]):
            theirs = battle_value(target[0]) if target[1] else None
            if theirs is not None:
                score += 0.9 if value > theirs else (-0.8 if value < theirs else -0.2)
            else:
                score += 0.15 * (value - 4)
    return score


def discard_score(card: Card) -> float:
    if card.rank == JACK:
        return 1.2
    if card.rank == TNT:
        return 0.5
    value = battle_value(card) or 0
    return -0.4 - 0.05 * value


def battle_score(s: State) -> float:
    """> 0 when the seat asked expects to win the battle on offer."""
    asked = rules.asked_seat(s)
    offered = rules.offered_tower(s)
    suits = (offered, FACING[offered])
    mine_suit = suits[0] if OWNER[suits[0]] == asked else suits[1]
    their_suit = suits[1] if mine_suit == suits[0] else suits[0]
    my_card = s.towers[mine_suit][-1][0]
    their_card, their_up = s.towers[their_suit][-1]
    if my_card.rank in (JACK, TNT):
        return -5.0
    mine = battle_value(my_card) or 0
    if their_up:
        theirs = battle_value(their_card) or 0
        return (mine - theirs) - 0.5
    return (mine - 4.5) * 0.5


def move_scores(s: State, legal: list[Move]) -> list[float]:
    if s.phase == BATTLE:
        declare = battle_score(s)
        return [declare if isinstance(m, DeclareBattle) else 0.0 for m in legal]
    if s.phase == CHOOSING:
        return [(battle_value(m.card) or 0) if m.card.rank not in (ACE, QUEEN, JACK) else -1.0 for m in legal]  # type: ignore[attr-defined]
    out = []
    for m in legal:
        if isinstance(m, PlayCard):
            out.append(play_score(s, m.card, m.face_up))  # type: ignore[arg-type]  # the computer never plays by link
        else:
            out.append(discard_score(m.card))  # type: ignore[attr-defined]  # a DiscardCard
    return out


def rollout_move(s: State, legal: list[Move], rng: Rng) -> Move:
    """The quick player's choice (the best score, ties and one move in ten at random)."""
    if rng.below(10) == 0:
        return legal[rng.below(len(legal))]
    scores = move_scores(s, legal)
    best = max(scores)
    tied = [m for m, v in zip(legal, scores) if v >= best - 1e-9]
    return tied[rng.below(len(tied))] if len(tied) > 1 else tied[0]


def fast_apply(s: State, move: Move) -> State:
    """``apply`` without re-checking legality (the search plays only listed moves)."""
    new = s.copy()
    if isinstance(move, PlayCard):
        rules.play_card(new, move.card, move.face_up)
    elif isinstance(move, DiscardCard):
        rules.discard_card(new, move.card)
    elif isinstance(move, DeclareBattle):
        rules.fight_battle(new, rules.asked_seat(new))
    elif isinstance(move, DeclineBattle):
        rules.decline_battle(new)
    elif isinstance(move, ChooseScoringCard):
        choose_scoring_card(new, rules.asked_seat(new), move.card)
    return new


def to_act(s: State) -> int | None:
    return None if s.phase == OVER else s.deciding_seat()


# --------------------------------------------------------------------------- the easy level


class QuickChoice(Search):
    """Easy: the quick player's choice on one guessed deal, now and then a lesser one."""

    def __init__(self, view: dict[str, Any], legal: list[Any], seat: int, rng: Rng):
        self.view, self.legal, self.seat, self.rng = view, legal, seat, rng
        self.choice: Move | None = None

    def work(self) -> Iterator[None]:
        s = determinize(self.view, self.seat, self.rng)
        scores = move_scores(s, self.legal)
        order = sorted(range(len(self.legal)), key=lambda i: -scores[i])
        pick = order[0]
        if len(order) > 1 and self.rng.unit() < EASY_MISTAKES:
            pick = order[1 + self.rng.below(min(2, len(order) - 1))]
        self.choice = self.legal[pick]
        self.iterations = 1
        yield

    def best(self) -> Move:
        return self.choice if self.choice is not None else self.legal[0]


def wrecks_own_tower(s: State) -> bool:
    """Whether declaring the battle on offer can only hurt the seat asked: its own top card is
    face down and is its Knave (turned up, the whole tower goes to the discard pile and the facing
    card stays, which declining would also have kept) or its 10 (its owner loses at once).

    The one battle a Knave may still be worth: with TNT, a facing card that is face down may be the
    other side's 10, which loses them the game when it is turned up; unless a 10 of the asker's own
    lies in the tower the Knave throws away (found out on its way to the discard pile)."""
    asked = rules.asked_seat(s)
    offered = rules.offered_tower(s)
    mine = offered if OWNER[offered] == asked else FACING[offered]
    card, _up = s.towers[mine][-1]
    if card.rank == TNT:
        return True
    if card.rank != JACK:
        return False
    _their_card, their_up = s.towers[FACING[mine]][-1]
    their_ten_possible = s.settings.tnt and not their_up and not any(c.rank == TNT for c, _ in s.towers[mine])
    return not their_ten_possible


def sensible_moves(view: dict[str, Any], legal: list[Any], seat: int) -> list[Any]:
    """The legal moves less a battle that can only wreck the computer's own tower."""
    if view["phase"] != BATTLE or not any(isinstance(m, DeclareBattle) for m in legal):
        return legal
    s = Determinizer(view, seat)(Rng(0))  # the asker's own cards and the face-up ones are the real ones
    return [m for m in legal if not isinstance(m, DeclareBattle)] if wrecks_own_tower(s) else legal


def searcher(view: dict[str, Any], legal: list[Any], seat: int, level: str, rng: Rng, memory: dict[str, Any]) -> Search:
    legal = sensible_moves(view, legal, seat)
    if len(legal) == 1:
        return Decided(legal[0])
    if level == "easy":
        return QuickChoice(view, legal, seat, rng)
    options = TREE.get(level, TREE["normal"])
    iterations = BUDGETS.get(level, BUDGETS["normal"]).iterations
    game_rules = Rules(rules.legal_moves, fast_apply, to_act, rules.outcome, 2)
    return ismcts(
        game_rules, Determinizer(view, seat), legal, seat, rng, iterations, evaluate=evaluate, rollout_move=rollout_move, **options
    )
