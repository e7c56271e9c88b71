"""Match play: games follow one another until a player reaches the target score, or until the
match reaches the most moves a save holds (``end_at_move_limit``).

Simple scoring gives the winner of a game 1 point. Advanced scoring has each
player set a scoring card face down before the shuffle; a winner scores its value,
but a winner whose scoring card is an A, Q or J forfeits and the loser scores
instead. The starting player alternates from game to game.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.cards import Card
from tabletop.engine.hidden import AnyCard, CardAwaited, face, is_hidden, peek
from tabletop.engine.options import resolve_options
from tabletop.engine.outcome import Outcome
from tabletop.engine.rng import new_rng
from tabletop.engine.saves import MAX_MOVES

from .facts import (
    DEFAULT_OPTIONS,
    HAND_SIZE,
    MAX_TARGET,
    OPTION_CHOICES,
    OWNER,
    SEAT_NAMES,
    TOWER_ORDER,
    card_order,
    code,
    scoring_value,
    side_cards,
)
from .state import BATTLE, CHOOSING, OVER, PLAYING, GameResult, Settings, State
from .telling import ENGINE_NAMES, end_reason, end_why, game_reason, how_won


def read_settings(options: dict[str, Any] | None) -> Settings:
    """Merge the chosen options over the defaults and check them."""
    opts = resolve_options(DEFAULT_OPTIONS, options)
    if opts["scoring"] not in OPTION_CHOICES["scoring"]:
        raise ValueError("option 'scoring' must be 'simple' or 'advanced'")
    if opts["first"] not in OPTION_CHOICES["first"]:
        raise ValueError("option 'first' must be 'random', 'red' or 'black'")
    if not 1 <= opts["target"] <= MAX_TARGET:
        raise ValueError(f"option 'target' must be between 1 and {MAX_TARGET} points")
    return Settings(advanced=opts["scoring"] == "advanced", target=opts["target"], tnt=opts["tnt"], first=opts["first"])


def new_match(options: dict[str, Any] | None, seed: int) -> State:
    """Set out the kings and start game 1; the first player is drawn from the seed unless fixed."""
    settings = read_settings(options)
    state = State(settings=settings, rng=new_rng(seed))
    if settings.first == "random":
        starter = state.rng.below(2)
    else:
        starter = 0 if settings.first == "red" else 1
    begin_game(state, starter)
    return state


def begin_game(s: State, starter: int) -> None:
    """Gather every card into its owner's stock and open the next game."""
    s.game_number += 1
    s.starter = s.player = starter
    s.turn = 0
    s.battle_tower = None
    s.towers = {suit: [] for suit in TOWER_ORDER}
    s.hands = [[], []]
    s.discards = [[], []]
    s.previous_scoring_cards = (s.scoring_cards[0], s.scoring_cards[1])
    s.scoring_cards = [None, None]
    s.stocks = [side_cards(seat, s.settings.tnt) for seat in (0, 1)]
    s.record("game-begins", None, game=s.game_number, starter=starter)
    if s.settings.advanced:
        for seat in (0, 1):
            s.rng.conceal(s.stocks[seat], seat)  # by link, each chooses among cards the other cannot tell apart
        s.phase = CHOOSING
        s.asked = starter
    else:
        shuffle_and_deal(s)


def choose_scoring_card(s: State, seat: int, card: AnyCard) -> None:
    """Take the card out of the stock and set it face down between the towers."""
    s.stocks[seat].remove(card)  # type: ignore[arg-type]  # a stock holds handles in a game by link
    s.scoring_cards[seat] = card  # type: ignore[assignment]
    s.record("scoring-card", seat, card=code(card))
    if s.scoring_cards[1 - seat] is None:
        s.asked = 1 - seat
    else:
        shuffle_and_deal(s)


def shuffle_and_deal(s: State) -> None:
    """Each player shuffles their stock and deals themselves a hand of three."""
    for seat in (0, 1):
        s.rng.shuffle(s.stocks[seat], owner=seat)
        for _ in range(HAND_SIZE):
            s.hands[seat].append(s.rng.draw(s.stocks[seat]))
        s.record("dealt", seat, cards=[code(card) for card in s.hands[seat]])
    s.phase = PLAYING
    s.asked = None
    s.epoch += 1


def chosen_scoring_card(s: State, seat: int) -> Card:
    """``seat``'s scoring card in a game under advanced scoring (both are chosen before the first card is played)."""
    card = s.scoring_cards[seat]
    if card is None:
        raise RuntimeError(f"{SEAT_NAMES[seat]} has no scoring card in phase {s.phase!r}")
    return card


def score_game(s: State, winner: int) -> tuple[int | None, int]:
    """Who scores for this win, and how much (simple scoring: the winner, 1 point)."""
    if not s.settings.advanced:
        return winner, 1
    value = scoring_value(chosen_scoring_card(s, winner))  # turned up by finish_game
    if value is not None:
        return winner, value
    other = scoring_value(chosen_scoring_card(s, 1 - winner))
    return (None, 0) if other is None else (1 - winner, other)


def finish_game(s: State, winner: int | None, how: str, tower: str | None = None, loser: int | None = None) -> None:
    """Record the game, score it, and either end the match or start the next game. ``how`` the
    game was won ("five-high" on ``tower``, "tnt" by ``loser``'s 10, "both-tnt")."""
    s.record("game-won", None, game=s.game_number, winner=winner, how=how, tower=tower, loser=loser)
    turn_up_scoring_cards(s)
    scorer, points = (None, 0) if winner is None else score_game(s, winner)
    cards = [code(c) if c is not None else None for c in s.scoring_cards] if s.settings.advanced else None
    s.record("scored", None, game=s.game_number, winner=winner, scorer=scorer, points=points, cards=cards)
    if scorer is not None:
        s.scores[scorer] += points
    record_game(s, winner, scorer, points, how, tower, loser)
    if scorer is not None and s.scores[scorer] >= s.settings.target:
        end_match(s, scorer)
    else:
        s.record("match-score", None, scores=list(s.scores), target=s.settings.target)
        begin_game(s, 1 - s.starter)


def turn_up_scoring_cards(s: State) -> None:
    """A game's end shows both scoring cards (advanced scoring), the acting seat's first."""
    acting = s.deciding_seat()
    for seat in sorted((0, 1), key=lambda seat: seat != acting):
        card = s.scoring_cards[seat]
        if card is not None:
            s.scoring_cards[seat] = face(card)


def record_game(
    s: State, winner: int | None, scorer: int | None, points: int, how: str, tower: str | None = None, loser: int | None = None
) -> None:
    """Add the game that just ended to the match's results: its towers as they stood, and turned face up."""
    cards = (s.scoring_cards[0], s.scoring_cards[1]) if s.settings.advanced else None
    picture = tuple((suit.value, tuple(str(c) if up else None for c, up in s.towers[suit])) for suit in TOWER_ORDER)
    acting = s.deciding_seat()
    for suit in sorted(TOWER_ORDER, key=lambda suit: OWNER[suit] != acting):  # the acting seat's own cards first (link/cards.py)
        s.towers[suit] = [(face(card), up) for card, up in s.towers[suit]]
    revealed = tuple((suit.value, tuple(str(c) for c, _up in s.towers[suit])) for suit in TOWER_ORDER)
    facts = {"game": s.game_number, "winner": winner, "how": how, "tower": tower, "loser": loser}
    reason, why = game_reason(facts, ENGINE_NAMES), how_won(facts, ENGINE_NAMES)
    s.results = s.results + (GameResult(s.game_number, winner, reason, scorer, points, cards, picture, revealed, why, how, tower, loser),)
    s.epoch += 1


def close_match(s: State, winners: tuple[int, ...], how: str, **facts: Any) -> None:
    """The match is over: no one is asked anything more, and the outcome holds every game of it.
    The ``end`` event says how (``telling.end_why``); the Outcome says it in the engine's words."""
    s.phase = OVER
    s.asked = None
    s.record("end", None, winners=list(winners), how=how, scores=list(s.scores), target=s.settings.target, **facts)
    end = s.event_list()[-1]
    reason, why = end_reason(end, ENGINE_NAMES), end_why(end, ENGINE_NAMES)
    s.outcome = Outcome(winners, reason, (float(s.scores[0]), float(s.scores[1])), {"games": [r.to_json() for r in s.results]}, why=why)


def end_match(s: State, champion: int) -> None:
    last = s.results[-1]
    forfeit = None
    if last.winner != champion:  # advanced scoring: the game's winner forfeited with their scoring card and the champion's scored
        mine, theirs = chosen_scoring_card(s, 1 - champion), chosen_scoring_card(s, champion)
        forfeit = {"card": code(mine), "other": code(theirs), "points": last.points}
    close_match(s, (champion,), "target", last=last.facts(), forfeit=forfeit)


def count_move(s: State) -> None:
    """One more move of the match (``rules.apply`` calls it after each); the move that fills a save ends the match."""
    s.moves += 1
    if s.moves >= MAX_MOVES and s.phase != OVER:
        end_at_move_limit(s)


def game_under_way(s: State) -> bool:
    """Whether any move of the current game has been made: a turn, a battle offer or a scoring card."""
    return s.turn > 0 or s.phase == BATTLE or any(card is not None for card in s.scoring_cards)


def end_at_move_limit(s: State) -> None:
    """A save holds ``MAX_MOVES`` moves, and players who only discard can make any match, even one game,
    last for ever: so the move that fills the save ends the match. The game in progress is left
    unfinished (its towers are recorded and turned up like a finished game's); the player with more
    match points wins the match, and level points draw it."""
    if game_under_way(s):
        s.record("game-unfinished", None, game=s.game_number)
        turn_up_scoring_cards(s)
        record_game(s, None, None, 0, "unfinished")
    a, b = s.scores
    close_match(s, () if a == b else (0 if a > b else 1,), "move-limit")


def scoring_choices(s: State, seat: int) -> list[Card]:
    """The cards a player may set as scoring card: any card of the stock (by link, each named by
    its handle, which only that player's device reads)."""
    stock = s.stocks[seat]
    if not any(is_hidden(card) for card in stock):
        return sorted(stock, key=card_order)
    faces = [(card, peek(card)) for card in stock]
    if any(shown is None for _card, shown in faces):
        raise CardAwaited(next(card for card, shown in faces if shown is None))  # type: ignore[arg-type]
    return [card for card, _shown in sorted(faces, key=lambda pair: card_order(pair[1]))]  # type: ignore[arg-type]
