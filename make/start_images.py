"""The start images Safari shows while an app added to the Home Screen opens (iPad and iPhone read
only ``apple-touch-startup-image``, one per screen size and orientation, not the manifest): the
app's navy with its gold pyramid, written as PNGs by the standard library alone.

``STARTS`` is every screen drawn; index.html names the same files with the media query that picks
each (``start_links`` writes those lines; a test holds the two together)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

NAVY = (0x23, 0x30, 0x4F)  # the theme colour (index.html, manifest)
GOLD = (0xE0, 0xA8, 0x2E)
# (CSS width, CSS height, pixel ratio) of each portrait screen: iPads, then iPhones
SCREENS = (
    (1024, 1366, 2),
    (834, 1194, 2),
    (820, 1180, 2),
    (810, 1080, 2),
    (744, 1133, 2),
    (430, 932, 3),
    (393, 852, 3),
    (390, 844, 3),
    (375, 667, 2),
)
STARTS = [(w, h, r, o) for w, h, r in SCREENS for o in (("portrait", "landscape") if w >= 744 else ("portrait",))]


START_IMAGE_PREFIX = "start-"


def file_name(width: int, height: int, ratio: int, orientation: str) -> str:
    w, h = width * ratio, height * ratio
    return f"{START_IMAGE_PREFIX}{w}x{h}.png" if orientation == "portrait" else f"{START_IMAGE_PREFIX}{h}x{w}.png"


def png(width: int, height: int) -> bytes:
    """Navy, with a gold pyramid (a triangle a fifth of the shorter side high) in the middle."""
    side = min(width, height) // 5
    top, left = (height - side) // 2, width // 2
    plain = b"\x00" + bytes(NAVY) * width
    rows = []
    for y in range(height):
        k = y - top
        if 0 <= k < side:
            half = (k + 1) * side // (2 * side)  # the triangle's half-width on this row
            rows.append(b"\x00" + bytes(NAVY) * (left - half) + bytes(GOLD) * (2 * half) + bytes(NAVY) * (width - left - half))
        else:
            rows.append(plain)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")


def write_start_images(icons: Path) -> None:
    for width, height, ratio, orientation in STARTS:
        w, h = (width, height) if orientation == "portrait" else (height, width)
        (icons / file_name(width, height, ratio, orientation)).write_bytes(png(w * ratio, h * ratio))


def start_links() -> str:
    """index.html's lines for the start images (what the test compares with the page)."""
    return "\n".join(
        f'<link rel="apple-touch-startup-image" href="./static/icons/{file_name(w, h, r, o)}" '
        f'media="(device-width: {w}px) and (device-height: {h}px) and (-webkit-device-pixel-ratio: {r}) and (orientation: {o})">'
        for w, h, r, o in STARTS
    )
