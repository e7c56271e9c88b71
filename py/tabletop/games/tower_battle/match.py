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
from tabletop.engine.options import resolve_options
from tabletop.engine.outcome import Outcome
from tabletop.engine.rng import Rng
from tabletop.engine.saves import MAX_MOVES
from tabletop.engine.words import count

from .facts import DEFAULT_OPTIONS, HAND_SIZE, MAX_TARGET, OPTION_CHOICES, SEAT_NAMES, TOWER_ORDER, card_order, scoring_value, side_cards
from .state import BATTLE, CHOOSING, OVER, PLAYING, GameResult, Settings, State


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
    state = State(settings=settings, rng=Rng(seed))
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
    s.say(f"Game {s.game_number} begins; {SEAT_NAMES[starter]} starts.")
    if s.settings.advanced:
        s.phase = CHOOSING
        s.asked = starter
    else:
        shuffle_and_deal(s)


def choose_scoring_card(s: State, seat: int, card: Card) -> None:
    """Take the card out of the stock and set it face down between the towers."""
    s.stocks[seat].remove(card)
    s.scoring_cards[seat] = card
    s.say(f"{SEAT_NAMES[seat]} sets a scoring card face down.")
    if s.scoring_cards[1 - seat] is None:
        s.asked = 1 - seat
    else:
        shuffle_and_deal(s)


def shuffle_and_deal(s: State) -> None:
    """Each player shuffles their stock and deals themselves a hand of three."""
    for seat in (0, 1):
        s.rng.shuffle(s.stocks[seat])
        for _ in range(HAND_SIZE):
            s.hands[seat].append(s.stocks[seat].pop())
    s.phase = PLAYING
    s.asked = None
    s.epoch += 1


def chosen_scoring_card(s: State, seat: int) -> Card:
    """``seat``'s scoring card in a game under advanced scoring (both are chosen before the first card is played)."""
    card = s.scoring_cards[seat]
    if card is None:
        raise RuntimeError(f"{SEAT_NAMES[seat]} has no scoring card in phase {s.phase!r}")
    return card


def score_game(s: State, winner: int) -> tuple[int | None, int, str]:
    """Who scores for this win, how much, and the words for it."""
    name = SEAT_NAMES[winner]
    if not s.settings.advanced:
        return winner, 1, f"{name} scores 1 point."
    card = chosen_scoring_card(s, winner)
    value = scoring_value(card)
    if value is not None:
        return winner, value, f"{name}'s scoring card is {card.label}: {name} scores {value}."
    loser = 1 - winner
    other = chosen_scoring_card(s, loser)
    other_value = scoring_value(other)
    if other_value is None:
        return (
            None,
            0,
            (
                f"{name}'s scoring card is {card.label}, so {name} forfeits; "
                f"{SEAT_NAMES[loser]}'s scoring card {other.label} is no number card either: nobody scores."
            ),
        )
    return (
        loser,
        other_value,
        (f"{name}'s scoring card is {card.label}, so {name} forfeits: {SEAT_NAMES[loser]} scores {other_value} with {other.label}."),
    )


def finish_game(s: State, winner: int | None, reason: str, why: str) -> None:
    """Record the game, score it, and either end the match or start the next game. ``reason``
    says who won and how (the log); ``why`` says how without naming the winner."""
    s.say(reason)
    if winner is None:
        scorer, points, words = None, 0, "Nobody scores."
    else:
        scorer, points, words = score_game(s, winner)
    s.say(words)
    if scorer is not None:
        s.scores[scorer] += points
    record_game(s, winner, reason, scorer, points, why)
    if scorer is not None and s.scores[scorer] >= s.settings.target:
        end_match(s, scorer)
    else:
        s.say(f"Match score: Red {s.scores[0]}, Black {s.scores[1]} (playing to {s.settings.target}).")
        begin_game(s, 1 - s.starter)


def record_game(s: State, winner: int | None, reason: str, scorer: int | None, points: int, why: str) -> None:
    """Add the game that just ended to the match's results: its towers as they stood, and turned face up."""
    cards = (s.scoring_cards[0], s.scoring_cards[1]) if s.settings.advanced else None
    picture = tuple((suit.value, tuple(str(c) if up else None for c, up in s.towers[suit])) for suit in TOWER_ORDER)
    revealed = tuple((suit.value, tuple(str(c) for c, _up in s.towers[suit])) for suit in TOWER_ORDER)
    s.results = s.results + (GameResult(s.game_number, winner, reason, scorer, points, cards, picture, revealed, why),)
    s.epoch += 1


def close_match(s: State, winners: tuple[int, ...], reason: str, why: str) -> None:
    """The match is over: no one is asked anything more, and the outcome holds every game of it."""
    s.phase = OVER
    s.asked = None
    s.outcome = Outcome(winners, reason, (float(s.scores[0]), float(s.scores[1])), {"games": [r.to_json() for r in s.results]}, why=why)


def end_match(s: State, champion: int) -> None:
    a, b = s.scores[champion], s.scores[1 - champion]
    games = len(s.results)
    reason = (
        f"{SEAT_NAMES[champion]} wins the match {a} to {b}, reaching the target of "
        f"{count(s.settings.target, 'point')} in game {games}: {s.results[-1].reason}"
    )
    last = s.results[-1]
    if last.winner == champion:
        why = f"Game {games} decided the match: {last.why}."
    else:  # advanced scoring: the game's winner forfeited with their scoring card and the champion's scored
        loser = SEAT_NAMES[1 - champion]
        mine, theirs = chosen_scoring_card(s, 1 - champion), chosen_scoring_card(s, champion)
        why = (
            f"Game {games} decided the match: {loser} won it ({last.why}), but {loser}'s scoring card {mine.label} "
            f"forfeits, and the other, {theirs.label}, scores {last.points}."
        )
    close_match(s, (champion,), reason, why)
    s.say(f"{SEAT_NAMES[champion]} wins the match {a} to {b}.")


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
    limit = f"{MAX_MOVES:,} moves, the most a save can hold"
    if game_under_way(s):
        game = s.game_number
        s.say(f"The match has reached {limit}: game {game} is left unfinished.")
        record_game(
            s, None, f"Game {game} is left unfinished: the match reached {limit}.", None, 0, f"unfinished when the match reached {limit}"
        )
    a, b = s.scores
    target = s.settings.target
    short = f"before either player reached the target of {count(target, 'point')}"
    if a == b:
        level = f"{count(a, 'point')} each"
        close_match(
            s,
            (),
            f"The match is drawn at {level}: it reached {limit}, {short}.",
            f"The match reached {limit}: {SEAT_NAMES[0]} and {SEAT_NAMES[1]} are level at {level}.",
        )
        s.say(f"The match ends in a draw at {level}.")
        return
    leader = 0 if a > b else 1
    most, least = max(a, b), min(a, b)
    close_match(
        s,
        (leader,),
        f"{SEAT_NAMES[leader]} wins the match {most} to {least}: it reached {limit}, {short}.",
        f"The match reached {limit}: {SEAT_NAMES[leader]} leads {most} to {least}.",
    )
    s.say(f"{SEAT_NAMES[leader]} wins the match {most} to {least}.")


def scoring_choices(s: State, seat: int) -> list[Card]:
    """The cards a player may set as scoring card: any card of the stock."""
    return sorted(s.stocks[seat], key=card_order)
