"""Any record in storage or in a file is only data: the store sets aside what it cannot read,
says so once, and every screen still renders.

The screens are driven through their browser-free parts: the store over a dict, and
``home``/``settings``/``new_game`` rendering into element trees with a stand-in app.
"""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from recording import RecordingActions
from tabletop.engine.errors import SaveError
from tabletop.engine.saves import MAX_DEPTH, JsonObject, load_json, new_save, parse_save, replay, too_deep
from tabletop.games import FACTS, GAMES
from tabletop.ui.saves.storage import ASIDE_PREFIX, SAVE_PREFIX, SETTINGS_KEY, MemoryBackend, StorageFull, Store
from tabletop.ui.screens import home, new_game
from tabletop.ui.screens import settings as settings_screen
from tabletop.ui.shell.context import SavesView, ScreenContext
from tabletop.ui.shell.router import Route
from tabletop.ui.web.dom import find_all, h, text_of


class StandIn:
    """The page's side of the store, as the app reads it (App.refresh): the store over a dict,
    its settings and the notices, and a screen context over them; every intent is recorded."""

    def __init__(self, backend, full: bool = False):
        self.store = Store(backend, FACTS, full=full)
        self.settings = self.store.settings()
        self.notices: list[tuple[str, str]] = []
        self.act = RecordingActions()

    def absorb_store_problems(self):
        self.notices.extend(("error", p) for p in self.store.problems)
        self.store.problems.clear()

    def context(self, saves: SavesView | None = None) -> ScreenContext:
        return ScreenContext(Route("home"), self.settings, tuple(self.notices), saves or SavesView(self.store))


def good(i: int = 0, **fields) -> dict:
    return dict(new_save("war-of-the-worlds", {}, ["Ana", "Ben"], seed=i), name=f"Good {i}", saved_at=1_700_000_000 + i, **fields)


def render_everything(app: StandIn) -> str:
    """Home, Settings and a new-game form, as text (each must simply survive)."""
    saves = SavesView(app.store)
    saves.records()  # listed before Home is drawn, as the app does: what was set aside is said on it
    app.absorb_store_problems()
    page = home.render(app.context(saves), app.act)
    settings_page = settings_screen.render(app.context(), app.act)
    form = new_game.default_form(app.context(), GAMES["tower-battle"])
    assert all(isinstance(seat["name"], str) for seat in form["seats"])
    return text_of(page) + text_of(settings_page)


BAD_FIELDS = {
    "saved_at": ["2026-05-01T10:00:00Z", "yesterday", math.nan, math.inf, -1e300, [1], {"a": 1}, True, 1e300],
    "game": [[], ["war-of-the-worlds"], {"x": 1}, 5, None, "chess"],
    "name": [{"style": "position:fixed;inset:0;background:#c00", "id": "import-file"}, [1], 5],
    "seats": [[], "Ana", [{"name": {"b": 1}}, "Ben"], [1, 2], [{"kind": "robot"}, "Ben"], ["A"] * 9],
    "seed": ["nine", -1, 2**200, 1.5, None, True],
    "moves": [{"a": 1}, "x", None],
    "options": [[], "x", {"k": [1]}, {"k": {"a": 1}}, {"k": 10**9}],
    "version": [99, 0, "1", None],
    "format": ["other", None, [1]],
}
BAD_TEXTS = [
    "{not json",
    "",
    "null",
    "[1, 2]",
    "5",
    '"text"',
    "[" * 100_000 + "]" * 100_000,
    '{"format": "towers-and-worlds-save", "x": ' + "[" * 200 + "]" * 200 + "}",
    "\ud800",
]


@pytest.mark.parametrize("field,value", [(f, v) for f, values in BAD_FIELDS.items() for v in values])
def test_each_bad_field_is_set_aside_with_a_reason_and_home_lists_the_rest(field, value):
    backend = MemoryBackend({SAVE_PREFIX + "good": json.dumps(good(1)), SAVE_PREFIX + "bad": json.dumps(dict(good(2), **{field: value}))})
    app = StandIn(backend)
    text = render_everything(app)
    assert "Good 1" in text and "Good 2" not in text
    assert SAVE_PREFIX + "bad" not in backend.data
    aside = json.loads(backend.data[ASIDE_PREFIX + "bad"])
    assert aside["text"] == json.dumps(dict(good(2), **{field: value})) and aside["reason"]
    assert len(app.notices) == 1 and "set aside" in app.notices[0][1]
    assert ASIDE_PREFIX + "bad" in text  # the damaged-records list names it


@pytest.mark.parametrize("text", BAD_TEXTS, ids=lambda t: repr(t[:20]))
def test_unreadable_texts_are_set_aside(text):
    backend = MemoryBackend({SAVE_PREFIX + "good": json.dumps(good(1)), SAVE_PREFIX + "bad": text})
    app = StandIn(backend)
    assert "Good 1" in render_everything(app)
    assert ASIDE_PREFIX + "bad" in backend.data and SAVE_PREFIX + "bad" not in backend.data


def test_a_deeply_nested_record_is_refused_before_parsing():
    deep = '{"format": "towers-and-worlds-save", "moves": ' + "[" * 100_000 + "]" * 100_000 + "}"
    assert too_deep(deep)
    assert not too_deep(json.dumps(good(1))) and not too_deep('"[[[[[[[[[[[[[[[[[[[[[[[[[[["')  # brackets in text are text
    assert not too_deep("[" * MAX_DEPTH + "]" * MAX_DEPTH) and too_deep("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    with pytest.raises(SaveError) as err:
        parse_save(deep, GAMES)
    assert "deep" in str(err.value)
    with pytest.raises(SaveError, match="not readable JSON"):
        load_json("[" * 20)  # cut short, not deep


def test_real_saves_are_nowhere_near_the_depth_limit():
    """The deepest move of each game, played at random, leaves room under MAX_DEPTH."""
    import random

    for module in GAMES.values():
        state, rng, save = module.new_game(module.MIN_PLAYERS, None, 3), random.Random(3), []
        for _ in range(120):
            if module.outcome(state) is not None:
                break
            move = rng.choice(module.legal_moves(state))
            save.append(module.move_to_json(move))
            state = module.apply(state, move)
        text = json.dumps(new_save(module.ID, {}, ["A", "B"], 3, save))
        assert not too_deep(text)
        assert not too_deep(text.replace('"moves": [', '"moves": [[[[[[[[').replace("]}", "]]]]]]]]}"))


def test_a_name_that_is_an_object_is_shown_as_text_never_as_attributes():
    data = load_json('{"style": "position:fixed;inset:0", "id": "import-file"}')
    assert isinstance(data, JsonObject)
    tree = h("strong", data)
    assert tree.attrs == {} and "position:fixed" in text_of(tree)
    nested = h("p", {"class": "x"}, data, [data])
    assert nested.attrs == {"class": "x"} and text_of(nested).count("import-file") == 2
    assert h("b", {"id": "code"}).attrs == {"id": "code"}  # a dict written in the code still gives attributes


def test_bad_settings_are_set_aside_and_the_rest_kept():
    backend = MemoryBackend({SETTINGS_KEY: json.dumps({"names": 5, "reduce_motion": True, "curtain": "yes"})})
    app = StandIn(backend)
    assert app.settings == {"reduce_motion": True}
    assert "player names" in app.store.problems[0] and "hide hands" in app.store.problems[0]
    assert json.loads(backend.data[SETTINGS_KEY]) == {"reduce_motion": True}  # rewritten: not reported again
    assert json.loads(backend.data[ASIDE_PREFIX + "settings"])["text"] == json.dumps({"names": 5, "reduce_motion": True, "curtain": "yes"})
    render_everything(app)
    for text in ("[1, 2]", "null", "{", "[" * 5000 + "]" * 5000):
        app = StandIn(MemoryBackend({SETTINGS_KEY: text}))
        assert app.settings == {} and len(app.store.problems) == 1
        render_everything(app)
    app = StandIn(MemoryBackend({SETTINGS_KEY: json.dumps({"names": ["  Ana  ", "B" * 99]})}))
    assert app.settings["names"] == ["Ana", "B" * 40] and not app.store.problems
    text = render_everything(app)
    assert "Seat 4" in text


@pytest.mark.parametrize("value", ["[1, 2]", "null", "5", "{", json.dumps({"reason": {"a": 1}}), "[" * 9000 + "]" * 9000])
def test_odd_set_aside_records_are_listed_by_key(value):
    app = StandIn(MemoryBackend({ASIDE_PREFIX + "x": value, SAVE_PREFIX + "good": json.dumps(good(1))}))
    text = render_everything(app)
    assert "Good 1" in text and ASIDE_PREFIX + "x" in text and "a record of unknown content" in text


def test_a_record_too_big_to_set_aside_is_reported_truthfully_once():
    backend = MemoryBackend(quota=60_000)
    backend.set(SAVE_PREFIX + "good", json.dumps(good(1)))
    backend.set(SAVE_PREFIX + "huge", "x" * 50_000)
    app = StandIn(backend)
    assert "Good 1" in render_everything(app)
    assert len(app.notices) == 1
    message = app.notices[0][1]
    assert "too full to set it aside" in message and "stays where it is" in message and "was set aside" not in message
    assert SAVE_PREFIX + "huge" in backend.data and app.store.full
    assert app.store.usage()["aside"] > 50_000 and app.store.usage()["saves"] < 5_000  # the stuck record is damaged, not a save
    for _ in range(3):  # later renders list the same things and say nothing new
        assert "Good 1" in render_everything(app)
    assert len(app.notices) == 1
    assert SAVE_PREFIX + "huge" in render_everything(app)  # offered for deletion
    app.store.forget(SAVE_PREFIX + "huge")
    assert SAVE_PREFIX + "huge" not in backend.data and SAVE_PREFIX + "huge" not in render_everything(app)
    assert not app.store.full  # room again: the probe write went through


def test_a_full_store_lists_and_opens_saves_and_says_what_to_delete():
    backend = MemoryBackend(quota=30_000)
    backend.set(SAVE_PREFIX + "good", json.dumps(good(1)))
    backend.set("someone-else", "y" * 25_000)
    app = StandIn(backend, full=True)
    text = render_everything(app)
    assert "Good 1" in text and "Storage is full" in text and "other pages of this site" in text
    assert app.store.get("good")["name"] == "Good 1"
    with pytest.raises(StorageFull):
        app.store.put(dict(good(2), id="two", padding="z" * 10_000))


def test_stored_keys_that_this_app_never_writes_are_set_aside():
    backend = MemoryBackend({SAVE_PREFIX + "a/b<c>": json.dumps(good(1))})
    app = StandIn(backend)
    assert app.store.list() == [] and "name this app does not use" in app.store.problems[0]


# -- fuzz: any JSON in any field, any text in any record


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = [
    "format",
    "version",
    "game",
    "options",
    "seats",
    "seed",
    "moves",
    "name",
    "saved_at",
    "id",
    "kept",
    "revision",
    "finished",
    "to_act",
    "result",
]


@st.composite
def records(draw):
    """A stored record: a good one with some fields replaced or dropped, or any JSON at all."""
    kind = draw(st.sampled_from(["mutated", "mutated", "json", "text"]))
    if kind == "json":
        return json.dumps(draw(json_values))
    if kind == "text":
        return draw(st.text(max_size=40))
    record = good(draw(st.integers(0, 5)))
    for field in draw(st.lists(st.sampled_from(FIELDS), max_size=3, unique=True)):
        if draw(st.booleans()):
            record[field] = draw(json_values)
        else:
            record.pop(field, None)
    return json.dumps(record, allow_nan=True)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(records(), max_size=4), json_values, json_values)
def test_fuzz_any_records_leave_every_screen_working(texts, settings_value, aside_value):
    data = {SAVE_PREFIX + f"r{i}": text for i, text in enumerate(texts)}
    data[SAVE_PREFIX + "good"] = json.dumps(good(9))
    data[SETTINGS_KEY] = json.dumps(settings_value)
    data[ASIDE_PREFIX + "old"] = json.dumps(aside_value)
    app = StandIn(MemoryBackend(data))
    text = render_everything(app)
    assert "Good 9" in text
    listed = app.store.list()
    listed_ids = {r["id"] for r in listed}
    for i in range(len(texts)):  # each record is either listed or set aside, never both, never lost
        key = f"r{i}"
        assert (key in listed_ids) != (ASIDE_PREFIX + key in app.store.backend.keys())
    for record in listed:
        assert isinstance(record.get("name", ""), str) and isinstance(record.get("saved_at", 0.0), float)
        try:
            replay(GAMES[record["game"]], record)
        except SaveError:
            pass  # opening it sets it aside with this message (CurrentGame.open)
    assert len(app.notices) == len(texts) - len(listed_ids - {"good"}) + (1 if app.store.backend.get(ASIDE_PREFIX + "settings") else 0)
    assert not find_all(home.render(app.context(), app.act), lambda e: e.tag in ("script", "img", "iframe"))


@pytest.mark.parametrize(
    "text,why",
    [
        (json.dumps(dict(good(1), game=["war-of-the-worlds"])), "does not say which game"),
        ("[" * 200_000 + "]" * 200_000, "nests lists more than"),
        (json.dumps(dict(good(1), name={"style": "x"})), "name is not text"),
        (json.dumps(dict(good(1), moves=[[{"x": 1}]])), "move 1 of the save is"),
    ],
)
def test_a_refused_import_names_its_trouble(text, why):
    with pytest.raises(SaveError) as err:
        save = parse_save(text, GAMES)
        replay(GAMES[save["game"]], save)
    assert why in str(err.value)


def test_the_revision_counter_is_read_back_and_checked():
    backend = MemoryBackend(
        {SAVE_PREFIX + "a": json.dumps(good(1, revision=7)), SAVE_PREFIX + "b": json.dumps(good(2, revision="7")), SAVE_PREFIX + "c": "{"}
    )
    store = Store(backend, FACTS)
    assert store.revision("a") == 7 and store.revision("b") == 0 and store.revision("c") == 0 and store.revision("none") == 0
    assert [r["id"] for r in store.list()] == ["a"] and store.get("a")["revision"] == 7
    assert "revision number is unreadable" in json.loads(backend.data[ASIDE_PREFIX + "b"])["reason"]


def test_a_malformed_summary_is_dropped_and_the_game_kept():
    """Whose turn and the result are notes the app writes for Home: a bad one costs the note only."""
    ok = {"finished": True, "to_act": 1, "result": {"winners": [0], "scores": [7, 5], "reason": "All cells are full."}}
    assert {k: v for k, v in parse_save(json.dumps(dict(good(1), **ok)), GAMES).items() if k in ok} == {
        "finished": True,
        "to_act": 1,
        "result": {"winners": [0], "scores": [7.0, 5.0], "reason": "All cells are full."},
    }
    for bad in (
        {"to_act": 2},
        {"to_act": True},
        {"finished": "yes"},
        {"finished": True, "result": {"winners": [5], "scores": None, "reason": "x"}},
        {"finished": True, "result": {"winners": [0], "scores": [1e400], "reason": "x"}},
        {"finished": True, "result": {"winners": [0], "scores": [1], "reason": "x"}},
        {"finished": True, "result": [1]},
    ):
        record = parse_save(json.dumps(dict(good(1), **bad)), GAMES)
        for key, value in bad.items():
            assert record.get(key) != value or key == "finished"
        app = StandIn(MemoryBackend({SAVE_PREFIX + "g": json.dumps(dict(good(1), **bad))}))
        assert "Good 1" in render_everything(app) and not app.notices
