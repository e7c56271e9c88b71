"""The Tower War table under CPython: every phase renders, controls carry their moves,
the ghost is drawn where the engine lands the piece, and the live hand lets go by itself
when the grip runs out (a fake ``js`` stands in for the browser)."""

from __future__ import annotations

import json
import re
import sys
import types

import pytest

from cheating import Faces
from tabletop.engine.rng import Rng
from tabletop.games import tower_war as g
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.hand import is_calm
from tabletop.games.tower_war.moves import Drop, LiftPyramid
from tabletop.ui.render import TableContext
from tabletop.ui.render import tower_war as R
from tabletop.ui.render.tower_war import news
from tabletop.ui.web import tower_war_aim
from tabletop.ui.web.dom import find_all, text_of

TRIPOD = ((-17.0, -16.0), (17.0, -16.0), (0.0, 32.0))


def steady(s):
    legal = g.legal_moves(s)
    if s.phase == "drop":
        top = s.tower[-1]
        if s.held.piece == "card":
            want = (sum(p.x - top.x for p in top.pyramids) / 3, sum(p.y - top.y for p in top.pyramids) / 3)
        else:
            want = TRIPOD[len(top.pyramids) % 3]
        dx, dy = tower_war_aim.tremor(s.held.amplitude, s.held.phases, 1200)
        return Drop(want[0] - dx, want[1] - dy, 1200)
    if s.phase == "place":
        adds = [m for m in legal if m.kind != "lift_pyramid"]
        return max(adds, key=lambda m: s.stash[s.actor][m.size]) if s.placing == "pyramid" else adds[0]
    return legal[0]


def ctx_for(s, played=None, ui=None, grip_ms=None, kept=None):
    seat = g.to_act(s)
    return TableContext(
        module=g,
        view=g.view(s, seat),
        legal=g.legal_moves(s) if seat is not None else [],
        names=["Ana", "Ben"],
        viewer=seat,
        play=(played.append if played is not None else (lambda m: None)),
        refresh=lambda: None,
        ui=ui if ui is not None else {},
        grip_ms=grip_ms,
        keep_grip=kept.append if kept is not None else None,
    )


def game_states(seed, options=None, cap=400):
    s = g.new_game(2, options, seed)
    yield s
    n = 0
    while s.result is None and n < cap:
        s = g.apply(s, steady(s))
        n += 1
        yield s


def moves_in(tree) -> list[dict]:
    return [json.loads(e.attrs["data-move"]) for e in find_all(tree, lambda e: e.attrs.get("data-move"))]


@pytest.mark.parametrize("seed,options", [(2, None), (3, {"advanced_draft": True})])
def test_every_phase_renders_and_offers_only_legal_moves(seed, options):
    seen = set()
    for s in game_states(seed, options):
        ctx = ctx_for(s)
        tree = R.render(ctx)
        seen.add(s.phase)
        legal = [g.move_to_json(m) for m in ctx.legal]
        for data in moves_in(tree):
            if data["kind"] in ("drop", "split"):
                g.apply(s, g.move_from_json(data))  # accepted by the engine (drops and splits are open-ended)
            else:
                assert data in legal
        if s.phase in ("sweeten", "take", "build", "play", "place", "drop") and s.result is None:
            assert moves_in(tree) or find_all(tree, lambda e: e.attrs.get("data-step")), s.phase
    assert {"split", "take", "build", "play", "place", "drop", "over"} <= seen


def test_split_confirm_follows_the_taps():
    s = g.new_game(2, None, 5)
    ui = {}
    ctx = ctx_for(s, ui=ui)
    tree = R.render(ctx)
    ok = find_all(tree, lambda e: e.attrs.get("id") == "twar-split-ok")[0]
    assert ok.attrs["disabled"] and ok.attrs.get("data-move") is None
    codes = [str(c) for c in s.faceup]
    ui[R.draft.PILE_B_KEY] = codes[:2]
    tree = R.render(ctx_for(s, ui=ui))
    ok = find_all(tree, lambda e: e.attrs.get("id") == "twar-split-ok")[0]
    assert json.loads(ok.attrs["data-move"]) == {"kind": "split", "pile": codes[2:]}


def drop_state(seed=3):
    for s in game_states(seed):
        if s.phase == "drop":
            return s
    raise AssertionError


def test_the_ghost_is_where_the_engine_lands_the_piece():
    s = drop_state()
    held = g.view(s, s.actor)["held"]
    for x, y, hold in ((0, 0, 0), (12.5, -30.1, 733), (-51.5, 64, 10_000), (3.3, 4.4, 4321)):
        engine = g.preview_drop(s, x, y, hold)["landing"]
        ghost = tower_war_aim.ghost_at(held, (x, y), hold)
        assert ghost == pytest.approx(engine, abs=1e-9)


def test_the_drawn_pyramid_is_the_engine_pyramid():
    s = drop_state()
    s = g.apply(s, Drop(3.0, -4.0, 1500))
    tree = R.render(ctx_for(s))
    top = s.tower[-1]
    pyr = find_all(tree, lambda e: "twar-pyr" in (e.attrs.get("class") or "").split())
    assert [(float(e.attrs["data-x"]), float(e.attrs["data-y"])) for e in pyr] == [
        pytest.approx((p.x - top.x, p.y - top.y), abs=1e-3) for p in top.pyramids
    ]


class FakeEl:
    def __init__(self):
        self.attrs = {}
        self.style = types.SimpleNamespace(width="")
        self.textContent = ""

    def setAttribute(self, k, v):  # noqa: N802 - the DOM's name
        self.attrs[k] = v

    def getAttribute(self, k):  # noqa: N802
        return self.attrs.get(k)


class FakeJs(types.ModuleType):
    def __init__(self):
        super().__init__("js")
        self.now = 0.0
        self.frames = []
        self.els = {}
        outer = self
        self.listeners: list[tuple[str, str, object]] = []  # (where, event, handler) added by the page
        self.performance = types.SimpleNamespace(now=lambda: outer.now)
        self.document = types.SimpleNamespace(
            getElementById=lambda i: outer.els.get(i),
            documentElement=FakeEl(),
            addEventListener=lambda kind, fn, *_: outer.listeners.append(("document", kind, fn)),
        )
        self.window = types.SimpleNamespace(addEventListener=lambda kind, fn, *_: outer.listeners.append(("window", kind, fn)))

    def dispatch(self, kind, event):
        """Hand ``event`` to the page-wide listeners for ``kind`` (capture ones first, as a browser does)."""
        for _where, listened, fn in self.listeners:
            if listened == kind:
                fn(event)

    def requestAnimationFrame(self, fn):  # noqa: N802
        self.frames.append(fn)


@pytest.fixture()
def fake_browser(monkeypatch):
    js = FakeJs()
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda fn: fn
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.setattr(tower_war_aim, "AIM", tower_war_aim.Aim())
    return js


def test_live_ghost_follows_the_engine_and_the_grip_gives_out(fake_browser):
    js = fake_browser
    s = drop_state()
    played = []
    js.now = 1000.0
    ctx = ctx_for(s, played)
    R.render(ctx)
    for ident in (
        tower_war_aim.GHOST_ID,
        tower_war_aim.AIM_ID,
        tower_war_aim.DROP_ID,
        tower_war_aim.GRIP_ID,
        tower_war_aim.GRIP_TEXT_ID,
        tower_war_aim.STEADY_ID,
    ):
        js.els[ident] = FakeEl()
    held = ctx.view["held"]
    assert js.frames, "the frame loop was started"
    js.now = 1000.0 + 20_000  # nothing pressed yet: the hand rests and the grip's clock waits
    js.frames.pop()(js.now)
    assert (
        js.els[tower_war_aim.GHOST_ID].attrs["data-hold"] == "0"
        and js.els[tower_war_aim.GRIP_TEXT_ID].textContent == tower_war_aim.GRIP_WAITING
    )
    assert played == []
    js.now = 1000.0
    tower_war_aim.AIM.first_press()  # what a press on the card, an arrow key or Space does first
    js.now = 1000.0 + 2345
    js.frames.pop()(js.now)
    ghost = js.els[tower_war_aim.GHOST_ID].attrs
    gx, gy = g.preview_drop(s, 0.0, 0.0, 2345)["landing"]
    assert (float(ghost["data-x"]), float(ghost["data-y"])) == pytest.approx((gx, gy), abs=1e-3)
    assert json.loads(js.els[tower_war_aim.DROP_ID].attrs["data-move"]) == {"kind": "drop", "x": 0.0, "y": 0.0, "hold_ms": 2345}
    assert played == []
    js.now = 1000.0 + held["hold_ms_max"] + 40
    js.frames.pop()(js.now)
    assert [g.move_to_json(m) for m in played] == [{"kind": "drop", "x": 0.0, "y": 0.0, "hold_ms": held["hold_ms_max"]}]


def test_the_calm_light_says_to_press_and_hold_first_then_follows_the_hand(fake_browser):
    """Before the first press the hand rests at its first moment, so the light would read "Shaking"
    until a press: it says to press and hold first; once held, it reads Calm exactly when the hand is."""
    js = fake_browser
    resting = next(seed for seed in range(3, 40) if not is_calm(drop_state(seed).held.phases, 0))  # type: ignore[union-attr]
    s = drop_state(resting)
    phases = tuple(g.view(s, s.actor)["held"]["phases"])
    js.now = 0.0
    tree = R.render(ctx_for(s, []))
    light = find_all(tree, lambda e: e.attrs.get("id") == tower_war_aim.CALM_ID)[0]
    assert text_of(light) == "Press and hold first" and light.attrs["data-calm"] == "0"
    js.els[tower_war_aim.CALM_ID] = FakeEl()
    for ident in (tower_war_aim.GHOST_ID, tower_war_aim.DROP_ID):
        js.els[ident] = FakeEl()
    calm = next(h for h in range(0, 5000, 10) if is_calm(phases, h))
    shaky = next(h for h in range(calm, 5000, 10) if not is_calm(phases, h))
    tower_war_aim.AIM.first_press()
    for hold, words in ((shaky, "Shaking"), (calm, "Calm: let go now")):
        js.frames.pop()(js.now + hold)
        assert js.els[tower_war_aim.CALM_ID].textContent == words
        assert js.els[tower_war_aim.CALM_ID].attrs["data-calm"] == ("1" if words.startswith("Calm") else "0")


def test_the_grip_warns_in_its_last_seconds_then_says_it_gave_out(fake_browser):
    js = fake_browser
    s = drop_state()
    played = []
    js.now = 0.0
    ctx = ctx_for(s, played)
    tree = R.render(ctx)
    bar = find_all(tree, lambda e: e.attrs.get("id") == tower_war_aim.RELEASE_ID)[0]
    assert bar.attrs["data-low"] == "0" and tower_war_aim.GRIP_WAITING in text_of(bar)
    tower_war_aim.AIM.first_press()
    assert find_all(bar, lambda e: e.attrs.get("id") == tower_war_aim.DROP_ID), "the release sits in the bar under the card"
    for ident in (
        tower_war_aim.GHOST_ID,
        tower_war_aim.AIM_ID,
        tower_war_aim.DROP_ID,
        tower_war_aim.GRIP_ID,
        tower_war_aim.GRIP_TEXT_ID,
        tower_war_aim.STEADY_ID,
        tower_war_aim.RELEASE_ID,
        tower_war_aim.GRIP_ALERT_ID,
    ):
        js.els[ident] = FakeEl()
    js.els[tower_war_aim.RELEASE_ID].attrs["data-low"] = "0"
    hold_max = ctx.view["held"]["hold_ms_max"]
    js.now = hold_max - tower_war_aim.GRIP_WARN_MS - 500
    js.frames.pop()(js.now)
    assert js.els[tower_war_aim.RELEASE_ID].attrs["data-low"] == "0" and js.els[tower_war_aim.GRIP_ALERT_ID].textContent == ""
    js.now = hold_max - 2400
    js.frames.pop()(js.now)
    assert js.els[tower_war_aim.RELEASE_ID].attrs["data-low"] == "1"
    assert js.els[tower_war_aim.GRIP_TEXT_ID].textContent == "Let go within 2.4 s or the hand lets go for you"
    assert js.els[tower_war_aim.GRIP_ALERT_ID].textContent == "3 seconds of grip left."
    js.now = hold_max + 10
    js.frames.pop()(js.now)
    assert [m.hold_ms for m in played] == [hold_max]
    after = g.apply(s, played[0])
    out = R.render(ctx_for(after))
    box = find_all(out, lambda e: "twar-gripout" in e.attrs.get("class", ""))
    assert box and "The grip gave out" in text_of(box[0]) and "10 s" in text_of(box[0])
    assert "(the grip gave out)" in text_of(out)
    # an ordinary release says nothing of the kind
    calm = g.apply(s, Drop(0.0, 0.0, 1200))
    assert not find_all(R.render(ctx_for(calm)), lambda e: "twar-gripout" in e.attrs.get("class", ""))


def test_keyboard_moves_the_aim_within_reach(fake_browser):
    js = fake_browser
    s = drop_state()
    played = []
    ctx = ctx_for(s, played)
    R.render(ctx)

    class Key:
        def __init__(self, key, shift=False):
            self.key, self.shiftKey = key, shift

        def preventDefault(self):  # noqa: N802
            pass

    a = tower_war_aim.AIM
    for _ in range(30):
        a.on_keydown(Key("ArrowRight", shift=True))
    bounds = ctx.view["held"]["target_bounds"]
    assert a.target == (bounds["x"][1], 0.0)
    a.on_keydown(Key("ArrowDown"))
    js.now = 812.0
    a.on_keydown(Key(" "))
    assert [g.move_to_json(m) for m in played] == [{"kind": "drop", "x": bounds["x"][1], "y": -1.0, "hold_ms": 812}]


def test_text_names_the_seats_and_the_risk():
    for s in game_states(3):
        if s.phase == "place" and len(s.tower) >= 2:
            break
    text = text_of(R.render(ctx_for(s)))
    assert "Ana" in text and "Ben" in text and "Balance" in text and "mm to spare" in text


def test_a_seat_named_after_its_colour_is_not_said_twice():
    """The lesson's seats are called Red and Blue: their trays say "Red", not "Red Red pyramids"."""
    s = g.new_game(2, None, 3)
    ctx = ctx_for(s)
    ctx.names = ["Red", "Blue"]
    heads = [text_of(e) for e in find_all(R.render(ctx), lambda e: "twar-player-head" in e.attrs.get("class", ""))]
    assert heads == ["Redyou", "Blue"], heads  # seat 1 is the viewer ("you")
    ctx.names = ["Ana", "Ben"]
    heads = [text_of(e) for e in find_all(R.render(ctx), lambda e: "twar-player-head" in e.attrs.get("class", ""))]
    assert [h.replace(" ", "") for h in heads] == ["AnaRedpyramidsyou", "BenBluepyramids"], heads


def test_rng_is_untouched_by_rendering():
    s = drop_state()
    before = s.rng.copy()
    R.render(ctx_for(s))
    assert s.rng == before and isinstance(before, Rng)


def test_the_end_banner_names_the_people_not_just_the_colours():
    from tabletop.engine.saves import new_save
    from tabletop.ui.screens.table import end_banner
    from tabletop.ui.table.session import Session

    *_, s = game_states(4, cap=2000)
    assert s.result is not None and "Red" in s.result.reason and "Blue" in s.result.reason
    save = new_save(g.ID, {}, [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}], 4)
    save["moves"] = [g.move_to_json(m) for m in replay_moves(4)]
    session = Session(g, save)
    assert session.state.result == s.result
    text = text_of(end_banner(None, session, session.state.result))
    labels = ["Ana (Red)", "Ben (Blue)"]
    w = s.result.winners[0]
    assert text.startswith(labels[w] + " wins")  # the name with the colour beside it, everywhere
    assert text.count(labels[w] + " wins") == 1 and labels[1 - w] in text  # the winner said once, the loser in the why
    bare = text.replace("Ana (Red)", "").replace("Ben (Blue)", "")
    assert "Red" not in bare and "Blue" not in bare
    # the engine's own words are untouched: the names are the table's business
    assert s.result.reason.endswith(("Red wins the war.", "Blue wins the war."))


def replay_moves(seed, cap=2000):
    s, moves = g.new_game(2, None, seed), []
    while s.result is None and len(moves) < cap:
        m = steady(s)
        moves.append(m)
        s = g.apply(s, m)
    return moves


def test_the_side_views_labels_are_html_at_the_heights_they_name():
    *_, s = (t for t in game_states(3) if len(t.tower) <= 5)
    tree = R.render(ctx_for(s))
    (svg,) = find_all(tree, lambda e: e.tag == "svg" and "twar-sideview" in (e.attrs.get("class") or ""))
    assert not find_all(svg, lambda e: e.tag == "text"), "SVG text shrinks with the drawing"
    x, y, w, hgt = (float(v) for v in svg.attrs["viewBox"].split())
    (frame,) = find_all(tree, lambda e: "twar-side-frame" in (e.attrs.get("class") or "").split())
    assert float(frame.attrs["style"].split(":")[1]) == pytest.approx(w / hgt, abs=1e-4)
    marks = find_all(frame, lambda e: "twar-side-mark" in (e.attrs.get("class") or "").split())
    scale = [m for m in marks if text_of(m) != "cm" and not text_of(m).startswith("L")]
    levels = [m for m in marks if text_of(m).startswith("L")]
    assert [text_of(m) for m in levels] == [f"L{k}" for k in range(len(s.tower))]
    assert [text_of(m) for m in scale] == [str(5 * i) for i in range(1, len(scale) + 1)] and scale
    for m in marks:
        z = float(m.attrs["data-z"])
        pct = float(m.attrs["style"].removeprefix("bottom:").removesuffix("%"))
        floor = y + hgt  # the viewBox runs from the top (y) down to this much below the table
        assert pct == pytest.approx(100 * (z + floor) / hgt, abs=1e-3)
    assert float(scale[0].attrs["data-z"]) == 50.0


def test_a_card_zeroed_by_a_later_card_of_its_suit_shows_zero():
    for seed in range(2, 12):
        for s in game_states(seed):
            for seat in (0, 1):
                effs = [p.eff for p in s.played[seat]]
                if any(a.suit == b.suit for i, a in enumerate(effs) for b in effs[i + 1 :]):
                    tree = R.render(ctx_for(s))
                    gone = find_all(tree, lambda e: "twar-gone" in (e.attrs.get("class") or ""))
                    assert gone, "an earlier card of a repeated suit is marked"
                    value = find_all(gone[0], lambda e: "twar-zeroed" in (e.attrs.get("class") or ""))[0]
                    assert text_of(value).endswith(" 0") and find_all(value, lambda e: e.tag == "s")
                    assert any(
                        "worth 0 now" in e.attrs.get("aria-label", "") for e in find_all(gone[0], lambda e: e.attrs.get("role") == "img")
                    )
                    return
    raise AssertionError("no battle repeated a suit")


def test_a_size_that_cannot_fill_the_level_is_warned():
    for s in game_states(3):
        if s.phase == "place" and s.placing == "pyramid" and not s.tower[-1].pyramids:
            break
    else:
        raise AssertionError("nobody faced an empty level")
    s = s.copy()
    s.reason = "battle"  # the battle's loser fills the empty level: three of one size
    seat = s.actor
    s.stash[seat] = [0, 1, 4, 2]  # small 1, medium 4, large 2; the level needs 3
    tree = R.render(ctx_for(s))
    warned = {e.attrs["id"] for e in find_all(tree, lambda e: (e.attrs.get("id") or "").startswith("twar-short-"))}
    assert warned == {"twar-short-small", "twar-short-large"}
    short = find_all(tree, lambda e: e.attrs.get("data-short") == "1")
    assert {e.attrs["id"] for e in short} == {"twar-pick-small", "twar-pick-large"}
    assert "1 left, 3 needed" in text_of(short[0]) or "2 left, 3 needed" in text_of(short[0])


def test_the_open_draft_needs_no_hand_over_but_deck_building_does():
    from tabletop.ui.table.session import Session

    session = Session.start(g, [{"name": "Ana"}, {"name": "Ben"}], {}, seed=5)
    curtains = 0
    while session.state.phase in ("split", "sweeten", "take"):
        assert session.curtain is None and session.viewer() == session.to_act
        view = session.view()
        assert view["mine"]["drafted"] == [] and view["mine"]["hand"] == []  # nothing private: own drafted cards stay face down
        mover = session.to_act
        session.play(session.legal_moves()[0])
        curtains += session.curtain is not None
    assert curtains == 0
    assert session.state.phase == "build"
    builder = session.to_act
    if builder != mover:
        assert session.curtain == builder and session.viewer() is None  # the drafted cards are private now
        session.pass_to(builder)
    assert session.curtain is None and session.viewer() == builder and session.view()["mine"]["drafted"]


def test_the_card_that_completes_a_deck_is_reviewed_before_it_commits():
    for s in game_states(2):
        if s.phase == "build" and len(s.kept[s.actor]) == r.deck_target(s, s.actor) - 1:
            break
    else:
        raise AssertionError("no deck was one card short")
    played, ui = [], {}
    ctx = ctx_for(s, played, ui)
    ctx.refresh = lambda: None
    tree = R.render(ctx)
    picks = find_all(tree, lambda e: (e.attrs.get("id") or "").startswith("twar-keep-"))
    assert picks and all("data-move" not in e.attrs and e.attrs.get("data-step") == "last-card" for e in picks)
    code = picks[0].attrs["id"].removeprefix("twar-keep-")
    ui["twar_last_keep"] = (s.actor, code)  # what a tap on it stages
    review = R.render(ctx_for(s, played, ui))
    assert "Check your deck" in text_of(review)
    shown = find_all(review, lambda e: e.attrs.get("role") == "img" and "twar-cardwrap" in (e.attrs.get("class") or "twar-cardwrap"))
    assert len([e for e in shown if e.attrs.get("aria-label")]) >= r.deck_target(s, s.actor)
    confirm = find_all(review, lambda e: e.attrs.get("id") == "twar-confirm-deck")[0]
    assert json.loads(confirm.attrs["data-move"]) == {"kind": "keep", "card": code}
    assert played == []  # nothing is committed until the confirm
    # the other seat never sees this seat's staged card
    ui_other = {"twar_last_keep": (1 - s.actor, code)}
    assert "Check your deck" not in text_of(R.render(ctx_for(s, [], ui_other)))


def test_the_other_hand_is_drawn_shaking_and_never_let_go_from_here(fake_browser):
    js = fake_browser
    s = drop_state()
    played = []
    watcher = 1 - s.actor
    ctx = TableContext(
        module=g, view=g.view(s, watcher), legal=[], names=["Ana", "Ben"], viewer=watcher, play=played.append, refresh=lambda: None, ui={}
    )
    js.now = 0.0
    tree = R.render(ctx)
    ghost = find_all(tree, lambda e: e.attrs.get("id") == tower_war_aim.GHOST_ID)
    assert ghost and "twar-ghost-watch" in ghost[0].attrs["class"]
    assert not find_all(tree, lambda e: e.attrs.get("id") in (tower_war_aim.DROP_ID, tower_war_aim.RELEASE_ID))
    assert "the ghost shows their hand shaking" in text_of(tree)
    js.els[tower_war_aim.GHOST_ID] = FakeEl()
    assert js.frames, "the shaking is animated"
    js.now = 1234.0
    js.frames.pop()(js.now)
    gx, gy = g.preview_drop(s, 0.0, 0.0, 1234)["landing"]
    assert (float(js.els[tower_war_aim.GHOST_ID].attrs["data-x"]), float(js.els[tower_war_aim.GHOST_ID].attrs["data-y"])) == pytest.approx(
        (gx, gy), abs=1e-3
    )
    js.now = 20_000.0
    js.frames.pop()(js.now)
    assert played == [] and js.frames, "the grip running out is the other player's business"


def test_the_sway_and_the_fall_resume_where_the_clock_says_after_a_re_render(monkeypatch):
    """Each render is a fresh element: its animation-delay puts the sway (and a fall) where it
    had got to, so a re-render does not restart it."""
    from tabletop.ui.web import tower_war_sway as sway

    wobbly = next(t for t in game_states(3) if any(st["wobble"] > 0 for st in (g.view(t, None).get("tower") or {}).get("stability") or []))

    def sways(at_ms: float) -> list[tuple[float, float]]:
        monkeypatch.setattr(sway, "now_ms", lambda: at_ms)
        tree = R.render(ctx_for(wobbly))
        out = []
        for e in find_all(tree, lambda e: "twar-wobble" in (e.attrs.get("class") or "").split()):
            style = dict(part.split(":", 1) for part in e.attrs["style"].split(";") if part)
            out.append((float(style["--twar-period"].removesuffix("s")), -float(style["animation-delay"].removesuffix("ms"))))
        return out

    first, later = sways(1_000_000.0), sways(1_000_700.0)
    assert first
    for (period, ran), (_, ran_later) in zip(first, later, strict=True):
        cycle = 2 * period * 1000
        assert 0 <= ran < cycle and (ran_later - ran) % cycle == pytest.approx(700 % cycle, abs=1)


BARE_COLOUR = re.compile(r"(?<!\()\b(Red|Blue)\b(?!\))")


def test_just_now_says_each_player_with_their_colour_beside_the_name():
    """Every "Just now" line of a whole game: the engine's colours said as "Ana (Red)", "Ben (Blue)",
    never a colour alone; an owner by the name alone ("Ben's A♥", never "Ben (Blue)'s"); a
    skirmish's line names both players."""
    said = 0
    for s in game_states(3):
        if s.result is not None or not s.events:
            continue
        (line,) = find_all(R.render(ctx_for(s)), lambda e: "twar-last" in (e.attrs.get("class") or "").split())
        text = text_of(line)
        assert not BARE_COLOUR.search(text), text
        assert ")'s" not in text, text
        if any(e["kind"] == "skirmish" and e["result"] == "won" for e in news.newest(g.view(s, None))):
            assert "Ana's" in text and "Ben's" in text, text
        said += ("Ana (Red)" in text) + ("Ben (Blue)" in text)
    assert said > 50


def test_a_player_named_after_their_colour_is_said_once():
    s = next(t for t in game_states(3) if t.events and t.events[-1]["seat"] == 0 and t.result is None)
    ctx = ctx_for(s)
    ctx.names = ["Red", "Ben"]
    said = R.just_happened(ctx, ctx.view)
    assert said[0].startswith("Red ") and "Red (Red)" not in said[0]


def test_the_status_line_says_plainly_that_the_other_player_moved_your_pyramid():
    """Blue, placing, lifts Red's medium and sets it down 7 mm away: Red's screen says "your medium
    pyramid" in bold beside the drop's own words; Blue's says "Ana's"."""
    from games.tower_war.positions import M, drop_exactly, place_pyramid, play, war_position  # tests/ is on the path

    s = play(war_position(hands=("2H 5D 6S", "9H 3D 8S"), decks=("JD QD KD", "JS QS KS")), "2H", "9H")
    s = play(place_pyramid(s, M, -17.0, -22.0), "5D", "3D")  # now Blue loses and must add a pyramid
    s = drop_exactly(g.apply(s, LiftPyramid(0)), -10.0, -20.0)
    for viewer, whose in ((0, "your"), (1, "Ana's")):
        ctx = ctx_for(s)
        ctx.viewer, ctx.view = viewer, g.view(s, viewer)
        (line,) = find_all(R.render(ctx), lambda e: "twar-last" in (e.attrs.get("class") or "").split())
        assert text_of(line) == (
            "Just now: Ben (Blue) lets go of Ana's medium pyramid, lifted to adjust it: it lands 7 mm from where it stood and "
            f"the tower stands. Ben (Blue) moved {whose} medium pyramid 7 mm to adjust it."
        )
        (bold,) = find_all(line, lambda e: "twar-adjusted" in (e.attrs.get("class") or "").split())
        assert whose in text_of(bold)


def test_the_skirmish_just_lost_is_shown_beside_the_sizes_to_pick_up():
    """Placing after a lost skirmish: the winning card (marked) and the losing one, each with its
    player and value, inside the controls with the pick-up buttons."""
    s = next(t for t in game_states(3) if t.phase == "place" and t.reason == "skirmish" and all(t.current))
    tree = R.render(ctx_for(s))
    (controls,) = find_all(tree, lambda e: "twar-controls" in (e.attrs.get("class") or "").split())
    (result,) = find_all(controls, lambda e: "twar-result" in (e.attrs.get("class") or "").split())
    assert find_all(controls, lambda e: (e.attrs.get("id") or "").startswith("twar-pick-"))
    loser = s.actor
    (won,) = find_all(result, lambda e: "twar-result-won" in (e.attrs.get("class") or "").split())
    assert won.attrs["data-seat"] == str(1 - loser)
    labels = ("Ana (Red)", "Ben (Blue)")
    words = text_of(result)
    assert words.index(labels[1 - loser]) < words.index("beats") < words.index(labels[loser])
    cards = [e.attrs["aria-label"] for e in find_all(result, lambda e: e.attrs.get("role") == "img")]
    assert cards[0].startswith(s.current[1 - loser].eff.name) and cards[1].startswith(s.current[loser].eff.name)
    assert f"worth {s.current[1 - loser].value}" in cards[0]


def test_no_skirmish_result_when_a_battle_is_owed_or_while_aiming():
    checked = set()
    for s in game_states(3):
        if s.phase in ("place", "drop") and (s.reason != "skirmish" or s.phase == "drop"):
            tree = R.render(ctx_for(s))
            assert not find_all(tree, lambda e: "twar-result" in (e.attrs.get("class") or "").split()), (s.phase, s.reason)
            checked.add((s.phase, s.reason))
    assert {("place", "battle"), ("drop", "skirmish")} <= checked


def test_a_tower_that_fell_at_its_base_is_not_called_safe():
    """A pyramid that slid off the base card ends the war; the balance panel said 'nothing can
    tip yet' over the fallen tower."""
    s = g.new_game(2, None, 5)
    while s.phase != "drop":
        s = g.apply(s, steady(s))
    s = g.apply(s, Drop(40.0, 50.0, 1200))  # well past the base card's edge: it falls
    assert s.result is not None and "fall" in s.result.reason
    text = text_of(R.render(ctx_for(s)))
    assert "The tower fell: no card is left standing to balance." in text
    assert "nothing can tip yet" not in text


class KeyEvent:
    """A keydown or keyup as the page-wide listeners see it."""

    def __init__(self, key, kind="keydown", shift=False):
        self.key, self.type, self.shiftKey = key, kind, shift
        self.stopped = self.prevented = False

    def stopPropagation(self):  # noqa: N802 - the DOM's name
        self.stopped = True

    def preventDefault(self):  # noqa: N802
        self.prevented = True


def grip_els(js):
    for ident in (
        tower_war_aim.GHOST_ID,
        tower_war_aim.AIM_ID,
        tower_war_aim.DROP_ID,
        tower_war_aim.GRIP_ID,
        tower_war_aim.GRIP_TEXT_ID,
        tower_war_aim.STEADY_ID,
    ):
        js.els[ident] = FakeEl()


def test_the_grip_is_stored_at_the_first_press_and_each_second_while_held(fake_browser):
    js = fake_browser
    s = drop_state()
    kept: list[int] = []
    js.now = 500.0
    R.render(ctx_for(s, [], kept=kept))
    grip_els(js)
    js.frames.pop()(js.now)
    assert kept == [], "a grip that has not begun is not stored"
    tower_war_aim.AIM.first_press()
    assert kept == [0]
    for t in (400, 999, 1000, 1500, 2100):
        js.now = 500.0 + t
        js.frames.pop()(js.now)
    assert kept == [0, 1000, 2100]
    js.now = 500.0 + 2345
    tower_war_aim.AIM.on_page_hidden(None)  # a reload stores the grip as it is that moment
    assert kept[-1] == 2345
    assert ("window", "pagehide") in {(w, k) for w, k, _ in js.listeners}


def test_a_saved_grip_resumes_where_it_was_and_one_already_spent_lets_go_at_once(fake_browser, monkeypatch):
    js = fake_browser
    s = drop_state()
    played: list = []
    js.now = 10_000.0
    tree = R.render(ctx_for(s, played, grip_ms=7000, kept=[]))
    assert "3.0 s" in text_of(
        find_all(tree, lambda e: e.attrs.get("id") == tower_war_aim.GRIP_TEXT_ID)[0]
    )  # no "starts at your first press"
    grip_els(js)
    js.now += 1234
    js.frames.pop()(js.now)
    assert js.els[tower_war_aim.GHOST_ID].attrs["data-hold"] == "8234"  # the sway and the clock carry on from 7 s
    tower_war_aim.AIM.first_press()  # a press after the reload starts nothing afresh
    assert tower_war_aim.AIM.hold_now() == 8234
    js.now += 2000
    js.frames.pop()(js.now)
    assert [g.move_to_json(m)["hold_ms"] for m in played] == [10_000]

    monkeypatch.setattr(tower_war_aim, "AIM", tower_war_aim.Aim())  # another page, another reload
    spent: list = []
    R.render(ctx_for(s, spent, grip_ms=60_000, kept=[]))
    grip_els(js)
    js.frames.pop()(js.now)
    assert [g.move_to_json(m)["hold_ms"] for m in spent] == [10_000], "a grip already spent lets go at once, as it would have"


def test_a_late_space_after_the_grip_gave_out_plays_nothing_and_is_said(fake_browser):
    js = fake_browser
    s = drop_state()
    played: list = []
    js.now = 0.0
    R.render(ctx_for(s, played, kept=[]))
    grip_els(js)
    tower_war_aim.AIM.first_press()
    js.now = 10_050.0
    js.frames.pop()(js.now)
    assert len(played) == 1 and tower_war_aim.AIM.gave_out
    after = g.apply(s, played[0])
    words = FakeEl()
    js.els[tower_war_aim.LATE_ID] = words
    tree = R.render(ctx_for(after, played))
    out = find_all(tree, lambda e: "twar-gripout" in (e.attrs.get("class") or "").split())[0]
    assert out.attrs["data-take-focus"] and out.attrs["tabindex"] == "-1", "focus goes to what happened, not to a card"
    js.now += 400  # Space meant as "let go", 400 ms late
    down, up = KeyEvent(" "), KeyEvent(" ", "keyup")
    js.dispatch("keydown", down)
    js.now += 500  # released after the window: still the same press
    js.dispatch("keyup", up)
    assert down.stopped and down.prevented and up.stopped and up.prevented
    assert words.textContent.strip() == tower_war_aim.late_words("press of Space")
    js.now += 100
    later = KeyEvent(" ")
    js.dispatch("keydown", later)
    assert not later.stopped, "a press well after the release is read as usual"


class Target:
    def __init__(self, move: bool):
        self.move = move

    def closest(self, selector):
        return self if self.move and selector == "[data-move]" else None

    def getAttribute(self, name):  # noqa: N802 - the DOM's name
        return None


def test_a_click_just_after_the_grip_gave_out_plays_no_move_but_other_buttons_work(fake_browser):
    js = fake_browser
    s = drop_state()
    played: list = []
    R.render(ctx_for(s, played))
    grip_els(js)
    tower_war_aim.AIM.first_press()
    js.now = 10_050.0
    js.frames.pop()(js.now)
    js.els[tower_war_aim.LATE_ID] = FakeEl()
    js.now += 100
    other = KeyEvent("click", "click")
    other.target = Target(move=False)  # the hand-over's button, say
    js.dispatch("click", other)
    assert not other.stopped
    card = KeyEvent("click", "click")
    card.target, card.pointerType = Target(move=True), "mouse"  # a card's Play where "Let go here" was
    js.dispatch("click", card)
    assert card.stopped and card.prevented
    assert js.els[tower_war_aim.LATE_ID].textContent.strip() == tower_war_aim.late_words("click")
    again = KeyEvent("click", "click")
    again.target = Target(move=True)
    js.dispatch("click", again)
    assert not again.stopped, "one click is eaten, not every one"


def test_the_key_that_let_go_is_eaten_until_released_and_the_next_press_is_the_players(fake_browser):
    js = fake_browser
    s = drop_state()
    played: list = []
    R.render(ctx_for(s, played))
    tower_war_aim.AIM.on_keydown(KeyEvent("Enter"))
    assert len(played) == 1 and not tower_war_aim.AIM.gave_out
    js.now += 100
    space = KeyEvent(" ")
    js.dispatch("keydown", space)  # a quick press of another key: "Next", say, meant as such
    assert not space.stopped
    js.now += 5000
    repeat = KeyEvent("Enter")
    js.dispatch("keydown", repeat)  # an auto-repeat of the key that let go
    assert repeat.stopped
    up = KeyEvent("Enter", "keyup")
    js.dispatch("keyup", up)
    assert up.stopped
    again = KeyEvent("Enter")
    js.dispatch("keydown", again)
    assert not again.stopped
    arrow = KeyEvent("ArrowDown")
    js.dispatch("keydown", arrow)
    assert not arrow.stopped


def test_the_last_turn_is_the_run_of_moves_of_the_player_who_moved_last():
    """A move's player is its first event's seat: a reshuffle of the other's deck at the end of it
    does not cut the run (the adjustment before it is still said)."""
    events = [
        {"kind": "played", "move": 5, "seat": 0},
        {"kind": "lifted", "move": 6, "seat": 1},
        {"kind": "landed", "move": 7, "seat": 1},
        {"kind": "landed", "move": 8, "seat": 1},
        {"kind": "battle-begins", "move": 8, "seat": None},
        {"kind": "reshuffled", "move": 8, "seat": 0},
    ]
    assert news.last_turn({"events": events}) == events[1:]
    assert news.last_turn({"events": []}) == []


def test_suggested_deck_shows_the_computer_s_deck_to_change_and_keeps_it_by_legal_moves():
    """One press on "Suggested deck" stages the computer's deck (no move yet); a card can be left out
    and another put in; "Keep these 15 cards" sends one legal keep per card, nothing else."""
    from tabletop.games.tower_war.ai import suggested_deck

    s = g.new_game(2, None, 2)
    while s.phase in ("split", "take"):
        s = g.apply(s, g.legal_moves(s)[0] if s.phase == "split" else g.move_from_json({"kind": "take", "pile": 1}))
    assert s.phase == "build" and len(s.drafted[0]) > 15
    played, ui = [], {}

    def by_id(tree, ident):
        return find_all(tree, lambda e: e.attrs.get("id") == ident)

    tree = R.render(ctx_for(s, played, ui))
    by_id(tree, "twar-suggest")[0].events["click"](None)
    deck = suggested_deck(g.view(s, 0))
    tree = R.render(ctx_for(s, played, ui))
    pressed = [e.attrs["id"].removeprefix("twar-deckpick-") for e in find_all(tree, lambda e: e.attrs.get("aria-pressed") == "true")]
    assert pressed == deck and played == []
    keep = by_id(tree, "twar-keep-deck")[0]
    assert not keep.attrs.get("disabled") and "Keep these 15 cards" in text_of(keep)
    left_out = next(str(c) for c in s.drafted[0] if str(c) not in deck)
    assert by_id(tree, f"twar-deckpick-{left_out}")[0].attrs["disabled"]  # the deck is full: leave one out first
    by_id(tree, f"twar-deckpick-{deck[-1]}")[0].events["click"](None)
    tree = R.render(ctx_for(s, played, ui))
    assert by_id(tree, "twar-keep-deck")[0].attrs["disabled"]  # 14 of 15: nothing to keep yet
    by_id(tree, f"twar-deckpick-{left_out}")[0].events["click"](None)
    tree = R.render(ctx_for(s, played, ui))
    by_id(tree, "twar-keep-deck")[0].events["click"](None)
    chosen = [*deck[:-1], left_out]
    assert [g.move_to_json(m) for m in played] == [{"kind": "keep", "card": c} for c in chosen]
    assert all(m in g.legal_moves(s) for m in played)


def test_choose_one_by_one_sets_the_suggestion_aside():
    s = g.new_game(2, None, 2)
    while s.phase in ("split", "take"):
        s = g.apply(s, g.legal_moves(s)[0] if s.phase == "split" else g.move_from_json({"kind": "take", "pile": 1}))
    ui: dict = {}
    tree = R.render(ctx_for(s, [], ui))
    find_all(tree, lambda e: e.attrs.get("id") == "twar-suggest")[0].events["click"](None)
    tree = R.render(ctx_for(s, [], ui))
    find_all(tree, lambda e: e.attrs.get("id") == "twar-choose-own")[0].events["click"](None)
    tree = R.render(ctx_for(s, [], ui))
    assert find_all(tree, lambda e: e.attrs.get("id") == "twar-suggest") and not find_all(
        tree, lambda e: e.attrs.get("id") == "twar-keep-deck"
    )


def battle_with_hidden_hand(cards):
    """A battle's first skirmish whose leader holds hidden cards (a game by link), and their faces."""
    from tabletop.engine.cards import Card
    from tabletop.engine.hidden import Hidden

    s = next(st for st in game_states(2) if st.phase == "play").copy()
    faces = {Hidden(9, i): Card.parse(code) for i, code in enumerate(cards)}
    s.hand[s.leader] = list(faces)
    return s, faces


def test_by_link_the_hand_is_shown_by_its_faces_and_a_tap_plays_the_move_naming_the_hidden_card():
    from tabletop.engine.hidden import Hidden, cards_known
    from tabletop.games.tower_war.moves import Play

    s, faces = battle_with_hidden_hand(["7H", "JOKER1"])
    played = []
    with cards_known(Faces(faces)):
        ctx = ctx_for(s, played=played)
    tree = R.render(ctx)
    assert ctx.view["mine"]["hand"] == ["7H", "JOKER1"] and ctx.view["mine"]["faces"] == {"?9.0": "7H", "?9.1": "JOKER1"}
    assert moves_in(tree) == [{"kind": "play", "card": "7H", "as_card": None}]  # shown as the card, as at one table
    button = find_all(tree, lambda e: e.attrs.get("id") == "twar-play-7H")[0]
    button.events["click"](None)
    assert played == [Play(Hidden(9, 0))]  # the move itself names the hidden card
    assert not find_all(tree, lambda e: e.attrs.get("id") == "twar-pass")


def test_by_link_a_hand_with_nothing_to_play_offers_only_a_pass():
    from tabletop.engine.hidden import cards_known
    from tabletop.games.tower_war.moves import Pass

    s, faces = battle_with_hidden_hand(["JOKER1", "JOKER2"])
    played = []
    with cards_known(Faces(faces)):
        ctx = ctx_for(s, played=played)
    tree = R.render(ctx)
    assert moves_in(tree) == [{"kind": "pass"}]
    find_all(tree, lambda e: e.attrs.get("id") == "twar-pass")[0].events["click"](None)
    assert played == [Pass()]
    assert "Nothing to play: pass" in text_of(tree)


def test_by_link_a_hand_not_read_yet_says_when_it_shows():
    s, _faces = battle_with_hidden_hand(["7H", "8H", "9H"])
    view = g.view(s, s.leader)  # this device cannot read its new cards yet: the friend's link brings them
    ctx = TableContext(module=g, view=view, legal=[], names=["Ana", "Ben"], viewer=s.leader, play=lambda m: None, refresh=lambda: None)
    assert view["mine"]["hand"] == [] and view["mine"]["hand_unread"] == 3
    assert "3 cards drawn: they show once your friend's next link is in." in text_of(R.render(ctx))
