"""A game by link's link sent as a file (ui/saves/link_file.py): its name and text, the link read
back from whatever a chosen file holds, and a file opened through the same path as the link's
address (``#/open/CODE``), so every check of a link applies and a file that holds none changes nothing."""

from __future__ import annotations

import sys
import types

import pytest

from tabletop.engine.rng import Rng
from tabletop.link.codes import PREFIX
from tabletop.link.simulate import Device
from tabletop.ui.saves.link_file import (
    LINK_PREFIX,
    LONG_LINK_CHARS,
    MAX_LINK_FILE_BYTES,
    NotALink,
    code_from_link_text,
    is_long,
    link_file_name,
    link_file_text,
    too_large,
)
from tabletop.ui.saves.storage import MemoryBackend, Store
from tabletop.ui.shell.notices import Notices
from tabletop.ui.shell.router import parse

CODE = "l1.eNqrVspTsjLQUcpVslIyVNJRSs4vSlWyUjI2MDRU0lEqzs8tSk1RslJyLCjKz0tVsgKqqgUAk_MOmw"
URL = f"https://friend.example/towers/#/open/{CODE}"


def first_link() -> str:
    """Ana's first link of a new game of The War of the Worlds (she plays the Aliens, who begin)."""
    ana = Device("war-of-the-worlds")
    ana.create(["Ana", "Ben"], {}, 0)
    rng = Rng(5)
    while ana.can_move():
        ana.move(rng)
    code = ana.outbox()
    assert code is not None
    return code


def test_the_prefix_is_the_one_links_are_made_with():
    assert LINK_PREFIX == PREFIX


@pytest.mark.parametrize(
    "text",
    [
        URL,
        URL + "\n",
        f"\r\n\t  {URL}  \r\n\r\n",
        f"\ufeff{URL}\n",  # a byte-order mark some editors write
        f"http://127.0.0.1:8000/sub/#/open/{CODE}",
        f"HTTPS://FRIEND.EXAMPLE/#/open/{CODE}",
        f"#/open/{CODE}",
        f"  #/open/{CODE}\n",
        CODE,
        f"\n{CODE}\n",
        f"{URL[:40]}\n{URL[40:90]}\n{URL[90:]}\n",  # broken over lines by a mail program
    ],
)
def test_a_link_file_gives_the_code_whatever_form_the_link_takes(text):
    assert code_from_link_text(text) == CODE


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "it is empty"),
        ("   \n\r\n\t ", "it is empty"),
        ("\ufeff\n", "it is empty"),
        ("Buy milk, eggs and bread.", "no link"),
        ("l1.", "no link"),
        ("l2.eNqrVspTsjLQ", "no link"),
        ("#/open/", "no link"),
        (f"https://friend.example/#/play/war-of-the-worlds/{CODE}", "no link"),
        ("https://friend.example/#/open/eNqrVspTs", "no link"),  # a whole game's link, not a move by link
        (f"Here is my move: {URL}", "no link"),
        (f"ftp://friend.example/#/open/{CODE}", "no link"),
        (f"{CODE}<script>", "no link"),
        (f"{CODE}é", "no link"),
        ("l1.abc\x00\x01\x02", "no link"),
        ("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "no link"),  # a picture, read as text
        ("PK\x03\x04\x14\x00\x06\x00", "no link"),  # a document
        ("\ufffd\ufffd\ufffd", "no link"),  # binary the browser decoded with replacement characters
        (f"{URL}\n{URL}\n", "no link"),  # two links: which one?
        ("l1." + "A" * MAX_LINK_FILE_BYTES, "too large"),
    ],
)
def test_anything_else_in_a_file_is_no_link_and_says_so(text, why):
    with pytest.raises(NotALink) as refused:
        code_from_link_text(text)
    assert why in str(refused.value)


def test_a_file_too_large_is_refused_by_its_size_before_it_is_read():
    assert too_large(0) is None and too_large(MAX_LINK_FILE_BYTES) is None
    said = too_large(MAX_LINK_FILE_BYTES + 1)
    assert said == "the file is too large to be a link (512 KB; the limit is 512 KB)"
    assert "600 KB" in (too_large(600 * 1024) or "")


def test_the_file_is_the_link_and_a_newline_under_a_name_of_safe_characters():
    assert link_file_text(URL) == URL + "\n"
    assert code_from_link_text(link_file_text(URL)) == CODE
    assert link_file_name("war-of-the-worlds", 3) == "towers-and-worlds-war-of-the-worlds-link-3.txt"
    assert link_file_name("Tower Battle/../../etc", 1) == "towers-and-worlds-towerbattleetc-link-1.txt"
    assert link_file_name("", -2) == "towers-and-worlds-game-link-0.txt"
    assert is_long("x" * (LONG_LINK_CHARS + 1)) and not is_long("x" * LONG_LINK_CHARS)


def test_a_real_first_link_read_back_from_its_file_is_the_route_of_its_address():
    code = first_link()
    url = f"http://127.0.0.1:8000/towers/#/open/{code}"
    read = code_from_link_text(link_file_text(url))
    assert read == code
    route = parse(f"#/open/{read}")
    assert (route.name, route.arg) == ("open", code)


# ---------------------------------------------------------------- opened at the app, browser stood in for


@pytest.fixture()
def transfer_module(monkeypatch):
    """ui/saves/transfer.py imported with a stand-in page; what it asks of the page is recorded, and
    the modules imported for it are forgotten again afterwards."""
    asked: list[tuple[str, str]] = []
    fake_js = types.ModuleType("js")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy, ffi.jsnull, ffi.to_js = (lambda fn: fn), object(), (lambda value, **_kw: value)
    before = set(sys.modules)
    monkeypatch.setitem(sys.modules, "js", fake_js)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    from tabletop.ui.saves import transfer
    from tabletop.ui.web import browser

    monkeypatch.setattr(browser, "replace_hash", lambda fragment: asked.append(("replace_hash", fragment)))
    monkeypatch.setattr(browser, "set_hash", lambda fragment: asked.append(("set_hash", fragment)))
    monkeypatch.setattr(browser, "read_file", lambda file, done: asked.append(("read_file", file.name)) or done(file.text))
    yield transfer, asked
    for name in ("tabletop.ui.saves.transfer", "tabletop.ui.web.browser"):  # the two that hold the stand-in page
        if name not in before:
            sys.modules.pop(name, None)
            parent, _, child = name.rpartition(".")
            if hasattr(sys.modules[parent], child):
                delattr(sys.modules[parent], child)


class Chosen:
    """A file input's ``event``, holding one chosen file (or none)."""

    def __init__(self, name: str | None = None, text: str = "", size: int | None = None) -> None:
        file = types.SimpleNamespace(name=name, text=text, size=len(text.encode()) if size is None else size)
        files = [file] if name is not None else []
        self.target = types.SimpleNamespace(
            value="C:\\fakepath\\" + (name or ""),
            files=types.SimpleNamespace(length=len(files), item=lambda i: files[i]),
        )


def app_parts(transfer_module):
    from tabletop.games import GAMES
    from tabletop.ui.table.current_game import CurrentGame

    transfer, asked = transfer_module
    store = Store(MemoryBackend(), GAMES)
    game = CurrentGame(store, lambda: GAMES, Notices())
    said: list[tuple[str, str]] = []
    went: list[str] = []
    return transfer.Transfer(game, lambda text, kind: said.append((kind, text)), went.append), store, said, went, asked


def test_a_link_file_opens_as_its_address_would_and_the_game_joins_the_saves(transfer_module):
    files, store, said, went, asked = app_parts(transfer_module)
    code = first_link()
    event = Chosen("towers-and-worlds-war-of-the-worlds-link-1.txt", link_file_text(f"https://a.example/#/open/{code}"))
    files.open_link_file(event)
    assert said == [] and went == [] and asked[-1] == ("set_hash", f"#/open/{code}")  # the route of the link's address
    assert event.target.value == ""  # the same file can be chosen again
    files.open_link(parse(asked[-1][1]).arg or "")  # what the app does on arriving at #/open/CODE
    assert asked[-1][0] == "replace_hash" and asked[-1][1].startswith("#/play/war-of-the-worlds/")
    assert [r["seats"][0]["name"] for r in store.list()] == ["Ana"]
    files.open_link_text(link_file_text(code))  # the same link again, from its file: refused by the link's own check
    assert asked[-1] == ("set_hash", f"#/open/{code}")
    files.open_link(parse(asked[-1][1]).arg or "")
    assert any("opened here before" in text for kind, text in files.game.notices.items if kind == "error")
    assert len(store.list()) == 1


@pytest.mark.parametrize(
    ("event", "why"),
    [
        (Chosen("holiday.jpg", "\x89PNG\r\n\x1a\n\x00\x00"), "it holds no link of a game by link"),
        (Chosen("empty.txt", ""), "it is empty"),
        (Chosen("huge.txt", "l1.", size=600 * 1024), "the file is too large to be a link (600 KB; the limit is 512 KB)"),
    ],
)
def test_a_file_that_holds_no_link_is_refused_in_one_line_and_nothing_changes(transfer_module, event, why):
    files, store, said, went, asked = app_parts(transfer_module)
    store.put({**saved_game(), "id": "kept", "saved_at": 1})
    before = dict(store.backend.data)
    files.open_link_file(event)
    assert said == [("error", f"Could not open the link file: {why}. Nothing was changed.")]
    assert went == [] and not [a for a in asked if a[0] in ("replace_hash", "set_hash")]
    assert store.backend.data == before and [r["id"] for r in store.list()] == ["kept"]
    assert ("read_file", "huge.txt") not in asked  # refused by its size, unread
    files.open_link_file(Chosen())  # no file chosen (the picker dismissed): nothing said
    assert len(said) == 1


def test_a_file_the_browser_could_not_read_is_said_so(transfer_module):
    files, _store, said, went, _asked = app_parts(transfer_module)
    files.open_link_text(None)
    assert said == [("error", "The file could not be read. Nothing was changed.")] and went == []


def saved_game() -> dict:
    from tabletop.engine.saves import new_save

    return new_save("war-of-the-worlds", {}, [{"name": "Cy"}, {"name": "Di"}], 3, [])
