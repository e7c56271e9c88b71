"""The wiki's height listener is ES5, as MediaWiki demands of site scripts (acorn, package.json's pinned
devDependency, run by node), and ships in the package archive. Host only: other processes, the build (make/)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from repo import ROOT
from tabletop.ui.embed import snippets as snip

ACORN = ROOT / "node_modules" / "acorn"
PARSE = """const acorn = require(process.argv[1]);
const errors = {};
for (const file of process.argv.slice(2)) {
  try { acorn.parse(require("fs").readFileSync(file, "utf8"), {ecmaVersion: 5, sourceType: "script"}); }
  catch (e) { errors[file] = e.message; }
}
console.log(JSON.stringify(errors));"""


def es5_errors(*paths: Path) -> dict[str, str]:
    """What acorn (package.json's pinned devDependency) finds wrong in each file read as ES5 (none: {})."""
    node = shutil.which("node")
    assert node and ACORN.exists(), "node and node_modules/acorn are needed (python3 build.py test installs them)"
    done = subprocess.run([node, "-e", PARSE, str(ACORN), *map(str, paths)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_the_listener_and_the_embed_scripts_are_es5(tmp_path):
    scripts = [snip.LISTENER_FILE, ROOT / "static/js/embed-height.js", ROOT / "static/js/embed-preview.js"]
    assert es5_errors(*scripts) == {}
    newer = tmp_path / "newer.js"  # what MediaWiki 1.39 refused: an arrow, spread and ?.
    newer.write_text('addEventListener("message", (e) => { const f = [...frames].find((x) => x === e.source?.window); });')
    assert str(newer) in es5_errors(newer), "the parser refuses ES2015+ (else the test above proves nothing)"


def test_the_package_archive_ships_the_listener(tmp_path):
    import sys
    import zipfile

    sys.path.insert(0, str(ROOT))
    from make import site

    site.package_archive(tmp_path)
    with zipfile.ZipFile(tmp_path / "tabletop.zip") as zf:
        assert zf.read("tabletop/ui/embed/wiki-listener.js").decode() == snip.LISTENER_FILE.read_text()
