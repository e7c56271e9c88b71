"""Tower Battle's events: every consequence of a move recorded as data, told in words.

600 seeded random matches (seeds 0..599, random legal moves, the options in turn) are replayed
with every event checked the moment the rules record it, against the cards as they then lie:
each card it names is a card of the match's deck and lies where the event says it went (a
tower, at its place; a discard pile; a hand; a stock), each tower it names is one of the four.
After every move, each event the move made is of a kind in ``EVENT_KINDS``, carries the move's
number, and is told (as either seat sees it) in words with the table's names, never "Player N".
Then scenarios: a position, a move, its exact events and words.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import tabletop.games.tower_battle as tb
from tabletop.engine.cards import Card, Suit
from tabletop.engine.events import Names
from tabletop.engine.rng import Rng
from tabletop.games.tower_battle.facts import FACING, OPTION_CHOICES, OWNER, TOWER_ORDER, side_cards
from tabletop.games.tower_battle.state import State
from tabletop.games.tower_battle.views import seen_event
from telling import told

from .positions import position

MATCHES = 600
# the contract's names, looked up once (the package finds each of them lazily, on every use)
KINDS, tell, apply, legal_moves, outcome = tb.EVENT_KINDS, tb.tell, tb.apply, tb.legal_moves, tb.outcome
NAMES = Names(("Ann", "Ben"), ("Red", "Black"))
DECK = {str(c) for seat in (0, 1) for c in side_cards(seat, tnt=True)}
TOWERS = {suit.value for suit in TOWER_ORDER}


def layers(s: State, letter: str) -> list[tuple[str, bool]]:
    assert letter in TOWERS, letter
    return [(str(card), up) for card, up in s.towers[Suit(letter)]]


def top(s: State, letter: str) -> str | None:
    tower = layers(s, letter)
    return tower[-1][0] if tower else None


def pile(s: State, letter: str) -> list[str]:
    """The discard pile of the tower's owner."""
    return [str(c) for c in s.discards[OWNER[Suit(letter)]]]


def check_play(s: State, e: dict[str, Any]) -> None:
    tower = layers(s, e["tower"])
    assert e["index"] == len(tower) - 1 and tower[-1] == (e["card"], e["kind"] == "play"), e


def check_struck(s: State, e: dict[str, Any]) -> None:
    assert top(s, FACING[Suit(e["struck"])].value) == e["card"], e  # the Assassin stays on its own tower
    if e["kind"] == "assassin-misses":
        assert not layers(s, e["struck"]), e
    else:
        assert pile(s, e["struck"])[-1:] == e["taken"], e


def check_knave(s: State, e: dict[str, Any]) -> None:
    taken = e["taken"]
    assert not layers(s, e["tower"]) and (not taken or pile(s, e["tower"])[-len(taken) :] == taken), e
    assert e["knave"] in pile(s, e["tower"]) and (e["kind"] == "knave-seen" or e["knave"] in taken), e


def check_battle(s: State, e: dict[str, Any]) -> None:
    """Both top cards turned up; the winner's stays on its tower, the loser's (or both, tied) on the discard piles."""
    kind, towers, cards = e["kind"], e["towers"], e.get("cards")
    if kind in ("battle-offered", "battle-declared"):
        assert all(layers(s, t) for t in towers) and towers[1] == FACING[Suit(towers[0])].value, e
    elif kind == "battle":
        assert [layers(s, t)[-1] for t in towers] == [(c, True) for c in cards], e
    elif kind == "battle-won":
        assert top(s, towers[0]) == cards[0] and pile(s, towers[1])[-1:] == e["taken"] == cards[1:], e
    else:
        assert all(pile(s, t)[-1] == c for t, c in zip(towers, cards)) and e["taken"] == cards, e


def check_hand(s: State, e: dict[str, Any]) -> None:
    hand = [str(c) for c in s.hands[e["seat"]]]
    assert (hand[-1:] == [e["card"]]) if e["kind"] == "draw" else (hand == e["cards"]), e


def check_game(s: State, e: dict[str, Any]) -> None:
    if e["kind"] == "game-begins":
        assert e["game"] == s.game_number and e["starter"] == s.starter, e
    elif e["kind"] in ("game-won", "game-unfinished", "scored"):
        assert e["game"] == s.game_number and e.get("winner") in (0, 1, None), e
    elif e["kind"] == "match-score":
        assert e["scores"] == s.scores and e["target"] == s.settings.target, e
    else:  # the end
        assert e["scores"] == s.scores and s.phase == "over" and set(e["winners"]) <= {0, 1}, e


CHECKS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    "play": check_play,
    "play-face-down": check_play,
    "discard": lambda s, e: check_pile(s, e["seat"], [e["card"]], e),
    "draw": check_hand,
    "dealt": check_hand,
    "restock": lambda s, e: check_count(len(s.stocks[e["seat"]]) == e["count"] and not s.discards[e["seat"]], e),
    "no-draw": lambda s, e: check_count(not s.stocks[e["seat"]] and not s.discards[e["seat"]], e),
    "scoring-card": lambda s, e: check_count(str(s.scoring_cards[e["seat"]]) == e["card"], e),
    "assassin-misses": check_struck,
    "assassin-strikes": check_struck,
    "knave-seen": check_knave,
    "knave-exposed": check_knave,
    "diplomat": lambda s, e: check_count(top(s, e["towers"][0]) == e["card"] and e["towers"][1] == FACING[Suit(e["towers"][0])].value, e),
    "battle-offered": check_battle,
    "battle-declined": lambda s, e: check_count(
        e["passed_to"] is None or (s.phase == "battle" and s.asked == e["passed_to"] != e["seat"]), e
    ),
    "battle-declared": check_battle,
    "battle": check_battle,
    "battle-won": check_battle,
    "battle-tied": check_battle,
    "tnt-found": lambda s, e: check_count(e["card"] in [c for c, _ in layers(s, e["tower"])] and e["card"].startswith("10"), e),
    "game-begins": check_game,
    "game-won": check_game,
    "game-unfinished": check_game,
    "scored": check_game,
    "match-score": check_game,
    "end": check_game,
}


def check_pile(s: State, seat: int, cards: list[str], e: dict[str, Any]) -> None:
    assert [str(c) for c in s.discards[seat][-len(cards) :]] == cards, e


def check_count(holds: bool, e: dict[str, Any]) -> None:
    assert holds, e


def named_cards(e: dict[str, Any]) -> list[str]:
    found = [e[key] for key in ("card", "knave") if key in e]
    found += [c for key in ("cards", "taken") for c in e.get(key) or () if c is not None]
    return found + [c for c in ((e.get("forfeit") or {}).get("card"), (e.get("forfeit") or {}).get("other")) if c]


def checked_record(original: Callable[..., None]) -> Callable[..., None]:
    """``State.record``, checking each event against the cards as they lie when it is recorded."""

    def record(s: State, kind: str, seat: int | None, **facts: Any) -> None:
        original(s, kind, seat, **facts)
        e = s.event_list()[-1]
        assert set(named_cards(e)) <= DECK and seat in (0, 1, None), e
        CHECKS[kind](s, e)

    return record


def check_move(before: State, after: State, number: int) -> None:
    """The events the move numbered ``number`` made: known kinds, its number, words with names."""
    old, made = len(before.event_list()), after.event_list()
    assert len(made) > old and made[:old] == before.event_list(), number
    said = False
    for e in made[old:]:
        assert e["kind"] in KINDS and e["move"] == number and json.loads(json.dumps(e)) == e, e
        for seat in (0, 1):  # as each seat sees it: a card the other alone knows is not named
            words = tell(seen_event(e, seat), NAMES, {})
            assert "Player " not in words and "None" not in words, (e, words)
            said = said or bool(words)
    assert said, f"move {number} says nothing"  # a draw is not said, but every move says something


def options(seed: int) -> dict[str, Any]:
    target = OPTION_CHOICES["target"][seed % 4]  # 1, 2, 3, 5: short matches and long
    return {"tnt": seed % 2 == 1, "scoring": OPTION_CHOICES["scoring"][seed // 2 % 2], "target": target, "first": "random"}


def test_six_hundred_random_matches_record_only_what_is_on_the_table(monkeypatch):
    monkeypatch.setattr(State, "record", checked_record(State.record))
    moves = 0
    for seed in range(MATCHES):
        state = tb.new_game(2, options(seed), seed)
        assert state.event_list()[0] == {"kind": "game-begins", "move": 0, "seat": None, "game": 1, "starter": state.starter}
        rng = Rng(seed ^ 0x5EED)
        while outcome(state) is None:
            legal = legal_moves(state)
            after = apply(state, legal[rng.below(len(legal))])
            check_move(state, after, state.moves)
            state, moves = after, moves + 1
        end = state.event_list()[-1]
        assert end["kind"] == "end" and end["winners"] == list(tb.outcome(state).winners)
        assert end["scores"] == [int(x) for x in tb.outcome(state).scores]
    assert moves > 40_000


# ---------------------------------------------------------------- scenarios: a move, its events, its words


def made(before: State, after: State) -> list[dict[str, Any]]:
    return after.event_list()[len(before.event_list()) :]


def test_an_assassin_names_the_card_it_took_and_the_tower_it_took_it_from():
    s = position(hands=("AH 2D 3D", "7S 4S 6S"), towers={"C": "2C 6C?"}, stock_tops=("5D", ""))
    after = tb.apply(s, tb.PlayCard(Card.parse("AH"), True))
    assert made(s, after) == [
        {"kind": "play", "move": 0, "seat": 0, "tower": "H", "index": 0, "card": "AH"},
        {"kind": "assassin-strikes", "move": 0, "seat": 0, "card": "AH", "struck": "C", "taken": ["6C"], "face_up": False},
        {"kind": "draw", "move": 0, "seat": 0, "card": "5D"},
    ]
    assert told(tb, after, people=["Ann", "Ben"])[-2:] == [
        "Ann (Red) plays the Assassin A♥ face up on the hearts tower.",
        "The Assassin A♥ strikes Ben's clubs tower: 6♣ (it was face down) goes to the discard pile.",
    ]
    assert tb.view(after, 1)["events"][-1] == {"kind": "draw", "move": 0, "seat": 0}  # Ben does not see Ann's draw


def test_a_knave_taken_by_an_assassin_takes_the_rest_of_its_tower():
    s = position(hands=("AH 2D 3D", "7S 4S 6S"), towers={"C": "2C 4C? JC?"})
    after = tb.apply(s, tb.PlayCard(Card.parse("AH"), True))
    assert made(s, after)[2] == {"kind": "knave-seen", "move": 0, "seat": None, "tower": "C", "knave": "JC", "taken": ["2C", "4C"]}
    assert "The Knave J♣ was seen: the rest of Ben's clubs tower goes too (2♣, 4♣)." in told(tb, after, people=["Ann", "Ben"])


def test_a_face_down_play_names_its_card_to_its_owner_alone():
    s = position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "6C"})
    after = tb.apply(s, tb.PlayCard(Card.parse("5H"), False))
    play, offer = made(s, after)
    assert play == {"kind": "play-face-down", "move": 0, "seat": 0, "tower": "H", "index": 0, "card": "5H"}
    assert offer == {"kind": "battle-offered", "move": 0, "seat": None, "towers": ["H", "C"]}
    assert tb.view(after, 0)["events"][-2] == play and "card" not in tb.view(after, 1)["events"][-2]
    assert told(tb, after, seat=1, people=["Ann", "Ben"])[-2:] == [
        "Ann (Red) plays a card face down on the hearts tower.",
        "A battle may be declared between Ann's hearts tower and Ben's clubs tower.",
    ]


def test_a_battle_turns_both_cards_up_and_sends_the_lower_to_its_discard_pile():
    s = tb.apply(
        position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "2C 3C?"}, stock_tops=("4D", "")), tb.PlayCard(Card.parse("5H"), False)
    )
    after = tb.apply(s, tb.DeclareBattle())
    assert made(s, after)[:3] == [
        {"kind": "battle-declared", "move": 1, "seat": 0, "towers": ["H", "C"]},
        {
            "kind": "battle",
            "move": 1,
            "seat": 0,
            "towers": ["H", "C"],
            "cards": ["5H", "3C"],
            "values": [5, 3],
            "result": "higher",
            "knaves": [],
            "tnt": [],
        },
        {"kind": "battle-won", "move": 1, "seat": None, "towers": ["H", "C"], "cards": ["5H", "3C"], "values": [5, 3], "taken": ["3C"]},
    ]
    assert told(tb, after, people=["Ann", "Ben"])[-3:] == [
        "Ann (Red) declares a battle: Ann's hearts tower against Ben's clubs tower.",
        "The cards are turned up: 5♥ against 3♣.",
        "5♥ (5) beats 3♣ (3): 3♣ is discarded and 5♥ stays face up.",
    ]


def test_a_declined_offer_passes_to_the_other_player_then_lapses():
    s = tb.apply(position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "6C"}), tb.PlayCard(Card.parse("5H"), False))
    once = tb.apply(s, tb.DeclineBattle())
    twice = tb.apply(once, tb.DeclineBattle())
    assert made(s, once) == [{"kind": "battle-declined", "move": 1, "seat": 0, "passed_to": 1}]
    assert made(once, twice)[0] == {"kind": "battle-declined", "move": 2, "seat": 1, "passed_to": None}
    assert told(tb, twice, people=["Ann", "Ben"])[-2:] == [
        "Ann (Red) does not declare a battle; Ben (Black) may.",
        "Ben (Black) does not declare a battle either.",
    ]


@pytest.mark.parametrize("scoring", ["simple", "advanced"])
def test_a_won_game_is_scored_and_the_next_one_begins(scoring):
    advanced = scoring == "advanced"
    s = position(
        hands=("6H 2D 3D", "7S 4S 6S"),
        towers={"H": "2H 3H 4H 5H"},
        advanced=advanced,
        target=10,
        scoring=("5D", "3C") if advanced else (None, None),
    )
    after = tb.apply(s, tb.PlayCard(Card.parse("6H"), True))
    kinds = [e["kind"] for e in made(s, after)]
    assert kinds[:5] == ["play", "draw", "game-won", "scored", "match-score"] and kinds[5] == "game-begins"
    won = made(s, after)[2]
    assert won == {"kind": "game-won", "move": 0, "seat": None, "game": 1, "winner": 0, "how": "five-high", "tower": "H", "loser": None}
    score = "Ann's scoring card is 5♦: Ann (Red) scores 5." if advanced else "Ann (Red) scores 1 point."
    told_now = told(tb, after, people=["Ann", "Ben"])
    assert told_now[-4:-1] == [
        "Ann (Red) wins game 1 with five cards on the hearts tower at the end of the turn.",
        score,
        f"Match score: Ann (Red) {5 if advanced else 1}, Ben (Black) 0 (playing to 10).",
    ]
    assert told_now[-1] == "Game 2 begins; Ben (Black) starts." and tb.finished_games(tb.view(after, None)) == 1


def test_the_match_end_is_told_without_its_winner():
    s = position(hands=("6H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 4H 5H"}, target=1)
    after = tb.apply(s, tb.PlayCard(Card.parse("6H"), True))
    end = after.event_list()[-1]
    assert end["kind"] == "end" and end["winners"] == [0] and end["how"] == "target" and end["scores"] == [1, 0]
    assert told(tb, after, people=["Ann", "Ben"])[-1] == "Game 1 decided the match: five cards on the hearts tower at the end of the turn."
    assert tb.outcome(after).why == "Game 1 decided the match: five cards on the hearts tower at the end of the turn."
