"""One commit builds one site: two builds of the same sources, into two folders, give the same bytes
in every file, the start-up snapshot included (tools/repeatable_node.mjs fixes what Pyodide reads
from the world while the snapshot is made). So a deploy of unchanged code changes no file a visitor
holds, and the service worker downloads nothing again. Two builds with the snapshot: about 40-60 s."""

from __future__ import annotations

import hashlib
import sys

from serving import ROOT

sys.path.insert(0, str(ROOT))
from make.site import build  # noqa: E402


def hashes(dist) -> dict[str, str]:
    return {str(p.relative_to(dist)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(dist.rglob("*")) if p.is_file()}


def test_two_builds_of_one_commit_are_byte_identical(tmp_path):
    first = build(tmp_path / "first" / "dist")
    second = build(tmp_path / "second" / "elsewhere" / "dist")
    a, b = hashes(tmp_path / "first" / "dist"), hashes(tmp_path / "second" / "elsewhere" / "dist")
    assert any(name.startswith("vendor/pyodide/snapshot-") for name in a), "no snapshot was made: nothing compared"
    assert sorted(a) == sorted(b)
    assert {name for name in a if a[name] != b[name]} == set()
    assert first == second
