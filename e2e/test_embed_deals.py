"""What an embed's links say about the deal: "Open in full app" makes the game's link only when
pressed (never left in the page) and, when the game hides cards from someone else at the device,
says first that the link holds the deal; a seed from the address is shown before anything is dealt,
with a fresh deal one tap away."""

from __future__ import annotations

from conftest import BOOT_TIMEOUT_MS, READY, moves_made, play_any_move, shot
from serving import SUBPATH


def embed(browser, site, query: str, viewport=(1024, 768)):
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, service_workers="block")
    page = context.new_page()
    page.goto(site.url + "?" + query)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return context, page


def no_code_in_the_page(page) -> None:
    html = page.content()
    assert "#/open/" not in html and "g1." not in html


def test_open_in_full_app_against_the_computer_opens_at_once_and_leaves_no_link_in_the_page(browser, site):
    context, page = embed(browser, site, "embed=tower-battle&vs=computer&level=easy")
    page.click("#embed-start")
    page.wait_for_selector("[data-screen='table']")
    play_any_move(page)
    # the computer answers first: the link carries the game as it stands when the button is pressed
    page.wait_for_selector("[data-move]:visible:not([disabled]), [data-step]:visible:not([disabled])")
    page.wait_for_selector(".turn-banner.thinking", state="detached")
    assert page.get_attribute("#open-full", "href") == SUBPATH + "#/new/tower-battle"
    no_code_in_the_page(page)
    made = moves_made(page)
    with context.expect_page() as opened:
        page.click("#open-full")
    full = opened.value
    full.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    full.wait_for_selector("[data-screen='table']")
    assert "#/play/tower-battle/link-" in full.url
    assert made > 1 and moves_made(full) == made
    no_code_in_the_page(page)
    context.close()


def test_open_in_full_app_in_hot_seat_says_first_that_the_link_holds_the_deal(browser, site):
    context, page = embed(browser, site, "embed=tower-battle&vs=people")
    page.click("#embed-start")
    page.click("#curtain-go")  # the first player takes the device
    page.wait_for_selector("#open-full")
    pages_before = len(context.pages)
    page.click("#open-full")
    dialog = page.locator("[role='dialog']:has(#open-full-title)")
    dialog.wait_for()
    assert "whoever sees it could work out every hidden card" in dialog.inner_text()
    assert page.evaluate("document.activeElement.id") == "open-full-cancel"
    for size, name in (((1024, 768), "wide"), ((768, 1024), "tall"), ((390, 844), "phone")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        shot(page, f"open-full-warning-{name}")
    page.click("#open-full-cancel")
    assert page.locator("#open-full-title").count() == 0 and len(context.pages) == pages_before
    no_code_in_the_page(page)
    page.click("#open-full")
    with context.expect_page() as opened:
        page.click("#open-full-confirm")
    full = opened.value
    full.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert "#/play/tower-battle/link-" in full.url
    context.close()


def test_a_seed_from_the_link_is_shown_on_the_embed_and_a_fresh_deal_is_one_tap(browser, site):
    # play=1 would start at once: with a link's seed the start screen comes first, saying so
    context, page = embed(browser, site, "embed=tower-war&vs=computer&seed=4242&play=1")
    note = page.locator(".link-seed")
    note.wait_for()
    assert "This deal was chosen by the link (seed 4242): whoever wrote the link can know the hidden cards." in note.inner_text()
    assert page.locator("[data-screen='table']").count() == 0
    for size, name in (((1024, 768), "wide"), ((768, 1024), "tall"), ((390, 844), "phone")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        shot(page, f"link-seed-embed-{name}")
    page.click("#fresh-deal")
    note.wait_for(state="detached")
    assert page.evaluate("document.activeElement.id") == "embed-start"
    page.click("#embed-start")
    page.wait_for_selector("[data-screen='table']")
    seeds = page.evaluate("twSaves.keys().filter(k => k.startsWith('tw:save:')).map(k => JSON.parse(twSaves.read(k)).seed)")
    assert seeds and seeds[0] != 4242
    context.close()


def test_a_seed_from_the_link_is_named_on_the_new_game_form_and_deals_when_kept(browser, site):
    context, page = embed(browser, site, "seed=4242#/new/towers-of-wyoming")
    note = page.locator(".link-seed")
    note.wait_for()
    assert "seed 4242" in note.inner_text() and page.input_value("#game-seed") == "4242"
    shot(page, "link-seed-new-game")
    page.click("#start-game")
    page.wait_for_selector("[data-screen='table']", state="attached")
    seeds = page.evaluate("twSaves.keys().filter(k => k.startsWith('tw:save:')).map(k => JSON.parse(twSaves.read(k)).seed)")
    assert seeds == [4242]
    context.close()
