"""Small things a phone (390x844) used to get wrong, each measured on the page: a card's role word
(DIPLOMAT, ASSASSIN) fits its card; Tower Battle's chosen card stays clear of the heading above it;
Towers of Wyoming's "to play" badge leaves each builder's card count on the name's line, so the two
panels side by side keep the same head; The War of the Worlds' turn buttons leave the column letters
readable, in a lesson too. Screenshots in e2e/screenshots/phone-detail-*."""

from __future__ import annotations

import json

import tabletop.games.tower_battle as tb
from conftest import goto, start_saved_game
from tabletop.games import REGISTRY
from test_phone_table import PHONE, view_shot
from test_wotw_readability import BOXES_APART

BOT = {"name": "Bot", "kind": "computer", "level": "easy"}
# The letters (their glyphs' boxes) each turn button's focus ring (4 px round the button) touches.
RING_CLEAR = """() => { const letters = [...document.querySelectorAll('.wotw-lab')].map(e => { const r = document.createRange();
    r.selectNodeContents(e); return [e.textContent, r.getBoundingClientRect()]; });
  const hits = [];
  for (const b of document.querySelectorAll('.wotw-turn')) { const o = b.getBoundingClientRect();
    for (const [text, l] of letters) if (l.left < o.right + 4 && o.left - 4 < l.right && l.top < o.bottom + 4 && o.top - 4 < l.bottom)
      hits.push(text); }
  return hits; }"""


def seed_with_roles() -> int:
    """A deal where Red (first) holds a Queen: its card says DIPLOMAT, the longest role word."""
    for seed in range(1, 400):
        if any(str(c).startswith("Q") for c in tb.new_game(2, {"first": "red"}, seed).hands[0]):
            return seed
    raise AssertionError("no deal with a Queen in Red's hand")


def test_tower_battle_role_words_fit_and_the_chosen_card_clears_the_heading(app):
    app.set_viewport_size(PHONE)
    try:
        start_saved_game(app, "tower-battle", ["Ana", BOT], seed_with_roles(), {"first": "red"}, save_id="e2e-phone-detail-tb")
        app.wait_for_selector(".tb-hand-card")
        roles = app.eval_on_selector_all(
            ".tb-hand-cards .tb-role", "els => els.map(e => [e.textContent, e.scrollWidth - e.clientWidth, getComputedStyle(e).fontSize])"
        )
        assert any(text.lower() == "diplomat" for text, _over, _size in roles), roles
        assert all(over <= 0 for _text, over, _size in roles), roles  # nothing cut off
        view_shot(app, "phone-detail-tb-hand")
        app.locator(".tb-hand-card").first.click()
        app.wait_for_selector(".tb-hand-card.tb-selected")
        app.wait_for_timeout(200)  # the lift's transition
        gap = app.evaluate(
            """() => { const card = document.querySelector('.tb-hand-card.tb-selected .tb-card').getBoundingClientRect();
            const head = document.querySelector('#tb-prompt').getBoundingClientRect(); return card.top - 5 - head.bottom; }"""
        )  # (5 px: the ring drawn around the chosen card)
        assert gap >= 0, f"the chosen card's ring overlaps the heading by {-gap:.1f}px"
        view_shot(app, "phone-detail-tb-chosen")
        app.locator(".tb-hand-card.tb-selected").click()  # chosen no more: a card left chosen shifts a later game's page
        app.wait_for_selector(".tb-hand-card.tb-selected", state="detached")
    finally:
        app.set_viewport_size({"width": 1024, "height": 768})


def test_wyoming_card_counts_stay_on_the_names_line(app):
    app.set_viewport_size(PHONE)
    try:
        start_saved_game(app, "towers-of-wyoming", ["Alexandra", BOT], 7, save_id="e2e-phone-detail-tow")  # a longer name
        app.wait_for_selector(".tow-badge-turn")
        heads = app.eval_on_selector_all(
            ".tow-seat-head",
            """els => els.map(h => { const name = h.querySelector('.tow-name').getBoundingClientRect();
            const count = h.querySelector('.tow-hand-size').getBoundingClientRect();
            return {line: Math.abs((count.top + count.bottom) / 2 - (name.top + name.bottom) / 2), height: h.getBoundingClientRect().height}; })""",
        )
        assert len(heads) == 2 and all(h["line"] < 4 for h in heads), heads  # the count beside the name, not under it
        assert abs(heads[0]["height"] - heads[1]["height"]) < 2, heads  # the two panels' heads line up
        view_shot(app, "phone-detail-tow")
    finally:
        app.set_viewport_size({"width": 1024, "height": 768})


def test_wotw_turn_buttons_leave_the_letters_readable_in_the_lesson(app):
    """The lesson's war machine step, at a phone's size: ↺ and ↻ cover no column letter or row number."""
    lesson = REGISTRY["war-of-the-worlds"].lesson
    assert lesson is not None
    turn = next(i for i, step in enumerate(lesson.steps) if step.part == "coaster-turn")
    chosen = [None if step.read_only else step.moves[0] for step in lesson.steps[:turn]]
    progress = {"chosen": chosen, "phase": "do", "said": ""}
    app.set_viewport_size(PHONE)
    try:
        app.evaluate("([k, v]) => twSaves.write(k, v)", ["tw:lesson:war-of-the-worlds", json.dumps(progress)])
        goto(app, "#/learn/war-of-the-worlds")
        app.wait_for_selector(".wotw-coaster.is-active .wotw-turn-cw")
        app.wait_for_timeout(200)
        apart = app.evaluate(BOXES_APART, ".wotw-turn, .wotw-lab")
        view_shot(app, "phone-detail-wotw-lesson-turn")
        assert apart["hits"] == [], apart
        assert app.evaluate(RING_CLEAR) == [], "a turn button's focus ring touches a letter"
    finally:
        app.set_viewport_size({"width": 1024, "height": 768})
