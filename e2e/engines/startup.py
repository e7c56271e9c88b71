"""Start-up in WebKit and Firefox (first visit and reload), for `build.py bench`, and a profile of what
happens between the restored snapshot and our main.py in one engine.

    PYTHONPATH=py .venv/bin/python e2e/engines/startup.py [--loads N] [--profile webkit|firefox]

Each load is a new browser on a new origin (empty caches): the first visit, then a reload of the same
page once the service worker holds the site (what a returning player gets). The profile serves a
copy of dist/ whose snapshot loader wraps the interpreter it hands to PyScript, so every call PyScript
makes on it (writing files, unpacking the package archive, running Python) is timed in the page.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from drivers import ENGINES, EngineMissing  # noqa: E402
from smoke import MARKS, WORKER_READY, boot  # noqa: E402

from serving import ROOT, Site  # noqa: E402

STEPS = (
    ("wasm", "tw:loader-start", "tw:wasm-compiled"),  # fetched (a first visit: downloaded, decoded) and compiled
    ("fetch", "tw:snapshot-fetch", "tw:snapshot-fetched"),
    ("restore", "tw:snapshot-fetched", "tw:snapshot-restored"),
    ("to main.py", "tw:snapshot-restored", "tw:python-start"),
    ("imports+render", "tw:python-start", "tw:rendered"),
)


def figures(driver) -> dict:
    marks = driver.js(MARKS)
    out = {
        "ready_ms": int(driver.js("return Number(document.documentElement.dataset.readyMs)")),
        "python": driver.js("return document.documentElement.dataset.pythonStart || null"),
    }
    for name, start, end in STEPS:
        out[f"{name}_ms"] = marks[end] - marks[start] if start in marks and end in marks else None
    return out


def visits(engine: str, dist: Path) -> tuple[dict, dict]:
    """A first visit and, once the service worker has the site, a reload: each one's figures."""
    with ENGINES[engine]() as driver, Site(dist) as site:
        boot(driver, site.url)
        first = figures(driver)
        driver.wait(WORKER_READY, timeout=180, every=0.5)
        boot(driver, None)
        return first, figures(driver)


def median(values):
    values = [v for v in values if v is not None]
    return round(statistics.median(values)) if values else None


def engine_startup(dist: Path, loads: int = 3, engines: tuple[str, ...] = ("webkit", "firefox")) -> dict:
    """Per engine: medians over ``loads`` of each figure, for the first visit and the reload."""
    out: dict = {}
    for engine in engines:
        runs: dict[str, list[dict]] = {"first": [], "reload": []}
        try:
            for i in range(loads):
                first, again = visits(engine, dist)
                runs["first"].append(first)
                runs["reload"].append(again)
                print(f"{engine} load {i + 1}: first visit {first}, reload {again}", flush=True)
        except EngineMissing as why:
            print(f"{engine}: not measured ({why})", flush=True)
            continue
        out[engine] = {visit: {key: median(r[key] for r in rs) for key in rs[0] if key != "python"} for visit, rs in runs.items()}
    return out


def print_table(per_engine: dict) -> None:
    keys = ["ready_ms"] + [f"{name}_ms" for name, _, _ in STEPS]
    print(f"{'engine, visit':18}" + "".join(f"{k[:-3]:>15}" for k in keys))
    for engine, visits_ in per_engine.items():
        for visit, row in visits_.items():
            print(f"{engine + ' ' + visit:18}" + "".join(f"{row.get(k) if row.get(k) is not None else '-':>15}" for k in keys), flush=True)


# ---------------------------------------------------------------- where the time goes after the restore

# Appended to a copy of the snapshot loader: the interpreter handed to PyScript is wrapped so each call
# on it (and on its FS) is timed, with what it was called with; window.__twCalls holds them.
PROFILER = r"""
function twProfiled(target, prefix) {
  const calls = (globalThis.__twCalls = globalThis.__twCalls || []);
  const proxy = new Proxy(target, {
    get(object, key) {
      const value = Reflect.get(object, key);
      if (key === "FS" && prefix === "pyodide") return twProfiled(value, "FS");
      if (typeof value !== "function" || typeof key !== "string") return value;
      return function (...args) {
        const what = args.slice(0, 1).map((a) => typeof a === "string" ? a.slice(0, 60).replace(/\s+/g, " ") : typeof a).join("");
        const call = { name: `${prefix}.${key}`, what, start: performance.now() };
        calls.push(call);
        const result = value.apply(this === undefined || this === proxy ? object : this, args);
        if (result && typeof result.then === "function") {
          return result.finally(() => { call.end = performance.now(); });
        }
        call.end = performance.now();
        return result;
      };
    },
  });
  return proxy;
}
"""


@contextmanager
def profiled_copy(dist: Path):
    """A copy of ``dist`` whose loader times PyScript's calls on the restored interpreter."""
    with tempfile.TemporaryDirectory(prefix="tw-profile-") as tmp:
        copy = Path(tmp) / "dist"
        shutil.copytree(dist, copy, copy_function=os.link, ignore=shutil.ignore_patterns("pyodide-snapshot.mjs"))
        loader = (dist / "vendor" / "pyodide" / "pyodide-snapshot.mjs").read_text()
        # The restored interpreter the loader hands over: its first `return X;` after the restored mark.
        found = re.search(r'mark\("tw:snapshot-restored"\);(.*?)return ([^;]+);', loader, re.S)
        assert found, "the snapshot loader changed: update startup.PROFILER's hook"
        at = found.start(2)
        loader = loader[:at] + f'twProfiled({found.group(2)}, "pyodide")' + loader[found.end(2) :] + PROFILER
        (copy / "vendor" / "pyodide" / "pyodide-snapshot.mjs").write_text(loader)
        with Site(copy) as site:
            yield site


def profile_after_restore(engine: str, dist: Path, reload: bool = True) -> dict:
    """What PyScript does on the interpreter between ``tw:snapshot-restored`` and ``tw:python-start``:
    each call's milliseconds, the time outside any call, and the requests made meanwhile."""
    with ENGINES[engine]() as driver, profiled_copy(dist) as site:
        boot(driver, site.url)
        if reload:
            boot(driver, None)
        marks = driver.js(MARKS)
        calls = driver.js("return window.__twCalls || []")
        resources = driver.js(
            "return performance.getEntriesByType('resource').map((r) => [r.name.split('/').pop(), "
            "Math.round(r.startTime), Math.round(r.responseEnd)])"
        )
    start, end = marks["tw:snapshot-restored"], marks["tw:python-start"]
    inside = [c for c in calls if c.get("end") is not None and start <= c["start"] < end]
    top = []  # calls not nested in another call, so the sum is time spent in calls
    for call in inside:
        if not any(o is not call and o["start"] <= call["start"] and call["end"] <= o["end"] for o in inside):
            top.append(call)
    busy = sum(c["end"] - c["start"] for c in top)
    return {
        "engine": engine,
        "reload": reload,
        "restored_to_python_ms": end - start,
        "in_calls_ms": round(busy),
        "outside_calls_ms": round(end - start - busy),
        "calls": [
            {"call": c["name"], "arg": c["what"], "ms": round(c["end"] - c["start"], 1), "at": round(c["start"] - start)}
            for c in sorted(top, key=lambda c: c["end"] - c["start"], reverse=True)[:12]
        ],
        "requests_meanwhile": [r for r in resources if r[2] >= start and r[1] <= end],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--engine", action="append", choices=sorted(ENGINES))
    parser.add_argument("--profile", choices=sorted(ENGINES), help="only profile the steps after the restore in this engine")
    parser.add_argument("--dist", type=Path, default=Path(os.environ.get("TW_DIST") or ROOT / "dist"))
    args = parser.parse_args(argv)
    if args.profile:
        for reload in (False, True):
            print(json.dumps(profile_after_restore(args.profile, args.dist.resolve(), reload), indent=1), flush=True)
        return 0
    per_engine = engine_startup(args.dist.resolve(), args.loads, tuple(args.engine or ("webkit", "firefox")))
    print_table(per_engine)
    print(json.dumps(per_engine))
    return 0


if __name__ == "__main__":
    sys.exit(main())
