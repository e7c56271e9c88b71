"""Nothing raw reaches players: an error nobody caught (a Python exception thrown out of a handler,
a start-up that fails, a promise rejected unhandled) shows one calm message with Reload and Copy
details; the traceback goes to the clipboard on request, never onto the page."""

from __future__ import annotations

import pytest

from conftest import BOOT_TIMEOUT_MS, READY, shot

TRACEBACK_WORDS = ("Traceback", 'File "', "PythonError", "ValueError", "RuntimeError", "invalid literal")


def fresh(browser, site, permissions=(), route_main=None, snapshot=True, viewport=(1024, 768), loads=None):
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, service_workers="block")
    if permissions:
        context.grant_permissions(list(permissions), origin=site.url.split("/towers")[0])
    page = context.new_page()
    if route_main:
        page.route("**/main.py", lambda route: route.fulfill(status=200, body=route_main, content_type="text/plain"))
    if not snapshot:
        page.route("**/vendor/pyodide/snapshot-*.bin.zst", lambda route: route.fulfill(status=404, body="not found"))
    if loads is not None:
        page.on("load", lambda: loads.append(page.url))
    page.goto(site.url + "#/rules")
    return context, page


def assert_calm(page):
    dialog = page.locator("#trouble [role='alertdialog']")
    dialog.wait_for(state="visible", timeout=BOOT_TIMEOUT_MS)
    assert dialog.locator("h2").inner_text() == "Something went wrong"
    assert page.locator("#trouble-reload").is_visible() and page.locator("#trouble-copy").is_visible()
    assert page.locator("#trouble-reload").inner_text() == "Reload"
    assert page.locator("#trouble-copy").inner_text() == "Copy details"
    assert page.evaluate("document.activeElement.id") == "trouble-reload"
    shown = page.locator("body").inner_text()
    assert not [w for w in TRACEBACK_WORDS if w in shown], shown
    assert page.locator(".py-error, .alert-banner").count() == 0  # PyScript's own red box is off


def test_a_python_error_in_a_handler_shows_a_calm_message_and_copies_its_details(browser, site):
    context, page = fresh(browser, site, permissions=("clipboard-read", "clipboard-write"))
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    # a Python function of the app, handed a value it cannot take, from a timer: nobody catches it
    page.evaluate("setTimeout(() => window.twBench('not a number'))")
    assert_calm(page)
    for size, name in (((1024, 768), "wide"), ((768, 1024), "tall"), ((390, 844), "phone")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        shot(page, f"trouble-{name}")
    page.click("#trouble-copy")
    page.wait_for_function("document.getElementById('trouble-status').textContent.startsWith('Details copied')")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert "Traceback" in copied and "ValueError" in copied  # the Python traceback itself
    build = page.get_attribute("meta[name='tw-build']", "content")
    assert build != "dev" and f"Build: {build}" in copied
    assert "Route: /towers-and-worlds/#/rules" in copied
    assert page.locator("#trouble-details").is_hidden()  # shown only when the clipboard is refused
    context.close()


def test_copy_details_falls_back_to_a_field_to_select_when_the_clipboard_is_refused(browser, site):
    context, page = fresh(browser, site)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError')); }")
    page.evaluate("setTimeout(() => Promise.reject(new Error('a promise nobody waited on')))")
    assert_calm(page)
    page.click("#trouble-copy")
    page.wait_for_function("document.getElementById('trouble-status').textContent.startsWith('This browser refused')")
    details = page.locator("#trouble-details")
    assert details.is_visible() and "a promise nobody waited on" in details.input_value()
    assert page.evaluate("document.activeElement.id") == "trouble-details"
    context.close()


@pytest.mark.parametrize("snapshot", [True, False], ids=["after-a-restore", "without-a-snapshot"])
def test_a_start_up_that_fails_every_time_says_so_once_and_never_loops(browser, site, snapshot):
    """The app's script raises at every start: with a snapshot, the loader starts once more without
    it (a failure after a restore might be the snapshot's), then the message shows; no third start."""
    loads: list[str] = []
    context, page = fresh(browser, site, route_main="raise RuntimeError('the app could not start')\n", snapshot=snapshot, loads=loads)
    assert_calm(page)
    page.wait_for_timeout(1000)
    assert page.get_attribute("html", "data-python-start") == "boot"
    assert len(loads) == (2 if snapshot else 1), loads
    assert page.evaluate("window.twTroubleDetails()").count("the app could not start") >= 1
    context.close()
