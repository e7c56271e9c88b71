"""Tower War's events: every move records what it did, naming cards of the deck and pyramids that
exist at that moment (by their number, on the tower, in the hand or back in a stash as the event
says), and the table's words told from them name people, never a placeholder.

600 random games (seeds 0-599, advanced drafting one in three, random legal moves) are checked at
every move; then a few positions, a move each, with their exact events and words."""

from __future__ import annotations

import time

from tabletop.engine.events import Names
from tabletop.engine.pyramids import Size
from tabletop.engine.rng import Rng
from tabletop.games.tower_war import game as TW  # the contract itself: each name of the package is found anew per use
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.facts import DECK_SIZE, SKIRMISHES
from tabletop.games.tower_war.moves import Drop, Keep, LiftPyramid, PickPyramid, Take
from tabletop.games.tower_war.telling import UNSAID
from tabletop.games.tower_war.views import events_seen

from .positions import ALL_CODES, M, drop_exactly, log, place_pyramid, play, war_position

GAMES = 600
NAMES = Names(("Ann", "Ben"), TW.SEAT_NAMES)
CARD_FACTS = ("card", "as", "base")


def pyramids_on(tower) -> dict[int, tuple[int, object]]:
    """Every numbered pyramid on the tower: {number: (level, pyramid)}."""
    return {p.id: (k, p) for k, level in enumerate(tower) for p in level.pyramids}


def check_cards(e: dict) -> None:
    """Every card an event names is a card of the deck."""
    named = [e[k] for k in CARD_FACTS if e.get(k)] + [c for c in e.get("played") or [] if c]
    named += [c for pile in e.get("discards") or [] for c in pile]
    assert set(named) <= ALL_CODES, e


def check_tower(e: dict, before, after, returned: set[int]) -> None:
    """The pyramids and cards of the tower an event names are where it says, when it says (a
    pyramid set down may have gone back to its stash by the end of the same move, a tied battle's:
    ``returned``, as that move's ``returned`` event says)."""
    kind, on_tower, held = e["kind"], pyramids_on(after.tower), after.held
    if kind == "picked-pyramid":
        assert held.pyramid == e["pyramid"] and held.lifted is None and str(held.size) == e["size"], e
        assert e["pyramid"] not in pyramids_on(before.tower) and e["pyramid"] == after.pyramids_made, e
    if kind == "lifted":
        level, p = pyramids_on(before.tower)[e["pyramid"]]
        assert held.pyramid == e["pyramid"] and [p.x, p.y] == e["before"] and (level, p.owner) == (e["level"], e["owner"]), e
    if kind == "picked-card":
        assert str(held.card) == e["card"] and held.level == e["level"], e
    if kind == "landed" and e["piece"] == "pyramid" and e["pyramid"] not in returned:
        level, p = on_tower[e["pyramid"]]
        assert level == e["level"] and [round(p.x, 3), round(p.y, 3)] == e["after"] and p.owner == e["owner"], e
    if kind == "landed" and e["piece"] == "card":
        assert str(after.tower[e["level"]].card) == e["card"], e
    if kind == "fell":
        level = after.tower[e["level"]]
        assert e["pyramid"] is None or on_tower[e["pyramid"]][0] == e["level"], e
        assert e["overlapped"] is None or on_tower[e["overlapped"]][0] == e["level"], e
        assert e["card"] is None or str(level.card) == e["card"], e
    if kind == "returned":
        gone = pyramids_on(before.tower)
        if before.held is not None and before.held.pyramid:  # set down by this very move
            gone[before.held.pyramid] = (before.held.level, before.held)
        for p in e["pyramids"]:
            assert p["id"] in gone and p["id"] not in on_tower and gone[p["id"]][1].owner == e["seat"], e
            assert after.stash[e["seat"]][Size.parse(p["size"])] > 0, e


def check_rest(e: dict, before, after) -> None:
    """The other facts against the state: a kept card in its deck, a played card in its battle."""
    kind, seat = e["kind"], e["seat"]
    if kind == "kept":
        mine = after.kept[seat] + after.deck[seat] + after.hand[seat]  # the last keep starts the war: a first draw
        assert e["card"] in {str(c) for c in mine} and e["kept"] <= e["deck"] <= DECK_SIZE, e
    if kind == "played":
        assert e["battle"] == before.battle and 1 <= e["skirmish"] <= SKIRMISHES, e
        assert e["card"] in {str(p.card) for p in before.played[seat]} | {str(c) for c in before.hand[seat]}, e
    if kind == "draft-over":
        assert e["base"] == str(after.base_card) and e["drafted"] == after.drafted_total, e
    if kind == "took":
        assert e["pile"] in (0, 1) and sum(e["piles"]) == len(before.piles[0]) + len(before.piles[1]), e
    if kind == "end":
        assert tuple(e["winners"]) == after.result.winners and e["cause"] == after.result.details["cause"], e


def check_events(new: list[dict], moves: int, before, after) -> list[str]:
    """Each of a move's events (``moves`` moves made before it): kind, number, seat, what it names,
    its words; a kept card shows in no other seat's view. The kinds checked."""
    returned = {p["id"] for e in new if e["kind"] == "returned" for p in e["pyramids"]}
    for e in new:
        assert e["kind"] in TW.EVENT_KINDS, e
        assert e["move"] == moves, (e, moves)
        assert e["seat"] in (None, 0, 1), e
        check_cards(e)
        check_tower(e, before, after, returned)
        check_rest(e, before, after)
        words = TW.tell(e, NAMES, {})
        assert words and words != UNSAID and "Player " not in words and "[square" not in words, (e, words)
        if e["kind"] == "kept":
            at = after.events.index(e)  # the view's events (a whole view per keep would double this test's time)
            assert "card" not in events_seen(after.events, 1 - e["seat"])[at] and "card" in events_seen(after.events, e["seat"])[at]
    return [e["kind"] for e in new]


def test_600_random_games_record_events_that_name_what_exists():
    started = time.perf_counter()
    seen: list[str] = []
    for seed in range(GAMES):
        rng = Rng(seed)
        state = TW.new_game(2, {"advanced_draft": seed % 3 == 0}, seed)
        seen += check_events(state.events, 0, state, state)
        moves = 0
        while TW.to_act(state) is not None:
            move = rng.choice(TW.legal_moves(state))
            before, state = state, TW.apply(state, move)
            assert state.events[: len(before.events)] == before.events, "an event was changed or lost"
            new = state.events[len(before.events) :]
            assert new, f"seed {seed}: {move} recorded nothing"
            seen += check_events(new, moves, before, state)
            moves += 1
    # random players make the tower fall long before a deck runs out: a reshuffle has its own test below
    assert set(seen) == set(TW.EVENT_KINDS) - {"reshuffled", "passed"}, set(TW.EVENT_KINDS) - set(seen)  # "passed": by link only
    print(f"{GAMES} games, {len(seen)} events checked, {time.perf_counter() - started:.1f} s")


# --------------------------------------------------------------------------- one move, its events and words


def adjusted_by_blue():
    """Red lost skirmish 1 and stood a medium at (-17, -22); Blue lost skirmish 2 and lifts it."""
    s = play(war_position(hands=("2H 5D 6S", "9H 3D 8S"), decks=("JD QD KD", "JS QS KS")), "2H", "9H")
    s = play(place_pyramid(s, M, -17.0, -22.0), "5D", "3D")
    return TW.apply(s, LiftPyramid(0))


def test_lifting_the_other_players_pyramid_and_setting_it_down_says_whose_and_how_far():
    s = adjusted_by_blue()
    (pyramid,) = [e["pyramid"] for e in s.events if e["kind"] == "picked-pyramid"]
    assert s.events[-1] == {
        "kind": "lifted",
        "move": s.moves - 1,
        "seat": 1,
        "pyramid": pyramid,
        "owner": 0,
        "size": "medium",
        "level": 0,
        "before": [-17.0, -22.0],
    }
    s = drop_exactly(s, -10.0, -20.0)
    e = s.events[-1]
    assert {k: e[k] for k in ("kind", "seat", "piece", "pyramid", "owner", "size", "level", "before", "stands", "gave_out")} == {
        "kind": "landed",
        "seat": 1,
        "piece": "pyramid",
        "pyramid": pyramid,
        "owner": 0,
        "size": "medium",
        "level": 0,
        "before": [-17.0, -22.0],
        "stands": True,
        "gave_out": False,
    }
    assert e["after"] == [-10.0, -20.0] and s.tower[0].pyramids[-1].id == pyramid
    assert log(s)[-2:] == [
        "Blue lifts Red's medium pyramid to adjust it.",
        "Blue lets go of Red's medium pyramid, lifted to adjust it: it lands 7 mm from where it stood and the tower stands.",
    ]


def test_a_kept_card_is_its_owners_to_see():
    s = r.new_game(2, None, 8)
    while s.phase != "build":
        s = r.apply(s, r.legal_moves(s)[0] if s.phase != "take" else Take(0))
    seat = s.actor
    card = r.legal_moves(s)[0].card
    s = r.apply(s, Keep(card))
    assert s.events[-1] == {"kind": "kept", "move": s.moves - 1, "seat": seat, "card": str(card), "kept": 1, "deck": 15}
    assert log(s, seat)[-1] == f"{('Red', 'Blue')[seat]} keeps the {card.label} for the deck (1 of 15)."
    assert log(s, 1 - seat)[-1] == log(s, None)[-1] == f"{('Red', 'Blue')[seat]} keeps a card for the deck (1 of 15)."


def test_the_draft_takes_name_no_card_and_count_the_pyramids():
    s = r.new_game(2, {"advanced_draft": True}, 6)
    s = r.apply(s, r.legal_moves(s)[0])  # split: pile A the first card
    s = r.apply(s, r.legal_moves(s)[0])  # a small pyramid to pile A
    s = r.apply(s, next(m for m in r.legal_moves(s) if m.kind == "piles_ready"))
    s = r.apply(s, Take(1))
    took = next(e for e in s.events if e["kind"] == "took")
    assert took == {
        "kind": "took",
        "move": 3,
        "seat": 1,
        "pile": 1,
        "piles": [1, 4],
        "pile_pyramids": [{"small": 1, "medium": 0, "large": 0}, {"small": 0, "medium": 0, "large": 0}],
    }
    assert log(s)[1:6] == [
        "Draft round 1: five cards are dealt face up for Red to split.",
        "Red splits them into pile A (1) and pile B (4).",
        "Red adds a small pyramid to pile A.",
        "Red offers the piles as they are.",
        "Blue takes pile B (4 cards); Red gets pile A (1 card and 1 pyramid).",
    ]


def test_a_fall_names_what_fell_and_the_end_names_no_winner():
    s = war_position(hands=("2H 5D 6S", "9H 7D 8S"), decks=("JD QD KD", "JS QS KS"))
    s = r.apply(play(s, "2H", "9H"), PickPyramid(M))
    s = drop_exactly(s, 35.0, 0.0)  # the centre of its base 35 mm right of the card's centre: past its edge (31.5 mm)
    landed, fell, end = s.events[-3:]
    assert (landed["kind"], landed["stands"], fell["kind"], end["kind"]) == ("landed", False, "fell", "end")
    assert fell["pyramid"] == landed["pyramid"] and fell["level"] == 0 and fell["cause"] in ("off-card", "overlap")
    assert end["winners"] == [1] and end["loser"] == 0 and end["cause"] == "fall"
    said = log(s)[-3:]
    assert said[0] == "Red lets go of a medium pyramid over level 0."
    assert said[2].startswith("Red made the tower fall: ") and "wins" not in said[2]


def test_every_move_of_a_whole_game_drop_included_has_its_events():
    """A drop held to the end of the grip says so ("the grip gave out")."""
    s = r.apply(play(war_position(hands=("2H 5D 6S", "9H 7D 8S"), decks=("JD QD KD", "JS QS KS")), "2H", "9H"), PickPyramid(M))
    s = r.apply(s, Drop(0.0, -20.0, 10_000))
    assert s.events[-1]["gave_out"] and "(the grip gave out)" in log(s)[-1]


def test_a_reshuffle_says_whose_deck_and_how_many_cards():
    s = war_position(hands=("", ""), decks=("", "2S 3S 4S"), discards=("7H 8H 9H 10H", ""), leader=1, start=False)
    r.start_battle(s)
    began, reshuffled = s.events[-2:]
    assert began == {"kind": "battle-begins", "move": 0, "seat": None, "battle": 2, "leader": 0, "drawn": [3, 3]}
    assert reshuffled == {"kind": "reshuffled", "move": 0, "seat": 0, "deck": 4}
    assert log(s)[-2:] == ["Battle 2: Red leads.", "Red shuffles their discard pile into a new deck."]
