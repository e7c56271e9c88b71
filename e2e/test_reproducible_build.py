"""One commit builds one site: two builds of the same sources, into two folders, give the same bytes
in every file, the start-up snapshot included (tools/repeatable_node.mjs fixes what Pyodide reads
from the world while the snapshot is made). So a deploy of unchanged code changes no file a visitor
holds, and the service worker downloads nothing again. A build with the snapshot: about 20-30 s."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from serving import ROOT

sys.path.insert(0, str(ROOT))
from make.site import build  # noqa: E402


def hashes(dist) -> dict[str, str]:
    return {str(p.relative_to(dist)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(dist.rglob("*")) if p.is_file()}


def test_two_builds_of_one_commit_are_byte_identical(tmp_path):
    """`python3 build.py test` has just built dist/ from this commit, with the snapshot, and names it
    in TW_FRESH_DIST: one more build, in another folder, is compared with it. Run alone, the test
    makes both builds (dist/ may be older than the sources)."""
    fresh = os.environ.get("TW_FRESH_DIST")
    first_dist = Path(fresh) if fresh else tmp_path / "first" / "dist"
    first = json.loads((first_dist / "version.json").read_text())["version"] if fresh else build(first_dist)
    second = build(tmp_path / "second" / "elsewhere" / "dist")
    a, b = hashes(first_dist), hashes(tmp_path / "second" / "elsewhere" / "dist")
    assert any(name.startswith("vendor/pyodide/snapshot-") for name in a), "no snapshot was made: nothing compared"
    assert sorted(a) == sorted(b)
    assert {name for name in a if a[name] != b[name]} == set(), "files differ (or a test changed the built dist/ in place)"
    assert first == second
