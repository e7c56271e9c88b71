"""The suggested deck (``ai.suggested_deck``): what "Suggested deck" offers a person at deck building.
It must be a deck the rules take (exactly the deck the seat must build, from its own drafted cards,
the kept ones included), the same every time for the same cards, and the computer's own choice."""

from __future__ import annotations

import pytest

from tabletop.engine.cards import Card
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.ai import cards as ac
from tabletop.games.tower_war.ai import suggested_deck
from tabletop.games.tower_war.facts import DECK_SIZE
from tabletop.games.tower_war.moves import Keep
from tabletop.games.tower_war.state import State
from tabletop.games.tower_war.views import view

from .test_draft import draft_to_end


def building(seed: int) -> State:
    """Both players drafted 25 cards (the chooser always takes the four-card pile): player one builds."""
    s = draft_to_end(r.new_game(2, None, seed), take=1, size_of_a=1)
    assert s.phase == "build" and s.actor == 0 and len(s.drafted[0]) == 25
    return s


def keep_all(s: State, codes: list[str]) -> State:
    """Send one legal ``keep`` per card not yet kept, as the table does (the engine judges each)."""
    seat = s.actor
    legal = {str(m.card): m for m in r.legal_moves(s) if isinstance(m, Keep)}
    for code in codes:
        if Card.parse(code) not in s.kept[seat]:  # type: ignore[index]
            s = r.apply(s, legal[code])
    return s


@pytest.mark.parametrize("seed", [2, 7, 31])
def test_the_suggestion_is_a_full_deck_of_the_seat_s_own_cards_and_the_rules_take_it(seed: int) -> None:
    s = building(seed)
    deck = suggested_deck(view(s, 0))
    assert len(deck) == len(set(deck)) == DECK_SIZE
    assert set(deck) <= {str(c) for c in s.drafted[0]}
    after = keep_all(s, deck)
    assert after.actor == 1 and after.phase == "build"  # player one's deck is done; player two builds
    assert sorted(str(c) for c in after.kept[0]) == sorted(deck)


@pytest.mark.parametrize("seed", [2, 7])
def test_the_suggestion_is_the_computer_s_deck_and_the_same_every_time(seed: int) -> None:
    s = building(seed)
    seen = view(s, 0)
    assert suggested_deck(seen) == suggested_deck(view(s.copy(), 0))
    computer = set(ac.best_deck((), tuple(sorted(s.drafted[0]))))
    assert {Card.parse(c) for c in suggested_deck(seen)} == computer
    jokers = [c for c in s.drafted[0] if c.is_joker]
    assert all(str(j) in suggested_deck(seen) for j in jokers)  # a joker always earns its place


def test_cards_already_kept_stay_in_the_suggestion_and_it_fills_only_what_is_left() -> None:
    s = building(2)
    weakest = sorted(s.drafted[0], key=ac.card_value)[:3]  # cards the computer would not keep
    for c in weakest:
        s = r.apply(s, Keep(c))
    deck = suggested_deck(view(s, 0))
    assert len(deck) == DECK_SIZE and {str(c) for c in weakest} <= set(deck)
    after = keep_all(s, deck)
    assert after.actor == 1 and sorted(str(c) for c in after.kept[0]) == sorted(deck)


def test_the_suggestion_names_cards_best_first() -> None:
    deck = [Card.parse(c) for c in suggested_deck(view(building(7), 0))]
    values = [ac.card_value(c) for c in deck]
    assert values == sorted(values, reverse=True)
