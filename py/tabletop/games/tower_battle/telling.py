"""Tower Battle's events in words, with the names the table gives the seats.

``tell(event, names, view)`` says one event (``facts.EVENT_KINDS``) as the log, the hand-over
curtain and the history say it; a draw from the stock and a new game's deal are not said (the
hand shows them): their words are empty. The engine's own texts (a finished game's ``reason`` and
``why``, the match's Outcome) are the same words said with the sides' names (``ENGINE_NAMES``).

>>> from tabletop.engine.events import Names, event
>>> names = Names(("Ann", "Ben"), ("Red", "Black"))
>>> tell(event("play", 4, 0, tower="H", index=0, card="AH"), names, {})
'Ann (Red) plays the Assassin A♥ face up on the hearts tower.'
>>> tell(event("assassin-strikes", 4, 0, card="AH", struck="C", taken=["5C"], face_up=False), names, {})
"The Assassin A♥ strikes Ben's clubs tower: 5♣ (it was face down) goes to the discard pile."
>>> tell(event("battle-declined", 7, 1, passed_to=0), names, {})
'Ben (Black) does not declare a battle; Ann (Red) may.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.engine.cards import Card, Suit
from tabletop.engine.events import Event, Names
from tabletop.engine.saves import MAX_MOVES
from tabletop.engine.words import count, sentence

from .facts import OWNER, SEAT_NAMES, card_words, label

ENGINE_NAMES = Names.default(2, SEAT_NAMES)  # "Red", "Black": how the engine's own texts name the seats
LIMIT = f"{MAX_MOVES:,} moves, the most a save can hold"


def tower(letter: str, names: Names) -> str:
    """ "Ann's hearts tower": a tower by its owner's name and its suit."""
    suit = Suit(letter)
    return f"{names.whose(OWNER[suit])} {suit.noun} tower"


def named_card(code: str) -> str:
    """ "the Assassin A♥", "5♥"."""
    return card_words(Card.parse(code))


def shown(code: str) -> str:
    """ "5♥"."""
    return label(Card.parse(code))


def tell(event: Event, names: Names, view: dict[str, Any]) -> str:
    """One event in the table's words (empty for the ones the table does not say)."""
    return sentence(SAYINGS[event["kind"]](event, names))


def unsaid(e: Event, names: Names) -> str:
    return ""


def game_begins(e: Event, names: Names) -> str:
    return f"Game {e['game']} begins; {names.says(e['starter'], 'start')}."


def played(e: Event, names: Names) -> str:
    noun = Suit(e["tower"]).noun
    if e["kind"] == "play":
        return f"{names.says(e['seat'], 'play')} {named_card(e['card'])} face up on the {noun} tower."
    return f"{names.says(e['seat'], 'play')} a card face down on the {noun} tower."


def restocked(e: Event, names: Names) -> str:
    return f"{names.whose(e['seat'])} stock is empty: the discard pile ({count(e['count'], 'card')}) is shuffled into a new stock."


def assassin_strikes(e: Event, names: Names) -> str:
    hidden = "" if e["face_up"] else " (it was face down)"
    return f"{named_card(e['card'])} strikes {tower(e['struck'], names)}: {shown(e['taken'][0])}{hidden} goes to the discard pile."


def knave_seen(e: Event, names: Names) -> str:
    """The Assassin took a face-down Knave: the rest of its tower goes too."""
    where = tower(e["tower"], names)
    if not e["taken"]:
        return f"The Knave {shown(e['knave'])} was seen, but nothing else was on {where}."
    return f"The Knave {shown(e['knave'])} was seen: the rest of {where} goes too ({', '.join(map(shown, e['taken']))})."


def knave_exposed(e: Event, names: Names) -> str:
    where, taken = tower(e["tower"], names), e["taken"]
    if len(taken) == 1:
        return f"The Knave {shown(e['knave'])} is exposed: it goes to the discard pile, the only card of {where}."
    return f"The Knave {shown(e['knave'])} is exposed: all {len(taken)} cards of {where} go to the discard pile ({', '.join(map(shown, taken))})."


def declined(e: Event, names: Names) -> str:
    if e["passed_to"] is None:
        return f"{names.says(e['seat'], 'do')} not declare a battle either."
    return f"{names.says(e['seat'], 'do')} not declare a battle; {names(e['passed_to'])} may."


def battle_won(e: Event, names: Names) -> str:
    (win, lose), (vw, vl) = map(shown, e["cards"]), e["values"]
    return f"{win} ({vw}) beats {lose} ({vl}): {lose} is discarded and {win} stays face up."


def battle_result(e: Event, names: Names) -> str:
    """A ``battle`` event's outcome in one sentence (the table's battle reveal)."""
    result, (a, b) = e["result"], e["cards"]
    if result == "tnt":
        return " and ".join(f"{names.whose(seat)} 10 is seen" for seat in e["tnt"]) + ": TNT!"
    if result == "knaves":
        return "Both cards are Knaves: both towers are discarded."
    if result == "knave":
        loser = e["knaves"][0]
        survivor = b if loser == e["towers"][0] else a
        return f"The Knave is exposed: {tower(loser, names)} is discarded and {shown(survivor)} stays."
    if result == "tie":
        return f"{shown(a)} and {shown(b)} tie at {e['values'][0]}: both are discarded."
    win, lose = (0, 1) if e["values"][0] > e["values"][1] else (1, 0)
    return battle_won({"cards": [e["cards"][win], e["cards"][lose]], "values": [e["values"][win], e["values"][lose]]}, names)


def how_won(result: dict[str, Any], names: Names) -> str:
    """How a game ended, not naming its winner: "five cards on the hearts tower at the end of the turn"."""
    how = result["how"]
    if how == "five-high":
        return f"five cards on the {Suit(result['tower']).noun} tower at the end of the turn"
    if how == "tnt":
        return f"{names.whose(result['loser'])} 10 was found on a tower"
    if how == "both-tnt":
        return "both players' 10s were seen on their towers"
    return f"unfinished when the match reached {LIMIT}"


def game_reason(result: dict[str, Any], names: Names) -> str:
    """How a game ended, naming who won it: "Ann (Red) wins game 2 with five cards on …"."""
    how, game, winner = result["how"], result["game"], result["winner"]
    if how == "five-high":
        return f"{names.says(winner, 'win')} game {game} with {how_won(result, names)}."
    if how == "tnt":
        loser = result["loser"]
        return f"{how_won(result, names)}: {names.says(loser, 'lose')} game {game} at once and {names.says(winner, 'win')} it."
    if how == "both-tnt":
        return f"Both players' 10s were seen on their towers: both lose game {game}."
    return f"Game {game} is left unfinished: the match reached {LIMIT}."


def scored(e: Event, names: Names) -> str:
    """Who scores for a game: the winner, or under advanced scoring perhaps the other (or nobody)."""
    winner, scorer, cards = e["winner"], e["scorer"], e.get("cards")
    if winner is None:
        return "Nobody scores."
    if not cards:
        return f"{names.says(scorer, 'score')} {count(e['points'], 'point')}."
    card, other = shown(cards[winner]), shown(cards[1 - winner])
    if scorer == winner:
        return f"{names.whose(winner)} scoring card is {card}: {names.says(winner, 'score')} {e['points']}."
    forfeits = f"{names.whose(winner)} scoring card is {card}, so {names.says(winner, 'forfeit')}"
    if scorer is None:
        return f"{forfeits}; {names.whose(1 - winner)} scoring card {other} is no number card either: nobody scores."
    return f"{forfeits}: {names.says(scorer, 'score')} {e['points']} with {other}."


def match_score(e: Event, names: Names) -> str:
    a, b = e["scores"]
    return f"Match score: {names(0)} {a}, {names(1)} {b} (playing to {e['target']})."


def end_why(e: Event, names: Names) -> str:
    """How the match ended, not naming who won it (the table's headline does)."""
    a, b = e["scores"]
    if e["how"] == "move-limit":
        if a == b:
            return f"The match reached {LIMIT}: {names(0)} and {names(1)} are level at {count(a, 'point')} each."
        leader = 0 if a > b else 1
        return f"The match reached {LIMIT}: {names.says(leader, 'lead')} {max(a, b)} to {min(a, b)}."
    last, games = e["last"], e["last"]["game"]
    forfeit = e.get("forfeit")
    if forfeit is None:
        return f"Game {games} decided the match: {how_won(last, names)}."
    loser = last["winner"]
    return (
        f"Game {games} decided the match: {names(loser)} won it ({how_won(last, names)}), but {names.whose(loser)} scoring card "
        f"{shown(forfeit['card'])} forfeits, and the other, {shown(forfeit['other'])}, scores {forfeit['points']}."
    )


def end_reason(e: Event, names: Names) -> str:
    """How the match ended, naming who won it (the engine's Outcome.reason)."""
    a, b = e["scores"]
    if e["how"] == "move-limit":
        short = f"before either player reached the target of {count(e['target'], 'point')}"
        if a == b:
            return f"The match is drawn at {count(a, 'point')} each: it reached {LIMIT}, {short}."
        leader = 0 if a > b else 1
        return f"{names.says(leader, 'win')} the match {max(a, b)} to {min(a, b)}: it reached {LIMIT}, {short}."
    champion = e["winners"][0]
    mine, theirs = (a, b) if champion == 0 else (b, a)
    target, last = count(e["target"], "point"), e["last"]
    return f"{names.says(champion, 'win')} the match {mine} to {theirs}, reaching the target of {target} in game {last['game']}: {game_reason(last, names)}"


SAYINGS: dict[str, Callable[[Event, Names], str]] = {
    "game-begins": game_begins,
    "scoring-card": lambda e, names: f"{names.says(e['seat'], 'set')} a scoring card face down.",
    "dealt": unsaid,
    "play": played,
    "play-face-down": played,
    "discard": lambda e, names: f"{names.says(e['seat'], 'discard')} {shown(e['card'])}.",
    "draw": unsaid,
    "restock": restocked,
    "no-draw": lambda e, names: f"{names.says(e['seat'], 'have')} no stock and no discard pile: no card is drawn.",
    "assassin-misses": lambda e, names: f"{named_card(e['card'])} finds {tower(e['struck'], names)} empty: nothing happens.",
    "assassin-strikes": assassin_strikes,
    "knave-seen": knave_seen,
    "knave-exposed": knave_exposed,
    "diplomat": lambda e, names: (
        f"No battle may be fought between {tower(e['towers'][0], names)} and {tower(e['towers'][1], names)} while the Diplomat is on top."
    ),
    "battle-offered": lambda e, names: (
        f"A battle may be declared between {tower(e['towers'][0], names)} and {tower(e['towers'][1], names)}."
    ),
    "battle-declined": declined,
    "battle-declared": lambda e, names: (
        f"{names.says(e['seat'], 'declare')} a battle: {tower(e['towers'][0], names)} against {tower(e['towers'][1], names)}."
    ),
    "battle": lambda e, names: f"The cards are turned up: {shown(e['cards'][0])} against {shown(e['cards'][1])}.",
    "battle-won": battle_won,
    "battle-tied": lambda e, names: f"{shown(e['cards'][0])} and {shown(e['cards'][1])} tie at {e['value']}: both are discarded.",
    "tnt-found": lambda e, names: f"{tower(e['tower'], names)} is turned up to be counted, and a 10 is found in it.",
    "game-won": lambda e, names: game_reason(e, names),
    "game-unfinished": lambda e, names: f"The match has reached {LIMIT}: game {e['game']} is left unfinished.",
    "scored": scored,
    "match-score": match_score,
    "end": end_why,
}
