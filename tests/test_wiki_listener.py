"""The wiki's height listener (ui/wiki-listener.js): ES5 as MediaWiki demands of site scripts, one
source for README and the snippets the app writes, and the site it trusts set safely."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from tabletop.ui import embed_snippets as snip

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
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


def listener_copies(text: str) -> list[str]:
    """Every copy of the listener in ``text``: a ```js block, or a <script> in a Widget page."""
    blocks = re.findall(r"```js\n(.*?)```", text, re.S)
    return blocks + re.findall(r"<script>\n(.*?)</script>", text, re.S)


def test_readme_gives_the_listener_exactly_as_its_source():
    copies = listener_copies(README)
    assert len(copies) == 3, "MediaWiki:Common.js, the game Widget and the position Widget"
    assert all(copy == snip.listener(snip.README_SITE) for copy in copies)
    assert snip.listener(snip.README_SITE) == snip.LISTENER_FILE.read_text()


def test_the_snippets_follow_the_readme_routes():
    site = "https://games.example.org/tw/"
    assert snip.listener_script(site) in snip.widget_page(site)
    assert 'var SITE = "https://games.example.org/tw/";' in snip.listener(site)
    raw = snip.raw_html(site, "tower-war", "p1.abc", "Tower War")
    assert raw.startswith("<html><iframe ") and raw.endswith("</iframe></html>") and "<script" not in raw
    assert 'src="https://games.example.org/tw/?embed=tower-war&amp;position=p1.abc"' in raw


def test_a_strange_site_address_cannot_break_out_of_the_script():
    text = snip.listener_script('https://h.example/"</script><script>alert(1)//')
    assert text.count("</script>") == 1 and text.count("<script>") == 1 and "<!--" not in text
    assert r'var SITE = "https://h.example/\"\u003c/script>\u003cscript>alert(1)//";' in text


def test_the_package_archive_ships_the_listener(tmp_path):
    import sys
    import zipfile

    sys.path.insert(0, str(ROOT))
    import build

    build.package_archive(tmp_path)
    with zipfile.ZipFile(tmp_path / "tabletop.zip") as zf:
        assert zf.read("tabletop/ui/wiki-listener.js").decode() == snip.LISTENER_FILE.read_text()
