"""Tower War by link: two browser contexts with their own storage, each a friend's browser, play a
whole game only by passing the links the table shows: the draft dealt round by round by joint
chance (the chooser's take waits for the friend's link), each player choosing a deck the other
cannot see, battles from hidden hands, and the tower built by the unsteady hand with no link
awaited for a piece. Each device shows its own cards and never the other's, until the end."""

from __future__ import annotations

from conftest import boot, moves_made, shot, wait_until
from test_play_by_link import friend_link, my_move, open_link, play_one, start_by_link


def test_two_devices_play_a_whole_game_of_tower_war_by_links(browser, site):
    ana_context, ana, ana_log = boot(browser, site, permissions=["clipboard-read", "clipboard-write"])
    ben_context, ben, ben_log = boot(browser, site, viewport=(390, 844))  # a phone
    try:
        start_by_link(ana, ("Ana", "Ben"), friend=1, game="tower-war")
        wait_until(ana, "() => location.hash === '#/' && document.body.innerText.includes('the first roll or deal is made when')")
        ana.click(".saved-item button:has-text('Copy link')")  # the first round is dealt on Ben's device
        open_link(ben, wait_until(ana, "() => navigator.clipboard.readText()"))
        assert "Waiting for" in ben.inner_text("#link-state")  # Ana splits first: Ben's share goes back to her
        devices, turn, links, waited_takes, sizes = [ana, ben], 1, 1, 0, []
        seen: dict[str, bool] = {}
        while True:
            mover = devices[turn % 2]
            while my_move(mover):
                play_one(mover)
            state = mover.inner_text("#link-state")
            if "The game is over" in state and mover.locator("#friend-link").count() == 0:
                break
            if "goes with the link below" in state:
                waited_takes += 1
            url = friend_link(mover)
            sizes.append(len(url))
            other = devices[(turn + 1) % 2]
            open_link(other, url)
            links += 1
            if "build" not in seen and other.locator("#twar-suggest").count():
                seen["build"] = True
                shot(other, "tower-war-by-link-deck")  # the friend's choice of deck: not shown here
                assert "is choosing the cards of their deck" in mover.inner_text(".twar-build") or my_move(other)
            if "battle" not in seen and other.locator(".twar-handcard").count():
                seen["battle"] = True
                shot(other, "tower-war-by-link-battle")
                hand = other.locator(".twar-line[data-seat] .twar-handcard").count()
                assert hand and f"{hand} in hand" in mover.inner_text(".twar-battle")  # the friend sees backs only
            turn += 1
            if "The game is over" in other.inner_text("#link-state") and not other.locator("#friend-link").count():
                break
            assert links < 600
        assert moves_made(ana) == moves_made(ben)
        assert waited_takes >= 5  # each draft round after the first: the take waits for the friend's share
        assert max(sizes) < 2000, max(sizes)
        shot(ana, "tower-war-by-link-end-ana")
        shot(ben, "tower-war-by-link-end-ben")
        for page in (ana, ben):
            assert "the game was played fair" in page.inner_text("#link-state")
        ends = [page.locator("details:has-text('Cards turned up at the end')").text_content() for page in (ana, ben)]  # shut on a phone
        assert ends[0] == ends[1] and "(Blue), deck" in ends[0] and "(Red), cards left out of the deck" in ends[0]
        assert not ana_log.errors and not ben_log.errors
    finally:
        ana_context.close()
        ben_context.close()
