"""A game by link between two devices: two browser contexts with their own storage, each a
friend's browser, play a whole game of The War of the Worlds, a match of Tower Battle with its
hidden cards, and a game of Towers of Wyoming from a jointly shuffled pile, only by passing the
links the table shows (or files of them); a link opened twice, or on the device that made it, is
refused in one line."""

from __future__ import annotations

import json

import pytest

from axe import audit
from conftest import boot, goto, moves_made, play_any_move, shot, wait_until


def friend_link(page) -> str:
    page.wait_for_selector("#friend-link")
    return page.input_value("#friend-link")


def open_link(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("[data-screen='table']")


def play_one(page) -> None:
    """A move of this device's; one whose chance waits for the friend's share joins the table only with
    the friend's link (the panel then says so)."""
    play_any_move(page, or_until="document.querySelector('#link-state').textContent.trim() !== 'Your move.'")


def start_by_link(
    page, names: tuple[str, str], friend: int, tactical: bool = False, game: str = "war-of-the-worlds", **options: str
) -> None:
    """A new game by link from ``page`` (The War of the Worlds unless ``game`` says): the friend in
    seat ``friend``; ``options``: the form's selects to set (``target="1"``)."""
    goto(page, f"#/new/{game}")
    for seat, name in enumerate(names):
        page.fill(f"#seat-name-{seat}", name)
        page.select_option(f"#seat-kind-{seat}", "friend" if seat == friend else "human")
    if game == "war-of-the-worlds" and page.is_checked("#option-tactical") != tactical:
        page.click("#option-tactical")
    for key, value in options.items():
        page.select_option(f"#option-{key}", value)
    page.click("#start-game")


def my_move(page) -> bool:
    return page.inner_text("#link-state").strip() == "Your move."


def test_two_devices_play_a_whole_game_of_the_war_of_the_worlds_by_links(browser, site):
    ana_context, ana, ana_log = boot(browser, site)
    ben_context, ben, ben_log = boot(browser, site, viewport=(390, 844))
    try:
        start_by_link(ana, ("Ana", "Ben"), friend=1)
        ana.wait_for_selector("[data-screen='table']")
        assert my_move(ana)  # Aliens move first: Ana plays, then sends
        links, devices, turn = 0, [ana, ben], 0
        while True:
            mover = devices[turn % 2]
            while my_move(mover):
                play_one(mover)
            if "The game is over" in mover.inner_text("#link-state") and mover.locator("#friend-link").count() == 0:
                break
            url = friend_link(mover)
            assert len(url) < 2000
            if links == 0:
                shot(ana, "by-link-ana-sends")
                assert audit(ana, moderate=True) == []  # the link panel, as axe-core reads it
            other = devices[(turn + 1) % 2]
            open_link(other, url)
            links += 1
            if links == 1:
                shot(ben, "by-link-ben-joins")
                assert "Ana's link is in" in ben.inner_text("body")
                assert ben.locator("#last-turn").is_visible()  # Ana's turn, shown again on the board as the computer's is
                open_link(ben, url)  # the same link again
                assert "This link was opened here before" in ben.inner_text("body")
            turn += 1
            if "The game is over" in other.inner_text("#link-state") and not other.locator("#friend-link").count():
                break
            assert links < 200
        assert moves_made(ana) == moves_made(ben)
        assert ana.inner_text(".game-log") == ben.inner_text(".game-log")
        shot(ben, "by-link-the-end")
        goto(ben, "#/")
        assert ben.locator(".saved-item, .finished-item").count() >= 1
        assert not ana_log.errors and not ben_log.errors
    finally:
        ana_context.close()
        ben_context.close()


def play_tower_battle(page, turn: int) -> None:
    """A move of Tower Battle that builds towers (a player who only discards never ends a game):
    a card from the hand played, its face as offered, and every battle offered declared."""
    before = moves_made(page)
    battle = page.locator("[data-move*='declare-battle']:visible:not([disabled])")
    scoring = page.locator("[data-move*='choose-scoring-card']:visible:not([disabled])")
    if battle.count():
        chosen = battle.first
    elif scoring.count():
        chosen = scoring.nth(turn % scoring.count())
    else:
        cards = page.locator("[data-step=card]:visible:not([disabled])")
        cards.nth(turn % cards.count()).click()
        play = page.locator("[data-move*='\"play\"']:visible:not([disabled])")
        if not play.count():
            page.locator("[data-step=tower]:visible:not([disabled])").first.click()  # a face still to choose
        chosen = play.first
    move = chosen.get_attribute("data-move")
    chosen.click()
    try:
        page.wait_for_function(MOVED, arg=before)
    except Exception:  # say what the page said, for a failure seen once in CI (stop 41) and not since
        shot(page, "by-link-tower-battle-stuck")
        said = page.evaluate(STUCK, move)
        again = page.locator(f"[data-move={json.dumps(move)}]:visible:not([disabled])")
        if again.count():  # the same move clicked once more: did the first click go astray, or does the button do nothing?
            again.first.click()
            page.wait_for_timeout(3000)
            said["after a second click"] = page.evaluate(STUCK, move)
        raise AssertionError(f"the move {move} did not go: {json.dumps(said, indent=1)}") from None


MOVED = (
    "n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n"
    " || document.querySelector('#link-state').textContent.trim() !== 'Your move.'"
)
STUCK = """move => ({
  hash: location.hash.slice(0, 40), moves: document.querySelector('[data-screen=table]').dataset.moves,
  state: document.querySelector('#link-state').textContent, notices: [...document.querySelectorAll('.notice')].map(n => n.innerText),
  buttons: document.querySelectorAll(`[data-move="${CSS.escape(move)}"]`).length, focus: document.activeElement && document.activeElement.outerHTML.slice(0, 120),
  trouble: document.documentElement.hasAttribute('data-trouble') ? window.twTroubleDetails() : null,
})"""


@pytest.mark.parametrize("scoring", ["simple", "advanced"])
def test_two_devices_play_a_match_of_tower_battle_by_links_and_each_sees_only_its_own_cards(browser, site, scoring):
    ana_context, ana, ana_log = boot(browser, site)
    ben_context, ben, ben_log = boot(browser, site, viewport=(820, 1180))
    try:
        start_by_link(ana, ("Ana", "Ben"), friend=1, game="tower-battle", target="1", first="red", scoring=scoring)
        ana.wait_for_selector("[data-screen='table']")
        assert "Your new cards come with Ben's next link" in ana.inner_text("#link-state")
        shot(ana, f"by-link-tower-battle-{scoring}-dealt")
        open_link(ben, friend_link(ana))
        assert "Waiting for Ana" in ben.inner_text("#link-state")
        open_link(ana, friend_link(ben))  # Ben's shares of Ana's hand: she reads her cards, Red begins
        assert my_move(ana)
        links, devices, turn = 2, [ana, ben], 0
        while True:
            mover = devices[turn % 2]
            while my_move(mover):
                play_tower_battle(mover, turn)
            state = mover.inner_text("#link-state")
            if "The game is over" in state and mover.locator("#friend-link").count() == 0:
                break
            url = friend_link(mover)
            assert len(url) < 2000
            other = devices[(turn + 1) % 2]
            open_link(other, url)
            links += 1
            if links == 3:
                shot(ben, f"by-link-tower-battle-{scoring}-ben")
                assert audit(ben, moderate=True) == []
            turn += 1
            if "The game is over" in other.inner_text("#link-state") and not other.locator("#friend-link").count():
                break
            assert links < 400
        for page in (ana, ben):
            assert "played fair" in page.inner_text("#link-state"), page.inner_text("#link-state")
        assert moves_made(ana) == moves_made(ben)
        assert ana.inner_text(".game-log") == ben.inner_text(".game-log")
        shot(ana, f"by-link-tower-battle-{scoring}-the-end")
        assert not ana_log.errors and not ben_log.errors
    finally:
        ana_context.close()
        ben_context.close()


def test_a_link_opened_on_the_device_that_made_it_is_refused(browser, site):
    context, page, log = boot(browser, site)
    try:
        start_by_link(page, ("Ben", "Ana"), friend=0)
        page.wait_for_selector("[data-screen='table']")
        url = friend_link(page)  # the friend plays Aliens, who move first: the link goes out at once
        assert "Waiting for" in page.inner_text("#link-state")
        page.goto(url)
        wait_until(page, "() => document.body.innerText.includes('This is the link this device made')")
        assert not log.errors
    finally:
        context.close()


def test_the_treehouse_dice_of_a_game_by_link_are_first_rolled_on_the_friends_device(browser, site):
    ana_context, ana, ana_log = boot(browser, site, permissions=["clipboard-read", "clipboard-write"])
    ben_context, ben, ben_log = boot(browser, site)
    try:
        start_by_link(ana, ("Ana", "Ben"), friend=1, tactical=True)
        wait_until(ana, "() => location.hash === '#/' && document.body.innerText.includes('the first roll or deal is made when')")
        assert "by link, waiting for" in ana.inner_text(".saved-item")
        ana.click(".saved-item button:has-text('Copy link')")
        url = wait_until(ana, "() => navigator.clipboard.readText()")
        assert "#/open/l1." in url
        open_link(ben, url)
        dice = ben.inner_text("[data-screen='table']")
        assert "Waiting for" in ben.inner_text("#link-state")  # Aliens roll first: Ben's share goes back to Ana
        open_link(ana, friend_link(ben))
        assert my_move(ana)
        shot(ana, "by-link-treehouse-dice")
        for _ in range(3):  # a few turns, each roll first known where the link is opened
            for mover, other in ((ana, ben), (ben, ana)):
                while my_move(mover):
                    play_one(mover)
                open_link(other, friend_link(mover))
        # Ben's last move rolled Ana's dice: his device shows it only once Ana's share comes back
        assert moves_made(ana) == moves_made(ben) + 1
        assert "is settled when Ana opens it" in ben.inner_text("#link-state")
        assert dice and not ana_log.errors and not ben_log.errors
    finally:
        ana_context.close()
        ben_context.close()


def test_an_abandoned_game_is_told_to_the_other_device_by_its_last_link(browser, site):
    ana_context, ana, ana_log = boot(browser, site)
    ben_context, ben, ben_log = boot(browser, site)
    try:
        start_by_link(ana, ("Ben", "Ana"), friend=0)
        open_link(ben, friend_link(ana))  # Ben plays the Aliens, who begin
        while my_move(ben):
            play_one(ben)
        open_link(ana, friend_link(ben))
        ana.click("#abandon-game")
        assert "You abandoned this game" in ana.inner_text("#link-state")
        assert ana.locator(".table-main [data-move]").count() == 0
        open_link(ben, friend_link(ana))
        assert ben.inner_text("#link-state") == "Ana abandoned this game."
        assert ben.locator(".table-main [data-move]").count() == 0 and ben.locator("#abandon-game").count() == 0
        goto(ben, "#/")
        assert "abandoned" in ben.inner_text(".saved-item")
        assert not ana_log.errors and not ben_log.errors
    finally:
        ana_context.close()
        ben_context.close()


# ---------------------------------------------------------------- links sent as files


def saved_link_file(page, folder) -> tuple[str, str]:
    """Save as file on the table's panel: the file's name and its text, as the download gives them."""
    with page.expect_download() as info:
        page.click("#save-link")
    download = info.value
    path = folder / download.suggested_filename
    download.save_as(path)
    assert "in your downloads" in page.inner_text("#link-status")
    return download.suggested_filename, path.read_text(encoding="utf-8")


def open_link_file(page, path) -> None:
    """Open a link file as a player does: with the table's input where a game by link is at the
    table, else with Home's; the table is back (or the link's refusal said) when this returns: not
    merely the address changed to the link's ``#/open/…``, which the table still shows for a moment."""
    at_table = page.locator("#open-link-file").count() > 0
    before = page.evaluate("() => [location.hash, (document.querySelector('#link-state') || {}).textContent || '']")
    page.set_input_files("#open-link-file" if at_table else "#home-link-file", str(path))
    page.wait_for_function(
        "before => !location.hash.startsWith('#/open/') && document.querySelector('[data-screen=table] #link-state') &&"
        " [location.hash, document.querySelector('#link-state').textContent].join('|') !== before.join('|')"
        " || document.querySelector('.notice.error')",
        arg=before,
    )


SHARE_SHEET = """
Object.defineProperty(navigator, 'canShare', {configurable: true, value: data => !!(data && data.files && data.files.length)});
Object.defineProperty(navigator, 'share', {configurable: true, value: data => {
  const files = Array.from(data.files || []);
  window.shared = {title: data.title, url: data.url || null, files: files.map(f => [f.name, f.type])};
  return (files.length ? files[0].text() : Promise.resolve('')).then(text => { window.sharedText = text; });
}});
"""


def stored(page) -> dict[str, str]:
    return page.evaluate("() => Object.fromEntries(twSaves.keys().map(k => [k, twSaves.read(k)]))")


def test_two_devices_send_their_links_only_as_files(browser, site, tmp_path):
    ana_context, ana, ana_log = boot(browser, site)
    ben_context, ben, ben_log = boot(browser, site, viewport=(390, 844))
    try:
        start_by_link(ana, ("Ana", "Ben"), friend=1)
        ana.wait_for_selector("[data-screen='table']")
        while my_move(ana):
            play_one(ana)
        url = friend_link(ana)
        name, text = saved_link_file(ana, tmp_path)
        assert name == "towers-and-worlds-war-of-the-worlds-link-1.txt" and text == url + "\n"
        goto(ben, "#/")
        shot(ben, "by-link-file-home")
        assert audit(ben, moderate=True) == []  # Home with its link file input
        open_link_file(ben, tmp_path / name)  # the first link, from Home: the game joins Ben's saves
        assert "Ana's link is in" in ben.inner_text("body") and "Waiting for" not in ben.inner_text("#link-state")
        devices, files = [ben, ana], 1
        for turn in range(4):  # a few turns more, every link a file opened at the table
            mover, other = devices[turn % 2], devices[(turn + 1) % 2]
            while my_move(mover):
                play_one(mover)
            if mover.locator("#save-link").count() == 0:
                break  # the game is over
            name, text = saved_link_file(mover, tmp_path)
            files += 1
            assert name == f"towers-and-worlds-war-of-the-worlds-link-{files}.txt" and text == friend_link(mover) + "\n"
            open_link_file(other, tmp_path / name)
            notes = other.locator(".notices .notice").all_inner_texts()
            assert len(notes) == 1 and "'s link is in" in notes[0], notes  # this link's news alone: the last one's went
        assert files >= 3 and moves_made(ana) == moves_made(ben)
        assert ana.inner_text(".game-log") == ben.inner_text(".game-log")
        shot(ben, "by-link-file-ben")

        # a file that holds no link: one line, and nothing stored changes (at the table, and on Home)
        garbage = tmp_path / "holiday.txt"
        garbage.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
        before, moves = stored(ana), moves_made(ana)
        open_link_file(ana, garbage)
        errors = ana.locator(".notice.error")
        assert errors.count() == 1
        assert errors.first.inner_text().startswith("Could not open the link file: it holds no link of a game by link.")
        assert stored(ana) == before and moves_made(ana) == moves
        goto(ana, "#/")
        empty = tmp_path / "empty.txt"
        empty.write_text("  \n")
        open_link_file(ana, empty)
        assert ana.locator(".notice.error").count() == 1 and "it is empty" in ana.inner_text(".notice.error")
        assert stored(ana) == before
        assert not ana_log.errors and not ben_log.errors
    finally:
        ana_context.close()
        ben_context.close()


def test_a_long_link_says_so_and_goes_as_a_file_on_a_tablet_and_a_phone(browser, site, tmp_path):
    """A link as long as Towers of Wyoming's first ones will be: here a game's stored link made long
    by the test (the page draws whatever it holds), read on a tablet in portrait and on a phone."""
    context, page, log = boot(browser, site, viewport=(768, 1024))
    try:
        start_by_link(page, ("Ana", "Ben"), friend=1)
        page.wait_for_selector("[data-screen='table']")
        while my_move(page):
            play_one(page)
        friend_link(page)
        (key,) = page.evaluate("twSaves.keys().filter(k => k.startsWith('tw:save:'))")
        record = json.loads(page.evaluate("k => twSaves.read(k)", key))
        record["link"]["last"] += "A" * 34_000
        page.evaluate("([k, v]) => twSaves.write(k, v)", [key, json.dumps(record)])
        page.reload()
        page.wait_for_selector("#long-link")
        url = friend_link(page)
        assert len(url) > 34_000
        note = page.inner_text("#long-link")
        assert f"({len(url):,} characters)" in note and "some chat apps cut long messages" in note, note
        assert page.locator(".by-link .button-row button").first.inner_text() == "Save as file"
        assert "primary" in (page.get_attribute("#save-link", "class") or "")
        for width, height in ((768, 1024), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.locator(".by-link").scroll_into_view_if_needed()
            whole = shot(page, f"by-link-long-{width}x{height}")
            page.locator(".by-link").screenshot(path=str(whole.with_name(f"by-link-long-panel-{width}.png")))
            wide = page.evaluate("() => document.documentElement.scrollWidth > document.documentElement.clientWidth")
            assert not wide, f"the page scrolls sideways at {width}x{height}"
        assert audit(page, moderate=True) == []
        name, text = saved_link_file(page, tmp_path)
        assert text == url + "\n" and len(text) == len(url) + 1  # the whole link, nothing cut
        context.add_init_script(SHARE_SHEET)  # a phone's share sheet, which takes files
        page.reload()
        page.wait_for_selector("#long-link")
        assert page.locator(".by-link .button-row button").first.inner_text() == "Send…"
        assert "Send… shares it as a file" in page.inner_text("#long-link")
        page.locator(".by-link").screenshot(path=str(whole.with_name("by-link-long-panel-share-390.png")))
        page.click("#share-link")
        shared = wait_until(page, "() => window.sharedText !== undefined && window.shared")
        assert shared == {"title": "The War of the Worlds, by link", "url": None, "files": [[name, "text/plain"]]}
        assert page.evaluate("window.sharedText") == text
        goto(page, "#/")  # Home's entry sends the same link again, as a file first
        page.locator(".saved-item").screenshot(path=str(whole.with_name("by-link-long-home-390.png")))
        with page.expect_download() as info:
            page.click(".saved-item button.primary:has-text('Save as file')")
        again = tmp_path / "again.txt"
        info.value.save_as(again)
        assert info.value.suggested_filename == name and again.read_text(encoding="utf-8") == text
        assert not log.errors
    finally:
        context.close()


def play_wyoming(page, me: int) -> None:
    """A move of Towers of Wyoming that builds the mover's own towers where it can (so the game ends
    in a few dozen moves): each suit in the hand, most cards first, all of it selected, and a play
    onto the mover's own foundation taken if one is lit; otherwise whatever the table offers."""
    before = moves_made(page)
    groups = page.locator("[data-part^='hand-suit:']")
    sizes = sorted(
        ((groups.nth(i).locator("[data-step=cards]").count(), groups.nth(i).get_attribute("data-part")[-1]) for i in range(groups.count())),
        reverse=True,
    )
    for size, suit in sizes:
        if not size:
            continue
        page.locator(f"[data-suit='{suit}'][data-step=cards]").last.click()
        own = page.locator(f"[id^='tow-option-{me}-']:visible")
        if own.count():
            own.first.click()
            break
    else:
        play_any_move(page, or_until="document.querySelector('#link-state').textContent.trim() !== 'Your move.'")
        return
    page.wait_for_function(
        "n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n"
        " || document.querySelector('#link-state').textContent.trim() !== 'Your move.'",
        arg=before,
    )


def test_two_devices_play_a_whole_game_of_towers_of_wyoming_by_links_from_one_jointly_shuffled_pile(browser, site):
    ana_context, ana, ana_log = boot(browser, site)
    ben_context, ben, ben_log = boot(browser, site, viewport=(820, 1180))
    try:
        start_by_link(ana, ("Ana", "Ben"), friend=1, game="towers-of-wyoming")
        ana.wait_for_selector("[data-screen='table']")
        assert "Your new cards come with Ben's next link" in ana.inner_text("#link-state")
        first = friend_link(ana)  # Ana's pass of the joint shuffle: every card under her layer
        assert 100 * 44 < len(first) < 6_000  # a point of the curve a card, 44 characters each
        assert ana.locator("#long-link").is_visible()  # too long for some chats: the panel offers it as a file first
        shot(ana, "by-link-wyoming-first-link")
        open_link(ben, first)
        assert "Waiting for Ana" in ben.inner_text("#link-state")
        assert ben.locator(".tow-hand .tow-card").count() == 0  # Ben's cards wait for Ana's layer to come off
        open_link(ana, friend_link(ben))  # Ben's pass, and his layer off Ana's seven cards
        assert my_move(ana), ana.inner_text("body")
        assert ana.locator(".tow-hand .tow-card").count() == 7
        shot(ana, "by-link-wyoming-ana-reads-her-hand")
        links, devices, turn, sizes = 2, [ana, ben], 0, []
        while True:
            mover = devices[turn % 2]
            while my_move(mover):
                play_wyoming(mover, turn % 2)
            state = mover.inner_text("#link-state")
            if "The game is over" in state and mover.locator("#friend-link").count() == 0:
                break
            url = friend_link(mover)
            sizes.append(len(url))
            other = devices[(turn + 1) % 2]
            open_link(other, url)
            links += 1
            if links == 3:
                assert ben.locator(".tow-hand .tow-card").count() == 7  # Ana's link took her layer off Ben's cards
                shot(ben, "by-link-wyoming-ben")
                assert audit(ben, moderate=True) == []
            turn += 1
            if "The game is over" in other.inner_text("#link-state") and not other.locator("#friend-link").count():
                break
            assert links < 200
        for page in (ana, ben):
            assert "played fair" in page.inner_text("#link-state"), page.inner_text("#link-state")
        assert moves_made(ana) == moves_made(ben)
        assert ana.inner_text(".game-log") == ben.inner_text(".game-log")
        left = [page.locator(".end-revealed dd").all_text_contents() for page in (ana, ben)]
        assert left[0] == left[1], left  # once both secrets are in, each device shows what is left in both hands
        assert sorted(sizes)[len(sizes) // 2] < 1000  # a turn's link: the move, the cards it shows, the other's layers off
        shot(ben, "by-link-wyoming-the-end")
        assert not ana_log.errors and not ben_log.errors
    finally:
        ana_context.close()
        ben_context.close()
