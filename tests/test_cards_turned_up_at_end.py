"""What turns up when a game is over: Towers of Wyoming's hands and Tower War's remaining cards
are public in every view of a finished game (spectators included), never while it runs; Tower
War's three set-aside cards stay unseen even then."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.games import GAMES
from tabletop.games.towers_of_wyoming.deck import CODES


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
