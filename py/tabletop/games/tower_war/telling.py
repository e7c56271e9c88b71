"""What happened in a game of Tower War, as events, and how the table says them.

Every move records what it did as events (engine/events.py: ``kind``, ``move``, ``seat`` and
facts). Cards are named by their codes ("9H", "JOKER1"), pyramids by their number (``Pyramid.id``,
kept when a pyramid is adjusted), points on the tower in world millimetres (``tower.py``) except a
drop's ``target``, which is in the top card's frame as the move gave it. The kinds and their facts:

- the draft: ``start`` (seat None); ``dealt`` (``round``, ``splitter``); ``split`` (``piles``:
  the cards in A and B); ``sweetened`` (``pile``, ``size``); ``piles-ready``; ``took`` (``pile``,
  ``piles``, ``pile_pyramids``: each pile's pyramids by size); ``draft-over`` (``drafted`` per
  seat, the ``base`` card, ``set_aside``). Drafted cards lie face down, even to their owner, so
  no draft event names a card;
- the decks: ``kept`` (``card``, seen only by its seat; ``kept`` of ``deck``); ``deck-built``
  (``deck``); ``war-begins`` (``decks``);
- the battles: ``battle-begins`` (``battle``, ``leader``, ``drawn`` per seat); ``reshuffled``
  (``deck``); ``played`` (``card``, ``as`` for a joker, ``value``, ``double``, ``battle``,
  ``skirmish``); ``passed`` (by link only: ``battle``, ``skirmish``: nothing in the hand could be
  played); ``skirmish`` (``battle``, ``skirmish``, ``leader``, ``result``: "won", "tie",
  "no-card" or "none", ``loser``, ``played`` and ``values`` per seat, ``rank_rule``, ``double``);
  ``battle-ended`` (``battle``, ``totals``, ``loser``, None for a tie); ``returned`` (``pyramids``:
  each ``id`` and ``size``); ``discarded`` (``battle``, ``discards`` per seat);
- the tower: ``picked-pyramid`` (``pyramid``, ``size``); ``lifted`` (``pyramid``, ``owner``,
  ``size``, ``level``, ``before``); ``picked-card`` (``card``, ``level``); ``landed`` (``piece``,
  ``pyramid`` or ``card``, ``owner``, ``size``, ``level``, ``target``, ``hold_ms``, ``gave_out``,
  ``after``; ``before`` where an adjusted pyramid stood; ``stands``); ``fell`` (seat None:
  ``level``, ``piece``, the fallen ``pyramid`` or the level's ``card``, ``overlapped``, ``cause``,
  ``margin_mm``, ``needed_mm``);
- ``end`` (seat None): ``winners``, ``cause`` ("fall", "no-pyramid", "no-cards"), ``loser``,
  ``battle``, ``size`` (the one missing) and ``fall`` (as the outcome's details say it).

>>> from tabletop.engine.events import Names
>>> lifted = {"kind": "lifted", "move": 80, "seat": 1, "pyramid": 7, "owner": 0, "size": "medium", "level": 2, "before": [3.0, -20.0]}
>>> tell(lifted, Names(("Ann", "Ben"), ("Red", "Blue")), {})
"Ben (Blue) lifts Ann's medium pyramid to adjust it."
>>> kept = {"kind": "kept", "move": 40, "seat": 0, "kept": 3, "deck": 15}
>>> tell(kept, Names(("Ann", "Ben"), ("Red", "Blue")), {})
'Ann (Red) keeps a card for the deck (3 of 15).'
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from tabletop.engine.cards import Card
from tabletop.engine.events import Event, Names
from tabletop.engine.words import count, sentence
from tabletop.games.tower_war.facts import PILE_NAMES
from tabletop.games.tower_war.scoring import RANK_RULE
from tabletop.games.tower_war.tower import Fall

EVENT_KINDS: tuple[str, ...] = (
    "start",
    "dealt",
    "split",
    "sweetened",
    "piles-ready",
    "took",
    "draft-over",
    "kept",
    "deck-built",
    "war-begins",
    "battle-begins",
    "reshuffled",
    "played",
    "passed",
    "skirmish",
    "battle-ended",
    "returned",
    "discarded",
    "picked-pyramid",
    "lifted",
    "picked-card",
    "landed",
    "fell",
    "end",
)

PRIVATE_FACTS: dict[str, tuple[str, ...]] = {"kept": ("card",)}
"""Facts only the event's own seat may see (``view`` leaves them out for everyone else): which
card went into a deck."""

UNSAID = "Something happened that this table cannot say."
"""The words for an event no game of Tower War records: a position's code comes from outside,
and its view is checked for numbers (``VIEW_BOUNDS``) but not for the shape of each event."""


def label(code: str) -> str:
    """A card's code as players read it: "9H" -> "9♥"."""
    return Card.parse(code).label


def tell(e: Event, names: Names, view: dict[str, Any]) -> str:
    """The event in a sentence, each seat said as the table calls it."""
    teller = TELLERS.get(e.get("kind", ""))
    if teller is None:
        return UNSAID
    try:
        return teller(e, names)
    except (KeyError, TypeError, ValueError, IndexError):  # an event of a foreign code (see UNSAID)
        return UNSAID


def pile_words(e: Event, pile: int) -> str:
    """ "pile A (2 cards and 1 pyramid)"."""
    pyramids = sum(e["pile_pyramids"][pile].values())
    extra = f" and {count(pyramids, 'pyramid')}" if pyramids else ""
    return f"pile {PILE_NAMES[pile]} ({count(e['piles'][pile], 'card')}{extra})"


def tell_took(e: Event, names: Names) -> str:
    chooser, pile = e["seat"], e["pile"]
    return f"{names.says(chooser, 'take')} {pile_words(e, pile)}; {names.says(1 - chooser, 'get')} {pile_words(e, 1 - pile)}."


def tell_kept(e: Event, names: Names) -> str:
    what = f"the {label(e['card'])}" if e.get("card") else "a card"
    return f"{names.says(e['seat'], 'keep')} {what} for the deck ({e['kept']} of {e['deck']})."


def tell_played(e: Event, names: Names) -> str:
    copy = f" as the {label(e['as'])}" if e.get("as") else ""
    return f"{names.says(e['seat'], 'play')} the {label(e['card'])}{copy}, worth {e['value']}."


def tell_skirmish(e: Event, names: Names) -> str:
    n, result, loser = e["skirmish"], e["result"], e["loser"]
    if result == "none":
        return f"Skirmish {n}: neither player has a card to play; nobody adds a pyramid."
    if result == "no-card":
        return f"Skirmish {n}: {names.says(loser, 'have')} no card to play and loses it."
    values, lead = e["values"], e["leader"]
    if result == "tie":
        return f"Skirmish {n}: {values[lead]} against {values[1 - lead]} is a tie; nobody adds a pyramid."
    winner = 1 - loser
    why = f": {RANK_RULE}" if e["rank_rule"] else ""
    beats = (
        f"Skirmish {n}: {names.whose(winner)} {label(e['played'][winner])} ({values[winner]}) beats "
        f"{names.whose(loser)} {label(e['played'][loser])} ({values[loser]}){why}."
    )
    return beats + (f" {names(loser)} played a double, so adds no pyramid." if e["double"] else "")


def tell_battle_ended(e: Event, names: Names) -> str:
    n, totals, loser = e["battle"], e["totals"], e["loser"]
    if loser is None:
        return f"Battle {n} is tied at {totals[0]}: every pyramid placed in it goes back."
    return (
        f"Battle {n}: {names(0)} {totals[0]}, {names(1)} {totals[1]}. "
        f"{names.says(loser, 'fill')} the top level to three and crowns it with a card."
    )


def whose_pyramid(e: Event, names: Names) -> str:
    """ "their own medium pyramid", "Ann's medium pyramid": an adjusted pyramid, said by its owner."""
    owner = "their own" if e["owner"] == e["seat"] else names.whose(e["owner"])
    return f"{owner} {e['size']} pyramid"


def tell_landed(e: Event, names: Names) -> str:
    """A drop: where it landed and whether the tower stands (a fall is the ``fell`` event's to say).
    An adjusted pyramid is said by its owner and by how far it moved, so a player whose pyramid
    the other moved sees it was moved, not misplaced."""
    if e["piece"] == "card":
        what = f"the {label(e['card'])}"
    elif e.get("before"):
        what = f"{whose_pyramid(e, names)}, lifted to adjust it"
    else:
        what = f"a {e['size']} pyramid"
    grip = " (the grip gave out)" if e["gave_out"] else ""
    lets_go = f"{names.says(e['seat'], 'let')} go of {what}{grip}"
    if not e["stands"]:
        return f"{lets_go} over level {e['level']}."
    where = f"on level {e['level']}"
    if e.get("before"):
        moved = math.dist(e["before"], e["after"])
        where = f"{moved:.0f} mm from where it stood" if moved >= 0.5 else "where it stood"
    return f"{lets_go}: it lands {where} and the tower stands."


def fall_words(fall: dict[str, Any]) -> str:
    """What fell and why, in the statics' own words (``tower.Fall.words``)."""
    return Fall(fall["level"], fall["piece"], None, fall["cause"], fall["margin_mm"], fall["needed_mm"]).words()


def tell_end(e: Event, names: Names) -> str:
    """How the war ended, the winner not named (the table says who won before it)."""
    loser, cause = e["loser"], e["cause"]
    if cause == "fall":
        return f"{names(loser)} made the tower fall: {fall_words(e['fall'])}."
    if cause == "no-pyramid":
        what = f"a {e['size']} pyramid" if e.get("size") else "a pyramid"
        return f"{names(loser)} had to add {what} to the tower and has none left."
    if loser is None:
        return f"Neither player has a card left to start battle {e['battle']}."
    return f"{names.says(loser, 'have')} no card left to start battle {e['battle']}."


TELLERS: dict[str, Callable[[Event, Names], str]] = {
    "start": lambda e, names: f"{names(0)} is player one and splits first.",
    "dealt": lambda e, names: f"Draft round {e['round']}: five cards are dealt face up for {names(e['splitter'])} to split.",
    "split": lambda e, names: f"{names.says(e['seat'], 'split')} them into pile A ({e['piles'][0]}) and pile B ({e['piles'][1]}).",
    "sweetened": lambda e, names: f"{names.says(e['seat'], 'add')} a {e['size']} pyramid to pile {PILE_NAMES[e['pile']]}.",
    "piles-ready": lambda e, names: f"{names.says(e['seat'], 'offer')} the piles as they are.",
    "took": tell_took,
    "draft-over": lambda e, names: (
        f"The draft is over: {names(0)} drafted {e['drafted'][0]} cards, {names(1)} {e['drafted'][1]}. "
        f"The {label(e['base'])} is the base of the tower; three cards are set aside unseen."
    ),
    "kept": tell_kept,
    "deck-built": lambda e, names: f"{names.says(e['seat'], 'have')} built a deck of {e['deck']} cards.",
    "war-begins": lambda e, names: f"The war begins: {names.says(0, 'have')} {e['decks'][0]} cards, {names(1)} {e['decks'][1]}.",
    "battle-begins": lambda e, names: f"Battle {e['battle']}: {names.says(e['leader'], 'lead')}.",
    "reshuffled": lambda e, names: f"{names.says(e['seat'], 'shuffle')} their discard pile into a new deck.",
    "played": tell_played,
    "passed": lambda e, names: f"{names.says(e['seat'], 'have')} no card to play in skirmish {e['skirmish']}.",
    "skirmish": tell_skirmish,
    "battle-ended": tell_battle_ended,
    "returned": lambda e, names: f"{names.says(e['seat'], 'take')} back {count(len(e['pyramids']), 'pyramid')}.",
    "discarded": lambda e, names: f"The cards of battle {e['battle']} left on the table go to their players' discard piles.",
    "picked-pyramid": lambda e, names: f"{names.says(e['seat'], 'pick')} up a {e['size']} pyramid.",
    "lifted": lambda e, names: f"{names.says(e['seat'], 'lift')} {whose_pyramid(e, names)} to adjust it.",
    "picked-card": lambda e, names: f"{names.says(e['seat'], 'pick')} up the {label(e['card'])} to crown the tower.",
    "landed": tell_landed,
    "fell": lambda e, names: f"{sentence(fall_words(e))}.",
    "end": tell_end,
}
