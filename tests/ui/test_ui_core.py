"""Browser-free parts of the UI: routes, the element tree, saved-game storage."""

import json

import pytest

from tabletop.engine.saves import MAX_SAVE_BYTES, new_save
from tabletop.ui.saves.storage import ASIDE_PREFIX, SAVE_PREFIX, MemoryBackend, StorageFull, Store, oversized_file
from tabletop.ui.shell.router import Route, parse
from tabletop.ui.web.dom import find_all, h, text_of


class FakeGame:
    ID = "fake"
    TITLE = "Fake"
    MIN_PLAYERS, MAX_PLAYERS = 2, 2


GAMES = {"fake": FakeGame}


@pytest.mark.parametrize(
    "fragment,route",
    [
        ("", Route("home")),
        ("#/", Route("home")),
        ("#/settings", Route("settings")),
        ("#/rules", Route("rules")),
        ("#/rules/fake", Route("rules", "fake")),
        ("#/play/fake/abc", Route("play", "fake", "abc")),
        ("#/new/fake", Route("new", "fake")),
        ("#/embed/fake", Route("embed", "fake")),
        ("#/rules/readings", Route("rules", arg="readings")),
    ],
)
def test_routes(fragment, route):
    assert parse(fragment, ("fake",)) == route


@pytest.mark.parametrize(
    "fragment", ["#/nope", "#/play", "#/play/other", "#/settings/x", "#/new/fake/a/b", "#/new/readings", "#/rules/readings/x"]
)
def test_unknown_routes(fragment):
    assert parse(fragment, ("fake",)).name == "not-found"


def test_element_tree_keeps_text_as_text():
    name = "<img src=x onerror=alert(1)>"
    tree = h("div.card#c1", {"data-x": name}, h("b", name), None, [1, False, "two"])
    assert tree.attrs == {"data-x": name, "class": "card", "id": "c1"}
    assert text_of(tree) == name + "1two"
    assert find_all(tree, lambda e: e.tag == "img") == []


def test_element_tree_refuses_inline_handlers():
    with pytest.raises(ValueError):
        h("img", {"onerror": "alert(1)"})
    with pytest.raises(ValueError):
        h("div", on_hover=print)


def record(i=0, **extra):
    save = new_save("fake", {}, ["Ana", "Ben"], seed=i)
    return dict(save, id=f"g{i}", saved_at=100 + i, **extra)


def test_store_lists_newest_first_and_sets_aside_bad_records():
    backend = MemoryBackend()
    store = Store(backend, GAMES)
    store.put(record(1))
    store.put(record(2))
    backend.set(SAVE_PREFIX + "bad", "{not json")
    backend.set(SAVE_PREFIX + "foreign", json.dumps({"format": "other"}))
    listed = store.list()
    assert [r["id"] for r in listed] == ["g2", "g1"]
    assert SAVE_PREFIX + "bad" not in backend.keys() and ASIDE_PREFIX + "bad" in backend.keys()
    aside = json.loads(backend.get(ASIDE_PREFIX + "bad"))
    assert aside["text"] == "{not json" and aside["problem"] == "corrupt"
    assert len(store.problems) == 2


def test_store_full_raises_and_keeps_older_saves():
    backend = MemoryBackend(quota=2000)
    store = Store(backend, GAMES)
    store.put(record(1))
    with pytest.raises(StorageFull):
        store.put(record(2, padding="x" * 5000))
    assert [r["id"] for r in store.list()] == ["g1"]


def test_store_without_backend_runs_in_memory():
    store = Store(None, GAMES)
    assert not store.available
    store.put(record(3))
    assert store.get("g3")["seed"] == 3


def test_an_oversized_file_is_refused_by_its_size_alone():
    assert oversized_file(0) is None and oversized_file(MAX_SAVE_BYTES) is None
    error = oversized_file(MAX_SAVE_BYTES + 1)
    assert error.problem == "too-large" and f"limit is {MAX_SAVE_BYTES // 1024} KB" in str(error)
    assert "2048 KB" in str(oversized_file(2048 * 1024))
