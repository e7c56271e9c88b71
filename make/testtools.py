"""What the tests need installed, each only when missing or out of date: a .venv with the pinned test
tools, a Chromium, WebKitGTK and Firefox for the cross-engine smoke, and the test tools for Pyodide's
Python. Debian's packages come through one apt-get helper, used only as root."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from make.common import ROOT, VENV, log, run
from make.runtime import ensure_node_modules, pyodide_info

# The cross-engine smoke (e2e/engines/) drives Debian's WebKitGTK (MiniBrowser, shipped by
# libwebkit2gtk-4.1-0, a dependency of webkit2gtk-driver) under Xvfb, and Firefox ESR.
OTHER_ENGINE_PACKAGES = {"WebKitWebDriver": "webkit2gtk-driver", "Xvfb": "xvfb", "firefox-esr": "firefox-esr"}
# The unit tests also run under Python 3.14 in Pyodide (the interpreter the browser runs), by Node,
# with these test tools at their requirements-dev.txt pins: hypothesis ships a wheel built for
# Pyodide on PyPI, the rest are pure Python.
PYODIDE_TEST_TOOLS = ("pytest", "pluggy", "iniconfig", "packaging", "Pygments", "hypothesis", "sortedcontainers")


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """A .venv with the pinned test tools; reinstalled when requirements-dev.txt changes."""
    python = venv_python()
    req = ROOT / "requirements-dev.txt"
    stamp = VENV / ".requirements.sha256"
    want = hashlib.sha256(req.read_bytes()).hexdigest()
    if not python.exists():
        run([sys.executable, "-m", "venv", str(VENV)])
    if not stamp.exists() or stamp.read_text() != want:
        run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r", str(req)])
        stamp.write_text(want)
    return python


def test_env(chromium: str) -> dict:
    """The environment the tests and benchmarks run in: the app importable, the servers quiet, and
    the Chromium to launch (none: Playwright's own)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py"), "TW_QUIET_SERVER": "1"}
    if chromium:
        env["CHROMIUM"] = chromium
    return env


def apt_install(packages: list[str]) -> bool:
    """Install Debian ``packages`` with apt-get; False, without trying, unless root on Debian."""
    if not (hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get")):
        return False
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-q"], check=False, env=env)
    run(["apt-get", "install", "-y", "-q", *packages], env=env)
    return True


def find_chromium(python: Path) -> str:
    """$CHROMIUM, else /usr/bin/chromium, else apt-get (root on Debian), else Playwright's own."""
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    if apt_install(["chromium"]) and Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    run([str(python), "-m", "playwright", "install", "chromium"])
    return ""  # Playwright finds its own browser


def ensure_other_engines() -> None:
    """WebKitGTK's WebDriver, Xvfb and Firefox ESR: apt-get when missing (root on Debian), as for Chromium.
    Elsewhere the smoke says what is missing and fails."""
    wanted = [package for program, package in OTHER_ENGINE_PACKAGES.items() if not shutil.which(program)]
    if wanted and not apt_install(wanted):
        log(f"the cross-engine smoke needs the Debian packages {' '.join(wanted)} (not root on Debian: not installed)")


def pinned(names: tuple[str, ...]) -> list[str]:
    """``name==version`` for each of ``names``, as requirements-dev.txt pins it."""
    pins = {}
    for line in (ROOT / "requirements-dev.txt").read_text().splitlines():
        name, sep, version = line.partition("==")
        if sep:
            pins[name.strip().lower()] = f"{name.strip()}=={version.strip()}"
    return [pins[name.lower()] for name in names]


def download_pyodide_wheels(python: Path, info: dict, wanted: list[str], wheels: Path) -> None:
    """pip fetches the wheels built for Pyodide's platform and Python, or pure Python ones; never a
    source package, which would need building."""
    major, minor = info["python"].split(".")[:2]
    platforms = ["--platform", f"pyemscripten_{info['abi_version']}_{info['arch']}", "--platform", "any"]
    abis = ["--abi", f"cp{major}{minor}", "--abi", "abi3", "--abi", "none"]
    pip = [str(python), "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps", "--only-binary=:all:"]
    run([*pip, *platforms, "--python-version", f"{major}.{minor}", "--implementation", "cp", *abis, "-d", str(wheels), *wanted])


def ensure_pyodide_test_tools(python: Path) -> Path:
    """The test tools for Pyodide's Python, unpacked into .venv/pyodide-site (redone when a pin or Pyodide changes)."""
    ensure_node_modules()  # the pinned Pyodide says which Python and platform to fetch for
    info = pyodide_info()
    wanted = pinned(PYODIDE_TEST_TOOLS)
    site = VENV / "pyodide-site"
    stamp = site / ".pins.json"
    key = json.dumps([wanted, info])
    if stamp.exists() and stamp.read_text() == key:
        return site
    shutil.rmtree(site, ignore_errors=True)
    wheels = VENV / "pyodide-wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    download_pyodide_wheels(python, info, wanted, wheels)
    for wheel in sorted(wheels.glob("*.whl")):
        with zipfile.ZipFile(wheel) as zf:
            zf.extractall(site)
    stamp.write_text(key)
    return site
