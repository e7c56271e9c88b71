"""Towers of Wyoming's events: every consequence of a move recorded as data, told in words.

600 seeded random games (seeds 0..599, random legal moves, 2, 3 and 4 builders, the options in
turn) are replayed with every event checked the moment the rules record it, against the cards
as they then lie: each card it names is a card of the deck, and lies where the event says it
went; each tower it names exists. After every move, each event the move made is of a kind in
``EVENT_KINDS``, carries the move's number, and is told (as any seat sees it) in words with the
table's names, never "Player N". Then scenarios: a position, a move, its exact events and words.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import tabletop.games.towers_of_wyoming as tw
from tabletop.engine.cards import Card
from tabletop.engine.events import Names
from tabletop.engine.rng import Rng
from tabletop.games.towers_of_wyoming import rules
from tabletop.games.towers_of_wyoming.facts import CODES, OPTION_DEFAULTS
from tabletop.games.towers_of_wyoming.state import State
from tabletop.games.towers_of_wyoming.views import seen_event
from telling import told

from .wyoming_helpers import H, S, play, position

GAMES = 600
# the contract's names, looked up once (the package finds each of them lazily, on every use)
KINDS, tell, apply, legal_moves, outcome = tw.EVENT_KINDS, tw.tell, tw.apply, tw.legal_moves, tw.outcome
PEOPLE = ("Ann", "Ben", "Cy", "Dee")
DECK = set(CODES)
SWITCHES = sorted(k for k in OPTION_DEFAULTS if k != "three_player_two_foundations")


def codes(cards: list[int]) -> list[str]:
    return [CODES[c] for c in cards]


def tower_of(s: State, e: dict[str, Any]) -> list[str]:
    assert 0 <= e["owner"] < s.players and 0 <= e["foundation"] < s.foundations, e
    return codes(s.towers[e["owner"]][e["foundation"]])


def check_construct(s: State, e: dict[str, Any]) -> None:
    tower = tower_of(s, e)
    assert tower[len(tower) - e["count"] :] == e["cards"] and len(tower) == e["size"], e  # the played cards are the top of it
    assert {Card.parse(c).suit.value for c in tower} == {e["suit"]}, e


def check_deconstruct(s: State, e: dict[str, Any]) -> None:
    tower, spent, taken = tower_of(s, e), e["spent"], e["taken"]
    assert e["cards"][: len(spent)] == spent and len(taken) == len(spent) == min(e["count"], e["before"]["size"]), e
    assert codes(s.discard[len(s.discard) - len(taken) - len(spent) :]) == taken + spent, e  # both went to the discard pile
    kept = e["cards"][len(spent) :]  # the played cards left over are the tower now
    assert len(tower) == e["after"]["size"] and (not kept or tower == kept), e


def check_draw(s: State, e: dict[str, Any]) -> None:
    assert len(e["cards"]) == e["count"] > 0 and set(e["cards"]) <= set(codes(s.hands[e["seat"]])), e


def check_recycle(s: State, e: dict[str, Any]) -> None:
    assert e["shuffled"] == len(s.draw) and not s.discard and e["sky_after"] == s.sky, e
    assert all(not s.in_game[out["seat"]] and not s.hands[out["seat"]] for out in e["eliminated"]), e


def check_deal(s: State, e: dict[str, Any]) -> None:
    assert (e["players"], e["foundations"], e["sky"], e["first"]) == (s.players, s.foundations, s.sky_start, 0), e


def check_discard(s: State, e: dict[str, Any]) -> None:
    assert codes(s.discard[-1:]) == [e["card"]], e


def check_skip(s: State, e: dict[str, Any]) -> None:
    assert s.in_game[e["seat"]] and not s.hands[e["seat"]], e


def check_end(s: State, e: dict[str, Any]) -> None:
    assert all(s.in_game[w] for w in e["winners"]) and e["how"] in ("tower", "cards-out", "move-limit", "last-standing"), e


CHECKS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    "deal": check_deal,
    "construct": check_construct,
    "deconstruct": check_deconstruct,
    "discard": check_discard,
    "draw": check_draw,
    "skip": check_skip,
    "recycle": check_recycle,
    "end": check_end,
}


def checked_record(original: Callable[..., None]) -> Callable[..., None]:
    """``rules.record``, checking each event against the cards as they lie when it is recorded."""

    def record(s: State, kind: str, seat: int | None, **facts: Any) -> None:
        original(s, kind, seat, **facts)
        e = s.events[-1]
        named = [c for key in ("cards", "taken", "spent") for c in e.get(key, ())] + ([e["card"]] if "card" in e else [])
        assert set(named) <= DECK, e
        assert seat is None or 0 <= seat < s.players, e
        CHECKS[kind](s, e)

    return record


def check_move(before: State, after: State, number: int) -> None:
    """The events the move numbered ``number`` made: known kinds, its number, words with names."""
    made = after.events[len(before.events) :]
    assert made and after.events[: len(before.events)] == before.events, number
    names = Names(PEOPLE[: after.players])
    view = {"foundations_each": after.foundations}
    for e in made:
        assert e["kind"] in KINDS and e["move"] == number and json.loads(json.dumps(e)) == e, e
        for seat in {e["seat"], None}:  # as the seat that made it sees it, and as anyone else does
            words = tell(seen_event(e, seat), names, view)
            assert words and "Player " not in words and "None" not in words, (e, words)


def options(seed: int) -> dict[str, bool]:
    return {key: bool(seed >> i & 1) for i, key in enumerate(SWITCHES)} | {"three_player_two_foundations": seed % 7 == 3}


def test_six_hundred_random_games_record_only_what_is_on_the_table(monkeypatch):
    monkeypatch.setattr(rules, "record", checked_record(rules.record))
    moves = 0
    for seed in range(GAMES):
        state = tw.new_game(2 + seed % 3, options(seed), seed)
        assert [(e["kind"], e["move"], e["seat"]) for e in state.events] == [("deal", 0, None)]
        check_deal(state, state.events[0])
        rng = Rng(seed ^ 0x5EED)
        while outcome(state) is None:
            legal = legal_moves(state)
            after = apply(state, legal[rng.below(len(legal))])
            check_move(state, after, state.moves)
            state, moves = after, moves + 1
        assert state.events[-1]["kind"] == "end" and list(tw.outcome(state).winners) == state.events[-1]["winners"]
    assert moves > 30_000


# ---------------------------------------------------------------- scenarios: a move, its events, its words


def test_a_deconstruction_names_the_cards_taken_from_the_tower_and_the_cards_that_stay():
    s = position(2, hands={0: "SSSSS", 1: "CCCCCCC"}, towers={(1, 0): "HH"})
    tower, spades = codes(s.towers[1][0]), codes(sorted(s.hands[0]))
    after = tw.apply(s, play(S, 5, 1, 0))
    (e,) = after.events[len(s.events) :]
    assert e == {
        "kind": "deconstruct",
        "move": 0,
        "seat": 0,
        "owner": 1,
        "foundation": 0,
        "suit": "S",
        "count": 5,
        "cards": spades,
        "taken": tower,
        "spent": spades[:2],
        "before": {"suit": "H", "size": 2},
        "after": {"suit": "S", "size": 3},
    }
    assert codes(after.towers[1][0]) == spades[2:] and codes(after.discard[-4:]) == tower + spades[:2]
    assert (
        told(tw, after, people=["Ann", "Ben"])[-1]
        == "Ann played 5 spades against Ben's 2-card heart tower on foundation 1: it turns into a tower of 3 spades."
    )


def test_a_draw_names_its_cards_to_the_drawer_alone():
    s = position(3, hands={0: "H", 1: "CCC", 2: "DDDDDDD"})
    after = tw.apply(s, play(H, 1, 0, 0))
    construct, draw = after.events[len(s.events) :]
    assert construct == {
        "kind": "construct",
        "move": 0,
        "seat": 0,
        "owner": 0,
        "foundation": 0,
        "suit": "H",
        "count": 1,
        "size": 1,
        "cards": codes(after.towers[0][0]),
    }
    assert draw["kind"] == "draw" and draw["seat"] == 1 and draw["count"] == 4 and draw["cards"] == codes(after.fresh)
    assert tw.view(after, 1)["events"][-1] == draw
    for seat in (None, 0, 2):
        assert tw.view(after, seat)["events"][-1] == {"kind": "draw", "move": 0, "seat": 1, "count": 4}
    assert told(tw, after, people=["Ann", "Ben", "Cy"])[-2:] == [
        "Ann started a heart tower on their foundation with 1 heart.",
        "Ben drew 4 cards.",
    ]


def test_a_recycle_says_the_sky_before_and_after_and_who_lost_the_contract():
    s = position(3, {"contractual_deadlines": True}, hands={0: "H", 1: "CCCC", 2: "DDD"}, towers={(1, 0): "C"}, draw="", rest="discard")
    discards = len(s.discard)
    after = tw.apply(s, play(H, 1, 0, 0))
    recycle = next(e for e in after.events if e["kind"] == "recycle")
    assert recycle == {
        "kind": "recycle",
        "move": 0,
        "seat": 1,
        "sky_before": 10,
        "sky_after": 9,
        "tidal": False,
        "tosses": [],
        "eliminated": [{"seat": 2, "cards": 3}],
        "shuffled": discards + 3,
    }
    assert (
        f"The draw pile ran out as Ben drew: the Sky goes from 10 to 9 pennies; Cy had no tower and lost the building contract; {discards + 3} discards are shuffled into a new draw pile."
        in told(tw, after, people=["Ann", "Ben", "Cy"])
    )


@pytest.mark.parametrize(
    ("towers", "sky", "why"),
    [
        ({(0, 0): "HHHHHHHH"}, 10, "A tower of 11 cards is taller than the Sky of 10 pennies."),
        ({(0, 0): "H"}, 0, "A tower of 4 cards is taller than the Sky of 0 pennies."),
    ],
)
def test_the_end_is_told_without_its_winner_and_the_table_says_who(towers, sky, why):
    s = position(2, hands={0: "HHH", 1: "CCCCCCC"}, towers=towers, sky=sky)
    after = tw.apply(s, play(H, 3, 0, 0))
    end = after.events[-1]
    assert end["kind"] == "end" and end["seat"] is None and end["winners"] == [0] and end["how"] == "tower"
    assert told(tw, after, people=["Ann", "Ben"])[-1] == why and tw.outcome(after).why == why
    assert tw.outcome(after).reason.startswith("Player 1 wins: a tower of")  # the engine's own words keep its names


def test_a_skip_and_a_forced_discard_are_told_in_the_past():
    s = position(3, {"sudden_death": True}, hands={0: "HH", 2: "SS"}, draw="", rest="discard")
    after = tw.apply(s, play(H, 1, 0, 0))
    assert after.events[-1] == {"kind": "skip", "move": 0, "seat": 1}
    assert told(tw, after, people=["Ann", "Ben", "Cy"])[-1] == "Ben had no cards and was skipped."
    d = position(4, hands={0: "CC"}, towers={(0, 0): "H", (1, 0): "S", (2, 0): "HH", (3, 0): "SS"})
    move = tw.legal_moves(d)[0]
    after = tw.apply(d, move)
    assert after.events[len(d.events)] == {"kind": "discard", "move": 0, "seat": 0, "card": str(move.card)}
    assert told(tw, after, people=["Ann", "Ben", "Cy", "Dee"])[len(d.events)] == f"Ann had no play and discarded the {move.card.name}."
