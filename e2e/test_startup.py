"""Start-up: Python restored from the build's memory snapshot, every way that snapshot can be
unusable falling back to a normal boot (one console message, the same app), and the built
site's runtime files (no benchmark page, no dangling source-map comments)."""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import re
import sys

import pytest
import zstandard

from conftest import BOOT_TIMEOUT_MS, READY, goto, moves_made, play_any_move
from serving import ROOT, SUBPATH, Site

sys.path.insert(0, str(ROOT))
from make import common, runtime, snapshot  # noqa: E402
from make.site import build  # noqa: E402

SNAPSHOT_FILES = "**/vendor/pyodide/snapshot-*.bin.zst"
SNAPSHOT_WARNING = "start-up snapshot was not used"


def snapshot_path(dist):
    (path,) = (dist / "vendor" / "pyodide").glob("snapshot-*.bin.zst")
    return path


def stdlib_path(dist, kind="restore"):
    """The cut standard library (make/stdlib_cut.py's write_stdlib) a start restored from the snapshot ("restore")
    or a boot ("file") is given, as the loader names it."""
    loader = (dist / "vendor" / "pyodide" / "pyodide-snapshot.mjs").read_text()
    return dist / "vendor" / "pyodide" / json.loads(re.search(r"const STDLIB = (.*?);\n", loader).group(1))[kind][2:]


def start(browser, url, route=None):
    """A first visit (fresh context, no service worker): the page, and its console warnings."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    warnings, errors = [], []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    if route:
        page.route(SNAPSHOT_FILES, route)
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return context, page, [w for w in warnings if SNAPSHOT_WARNING in w], errors


def new_game_seed(page) -> int:
    """Start a War of the Worlds game from the new-game screen, play a move, read its saved seed."""
    goto(page, "#/new/war-of-the-worlds")
    page.click("#start-game")
    page.wait_for_selector("[data-screen='table']")
    play_any_move(page)
    assert moves_made(page) >= 1  # (seat 2 is the computer by default: it may have answered)
    records = page.evaluate("""twSaves.keys().filter(k => k.startsWith('tw:save:'))
                               .map(k => JSON.parse(twSaves.read(k)))""")
    (record,) = records
    return record["seed"]


def test_python_is_restored_from_the_snapshot_and_seeds_still_come_from_the_system(browser, site):
    seeds = []
    for _ in range(2):
        context, page, warnings, errors = start(browser, site.url)
        assert page.get_attribute("html", "data-python-start") == "snapshot"
        assert warnings == [] and errors == []
        marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
        assert "tw:snapshot-restored" in marks and "tw:boot-start" not in marks
        assert "tw:snapshot-rebuilt" in marks  # its delta against the fresh memory was rebuilt and checked
        seeds.append(new_game_seed(page))
        context.close()
    assert seeds[0] != seeds[1], "two restored sessions dealt the same game"


def test_the_app_files_are_unpacked_by_the_page(browser, site):
    """tabletop.zip.zst is decoded and unpacked by the page (pyodide-snapshot.mjs), where PyScript's [files]
    ran Python's zipfile; the app's modules that the snapshot does not hold (The War of the Worlds'
    engine) import from those files."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(site.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-python-start") == "snapshot"
    marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    assert marks.index("tw:snapshot-restored") < marks.index("tw:app-files") < marks.index("tw:python-start")
    new_game_seed(page)
    context.close()


def test_the_zstd_files_are_decoded_by_workers_and_without_them_the_page_starts_the_slower_way(browser, site):
    """The snapshot and the wasm are decoded by a worker each (static/js/unzstd-worker.js). Where that
    worker cannot run, the page boots Python the usual way from the plain wasm, and works the same."""
    for workers in (True, False):
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        started, said = [], []
        page.on("worker", lambda w, started=started: started.append(w.url.rsplit("/", 1)[-1]))
        page.on("console", lambda m, said=said: said.append(m.text) if m.type == "warning" else None)
        if not workers:
            page.route("**/unzstd-worker.js", lambda route: route.fulfill(status=404, body="not found"))
        page.goto(site.url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert started == ["unzstd-worker.js"] * 2, started
        assert page.get_attribute("html", "data-python-start") == ("snapshot" if workers else "boot")
        marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
        assert ("tw:wasm-decoded" in marks) is workers
        assert bool([m for m in said if "the decoder did not run" in m]) is not workers, said
        new_game_seed(page)
        context.close()


def rewrite(dist, change):
    """A route answering with the built snapshot after ``change(raw bytes) -> raw bytes``."""
    raw = zstandard.decompress(snapshot_path(dist).read_bytes())
    body = zstandard.compress(change(raw), 1)
    return lambda route: route.fulfill(status=200, body=body, content_type="application/octet-stream")


def stale(raw: bytes) -> bytes:
    """The header of another build."""
    return re.sub(rb"^tw-snapshot [0-9a-f]+", b"tw-snapshot 0123456789abcdef", raw)


def broken_inside(raw: bytes) -> bytes:
    """Our header is right, Pyodide's is not (its magic number): fails inside Pyodide's restore."""
    return raw[:64] + b"\0\0\0\0" + raw[68:]


def delta_mismatch(raw: bytes) -> bytes:
    """A byte of the part stored as a delta against the fresh memory changed: its rebuild fails the hash."""
    end = int(raw[:64].split()[2])
    at = 64 + int.from_bytes(raw[68:72], "little") + end // 2  # Pyodide's header says where the memory starts
    return raw[:at] + bytes([raw[at] ^ 0x55]) + raw[at + 1 :]


def oversized(raw: bytes) -> bytes:
    """A heap 2 MiB past the 30 MiB Pyodide 314 restores into."""
    return raw + bytes(2 * 1024 * 1024)


FALLBACKS = {
    "missing": lambda dist: lambda route: route.fulfill(status=404, body="not found"),
    "not-zstd": lambda dist: lambda route: route.fulfill(status=200, body=b"tw-snapshot garbage" * 1000),
    "stale": lambda dist: rewrite(dist, stale),
    "corrupt-inside": lambda dist: rewrite(dist, broken_inside),
    "delta-mismatch": lambda dist: rewrite(dist, delta_mismatch),
    "oversized": lambda dist: rewrite(dist, oversized),
}


@pytest.mark.parametrize("case", list(FALLBACKS))
def test_an_unusable_snapshot_falls_back_to_a_normal_boot(browser, site, case):
    context, page, warnings, errors = start(browser, site.url, FALLBACKS[case](site.directory))
    assert page.get_attribute("html", "data-python-start") == "boot"
    assert len(warnings) == 1, warnings
    if case == "delta-mismatch":
        assert "does not match its hash" in warnings[0]
    assert errors == []
    new_game_seed(page)  # the app works the same
    context.close()


def test_a_build_without_the_snapshot_boots_python_the_usual_way(browser, tmp_path):
    dist = tmp_path / "dist"
    build(dist, snapshot=False)
    assert not list((dist / "vendor" / "pyodide").glob("snapshot-*"))
    with Site(dist) as plain:
        context, page, warnings, errors = start(browser, plain.url)
        assert page.get_attribute("html", "data-python-start") == "boot"
        assert warnings == [] and errors == []
        context.close()


def test_the_built_site_ships_no_benchmark_page_and_no_dangling_source_maps(site):
    dist = site.directory
    assert not (dist / "bare.html").exists()
    precache = (dist / "sw.js").read_text()
    assert "bare.html" not in precache
    assert '"vendor/pyodide/pyodide-snapshot.mjs"' in precache and snapshot_path(dist).name in precache
    scripts = [p for p in dist.rglob("*") if p.suffix in (".js", ".mjs")]
    assert len(scripts) > 5
    dangling = [
        str(p.relative_to(dist))
        for p in scripts
        if (m := re.search(r"sourceMappingURL=(\S+)", p.read_text())) and not (p.parent / m.group(1)).exists()
    ]
    assert dangling == []


def test_the_snapshot_is_keyed_to_this_build(site):
    """Its name, its header and the loader carry one key (make/snapshot.py's snapshot_key of the files it holds:
    tests/building/test_deploy.py)."""
    dist = site.directory
    key = re.fullmatch(r"snapshot-([0-9a-f]{16})\.bin\.zst", snapshot_path(dist).name).group(1)
    raw = zstandard.decompress(snapshot_path(dist).read_bytes())
    assert raw[:64].decode().split()[:2] == ["tw-snapshot", key]
    loader = (dist / "vendor" / "pyodide" / "pyodide-snapshot.mjs").read_text()
    assert json.dumps({"file": f"./snapshot-{key}.bin.zst", "key": key, "size": len(raw)}) in loader


def counting_site(site, counts: dict[str, int]) -> Site:
    """The built site served again, counting in ``counts`` the requests for each path."""
    counting = Site(site.directory)
    handler = counting.server.RequestHandlerClass  # functools.partial(the site's handler, directory=...)

    class Counting(handler.func):
        def do_GET(self):  # noqa: N802 - the stdlib's name
            counts[self.path] = counts.get(self.path, 0) + 1
            super().do_GET()

    counting.server.RequestHandlerClass = functools.partial(Counting, *handler.args, **handler.keywords)
    return counting


def test_a_first_visit_downloads_the_runtime_once(browser, site):
    """The service worker fills its cache from what the page already fetched (the HTTP cache)."""
    from test_offline_and_embed import visit_once

    counts: dict[str, int] = {}
    with counting_site(site, counts) as counting:
        context, page = visit_once(browser, counting)
        context.close()
    heavy = [
        f"{SUBPATH}vendor/pyodide/{runtime.WASM_ZST}",
        f"{SUBPATH}vendor/pyodide/{stdlib_path(site.directory).name}",
        f"{SUBPATH}vendor/pyodide/{snapshot_path(site.directory).name}",
        f"{SUBPATH}{common.APP_ARCHIVE_ZST}",
    ]
    assert {path: counts.get(path) for path in heavy} == dict.fromkeys(heavy, 1)
    # Pyodide's whole library is fetched only for an import the cut lacks (tabletop/stdlib_fallback.py): never here.
    assert counts.get(f"{SUBPATH}vendor/pyodide/python_stdlib.zip") is None


def test_a_first_visit_downloads_the_wasm_compressed_and_the_worker_keeps_it_plain(browser, site):
    """A page no worker serves fetches pyodide.asm.wasm.zst and decodes it (make/runtime.py's write_zstd_files); the
    worker keeps the plain wasm the page decoded, byte for byte, without downloading it; later starts
    read it from there (nothing to decode). The library for a boot is not downloaded ahead: a start
    from the snapshot does not use it."""
    from test_offline_and_embed import visit_once

    counts: dict[str, int] = {}
    pyodide = site.directory / "vendor" / "pyodide"
    with counting_site(site, counts) as counting:
        context, page = visit_once(browser, counting)
        assert "tw:wasm-decoded" in page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
        kept = page.evaluate("""async () => {
            const cache = await caches.open((await caches.keys()).find(n => n.startsWith('towers-and-worlds ')));
            const urls = (await cache.keys()).map(r => r.url);
            const wasm = await cache.match(urls.find(u => u.endsWith('/pyodide.asm.wasm')));
            const bytes = new Uint8Array(await wasm.arrayBuffer());
            const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
            return {type: wasm.headers.get('Content-Type'), length: bytes.length,
                    sha: Array.from(digest, b => b.toString(16).padStart(2, '0')).join(''),
                    zst: urls.some(u => u.endsWith('.zst') && u.includes('pyodide.asm')),
                    boot: urls.some(u => u.includes('/stdlib-boot-'))};
        }""")
        wasm = (pyodide / "pyodide.asm.wasm").read_bytes()
        assert kept == {
            "type": "application/wasm",
            "length": len(wasm),
            "sha": hashlib.sha256(wasm).hexdigest(),
            "zst": False,
            "boot": False,
        }
        assert counts.get(f"{SUBPATH}vendor/pyodide/pyodide.asm.wasm") is None
        assert counts.get(f"{SUBPATH}vendor/pyodide/{stdlib_path(site.directory, 'file').name}") is None
        counts.clear()
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert page.get_attribute("html", "data-python-start") == "snapshot"
        marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
        assert "tw:wasm-decoded" not in marks and "tw:snapshot-unzipped-copy" in marks
        assert not [path for path in counts if "/vendor/" in path], counts  # the worker served the runtime
        context.close()


def wasm_route(body: bytes | None):
    if body is None:
        return lambda route: route.fulfill(status=404, body="not found")
    return lambda route: route.fulfill(status=200, body=body, content_type="application/zstd")


WASM_FALLBACKS = {
    "missing": lambda zst: None,
    "not-zstd": lambda zst: b"\0asm not zstd" * 1000,
    "cut-short": lambda zst: zst[: len(zst) // 2],
}


@pytest.mark.parametrize("case", list(WASM_FALLBACKS))
def test_an_unusable_compressed_wasm_falls_back_to_the_plain_one(browser, site, case):
    """Whatever is wrong with pyodide.asm.wasm.zst, the page fetches the plain wasm and starts the same."""
    zst = (site.directory / "vendor" / "pyodide" / runtime.WASM_ZST).read_bytes()
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    said, errors, plain = [], [], []
    page.on("console", lambda m: said.append(m.text) if m.type == "warning" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: plain.append(r.url) if r.url.endswith("/pyodide.asm.wasm") else None)
    page.route(f"**/{runtime.WASM_ZST}", wasm_route(WASM_FALLBACKS[case](zst)))
    page.goto(site.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-python-start") == "snapshot"
    assert errors == [] and len(plain) == 1
    assert [m for m in said if "plain wasm" in m or "wasm was not compiled early" in m], said
    new_game_seed(page)
    context.close()


def held_before_python(browser, site, viewport=(390, 844)):
    """A page whose Python never arrives (the wasm request is held): what a visitor has meanwhile."""
    context = browser.new_context(service_workers="block", viewport={"width": viewport[0], "height": viewport[1]})
    page = context.new_page()
    page.route("**/pyodide.asm.wasm*", lambda route: None)  # never answered (the plain file or the zstd one)
    page.goto(site.url)
    page.wait_for_selector(".game-card")
    return context, page


def test_links_rules_and_home_buttons_answer_before_python(browser, site):
    from conftest import shot

    context, page = held_before_python(browser, site)
    progress = page.locator("#boot-progress")
    box = progress.bounding_box()
    assert progress.is_visible() and box["y"] + box["height"] <= 844, "the loading line is below the fold on a phone"
    shot(page, "before-python-home-phone")
    page.click("header >> text=Rules")
    page.wait_for_selector("[data-screen='rules'] h1:has-text('Rules and help')")
    page.click(".rules-nav >> text=Tower Battle")
    page.wait_for_selector("h1:has-text('Rules of Tower Battle')")
    assert page.locator("[data-screen='rules'] section h2").count() > 3
    shot(page, "before-python-rules-phone")
    page.click("text=Play Tower Battle")
    page.wait_for_selector("[data-screen='waiting']")
    assert "as soon as the game engine is ready" in page.inner_text("main")
    assert progress.is_visible()
    page.click("header >> text=Games")
    page.click("[aria-label='Rules of Towers of Wyoming']")
    page.wait_for_selector("h1:has-text('Rules of Towers of Wyoming')")
    assert page.get_attribute("html", "data-app-ready") is None
    for name, (w, h) in {"tablet-landscape": (1024, 768), "tablet-portrait": (768, 1024)}.items():
        page.set_viewport_size({"width": w, "height": h})
        page.click("header >> text=Games")
        shot(page, f"before-python-home-{name}")
    context.close()


def test_python_takes_over_the_address_chosen_before_it_was_ready(browser, site):
    """The written rules page and the one Python draws are the same text (one source)."""
    context, page = held_before_python(browser, site, (1024, 768))
    page.click("[aria-label='Rules of The War of the Worlds']")
    page.wait_for_selector("h1:has-text('Rules of The War of the Worlds')")
    written = page.inner_text("main")
    context.close()
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(site.url + "#/rules/war-of-the-worlds")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("[data-screen='rules']")
    assert page.inner_text("main") == written
    context.close()


def test_restored_interpreters_draw_their_own_random_numbers(site):
    """Pyodide imports `random` while booting, so its generator state is in the snapshot: without
    a fresh seed after each restore, every session would draw the same numbers."""
    import subprocess

    loader = site.directory / "vendor" / "pyodide" / "pyodide-snapshot.mjs"
    out = subprocess.run(
        ["node", str(ROOT / "e2e" / "restore_twice.mjs"), str(loader)], capture_output=True, text=True, check=True, timeout=300
    )
    (first, second), grown, columns = json.loads(out.stdout.strip().splitlines()[-1])
    assert first.endswith(" True") and second.endswith(" True"), "not restored from the snapshot"
    assert first != second
    # the snapshot is taken with malloc's footprint limit as it was (make_snapshot.mjs limits it while
    # zeroing free memory): a restored interpreter still grows its memory past the snapshot's 30 MiB
    assert grown == [48 << 20, 48 << 20]
    # Python runs as snapshot.PYTHON_ENV asks, restored as when booted: code keeps no column offsets
    # (PYTHONNODEBUGRANGES), neither what the snapshot holds nor what is compiled afterwards
    assert snapshot.PYTHON_ENV == {"PYTHONNODEBUGRANGES": "1"}
    assert columns == [["None"], ["None"]]


def cut_without(packed: bytes, member: str) -> bytes:
    """A gzipped cut library (make/stdlib_cut.py's write_stdlib) with one file left out."""
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(gzip.decompress(packed))) as cut:
        kept = {name: cut.read(name) for name in cut.namelist() if name != member}
    assert len(kept) < len(cut.namelist()), member
    return gzip.compress(common.stored_zip(kept), mtime=0)


def test_a_module_the_cut_library_lacks_comes_from_the_whole_library(browser, site):
    """Should an import ask for a module the cut standard library left out (here hashlib, which Tower
    War's hand imports), tabletop/stdlib_fallback.py fetches Pyodide's whole library once, says so in
    the console, and the game goes on."""
    restore = stdlib_path(site.directory)
    lacking = cut_without(restore.read_bytes(), "hashlib.py")
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    said, whole = [], []
    page.on("console", lambda m: said.append(m.text))
    page.on("request", lambda r: whole.append(r.url) if r.url.endswith("/python_stdlib.zip") else None)
    page.route(f"**/vendor/pyodide/{restore.name}", lambda route: route.fulfill(body=lacking, content_type="application/gzip"))
    page.goto(site.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert whole == []
    goto(page, "#/new/tower-war")
    page.click("#start-game")
    page.wait_for_selector("[data-screen='table']")
    assert len(whole) == 1
    assert any("hashlib" in text and "came from the whole standard library" in text for text in said), said
    context.close()
