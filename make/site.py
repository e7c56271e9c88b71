"""The static site in dist/: the runtime, the app's package as one archive, the pages written before
Python runs (home, rules, 404, the wiki's previews), the build's stamp and the service worker's list
of every file with its hash. `build` runs every job of the package in order."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import sys
from html import escape
from pathlib import Path

from make.common import APP_ARCHIVE, DIST, ROOT, file_hash, log, stored_zip
from make.runtime import (
    SOURCE_MAP_COMMENT,
    WASM_ZST,
    ZSTD_DECODER_SOURCE,
    copy_licences,
    copy_runtime,
    ensure_node_modules,
    write_zstd_files,
)
from make.snapshot import SNAPSHOT_LOADER, write_preloads, write_snapshot
from make.start_images import START_IMAGE_PREFIX, write_start_images
from make.stdlib_cut import BOOT_STDLIB_PREFIX, FULL_STDLIB, write_stdlib

PREVIEW_PAGE = (ROOT / "make" / "embed-preview.html").read_text()


def package_archive(dist: Path) -> None:
    """The whole `tabletop` package as one zip (one request, not dozens): its Python with the pure-Python
    libraries vendored beside it (python-ecdsa and six, for the shuffle's cipher), and the wiki's
    height listener the embed snippets hand out (ui/embed/wiki-listener.js). Stored, not deflated: the site
    ships it zstd-compressed whole (write_zstd_files: 0.27 MB where a zip deflating each file alone
    made 0.42), and the page's loader reads stored members straight from the decoded bytes."""
    package = ROOT / "py" / "tabletop"
    vendored = [*(ROOT / "py" / "ecdsa").glob("*.py"), ROOT / "py" / "six.py"]  # docs/vendored.md
    members = {
        str(path.relative_to(ROOT / "py")): path.read_bytes()
        for path in sorted([*package.rglob("*.py"), *package.rglob("*.js"), *vendored])
        if "__pycache__" not in path.parts
    }
    (dist / APP_ARCHIVE).write_bytes(stored_zip(members))


def finish_app_archive(dist: Path) -> None:
    """The zip the build read (the cut library, the snapshot and its key) leaves the site: it ships
    only APP_ARCHIVE_ZST, the same bytes compressed."""
    (dist / APP_ARCHIVE).unlink()


def bundle_css(target: Path) -> None:
    """One stylesheet for the page: app.css followed by each game's static/css/games/*.css."""
    parts = [target.read_text()]
    for path in sorted((ROOT / "static" / "css" / "games").glob("*.css")):
        parts.append(f"/* ---- {path.name} ---- */\n" + path.read_text())
    target.write_text("\n".join(parts))


def write_prerendered(index: Path) -> None:
    """The home screen and the rules, from the app's own screens (tabletop/ui/shell/prerender.py under
    this CPython), written into index.html: links and rules answer before Python is ready."""
    sys.path.insert(0, str(ROOT / "py"))
    from tabletop.ui.shell import prerender

    text = index.read_text()
    home = "<!-- build.py writes the home screen here (tabletop/ui/shell/prerender.py): readable before Python runs -->"
    pages = "<!-- build.py writes the rules pages here as templates, shown by static/js/boot.js until Python is ready -->"
    assert home in text and pages in text, "index.html lost its placeholders"
    index.write_text(text.replace(home, prerender.home_html()).replace(pages, prerender.templates()))


def inline_hash(text: str) -> str:
    """A CSP source allowing exactly this inline script or style."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def write_not_found_page(dist: Path) -> None:
    """404.html: what GitHub Pages serves for a missing path under the site (at that path, so all it
    needs is inline), with a CSP allowing only its own script and style; .nojekyll beside it so the
    files are served as built."""
    text = (ROOT / "404.html").read_text()
    script = re.search(r"<script>(.*?)</script>", text, re.S).group(1)
    style = re.search(r"<style>(.*?)</style>", text, re.S).group(1)
    text = text.replace("__SCRIPT_HASH__", inline_hash(script)).replace("__STYLE_HASH__", inline_hash(style))
    (dist / "404.html").write_text(text)
    (dist / ".nojekyll").write_text("")


def write_embed_previews(dist: Path) -> None:
    """embed/<game>.html: what a wiki page's frame shows before its reader plays. The table as a game
    starts, drawn now by the app's own renderers (seen by nobody in particular: no hidden card), and
    a Play form that opens the app with the reader's choices; no Python loads until then."""
    sys.path.insert(0, str(ROOT / "py"))
    from tabletop.games import GAMES
    from tabletop.ui.render import TableContext, renderer_for
    from tabletop.ui.shell.preview import still
    from tabletop.ui.web.dom import to_html

    (dist / "embed").mkdir()
    for game_id, module in GAMES.items():
        players = module.MIN_PLAYERS
        state = module.new_game(players, None, 1)
        names = list(module.SEAT_NAMES or [f"Player {i + 1}" for i in range(players)])[:players]
        ctx = TableContext(
            module=module, view=module.view(state, None), legal=[], names=names, viewer=None, play=lambda _move: None, refresh=lambda: None
        )
        table = to_html(still(renderer_for(game_id).render(ctx)))
        page = PREVIEW_PAGE.format(
            game=game_id,
            title=escape(module.TITLE),
            blurb=escape(module.BLURB),
            table=table,
            others="the others" if players > 2 else "a friend",
        )
        (dist / "embed" / f"{game_id}.html").write_text(page)


def stamp_build(dist: Path) -> str:
    """Name this build in index.html (``<meta name="tw-build">``), for the details a player copies
    when something goes wrong (static/js/trouble.js): a hash of every other file, so it changes
    with anything the page runs (the service worker's version hashes index.html as well)."""
    files = sorted(p for p in dist.rglob("*") if p.is_file() and p.name not in ("index.html", "sw.js", "version.json"))
    build_id = hashlib.sha256("".join(f"{p.relative_to(dist)} {file_hash(p)}\n" for p in files).encode()).hexdigest()[:12]
    index = dist / "index.html"
    text = index.read_text()
    assert '<meta name="tw-build" content="dev">' in text, "index.html lost its build stamp"
    index.write_text(text.replace('<meta name="tw-build" content="dev">', f'<meta name="tw-build" content="{build_id}">'))
    return build_id


def write_precache(dist: Path) -> str:
    """Write the service worker with the list of every built file and its content hash.

    The cache name is a hash of that list, so a new build gets a new cache and the
    old one is dropped whole when the new worker activates: never a mix of versions.
    version.json carries the same list: the worker in charge reads it at each visit, so a visit
    after a deploy runs the new version, taking from its cache the files whose hashes did not change
    and checking each other one's hash (``ifUsed``, the files a worker keeps only where a start used
    them, it leaves to the page's asking).
    Left out: the start images (Safari fetches its one when the app is added to the Home Screen), Pyodide's whole library, fetched only for an import the cut lacks (never kept ahead),
    and the zstd wasm, for pages no worker serves (the worker keeps the plain wasm the page decoded).
    """
    files = sorted(
        p
        for p in dist.rglob("*")  # sw.js and version.json are written below; dotfiles are for the host
        if p.is_file()
        and p.name not in ("sw.js", "version.json", FULL_STDLIB, WASM_ZST)
        and not p.name.startswith(".")
        and not p.name.startswith(START_IMAGE_PREFIX)
    )
    entries = {str(p.relative_to(dist)).replace(os.sep, "/"): file_hash(p) for p in files}
    version = hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:12]
    template = (ROOT / "static" / "sw.js").read_text()
    decoder = SOURCE_MAP_COMMENT.sub(b"\n", ZSTD_DECODER_SOURCE.read_bytes()).decode().strip()
    snapshot = any(dist.glob("vendor/pyodide/snapshot-*"))  # else the boot library is what every start uses
    if_used = sorted(p for p in entries if snapshot and p.startswith(BOOT_STDLIB_PREFIX))
    text = template.replace("__VERSION__", version).replace("__PRECACHE__", json.dumps(entries, indent=1))
    text = text.replace("__IF_USED__", json.dumps(if_used))
    text = text.replace("__ZSTD_DECODER__", decoder)
    (dist / "sw.js").write_text(text)
    deployed = {"version": version, "files": entries, "ifUsed": if_used}
    (dist / "version.json").write_text(json.dumps(deployed, indent=1))
    return version


def build(dist: Path = DIST, snapshot: bool = True) -> str:
    """Build the static site into ``dist`` and return its version hash.

    ``snapshot=False`` (``--no-snapshot``) ships no start-up snapshot: Python boots the usual way.
    """
    ensure_node_modules()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    copy_runtime(dist)
    copy_licences(dist)
    for name in ("index.html", "pyscript.toml"):
        shutil.copy2(ROOT / name, dist / name)
    write_prerendered(dist / "index.html")
    shutil.copy2(ROOT / "py" / "tabletop" / "main.py", dist / "main.py")
    static = dist / "static"
    shutil.copytree(ROOT / "static", static, ignore=shutil.ignore_patterns("sw.js", "games", SNAPSHOT_LOADER))
    bundle_css(static / "css" / "app.css")
    write_start_images(static / "icons")
    shutil.move(static / "manifest.webmanifest", dist / "manifest.webmanifest")
    package_archive(dist)
    write_not_found_page(dist)
    write_embed_previews(dist)
    stdlib = write_stdlib(dist, restore=snapshot)
    wasm = write_zstd_files(dist)
    write_preloads(dist, write_snapshot(dist, snapshot, stdlib, wasm), stdlib)
    finish_app_archive(dist)
    stamp_build(dist)
    version = write_precache(dist)
    log(f"built {dist} (version {version})")
    return version
