"""The joint shuffle of a deck between 2 to 4 players who do not trust each other, each pass on its
player's own device (mental poker, with the commutative cipher of ``cipher``).

In seat order, each player encrypts every card with their key and shuffles the deck in secret
(``shuffle_pass``); the first starts from the cards themselves (``encoded_deck``), each next one from
the deck the previous one sent. The deck that comes out has every card under every player's layer,
in an order none of them knows. To show position j to one player, every other player takes their
layer off it (``remove_layer``) and the last layer is taken off by that player alone (``read``); to
show it to all, every player takes theirs off and anyone reads the card (``card_of``). At the end
every key is shown and each step is checked (``audit_pass``, ``audit_removal``, ``audit_shuffle``),
so a player who lied is named.

>>> ann, ben = new_key(), new_key()
>>> first = shuffle_pass(ann, encoded_deck(4))
>>> deck = shuffle_pass(ben, first)
>>> sorted(read(ann, remove_layer(ben, element), 4) for element in deck)
[0, 1, 2, 3]
>>> [verdict.honest for verdict in audit_shuffle([ann, ben], [first, deck], 4)]
[True, True]
"""

from __future__ import annotations

import secrets
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.engine.errors import SaveError
from tabletop.link.cipher import Key, card_table, new_key, pack, unpack

MIN_PLAYERS, MAX_PLAYERS = 2, 4


def encoded_deck(deck_size: int) -> list[int]:
    """The cards 0..deck_size-1 before any layer, in order: where the first pass starts."""
    return list(card_table(deck_size))


def deck_from_text(text: str, deck_size: int | None = None) -> list[int]:
    """A whole deck from a link: ``deck_size`` values of the group (None: any number), no two alike
    (an honest pass never makes two alike, so a repeated card is a cheat seen at once, not only at
    the audit)."""
    deck = unpack(text, deck_size)
    if len(set(deck)) != len(deck):
        raise SaveError("tampered", "the deck holds one encrypted card twice")
    return deck


def shuffle_pass(key: Key, deck: Sequence[int]) -> list[int]:
    """One player's pass: their layer on every card, then the deck shuffled with the system's secure
    random source, so the order is known to no one unless every player tells theirs."""
    passed = [key.encrypt(element) for element in deck]
    secrets.SystemRandom().shuffle(passed)
    return passed


def remove_layer(key: Key, element: int) -> int:
    """One player's layer taken off one card, to pass on towards whoever the card is shown to."""
    return key.decrypt(element)


def card_of(element: int, deck_size: int) -> int:
    """The card under no layer at all (0..deck_size-1); SaveError when ``element`` is no card, that
    is when a layer is left on it or someone lied while taking theirs off."""
    card = card_table(deck_size).get(element)
    if card is None:
        raise SaveError("tampered", "the card shown does not open to a card of the deck")
    return card


def read(key: Key, element: int, deck_size: int) -> int:
    """The card a player is shown: ``element`` after every other player took their layer off; this
    player takes the last one off, on their own device, so only they learn it."""
    return card_of(key.decrypt(element), deck_size)


@dataclass(frozen=True)
class Verdict:
    """What the audit found about one step: ``fault`` says what was wrong in words, empty if nothing."""

    fault: str = ""

    @property
    def honest(self) -> bool:
        return not self.fault


HONEST = Verdict()


def audit_pass(key: Key, before: Sequence[int], after: Sequence[int]) -> Verdict:
    """Whether a pass was honest: ``after`` is ``before`` under ``key``, in some order. A pass made
    with another key than the one shown is a lie too (the audit cannot tell the two lies apart)."""
    if len(after) != len(before):
        change = "dropped" if len(after) < len(before) else "added"
        return Verdict(f"the shuffle {change} cards: it gave back {len(after)} cards for the {len(before)} it was given")
    expected = Counter(key.encrypt(element) for element in before)
    extra = Counter(after) - expected
    if not extra:
        return HONEST
    if any(element in expected for element in extra):
        return Verdict("the shuffle gave back one card twice in place of another")
    return Verdict(f"the shuffle put in {sum(extra.values())} cards that were not in the deck it was given (or used another key)")


def audit_removal(key: Key, element: int, claimed: int) -> Verdict:
    """Whether ``claimed`` is ``element`` with ``key``'s layer taken off, as its player said."""
    if key.encrypt(claimed) == element:
        return HONEST
    return Verdict("the card it passed on is not the card it was given with its layer taken off")


def audit_final_deck(keys: Sequence[Key], deck: Sequence[int], deck_size: int) -> Verdict:
    """Whether the shuffled deck opens, under every key, to each card of the deck exactly once: the
    check for when the decks between passes were not kept."""
    if len(deck) != deck_size:
        return Verdict(f"the shuffled deck holds {len(deck)} cards, not {deck_size}")
    opened = list(deck)
    for key in keys:
        opened = [key.decrypt(element) for element in opened]
    table = card_table(deck_size)
    cards = Counter(table.get(element) for element in opened)
    if cards[None]:
        return Verdict(f"{cards[None]} cards of the shuffled deck open to no card of the deck")
    twice = sorted(card for card, times in cards.items() if card is not None and times > 1)
    if twice:
        return Verdict(f"the shuffled deck holds card {twice[0]} more than once")
    return HONEST


def audit_shuffle(keys: Sequence[Key], decks: Sequence[Sequence[int]], deck_size: int) -> list[Verdict]:
    """Each player's pass checked, in seat order: ``decks[i]`` is what player i sent; player 0 started
    from ``encoded_deck``. Each pass is checked only with its own player's key, so a player can only
    ever be named by their own key, never by a key another player shows."""
    if len(decks) != len(keys):
        raise ValueError(f"one deck per pass: {len(keys)} keys, {len(decks)} decks")
    befores = [encoded_deck(deck_size), *decks[:-1]]
    return [audit_pass(key, before, after) for key, before, after in zip(keys, befores, decks)]


def time_passes(deck_size: int = 54) -> dict[str, float]:
    """What the shuffle costs on this machine (for the bench): one pass over a deck of ``deck_size``
    cards and one removal, in ms; the packed deck and one packed card, in characters."""
    key = new_key()
    deck = encoded_deck(deck_size)
    start = time.perf_counter()
    passed = shuffle_pass(key, deck)
    pass_ms = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    remove_layer(key, passed[0])
    removal_ms = (time.perf_counter() - start) * 1000
    return {"pass_ms": pass_ms, "removal_ms": removal_ms, "deck_chars": len(pack(passed)), "element_chars": len(pack(passed[:1]))}
