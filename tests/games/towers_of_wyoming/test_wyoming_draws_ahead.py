"""``draws_ahead``: who draws the next cards of the pile, named only where that is certain. A game by
link takes layers off those cards before they are drawn, so a card it names for the wrong builder
would be read by that builder: the property test holds every name to the draw that follows."""

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop.games.towers_of_wyoming as tw
from tabletop.engine.rng import Rng
from tabletop.games.towers_of_wyoming.rules import draws_ahead

from .test_wyoming_properties import TABLES, options_from_bits
from .wyoming_helpers import H, play, position


def test_after_a_move_every_builder_but_the_one_to_act_is_named_for_their_next_draw():
    """Four builders, Ana to act: Ben holds 5 and draws 2 in Ana's move, Cy holds 7 and draws none
    in Ben's, Di holds 4 and draws 3 in Cy's; Ana's own draw, in Di's move, is not known yet."""
    s = position(4, hands={0: "HHHHHHH", 1: "CCCCC", 2: "CCCCCCC", 3: "HHHH"}, draw="SSDDDDS", current=0)
    assert [seat for _, seat in draws_ahead(s)] == [1, 1, 3, 3, 3]
    assert [card for card, _ in draws_ahead(s)] == s.draw[::-1][:5]


def test_the_names_stop_at_the_bottom_of_the_pile_and_skip_a_builder_who_is_out():
    s = position(3, hands={0: "HHHHHHH", 1: "CCC", 2: "CC"}, draw="SS", current=0, rest="discard")
    assert [seat for _, seat in draws_ahead(s)] == [1, 1]
    out = position(3, hands={0: "HHHHHHH", 2: "CC"}, draw="SSSSSSSS", current=0, rest="discard", out=(1,))
    assert [seat for _, seat in draws_ahead(out)] == [2] * 5


def test_a_finished_game_names_no_one():
    s = position(2, hands={0: "H", 1: "C"}, towers={(0, 0): "HHHHHHHHHHH"}, sky=3)
    s = tw.apply(s, play(H, 1, 0))
    assert tw.outcome(s) is not None
    assert draws_ahead(s) == []


def check_named_draws(players: int, options: dict, seed: int) -> int:
    """Play a random game; every card named for a builder while in the pile goes to that builder
    when it is drawn. Returns how many named cards were drawn."""
    state = tw.new_game(players, options, seed)
    rng = Rng(seed ^ 0x5EED)
    named: dict[int, int] = {}
    checked = 0
    for _ in range(4000):
        for card, seat in draws_ahead(state):
            assert named.setdefault(card, seat) == seat, "two names for one card"
        if tw.outcome(state) is not None:
            return checked
        pile = set(state.draw)
        legal = tw.legal_moves(state)
        state = tw.apply(state, legal[rng.below(len(legal))])
        for seat, hand in enumerate(state.hands):
            for card in pile.intersection(hand):
                if card in named:
                    assert named.pop(card) == seat, f"card {card} was named for seat {named.get(card)} and went to {seat}"
                    checked += 1
        for card in pile.difference(state.draw):  # drawn (or lapsed with a hand): its name is spent
            named.pop(card, None)
    return checked


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(TABLES), st.integers(0, 63), st.integers(0, 2**32))
def test_every_card_named_ahead_is_drawn_by_the_builder_named(table, bits, seed):
    players, two = table
    options = dict(options_from_bits(bits), three_player_two_foundations=two)
    check_named_draws(players, options, seed)


def test_most_draws_are_named_ahead_in_a_three_player_game():
    """What the names buy: all but the draws after a recycle are known before the move that makes them."""
    checked = sum(check_named_draws(3, {}, seed) for seed in range(5))
    assert checked > 100
