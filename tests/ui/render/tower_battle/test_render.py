"""The Tower Battle table renderer under CPython: every control it offers is legal, every
decision can be reached by taps, and nothing private of the other seat is ever drawn."""

from __future__ import annotations

import json

import pytest

import tabletop.games.tower_battle as tb
from tabletop.engine.events import Names, event
from tabletop.engine.rng import Rng
from tabletop.ui.render import TableContext, renderer_for
from tabletop.ui.render.tower_battle import recent
from tabletop.ui.web.dom import El, find_all, text_of

render = renderer_for("tower-battle").render
NAMES = ["Ana", "Ben"]


def context(state, viewer, ui=None, played=None):
    legal = tb.legal_moves(state) if viewer is not None and tb.to_act(state) == viewer else []
    ctx = TableContext(
        module=tb,
        view=tb.view(state, viewer),
        legal=legal,
        names=NAMES,
        viewer=viewer,
        play=(played.append if played is not None else lambda m: None),
        refresh=lambda: None,
        ui=ui if ui is not None else {},
    )
    return ctx


def clicks(tree: El) -> list[El]:
    return find_all(tree, lambda e: "click" in e.events)


def with_attr(tree: El, name: str) -> list[El]:
    return find_all(tree, lambda e: name in e.attrs)


def all_attr_values(tree: El) -> list[str]:
    return [str(v) for e in find_all(tree, lambda e: True) for v in e.attrs.values()]


def reachable_moves(state, seat) -> set[str]:
    """Every move the taps of the page can reach: data-move controls, after any data-step sequence."""
    found: set[str] = set()
    frontier = [{}]
    seen = []
    while frontier:
        ui = frontier.pop()
        if ui in seen:
            continue
        seen.append(ui)
        ctx = context(state, seat, ui=dict(ui))
        tree = render(ctx)
        for el in with_attr(tree, "data-move"):
            assert "click" in el.events
            found.add(el.attrs["data-move"])
        for el in with_attr(tree, "data-step"):
            ctx.ui = dict(ui)
            el.events["click"](None)
            frontier.append({k: v for k, v in ctx.ui.items() if k != "tb_revealed"})
    return found


def random_states(options, seed, n):
    s = tb.new_game(2, options, seed)
    rng = Rng(seed)
    out = [s]
    while tb.outcome(s) is None and len(out) < n:
        s = tb.apply(s, rng.choice(tb.legal_moves(s)))
        out.append(s)
    return out


@pytest.mark.parametrize("options,seed", [({}, 1), ({"scoring": "advanced", "tnt": True, "target": 5}, 2), ({"tnt": True}, 3)])
def test_every_legal_move_is_reachable_and_every_control_is_legal(options, seed):
    for state in random_states(options, seed, 120)[::3]:
        seat = tb.to_act(state)
        if seat is None:
            continue
        legal = {json.dumps(tb.move_to_json(m)) for m in tb.legal_moves(state)}
        assert reachable_moves(state, seat) == legal


@pytest.mark.parametrize("options,seed", [({"scoring": "advanced", "tnt": True, "target": 4}, 5), ({}, 6)])
def test_nothing_private_of_the_other_seat_is_drawn(options, seed):
    for state in random_states(options, seed, 400)[::5]:
        for viewer in (0, 1, None):
            tree = render(context(state, viewer))
            blob = text_of(tree) + " ".join(all_attr_values(tree))
            hidden = set()
            for seat in (0, 1):
                if seat != viewer:
                    hidden |= {str(c) for c in state.hands[seat]}
                    hidden |= {
                        str(c)
                        for suit, layers in state.towers.items()
                        for c, up in layers
                        if not up and (suit.value in "HD") == (seat == 0)
                    }
                    if state.scoring_cards[seat] is not None and tb.outcome(state) is None:
                        hidden.add(str(state.scoring_cards[seat]))
            shown = {e.attrs["data-card"] for e in with_attr(tree, "data-card")}
            leaked = hidden & shown
            # a card may legitimately be shown elsewhere (a discard pile) only if it is really there
            public = {str(c) for d in state.discards for c in d} | {str(c) for layers in state.towers.values() for c, up in layers if up}
            assert not (leaked - public), (viewer, leaked)
            assert blob


def test_playing_a_card_takes_card_then_tower_then_face():
    state = tb.new_game(2, {"first": "red"}, 9)
    free = next(e for e in tb.view(state, 0)["plays"] if e["free_choice"])
    ui: dict = {}
    played: list = []
    tree = render(context(state, 0, ui, played))
    assert "play or discard a card" in text_of(tree)
    card = next(e for e in with_attr(tree, "data-step") if e.attrs.get("id") == f"tb-hand-{free['card']}")
    card.events["click"](None)
    tree = render(context(state, 0, ui, played))
    slot = next(e for e in with_attr(tree, "data-step") if e.attrs.get("id") == f"tb-slot-{free['tower']}")
    assert text_of(slot).startswith(f"Place {free['label']} here")
    assert not with_attr(tree, "data-step") or all(e.attrs["data-step"] in ("card", "tower") for e in with_attr(tree, "data-step"))
    slot.events["click"](None)
    tree = render(context(state, 0, ui, played))
    assert "face up or face down" in text_of(tree)
    down = next(e for e in with_attr(tree, "data-move") if e.attrs.get("id") == "tb-face-down")
    down.events["click"](None)
    assert played == [tb.PlayCard(tb.move_from_json({"kind": "play", "card": free["card"], "face_up": False}).card, False)]


def test_forced_face_shows_the_reason_from_the_view():
    from games.tower_battle.positions import position  # tests/ is on the path

    state = position(hands=("5H 2D 3D", "4C"), towers={"H": "6H?", "C": "2C?"}, player=0)
    ui = {"tb_card": "5H"}
    tree = render(context(state, 0, ui))
    assert "both face down" in text_of(tree)
    place = next(e for e in with_attr(tree, "data-move") if e.attrs.get("id") == "tb-place")
    assert json.loads(place.attrs["data-move"]) == {"kind": "play", "card": "5H", "face_up": True}


def test_recap_and_last_action_read_the_events():
    events = [
        event("game-begins", 0, None, game=1, starter=0),
        event("play", 0, 0, tower="H", index=0, card="AH"),
        event("assassin-misses", 0, 0, card="AH", struck="C"),
        event("draw", 0, 0),
        event("discard", 1, 1, card="4C"),
    ]
    assert recent.recap(events, 1) == events[4:]
    assert recent.recap(events[:4], 1) == events[:4]  # no turn of Black's yet: everything
    assert recent.recap(events, 0) == events[1:]
    assert recent.last_action(events) == events[4] and recent.last_action(events[:4]) == events[1]
    assert [recent.tag(e) for e in events] == [None, "Assassin", "Assassin", None, None]
    names = Names(("Ana", "Ben"), ("Red", "Black"))
    assert [tb.tell(e, names, {}) for e in events] == [
        "Game 1 begins; Ana (Red) starts.",
        "Ana (Red) plays the Assassin A♥ face up on the hearts tower.",
        "The Assassin A♥ finds Ben's clubs tower empty: nothing happens.",
        "",  # a draw is not said: the hand shows it
        "Ben (Black) discards 4♣.",
    ]


def classes(el: El) -> set[str]:
    return set(el.attrs.get("class", "").split())


def with_class(tree: El, name: str) -> list[El]:
    return find_all(tree, lambda e: name in classes(e))


def test_the_play_decision_is_the_one_a_phone_pins_and_holds_the_hand():
    """The phone layout pins .tb-decide-play (with the hand) under the board: only the card-play decision
    carries it, in each of its steps, and the hand is inside it."""
    state = tb.new_game(2, {"first": "red"}, 9)
    free = next(e for e in tb.view(state, 0)["plays"] if e["free_choice"])
    for ui in ({}, {"tb_card": free["card"]}, {"tb_card": free["card"], "tb_tower": True}):
        tree = render(context(state, 0, dict(ui)))
        [panel] = with_class(tree, "tb-decide")
        assert "tb-decide-play" in classes(panel), ui
        assert len(with_class(panel, "tb-hand-cards")) == 1
        assert not with_class(tree, "tb-hand")  # no second hand panel elsewhere
    # the other seat waits: not pinned
    [panel] = with_class(render(context(state, 1)), "tb-decide")
    assert "tb-decide-play" not in classes(panel) and "tb-decide-waiting" in classes(panel)
    # a battle answer is not the play decision either
    s = battle_offer()
    [panel] = with_class(render(context(s, tb.to_act(s))), "tb-decide")
    assert "tb-decide-battle" in classes(panel) and "tb-decide-play" not in classes(panel)


def battle_offer():
    """The first state of seeded random play with a battle on offer."""
    for seed in range(1, 300):
        for s in random_states({"first": "red"}, seed, 400):
            if s.phase == "battle" and tb.to_act(s) is not None:
                return s
    raise AssertionError("no battle offer in the seeded games")


def test_the_lit_ghosts_sit_where_the_css_fans_and_fits_them():
    """The tower ghost is the last layer of its tower's stack, right after the top card (the CSS fans it out
    beside that card); the discard ghost says Discard and the card, and nothing else."""
    state = tb.new_game(2, {"first": "red"}, 9)
    free = next(e for e in tb.view(state, 0)["plays"] if e["free_choice"])
    tree = render(context(state, 0, {"tb_card": free["card"]}))
    [stack] = [
        s
        for s in with_class(tree, "tb-stack")
        if any(c.attrs.get("id") == f"tb-slot-{free['tower']}" for c in s.children if isinstance(c, El))
    ]
    layers = [c for c in stack.children if isinstance(c, El)]
    assert layers[-1].attrs["id"] == f"tb-slot-{free['tower']}" and "tb-slot" in classes(layers[-1])
    assert "tb-top" in classes(layers[-2])  # the card the ghost must leave readable
    [ghost] = [e for e in find_all(tree, lambda e: e.attrs.get("id") == "tb-discard-pile")]
    assert {"tb-slot", "tb-slot-discard", "tb-small"} <= classes(ghost)
    assert text_of(ghost) == f"Discard {free['label']}"


def test_the_battle_question_says_each_tower_by_its_player():
    """ "Declare a battle between Ana's hearts tower and Ben's clubs tower?" (the engine says "Red's
    hearts tower": the table puts the players in, as in its log; an owner by name alone, not
    "Ana (Red)'s": the suit already says whose colour it is)."""
    s = battle_offer()
    [panel] = with_class(render(context(s, tb.to_act(s))), "tb-decide-battle")
    question = text_of(panel).split("?")[0]
    assert question.startswith("Declare a battle between ")
    assert "Ana's " in question and "Ben's " in question and ")'s" not in question, question


def test_a_seat_named_after_its_colour_is_not_said_twice():
    """The lesson's seats are called Red and Black: "Red", not "Red Red" or "Red (Red)"."""
    state = tb.new_game(2, {}, 4)
    ctx = context(state, 0)
    colours = list(ctx.view["seat_names"])
    ctx.names = colours

    def seat_names(tree):
        return [text_of(e) for e in find_all(tree, lambda e: "tb-seat-name" in e.attrs.get("class", ""))]

    tree = render(ctx)
    assert all(colour + colour not in said for colour in colours for said in seat_names(tree)), seat_names(tree)
    assert not any(f"{c} ({c})" in str(e.attrs.get("aria-label", "")) for c in colours for e in with_attr(tree, "aria-label"))
    ctx.names = NAMES
    assert any(colours[0] in said and "Ana" in said for said in seat_names(render(ctx)))


def test_keyboard_focus_never_lands_first_on_a_declaration_that_loses():
    """Declaring that turns up the player's own Knave is marked GIVES_AWAY (focus.first_decision skips
    it for "No battle"), says why, and "No battle" is the primary button; a harmless declaration is not marked."""
    from games.tower_battle.positions import position
    from tabletop.ui.web.roving import GIVES_AWAY

    def battle_buttons(state, seat):
        tree = render(context(state, seat))
        [panel] = with_class(tree, "tb-decide-battle")
        ids = {e.attrs.get("id"): e for e in with_attr(panel, "data-move")}
        return panel, ids["tb-declare"], ids["tb-decline"]

    s = position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "2C? JC?"})
    s = tb.apply(tb.apply(s, tb.PlayCard(tb_card("5H"), False)), tb.DeclineBattle())
    panel, declare, decline = battle_buttons(s, 1)
    assert declare.attrs.get(GIVES_AWAY) and not decline.attrs.get(GIVES_AWAY)
    assert "primary" in classes(decline) and "primary" not in classes(declare)
    assert "Careful: Declaring turns up your Knave J♣" in text_of(panel)
    s = tb.apply(position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "3C"}), tb.PlayCard(tb_card("5H"), False))
    panel, declare, decline = battle_buttons(s, 0)
    assert not declare.attrs.get(GIVES_AWAY) and "primary" in classes(declare) and "Careful" not in text_of(panel)


def tb_card(code: str):
    from tabletop.engine.cards import Card

    return Card.parse(code)
