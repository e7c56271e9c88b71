"""Whole numbers from outside are read one way (engine/numbers.py): plain ASCII digits within
bounds, the length checked before ``int`` runs; an embed's address goes through it."""

import pytest

from tabletop.engine.cards import Card
from tabletop.engine.numbers import parse_count, quoted
from tabletop.games import GAMES
from tabletop.ui.embed.setup import apply_query
from tabletop.ui.table.session import typed_seed

NOT_COUNTS = ["²", "５", "٣", "+3", "-1", " 3", "3 ", "3.0", "1_0", "0x3", "", "9" * 5000, "三"]


@pytest.mark.parametrize("text", NOT_COUNTS)
def test_anything_but_plain_digits_is_no_count(text):
    assert parse_count(text, 0, 10**6) is None


@pytest.mark.parametrize(
    "text,low,high,expected",
    [
        ("3", 1, 4, 3),
        ("03", 1, 4, None),
        ("03", 1, 10, 3),
        ("1", 1, 4, 1),
        ("4", 1, 4, 4),
        ("0", 1, 4, None),
        ("5", 1, 4, None),
        ("10", 1, 9, None),
        ("100", 1, 100, 100),
        (str(2**64 - 1), 0, 2**64 - 1, 2**64 - 1),
        (str(2**64), 0, 2**64 - 1, None),
    ],
)
def test_counts_within_bounds(text, low, high, expected):
    assert parse_count(text, low, high) == expected


def test_not_text_is_no_count():
    assert [parse_count(v, 0, 9) for v in (3, None, 3.0, ["3"], b"3")] == [None] * 5


def test_a_long_value_is_quoted_short():
    assert quoted("9" * 5000) == "9" * 23 + "…" and quoted("hard") == "hard"


def form_for(module):
    seats = [{"name": f"P{i + 1}", "kind": "human", "level": "normal"} for i in range(module.MAX_PLAYERS)]
    return {"players": module.MIN_PLAYERS, "seats": seats, "options": module.default_options(), "seed": ""}


@pytest.mark.parametrize(
    "game,key", [("towers-of-wyoming", "players"), ("tower-battle", "seat"), ("tower-battle", "target"), ("towers-of-wyoming", "seat")]
)
@pytest.mark.parametrize("text", ["²", "５", "+2", "-1", " 2", "9" * 5000])
def test_an_embed_names_a_number_it_does_not_understand_and_keeps_the_default(game, key, text):
    module = GAMES[game]
    setup = apply_query({"vs": "computer", key: text}, module, form_for(module))
    assert setup.form["players"] == module.MIN_PLAYERS and setup.form["options"] == module.default_options()
    assert [s["kind"] for s in setup.form["seats"][:2]] == ["human", "computer"]  # the reader keeps seat 1
    named = [p for p in setup.problems if p.startswith(f"{key} “")]
    assert len(named) == 1 and len(named[0]) < 80 and "\n" not in named[0], setup.problems


def test_the_embeds_good_numbers_still_read():
    module = GAMES["towers-of-wyoming"]
    setup = apply_query({"players": "3", "seat": "2", "vs": "computer"}, module, form_for(module))
    assert setup.problems == [] and setup.form["players"] == 3
    assert [s["kind"] for s in setup.form["seats"][:3]] == ["computer", "human", "computer"]


@pytest.mark.parametrize("text", ["²", "５", "+3", "-1", "9" * 5000])
def test_a_typed_seed_is_plain_digits(text):
    with pytest.raises(ValueError):
        typed_seed(text)
    assert typed_seed(" 42 ") == 42 and typed_seed(str(2**64 - 1)) == 2**64 - 1


@pytest.mark.parametrize("code", ["²H", "５H", "+3H", "3H#²", "3H#0", "JOKER²", "JOKER" + "9" * 5000, "9" * 5000 + "H", "1H", "11H"])
def test_a_card_code_with_odd_digits_is_no_card(code):
    with pytest.raises(ValueError):
        Card.parse(code)
    assert str(Card.parse("10H#1")) == "10H#1" and str(Card.parse("JOKER2")) == "JOKER2"


def test_docstring_examples():
    import doctest

    from tabletop.engine import numbers

    failed, tried = doctest.testmod(numbers)
    assert tried > 0 and failed == 0
