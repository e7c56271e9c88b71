"""The War of the Worlds is readable on a phone and a tablet: the arrows are large and stand out
on every coaster colour, a legal target is marked in the colour of the side to act, the attack
vs defence badges are legible and apart, and the turn buttons leave the column letters in view."""

from __future__ import annotations

import pytest

from conftest import shot
from test_war_of_the_worlds import MODULE, click_move, open_game, wotw_game

SIZES = {"phone": (390, 844), "landscape": (1024, 768)}
MIN_ARROW = {"phone": (16, 8), "landscape": (22, 11)}  # (long side, short side) in px of the smallest arrow


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two computed colours ('rgb(r, g, b)')."""

    def lum(c: str) -> float:
        r, g, b = (float(v) / 255 for v in c[c.index("(") + 1 :].rstrip(")").split(",")[:3])
        r, g, b = (v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in (r, g, b))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


ARROWS = """() => [...document.querySelectorAll('.wotw-coaster')].map(plate => {
    const cid = [...plate.classList].find(c => /^wotw-c\\d$/.test(c));
    const arrows = [...document.querySelectorAll(`.wotw-cell.${cid} .wotw-arrow`)];
    const boxes = arrows.map(a => a.getBoundingClientRect());
    const fill = arrows.length ? getComputedStyle(arrows[0]).fill : null;
    return {coaster: cid, plate: getComputedStyle(plate).backgroundColor, fill, count: arrows.length,
            long: Math.min(...boxes.map(b => Math.max(b.width, b.height))),
            short: Math.min(...boxes.map(b => Math.min(b.width, b.height)))};
})"""

BOXES_APART = """sel => { const r = [...document.querySelectorAll(sel)].map(e => {  // a label's box is its letter's, not its grid cell's
        if (!e.classList.contains('wotw-lab')) return e.getBoundingClientRect();
        const range = document.createRange(); range.selectNodeContents(e); const b = range.getBoundingClientRect();
        return {left: b.left - 2, right: b.right + 2, top: b.top - 2, bottom: b.bottom + 2}; });  // and 2 px round it
    const hits = [];
    r.forEach((a, i) => r.slice(i + 1).forEach(b => { if (a.left < b.right - 0.5 && b.left < a.right - 0.5
        && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) hits.push([a.left, a.top, b.left, b.top]); }));
    return {count: r.length, hits}; }"""


def sized(page, name: str):
    w, h = SIZES[name]
    page.set_viewport_size({"width": w, "height": h})
    page.wait_for_timeout(150)


def marker_colour(page) -> str:
    return page.eval_on_selector(".wotw-cell.is-target", "e => getComputedStyle(e, '::after').backgroundColor")


def decision_colour(page) -> str:
    return page.eval_on_selector(".wotw-decision", "e => getComputedStyle(e).borderLeftColor")


@pytest.mark.parametrize("name", list(SIZES))
def test_arrows_are_large_and_stand_out_on_every_coaster(app, name):
    open_game(app, 2, [])
    sized(app, name)
    shot(app, f"wotw-readable-arrows-{name}")
    found = app.evaluate(ARROWS)
    assert len(found) == 3 and all(c["count"] >= 6 for c in found), found
    for coaster in found:
        assert contrast(coaster["fill"], coaster["plate"]) >= 3, coaster  # was 1.5-2.1: a dark triangle on its own dark colour
        assert coaster["long"] >= MIN_ARROW[name][0] and coaster["short"] >= MIN_ARROW[name][1], coaster


@pytest.mark.parametrize("name", list(SIZES))
def test_target_markers_are_in_the_colour_of_the_side_to_act(app, name):
    sized(app, name)
    open_game(app, 2, [])
    app.click("#wotw-size-small")
    app.wait_for_selector(".wotw-cell.is-target")
    aliens = marker_colour(app)
    assert aliens == decision_colour(app), (aliens, decision_colour(app))
    r, g, b = (float(v) for v in aliens[aliens.index("(") + 1 :].rstrip(")").split(",")[:3])
    assert g > r and g > b, aliens  # the Aliens' green, not the Humans' yellow
    _, moves = wotw_game(2, stop=lambda s, m: len(m) > 0 and s.phase == "place" and MODULE.to_act(s) == 1)
    open_game(app, 2, moves)
    app.click("#wotw-size-small")
    app.wait_for_selector(".wotw-cell.is-target")
    shot(app, f"wotw-readable-humans-target-{name}")
    humans = marker_colour(app)
    assert humans == decision_colour(app) and humans != aliens, (humans, aliens)


@pytest.mark.parametrize("name", list(SIZES))
def test_destruction_badges_are_legible_and_apart(app, name):
    seed = 5
    _, moves = wotw_game(seed, stop=lambda s, m: s.phase == "destroy")
    open_game(app, seed, moves[:-1])
    sized(app, name)
    click_move(app, moves[-1])
    app.wait_for_selector("[data-phase='destroy']")
    shot(app, f"wotw-readable-destroy-{name}")
    sizes = app.eval_on_selector_all(".wotw-odds", "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert len(sizes) >= 2 and min(sizes) >= 11, sizes  # was 9.6 px on a phone
    apart = app.evaluate(BOXES_APART, ".wotw-odds, .wotw-lab")
    assert apart["hits"] == [], apart
    cells = app.evaluate(BOXES_APART, ".wotw-cell .wotw-odds")
    assert cells["count"] == len(sizes)
    inside = app.eval_on_selector_all(
        ".wotw-odds",
        """els => els.every(e => { const b = e.getBoundingClientRect(),
        c = e.closest('.wotw-cell').getBoundingClientRect(); return b.left >= c.left - 0.5 && b.right <= c.right + 0.5
        && b.top >= c.top - 0.5 && b.bottom <= c.bottom + 0.5; })""",
    )
    assert inside, "each badge stays on its own cell"
    app.locator(".wotw-cell.is-doomed[data-move]").first.click()
    app.wait_for_selector(".wotw-cell[data-recent='destroyed']")
    fonts = app.eval_on_selector_all(
        ".wotw-cell[data-recent]:not([data-recent='from'])", "els => els.map(e => parseFloat(getComputedStyle(e, '::before').fontSize))"
    )
    assert fonts and min(fonts) >= 11, fonts


@pytest.mark.parametrize("name", list(SIZES))
@pytest.mark.parametrize("cell", ["A1", "D1", "A4"])
def test_turn_buttons_leave_the_labels_in_view(app, name, cell):
    open_game(app, 1, [{"kind": "place", "size": "large", "cell": cell}])
    sized(app, name)
    app.wait_for_selector(".wotw-coaster.is-active .wotw-turn-cw")
    shot(app, f"wotw-readable-turn-{cell}-{name}")
    apart = app.evaluate(BOXES_APART, ".wotw-turn, .wotw-lab")
    assert apart["count"] == 14 and apart["hits"] == [], apart
    inside = app.eval_on_selector_all(
        ".wotw-turn",
        """els => els.every(e => { const b = e.getBoundingClientRect();
        return b.left >= 0 && b.right <= innerWidth; })""",
    )
    assert inside, "the turn buttons are on the screen"
