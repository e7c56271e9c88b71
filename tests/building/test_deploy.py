"""The deploy: the Pages workflow runs the project's own build and publishes dist/, and the build
writes what a static host needs beside the app (a self-contained 404 page, .nojekyll)."""

from __future__ import annotations

import ast
import base64
import hashlib
import importlib
import json
import re
import sys
from pathlib import Path

import yaml

from repo import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
sys.path.insert(0, str(ROOT))
from make import common, site, snapshot, stdlib_cut  # noqa: E402


def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text())


def steps(job: dict) -> list[dict]:
    return job["steps"]


def test_workflow_runs_on_main_and_by_hand():
    triggers = workflow()[True]  # YAML 1.1 reads the key `on` as true
    assert triggers["push"]["branches"] == ["main"]
    assert "workflow_dispatch" in triggers


def test_workflow_builds_with_the_projects_build_command_then_uploads_dist():
    build_steps = steps(workflow()["jobs"]["build"])
    runs = [s.get("run", "") for s in build_steps]
    uses = [s.get("uses", "") for s in build_steps]
    built_at = next(i for i, r in enumerate(runs) if "python3 build.py build" in r.splitlines())
    upload_at = next(i for i, u in enumerate(uses) if u.startswith("actions/upload-pages-artifact@"))
    assert built_at < upload_at
    assert build_steps[upload_at]["with"]["path"].rstrip("/") == "dist"
    assert build_steps[upload_at]["with"]["include-hidden-files"] is True  # .nojekyll goes too


def test_the_workflows_python_one_liners_name_what_the_build_has():
    """A `python3 -c` step imports the build's own functions: each name it imports exists."""
    one_liners = [
        line.split("python3 -c ", 1)[1].strip("\"'")
        for job in workflow()["jobs"].values()
        for step in steps(job)
        for line in step.get("run", "").splitlines()
        if "python3 -c " in line
    ]
    assert one_liners
    for code in one_liners:
        tree = ast.parse(code)
        imported = {
            alias.asname or alias.name: alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = importlib.import_module(node.module)
                assert all(hasattr(module, alias.name) for alias in node.names), code
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in imported:
                assert hasattr(importlib.import_module(imported[node.value.id]), node.attr), code


def test_workflow_deploys_with_the_official_action_and_least_permissions():
    data = workflow()
    assert data["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    deploy = data["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["environment"]["name"] == "github-pages"
    assert any(s.get("uses", "").startswith("actions/deploy-pages@") for s in steps(deploy))


def test_workflow_actions_are_pinned_to_a_major_version():
    for job in workflow()["jobs"].values():
        for step in steps(job):
            if "uses" in step:
                assert re.fullmatch(r"actions/[a-z-]+@v\d+", step["uses"]), step["uses"]


def csp_sources(html: str, directive: str) -> list[str]:
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html).group(1)
    for part in policy.split(";"):
        name, *sources = part.split()
        if name == directive:
            return sources
    raise AssertionError(f"no {directive} in {policy}")


def sha256_source(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_not_found_page_allows_exactly_its_own_inline_script_and_style(tmp_path):
    site.write_not_found_page(tmp_path)
    html = (tmp_path / "404.html").read_text()
    script = re.search(r"<script>(.*?)</script>", html, re.S).group(1)
    style = re.search(r"<style>(.*?)</style>", html, re.S).group(1)
    assert csp_sources(html, "script-src") == [sha256_source(script)]
    assert csp_sources(html, "style-src") == [sha256_source(style)]
    assert not re.search(r'(src|href)="(?!\./")[^"#]', html), "a 404 page is served at any depth: nothing relative"
    assert (tmp_path / ".nojekyll").read_text() == ""


def test_not_found_page_is_precached_and_the_host_files_are_not(tmp_path):
    site.write_not_found_page(tmp_path)
    (tmp_path / "index.html").write_text("<!doctype html>")
    site.write_precache(tmp_path)
    text = (tmp_path / "sw.js").read_text()
    precache = json.loads(re.search(r"const PRECACHE = (\{.*?\});", text, re.S).group(1))
    assert set(precache) == {"404.html", "index.html"}


def test_embed_previews_are_drawn_by_the_renderers_without_python_or_hidden_cards(tmp_path):
    site.write_embed_previews(tmp_path)
    from tabletop.games import GAMES

    for game_id, module in GAMES.items():
        html = (tmp_path / "embed" / f"{game_id}.html").read_text()
        assert f'data-embed="{game_id}"' in html and module.TITLE.replace("&", "&amp;") in html
        assert re.findall(r"<script[^>]*>", html) == [
            '<script src="../static/js/embed-preview.js" defer>',
            '<script src="../static/js/embed-height.js" defer>',
        ]
        assert "pyscript" not in html and 'type="py"' not in html
        table = html.split('class="embed-preview-table"', 1)[1]
        assert all(" disabled" in b for b in re.findall(r"<button[^>]*>", table)), "a preview is looked at, not played"
        assert not re.search(r"<[^>]*\son\w+=", table), "no inline handlers"
        assert "<svg" in table or "<div" in table
        assert f'<input type="hidden" name="embed" value="{game_id}">' in html


def fake_dist(root: Path, modules: dict[str, bytes]) -> Path:
    """A built site's files that a snapshot's key reads: the runtime (kept if there) and tabletop.zip."""
    pyodide = root / "vendor" / "pyodide"
    pyodide.mkdir(parents=True, exist_ok=True)
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip"):
        if not (pyodide / name).exists():
            (pyodide / name).write_bytes(name.encode())
    import zipfile

    with zipfile.ZipFile(root / "tabletop.zip", "w") as archive:
        for name, data in modules.items():
            archive.writestr(name, data)
    return root


def test_the_snapshot_key_covers_exactly_the_files_the_snapshot_holds(tmp_path):
    """A module the start-up does not import can change and the snapshot stays (a returning visitor
    downloads only tabletop.zip); a change to one it imports makes a new snapshot."""
    held = ["tabletop/__init__.py", "tabletop/ui/shell/app.py"]
    modules = {"tabletop/__init__.py": b"", "tabletop/ui/shell/app.py": b"APP = 1\n", "tabletop/games/late.py": b"LATE = 1\n"}
    key = snapshot.snapshot_key(fake_dist(tmp_path, modules), held)
    assert re.fullmatch(r"[0-9a-f]{16}", key)
    assert snapshot.snapshot_key(fake_dist(tmp_path, {**modules, "tabletop/games/late.py": b"LATE = 2\n"}), held) == key
    assert snapshot.snapshot_key(fake_dist(tmp_path, {**modules, "tabletop/ui/shell/app.py": b"APP = 2\n"}), held) != key
    assert snapshot.snapshot_key(fake_dist(tmp_path, modules), [*held, "tabletop/games/late.py"]) != key
    (tmp_path / "vendor" / "pyodide" / "pyodide.asm.wasm").write_bytes(b"another Pyodide")
    assert snapshot.snapshot_key(fake_dist(tmp_path, modules), held) != key


def test_version_json_lists_every_precached_file_with_its_hash(tmp_path):
    """What the worker in charge reads at each visit to run a new deploy whole."""
    (tmp_path / "index.html").write_text("<!doctype html>")
    (tmp_path / "app.js").write_text("'use strict';")
    version = site.write_precache(tmp_path)
    text = (tmp_path / "sw.js").read_text()
    precache = json.loads(re.search(r"const PRECACHE = (\{.*?\});", text, re.S).group(1))
    assert json.loads((tmp_path / "version.json").read_text()) == {"version": version, "files": precache, "ifUsed": []}
    assert precache["index.html"] == common.file_hash(tmp_path / "index.html")


def test_version_json_names_the_files_a_visit_leaves_to_the_pages_asking(tmp_path):
    """With a snapshot, the boot's standard library is precached only where a start used it (sw.js's
    IF_USED): a visit running a new deploy does not fetch it ahead either (version.json's ifUsed)."""
    pyodide = tmp_path / "vendor" / "pyodide"
    pyodide.mkdir(parents=True)
    (tmp_path / "index.html").write_text("<!doctype html>")
    (pyodide / "snapshot-0123456789abcdef.bin.zst").write_bytes(b"snapshot")
    boot = stdlib_cut.BOOT_STDLIB_PREFIX + "0123456789abcdef.zip.gz"
    (tmp_path / boot).write_bytes(b"library")
    site.write_precache(tmp_path)
    text = (tmp_path / "sw.js").read_text()
    if_used = json.loads(re.search(r"const IF_USED = (\[.*?\]);", text, re.S).group(1))
    deployed = json.loads((tmp_path / "version.json").read_text())
    assert deployed["ifUsed"] == if_used == [boot]
    assert boot in deployed["files"]


def test_only_modules_whose_imports_are_shipped_are_preloaded(tmp_path):
    """Firefox preloads a module's static imports too: a preloaded chunk of PyScript's editor, whose
    codemirror files are left out of dist/, logged errors there. Dynamic imports don't count."""
    (tmp_path / "core.js").write_text('import{a}from"./error.js";const e=()=>import("./editor.js");')
    (tmp_path / "error.js").write_text("export const a=1;")
    (tmp_path / "editor.js").write_text('import{b}from"./codemirror_state.js";export const c=1;')
    (tmp_path / "uses-editor.js").write_text('import"./editor.js";')
    found = {path.name: snapshot.loadable(path) for path in sorted(tmp_path.glob("*.js"))}
    assert found == {"core.js": True, "error.js": True, "editor.js": False, "uses-editor.js": False}
