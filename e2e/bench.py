"""Start-up benchmark: the app against a bare page booting the same vendored PyScript +
Pyodide, in the same browser and run; plus the shell's first paint and per-move timings.

    python3 build.py bench [--loads N]
    python3 build.py bench --network [--loads N] [--profiles broadband,4g]   (e2e/bench_network.py)

Prints human-readable lines and a table (first visit, repeat visit with the service worker in
place, the bare page cold and reloaded: ready time, longest main-thread task, snapshot restore,
bytes the server sent), then as its LAST line one JSON object with at least ``app_ready_ms``
(first visit), ``bare_pyscript_ms`` (bare page, cold) and ``ratio`` (medians over N loads each), and
``engines``: first visit and reload per engine (Chromium's reload is its repeat visit; WebKit's and
Firefox's come from e2e/engines/startup.py, with the start-up's steps: the wasm compiled, the
snapshot's fetch and restore, to main.py).
Loads alternate app/bare so drift in machine load hits both alike.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from serving import ROOT, Site, launch  # noqa: E402


@contextmanager
def bare_site(dist: Path):
    """bare.html served from its own folder beside the built runtime (bench_network.bare_root)."""
    from bench_network import bare_root

    with bare_root(dist) as root, counting(Site(root)) as site:
        yield site


@contextmanager
def counting(site: Site):
    """The site, counting the bytes of every file body it sends (``site.bytes_sent``)."""
    handler = site.server.RequestHandlerClass  # functools.partial(the site's handler, directory=...)

    class Counting(handler.func):
        def copyfile(self, source, outputfile):
            site.bytes_sent += os.fstat(source.fileno()).st_size
            super().copyfile(source, outputfile)

    site.bytes_sent = 0
    site.server.RequestHandlerClass = functools.partial(Counting, *handler.args, **handler.keywords)
    with site:
        yield site


# Long tasks from the very start of each page (the Long Tasks API, read when the page is ready).
LONG_TASKS = """window.__twLongest = 0;
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__twLongest = Math.max(window.__twLongest, e.duration);
  }).observe({type: "longtask", buffered: true});
} catch (e) { /* no Long Tasks API */ }"""


def load(page, url: str | None = None) -> dict:
    """Open ``url`` (or reload) and wait until the page is ready; its start-up figures."""
    if url:
        page.goto(url)
    else:
        page.reload()
    page.wait_for_selector("html[data-app-ready='1']", state="attached", timeout=120_000)
    page.wait_for_selector("html[data-ready-ms]", state="attached")
    return page.evaluate("""() => ({
        ready: Number(document.documentElement.dataset.readyMs),
        fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null,
        longest: Math.round(window.__twLongest || 0),
        python: document.documentElement.dataset.pythonStart || null,
        marks: Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, Math.round(m.startTime)])),
    })""")


def restore_ms(marks: dict) -> int | None:
    """Fetching, unpacking and restoring the snapshot (the loader's marks)."""
    if "tw:snapshot-restored" in marks:
        return marks["tw:snapshot-restored"] - marks["tw:snapshot-fetch"]
    return None


def wait_for_worker(page) -> None:
    """Until the service worker controls the page and its cache holds the site (a repeat visit's setup)."""
    for _ in range(1200):
        if page.evaluate("""async () => {
            if (!navigator.serviceWorker.controller) return false;
            const names = (await caches.keys()).filter(n => n.startsWith('towers-and-worlds'));
            return names.length === 1 && (await (await caches.open(names[0])).keys()).length > 10;
        }"""):
            return
        page.wait_for_timeout(100)
    raise TimeoutError("the service worker never filled its cache")


def app_visits(browser, site) -> tuple[dict, dict]:
    """A first visit (empty caches) until the offline cache is full, then a repeat visit."""
    context = browser.new_context(service_workers="allow")
    context.add_init_script(LONG_TASKS)
    page = context.new_page()
    site.bytes_sent = 0
    first = load(page, site.url)
    wait_for_worker(page)
    first["bytes"] = site.bytes_sent
    site.bytes_sent = 0
    page.close()
    page = context.new_page()
    repeat = load(page, site.url)
    repeat["bytes"] = site.bytes_sent
    repeat["page"], repeat["context"] = page, context
    return first, repeat


def bare_visits(browser, site) -> tuple[dict, dict]:
    """The bare page cold (empty HTTP cache), then reloaded (HTTP cache, as it has no worker)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(LONG_TASKS)
    page = context.new_page()
    site.bytes_sent = 0
    cold = load(page, site.url + "bare.html")
    cold["bytes"] = site.bytes_sent
    site.bytes_sent = 0
    repeat = load(page)
    repeat["bytes"] = site.bytes_sent
    context.close()
    return cold, repeat


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
    return {
        game: {
            level: json.loads(page.evaluate("([g, l, n]) => window.twThink(g, l, n)", [game, level, THINK_DECISIONS]))
            for level in THINK_LEVELS
        }
        for game in think_games()
    }


def cpython_think_times() -> dict:
    """The same decisions on CPython (``tabletop.sim.timing``)."""
    sys.path.insert(0, str(ROOT / "py"))
    from tabletop.sim.timing import think_times

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


def median(values):
    values = [v for v in values if v is not None]
    return round(statistics.median(values)) if values else None


def link_figures() -> dict:
    """Characters per link of each game played by link, over 200 simulated games each
    (tabletop/link/simulate.py; Towers of Wyoming's take about 4 s a game here, the others less)."""
    from tabletop.link.game import LINK_GAMES
    from tabletop.link.simulate import link_sizes, ring_sizes

    figures = {game: link_sizes(game, 200) for game in LINK_GAMES}
    for game, row in figures.items():
        print(
            f"links of {game}: median {row['median']}, 95th percentile {row['p95']}, first link up to {row['first_max']} characters,"
            f" {row['over_2000']} of {row['links']} over 2,000",
            flush=True,
        )
    for players, games in ((3, 20), (4, 10)):  # round a table each link replays the game so far: fewer games
        row = figures[f"towers-of-wyoming, {players} players"] = ring_sizes(players, games)
        print(
            f"links of towers-of-wyoming round a table of {players} ({games} games): a turn's median {row['median']},"
            f" 95th percentile {row['p95']}; the first two rounds up to {row['first_rounds_max']};"
            f" {row['shuffle_links']} links with a recycle's passes, up to {row['shuffle_max']} characters",
            flush=True,
        )
    return figures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument(
        "--network", action="store_true", help="only the first visit over a throttled link, as Pages serves it (e2e/bench_network.py)"
    )
    parser.add_argument("--profiles", default="broadband,4g", help="network profiles, comma-separated")
    args = parser.parse_args(argv)
    if args.network:
        import bench_network

        return bench_network.main(args.loads, args.profiles.split(","))
    runs = {"app_first": [], "app_repeat": [], "bare_cold": [], "bare_repeat": []}
    moves, think = {}, {}
    dist = Path(os.environ.get("TW_DIST") or ROOT / "dist")
    with counting(Site(dist)) as site, bare_site(dist) as bare, sync_playwright() as p:
        browser = launch(p)
        for i in range(args.loads):  # app and bare alternate, so drift in the machine's load hits both alike
            first, repeat = app_visits(browser, site)
            runs["app_first"].append(first)
            runs["app_repeat"].append(repeat)
            if i == args.loads - 1:
                moves = browser_move_timings(repeat["page"])
                think["browser"] = browser_think_times(repeat["page"])
            repeat["context"].close()
            cold, again = bare_visits(browser, bare)
            runs["bare_cold"].append(cold)
            runs["bare_repeat"].append(again)
            for name in runs:
                r = runs[name][-1]
                print(
                    f"load {i + 1} {name}: ready {r['ready']} ms, longest task {r['longest']} ms, {r['bytes'] / 1e6:.2f} MB"
                    + (f", python from {r['python']}, restore {restore_ms(r['marks'])} ms" if r.get("python") else "")
                    + (f", first paint {r['fcp']:.0f} ms" if r.get("fcp") and name.startswith("app") else ""),
                    flush=True,
                )
        browser.close()
    per_engine = other_engines(dist, args.loads)
    think["cpython"] = cpython_think_times()
    print_think_table(think)
    table = {
        name: {
            "ready_ms": median(r["ready"] for r in rs),
            "longest_task_ms": median(r["longest"] for r in rs),
            "bytes": median(r["bytes"] for r in rs),
            "restore_ms": median(restore_ms(r["marks"]) for r in rs),
            "first_paint_ms": median(r["fcp"] for r in rs),
        }
        for name, rs in runs.items()
    }
    bare_cold = table["bare_cold"]["ready_ms"]
    print(f"{'':12} {'ready ms':>9} {'x bare':>7} {'longest task':>13} {'restore ms':>11} {'MB sent':>8} {'paint ms':>9}")
    for name, row in table.items():
        print(
            f"{name:12} {row['ready_ms']:>9} {row['ready_ms'] / bare_cold:>7.2f} {row['longest_task_ms']:>13} "
            f"{row['restore_ms'] if row['restore_ms'] is not None else '-':>11} {row['bytes'] / 1e6:>8.2f} "
            f"{row['first_paint_ms'] if row['first_paint_ms'] is not None else '-':>9}",
            flush=True,
        )
    app = table["app_first"]["ready_ms"]
    imports = [r["marks"]["tw:imported"] - r["marks"]["tw:python-start"] for r in runs["app_first"] if "tw:python-start" in r["marks"]]
    result = {
        "app_ready_ms": app,  # a first visit, as before: cold caches
        "bare_pyscript_ms": bare_cold,
        "ratio": round(app / bare_cold, 3),
        "repeat_ready_ms": table["app_repeat"]["ready_ms"],
        "repeat_ratio": round(table["app_repeat"]["ready_ms"] / bare_cold, 3),
        "shell_first_paint_ms": table["app_first"]["first_paint_ms"],
        "app_imports_ms": median(imports),
        "startup": table,
        "loads": args.loads,
        "browser_ms_per_decision": moves,
        "cpython": cpython_figures(),
        "think_ms": think,
        "link_chars": link_figures(),
        "engines": {"chromium": {"first": table["app_first"], "reload": table["app_repeat"]}, **per_engine},
        "when": time.strftime("%Y-%m-%d %H:%M"),
        "load_average": os.getloadavg()[0],
    }
    print(json.dumps(result))
    return 0


def other_engines(dist: Path, loads: int) -> dict:
    """First visit and reload in WebKit and Firefox, and their start-up steps (e2e/engines/startup.py)."""
    sys.path.insert(0, str(Path(__file__).parent / "engines"))
    from startup import engine_startup, print_table

    figures = engine_startup(dist, loads)
    print_table(figures)
    return figures


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
