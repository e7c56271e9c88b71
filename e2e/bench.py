"""Start-up benchmark: the app against a bare page booting the same vendored PyScript +
Pyodide, in the same browser and run; plus the shell's first paint and per-move timings.

    python3 build.py bench [--loads N]

Prints human-readable lines, then as its LAST line one JSON object with at least
``app_ready_ms``, ``bare_pyscript_ms`` and ``ratio`` (medians over N cold loads each).
Loads alternate app/bare so drift in machine load hits both alike.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from serving import ROOT, Site, launch  # noqa: E402


@contextmanager
def bare_site(dist: Path):
    """bare.html served from its own folder beside the built runtime (it is not deployed)."""
    with tempfile.TemporaryDirectory(prefix="tw-bare-") as tmp:
        root = Path(tmp)
        (root / "static" / "js").mkdir(parents=True)
        (root / "bare.html").write_bytes((ROOT / "bare.html").read_bytes())
        (root / "static" / "js" / "boot.js").write_bytes((dist / "static" / "js" / "boot.js").read_bytes())
        (root / "vendor").symlink_to(dist / "vendor", target_is_directory=True)
        with Site(root) as site:
            yield site


def cold_load(browser, url: str) -> dict:
    """One load in a fresh context (empty HTTP cache, no service worker)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-app-ready='1']", state="attached", timeout=120_000)
    page.wait_for_selector("html[data-ready-ms]", state="attached")
    result = page.evaluate("""() => ({
        ready: Number(document.documentElement.dataset.readyMs),
        fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null,
        marks: Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, Math.round(m.startTime)])),
    })""")
    result["page"] = page
    result["context"] = context
    return result


THINK_LEVELS = ("easy", "normal", "hard")
THINK_DECISIONS = 8


def think_games() -> list[str]:
    sys.path.insert(0, str(ROOT / "py"))
    from tabletop.games import GAMES

    return list(GAMES)


def browser_think_times(page) -> dict:
    """Per game and computer level: milliseconds per decision, measured inside the page (``window.twThink``)."""
    if not page.evaluate("typeof window.twThink === 'function'"):
        return {}
    return {game: {level: json.loads(page.evaluate("([g, l, n]) => window.twThink(g, l, n)", [game, level, THINK_DECISIONS]))
                   for level in THINK_LEVELS} for game in think_games()}


def cpython_think_times() -> dict:
    """The same decisions on CPython (``tabletop.ai.timing``)."""
    sys.path.insert(0, str(ROOT / "py"))
    from tabletop.ai.timing import think_times

    return {game: {level: think_times(game, level, THINK_DECISIONS) for level in THINK_LEVELS} for game in think_games()}


def print_think_table(figures: dict) -> None:
    for where, games in figures.items():
        for game, levels in games.items():
            cells = ", ".join(f"{lv} {v.get('median_ms')}/{v.get('max_ms')} ms" for lv, v in levels.items())
            print(f"think {where} {game}: median/max {cells}", flush=True)


def browser_move_timings(page) -> dict:
    """Median milliseconds per decision step of random play, measured inside the page."""
    has = page.evaluate("typeof window.twBench === 'function'")
    if not has:
        return {}
    return json.loads(page.evaluate("window.twBench(200)"))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--loads", type=int, default=3)
    args = parser.parse_args(argv)
    app_ms, bare_ms, fcp_ms, app_share, imports = [], [], [], [], []
    moves = {}
    think = {}
    dist = Path(os.environ.get("TW_DIST") or ROOT / "dist")
    with Site(dist) as site, bare_site(dist) as bare, sync_playwright() as p:
        browser = launch(p)
        for i in range(args.loads):
            for kind in ("app", "bare"):
                url = site.url if kind == "app" else bare.url + "bare.html"
                r = cold_load(browser, url)
                (app_ms if kind == "app" else bare_ms).append(r["ready"])
                if kind == "app":
                    fcp_ms.append(r["fcp"])
                    marks = r["marks"]
                    if "tw:python-start" in marks:
                        app_share.append(r["ready"] - marks["tw:python-start"])
                        imports.append(marks["tw:imported"] - marks["tw:python-start"])
                    if i == args.loads - 1:
                        moves = browser_move_timings(r["page"])
                        think["browser"] = browser_think_times(r["page"])
                print(f"load {i + 1} {kind}: ready {r['ready']:.0f} ms" + (f", first paint {r['fcp']:.0f} ms" if kind == "app" else ""), flush=True)
                r["context"].close()
        browser.close()
    think["cpython"] = cpython_think_times()
    print_think_table(think)
    app, bare = statistics.median(app_ms), statistics.median(bare_ms)
    fcp = statistics.median([f for f in fcp_ms if f is not None]) if any(f is not None for f in fcp_ms) else None
    result = {
        "app_ready_ms": round(app),
        "bare_pyscript_ms": round(bare),
        "ratio": round(app / bare, 3),
        "shell_first_paint_ms": round(fcp) if fcp is not None else None,
        "app_python_ms": round(statistics.median(app_share)) if app_share else None,
        "app_imports_ms": round(statistics.median(imports)) if imports else None,
        "loads": args.loads,
        "browser_ms_per_decision": moves,
        "cpython": cpython_figures(),
        "think_ms": think,
        "when": time.strftime("%Y-%m-%d %H:%M"),
    }
    print(json.dumps(result))
    return 0


def cpython_figures() -> dict:
    """Random games per second per game on CPython (the simulate CLI's numbers)."""
    sys.path.insert(0, str(ROOT / "py"))
    from tabletop.games import GAMES
    from tabletop.simulate import simulate

    out = {}
    for game_id in GAMES:
        r = simulate(game_id, 30, 1)
        out[game_id] = {"games_per_second": r["games_per_second"], "ms_per_game": r["ms_per_game"]}
    if "tower-war" in GAMES:
        from tabletop.games.tower_war.tower import benchmark

        out["tower-war"]["stability_check_10_levels_ms"] = benchmark()["check_ms"]
    return out


if __name__ == "__main__":
    sys.exit(main())
