"""The readings page (ui/screens/readings.py, ``#/rules/readings``): every reading of every game's
guide, each right under the rule it settles, reached from every rules page and reaching each back;
every reading docs/rules-edition.md gives is on it."""

from __future__ import annotations

from recording import RecordingActions
from repo import ROOT
from tabletop.games import FACTS, GAMES, REGISTRY
from tabletop.ui.saves.storage import MemoryBackend, Store
from tabletop.ui.screens import readings, rules
from tabletop.ui.shell.context import SavesView, ScreenContext
from tabletop.ui.shell.notices import Notices
from tabletop.ui.shell.pages import Pages
from tabletop.ui.shell.router import Route, parse
from tabletop.ui.table.current_game import CurrentGame
from tabletop.ui.web.dom import El, find_all, text_of

DOC = ROOT / "docs" / "rules-edition.md"
NOTE = f"**{rules.EDITION_NOTE}** "


def page() -> El:
    return readings.render(ScreenContext.detached(None, route=Route("rules", arg="readings")))


def notes(tree: El) -> list[str]:
    return [
        text_of(e).removeprefix(rules.EDITION_NOTE).strip() for e in find_all(tree, lambda e: "edition-note" in e.attrs.get("class", ""))
    ]


def test_every_reading_the_docs_give_is_on_the_page():
    documented = [line.removeprefix(NOTE) for line in DOC.read_text(encoding="utf-8").splitlines() if line.startswith(NOTE)]
    shown = notes(page())
    assert len(documented) >= 20
    assert [r for r in documented if r not in shown] == []


def test_the_page_holds_every_reading_of_every_guide_once_under_its_rule():
    tree = page()
    wanted = [
        reading
        for game_id in REGISTRY
        for _title, paras in rules.guide_for(game_id)
        for p in paras
        if isinstance(p, tuple)
        for reading in p[1:]
    ]
    assert notes(tree) == wanted
    for section in find_all(tree, lambda e: e.tag == "section" and e.attrs.get("data-screen") is None):
        kids = [c for c in section.children if isinstance(c, El)]
        for i, kid in enumerate(kids):
            if "edition-note" in kid.attrs.get("class", ""):
                rule = kids[i - 1]
                assert rule.tag == "p" and "edition-note" not in rule.attrs.get("class", "")


def test_each_game_has_its_section_in_the_contents_and_links_its_rules():
    tree = page()
    [toc] = find_all(tree, lambda e: "rules-toc" in (e.attrs.get("class") or "").split())
    headings = [(text_of(e), e.attrs.get("id")) for e in find_all(tree, lambda e: e.tag == "h2")]
    assert [text for text, _id in headings] == [entry.title for entry in REGISTRY.values()]
    assert [(text_of(e), e.attrs["data-jump"]) for e in find_all(toc, lambda e: "data-jump" in e.attrs)] == headings
    hrefs = [e.attrs["href"] for e in find_all(tree, lambda e: e.tag == "a")]
    assert all(hrefs.count(f"#/rules/{game_id}") == 2 for game_id in REGISTRY)  # the tabs, and the game's own section
    assert not find_all(tree, lambda e: e.attrs.get("aria-current") == "page")


def test_every_rules_page_links_the_readings_page_by_a_route_that_reaches_it():
    ctx = ScreenContext.detached()
    for game_id in [None, *REGISTRY]:
        [link] = find_all(rules.render(ctx, game_id), lambda e: e.tag == "a" and e.attrs.get("href") == "#/rules/readings")
        assert text_of(link) == (rules.READINGS_TITLE if game_id is None else rules.ALL_READINGS)
    assert parse("#/rules/readings", tuple(REGISTRY)) == Route("rules", arg="readings")
    assert "readings" not in REGISTRY


def test_the_app_draws_the_page_at_its_route_and_a_games_rules_at_the_games():
    store = Store(MemoryBackend(), FACTS)
    pages = Pages(CurrentGame(store, lambda: GAMES, Notices()), {}, lambda fragment: fragment)

    def heading(fragment: str) -> str:
        ctx = ScreenContext(parse(fragment, tuple(REGISTRY)), {}, (), SavesView(store))
        [h1] = find_all(pages.draw(ctx, RecordingActions(), lambda: None), lambda e: e.tag == "h1")
        return text_of(h1)

    assert heading("#/rules/readings") == readings.TITLE
    assert heading("#/rules/tower-war") == "Rules of Tower War"
