"""The draft, advanced drafting and deck building (rules page: "The draft",
"Advanced drafting", "Building a deck")."""

import pytest

from tabletop.engine.errors import IllegalMove
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.moves import Keep, PilesReady, Split, Sweeten, Take
from tabletop.games.tower_war.views import view

from .positions import L, M, S, allowed_codes, assert_conserved, card_codes_in, log


def draft_to_end(s, take=0, size_of_a=1):
    """Play the draft: pile A always gets ``size_of_a`` cards, the chooser takes ``take``."""
    while s.phase in ("split", "sweeten", "take"):
        if s.phase == "split":
            s = r.apply(s, Split(tuple(s.faceup[:size_of_a])))
        elif s.phase == "sweeten":
            s = r.apply(s, PilesReady())
        else:
            s = r.apply(s, Take(take))
    return s


def test_a_new_game_deals_five_face_up_for_player_one_to_split():
    s = r.new_game(2, None, 3)
    assert s.phase == "split" and s.actor == 0
    assert len(s.faceup) == 5 and len(s.draft_deck) == 49
    assert s.stash == [[0, 5, 5, 5], [0, 5, 5, 5]]
    assert len(r.legal_moves(s)) == 30  # pile A: any 1 to 4 of the five, named in the order dealt
    assert_conserved(s)


def test_both_piles_need_a_card_and_only_face_up_cards_count():
    s = r.new_game(2, None, 3)
    for bad in [(), tuple(s.faceup), (s.faceup[0], s.faceup[0]), (s.draft_deck[0],)]:
        with pytest.raises(IllegalMove):
            r.apply(s, Split(bad))
    with pytest.raises(IllegalMove, match="order they were dealt"):
        r.apply(s, Split((s.faceup[3], s.faceup[1])))  # not as listed: the cards in the order dealt
    s2 = r.apply(s, Split((s.faceup[1], s.faceup[3])))
    assert s2.piles == [[s.faceup[1], s.faceup[3]], [s.faceup[0], s.faceup[2], s.faceup[4]]]


def test_the_chooser_takes_a_pile_and_the_splitter_gets_the_other():
    s = r.new_game(2, None, 3)
    five = list(s.faceup)
    s = r.apply(s, Split((five[0],)))
    assert s.phase == "take" and s.actor == 1
    s = r.apply(s, Take(1))
    assert s.drafted[1] == five[1:] and s.drafted[0] == five[:1]
    # the splitter alternates
    assert s.phase == "split" and s.actor == 1 and s.round == 1
    with pytest.raises(IllegalMove):
        r.apply(s, Take(0))


def test_ten_rounds_then_a_base_card_and_three_set_aside():
    s = draft_to_end(r.new_game(2, None, 5), take=1, size_of_a=1)
    assert s.round == 10 and r.draft_rounds() == 10
    assert len(s.set_aside) == 3 and s.base_card is not None
    assert s.tower[0].card == s.base_card and (s.tower[0].x, s.tower[0].y) == (0.0, 0.0)
    # chooser always took pile B (4 cards): each player chose five times
    assert len(s.drafted[0]) + len(s.kept[0]) == 25 and len(s.drafted[1]) + len(s.kept[1]) == 25
    assert_conserved(s)


def test_drafted_cards_are_unseen_even_by_their_owner_until_the_draft_ends():
    s = r.new_game(2, None, 8)
    while s.phase in ("split", "take"):
        for seat in (0, 1, None):
            v = view(s, seat)
            drafted = {str(c) for p in (0, 1) for c in s.drafted[p]}
            assert not (card_codes_in(v) & drafted), "a drafted card shows during the draft"
            assert card_codes_in(v) <= allowed_codes(s, seat)
            assert v["players"][0]["drafted_count"] == len(s.drafted[0])
        s = r.apply(s, r.legal_moves(s)[0] if s.phase == "split" else Take(s.round % 2))
    # once the draft is over, each player sees their own drafted cards, never the other's
    v0 = view(s, 0)
    assert set(v0["mine"]["drafted"]) | set(v0["mine"]["kept"]) == {str(c) for c in s.drafted[0] + s.kept[0]}
    assert not card_codes_in(v0) & {str(c) for c in s.drafted[1] + s.kept[1] + s.set_aside} - {str(s.base_card)}


def test_the_draft_log_names_no_card():
    s = draft_to_end(r.new_game(2, None, 4))
    draft_lines = [line for line in log(s) if "pile" in line or "Draft round" in line]
    assert draft_lines and not any(card_codes_in({"l": line.split()}) for line in draft_lines)


def test_advanced_drafting_puts_middle_pyramids_on_one_pile():
    s = r.new_game(2, {"advanced_draft": True}, 6)
    assert s.middle == [0, 5, 5, 5]
    s = r.apply(s, Split((s.faceup[0],)))
    assert s.phase == "sweeten" and s.actor == 0
    s = r.apply(s, Sweeten(1, L))
    s = r.apply(s, Sweeten(1, L))
    s = r.apply(s, Sweeten(1, S))
    with pytest.raises(IllegalMove, match="pile B"):
        r.apply(s, Sweeten(0, M))
    assert all(m.pile == 1 for m in r.legal_moves(s) if isinstance(m, Sweeten))
    s = r.apply(s, PilesReady())
    assert s.phase == "take" and s.actor == 1
    s = r.apply(s, Take(1))  # the chooser takes the sweetened pile
    assert s.stash[1] == [0, 6, 5, 7] and s.stash[0] == [0, 5, 5, 5]
    assert s.middle == [0, 4, 5, 3]
    assert_conserved(s)
    s = draft_to_end(s)
    assert s.middle == [0, 4, 5, 3]  # undrafted middle pyramids are set aside
    assert view(s, None)["draft"]["middle"] == {"small": 4, "medium": 5, "large": 3}


def test_a_player_may_not_sweeten_without_the_option():
    s = r.new_game(2, None, 6)
    s = r.apply(s, Split((s.faceup[0],)))
    with pytest.raises(IllegalMove):
        r.apply(s, Sweeten(0, L))


def test_deck_building_keeps_fifteen_and_a_short_draft_keeps_all():
    # the chooser always takes the 4-card pile B; with splits 1/4 each gets 25 cards
    s = draft_to_end(r.new_game(2, None, 2), take=1, size_of_a=1)
    assert s.phase == "build" and s.actor == 0
    first = s.drafted[0][0]
    s = r.apply(s, Keep(first))
    with pytest.raises(IllegalMove):
        r.apply(s, Keep(first))
    with pytest.raises(IllegalMove):
        r.apply(s, Keep(s.drafted[1][0]))
    while s.phase == "build":
        s = r.apply(s, r.legal_moves(s)[-1])
    assert s.phase == "play" and s.battle == 1 and s.leader == 0
    assert [len(s.deck[p]) + len(s.hand[p]) for p in (0, 1)] == [15, 15]
    assert [len(s.unused[p]) for p in (0, 1)] == [10, 10]
    assert first in s.deck[0] + s.hand[0]


def test_a_player_with_fifteen_or_fewer_drafted_cards_keeps_them_all():
    s = r.new_game(2, None, 12)
    # player one (seat 0) gives away 4 of 5 when splitting and takes a single card when choosing
    while s.phase in ("split", "take"):
        if s.phase == "split":
            s = r.apply(s, Split(tuple(s.faceup[:1])))
        else:
            s = r.apply(s, Take(0 if s.actor == 0 else 1))
    assert len(s.kept[0]) == 10 and s.drafted[0] == []  # 10 cards: all kept, no choice needed
    assert s.phase == "build" and s.actor == 1
    while s.phase == "build":
        s = r.apply(s, r.legal_moves(s)[0])
    assert len(s.deck[0]) + len(s.hand[0]) == 10 and len(s.deck[1]) + len(s.hand[1]) == 15
    assert len(s.unused[1]) == 25
