"""Towers of Wyoming by link with three players: three browser contexts with their own storage (a
tablet, a tablet held upright and a phone) play a whole game only by passing the links the table
shows, round the table in seat order. Each device reads its own hand and no other; every device
ends with the same game, checked fair."""

from __future__ import annotations

from conftest import boot, goto, moves_made, shot
from test_play_by_link import friend_link, my_move, open_link, play_wyoming


def start_round_the_table(page, names: tuple[str, ...]) -> None:
    """A new game of Towers of Wyoming by link from ``page``: its player in the first seat, a friend on
    their own device in each other."""
    goto(page, "#/new/towers-of-wyoming")
    page.select_option("#player-count", str(len(names)))
    for seat, name in enumerate(names):
        page.fill(f"#seat-name-{seat}", name)
        page.select_option(f"#seat-kind-{seat}", "human" if seat == 0 else "friend")
    page.click("#start-game")


def test_three_devices_play_a_whole_game_of_towers_of_wyoming_passing_links_round_the_table(browser, site):
    names = ("Ana", "Ben", "Cy")
    booted = [boot(browser, site), boot(browser, site, viewport=(768, 1024)), boot(browser, site, viewport=(390, 844))]
    pages = [page for _, page, _ in booted]
    try:
        ana, ben, cy = pages
        start_round_the_table(ana, names)
        ana.wait_for_selector("[data-screen='table']")
        assert "send Ben the link below" in ana.inner_text("#link-state"), ana.inner_text("#link-state")
        holder, links, sizes = 0, 0, []
        while True:
            page = pages[holder]
            while my_move(page):
                play_wyoming(page, holder)
            if not page.locator("#friend-link").count():
                break
            url = friend_link(page)
            sizes.append(len(url))
            holder = (holder + 1) % 3
            open_link(pages[holder], url)
            links += 1
            if links == 3:  # every pass is in; the layers come off each hand in the second round
                assert ana.locator(".tow-hand .tow-card").count() == 0
            if links == 5:
                assert cy.locator(".tow-hand .tow-card").count() == 7, cy.inner_text("body")
                assert ana.locator(".tow-hand .tow-card").count() == 0
                shot(cy, "round-the-table-cy-on-a-phone")
            if links == 6:  # Ana, first to play, reads her seven cards once the link is back round
                assert ana.locator(".tow-hand .tow-card").count() == 7, ana.inner_text("body")
                assert my_move(ana)
            assert links < 400
        for page in pages:
            assert "played fair" in page.inner_text("#link-state"), page.inner_text("#link-state")
        assert moves_made(ana) == moves_made(ben) == moves_made(cy)
        assert ana.inner_text(".game-log") == ben.inner_text(".game-log") == cy.inner_text(".game-log")
        later = sorted(sizes[6:])
        assert later[len(later) // 2] < 1500, later  # a turn's link: the last two players' messages and the mover's
        shot(ben, "round-the-table-the-end")
        assert not any(log.errors for _, _, log in booted)
    finally:
        for context, _, _ in booted:
            context.close()
