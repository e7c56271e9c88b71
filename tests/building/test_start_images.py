"""Safari's start images (make/start_images.py): index.html names each with the media query that
picks it, and each file the build writes is a PNG of exactly that screen's pixels."""

from __future__ import annotations

import struct
import zlib

from make.start_images import STARTS, file_name, png, start_links, write_start_images

from repo import ROOT


def test_index_html_names_every_start_image_with_its_screen():
    assert start_links() in (ROOT / "index.html").read_text()
    names = [file_name(*start) for start in STARTS]
    assert len(set(names)) == len(names)  # one file per screen and orientation


def size_of(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_each_start_image_fills_its_screen_in_device_pixels(tmp_path):
    write_start_images(tmp_path)
    for width, height, ratio, orientation in STARTS:
        w, h = size_of((tmp_path / file_name(width, height, ratio, orientation)).read_bytes())
        expected = (width * ratio, height * ratio)
        assert (w, h) == (expected if orientation == "portrait" else expected[::-1])


def test_the_picture_is_navy_with_a_gold_pyramid_in_the_middle():
    data = png(40, 60)
    body = data[data.index(b"IDAT") + 4 :]
    raw = zlib.decompress(body[: struct.unpack(">I", data[data.index(b"IDAT") - 4 : data.index(b"IDAT")])[0]])
    rows = [raw[y * (1 + 40 * 3) + 1 : (y + 1) * (1 + 40 * 3)] for y in range(60)]
    assert rows[0][:3] == bytes((0x23, 0x30, 0x4F))  # a corner is the theme's navy
    middle = rows[30 + 3][20 * 3 : 20 * 3 + 3]
    assert middle == bytes((0xE0, 0xA8, 0x2E))  # the centre is gold
