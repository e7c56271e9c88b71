"""A new deploy reaches a returning visitor: the next visit runs it whole (never a file of the old
version beside one of the new), a page already running offers "Reload" and loses no game to it,
and the new version's worker downloads only the files whose hashes changed. A deploy caught half
uploaded starts the cached version until its files are whole."""

from __future__ import annotations

import functools
import hashlib
import io
import json
import shutil
import sys
import zipfile

import pytest
import zstandard

from conftest import BOOT_TIMEOUT_MS, READY, goto, moves_made, play_any_move, shot, wait_until
from serving import ROOT, Site
from test_offline_and_embed import cache_name, visit_once

sys.path.insert(0, str(ROOT))
from make import common  # noqa: E402
from make import site as built  # noqa: E402  (the build's own precache writer makes deploy B)

# Not imported at start-up (tests/building/test_startup_imports.py: games load on first use), so not in the snapshot.
LATE_MODULE = "tabletop/games/tower_battle/guide.py"


def deploy_b(root) -> dict:
    """Deploy B over A in place: one Python module that start-up does not import changes (so does the
    shell, to be seen), the snapshot and the runtime do not. Returns B's path -> hash."""
    index = root / "index.html"
    index.write_text(index.read_text().replace("Works offline once loaded.", "Works offline once loaded (B)."))
    archive = root / common.APP_ARCHIVE_ZST
    with zipfile.ZipFile(io.BytesIO(zstandard.decompress(archive.read_bytes()))) as old:
        entries = {info.filename: old.read(info) for info in old.infolist()}
    entries[LATE_MODULE] += b"\n# deploy B\n"
    archive.write_bytes(zstandard.compress(common.stored_zip(entries), 19))
    built.write_precache(root)
    return json.loads((root / "version.json").read_text())["files"]


def version_of(root) -> str:
    return json.loads((root / "version.json").read_text())["version"]


@pytest.fixture()
def counted_site(tmp_path, site):
    """A private copy of the built site (which a test deploys over) that counts the requests per path."""
    root = tmp_path / "site"
    shutil.copytree(site.directory, root)
    counts: dict[str, int] = {}
    running = Site(root)
    handler = running.server.RequestHandlerClass

    class Counting(handler.func):
        def do_GET(self):  # noqa: N802 - the stdlib's name
            path = self.path.split("?")[0]
            counts[path] = counts.get(path, 0) + 1
            super().do_GET()

    running.server.RequestHandlerClass = functools.partial(Counting, *handler.args, **handler.keywords)
    running.counts = counts
    with running:
        yield running


def bodies_by_path(page, site) -> dict:
    """Every response of the site a page receives, as path -> SHA-256 prefix (the build's file_hash, make/common.py)."""
    got: dict[str, set] = {}

    def keep(response):
        if response.url.startswith(site.url) and response.status == 200:
            path = response.url[len(site.url) :].split("?")[0].split("#")[0] or "index.html"
            got.setdefault(path, set()).add(hashlib.sha256(response.body()).hexdigest()[:16])

    page.on("response", keep)
    return got


def version_served(page, worker: str = "controller") -> str:
    """What the service worker says this page runs (``controller``) or installs (``waiting``)."""
    return page.evaluate(
        """async which => {
        const registration = await navigator.serviceWorker.getRegistration();
        const worker = which === 'controller' ? navigator.serviceWorker.controller : registration.waiting;
        const channel = new MessageChannel();
        const answer = new Promise(resolve => { channel.port1.onmessage = e => resolve(e.data.version); });
        worker.postMessage({type: 'version'}, [channel.port2]);
        return answer;
    }""",
        worker,
    )


def wait_for_waiting_worker(page):
    wait_until(page, "navigator.serviceWorker.getRegistration().then(r => !!(r && r.waiting))")


HEAVY = ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip", "vendor/pyodide/pyodide.asm.mjs")


def test_the_next_visit_runs_a_new_deploy_whole_and_downloads_only_what_changed(browser, counted_site):
    site = counted_site
    root = site.directory
    context, page = visit_once(browser, site)
    a_files = json.loads((root / "version.json").read_text())["files"]
    page.close()

    b_files = deploy_b(root)
    changed = sorted(p for p in b_files if b_files[p] != a_files.get(p))
    assert changed == ["index.html", common.APP_ARCHIVE_ZST]
    snapshot = next(p for p in b_files if "/snapshot-" in p)
    stdlib = next(p for p in b_files if "/stdlib-" in p)  # the cut library: the same imports, the same file
    site.counts.clear()

    page = context.new_page()
    got = bodies_by_path(page, site)
    page.goto(site.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("fetch('./').then(r => r.text())").count("Works offline once loaded (B).") >= 1
    # Every file the page received is B's, the changed ones included: B runs whole, never beside A.
    # (The snapshot, whose name is its key, is read from Cache Storage: pyodide-snapshot.mjs.)
    assert {"index.html", common.APP_ARCHIVE_ZST, "vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide-snapshot.mjs"} <= set(got)
    mixed = {path: hashes for path, hashes in got.items() if path in b_files and hashes != {b_files[path]}}
    assert mixed == {}
    assert version_served(page) == version_of(root)

    # Meanwhile B's worker installed, copying the unchanged files from A's cache: the host served only
    # what changed (the page and the worker may each ask for a changed file once).
    wait_for_waiting_worker(page)
    assert version_served(page, "waiting") == version_of(root)
    assert page.locator("#new-version").count() == 0  # this page already runs B: nothing to offer
    fetched = {path.split("/towers-and-worlds/", 1)[1] or "index.html" for path in site.counts}
    assert fetched - {"version.json", "sw.js"} <= set(changed), fetched
    assert not any(site.counts.get(f"/towers-and-worlds/{p}") for p in (*HEAVY, snapshot, stdlib))
    page.close()

    # The visit after: B is in charge, with its own cache only.
    page = context.new_page()
    page.goto(site.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_until(page, "name => caches.keys().then(k => k.length === 1 && k[0] === name)", cache_name(site.url, version_of(root)))
    context.close()


def saves(page) -> dict:
    return page.evaluate("""Object.fromEntries(twSaves.keys().filter(k => k.startsWith('tw:save:'))
                            .map(k => [k, twSaves.read(k)]))""")


def test_a_page_running_when_a_deploy_lands_offers_reload_and_keeps_the_game(browser, counted_site):
    site = counted_site
    root = site.directory
    context, page = visit_once(browser, site)
    old_version = version_of(root)
    goto(page, "#/new/war-of-the-worlds")
    page.select_option("#seat-kind-1", "human")  # people: no computer's answer moves the game on while the deploy lands
    page.click("#start-game")
    page.wait_for_selector("[data-screen='table']")
    play_any_move(page)
    kept = saves(page)
    assert len(kept) == 1

    deploy_b(root)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    wait_for_waiting_worker(page)
    page.wait_for_selector("#new-version:has-text('A new version is ready.')")
    # Offered, not done: the game goes on in the old version until the reader says so.
    assert version_served(page) == old_version and moves_made(page) == 1
    assert sorted(page.evaluate("caches.keys()")) == sorted(cache_name(site.url, v) for v in (old_version, version_of(root)))
    for name, (w, h) in {"desktop": (1024, 768), "tablet-portrait": (768, 1024), "phone": (390, 844)}.items():
        page.set_viewport_size({"width": w, "height": h})
        banner = page.locator("#new-version").bounding_box()
        assert banner["x"] >= 0 and banner["x"] + banner["width"] <= w and banner["y"] + banner["height"] <= h
        shot(page, f"new-version-{name}")

    with page.expect_navigation():
        page.click("#new-version button:has-text('Reload')")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert version_served(page) == version_of(root)
    assert page.evaluate("caches.keys()") == [cache_name(site.url, version_of(root))]
    assert saves(page) == kept  # the game in progress, as it was saved after its last move
    assert page.locator("#new-version").count() == 0
    context.close()


def cut_in_half(data: bytes) -> bytes:
    return data[: len(data) // 2]


def altered_at_full_length(data: bytes) -> bytes:
    middle = len(data) // 2
    return data[:middle] + bytes(b ^ 0xFF for b in data[middle : middle + 64]) + data[middle + 64 :]


def install_attempt(page) -> str:
    """Ask for the deployed worker and wait for its install: 'installed', 'redundant' (it failed) or
    'none' (no new worker: nothing new, or the attempt already ended)."""
    return page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration.update().catch(() => {});
        const worker = registration.installing;
        if (!worker) return registration.waiting ? 'installed' : 'none';
        return await new Promise(resolve => {
            const done = () => { if (worker.state === 'redundant' || worker.state === 'installed') resolve(worker.state); };
            worker.addEventListener('statechange', done);
            done();
        });
    }""")


def caches_of(page, version: str) -> list[str]:
    return page.evaluate("v => caches.keys().then(k => k.filter(n => n.includes(v)))", version)


@pytest.mark.parametrize(
    ("damage", "then"),
    [(cut_in_half, "the retry offers it"), (altered_at_full_length, "a reload runs it")],
    ids=["cut-in-half", "altered"],
)
def test_a_half_finished_deploy_starts_on_the_cached_version_until_it_is_whole(browser, counted_site, damage, then):
    site = counted_site
    root = site.directory
    context, page = visit_once(browser, site)
    a_version = version_of(root)
    page.close()

    deploy_b(root)
    b_version = version_of(root)
    archive = root / common.APP_ARCHIVE_ZST
    whole = archive.read_bytes()
    archive.write_bytes(damage(whole))  # version.json and sw.js are B's; one of B's files is not whole

    page = context.new_page()
    page.add_init_script("window.twUpdateRetryMs = 500")  # the page's retry of a failed update, sooner
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#trouble-title").count() == 0 and errors == []
    assert version_served(page) == a_version
    assert "(B)" not in page.evaluate("fetch('./').then(r => r.text())")
    assert caches_of(page, b_version) == []  # no cache for a version that is not whole
    assert install_attempt(page) in ("redundant", "none")
    assert caches_of(page, b_version) == [] and page.locator("#new-version").count() == 0

    archive.write_bytes(whole)  # the deploy completes
    if then == "the retry offers it":
        page.wait_for_selector("#new-version:has-text('A new version is ready.')", timeout=60_000)
        assert version_served(page) == a_version
        with page.expect_navigation():
            page.click("#new-version button:has-text('Reload')")
    else:
        page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert version_served(page) == b_version
    assert "(B)" in page.evaluate("fetch('./').then(r => r.text())")
    assert page.locator("#trouble-title").count() == 0 and errors == []
    context.close()
