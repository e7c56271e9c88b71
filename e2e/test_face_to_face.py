"""Face to face: a tablet lying flat between two players. With the setting on, each of the four games
puts the first seat's things at the near edge and the second seat's at the far edge, turned half round;
the turn banner and the curtain turn to whoever is to act; The War of the Worlds' letters and numbers
are on all four edges; the setting is remembered, can be changed at the table, and nothing scrolls
sideways at a tablet's 1180x820 or 820x1180. Screenshots of each game go to e2e/screenshots/face-to-face/
(to docs/face-to-face/ with TW_DOCS_PICTURES=1)."""

from __future__ import annotations

import os

import pytest

from conftest import BOOT_TIMEOUT_MS, READY, ROOT, goto, pass_moment, play_any_move, start_saved_game

# docs/face-to-face/ is rewritten only when asked (TW_DOCS_PICTURES=1): a test run leaves the checkout as it was
DOCS = ROOT / "docs" / "face-to-face" if os.environ.get("TW_DOCS_PICTURES") else ROOT / "e2e" / "screenshots" / "face-to-face"
LANDSCAPE, PORTRAIT = {"width": 1180, "height": 820}, {"width": 820, "height": 1180}
# Each game's seat areas (by their data-edge), and what turns to the seat to act while it is the far one.
AREAS = {
    "tower-war": (".twar-player", ".twar[data-actor-edge='far'] > .twar-prompt"),
    "towers-of-wyoming": (".tow-seat", ".tow-mine[data-edge='far']"),
    "tower-battle": (".tb-seat", ".tb-side[data-edge='far']"),
    "war-of-the-worlds": (".wotw-tray", ".wotw-decision[data-edge='far']"),
}
# How far round an element is turned on the screen, in degrees: the turns of its computed transform
# (matrix(a, b, ...)) and its ancestors', added up (a seat's area may be turned inside a turned block).
TURN = """sel => {
  let e = document.querySelector(sel);
  if (!e) return null;
  let turn = 0;
  for (; e; e = e.parentElement) {
    const t = getComputedStyle(e).transform;
    if (!t || t === 'none') continue;
    const [a, b] = t.slice(7, -1).split(',').map(Number);
    turn += Math.atan2(b, a) * 180 / Math.PI;
  }
  turn = ((Math.round(turn) % 360) + 360) % 360;
  return turn > 180 ? turn - 360 : turn;
}"""
HIDDEN_HANDS = {"tower-battle", "towers-of-wyoming"}  # a curtain comes up before the second seat's first turn
SIDEWAYS = "() => document.documentElement.scrollWidth - innerWidth"


def turn_of(page, selector: str) -> int | None:
    """Degrees ``selector``'s first element is turned on the screen (180 for half round), None if absent."""
    return page.evaluate(TURN, selector)


def half_round(page, selector: str) -> bool:
    return abs(turn_of(page, selector) or 0) == 180


def set_face_to_face(page, on: bool) -> None:
    goto(page, "#/settings")
    box = page.locator("#setting-face-to-face")
    box.wait_for()
    if box.is_checked() != on:
        box.click()
    page.wait_for_function("on => document.documentElement.hasAttribute('data-face-to-face') === on", arg=on)


@pytest.fixture()
def face_to_face(app):
    """The shared page with the setting on, and off again after the test (the page is shared)."""
    app.set_viewport_size(LANDSCAPE)
    set_face_to_face(app, True)
    yield app
    set_face_to_face(app, False)


def go_on(page) -> None:
    """Past the curtain, when it is up."""
    if page.locator(".curtain").count():
        page.click("#curtain-go")
        page.wait_for_selector(".curtain", state="detached")


def until_the_far_seat_acts(page, limit: int = 12) -> bool:
    """Play until the second seat (the far edge) is to act; whether a curtain came up for it on the
    way (each curtain is checked to face the seat that takes the device)."""
    far_curtain = False
    for _ in range(limit):
        if page.locator(".curtain").count():
            far = page.get_attribute(".curtain", "data-edge") == "far"
            assert half_round(page, ".curtain") == far
            far_curtain |= far
        go_on(page)
        if page.get_attribute(".table-bar", "data-edge") == "far":
            return far_curtain
        play_any_move(page)
        pass_moment(page)
    raise AssertionError("the second seat never came to act")


def save_shot(page, game: str) -> None:
    DOCS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(DOCS / f"{game}.jpg"), type="jpeg", quality=70)


@pytest.mark.parametrize("game", list(AREAS))
def test_each_seat_faces_its_edge(face_to_face, game):
    page = face_to_face
    seat, acting = AREAS[game]
    start_saved_game(page, game, ["Ana", "Ben"], 3, save_id=f"e2e-f2f-{game}")
    assert until_the_far_seat_acts(page) == (game in HIDDEN_HANDS)
    assert not half_round(page, f"{seat}[data-edge='near']")
    assert half_round(page, f"{seat}[data-edge='far']")
    assert half_round(page, ".table-bar[data-edge='far'] > .turn-banner")
    assert half_round(page, acting)
    if game == "tower-battle":  # Ana's hand, across the table from Ben's turn, is only a count, as ever
        assert page.locator("[data-part='hand-count:0']").count() == 1 and page.locator(".tb-side [data-part='hand']").count() == 1
    assert page.evaluate(SIDEWAYS) <= 0
    save_shot(page, game)
    page.set_viewport_size(PORTRAIT)
    page.wait_for_timeout(100)
    assert page.evaluate(SIDEWAYS) <= 0, "portrait"
    page.set_viewport_size(LANDSCAPE)


def test_four_builders_sit_on_four_edges(face_to_face):
    """Towers of Wyoming round a table: Ana near, Ben left, Cy across, Di right, each area turned to its
    builder; Ben's curtain is turned a quarter round to the left edge."""
    page = face_to_face
    start_saved_game(page, "towers-of-wyoming", ["Ana", "Ben", "Cy", "Di"], 3, save_id="e2e-f2f-four")
    go_on(page)
    play_any_move(page)
    pass_moment(page, expect=True)
    assert page.get_attribute(".curtain", "data-edge") == "left" and turn_of(page, ".curtain") == 90
    go_on(page)
    turns = {edge: turn_of(page, f".tow-seat[data-edge='{edge}']") for edge in ("near", "left", "far", "right")}
    assert turns == {"near": 0, "left": 90, "far": 180, "right": -90}
    boxes = {edge: page.locator(f".tow-seat[data-edge='{edge}']").bounding_box() for edge in ("near", "left", "far", "right")}
    assert boxes["left"]["x"] < boxes["near"]["x"] < boxes["right"]["x"] and boxes["far"]["y"] < boxes["near"]["y"]
    assert boxes["left"]["height"] > boxes["left"]["width"], "the left builder's area stands along the left edge"
    assert page.evaluate(SIDEWAYS) <= 0
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(DOCS / "towers-of-wyoming-four.jpg"), type="jpeg", quality=70)


def test_the_war_of_the_worlds_board_reads_from_both_sides(face_to_face):
    page = face_to_face
    start_saved_game(page, "war-of-the-worlds", ["Ana", "Ben"], 3, save_id="e2e-f2f-labels")
    near = page.locator(".wotw-lab.wotw-col-0")
    far = page.locator(".wotw-lab.wotw-far-col")
    assert far.count() == 6 and page.locator(".wotw-lab.wotw-far-row").count() == 6
    assert far.first.inner_text() == "A" and not half_round(page, ".wotw-lab.wotw-col-0")
    assert half_round(page, ".wotw-lab.wotw-far-col") and half_round(page, ".wotw-lab.wotw-far-row")
    top, bottom = near.bounding_box(), far.first.bounding_box()
    assert bottom["y"] > top["y"] + 300, "the far letters are along the bottom edge, under the cells"
    assert abs(bottom["x"] - top["x"]) < 4, "under the same column"
    rows = page.locator(".wotw-lab.wotw-far-row").first.bounding_box()
    assert rows["x"] > page.locator(".wotw-lab.wotw-row-0").bounding_box()["x"] + 300


def test_the_setting_is_remembered_and_changed_at_the_table(face_to_face):
    page = face_to_face
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.hasAttribute('data-face-to-face')")
    start_saved_game(page, "tower-battle", ["Ana", "Ben"], 3, save_id="e2e-f2f-toggle")
    go_on(page)
    toggle = page.locator("#table-face-to-face")
    assert toggle.is_checked() and half_round(page, ".tb-seat[data-edge='far']")
    toggle.click()
    page.wait_for_function("!document.documentElement.hasAttribute('data-face-to-face')")
    assert not half_round(page, ".tb-seat[data-edge='far']") and not page.locator("#table-face-to-face").is_checked()
    page.locator("#table-face-to-face").click()
    page.wait_for_function("document.documentElement.hasAttribute('data-face-to-face')")
    assert half_round(page, ".tb-seat[data-edge='far']")
    goto(page, "#/settings")
    assert page.locator("#setting-face-to-face").is_checked()
