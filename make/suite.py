"""The test command, `python3 build.py test`: install the test tools, build dist/, lint, type-check,
pytest under CPython (the unit tests on two workers, then the e2e suite in Chromium on one), the cross-engine smoke (WebKit,
Firefox), then the unit tests again under Pyodide's Python. It stops at the first stage that fails
and ends, pass or fail, with the wall time of each stage it ran."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from make.common import DIST, ROOT, log, node_for, run
from make.runtime import pyodide_info
from make.site import build
from make.snapshot import boot_cut
from make.testtools import (
    ensure_other_engines,
    ensure_pyodide_test_tools,
    ensure_venv,
    find_chromium,
    test_env,
)

LINTED = ["py", "tests", "e2e", "build.py", "make", "tools"]
# Tests that need the host (other processes, the deploy workflow's YAML, Node's ES5 parser) run under
# CPython only.
PYODIDE_HOST_ONLY = (
    "--ignore=tests/building/test_deploy.py",
    "--ignore=tests/building/test_startup_imports.py",
    "--ignore=tests/ui/embed/test_wiki_listener_es5.py",
    "--deselect=tests/sim/test_ai_strength.py::test_simulate_is_the_same_whatever_the_number_of_workers",
    "--deselect=tests/building/test_stdlib_cut.py::test_the_build_stops_when_an_import_fails_with_the_cut",  # the cut's checks run in threads
    "--deselect=tests/games/test_registry.py::test_reading_the_registry_loads_no_game_and_playing_one_loads_only_it",  # a fresh interpreter
    # 200 whole games by link (a minute and a half in Pyodide): the same code's hypothesis test runs there
    "--deselect=tests/link/test_game.py::test_two_hundred_games_by_link_agree_keep_every_secret_and_open_every_promise",
    # 200 Tower Battle matches by link, each link checked (two minutes here), and 60 with a lie told at the end
    "--deselect=tests/link/test_cards.py::test_two_hundred_matches_by_link_show_no_hidden_card_and_stay_small",
    "--deselect=tests/link/test_cards.py::test_a_false_card_told_at_the_end_is_refused_or_named_by_the_check",
    # 200 Tower War games by link, each link checked (two minutes here): its four long games run there
    "--deselect=tests/link/test_tower_war.py::test_two_hundred_games_by_link_agree_check_fair_and_keep_every_hidden_card",
    # whole games of three and four players by link (each link replays the game so far): their refusals run there
    *(
        f"--deselect=tests/link/test_ring.py::{name}"
        for name in (
            "test_whole_games_round_the_table_agree_on_every_device_and_check_fair",
            "test_no_link_shows_a_hand_a_secret_or_a_plain_card_and_every_message_is_sealed_for_each_player",
            "test_a_turn_costs_no_extra_link_once_the_first_round_is_done",
            "test_a_turns_link_stays_small_and_only_a_shuffles_is_long",
            "test_the_same_secrets_and_moves_make_the_same_game",
            "test_a_false_layer_off_is_refused_by_the_drawer_or_named_at_the_end",
        )
    ),
)


class StageClock:
    """The wall time of each stage, printed at the end of the run (where the test command's time goes)."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.stages: list[tuple[str, float]] = []

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        start = time.monotonic()
        try:
            yield
        finally:
            self.stages.append((name, time.monotonic() - start))

    def report(self, failed: bool) -> None:
        width = max(len(name) for name, _ in self.stages) if self.stages else 0
        log("wall time per stage:")
        for i, (name, seconds) in enumerate(self.stages):
            end = "  (failed)" if failed and i == len(self.stages) - 1 else ""
            log(f"  {name:<{width}}  {seconds:7.1f} s{end}")
        total = time.monotonic() - self.started
        log(f"  {'total':<{width}}  {total:7.1f} s ({int(total // 60)} min {total % 60:.0f} s){'  FAILED' if failed else ''}")


def install_test_tools() -> tuple[Path, dict, Path]:
    """Every tool a stage below needs, before the first runs: the .venv's python, the environment
    the tests run in, and the test tools for Pyodide's Python."""
    python = ensure_venv()
    chromium = find_chromium(python)
    ensure_other_engines()
    return python, test_env(chromium), ensure_pyodide_test_tools(python)


def lint(python: Path, env: dict) -> int:
    run([str(python), "-m", "ruff", "check", *LINTED], env=env)
    run([str(python), "-m", "ruff", "format", "--check", *LINTED], env=env)  # `ruff format` fixes it
    return 0


def typecheck(python: Path, env: dict) -> int:
    """What mypy checks, and how strictly: [tool.mypy] in pyproject.toml. Whole runs without a cache
    (3 s of CPU each), so no result depends on what an earlier run left; once for the oldest Python
    the tools support, once for the browser's (Pyodide's), deprecations included."""
    run([str(python), "-m", "mypy", "--no-incremental"], env=env)
    browser_python = ".".join(pyodide_info()["python"].split(".")[:2])
    run([str(python), "-m", "mypy", "--no-incremental", "--python-version", browser_python, "--enable-error-code", "deprecated"], env=env)
    return 0


def shown(cmd: list[str], env: dict) -> int:
    """Run a test program, saying it first; its exit code is the stage's."""
    log(" ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT, env=env).returncode


def under_pyodide(site: Path, env: dict) -> int:
    """The unit tests under Pyodide's CPython 3.14 in Node (tools/pyodide_pytest.mjs), with the site's
    cut standard library, so a module the app needs and the cut lacks fails here."""
    node = node_for("to run the unit tests under Pyodide")
    cmd = [node, str(ROOT / "tools" / "pyodide_pytest.mjs"), str(site), f"--stdlib={boot_cut(DIST)}", "-q", "tests", *PYODIDE_HOST_ONLY]
    return shown(cmd, env)


def test(extra: list[str], snapshot: bool = True) -> int:
    """Every stage in order, stopping at the first that fails; ``extra`` goes to pytest."""
    clock = StageClock()
    failed = True
    try:
        with clock.stage("install test tools"):
            python, env, pyodide_site = install_test_tools()
        with clock.stage("build dist/"):
            build(snapshot=snapshot)
        if snapshot:  # e2e/test_reproducible_build.py compares one more build with it, instead of making two
            env["TW_FRESH_DIST"] = str(DIST)
        stages: list[tuple[str, Callable[[], int]]] = [
            ("ruff (lint, format)", lambda: lint(python, env)),
            ("mypy (Python 3.11, Pyodide's)", lambda: typecheck(python, env)),
            ("pytest tests (CPython, two workers)", lambda: shown([str(python), "-m", "pytest", "-q", "-n", "2", "tests", *extra], env)),
            ("pytest e2e (CPython, Chromium)", lambda: shown([str(python), "-m", "pytest", "-q", "e2e", *extra], env)),
            ("cross-engine smoke (WebKit, Firefox)", lambda: shown([str(python), str(ROOT / "e2e" / "engines" / "smoke.py")], env)),
            ("unit tests under Pyodide (Node)", lambda: under_pyodide(pyodide_site, env)),
        ]
        for name, job in stages:
            with clock.stage(name):
                code = job()
            if code:
                return code
        failed = False
        return 0
    except subprocess.CalledProcessError as error:
        log(f"failed (exit {error.returncode}): {' '.join(str(c) for c in error.cmd)}")
        return error.returncode or 1
    finally:
        clock.report(failed)
