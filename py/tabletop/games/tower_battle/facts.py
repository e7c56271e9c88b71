"""Facts about Tower Battle: its name, seats and options, the cards and the layout of the four towers.

Red plays hearts and diamonds, Black clubs and spades: one colour each of a
standard deck without 8, 9, 10 and jokers (the TNT variant adds the 10s). The
kings are the tower bases; hearts faces clubs and diamonds faces spades.

>>> [c.label for c in side_cards(RED, tnt=False)][:4]
['A♥', 'A♦', '2♥', '2♦']
>>> len(side_cards(BLACK, tnt=False)), len(side_cards(BLACK, tnt=True)), FACING[Suit.DIAMONDS].noun
(18, 20, 'spades')
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.cards import ACE, JACK, KING, QUEEN, Card, Suit
from tabletop.engine.hidden import Hidden, is_hidden

ID = "tower-battle"
TITLE = "Tower Battle"
BLURB = "Raise a tower five cards high while your rival's Assassins, Knaves and battles knock it down."
MIN_PLAYERS = 2
MAX_PLAYERS = 2
HIDDEN_INFORMATION = True

MAX_TARGET = 100  # the most points a match may be played to
DEFAULT_OPTIONS = {"scoring": "simple", "target": 3, "tnt": False, "first": "random"}
OPTION_LABELS = {
    "scoring": "Scoring: simple (1 point a game) or advanced (secret scoring cards)",
    "target": "Points needed to win the match",
    "tnt": "TNT variant: add the 10s (a 10 seen on a tower loses the game)",
    "first": "Who starts the first game",
}
OPTION_CHOICES: dict[str, list[Any]] = {
    "scoring": ["simple", "advanced"],
    "target": [1, 2, 3, 5, 7, 10, 15, 21],
    "first": ["random", "red", "black"],
}


def default_options() -> dict[str, Any]:
    """Simple scoring to 3 points, no TNT, random first player."""
    return dict(DEFAULT_OPTIONS)


RED, BLACK = 0, 1
SEAT_NAMES = ("Red", "Black")
SIDE_SUITS: tuple[tuple[Suit, Suit], tuple[Suit, Suit]] = (
    (Suit.HEARTS, Suit.DIAMONDS),
    (Suit.CLUBS, Suit.SPADES),
)
# The order the view lists towers in: each red tower next to the black one it faces.
TOWER_ORDER: tuple[Suit, ...] = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
FACING: dict[Suit, Suit] = {
    Suit.HEARTS: Suit.CLUBS,
    Suit.CLUBS: Suit.HEARTS,
    Suit.DIAMONDS: Suit.SPADES,
    Suit.SPADES: Suit.DIAMONDS,
}
OWNER: dict[Suit, int] = {Suit.HEARTS: RED, Suit.DIAMONDS: RED, Suit.CLUBS: BLACK, Suit.SPADES: BLACK}

TNT = 10
NUMBER_RANKS = (2, 3, 4, 5, 6, 7)
STOCK_RANKS = (ACE, *NUMBER_RANKS, JACK, QUEEN)
EFFECT_RANKS = frozenset((ACE, QUEEN))
ARMY_RANKS = frozenset((*NUMBER_RANKS, JACK))
WINNING_HEIGHT = 5
HAND_SIZE = 3

ROLE_NAMES = {ACE: "Assassin", QUEEN: "Diplomat", JACK: "Knave", TNT: "TNT"}


def side_cards(seat: int, tnt: bool) -> list[Card]:
    """One side's stock before shuffling (kings excluded), in a fixed order.

    The cards are shared objects, so the same card is the same object in every
    game of a match (lookups keyed by a card then succeed on identity, fast).
    """
    return list(_SIDE_CARDS[seat, tnt])


def kings(seat: int) -> list[Card]:
    return [Card(KING, s) for s in SIDE_SUITS[seat]]


def card_order(card: Card) -> tuple[int, int]:
    """Sort key: by rank, then suit in tower order (stable across Pythons)."""
    return (card.rank, TOWER_ORDER.index(card.suit))


_SIDE_CARDS: dict[tuple[int, bool], tuple[Card, ...]] = {
    (seat, tnt): tuple(sorted((Card(r, s) for s in SIDE_SUITS[seat] for r in STOCK_RANKS + ((TNT,) if tnt else ())), key=card_order))
    for seat in (RED, BLACK)
    for tnt in (False, True)
}


def is_effect(card: Card) -> bool:
    """Aces and queens act when played; they are always played face up."""
    return card.rank in EFFECT_RANKS


def battle_value(card: Card) -> int | None:
    """A card's strength in battle: ace low (1), number cards at face value.

    The Knave and a 10 have none: an exposed Knave loses its tower and a seen 10
    loses the game before values are compared.
    """
    if card.rank == ACE:
        return 1
    if card.rank in NUMBER_RANKS:
        return card.rank
    return None


def scoring_value(card: Card) -> int | None:
    """Points a scoring card is worth to a winner; None for A, Q and J (the forfeit rule)."""
    if card.rank in NUMBER_RANKS or card.rank == TNT:
        return card.rank
    return None


_LABELS: dict[tuple[int, Suit | None], str] = {}


def label(card: Card | Hidden) -> str:
    """``card.label`` ('5♥'), remembered: the log names cards on almost every move."""
    if is_hidden(card):
        return "a hidden card"
    assert isinstance(card, Card)
    key = (card.rank, card.suit)
    text = _LABELS.get(key)
    if text is None:
        text = _LABELS[key] = card.label
    return text


_CODES: dict[tuple[int, Suit | None], str] = {}


def code(card: Card | Hidden) -> str:
    """``str(card)`` ('5H'), remembered: events name cards on almost every move (a card of a game
    by link that its owner alone reads: its handle, '?2.4', which each view shows as it may)."""
    if is_hidden(card):
        return str(card)
    assert isinstance(card, Card)
    key = (card.rank, card.suit)
    text = _CODES.get(key)
    if text is None:
        text = _CODES[key] = str(card)
    return text


def card_words(card: Card) -> str:
    """A card for the log: '5♥', 'the Assassin A♠'."""
    role = ROLE_NAMES.get(card.rank)
    if role and card.rank != TNT:
        return f"the {role} {label(card)}"
    return label(card)


# What a move did, as events (engine/events.py): each kind with the facts it carries beside ``kind``,
# ``move`` and ``seat`` (who did it; None for the rules themselves). A card is named by its code
# ("AH"), a tower by its suit's letter ("H": its owner follows from the suit, ``OWNER``), a card on a
# tower by the tower and its ``index`` (0: on the king). A fact only its own seat may see (a card
# played face down, drawn or dealt, a scoring card) is kept from the other seat's view (``view``).
EVENT_KINDS = (
    "game-begins",  # seat None: game (its number in the match), starter (the seat to play first)
    "scoring-card",  # card: set face down from the stock (advanced scoring; its owner's view alone names it)
    "dealt",  # cards: from the stock to the seat's hand as a game begins (its own view alone names them)
    "play",  # tower, index, card: face up
    "play-face-down",  # tower, index, card (its owner's view alone names it)
    "discard",  # card: from the hand, face up on the seat's discard pile
    "draw",  # card: from the stock to the hand (its own view alone names it)
    "restock",  # count (how many cards): the seat's discard pile shuffled into a new stock
    "no-draw",  # no stock and no discard pile: no card drawn
    "assassin-misses",  # card (the Assassin), struck: the facing tower, empty
    "assassin-strikes",  # card (the Assassin), struck (the facing tower), taken ([its top card], now on its
    # owner's discard pile), face_up (whether it lay face up)
    "knave-seen",  # tower, knave (the Knave the Assassin took), taken: the rest of the tower, bottom first,
    # now on its owner's discard pile
    "knave-exposed",  # tower, knave, taken: every card of the tower, bottom first, now on its owner's discard pile
    "diplomat",  # card, towers (the two towers no battle may be fought between while it is on top)
    "battle-offered",  # towers: the mover's tower, the facing one
    "battle-declined",  # passed_to: the seat that may declare it now (None: the offer lapses)
    "battle-declared",  # towers: the mover's, the facing one
    "battle",  # towers, cards (both top cards, now face up), values, result ("higher", "tie", "knave",
    # "knaves", "tnt"), knaves (the towers of exposed Knaves), tnt (the seats whose 10 was seen)
    "battle-won",  # towers (the winner's, the loser's), cards (same order), values, taken ([the loser's card],
    # now on its owner's discard pile)
    "battle-tied",  # towers, cards, value, taken (both cards, each on its owner's discard pile)
    "tnt-found",  # tower (five high, turned up to be counted), card (the 10 in it)
    "game-won",  # seat None: game, winner (None: both lost), how ("five-high", "tnt", "both-tnt"), tower, loser
    "game-unfinished",  # seat None: game (left unfinished when the match reached the most moves a save holds)
    "scored",  # seat None: game, winner, scorer (None: nobody), points, cards (each seat's scoring card
    # code, advanced scoring; None under simple scoring)
    "match-score",  # seat None: scores (per seat), target
    "end",  # seat None: winners, how ("target", "move-limit"), scores, target; last (the deciding game's
    # game, winner, how, tower, loser) and forfeit ({"card", "other", "points"}: the winner's scoring card
    # forfeited and the other scored) for a match won at its target
)

NOUNS: dict[Suit, str] = {suit: suit.noun for suit in TOWER_ORDER}
TOWER_WORDS: dict[Suit, str] = {suit: f"{SEAT_NAMES[OWNER[suit]]}'s {suit.noun} tower" for suit in TOWER_ORDER}


def tower_words(suit: Suit) -> str:
    """'Red's hearts tower'."""
    return TOWER_WORDS[suit]
