"""The few places the app touches browser APIs beyond building DOM (see dom.py).

Every call that can throw in a locked-down browser (storage in a cross-site iframe or
a private window) is wrapped here, so the rest of the UI deals only in Python values.
"""

from __future__ import annotations

import json
from typing import Any

import js
from pyodide.ffi import create_proxy, jsnull, to_js

from tabletop.ui.saves.storage import StorageFull
from tabletop.ui.shell.device import Device


def absent(value: Any) -> bool:
    """True for Python None and for JavaScript null (Pyodide gives ``jsnull``, not None)."""
    return value is None or value is jsnull


class LocalStorageBackend:
    """``localStorage`` as a storage backend (see storage.Backend)."""

    def __init__(self, storage: Any):
        self.storage = storage

    def get(self, key: str) -> str | None:
        value = self.storage.getItem(key)
        return None if absent(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self.storage.setItem(key, value)
        except Exception as exc:
            raise StorageFull(str(exc)) from None

    def remove(self, key: str) -> None:
        self.storage.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self.storage.key(i)) for i in range(int(self.storage.length))]


class DurableBackend:
    """The saves' IndexedDB (static/js/saves.js) as a storage backend: reads come from the page's
    copy of the records, writes go to that copy at once and to disk in order, each committed with
    strict durability. A write the disk refuses comes back as a "tw-saves" event (``refused``)."""

    refuses_later = True  # a full disk refuses a write after set() has returned

    def __init__(self, saves: Any):
        self.saves = saves

    def get(self, key: str) -> str | None:
        value = self.saves.read(key)
        return None if absent(value) else str(value)

    def set(self, key: str, value: str) -> None:
        self.saves.write(key, value)

    def remove(self, key: str) -> None:
        self.saves.remove(key)

    def keys(self) -> list[str]:
        return [str(key) for key in self.saves.keys()]


def saves_backend() -> tuple[DurableBackend | LocalStorageBackend | None, bool]:
    """Where saved games live, and whether it is full: IndexedDB where the browser allows it,
    else localStorage (see local_storage), else nowhere (saves off)."""
    saves: Any = getattr(js.window, "twSaves", None)
    if not absent(saves) and str(saves.kind) == "indexeddb":
        return DurableBackend(saves), False
    return local_storage()


def storage_persistent() -> bool | None:
    """Whether the browser has promised to keep the site's storage (None: it does not say)."""
    saves: Any = getattr(js.window, "twSaves", None)
    value = None if absent(saves) else saves.persistent
    return None if absent(value) else bool(value)


def local_storage() -> tuple[LocalStorageBackend | None, bool]:
    """The page's localStorage and whether it is full, or (None, False) when the browser
    refuses it (saves are then off).

    A probe write refused for lack of room (QuotaExceededError) means full, not blocked:
    what is stored can still be read, listed and opened."""
    try:
        storage = js.window.localStorage
        int(storage.length)
    except Exception:
        return None, False
    try:
        storage.setItem("tw:probe", "1")
        storage.removeItem("tw:probe")
    except Exception as exc:
        if is_quota_error(exc):
            return LocalStorageBackend(storage), True
        return None, False
    return LocalStorageBackend(storage), False


def is_quota_error(exc: Exception) -> bool:
    """A storage write refused for room (QuotaExceededError; NS_ERROR_DOM_QUOTA_REACHED in Firefox)."""
    return "quota" in f"{getattr(exc, 'name', '')} {exc}".lower()


def top_site() -> str | None:
    """In a frame of a page from another origin (a wiki), that page's host ("" when the browser does
    not tell it); None at the top, or framed by this site itself. Such a frame's storage, where the
    browser allows it, is partitioned under that page's site (ui/embed/saves.py)."""
    try:
        if js.Object.is_(js.window.top, js.window):
            return None
    except Exception:
        pass
    try:
        str(js.window.top.location.href)  # readable only from the same origin
        return None
    except Exception:
        pass
    try:
        ancestors = js.location.ancestorOrigins  # Chromium and Safari; Firefox has none
        origin = str(ancestors.item(ancestors.length - 1)) if ancestors.length else str(js.document.referrer)
    except Exception:
        origin = str(js.document.referrer or "")
    return origin.split("://", 1)[-1].split("/", 1)[0] if "://" in origin else ""


def location_hash() -> str:
    return str(js.location.hash or "")


def set_hash(fragment: str) -> None:
    if location_hash() != fragment:
        js.location.hash = fragment


def replace_hash(fragment: str) -> None:
    """Go to ``fragment`` in place of the current entry (Back does not return to it)."""
    js.location.replace(fragment)


def query_param(name: str) -> str | None:
    value = js.URLSearchParams.new(js.location.search).get(name)
    return None if absent(value) else str(value)


def query_params() -> dict[str, str]:
    """Every ``name=value`` of the page's address (the last of a repeated name)."""
    return {str(k): str(v) for k, v in js.URLSearchParams.new(js.location.search).entries()}


def full_app_url(fragment: str) -> str:
    """This page without ``?embed=…``, at ``fragment`` (for "open in full app")."""
    return str(js.location.pathname) + fragment


def page_url(fragment: str) -> str:
    """The whole address of this page without its query, at ``fragment`` (for links to share)."""
    return str(js.location.origin) + full_app_url(fragment)


def copy_text(text: str, done: Any) -> None:
    """Put ``text`` on the clipboard; ``done(True)`` once there, ``done(False)`` if refused."""
    try:
        promise = js.navigator.clipboard.writeText(text)
    except Exception:
        done(False)
        return
    promise.then(create_proxy(lambda *_a: done(True)), create_proxy(lambda *_a: done(False)))


def can_share() -> bool:
    """The system's share sheet is there (phones, tablets, some desktops)."""
    return hasattr(js.navigator, "share")


def share_link(title: str, url: str) -> None:
    """Hand ``url`` to the system's share sheet; a dismissed sheet is no error."""
    try:
        promise = js.navigator.share(to_js({"title": title, "url": url}, dict_converter=js.Object.fromEntries))
    except Exception:
        return
    promise.catch(create_proxy(lambda *_a: None))


def _text_file(filename: str, text: str) -> Any:
    return js.File.new([text], filename, js.Object.fromEntries([["type", "text/plain"]]))


def can_share_file(filename: str, text: str) -> bool:
    """The system's share sheet takes this text file (most phones and tablets; few desktops)."""
    try:
        files = to_js({"files": [_text_file(filename, text)]}, dict_converter=js.Object.fromEntries)
        return bool(hasattr(js.navigator, "canShare") and js.navigator.canShare(files))
    except Exception:
        return False


def share_file(title: str, filename: str, text: str) -> None:
    """Hand ``text`` to the system's share sheet as a small text file; a dismissed sheet is no error."""
    try:
        data = to_js({"title": title, "files": [_text_file(filename, text)]}, dict_converter=js.Object.fromEntries)
        promise = js.navigator.share(data)
    except Exception:
        return
    promise.catch(create_proxy(lambda *_a: None))


def on(target: Any, event: str, handler: Any) -> Any:
    """A long-lived listener (kept for the page's life; the proxy is returned)."""
    proxy = create_proxy(handler)
    target.addEventListener(event, proxy)
    return proxy


def later(ms: int, fn: Any) -> None:
    """Run ``fn`` after ``ms`` milliseconds, letting the page paint first."""
    proxy: Any = None

    def once(*_args: Any) -> None:
        try:
            fn()
        finally:
            proxy.destroy()

    proxy = create_proxy(once)
    js.setTimeout(proxy, ms)


def download_json(filename: str, data: dict[str, Any]) -> None:
    """Offer ``data`` as a .json file download."""
    _download(filename, json.dumps(data, indent=1), "application/json")


def _download(filename: str, text: str, kind: str) -> None:
    blob = js.Blob.new([text], js.Object.fromEntries([["type", kind]]))
    url = js.URL.createObjectURL(blob)
    link = js.document.createElement("a")
    link.href = url
    link.download = filename
    js.document.body.appendChild(link)
    link.click()
    link.remove()
    js.URL.revokeObjectURL(url)


def download_text(filename: str, text: str, kind: str = "application/json") -> None:
    """Offer ``text`` as a file download, exactly as it is (a set-aside record's own text, a link)."""
    _download(filename, text, kind)


def read_file(file: Any, done: Any) -> None:
    """Read a user-chosen File as text and call ``done(text)`` (or ``done(None)`` on failure)."""

    def loaded(text: Any) -> None:
        done(str(text))

    def failed(_err: Any) -> None:
        done(None)

    file.text().then(create_proxy(loaded), create_proxy(failed))


def mark_nav(route_name: str) -> None:
    """The header's link to the page on screen says so (aria-current)."""
    for link in js.document.querySelectorAll(".site-header nav a"):
        href = str(link.getAttribute("href"))
        current = (href == "#/" and route_name == "home") or (href != "#/" and href.strip("#/") == route_name)
        if current:
            link.setAttribute("aria-current", "page")
        else:
            link.removeAttribute("aria-current")


def mark_ready() -> None:
    root = js.document.documentElement
    root.setAttribute("data-app-ready", "1")
    js.window.dispatchEvent(js.Event.new("app:ready"))


def on_window(event: str, handler: Any) -> Any:
    """Listen to the window (``hashchange``, ``storage``...)."""
    return on(js.window, event, handler)


def scroll_to_top() -> None:
    js.window.scrollTo(0, 0)


def reflect_settings(settings: dict[str, Any]) -> None:
    """Settings that CSS acts on, as attributes of <html> (no animations; the table turned for two people facing each other)."""
    root = js.document.documentElement
    for key, attribute in (("reduce_motion", "data-reduce-motion"), ("face_to_face", "data-face-to-face")):
        if settings.get(key):
            root.setAttribute(attribute, "1")
        else:
            root.removeAttribute(attribute)


def device() -> Device:
    """The device as the screens need it (ui/shell/device.py): an iPad or iPhone in Safari (iPadOS
    says "Macintosh" but has a touch screen), started from the Home Screen or not, full screen allowed."""
    navigator = js.navigator
    agent = str(navigator.userAgent)
    touch = int(getattr(navigator, "maxTouchPoints", 0) or 0)
    apple = (
        "iPhone" if "iPhone" in agent or "iPod" in agent else "iPad" if "iPad" in agent or ("Macintosh" in agent and touch > 1) else None
    )
    if any(other in agent for other in ("CriOS", "FxiOS", "EdgiOS")):  # another browser's own menus
        apple = None
    standalone = bool(getattr(navigator, "standalone", False)) or bool(js.window.matchMedia("(display-mode: standalone)").matches)
    return Device(apple, standalone, bool(getattr(js.document, "fullscreenEnabled", False)))


_REFUSED: list[Any] = []  # one handler for every refusal, made at the first (no proxy may exist when the snapshot is taken)


def toggle_full_screen() -> None:
    """Fill the screen with the app, or leave full screen (the browser may refuse: nothing changes then)."""
    document = js.document
    asked = (
        document.documentElement.requestFullscreen() if absent(getattr(document, "fullscreenElement", None)) else document.exitFullscreen()
    )
    if not _REFUSED:
        _REFUSED.append(create_proxy(lambda _reason: None))
    asked.catch(_REFUSED[0])  # a refusal is the browser's to make: the button simply did nothing
