"""Offline play after one visit, clean version changes, and the wiki embed in a cross-site iframe."""

import functools
import http.server
import json
import shutil
import sys
import threading

import pytest
import zstandard

from conftest import BOOT_TIMEOUT_MS, READY, goto, moves_made, play_any_move, wait_until
from serving import ROOT, SUBPATH, Site

sys.path.insert(0, str(ROOT))
from make import site as built  # noqa: E402  (the build's real precache writer makes the second build)

SW_READY = "navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)"


def cache_name(site_url: str, version: str) -> str:
    """The name the service worker of the site at ``site_url`` gives its cache: scope, then version."""
    return f"towers-and-worlds {site_url} {version}"


def own_caches(page, site_url: str) -> list[str]:
    return page.evaluate("scope => caches.keys().then(k => k.filter(n => n.startsWith('towers-and-worlds ' + scope + ' ')))", site_url)


def wait_for_offline_cache(page, site_url: str):
    """Until the service worker controls the page and its one cache holds every precached file."""
    wait_until(page, SW_READY)
    wait_until(
        page,
        """async scope => {
        const names = (await caches.keys()).filter(n => n.startsWith('towers-and-worlds ' + scope + ' '));
        if (names.length !== 1) return false;
        const cache = await caches.open(names[0]);
        return (await cache.keys()).length > 10;
    }""",
        site_url,
    )


def visit_once(browser, site, context=None, url=None):
    """A first visit with service workers on, until the whole site is cached for offline use."""
    context = context or browser.new_context(service_workers="allow")
    page = context.new_page()
    url = url or site.url
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_for_offline_cache(page, url)
    return context, page


@pytest.fixture()
def own_site(tmp_path, site):
    """A private copy of the built site, served on its own port, that a test may rebuild."""
    root = tmp_path / "site"
    shutil.copytree(site.directory, root)
    with Site(root) as running:
        yield running


def test_plays_offline_after_one_visit(browser, own_site):
    context, page = visit_once(browser, own_site)
    context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-python-start") == "snapshot"  # the snapshot is cached too
    # ... and kept decoded beside the zstd file, which a start then reads instead of decoding
    marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    assert "tw:snapshot-unzipped-copy" in marks and "tw:boot-start" not in marks
    sizes = page.evaluate("""async () => {
        const cache = await caches.open((await caches.keys())[0]);
        const urls = (await cache.keys()).map(r => r.url).filter(u => u.includes('/snapshot-'));
        return Object.fromEntries(await Promise.all(urls.map(async u => [u.split('/').pop(), (await (await cache.match(u)).arrayBuffer()).byteLength])));
    }""")
    zipped = (own_site.directory / "vendor" / "pyodide").glob("snapshot-*.bin.zst")
    (name,) = [path.name for path in zipped]
    assert sizes[name] == (own_site.directory / "vendor" / "pyodide" / name).stat().st_size
    assert sizes[name.removesuffix(".zst")] == len(zstandard.decompress((own_site.directory / "vendor" / "pyodide" / name).read_bytes()))
    goto(page, "#/new/war-of-the-worlds")
    page.click("#start-game")
    page.wait_for_selector("[data-screen='table']")
    play_any_move(page)
    assert moves_made(page) >= 1  # (seat 2 is the computer by default: it may have answered)
    context.close()


def test_an_unusable_unzipped_snapshot_is_dropped(browser, own_site):
    """A copy that fails (here: another build's header) costs one normal boot, then the zipped file serves again."""
    context, page = visit_once(browser, own_site)
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if "snapshot was not used" in m.text else None)
    copy = page.evaluate("""async () => {
        const cache = await caches.open((await caches.keys())[0]);
        const url = (await cache.keys()).map(r => r.url).find(u => /snapshot-[0-9a-f]+[.]bin$/.test(u));
        const bytes = new Uint8Array(await (await cache.match(url)).arrayBuffer());
        bytes.set(new TextEncoder().encode('tw-snapshot 0123456789abcdef'));
        await cache.put(url, new Response(bytes));
        return url;
    }""")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-python-start") == "boot"
    assert len(warnings) == 1 and "stale" in warnings[0], warnings
    wait_until(page, "url => caches.match(url).then(r => !r)", copy)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-python-start") == "snapshot"
    assert "tw:snapshot-unzipped-copy" not in page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    goto(page, "#/new/war-of-the-worlds")
    page.click("#start-game")
    page.wait_for_selector("[data-screen='table']")
    play_any_move(page)
    assert moves_made(page) >= 1  # (seat 2 is the computer by default: it may have answered)
    context.close()


DAMAGES = {
    # Python's string "mark_ready" with its cached hash changed: the restore goes through, and the app's
    # start, looking the name up, fails with an AttributeError
    "an-error-later": [["hash", "mark_ready"]],
    # the strings the app marks itself ready with, changed: the restore goes through, the app's Python
    # starts and never says it is ready (found out by the bound on time, not by an error)
    "never-ready": [["rename", "data-app-ready", "data-app-reXdy"], ["rename", "app:ready", "app:reXdy"]],
}


def damage_inside(page, damage: list) -> str:
    """Damage the unzipped copy inside Pyodide's heap, its header and Pyodide's left intact (each
    string named is found once in the heap: a Python str object, its bytes after its hash)."""
    return page.evaluate(
        """async (damage) => {
        const cache = await caches.open((await caches.keys())[0]);
        const url = (await cache.keys()).map(r => r.url).find(u => /snapshot-[0-9a-f]+[.]bin$/.test(u));
        const bytes = new Uint8Array(await (await cache.match(url)).arrayBuffer());
        const at = (text) => {
            const needle = new TextEncoder().encode(text + '\\0');
            const found = [];
            outer: for (let i = 64; i < bytes.length - needle.length; i++) {
                for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
                found.push(i);
            }
            if (found.length !== 1) throw new Error(`${text} is in the snapshot ${found.length} times`);
            return found[0];
        };
        for (const [how, text, to] of damage) {
            if (how === 'hash') bytes[at(text) - 8] ^= 0x5a;
            else bytes.set(new TextEncoder().encode(to), at(text));
        }
        await cache.put(url, new Response(bytes));
        return url;
    }""",
        damage,
    )


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_copy_that_restores_and_then_fails_costs_one_start(browser, own_site, damage):
    """The damaged copy restores, the start fails after it: the page starts once more without any
    snapshot (ready on this same visit, no message to the player), the copy is gone, and the start
    after that restores from the zipped file again."""
    context, page = visit_once(browser, own_site)
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if "snapshot" in m.text and m.type == "warning" else None)
    copy = damage_inside(page, DAMAGES[damage])
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=2 * BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-python-start") == "boot"
    assert page.locator("#trouble").count() == 0
    assert len(warnings) == 2, warnings
    assert "restored, then the start failed" in warnings[0] and "failed after restoring" in warnings[1], warnings
    assert ("AttributeError" if damage == "an-error-later" else "did not get ready") in warnings[0], warnings
    assert page.evaluate("url => caches.match(url).then(r => !r)", copy)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-python-start") == "snapshot"
    assert "tw:snapshot-unzipped-copy" not in page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    goto(page, "#/new/war-of-the-worlds")
    page.click("#start-game")
    page.wait_for_selector("[data-screen='table']")
    play_any_move(page)
    assert moves_made(page) >= 1  # (seat 2 is the computer by default: it may have answered)
    context.close()


def test_new_build_replaces_the_cache_whole(browser, own_site):
    root = own_site.directory
    context, page = visit_once(browser, own_site)
    old_version = json.loads((root / "version.json").read_text())["version"]
    old_cache = page.evaluate("caches.keys()")
    assert old_cache == [cache_name(own_site.url, old_version)]

    # A second build: the shell's lede changes, so its hash, the list and the cache name change.
    index = root / "index.html"
    index.write_text(index.read_text().replace("Works offline once loaded.", "Works offline once loaded (v2)."))
    new_version = built.write_precache(root)
    assert new_version != old_version

    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    # The new worker waits for the reader's word (e2e/test_new_deploys.py), then takes over whole.
    with page.expect_navigation():
        page.click("#new-version button:has-text('Reload')")
    wait_until(page, "name => caches.keys().then(k => k.length === 1 && k[0] === name)", cache_name(own_site.url, new_version))
    cached = page.evaluate("""async () => {
        const cache = await caches.open((await caches.keys())[0]);
        const r = await cache.match(new URL('./', location.href).href);
        return await r.text();
    }""")
    assert "(v2)" in cached
    context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    context.close()


def test_a_half_done_deploy_keeps_the_old_version_whole(browser, own_site):
    """The new worker's list says index.html changed, but the host still serves the old file:
    the install fails on the hash, the old cache stays in charge, and once the file arrives the
    next update goes through."""
    root = own_site.directory
    context, page = visit_once(browser, own_site)
    old_cache = page.evaluate("caches.keys()")
    index = root / "index.html"
    old_text = index.read_text()
    new_text = old_text.replace("Works offline once loaded.", "Works offline once loaded (v3).")
    index.write_text(new_text)
    new_version = built.write_precache(root)
    index.write_text(old_text)  # the deploy is only half done: sw.js is new, index.html is not

    failed = page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        try { await registration.update(); } catch (e) { return 'update threw: ' + e.message; }
        const installing = registration.installing;
        if (!installing) return 'no new worker';
        return await new Promise(resolve => installing.addEventListener('statechange',
            () => { if (installing.state === 'redundant' || installing.state === 'activated') resolve(installing.state); }));
    }""")
    assert failed == "redundant"
    assert page.evaluate("caches.keys()") == old_cache

    index.write_text(new_text)  # the rest of the deploy lands
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    with page.expect_navigation():
        page.click("#new-version button:has-text('Reload')")
    wait_until(page, "name => caches.keys().then(k => k.length === 1 && k[0] === name)", cache_name(own_site.url, new_version))
    context.close()


@pytest.fixture()
def wiki_host(tmp_path, site):
    """A 'wiki page' on localhost framing the app served on 127.0.0.1: a cross-site iframe."""
    pages = tmp_path / "wiki"
    pages.mkdir()
    for name, (w, h) in {"wide": (640, 480), "tall": (360, 640)}.items():
        (pages / f"{name}.html").write_text(
            f"<!doctype html><title>Wiki</title><h1>Our game night</h1>"
            f'<iframe id="game" title="War of the Worlds" src="{site.url}?embed=war-of-the-worlds" width="{w}" height="{h}"></iframe>'
        )
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(pages))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("localhost", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://localhost:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


BLOCK_STORAGE = """if (location.hostname === '127.0.0.1') {
  for (const k of ['localStorage', 'sessionStorage', 'indexedDB'])
    Object.defineProperty(window, k, {configurable: true, get() { throw new DOMException('blocked', 'SecurityError'); }});
}"""


@pytest.mark.parametrize("blocked", [False, True], ids=["cross-site", "cross-site-storage-blocked"])
@pytest.mark.parametrize("frame", ["wide", "tall"])
def test_embed_boots_and_plays_in_a_cross_site_iframe(browser, wiki_host, blocked, frame):
    context = browser.new_context()
    if blocked:
        context.add_init_script(BLOCK_STORAGE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{wiki_host}/{frame}.html")
    game = page.frame_locator("#game")
    game.locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    inner = page.frames[1]
    assert SUBPATH in inner.url and "127.0.0.1" in inner.url
    assert inner.locator("[data-chrome]").first.is_hidden()
    assert inner.locator("text=Open in full app").count() >= 1
    assert inner.get_attribute("html", "data-python-start") == "snapshot"
    inner.click("#embed-start")
    inner.wait_for_selector("[data-screen='table']")
    play_any_move(inner)
    assert moves_made(inner) >= 1  # the reader's move (the computer, the embed's default opponent, may have answered)
    if blocked:
        assert "Saves are off" in inner.inner_text("body")
    overflow = inner.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, "the embed scrolls sideways"
    from conftest import shot

    shot(page, f"embed-{frame}-{'blocked' if blocked else 'open'}")
    assert not [e for e in errors if "dispatchEvent" in e]
    context.close()
