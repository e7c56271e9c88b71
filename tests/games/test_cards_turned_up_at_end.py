"""What turns up when a game is over: Towers of Wyoming's hands and Tower War's remaining cards
are public in every view of a finished game (spectators included), never while it runs; Tower
War's three set-aside cards are never named, though the 51 others turned up or in play tell them by elimination."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine.cards import Card, standard_deck
from tabletop.games import GAMES
from tabletop.games.towers_of_wyoming.facts import CODES


def played_to_the_end(game: str, seed: int, players: int = 2):
    """Every state of a game played at random to its end."""
    module = GAMES[game]
    state = module.new_game(players, {}, seed)
    rng = random.Random(seed)
    states = [state]
    while module.outcome(state) is None:
        state = module.apply(state, rng.choice(module.legal_moves(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (5, 4)])
def test_towers_of_wyoming_turns_every_hand_up_when_the_game_is_over(seed, players):
    states = played_to_the_end("towers-of-wyoming", seed, players)
    module = GAMES["towers-of-wyoming"]
    end = states[-1]
    for seat in [None, *range(players)]:
        shown = module.view(end, seat)["hands_at_end"]
        assert [[c["code"] for c in hand] for hand in shown] == [[CODES[c] for c in hand] for hand in end.hands]
    assert any(end.hands), "a game ending with every hand empty would test nothing"
    for state in states[:-1]:  # while it runs, nobody sees another seat's hand
        assert module.view(state, None)["hands_at_end"] is None
        assert module.view(state, 0)["hands_at_end"] is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tower_war_turns_up_hands_decks_and_unused_cards_but_not_the_set_aside_ones(seed):
    states = played_to_the_end("tower-war", seed)
    module = GAMES["tower-war"]
    end = states[-1]
    shown = module.view(end, None)["at_end"]
    for p in (0, 1):
        assert sorted(shown[p]["hand"]) == sorted(str(c) for c in end.hand[p])
        assert sorted(shown[p]["deck"]) == sorted(str(c) for c in end.deck[p])
        assert sorted(shown[p]["unused"]) == sorted(str(c) for c in end.unused[p])
    assert any(shown[p]["deck"] or shown[p]["hand"] for p in (0, 1)), "cards were left to turn up"
    text = json.dumps(module.view(end, 0))
    assert not any(f'"{c}"' in text for c in end.set_aside)  # set aside unseen, even at the end
    for state in states[:-1]:
        assert module.view(state, None)["at_end"] is None


def test_tower_war_deck_at_the_end_tells_nothing_of_its_order():
    end = played_to_the_end("tower-war", 4)[-1]
    deck = GAMES["tower-war"].view(end, None)["at_end"][0]["deck"]
    assert deck == [str(c) for c in sorted(end.deck[0], key=lambda c: (c.suit.value if c.suit else "~", c.rank, c.copy))]


def cards_named(data) -> set[str]:
    """Every card code a view names (its lines of words aside)."""
    if isinstance(data, dict):
        return {c for k, v in data.items() if k not in ("log", "prompt", "outcome") for c in cards_named(v)}
    if isinstance(data, list):
        return {c for v in data for c in cards_named(v)}
    if isinstance(data, str):
        try:
            Card.parse(data)
        except ValueError:
            return set()
        return {data}
    return set()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tower_war_end_names_the_other_51_cards_so_the_set_aside_three_are_known_by_elimination(seed):
    """What docs/architecture.md says of the end: every card but the three set aside is turned up or was in play,
    so those three are the deck's only cards not shown (the game is over: they took no part in it)."""
    end = played_to_the_end("tower-war", seed)[-1]
    shown = cards_named(GAMES["tower-war"].view(end, None))
    deck = {str(c) for c in standard_deck(jokers=2)}
    assert len(deck) == 54 and shown <= deck
    assert deck - shown == {str(c) for c in end.set_aside} and len(shown) == 51
