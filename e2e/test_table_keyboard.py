"""Keyboard at the table: the hand-over curtain holds focus and makes the page behind it inert,
focus lands on the first decision after it, and the arrow keys move through a hand and a board."""

from __future__ import annotations

from conftest import shot, start_saved_game

SIZES = {"landscape": (1024, 768), "portrait": (768, 1024), "phone": (390, 844)}


def active(page) -> dict:
    return page.evaluate("""() => { const a = document.activeElement;
        return {id: a.id, tag: a.tagName, header: !!a.closest('.site-header, .skip-link'),
                rove: a.hasAttribute('data-rove'), tabindex: a.getAttribute('tabindex')}; }""")


def test_curtain_holds_focus_enter_passes_and_focus_lands_on_the_hand(app):
    start_saved_game(app, "tower-battle", ["Ana", "Ben"], 11, {"first": "red"}, save_id="e2e-kb-curtain")
    app.wait_for_selector("#curtain-go")
    assert active(app)["id"] == "curtain-go"
    assert app.evaluate("document.querySelector('.site-header').inert && document.querySelector('.skip-link').inert")
    for _ in range(7):  # Tab never reaches the header links hidden behind the curtain
        app.keyboard.press("Tab")
        assert not active(app)["header"]
    app.focus("#curtain-go")
    ring = app.evaluate(
        "(() => { const s = getComputedStyle(document.getElementById('curtain-go'));"
        " return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor]; })()"
    )
    assert ring[0] != "none" and ring[1] >= 3 and ring[2] == "rgb(255, 255, 255)"  # white on the navy curtain
    for name, size in SIZES.items():
        app.set_viewport_size({"width": size[0], "height": size[1]})
        shot(app, f"keyboard-curtain-{name}")
    app.set_viewport_size({"width": 1024, "height": 768})
    app.keyboard.press("Enter")
    app.wait_for_selector(".curtain", state="detached")
    now = active(app)
    assert now["id"].startswith("tb-hand-") and now["rove"] and now["tabindex"] == "0"
    assert not app.evaluate("document.querySelector('.site-header').inert")
    # one Tab stop for the hand: the other cards wait for the arrow keys
    assert app.locator(".tb-hand-cards [data-rove][tabindex='0']").count() == 1
    first = now["id"]
    app.keyboard.press("ArrowRight")
    second = active(app)["id"]
    assert second.startswith("tb-hand-") and second != first
    assert app.get_attribute(f"#{second}", "tabindex") == "0" and app.get_attribute(f"#{first}", "tabindex") == "-1"
    app.keyboard.press("ArrowLeft")
    assert active(app)["id"] == first
    app.keyboard.press("End")
    last = active(app)["id"]
    assert last != first
    app.keyboard.press("Enter")  # choose that card: the re-render keeps it focused and it stays the Tab stop
    app.wait_for_selector(f"#{last}[aria-pressed='true']")
    assert active(app)["id"] == last and app.get_attribute(f"#{last}", "tabindex") == "0"
    shot(app, "keyboard-hand-chosen")


def test_arrow_keys_walk_the_war_of_the_worlds_board(app):
    start_saved_game(app, "war-of-the-worlds", ["Ana", "Ben"], 4, {}, save_id="e2e-kb-wotw")
    app.wait_for_selector(".wotw-board")
    assert app.locator(".wotw-frame [data-rove][tabindex='0']").count() == 1
    app.locator(".wotw-frame [data-rove][tabindex='0']").focus()
    start = active(app)["id"]
    assert start.startswith("wotw-")
    app.keyboard.press("ArrowDown")
    below = active(app)["id"]
    assert below != start and below[-2] == start[-2] and int(below[-1]) == int(start[-1]) + 1  # same column, next row
    app.keyboard.press("ArrowRight")
    right = active(app)["id"]
    assert right[-1] == below[-1] and ord(right[-2]) > ord(below[-2])
    assert app.locator(".wotw-frame [data-rove][tabindex='0']").count() == 1


def test_arrow_keys_walk_a_towers_of_wyoming_hand(app):
    start_saved_game(app, "towers-of-wyoming", ["Ana", "Ben"], 3, {}, save_id="e2e-kb-tow")
    app.wait_for_selector("#curtain-go")
    app.keyboard.press("Enter")
    app.wait_for_selector(".tow-hand")
    now = active(app)
    assert now["id"].startswith("tow-card-") and now["tabindex"] == "0"
    app.keyboard.press("ArrowRight")
    nxt = active(app)
    assert nxt["id"].startswith("tow-card-") and nxt["id"] != now["id"]
    assert app.locator(".tow-hand-cards [data-rove][tabindex='0']").count() == 1


def test_arrow_keys_walk_a_tower_war_hand_and_its_draft(app):
    from test_tower_war import prefix  # engine-computed positions

    _, moves = prefix(3, lambda s: s.phase == "play" and not any(s.current))
    start_saved_game(app, "tower-war", ["Ana", "Ben"], 3, {}, moves, save_id="e2e-kb-twar")
    app.wait_for_selector("#curtain-go")
    app.keyboard.press("Enter")
    app.wait_for_selector(".twar-hand")
    now = active(app)
    assert now["id"].startswith("twar-play-") and now["rove"] and now["tabindex"] == "0"
    assert app.locator(".twar-hand [data-rove][tabindex='0']").count() == 1
    app.keyboard.press("ArrowRight")
    nxt = active(app)
    assert nxt["id"].startswith("twar-play-") and nxt["id"] != now["id"] and nxt["tabindex"] == "0"
    app.keyboard.press("ArrowLeft")
    assert active(app)["id"] == now["id"]
    # the draft's five cards are one group across both piles
    start_saved_game(app, "tower-war", ["Ana", "Ben"], 3, {}, [], save_id="e2e-kb-twar-draft")
    app.wait_for_selector(".twar-zones [data-rove][tabindex='0']")
    assert app.locator(".twar-zones [data-rove][tabindex='0']").count() == 1
    app.locator(".twar-zones [data-rove][tabindex='0']").focus()
    first = active(app)["id"]
    app.keyboard.press("End")
    last = active(app)["id"]
    assert first.startswith("twar-split-") and last.startswith("twar-split-") and last != first
