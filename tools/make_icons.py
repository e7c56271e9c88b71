"""Draw the app icons (PNG, no dependencies): a stepped tower of three pyramids.

Run once after changing the design: python3 tools/make_icons.py
"""

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
NAVY, SAND, GREEN, YELLOW, RED = (35, 48, 79), (246, 241, 231), (76, 175, 80), (242, 196, 54), (200, 70, 60)


def png(width: int, height: int, pixel) -> bytes:
    rows = b"".join(b"\x00" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def icon(size: int, safe: float) -> bytes:
    """``safe`` is the fraction of the square the drawing may use (maskable icons need margins)."""
    pyramids = [(0.50, 0.30, 0.34, YELLOW), (0.33, 0.74, 0.30, GREEN), (0.67, 0.74, 0.30, RED)]

    def pixel(x: int, y: int):
        u = (x + 0.5) / size
        v = (y + 0.5) / size
        u = (u - 0.5) / safe + 0.5
        v = (v - 0.5) / safe + 0.5
        for cx, base, w, colour in pyramids:
            top = base - w * 1.1
            if top <= v <= base:
                half = w / 2 * (v - top) / (base - top)
                if abs(u - cx) <= half:
                    return colour
        if 0.12 <= u <= 0.88 and 0.76 <= v <= 0.82:
            return SAND
        return NAVY

    return png(size, size, pixel)


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon-192.png").write_bytes(icon(192, 0.9))
    (OUT / "icon-512.png").write_bytes(icon(512, 0.9))
    (OUT / "icon-maskable-512.png").write_bytes(icon(512, 0.7))
    print("icons written to", OUT)
