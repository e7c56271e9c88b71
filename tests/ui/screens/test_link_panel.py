"""The link panel of a game by link (ui/screens/link_panel.py), drawn without the page: a link too
long for some chat apps says so and puts its file first (Send… shares the file where the share sheet
can); a short link stays as it was, its file a quiet extra; and a link file can be opened there and
on Home."""

from __future__ import annotations

import json
from functools import cache

from recording import RecordingActions
from tabletop.engine.rng import Rng
from tabletop.games import FACTS, GAMES
from tabletop.link.simulate import Device
from tabletop.ui.saves.link_file import LONG_LINK_CHARS
from tabletop.ui.saves.storage import MemoryBackend, Store
from tabletop.ui.screens import home
from tabletop.ui.screens.link_panel import Sends, panel
from tabletop.ui.shell.context import SavesView, ScreenContext
from tabletop.ui.shell.router import Route
from tabletop.ui.table.session import Session
from tabletop.ui.web.dom import El, find_all, text_of

SHORT = "https://a.example/towers/#/open/l1." + "A" * 300
LONG = "https://a.example/towers/#/open/l1." + "A" * 34_000  # a Towers of Wyoming first link's length


@cache
def link_sent() -> dict:
    """Ana's game by link once her first link is made: it waits for Ben's answer."""
    ana = Device("war-of-the-worlds")
    ana.create(["Ana", "Ben"], {}, 0)
    rng = Rng(2)
    while ana.can_move():
        ana.move(rng)
    assert ana.outbox() is not None and ana.save is not None
    return json.loads(json.dumps(ana.save))


def session_by_link() -> Session:
    return Session(GAMES["war-of-the-worlds"], link_sent())


def drawn(url: str, sheet: bool = False, sheet_file: bool = False) -> tuple[El, list[str], RecordingActions]:
    asked: list[str] = []
    sends = Sends(
        share=lambda: asked.append("share"),
        copy=lambda: asked.append("copy"),
        save=lambda: asked.append("save"),
        sheet=sheet,
        sheet_file=sheet_file,
    )
    act = RecordingActions()
    return panel(act, session_by_link(), url, "Ben", sends), asked, act


def by_id(tree: El, ident: str) -> El | None:
    found = find_all(tree, lambda el: el.attrs.get("id") == ident)
    return found[0] if found else None


def buttons(tree: El) -> list[tuple[str, bool]]:
    """The send buttons in their order, and which is the primary one."""
    row = find_all(tree, lambda el: "button-row" in el.attrs.get("class", ""))[0]
    return [(text_of(b), "primary" in b.attrs.get("class", "")) for b in row.children if isinstance(b, El) and b.tag == "button"]


def test_a_long_link_says_so_plainly_and_its_file_comes_first():
    tree, asked, _act = drawn(LONG)
    note = by_id(tree, "long-link")
    assert note is not None
    words = text_of(note)
    assert f"{len(LONG):,} characters" in words and "34,035" in words
    assert "some chat apps cut long messages" in words and "as a file always works" in words
    assert "Save as file, then attach the file" in words and "Ben opens it with Open a link file…" in words
    assert buttons(tree) == [("Save as file", True), ("Copy link", False), ("Abandon game", False)]
    save = by_id(tree, "save-link")
    assert save is not None
    save.events["click"](None)
    assert asked == ["save"]


def test_a_long_link_goes_by_the_share_sheet_as_a_file_where_it_takes_files():
    tree, asked, _act = drawn(LONG, sheet=True, sheet_file=True)
    assert buttons(tree)[:3] == [("Send…", True), ("Save as file", False), ("Copy link", False)]
    assert "Send… shares it as a file" in text_of(by_id(tree, "long-link") or "")
    share = by_id(tree, "share-link")
    assert share is not None
    share.events["click"](None)
    assert asked == ["share"]


def test_a_long_link_where_the_share_sheet_takes_no_files_is_saved_first():
    tree, _asked, _act = drawn(LONG, sheet=True, sheet_file=False)
    assert buttons(tree)[:3] == [("Save as file", True), ("Send…", False), ("Copy link", False)]
    assert "Save as file, then attach" in text_of(by_id(tree, "long-link") or "")


def test_a_short_link_is_as_it_was_with_its_file_a_quiet_extra():
    for sheet, first in ((False, "Copy link"), (True, "Send…")):
        tree, _asked, _act = drawn(SHORT, sheet=sheet)
        assert by_id(tree, "long-link") is None
        shown = buttons(tree)
        assert shown[0] == (first, True) and ("Save as file", False) in shown and shown[-2] == ("Save as file", False)
        assert "(335 characters)" in text_of(tree)
    tree, _asked, _act = drawn("x" * LONG_LINK_CHARS)
    assert by_id(tree, "long-link") is None  # the threshold itself is not long


def test_the_answer_to_a_link_sent_can_be_opened_from_a_file_and_only_then():
    tree, _asked, act = drawn(SHORT)
    chosen = by_id(tree, "open-link-file")
    assert chosen is not None and chosen.attrs["type"] == "file" and chosen.attrs["accept"] == ".txt,text/plain"
    labels = find_all(tree, lambda el: el.tag == "label" and el.attrs.get("for") == "open-link-file")
    assert [text_of(label) for label in labels] == ["Open a link file…"]
    assert "Did Ben send their link as a file?" in text_of(tree)
    chosen.events["change"]("an event")
    assert act.calls == [("open_link_file", ("an event",), {})]
    tree, _asked, act = drawn("")  # this device's move: no link sent, none to answer
    assert buttons(tree) == [("Abandon game", False)] and by_id(tree, "friend-link") is None
    assert by_id(tree, "open-link-file") is None


def test_home_opens_a_link_file_for_the_first_link_of_a_new_game():
    ctx = ScreenContext(Route("home"), {}, (), SavesView(Store(MemoryBackend(), FACTS)))
    act = RecordingActions()
    tree = home.render(ctx, act)
    chosen = by_id(tree, "home-link-file")
    assert chosen is not None and chosen.attrs["accept"] == ".txt,text/plain"
    labels = find_all(tree, lambda el: el.tag == "label" and el.attrs.get("for") == "home-link-file")
    assert [text_of(label) for label in labels] == ["Open a link file…"]
    chosen.events["change"]("an event")
    assert act.names() == ["open_link_file"]


def home_buttons(code_chars: int) -> list[tuple[str, bool]]:
    save = link_sent()
    code = save["link"]["last"]
    store = Store(MemoryBackend(), GAMES)
    store.put(dict(save, link=dict(save["link"], last=code + "A" * max(0, code_chars - len(code))), saved_at=1))
    tree = home.render(ScreenContext(Route("home"), {}, (), SavesView(store)), RecordingActions())
    (item,) = find_all(tree, lambda el: "saved-item" in el.attrs.get("class", ""))
    return [(text_of(b), "primary" in b.attrs.get("class", "")) for b in find_all(item, lambda el: el.tag == "button")]


def test_home_sends_a_long_link_again_as_a_file_first():
    assert home_buttons(0)[:2] == [("Copy link", True), ("Delete", False)]
    assert home_buttons(LONG_LINK_CHARS + 1)[:3] == [("Save as file", True), ("Copy link", False), ("Delete", False)]
