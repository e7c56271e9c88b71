"""What a static host does around the app: two builds on one origin keep their own offline caches
(as every Pages site of one owner shares owner.github.io), and a lost visitor, online or offline,
is sent home by the 404 page from any depth."""

import json
import shutil
import sys
import urllib.request

import pytest

from conftest import BOOT_TIMEOUT_MS, READY, goto, moves_made, play_any_move
from serving import ROOT, Site
from test_offline_and_embed import cache_name, own_caches, visit_once

sys.path.insert(0, str(ROOT))
from make import site as built  # noqa: E402

PREVIEW = "/towers-preview/"


@pytest.fixture()
def two_sites(tmp_path, site):
    """The built site at /towers-and-worlds/ and a second build of it at /towers-preview/, one origin."""
    main, preview = tmp_path / "main", tmp_path / "preview"
    shutil.copytree(site.directory, main)
    shutil.copytree(site.directory, preview)
    index = preview / "index.html"
    index.write_text(index.read_text().replace("Works offline once loaded.", "Works offline once loaded (preview)."))
    built.write_precache(preview)
    with Site(main, also={PREVIEW: preview}) as running:
        yield running, running.origin + PREVIEW


def test_two_builds_on_one_origin_both_work_offline(browser, two_sites):
    site, preview_url = two_sites
    context = browser.new_context(service_workers="allow")
    # Caches left by the unscoped naming of earlier versions: another site's stays, this one's goes.
    page = context.new_page()
    page.goto(site.origin + "/")
    page.evaluate(
        """async ([ours, theirs]) => {
        await (await caches.open('towers-and-worlds-0000old0000')).put(ours, new Response('old shell'));
        await (await caches.open('towers-and-worlds-1111old1111')).put(theirs, new Response('old shell'));
    }""",
        [site.url, site.origin + "/someone-else/"],
    )
    page.close()

    _, main_page = visit_once(browser, site, context=context)
    _, preview_page = visit_once(browser, site, context=context, url=preview_url)
    main_version = (site.directory / "version.json").read_text()
    assert main_version != (site.directory.parent / "preview" / "version.json").read_text()
    names = set(main_page.evaluate("caches.keys()"))
    assert len(own_caches(main_page, site.url)) == 1 and len(own_caches(main_page, preview_url)) == 1
    assert "towers-and-worlds-1111old1111" in names, "another site's old cache was deleted"
    assert "towers-and-worlds-0000old0000" not in names, "this site's old unscoped cache was kept"
    assert own_caches(main_page, site.url) == [cache_name(site.url, build_version(site.directory))]

    context.set_offline(True)
    for page, url, is_preview in ((main_page, site.url, False), (preview_page, preview_url, True)):
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        shell = page.evaluate("fetch('./').then(r => r.text())")  # from this site's own cache
        assert ("Works offline once loaded (preview)." in shell) is is_preview
        goto(page, "#/new/war-of-the-worlds")
        page.click("#start-game")
        page.wait_for_selector("[data-screen='table']")
        play_any_move(page)
        assert moves_made(page) >= 1  # (seat 2 is the computer by default: it may have answered)
    context.close()


def build_version(directory) -> str:
    return json.loads((directory / "version.json").read_text())["version"]


def test_a_lost_visitor_is_sent_home_from_any_depth(browser, site):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    response = page.goto(site.url + "no/such/deep/page.html#/rules")
    assert response.status == 404
    page.wait_for_url(site.url + "#/rules", timeout=30_000)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#app").count() == 1
    context.close()


def test_an_unknown_path_offline_gets_the_404_page_and_then_home(browser, two_sites):
    site, _ = two_sites
    context, page = visit_once(browser, site)
    context.set_offline(True)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    response = page.goto(site.url + "static/no-such/page")
    assert response.status == 404
    page.wait_for_url(site.url, timeout=30_000)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator(".game-card, [data-game]").count() >= 4
    assert errors == []
    context.close()


def test_the_vendored_runtimes_are_served_with_their_licences(site):
    """Pyodide (MPL-2.0) and PyScript (Apache-2.0) are redistributed: each licence beside its files."""
    for runtime, beside, first_words in (
        ("pyodide", "pyodide.mjs", "Mozilla Public License Version 2.0"),
        ("pyscript", "core.js", "Apache License Version 2.0,"),
    ):
        with urllib.request.urlopen(f"{site.url}vendor/{runtime}/LICENSE") as response:
            text = response.read().decode()
        assert " ".join(text.split()).startswith(first_words), runtime
        with urllib.request.urlopen(f"{site.url}vendor/{runtime}/{beside}") as response:
            assert response.status == 200
