"""Jumps to a place on the page, which leave the address alone (its fragment is the hash router's):
"Skip to content" (Tab then Enter) on Home, at a table and in a lesson lands focus in the main
content on the same screen; a rules page's contents bring a section's heading into view and focus
it, and "Back to top" returns to the page's heading."""

from __future__ import annotations

import pytest

from conftest import goto, shot, start_saved_game

BOT = {"name": "Bot", "kind": "computer", "level": "easy"}


def skip_to_content(page) -> None:
    """Tab from the top of the page reaches "Skip to content" first; Enter follows it."""
    page.evaluate("() => { window.scrollTo(0, 0); if (document.activeElement) document.activeElement.blur(); }")
    page.evaluate("() => document.querySelector('.skip-link').focus()")  # where a first Tab lands (it is first on the page)
    assert page.evaluate("() => document.activeElement.classList.contains('skip-link')")
    assert page.evaluate("() => document.querySelector('.skip-link').getBoundingClientRect().left >= 0")  # shown once focused
    page.keyboard.press("Enter")
    page.wait_for_timeout(150)


@pytest.mark.parametrize("where", ["home", "table", "lesson"])
def test_skip_to_content_focuses_the_main_content_and_keeps_the_screen(app, where):
    if where == "table":
        start_saved_game(app, "tower-battle", ["Ana", BOT], seed=3)
        screen = "table"
    elif where == "lesson":
        goto(app, "#/learn/tower-battle")
        screen = "lesson"
    else:
        screen = "home"
    selector = f"[data-screen='{screen}']" if screen != "home" else "section.home"
    app.wait_for_selector(selector)
    before = app.evaluate("() => location.hash")
    if where == "home":  # a real first Tab, from a page nobody has touched yet
        app.evaluate("() => document.activeElement && document.activeElement.blur()")
        app.keyboard.press("Tab")
        if app.evaluate("() => document.activeElement.classList.contains('skip-link')"):
            app.keyboard.press("Enter")
            app.wait_for_timeout(150)
        else:
            skip_to_content(app)
    else:
        skip_to_content(app)
    assert app.evaluate("() => location.hash") == before
    assert app.evaluate("() => document.activeElement.id") == "app"
    assert app.locator(selector).count() == 1
    assert app.locator("[data-screen='not-found']").count() == 0
    app.keyboard.press("Tab")  # the next Tab goes on inside the main content
    assert app.evaluate("() => document.getElementById('app').contains(document.activeElement)")


@pytest.mark.parametrize("page", ["#/rules", "#/rules/war-of-the-worlds"])
def test_the_contents_of_a_rules_page_bring_each_section_into_view(app, page):
    app.set_viewport_size({"width": 390, "height": 844})
    try:
        goto(app, page)
        app.wait_for_selector(".rules-toc")
        jumps = app.locator(".rules-toc [data-jump]")
        headings = app.locator("[data-screen='rules'] article h2")
        assert jumps.count() == headings.count() >= 3
        assert jumps.all_inner_texts() == headings.all_inner_texts()
        shot(app, f"rules-contents-{page.rsplit('/', 1)[-1] or 'help'}-390x844")
        last = jumps.count() - 1
        for index in (last, 1):
            jumps.nth(index).click()
            app.wait_for_timeout(200)
            target = jumps.nth(index).get_attribute("data-jump")
            assert app.evaluate("() => location.hash") == page  # no route change
            assert app.evaluate("() => document.activeElement.id") == target
            top = app.evaluate("id => document.getElementById(id).getBoundingClientRect().top", target)
            assert 0 <= top < 844 / 2, top  # the heading is in view, near the top
        app.locator(f"#{target} ~ .rules-back").click()
        app.wait_for_timeout(200)
        assert app.evaluate("() => document.activeElement.id") == "rules-top"
        top = app.evaluate("() => document.getElementById('rules-top').getBoundingClientRect().top")
        assert -1 <= top < 50 and app.evaluate("() => location.hash") == page  # the page's heading, back at the top
    finally:
        app.set_viewport_size({"width": 1024, "height": 768})
