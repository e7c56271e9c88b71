"""What every job of the build shares: the checkout's paths, the log line, running a program, and
the cache that keeps the build's slow outputs under the hash of their inputs."""

from __future__ import annotations

import hashlib
import io
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
VENV = ROOT / ".venv"
NODE_MODULES = ROOT / "node_modules"
BUILD_CACHE = NODE_MODULES / ".cache" / "towers-and-worlds"  # what takes the build seconds, under its input's hash

APP_ARCHIVE = "tabletop.zip"  # the app's package as one zip, which the build reads; the site ships APP_ARCHIVE_ZST
APP_ARCHIVE_ZST = "tabletop.zip.zst"


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(cmd: list[str], **kwargs) -> None:
    """Run ``cmd`` from the checkout (unless ``cwd`` says otherwise), saying it first; a failure raises."""
    log(" ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, cwd=kwargs.pop("cwd", ROOT), **kwargs)


def node_for(purpose: str) -> str:
    """Node.js, which the build needs ``purpose`` ("to trim ..."); without it the build stops and says why."""
    node = shutil.which("node")
    if not node:
        sys.exit(f"build.py: Node.js is needed {purpose}")
    return node


def cached_path(stem: str, suffix: str, inputs: list[Path]) -> Path:
    """Where BUILD_CACHE keeps what the build makes, slowly, of ``inputs``: under their hash."""
    digest = hashlib.sha256()
    for path in inputs:
        digest.update(path.read_bytes())
    return BUILD_CACHE / f"{stem}-{digest.hexdigest()[:16]}{suffix}"


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def stored_zip(members: dict[str, bytes]) -> bytes:
    """A zip of ``members`` stored uncompressed, with fixed dates: gzipped whole it is smaller than
    a zip compressing each file alone, and zipimport reads it without inflating."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for name, data in members.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data)
    return out.getvalue()
