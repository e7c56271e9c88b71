"""The Towers of Wyoming table renderer under plain CPython: random games, every seat,
every step of a choice; only legal moves are offered, real names replace "Player N"."""

import json
import random

import pytest

import tabletop.games.towers_of_wyoming as tw
from tabletop.engine.cards import Suit
from tabletop.engine.events import Names, event
from tabletop.ui.render import TableContext
from tabletop.ui.render.towers_of_wyoming import render
from tabletop.ui.render.towers_of_wyoming.words import Teller
from tabletop.ui.web.dom import El, find_all, text_of

NAMES = ["Ana", "Ben", "Cleo", "Dev"]


def context(state, viewer, ui=None, played=None):
    legal = tw.legal_moves(state) if viewer is not None and tw.to_act(state) == viewer else []
    return TableContext(
        module=tw,
        view=tw.view(state, viewer),
        legal=legal,
        names=NAMES[: state.players],
        viewer=viewer,
        play=(played.append if played is not None else lambda m: None),
        refresh=lambda: None,
        ui=ui if ui is not None else {},
    )


def attr_all(tree, name):
    return [el for el in find_all(tree, lambda e: name in e.attrs)]


def click(el: El):
    el.events["click"](None)


def random_states(players, seed, options=None, limit=160):
    rng = random.Random(seed)
    s = tw.new_game(players, options or {}, seed)
    yield s
    for _ in range(limit):
        if tw.outcome(s) is not None:
            return
        s = tw.apply(s, rng.choice(tw.legal_moves(s)))
        yield s


@pytest.mark.parametrize(
    "players,options",
    [
        (2, {}),
        (3, {"tidal_influences": True}),
        (4, {"contractual_deadlines": True}),
        (3, {"three_player_two_foundations": True, "wheel_of_opposition": True}),
    ],
)
def test_every_position_renders_and_offers_only_legal_moves(players, options):
    for s in random_states(players, 7 + players, options):
        for viewer in (None, *range(players)):
            tree = render(context(s, viewer))
            text = text_of(tree)
            assert "Player " not in text
            for el in attr_all(tree, "data-move"):
                assert tw.move_from_json(json.loads(el.attrs["data-move"])) in tw.legal_moves(s)
            if viewer is not None and tw.to_act(s) == viewer:
                assert attr_all(tree, "data-step"), "a decision with nothing to tap"


def test_step_by_step_every_decision_reaches_a_move():
    """Like the e2e helper: click the first data-step, then a data-move appears."""
    for s in random_states(3, 21, {}, limit=200):
        seat = tw.to_act(s)
        if seat is None:
            break
        ui, played = {}, []
        tree = render(context(s, seat, ui, played))
        assert not attr_all(tree, "data-move")
        click(attr_all(tree, "data-step")[0])
        tree = render(context(s, seat, ui, played))
        moves = attr_all(tree, "data-move")
        assert moves
        click(moves[0])
        assert played and played[0] in tw.legal_moves(s)


def test_card_target_confirm_flow_names_people():
    s = tw.new_game(3, {}, 5)
    # Ana starts a tower, then Ben looks at what he could do to it.
    s = tw.apply(s, next(m for m in tw.legal_moves(s) if m.count == 1))
    ui = {}
    tree = render(context(s, 1, ui))
    cards = [el for el in attr_all(tree, "data-step") if el.attrs["data-step"] == "cards"]
    click(cards[0])
    tree = render(context(s, 1, ui))
    targets = [el for el in attr_all(tree, "data-step") if el.attrs["data-step"] == "target"]
    assert targets
    click(targets[0])
    tree = render(context(s, 1, ui))
    confirm = find_all(tree, lambda e: e.attrs.get("id") == "tow-confirm")
    assert len(confirm) == 1
    preview = text_of(find_all(tree, lambda e: e.attrs.get("id") == "tow-preview")[0])
    assert ("Construct" in preview or "Deconstruct" in preview) and "Player" not in preview


def forced_discards():
    """States of seeded 4-player games where the player to act has no play but a discard."""
    for seed in range(3, 40):
        for s in random_states(4, seed, {}, limit=600):
            seat = tw.to_act(s)
            if seat is not None and tw.view(s, seat)["must_discard"]:
                yield s


def test_forced_discard_is_a_card_then_confirm():
    for s in forced_discards():
        seat = tw.to_act(s)
        ui, played = {}, []
        tree = render(context(s, seat, ui, played))
        assert "No play is possible" in text_of(tree)
        steps = attr_all(tree, "data-step")
        assert steps and all(el.attrs["data-step"] == "discard" for el in steps)
        click(steps[-1])
        tree = render(context(s, seat, ui, played))
        click(find_all(tree, lambda e: e.attrs.get("id") == "tow-confirm")[0])
        assert played[0].kind == "discard"
        return
    raise AssertionError("no forced discard in 37 seeded games")


def test_the_news_tells_the_games_events_to_the_person_at_the_screen():
    """The news says what happened with the game's words, the viewer as "You"/"your"; the others'
    draws are not news (their hand sizes show them), the viewer's own draw is."""
    t = Teller(["Ana", "Ben"], 0, 2)
    view = {"foundations_each": 2}
    played = event(
        "deconstruct", 4, 1, owner=0, foundation=1, suit="H", count=3, cards=["AH", "AH#1", "2H"], taken=["AS", "AS#1"],
        spent=["AH", "AH#1"], before={"suit": "S", "size": 2}, after={"suit": "H", "size": 1},
    )  # fmt: skip
    assert t.event(played, view) == "Ben played 3 hearts against your 2-card spade tower on foundation 2: it turns into a tower of 1 heart."
    assert tw.tell(played, Names(("Ana", "Ben")), view) == (
        "Ben played 3 hearts against Ana's 2-card spade tower on foundation 2: it turns into a tower of 1 heart."
    )
    assert t.event(event("draw", 4, 1, count=2), view) is None
    assert t.event(event("draw", 4, 0, count=2, cards=["3C", "4C"]), view) == "You drew 2 cards (marked new in your hand)."
    assert t.event(event("skip", 4, 0), view) == "You had no cards and were skipped."
    lines = t.recycle(
        event(
            "recycle", 4, 1, sky_before=8, sky_after=7, tidal=True, tosses=[[4, 4], [3, 5]], eliminated=[{"seat": 1, "cards": 3}],
            shuffled=30,
        ),
        tidal=True,
    )  # fmt: skip
    assert "4 heads, 4 tails (a tie: toss again); then 3 heads, 5 tails" in lines[1] and "from 8 to 7" in lines[1]
    assert lines[2].startswith("Contractual Deadlines: Ben has no tower")


def test_the_sky_says_an_empty_foundation_wins_at_an_empty_finicky_sky():
    from tabletop.ui.render.towers_of_wyoming.board import sky

    state = tw.new_game(2, {"finicky_clients": True}, seed=3)
    state.sky = 0
    shown = text_of(sky(tw.view(state, 0)))
    assert "An empty foundation wins" in shown
    label = find_all(sky(tw.view(state, 0)), lambda e: "tow-sky" in e.attrs.get("class", "").split())[0].attrs["aria-label"]
    assert "empty foundation" in label and "wins" in label
    state.sky = 4
    assert "Exactly 4 cards win" in text_of(sky(tw.view(state, 0)))


def test_a_tower_tells_the_page_how_many_cards_it_has_so_a_small_screen_can_squeeze_it():
    """Each stack carries --cards (a small frame or phone shares a fixed height among the lower cards)
    and is marked tall past 5 cards (its lower cards' strips get too thin to print a rank on)."""
    seen = set()
    for s in random_states(2, 11, limit=400):
        stacks = find_all(render(context(s, 0)), lambda e: "tow-stack" in e.attrs.get("class", "").split())
        for stack in stacks:
            n = len([c for c in stack.children if isinstance(c, El) and "tow-fan-card" in c.attrs.get("class", "")])
            assert f"--cards:{n}" in stack.attrs["style"]
            assert ("tow-tall" in stack.attrs["class"].split()) == (n > 5)
            seen.add(n > 5)
    assert seen == {True, False}


def test_a_change_tag_keeps_who_made_it_apart_from_what_changed():
    from tabletop.ui.render.towers_of_wyoming.board import tag_chip

    tag = tag_chip("Ana: Ben: −2♠")  # a name may hold ": " itself
    who = find_all(tag, lambda e: "tow-tag-who" in e.attrs.get("class", ""))
    assert [text_of(w) for w in who] == ["Ana: Ben: "] and text_of(tag) == "Ana: Ben: −2♠"
    assert not find_all(tag_chip("+1♥"), lambda e: "tow-tag-who" in e.attrs.get("class", ""))


def test_a_suit_held_back_by_a_lesson_step_is_not_said_to_have_no_place():
    """A lesson offers only its step's plays: a greyed suit that the rules would let you play is
    "not part of this step", and only a suit without any play "has no place this turn"."""
    for s in random_states(2, 5, {}, limit=200):
        seat = tw.to_act(s)
        if seat is None:
            break
        plays = [m for m in tw.legal_moves(s) if m.kind == "play"]
        suits = sorted({m.suit.value for m in plays})
        if len(suits) < 2:
            continue
        kept = [m for m in plays if m.suit.value == suits[0]]
        ctx = context(s, seat)
        ctx.legal = kept
        lines = [text_of(el) for el in find_all(render(ctx), lambda e: "tow-hint" in e.attrs.get("class", ""))]
        held_back = [line for line in lines if line.endswith("not part of this step.")]
        assert len(held_back) == 1 and all(Suit(x).noun in held_back[0] for x in suits[1:]), lines
        assert not any(Suit(x).noun in line for x in suits[1:] for line in lines if "no place" in line), lines
        return
    raise AssertionError("no position with plays in two suits")
