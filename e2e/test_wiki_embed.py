"""The wiki recipe (docs/embedding.md), as a wiki editor would paste it: the Widget page's frame, sandbox and height
listener on a host page of another site; the ES5 listener loaded late, as MediaWiki loads site
scripts; and a reader's games in a frame whose storage is partitioned (as browsers ship) or blocked."""

import re

import pytest

from conftest import BOOT_TIMEOUT_MS, READY, moves_made, play_any_move, shot, wait_until
from serving import ROOT
from tabletop.ui.embed import snippets as snip
from test_offline_and_embed import BLOCK_STORAGE

README_SITE = "https://owner.github.io/towers/"


def widget_text() -> str:
    """The Widget: page text exactly as docs/embedding.md gives it."""
    recipe = (ROOT / "docs" / "embedding.md").read_text()
    section = recipe.split("## Extension:Widgets", 1)[1]
    return re.search(r"```html\n(.*?)\n```", section, re.S).group(1)


def transclude(widget: str, site_url: str, **params: str) -> str:
    """What Extension:Widgets puts in the page for {{#widget:...|k=v}}: the <includeonly> part with
    each <!--{$name|default:x|escape:...}--> filled in (Smarty's url/html escapes do not matter for
    these plain values)."""
    body = re.search(r"<includeonly>(.*)</includeonly>", widget, re.S).group(1)

    def fill(match: re.Match) -> str:
        default = re.search(r"\|default:([^|}]+)", match.group(2) or "")
        return params.get(match.group(1)) or (default.group(1) if default else "")

    return re.sub(r"<!--\{\$(\w+)((?:\|[^}]*)?)\}-->", fill, body).replace(README_SITE, site_url)


@pytest.fixture()
def wiki_page(host, site):
    """A host on localhost serving a 'wiki page' that transcludes the widget (the app is on 127.0.0.1)."""
    widget = widget_text()
    for name, params in {
        "wide": {"game": "war-of-the-worlds"},
        "phone": {"game": "war-of-the-worlds", "width": "360", "height": "600"},
    }.items():
        url = host(
            f"{name}.html",
            "<!doctype html><meta charset=utf-8><title>Game night - Wiki</title><h1>Game night</h1>"
            "<script>window.heights = []; addEventListener('message', e => { if (e.data && e.data.type) heights.push(e.data.height); });</script>"
            + transclude(widget, site.url, **params)
            + "<p>More wiki text below the game.</p>",
        )
    return url.rsplit("/", 1)[0]


def test_the_readme_widget_fills_in_as_a_wiki_would(site):
    html = transclude(widget_text(), site.url, game="tower-battle", height="600")
    assert 'level=hard"' in transclude(widget_text(), site.url, game="tower-battle", vs="computer", level="hard")
    frame = re.search(r"<iframe [^>]*>", html).group(0)
    assert f'src="{site.url}embed/tower-battle.html?vs=computer&amp;level=normal"' in frame
    assert 'width="640"' in frame and 'height="600"' in frame and 'loading="lazy"' in frame
    assert "<!--{" not in html and "noinclude" not in html
    listener = re.search(r"<script>\n(.*?)</script>", html, re.S).group(1)
    assert listener == snip.listener(site.url), "the Widget holds the one ES5 listener, for this site"


@pytest.mark.parametrize("page_name", ["wide", "phone"])
def test_the_widget_plays_and_fits_its_frame_to_the_game(browser, wiki_page, page_name):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_init_script(BLOCK_STORAGE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{wiki_page}/{page_name}.html")
    preview = page.frame_locator("iframe.towers-and-worlds")
    preview.locator(".embed-preview-table .wotw-board").wait_for()
    page.wait_for_timeout(300)
    assert not [u for u in requests if "/vendor/" in u or u.endswith(".zip")], "no runtime before Play"
    wait_until(page, "() => window.heights.length > 0")  # the preview offers its height too
    preview.locator("#embed-vs").select_option("people")
    preview.locator("#embed-play").click()
    preview.locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    inner = page.frames[1]
    assert "play=1" in inner.url and "vs=people" in inner.url
    inner.wait_for_selector("[data-screen='table']")  # Play started the game: no second button
    assert "Saves are off" in inner.inner_text("body")
    play_any_move(inner)
    assert moves_made(inner) == 1

    # The height message arrives and the recipe's listener sizes the frame to the game.
    content = inner.evaluate("Math.ceil(document.body.getBoundingClientRect().height)")
    wait_until(page, "h => window.heights.length > 0 && window.heights[window.heights.length - 1] === h", content)
    wait_until(
        page, "h => document.querySelector('iframe.towers-and-worlds').getBoundingClientRect().height === Math.min(h, 2000)", content
    )
    assert inner.evaluate("document.documentElement.scrollHeight <= innerHeight + 1"), "the frame still scrolls inside"
    shot(page, f"wiki-widget-{page_name}")

    # Open in full app escapes the sandbox into a normal tab with the same game.
    with context.expect_page() as opened:
        inner.click("#open-full")
    full = opened.value
    full.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    full.wait_for_selector("[data-screen='table']")
    assert moves_made(full) == 1
    assert not errors
    context.close()


def test_the_address_sets_a_game_against_the_computer(browser, site, host):
    src = f"{site.url}?embed=war-of-the-worlds&vs=computer&level=easy&tactical=nope"
    url = host(
        "vs.html", f'<!doctype html><title>Wiki</title><iframe id="game" title="Game" src="{src}" width="640" height="480"></iframe>'
    )
    context = browser.new_context()
    context.add_init_script(BLOCK_STORAGE)
    page = context.new_page()
    page.goto(url)
    page.frame_locator("#game").locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    inner = page.frames[1]
    assert inner.input_value("#embed-opponent") == "easy"
    assert "tactical “nope” (true or false)" in inner.inner_text(".embed-start")
    inner.click("#embed-start")
    inner.wait_for_selector("[data-screen='table']")
    assert inner.locator("h1").count() == 1, "the title shows once"
    assert inner.inner_text("body").count("The War of the Worlds") == 1
    assert "computer, easy" in inner.inner_text(".seat-list")
    assert inner.locator("#keep-copy").count() == 0, "nothing offered that saves cannot do"
    assert inner.locator("button:text-is('Export')").count() == 1
    for _ in range(6):  # the reader's turn (a few moves in this game), then the computer answers
        if "Humans" in inner.inner_text(".game-log"):
            break
        if "Aliens to play" in inner.inner_text(".turn-banner"):
            play_any_move(inner)
        else:
            inner.wait_for_function("document.querySelector('.game-log').innerText.includes('Humans')", timeout=60_000)
    assert "Humans" in inner.inner_text(".game-log"), "the computer played the Humans"
    context.close()


def test_the_reader_may_choose_the_computer_before_starting(browser, site, host):
    url = host(
        "choose.html", f'<!doctype html><iframe id="game" src="{site.url}?embed=war-of-the-worlds" width="360" height="600"></iframe>'
    )
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.frame_locator("#game").locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    inner = page.frames[1]
    assert inner.input_value("#embed-opponent") == "normal"  # no vs= in the address: the computer, as on the new-game screen
    inner.select_option("#embed-opponent", "hard")
    inner.click("#embed-start")
    inner.wait_for_selector("[data-screen='table']")
    assert "computer, hard" in inner.inner_text(".seat-list")
    context.close()


IN_VIEW = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
    return r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; }"""


@pytest.mark.parametrize("size", [(640, 480), (360, 600)], ids=["640x480", "360x600"])
def test_war_of_the_worlds_decision_supplies_and_board_share_the_frame(browser, site, host, size):
    """No scrolling inside the frame to see where a chosen pyramid can go: the decision, the supplies
    it picks from and every cell of the board are in view together, and the title shows at most once."""
    w, h = size
    context, page, inner = started_in_frame(browser, site, host, "embed=war-of-the-worlds&amp;vs=people", size)
    for step in range(2):
        inner.evaluate("scrollTo(0, 0)")
        for part in (".wotw-decision", ".wotw-tray.is-acting", ".wotw-frame", "#open-full"):
            assert inner.evaluate(IN_VIEW, part), f"{part} is not in view at {w}x{h} (step {step})"
        assert inner.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert inner.locator("h1:visible").count() <= 1
        shot(page, f"embed-fit-wotw-{w}x{h}-{step}")
        play_any_move(inner)
    context.close()


def test_the_preview_plays_the_computer_with_the_variants_of_its_address(browser, site, host):
    src = f"{site.url}embed/tower-battle.html?vs=computer&level=hard&target=5"
    url = host("preview.html", f'<!doctype html><iframe id="game" src="{src}" width="640" height="480"></iframe>')
    context = browser.new_context()
    context.add_init_script(BLOCK_STORAGE)
    page = context.new_page()
    page.goto(url)
    preview = page.frame_locator("#game")
    preview.locator(".embed-preview-table .tb").wait_for()
    assert preview.locator("#embed-vs").input_value() == "computer"
    assert preview.locator("#embed-level").input_value() == "hard"
    assert preview.locator(".embed-preview-table button:not([disabled])").count() == 0, "the preview is not played"
    preview.locator("#embed-play").click()
    preview.locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    inner = page.frames[1]
    inner.wait_for_selector("[data-screen='table']", state="attached")
    assert "computer, hard" in inner.inner_text(".seat-list")
    assert "first to 5" in inner.inner_text(".tb-match")
    context.close()


APART = """([a, b]) => { const r = document.querySelector(a).getBoundingClientRect(), s = document.querySelector(b).getBoundingClientRect();
    return r.bottom <= s.top + 1 || s.bottom <= r.top + 1 || r.right <= s.left + 1 || s.right <= r.left + 1; }"""
RECTS = "s => s.map(x => [...document.querySelectorAll(x)].map(e => e.className + JSON.stringify(e.getBoundingClientRect())))"
CARD_GAME_PARTS = {"tower-battle": (".tb-decide", ".tb-board"), "tower-war": (".twar-zones", ".twar-drafted-row")}


@pytest.mark.parametrize("size", [(640, 480), (360, 600)], ids=["640x480", "360x600"])
@pytest.mark.parametrize("game", sorted(CARD_GAME_PARTS))
def test_a_card_game_decision_and_board_share_the_frame(browser, site, host, game, size):
    """Against the computer in a wiki frame, the hand being played from and the whole board it lights
    are in view together, without scrolling inside the frame, move after move: Tower Battle's first game
    to its end (its towers grow), Tower War's whole draft (the drafted row fills)."""
    w, h = size
    context, page, inner = open_card_game(browser, site, host, game, size)
    for step in range(14):
        inner.wait_for_selector(
            "[data-move]:visible:not([disabled]), [data-step]:visible:not([disabled]), [data-game-end], [data-end]", timeout=BOOT_TIMEOUT_MS
        )
        if inner.locator("[data-game-end], [data-end]").count() or inner.locator(CARD_GAME_PARTS[game][0]).count() == 0:
            break  # the game (Tower Battle) or the draft (Tower War) is over
        inner.evaluate("scrollTo(0, 0)")
        for part in (*CARD_GAME_PARTS[game], "#open-full"):
            assert inner.evaluate(IN_VIEW, part), f"{part} is not in view at {w}x{h} (step {step})"
        assert inner.evaluate(APART, list(CARD_GAME_PARTS[game])), (
            f"the decision covers the board at {w}x{h} (step {step}): {inner.evaluate(RECTS, list(CARD_GAME_PARTS[game]))}"
        )
        assert inner.evaluate("document.documentElement.scrollWidth <= innerWidth")
        if step in (0, 5):
            shot(page, f"embed-fit-{game}-{w}x{h}-{step}")
        play_any_move(inner)
    assert step >= 5, f"only {step} moves were checked"
    context.close()


def started_in_frame(browser, site, host, query: str, size: tuple[int, int]):
    """(context, page, frame): the app at ``?query`` in a frame of SIZE on a host page, Play pressed."""
    w, h = size
    name = re.sub(r"\W+", "-", query) + f"-{w}x{h}.html"
    url = host(
        name,
        f'<!doctype html><body style="margin:0"><iframe id="game" src="{site.url}?{query}" '
        f'width="{w}" height="{h}" style="border:0"></iframe>',
    )
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.goto(url)
    page.frame_locator("#game").locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    inner = page.frames[1]
    inner.click("#embed-start")
    inner.wait_for_selector("[data-screen='table']")
    return context, page, inner


def open_card_game(browser, site, host, game: str, size: tuple[int, int]):
    """(context, page, frame) of GAME against the easy computer in a frame of SIZE, started; one deal
    (seed 7): a lucky or unlucky one varied the layout."""
    return started_in_frame(browser, site, host, f"embed={game}&amp;vs=computer&amp;level=easy&amp;seed=7", size)


def all_in_view(frame, selectors) -> list[str]:
    """The selectors (every element of each) not wholly inside the frame's first screen."""
    frame.evaluate("scrollTo(0, 0)")
    return [
        s
        for s in selectors
        for i in range(frame.locator(s).count())
        if not frame.evaluate(
            "([s, i]) => { const r = document.querySelectorAll(s)[i].getBoundingClientRect();"
            " return r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; }",
            [s, i],
        )
    ]


TOW_TABLE = (".tow-others", ".tow-mine > .tow-seat", ".tow-center", ".tow-hand", ".tow-decision", "#open-full")


@pytest.mark.parametrize("size", [(640, 480), (360, 600)], ids=["640x480", "360x600"])
def test_towers_of_wyoming_fits_its_frame_for_a_whole_game(browser, site, host, size):
    """A whole game against the computer, played by taps (cards, a lit tower, Confirm): at every step the
    decision with its buttons, the hand and every seat (so every tower a play may go to) share the frame,
    however tall the towers grow, with no scrolling inside it."""
    w, h = size
    context, page, inner = open_card_game(browser, site, host, "towers-of-wyoming", size)
    turns = 0
    while True:
        inner.wait_for_selector(".tow-card[data-step]:not([disabled]), [data-end]", timeout=BOOT_TIMEOUT_MS)
        if inner.locator("[data-end]").count():
            break
        turns += 1
        where = f"at {w}x{h}, turn {turns} (move {moves_made(inner)})"
        assert not all_in_view(inner, TOW_TABLE), f"out of view {where}: {all_in_view(inner, TOW_TABLE)}"
        assert inner.evaluate("document.documentElement.scrollWidth <= innerWidth"), where
        assert (
            inner.eval_on_selector_all(".tow-empty, .tow-pile-empty", "els => els.filter(e => e.scrollWidth > e.clientWidth + 0.5).length")
            == 0
        ), where
        before = moves_made(inner)
        if inner.locator(".tow-card[data-step='cards']").count():
            inner.locator(".tow-card[data-step='cards']").first.click()
            assert inner.locator(".tow-lit").count() > 0
            assert not all_in_view(inner, (".tow-decision", ".tow-lit", ".tow-hand")), f"choosing a place {where}"
            inner.locator(".tow-lit").first.click()
            assert not all_in_view(inner, (".tow-decision", "#tow-confirm", "#tow-untarget", ".tow-chosen")), f"confirming {where}"
        else:  # no play: a card goes to the discard pile
            inner.locator(".tow-card[data-step='discard']").first.click()
            assert not all_in_view(inner, (".tow-decision", "#tow-confirm", ".tow-hand")), f"discarding {where}"
        if turns in (1, 8):
            shot(page, f"embed-whole-tow-{w}x{h}-{turns}")
        inner.click("#tow-confirm")
        inner.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n", arg=before)
    assert turns >= 10, f"the game ended after {turns} turns: too short to show the towers growing"
    shot(page, f"embed-whole-tow-{w}x{h}-end")
    context.close()


def next_tap(frame):
    """The control play_any_move taps next (a move, or the first step of one)."""
    moves = frame.locator("[data-move]:visible:not([disabled])")
    return moves.first if moves.count() else frame.locator("[data-step]:visible:not([disabled])").first


@pytest.mark.parametrize("size", [(640, 480), (360, 600)], ids=["640x480", "360x600"])
def test_tower_war_battle_fits_its_frame(browser, site, host, size):
    """Past the draft and the deck, Tower War's war in a frame: while leading or answering a skirmish the
    prompt, the battle's lines (the card to beat) and the hand; while picking up and aiming a pyramid the
    prompt and the tower; and each time the control to tap, all in view without scrolling, skirmish after
    skirmish (the cards already played once pushed the hand out of 640x480)."""
    w, h = size
    context, page, inner = open_card_game(browser, site, host, "tower-war", size)
    seen = {"skirmish": 0, "placing": 0}
    for _ in range(60):
        inner.wait_for_selector("[data-move]:visible:not([disabled]), [data-step]:visible:not([disabled])", timeout=BOOT_TIMEOUT_MS)
        prompt = inner.inner_text("#twar-prompt")
        kind = "skirmish" if "skirmish" in prompt or "answer" in prompt else "placing" if "pick up" in prompt or "aim" in prompt else None
        if kind:
            seen[kind] += 1
            parts = ("#twar-prompt", ".twar-battle", ".twar-hand") if kind == "skirmish" else ("#twar-prompt", ".twar-topview")
            assert not all_in_view(inner, parts), f"{all_in_view(inner, parts)} out of view at {w}x{h}: {prompt}"
            box = next_tap(inner).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= h + 1, f"the control to tap is out of view at {w}x{h}: {prompt}"
            if seen[kind] == 2:
                shot(page, f"embed-fit-tower-war-{kind}-{w}x{h}")
        if seen["skirmish"] >= 2 and seen["placing"] >= 6:
            break
        play_any_move(inner)
    assert seen["skirmish"] >= 2 and seen["placing"] >= 6, seen
    context.close()


# ---------------------------------------------------------------- storage in a cross-site frame
def frame_storage(browser, site, host) -> tuple[str | None, str | None, str | None]:
    """(what a cross-site frame stored and read back, what the app's own site then reads top-level,
    what the frame reads on a second visit): probes localStorage in a frame as the browser keeps it."""
    url = host("probe.html", f'<!doctype html><iframe id="probe" src="{site.url}embed/tower-war.html"></iframe>')
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.frame_locator("#probe").locator("form").wait_for()
    write = "() => { try { localStorage.setItem('probe', 'kept'); return localStorage.getItem('probe'); } catch (e) { return null; } }"
    read = "() => { try { return localStorage.getItem('probe'); } catch (e) { return null; } }"
    wrote = page.frames[1].evaluate(write)
    page.goto(f"{site.url}embed/tower-war.html")
    top = page.evaluate(read)
    page.goto(url)
    page.frame_locator("#probe").locator("form").wait_for()
    again = page.frames[1].evaluate(read)
    context.close()
    return wrote, top, again


def test_chromium_partitions_a_cross_site_frames_storage_as_browsers_ship(browser, blocking_browser, site, host):
    assert frame_storage(browser, site, host) == ("kept", None, "kept"), "partitioned: kept for the wiki, unseen top-level"
    assert frame_storage(blocking_browser, site, host) == (None, None, None), "Playwright's own start: refused"


# ---------------------------------------------------------------- a listener that loads late
LATE_HOST = """<!doctype html><meta charset=utf-8><title>Wiki</title><h1>Game night</h1>
<iframe id="game" title="Towers &amp; Worlds" src="{src}" width="640" height="300" style="border:0;max-width:100%"
 sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads"></iframe>
<p>More wiki text.</p>
<script>
// As MediaWiki loads MediaWiki:Common.js: well after the frame has loaded and posted its first height.
window.firstOffer = 0; window.listenerAdded = 0;
addEventListener("message", function (e) {{ if (!window.firstOffer && e.data && e.data.type) window.firstOffer = performance.now(); }});
document.getElementById("game").addEventListener("load", function once() {{
  this.removeEventListener("load", once);
  setTimeout(function () {{
    var s = document.createElement("script"); s.src = "wiki-listener.js"; document.body.appendChild(s);
    window.listenerAdded = performance.now();
  }}, {delay});
}});
</script>"""


def frame_fits(page, inner, timeout_ms: int = 60_000) -> int:
    """Wait until the host's frame is as tall as the document inside it (the document may itself grow
    with the frame: a board sized to the window), with nothing to scroll inside; that height."""
    heights = (0, 0)
    for _ in range(timeout_ms // 100):
        heights = (
            page.evaluate("Math.round(document.getElementById('game').getBoundingClientRect().height)"),
            inner.evaluate("document.body ? Math.ceil(document.body.getBoundingClientRect().height) : 0"),
        )
        if (
            heights[1] > 50
            and heights[0] == min(heights[1], 2000)
            and inner.evaluate("document.documentElement.scrollHeight <= innerHeight + 1")
        ):
            return heights[0]
        page.wait_for_timeout(100)
    raise AssertionError(f"the frame is {heights[0]} px tall for {heights[1]} px of content")


def test_a_listener_loaded_late_still_fits_the_preview_then_the_game(browser, site, host):
    """The ES5 listener as a site script (a separate file, added 2.5 s after the frame loaded, when the
    preview's first offer is long gone) fits an IframeTag-style frame (no class, matched by its address)
    to the preview, answers a later resize, and after Play fits the game."""
    host("wiki-listener.js", snip.listener(site.url))
    url = host("late.html", LATE_HOST.format(src=f"{site.url}embed/war-of-the-worlds.html?vs=people", delay=2500))
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.frame_locator("#game").locator(".embed-preview-table .wotw-board").wait_for()
    preview = page.frames[1]
    assert frame_fits(page, preview) > 400
    assert 0 < page.evaluate("firstOffer") < page.evaluate("listenerAdded"), "the preview spoke before the listener was there"
    shot(page, "wiki-late-listener-preview")

    # The page asks again at any time (a listener started anew, a frame squeezed): the frame answers.
    page.evaluate(
        "() => { const f = document.getElementById('game'); f.style.height = '120px';"
        " f.contentWindow.postMessage({type: 'towers-and-worlds:height?'}, '*'); }"
    )
    frame_fits(page, preview)

    page.frame_locator("#game").locator("#embed-play").click()
    page.frame_locator("#game").locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    inner = page.frames[1]
    inner.wait_for_selector("[data-screen='table']")
    play_any_move(inner)
    frame_fits(page, inner)
    shot(page, "wiki-late-listener-game")
    assert not errors
    context.close()


# ---------------------------------------------------------------- a reader's games in a frame
def visit(context, url: str):
    """Open the wiki page, press the preview's Play (the reader against a friend at this device), and
    return (page, the app's frame) once the app is ready."""
    page = context.new_page()
    page.goto(url)
    preview = page.frame_locator("#game")
    preview.locator("#embed-play").click()
    preview.locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    return page, page.frames[1]


def saves_in(frame) -> int:
    return frame.evaluate("() => twSaves.kind === 'none' ? -1 : twSaves.keys().filter(k => k.startsWith('tw:save:')).length")


ASKING_HOST = """<!doctype html><title>Asks</title><iframe id="game" src="{src}" width="640" height="480"></iframe>
<script>window.answers = [];
addEventListener('message', e => {{
  if (!e.data || e.data.type !== 'towers-and-worlds:height') return;
  answers.push([performance.now(), e.data.height]);
  e.source.postMessage({{type: 'towers-and-worlds:height-ack', height: e.data.height}}, '*');
}});</script>"""
ASK_MANY = """n => { answers.length = 0; const frame = document.getElementById('game').contentWindow, t = performance.now();
  for (let i = 0; i < n; i++) frame.postMessage({type: 'towers-and-worlds:height?'}, '*');
  return t; }"""


def test_a_page_asking_the_height_over_and_over_gets_a_few_answers_and_the_last_one(browser, site, host):
    """A parent page may ask the frame's height as often as it likes: the frame answers at most about
    four times a second, and once the asking stops, the last ask is answered with the height."""
    page = browser.new_context().new_page()
    page.goto(host("asks.html", ASKING_HOST.format(src=f"{site.url}embed/tower-war.html")))
    frame = page.frame_locator("#game")
    frame.locator(".embed-preview-table").wait_for()
    wait_until(page, "() => answers.length > 0")
    page.wait_for_timeout(500)  # its own offers acknowledged, the frame is quiet
    asked_at = page.evaluate(ASK_MANY, 100_000)
    settled = wait_until(  # no answer for a second: the asks are all read and answered
        page, "() => answers.length && performance.now() - answers[answers.length - 1][0] > 1000 && answers", timeout_ms=30_000
    )
    spread_ms = settled[-1][0] - asked_at
    assert 1 <= len(settled) <= spread_ms / 250 + 2, f"{len(settled)} answers in {spread_ms:.0f} ms"
    assert settled[-1][1] == page.frames[1].evaluate("Math.ceil(document.body.getBoundingClientRect().height)")
    assert spread_ms < 10_000, "the frame was kept busy"
    page.context.close()


def test_a_second_visit_offers_the_readers_game_where_storage_is_partitioned(browser, site, host):
    url = host(
        "visits.html",
        f'<!doctype html><title>Wiki</title><iframe id="game" src="{site.url}embed/war-of-the-worlds.html?vs=people"'
        ' width="640" height="560" style="border:0"></iframe>',
    )
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page, inner = visit(context, url)
    inner.wait_for_selector("[data-screen='table']")  # the first visit's Play starts a game at once
    assert "Saves are off" not in inner.inner_text("body")
    play_any_move(inner)
    play_any_move(inner)
    assert saves_in(inner) == 1
    page.close()

    page, inner = visit(context, url)  # the next day: the same wiki page, the same Play
    inner.wait_for_selector("#embed-continue")
    assert inner.locator("[data-screen='table']").count() == 0, "Play did not start another copy"
    assert saves_in(inner) == 1
    kept = inner.inner_text(".embed-kept")
    assert "Your games here" in kept and "move 2" in kept
    where = inner.inner_text(".embed-kept-where")
    assert "for localhost:" in where and "full app does not see them" in where
    assert inner.inner_text("#embed-start") == "Start a new game"
    shot(page, "wiki-second-visit-partitioned")
    inner.click("#embed-continue")
    inner.wait_for_selector("[data-screen='table']")
    assert moves_made(inner) == 2, "back to the game where it was"
    play_any_move(inner)
    assert saves_in(inner) == 1, "the same game goes on saving itself"

    # The full app (top-level, its own storage) never saw it; Open in full app carries it over.
    full_home = context.new_page()
    full_home.goto(site.url)
    full_home.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert saves_in(full_home) == 0
    full_home.close()
    with context.expect_page() as opened:
        inner.click("#open-full")
    full = opened.value
    full.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    full.wait_for_selector("[data-screen='table']")
    assert moves_made(full) == 3
    assert saves_in(full) == 1, "the full app keeps the game it was handed"
    page.close()

    page, inner = visit(context, url)  # a third visit: a new game beside the first, both listed
    inner.click("#embed-start")
    inner.wait_for_selector("[data-screen='table']")
    play_any_move(inner)
    assert saves_in(inner) == 2
    page.close()
    page, inner = visit(context, url)
    inner.wait_for_selector("#embed-continue")
    assert inner.locator(".embed-kept li").count() == 2
    assert "move 1" in inner.inner_text(".embed-continue"), "Continue goes to the newest game"
    context.close()


def test_where_a_frames_storage_is_blocked_each_visit_plays_with_saves_off(blocking_browser, site, host):
    url = host(
        "blocked.html",
        f'<!doctype html><title>Wiki</title><iframe id="game" src="{site.url}embed/war-of-the-worlds.html?vs=people"'
        ' width="640" height="560" style="border:0"></iframe>',
    )
    context = blocking_browser.new_context(viewport={"width": 1024, "height": 768})
    for _ in range(2):
        page, inner = visit(context, url)
        inner.wait_for_selector("[data-screen='table']")
        assert "Saves are off" in inner.inner_text("body")
        assert saves_in(inner) == -1 and inner.locator("#keep-copy").count() == 0
        play_any_move(inner)
        page.close()
    context.close()


# ---------------------------------------------------------------- phones
SKIN_PAGE = """<!doctype html><meta charset=utf-8><meta name="viewport" content="{viewport}"><title>Wiki</title>
<style>body {{ margin: 0 8px; font: 14px sans-serif; }}</style><h1>Game night</h1><p>Some wiki text before the game.</p>
<iframe id="game" title="Towers &amp; Worlds" src="{src}" width="{width}" height="600" style="border:0;max-width:100%"
 sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads"></iframe>
<p>More wiki text.</p>"""
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
# PHONE_TAP: Playwright's tap on a control inside the cross-site frame starts nothing in Debian's
# Chromium 150.0.7871.100 (no event reaches it; the same tests passed on the Chromium of stop 41), so
# these tests click there: what they check is the layout at a phone's width, which a click leaves as is.


def no_sideways_scroll(frame) -> bool:
    return frame.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("width", [320, 360])
@pytest.mark.parametrize("game", ["war-of-the-worlds", "tower-battle", "tower-war", "towers-of-wyoming"])
def test_the_embed_holds_in_a_phone_wide_frame(browser, site, host, game, width):
    """A responsive skin narrows the frame to the phone: the preview and the game against the computer
    lay out at 320 and 360 px, nothing wider than the frame, the move to make in view."""
    src = f"{site.url}embed/{game}.html?vs=computer&amp;level=easy&amp;seed=7"
    url = host(f"phone-{game}-{width}.html", SKIN_PAGE.format(viewport="width=device-width, initial-scale=1", src=src, width=width))
    context = browser.new_context(**{**PHONE, "viewport": {"width": width + 16, "height": 844}})
    page = context.new_page()
    page.goto(url)
    preview = page.frame_locator("#game")
    preview.locator(".embed-preview-table").wait_for()
    assert page.frames[1].evaluate("innerWidth") == width
    assert no_sideways_scroll(page.frames[1]), f"the preview is wider than {width} px"
    preview.locator("#embed-play").click()  # a tap in a cross-site frame lands nowhere in Chromium 150 (PHONE_TAP)
    preview.locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    inner = page.frames[1]
    inner.locator(".link-seed").wait_for()  # a deal the link chose (seed 7) is said before it is dealt (link_seed.py)
    inner.click("#embed-start")
    inner.wait_for_selector("[data-move]:visible:not([disabled]), [data-step]:visible:not([disabled])", timeout=BOOT_TIMEOUT_MS)
    assert no_sideways_scroll(inner), f"the game is wider than {width} px"
    box = next_tap(inner).bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, "the move to make is cut off at the side"
    shot(page, f"wiki-phone-{game}-{width}")
    context.close()


@pytest.mark.parametrize("skin", ["vector-legacy", "responsive"])
def test_a_640_frame_on_a_phone_by_skin(browser, site, host, skin):
    """Vector legacy sets a 1000 px viewport on phones: the 640 px frame keeps its desktop layout (whole,
    nothing cut) but the phone shows it at about 0.39 of its size. A responsive skin narrows it to the
    phone instead (max-width:100%), and the game lays out for that width (docs/embedding.md, "Phones")."""
    viewport = "width=1000" if skin == "vector-legacy" else "width=device-width, initial-scale=1"
    url = host(f"skin-{skin}.html", SKIN_PAGE.format(viewport=viewport, src=f"{site.url}embed/war-of-the-worlds.html", width=640))
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(url)
    page.frame_locator("#game").locator(".embed-preview-table .wotw-board").wait_for()
    frame_width = page.frames[1].evaluate("innerWidth")
    scale = page.evaluate("visualViewport.scale")
    if skin == "vector-legacy":
        assert frame_width == 640 and scale < 0.5, (frame_width, scale)
        assert round(640 * scale) < 260, "drawn about 250 px wide on the phone"
    else:
        assert frame_width == 390 - 16 and scale == 1, (frame_width, scale)
    assert no_sideways_scroll(page.frames[1])
    page.frame_locator("#game").locator("#embed-play").click()  # (PHONE_TAP)
    page.frame_locator("#game").locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    inner = page.frames[1]
    inner.wait_for_selector("[data-screen='table']")
    assert no_sideways_scroll(inner)
    shot(page, f"wiki-phone-640-{skin}")
    context.close()
