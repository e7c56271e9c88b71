"""Two browsers beside Chromium, each driven by its own standard protocol, behind one small interface.

- WebKit: Debian's WebKitGTK MiniBrowser (the engine of every browser on an iPad), driven by
  WebKitWebDriver over W3C WebDriver (plain HTTP, so only the standard library) in an Xvfb display.
- Firefox: Debian's Firefox ESR, headless, driven over WebDriver BiDi (the WebSocket protocol its
  Remote Agent speaks; no geckodriver needed), through the pinned ``websockets`` package.

Both offer: ``goto``, ``reload``, ``js`` (a function body, arguments in ``arguments``, the result as
JSON), ``click`` (a real pointer click on the element a function body returns), ``set_viewport``,
``screenshot`` and ``console_errors``. Each is a context manager that ends the processes it started.
"""

from __future__ import annotations

import base64
import itertools
import json
import os
import queue
import random
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")  # shipped by libwebkit2gtk-4.1-0
WEB_ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the W3C WebDriver key of an element reference
DEBIAN_PACKAGES = {"webkit": ("webkit2gtk-driver", "xvfb"), "firefox": ("firefox-esr",)}

# What a page reports as errors once the collector is in (WebKitWebDriver has no console log to read).
COLLECT_ERRORS = """if (!window.__twErrors) {
  window.__twErrors = [];
  const keep = (kind, text) => window.__twErrors.push(kind + ': ' + text);
  const error = console.error.bind(console);
  console.error = (...a) => { keep('console.error', a.map(String).join(' ')); error(...a); };
  addEventListener('error', (e) => keep('error', e.message || String(e.error)));
  addEventListener('unhandledrejection', (e) => keep('unhandled rejection', String(e.reason && e.reason.message || e.reason)));
}"""


class EngineMissing(Exception):
    """The browser or its driver is not installed here."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def missing(engine: str) -> list[str]:
    """Debian packages ``engine`` needs that are not installed."""
    needs = {
        "webkit": [shutil.which("WebKitWebDriver"), shutil.which("Xvfb"), MINIBROWSER.exists() or None],
        "firefox": [shutil.which("firefox-esr") or shutil.which("firefox")],
    }[engine]
    return list(DEBIAN_PACKAGES[engine]) if not all(needs) else []


def stop(process: subprocess.Popen | None) -> None:
    """End a process this module started and everything it started (its own process group)."""
    if process is None or process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()


class Driver:
    """What the smoke and the benchmark need of a browser; subclasses speak the protocols."""

    name = ""
    console = ""  # how console errors are read, said in the output

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        raise NotImplementedError

    def wait(self, body: str, *args, timeout: float = 60, every: float = 0.1):
        """Poll ``js(body)`` until it is truthy; its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(body, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: not true after {timeout:.0f} s: {body[:120]}")
            time.sleep(every)

    def js(self, body: str, *args):
        raise NotImplementedError

    def tap(self, body: str, *args) -> str:
        """A touch where the driver can give one, else a click; says which ("touch" or "mouse")."""
        self.click(body, *args)
        return "mouse"


# ---------------------------------------------------------------- WebKit: W3C WebDriver over HTTP


class WebKit(Driver):
    """MiniBrowser through WebKitWebDriver, in a private Xvfb display."""

    name = "webkit"
    console = "page errors and console.error from a collector put in after each load (WebKitWebDriver reads no console)"

    def __init__(self):
        if missing("webkit"):
            raise EngineMissing(f"WebKit needs the Debian packages {' '.join(missing('webkit'))}")
        self.xvfb = self.driver = None
        self.session = None
        try:
            self._start()
        except BaseException:
            self.close()
            raise

    def _start(self) -> None:
        display = self._display()
        port = free_port()
        self.base = f"http://127.0.0.1:{port}"
        self.driver = subprocess.Popen(
            ["WebKitWebDriver", f"--port={port}"],
            env={**os.environ, "DISPLAY": f":{display}"},
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.base + "/status", timeout=5).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        options = {"binary": str(MINIBROWSER), "args": ["--automation"]}
        created = self._call(
            "POST",
            "/session",
            {"capabilities": {"alwaysMatch": {"browserName": "MiniBrowser", "webkitgtk:browserOptions": options}}},
            timeout=120,
        )
        self.session = created["sessionId"]
        self.version = created["capabilities"].get("browserVersion", "?")

    def _display(self) -> str:
        """A display of a fresh Xvfb: a free number well above the desktop's, checked by its socket."""
        for number in range(random.randrange(100, 400), 500):
            if Path(f"/tmp/.X{number}-lock").exists() or Path(f"/tmp/.X11-unix/X{number}").exists():
                continue
            self.xvfb = subprocess.Popen(
                ["Xvfb", f":{number}", "-screen", "0", "1600x1400x24", "-nolisten", "tcp"],
                start_new_session=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            deadline = time.monotonic() + 20
            while self.xvfb.poll() is None and time.monotonic() < deadline:
                if Path(f"/tmp/.X11-unix/X{number}").exists():
                    return f"{number}"
                time.sleep(0.05)
            stop(self.xvfb)
        raise EngineMissing("Xvfb did not start")

    def _call(self, method: str, path: str, body: dict | None = None, timeout: float = 300):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as error:
            value = json.loads(error.read() or b"{}").get("value", {})
            raise RuntimeError(f"webkit: {method} {path}: {value.get('error')}: {value.get('message')}") from None

    def _session(self, method: str, path: str, body: dict | None = None):
        return self._call(method, f"/session/{self.session}{path}", body)

    def goto(self, url: str) -> None:
        self._session("POST", "/url", {"url": url})
        self._collect()

    def reload(self) -> None:
        self._session("POST", "/refresh", {})
        self._collect()

    def _collect(self) -> None:
        self._session("POST", "/execute/sync", {"script": COLLECT_ERRORS, "args": []})

    def js(self, body: str, *args):
        script = (
            "const done = arguments[arguments.length - 1], args = [...arguments].slice(0, -1);"
            f"Promise.resolve().then(() => (async function () {{ {body} }}).apply(null, args))"
            ".then((v) => done(JSON.stringify([v])), (e) => done(JSON.stringify({thrown: String(e && e.stack || e)})));"
        )
        value = json.loads(self._session("POST", "/execute/async", {"script": script, "args": list(args)}))
        if isinstance(value, dict):
            raise RuntimeError(f"webkit: script failed: {value['thrown']}")
        return value[0]

    def click(self, body: str, *args) -> None:
        element = self._session("POST", "/execute/sync", {"script": body, "args": list(args)})
        if not element:
            raise RuntimeError(f"webkit: nothing to click: {body[:120]}")
        self._session("POST", f"/element/{element[WEB_ELEMENT]}/click", {})

    def tap(self, body: str, *args) -> str:
        """A finger's tap: W3C pointer actions of pointerType "touch"; a click where WebKitWebDriver
        refuses them. Says which the page was given."""
        element = self._session("POST", "/execute/sync", {"script": body, "args": list(args)})
        if not element:
            raise RuntimeError(f"webkit: nothing to tap: {body[:120]}")
        finger = {
            "type": "pointer",
            "id": "finger",
            "parameters": {"pointerType": "touch"},
            "actions": [
                {"type": "pointerMove", "x": 0, "y": 0, "origin": element},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
            ],
        }
        try:
            self._session("POST", "/actions", {"actions": [finger]})
            self._session("DELETE", "/actions", None)
        except RuntimeError:
            self._session("POST", f"/element/{element[WEB_ELEMENT]}/click", {})
            return "mouse"
        return "touch"

    def set_viewport(self, width: int, height: int) -> None:
        """The window is sized so the page (inside MiniBrowser's toolbar) gets ``width`` x ``height``."""
        self._session("POST", "/window/rect", {"width": width, "height": height})
        inner = self.js("return [innerWidth, innerHeight]")
        self._session("POST", "/window/rect", {"width": 2 * width - inner[0], "height": 2 * height - inner[1]})

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self._session("GET", "/screenshot")))

    def console_errors(self) -> list[str]:
        return self.js("return window.__twErrors || []") or []

    def close(self) -> None:
        if self.session:
            try:
                self._call("DELETE", f"/session/{self.session}", timeout=30)
            except (OSError, RuntimeError):
                pass
            self.session = None
        stop(self.driver)
        stop(self.xvfb)


# ---------------------------------------------------------------- Firefox: WebDriver BiDi over a WebSocket

FIREFOX_PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
}


def remote_value(value):
    """A BiDi RemoteValue as plain Python (only what ``js`` returns: JSON text, numbers, null)."""
    kind = value.get("type")
    if kind in ("undefined", "null"):
        return None
    if kind in ("string", "boolean", "number"):
        return value.get("value")
    if kind == "node":
        return value
    raise RuntimeError(f"firefox: unexpected value {value}")


class Firefox(Driver):
    """Firefox ESR, headless, over WebDriver BiDi."""

    name = "firefox"
    console = "every console error and page error (BiDi log.entryAdded)"

    def __init__(self):
        if missing("firefox"):
            raise EngineMissing("Firefox needs the Debian package firefox-esr")
        self.process = None
        self.socket = None
        self.profile = tempfile.TemporaryDirectory(prefix="tw-firefox-")
        self.replies: dict[int, queue.Queue] = {}
        self.ids = itertools.count(1)
        self.errors: list[str] = []
        try:
            self._start()
        except BaseException:
            self.close()
            raise

    def _start(self) -> None:
        from websockets.sync.client import connect

        Path(self.profile.name, "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items())
        )
        firefox = shutil.which("firefox-esr") or shutil.which("firefox")
        self.process = subprocess.Popen(
            [firefox, "--headless", "--no-remote", "--profile", self.profile.name, "--remote-debugging-port=0", "about:blank"],
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        address = None
        deadline = time.monotonic() + 60
        for line in self.process.stderr:
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                address = found.group(1)
                break
            if time.monotonic() > deadline:
                break
        if not address:
            raise EngineMissing("Firefox did not open its WebDriver BiDi port")
        threading.Thread(target=self.process.stderr.read, daemon=True).start()  # keep its pipe drained
        self.socket = connect(address.rstrip("/") + "/session", max_size=None, open_timeout=30)
        threading.Thread(target=self._listen, daemon=True).start()
        created = self._send("session.new", {"capabilities": {}})
        self.version = created["capabilities"].get("browserVersion", "?")
        self._send("session.subscribe", {"events": ["log.entryAdded"]})
        tree = self._send("browsingContext.getTree", {})
        self.context = tree["contexts"][0]["context"]

    def _listen(self) -> None:
        try:
            for message in self.socket:
                data = json.loads(message)
                if "id" in data and data["id"] in self.replies:
                    self.replies[data["id"]].put(data)
                elif data.get("method") == "log.entryAdded":
                    entry = data["params"]
                    if entry.get("level") == "error":
                        self.errors.append(f"{entry.get('type')}: {entry.get('text')}")
        except Exception:  # noqa: BLE001 - the socket closed: nothing more will come
            pass

    def _send(self, method: str, params: dict, timeout: float = 300):
        number = next(self.ids)
        self.replies[number] = queue.Queue()
        self.socket.send(json.dumps({"id": number, "method": method, "params": params}))
        try:
            reply = self.replies[number].get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"firefox: no answer to {method} in {timeout:.0f} s") from None
        finally:
            del self.replies[number]
        if reply.get("type") == "error":
            raise RuntimeError(f"firefox: {method}: {reply.get('error')}: {reply.get('message')}")
        return reply["result"]

    def goto(self, url: str) -> None:
        self._send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self._send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def _call(self, body: str, args: tuple, serialize: bool):
        wrapped = f"async function (...args) {{ const v = await (async function () {{ {body} }}).apply(null, args); return {'JSON.stringify([v])' if serialize else 'v'}; }}"
        result = self._send(
            "script.callFunction",
            {
                "functionDeclaration": wrapped,
                "awaitPromise": True,
                "target": {"context": self.context},
                "arguments": [{"type": "string", "value": json.dumps(a)} for a in args],
                "resultOwnership": "none",
                "serializationOptions": {"maxDomDepth": 0},
            },
        )
        if result.get("type") == "exception":
            raise RuntimeError(f"firefox: script failed: {result['exceptionDetails'].get('text')}")
        return remote_value(result["result"])

    def js(self, body: str, *args):
        return json.loads(
            self._call(
                f"const args = [...arguments].map((a) => JSON.parse(a)); return (async function () {{ {body} }}).apply(null, args);",
                args,
                True,
            )
        )[0]

    def click(self, body: str, *args) -> None:
        node = self._call(
            f"const args = [...arguments].map((a) => JSON.parse(a)); return (function () {{ {body} }}).apply(null, args);", args, False
        )
        if not node:
            raise RuntimeError(f"firefox: nothing to click: {body[:120]}")
        origin = {"type": "element", "element": {"sharedId": node["sharedId"]}}
        self._send(
            "input.performActions",
            {
                "context": self.context,
                "actions": [
                    {
                        "type": "pointer",
                        "id": "mouse",
                        "parameters": {"pointerType": "mouse"},
                        "actions": [
                            {"type": "pointerMove", "x": 0, "y": 0, "origin": origin},
                            {"type": "pointerDown", "button": 0},
                            {"type": "pointerUp", "button": 0},
                        ],
                    }
                ],
            },
        )

    def set_viewport(self, width: int, height: int) -> None:
        self._send("browsingContext.setViewport", {"context": self.context, "viewport": {"width": width, "height": height}})

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self._send("browsingContext.captureScreenshot", {"context": self.context})["data"]))

    def console_errors(self) -> list[str]:
        return list(self.errors)

    def close(self) -> None:
        if self.socket is not None:
            try:
                self._send("browser.close", {}, timeout=10)
            except (OSError, RuntimeError, TimeoutError):
                pass
            try:
                self.socket.close()
            except OSError:
                pass
            self.socket = None
        if self.process is not None:
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
            stop(self.process)
        self.profile.cleanup()


ENGINES = {"webkit": WebKit, "firefox": Firefox}
