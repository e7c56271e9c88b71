"""Player names are text, kept apart from the words around them, on every screen that shows them:
a name that carries direction controls (U+202E) or invisible characters (U+200D) arrives without
them, each name sits in a ``<bdi>`` so the sentence around it reads in order, and a name of 40
wide letters or a stack of accents neither widens the page nor pushes a button off it, at 360 px
and at 1024 px.

Games arrive as saves (``start_saved_game``) with the raw names in them, as a file or an old
record would bring them; a game link (``#/open/g1.…``) and the settings form bring them too."""

from __future__ import annotations

import json

import pytest

from conftest import boot, goto, random_game, shot, start_saved_game
from tabletop.engine.position_codes import POSITION_VERSION, position_code
from tabletop.engine.saves import VERSION
from tabletop.engine.share import pack_json, save_to_code, text_from_code
from tabletop.games import GAMES

WIDTHS = {"phone": (360, 740), "wide": (1024, 768)}
REVERSING = "Ana\u202e"  # shown "Ana": the override would turn "Ana wins" into "Anasniw"
JOINER = "Bob\u200d"  # shown "Bob": the joiner makes a second "Bob" that is not the same name
WIDE = "W" * 40
FULL_WIDTH = "Ｗ" * 40
MARKS = "Zoe" + "\u0301" * 12  # shown "Zoé" and one more accent: the rest of the stack is dropped
SHOWN = {REVERSING: "Ana", JOINER: "Bob", WIDE: WIDE, FULL_WIDTH: FULL_WIDTH, MARKS: "Zoé\u0301"}
SEATS = {  # each game with a long name and a cleaned one
    "tower-war": [WIDE, REVERSING],
    "war-of-the-worlds": [REVERSING, FULL_WIDTH],
    "tower-battle": [MARKS, WIDE],
    "towers-of-wyoming": [JOINER, FULL_WIDTH],
}
INVISIBLE = "[\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\u061c\ufeff]"

# Text nodes holding a name outside a <bdi> (option and SVG text hold no elements: skipped).
NAMES_OUTSIDE_BDI = """names => {
  const out = [], walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n; (n = walk.nextNode()); ) {
    const p = n.parentElement;
    if (!p || p.closest('option, textarea, script, style, svg, bdi')) continue;
    for (const name of names) if (n.data.includes(name)) out.push(`${p.tagName.toLowerCase()}.${p.className}: ${n.data.slice(0, 80)}`);
  }
  return out;
}"""
# What reaches past the window's sides: the page's width, then each name (one cut with an ellipsis
# is clipped by its box) and each button (all of it, in its box and in the window).
PAST_THE_SIDES = """() => {
  const out = [], width = innerWidth, page = document.scrollingElement.scrollWidth;
  if (page > width) out.push(`the page: ${page} px in ${width}`);
  const clipper = e => { for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
    if (getComputedStyle(a).overflowX !== 'visible') return a; return null; };
  for (const e of document.querySelectorAll('bdi, button, a.button')) {
    const r = e.getBoundingClientRect(), box = clipper(e);
    if (!r.width || e.closest('.visually-hidden')) continue;
    const edge = box ? box.getBoundingClientRect().right : Infinity, name = e.tagName === 'BDI';
    const right = name ? Math.min(r.right, edge) : r.right;  // a name may be cut by its box, a button not
    if (right > Math.min(width, name ? Infinity : edge) + 1 || r.left < -1)
      out.push(`${e.tagName.toLowerCase()} "${e.textContent.slice(0, 30)}": ${Math.round(r.left)}..${Math.round(r.right)} in ${width}`);
  }
  return out;
}"""


def record(game: str, names: list[str], seed: int, moves: list[dict], save_id: str) -> dict:
    return {
        "format": "towers-and-worlds-save",
        "version": VERSION,
        "game": game,
        "options": {},
        "seats": [{"name": n} for n in names],
        "seed": seed,
        "moves": moves,
        "id": save_id,
        "saved_at": 1,
    }


def shown(names: list[str]) -> list[str]:
    return [SHOWN[n] for n in names]


def looks_right(page, names: list[str], label: str) -> None:
    """At each width: every name in a <bdi>, no direction control or invisible character shown,
    nothing past the window's sides; a screenshot of each."""
    for width, (w, h) in WIDTHS.items():
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(100)
        assert page.evaluate(NAMES_OUTSIDE_BDI, names) == [], f"{label} at {w} px"
        assert not page.evaluate("re => new RegExp(re).test(document.body.innerText)", INVISIBLE), f"{label} at {w} px"
        assert page.evaluate(PAST_THE_SIDES) == [], f"{label} at {w} px"
        shot(page, f"names-{label}-{width}")
    page.set_viewport_size({"width": 1024, "height": 768})


def reads(page, selector: str) -> tuple[str, list[str]]:
    """An element's text as read, and the text of the <bdi> elements in it."""
    return page.inner_text(selector).strip(), page.eval_on_selector_all(f"{selector} bdi", "els => els.map(e => e.textContent)")


def test_home_lists_every_game_with_its_names_isolated(app):
    for game, names in SEATS.items():  # each game twice: in progress, and finished (the winner said)
        _state, moves = random_game(game, 3, lambda s, m: len(m) >= 6)
        final, played = random_game(game, 3)
        outcome = GAMES[game].outcome(final)
        result = {"winners": list(outcome.winners), "scores": None, "reason": outcome.reason}
        for key, saved in (
            ("on", record(game, names, 3, moves, "")),
            ("end", dict(record(game, names, 3, played, ""), finished=True, result=result)),
        ):
            saved["id"] = f"names-{key}-{game}"
            app.evaluate("([k, v]) => twSaves.write(k, v)", [f"tw:save:{saved['id']}", json.dumps(saved)])
    goto(app, "#/settings")
    goto(app, "#/")
    app.wait_for_selector(".finished-list .saved-item")
    every = sorted({n for names in SEATS.values() for n in shown(names)}, key=len, reverse=True)
    text = app.inner_text("main")
    assert "Ana" in text and "Bob" in text and FULL_WIDTH in text and "Zoé\u0301" in text
    assert app.locator(".saved-item").count() == 8
    looks_right(app, every, "home")


@pytest.mark.parametrize("game", list(SEATS))
def test_the_table_the_hand_over_and_the_dialogs_read_in_order(app, game):
    names = SEATS[game]
    _state, moves = random_game(game, 4, lambda s, m: len(m) >= 7)
    start_saved_game(app, game, names, 4, {}, moves, save_id=f"names-{game}")
    if app.locator(".curtain").count():
        to_act = int(app.get_attribute(".curtain", "data-curtain"))
        said, isolated = reads(app, "#curtain-title")
        assert said == f"Pass the device to {shown(names)[to_act]}" and isolated == [shown(names)[to_act]]
        looks_right(app, shown(names), f"{game}-curtain")
        app.click("#curtain-go")
    app.wait_for_selector("[data-screen='table'] .table-side")
    assert app.locator(".seat-list bdi").all_inner_texts() == shown(names)
    looks_right(app, shown(names), f"{game}-table")
    app.click("#share-game")
    app.wait_for_selector("#share-link")
    looks_right(app, shown(names), f"{game}-share")
    app.click("#share-close")
    app.click("#embed-position")
    app.wait_for_selector("#embed-widget-call")
    looks_right(app, shown(names), f"{game}-embed")
    app.click("#embed-close")


@pytest.mark.parametrize("game", list(SEATS))
def test_game_over_says_who_won_in_order(app, game):
    names = SEATS[game]
    final, moves = random_game(game, 5)
    module = GAMES[game]
    outcome = module.outcome(final)
    assert outcome is not None
    start_saved_game(app, game, names, 5, {}, moves, save_id=f"names-end-{game}")
    app.wait_for_selector("[data-end]")
    said, isolated = reads(app, "#end-title")
    sides = module.SEAT_NAMES
    labels = [f"{n} ({sides[i]})" if sides else n for i, n in enumerate(shown(names))]
    if not outcome.is_draw:
        assert said == " and ".join(labels[w] for w in outcome.winners) + (" wins" if len(outcome.winners) == 1 else " win")
        assert isolated == [shown(names)[w] for w in outcome.winners]
    looks_right(app, shown(names), f"{game}-over")
    app.click("#end-history")
    app.wait_for_function("() => location.hash.startsWith('#/replay/')")
    app.wait_for_selector("[data-screen]")
    looks_right(app, shown(names), f"{game}-history")


def test_a_game_link_and_the_settings_bring_names_cleaned(app):
    game, names = "tower-battle", [REVERSING, MARKS]
    code = save_to_code({**record(game, names, 6, [], "x"), "name": "Match " + REVERSING})
    app.evaluate("f => { location.hash = f }", "#/open/" + code)
    app.wait_for_selector("[data-screen='table']", state="attached")
    stored = app.evaluate("twSaves.keys().filter(k => k.startsWith('tw:save:')).map(k => twSaves.read(k))")
    assert len(stored) == 1
    seats = json.loads(stored[0])["seats"]
    assert [s["name"] for s in seats] == shown(names)
    assert "\u202e" not in stored[0] and "\u0301" * 2 not in stored[0]
    goto(app, "#/settings")
    app.fill("#default-name-0", JOINER + "\u2066")
    app.fill("#default-name-1", "  Eve\u200f  ")
    app.focus("#default-name-0")
    app.wait_for_function("() => (JSON.parse(twSaves.read('tw:settings') || '{}').names || [])[1] === 'Eve'")  # stored before leaving
    goto(app, "#/new/towers-of-wyoming")
    assert [app.input_value(f"#seat-name-{i}") for i in range(2)] == ["Bob", "Eve"]
    assert json.loads(app.evaluate("twSaves.read('tw:settings')"))["names"][:2] == ["Bob", "Eve"]
    looks_right(app, ["Bob", "Eve"], "new-game")


def test_a_position_diagram_reads_its_names_in_order(browser, site):
    """A diagram's code (``?embed=GAME&position=p1.…``) carries the names as its maker typed them."""
    module = GAMES["tower-battle"]
    state, moves = random_game(module.ID, 8, lambda s, m: len(m) >= 6)
    code = position_code(module, record(module.ID, ["x", "y"], 8, moves, "x"), state, 0)
    data = json.loads(text_from_code(code, POSITION_VERSION))
    code = pack_json(dict(data, names=[MARKS, REVERSING + "\u2069"]), POSITION_VERSION)
    context, page, _recorder = boot(browser, site, f"?embed=tower-battle&position={code}", viewport=(360, 740))
    page.wait_for_selector(".tb")
    assert "Zoé\u0301" in page.inner_text("main") and "Ana" in page.inner_text("main")
    looks_right(page, ["Zoé\u0301", "Ana"], "diagram")
    context.close()
