"""The pure-Python libraries vendored beside the app (docs/vendored.md): each file exactly as its
released wheel holds it (the wheel's own RECORD names each file's SHA-256), none of the library's
modules left out, its licence shipped, and every one of them in the site's archive."""

from __future__ import annotations

import base64
import hashlib
import sys
import zipfile

from repo import PY, ROOT

sys.path.insert(0, str(ROOT))

from make import runtime, site  # noqa: E402

WHEELS = {"ecdsa-0.19.1": "ecdsa", "six-1.17.0": "six"}


def recorded(dist_info: str) -> dict[str, str]:
    """Each file of the wheel to its digest, as RECORD writes it (sha256=<unpadded base64url>)."""
    lines = (PY / f"{dist_info}.dist-info" / "RECORD").read_text().splitlines()
    return {path: digest.removeprefix("sha256=") for path, digest, _size in (line.split(",") for line in lines) if digest}


def digest(path) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(path.read_bytes()).digest()).rstrip(b"=").decode()


def shipped(wheel: str) -> list[str]:
    """The wheel's modules the app needs: all of them but the library's own tests."""
    return sorted(p for p in recorded(wheel) if p.endswith(".py") and not p.rsplit("/", 1)[-1].startswith("test_"))


def test_each_vendored_file_is_the_released_one():
    for wheel, name in WHEELS.items():
        files = shipped(wheel)
        assert files and all(digest(PY / path) == recorded(wheel)[path] for path in files), wheel
        licence = ROOT / "licenses" / name / "LICENSE"
        assert digest(licence) == recorded(wheel)[f"{wheel}.dist-info/LICENSE"]


def test_no_module_of_a_vendored_library_is_missing_or_added():
    on_disk = sorted(p.relative_to(PY).as_posix() for p in [*(PY / "ecdsa").rglob("*.py"), PY / "six.py"])
    assert on_disk == sorted(shipped("ecdsa-0.19.1") + shipped("six-1.17.0"))


def test_the_archive_holds_the_vendored_modules_and_the_site_their_licences(tmp_path):
    site.package_archive(tmp_path)
    with zipfile.ZipFile(tmp_path / "tabletop.zip") as archive:
        names = set(archive.namelist())
    assert set(shipped("ecdsa-0.19.1") + shipped("six-1.17.0")) <= names
    assert {"tabletop/link/cipher.py", "tabletop/main.py"} <= names
    runtime.copy_licences(tmp_path)
    assert (tmp_path / "vendor" / "ecdsa" / "LICENSE").read_text().startswith('"python-ecdsa" Copyright')
    assert (tmp_path / "vendor" / "six" / "LICENSE").read_text().startswith("Copyright (c) 2010-20")
