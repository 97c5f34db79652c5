"""Make the desktop icons of the downloads from the game's own icon art.

    python tools/make_icons.py [--out DIR]

writes, into DIR (default: the repository's packaging/ folder):

- linux/icons/minesweeper-<N>.png for N in 16, 32, 48, 64, 128, 256: the hicolor
  theme sizes the AppImage and its .desktop entry use;
- macos/minesweeper.icns: the .app bundle's icon (16 to 1024 px, PNG entries).

The pictures are tools/make_sprites.py's icon (a black mine on a raised grey tile),
painted at 16 or 32 px and scaled up by whole numbers only, so the pixel art stays
crisp. The outputs are committed; tests/test_release.py checks they are what this
script makes. Needs pygame-ce (the game's own dependency), nothing else: the .icns
is written by hand (Apple's iconutil exists only on macOS).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import struct
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent

LINUX_SIZES = (16, 32, 48, 64, 128, 256)
"""The hicolor icon theme sizes (px) shipped for Linux."""

ICNS_TYPES = (
    ("icp4", 16),
    ("icp5", 32),
    ("icp6", 64),
    ("ic07", 128),
    ("ic08", 256),
    ("ic09", 512),
    ("ic10", 1024),  # 512 px @2x
    ("ic11", 32),  # 16 px @2x
    ("ic12", 64),  # 32 px @2x
    ("ic13", 256),  # 128 px @2x
    ("ic14", 512),  # 256 px @2x
)
"""The .icns entry types (each a PNG) and their pixel sizes, as macOS 10.7+ reads them."""


def _sprites() -> ModuleType:
    """tools/make_sprites.py, which paints the icon (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location(
        "make_sprites", ROOT / "tools" / "make_sprites.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


def icon_png(size: int, sprites: ModuleType | None = None) -> bytes:
    """The icon at `size` px as PNG bytes with an alpha channel."""
    sprites = sprites or _sprites()
    return bytes(sprites.png_bytes(sprites._rgba(sprites.paint_icon(size))))


def icns_bytes(entries: Sequence[tuple[str, bytes]]) -> bytes:
    """An Apple icon file: 'icns', the total length, then (type, length, data) entries."""
    body = b"".join(
        kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data for kind, data in entries
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def read_icns(data: bytes) -> list[tuple[str, bytes]]:
    """The entries of an .icns file (for the tests); raises ValueError if malformed."""
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        raise ValueError("not an icns file")
    entries, pos = [], 8
    while pos < len(data):
        kind = data[pos : pos + 4].decode("ascii")
        (length,) = struct.unpack(">I", data[pos + 4 : pos + 8])
        if length < 8 or pos + length > len(data):
            raise ValueError(f"icns entry {kind} runs past the end")
        entries.append((kind, data[pos + 8 : pos + length]))
        pos += length
    return entries


def build(out_dir: Path) -> list[Path]:
    """Write every icon into out_dir; returns the written paths."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sprites = _sprites()
    written = []
    linux = out_dir / "linux" / "icons"
    linux.mkdir(parents=True, exist_ok=True)
    for size in LINUX_SIZES:
        path = linux / f"minesweeper-{size}.png"
        path.write_bytes(icon_png(size, sprites))
        written.append(path)
    pngs = {size: icon_png(size, sprites) for _, size in ICNS_TYPES}
    icns = out_dir / "macos" / "minesweeper.icns"
    icns.parent.mkdir(parents=True, exist_ok=True)
    icns.write_bytes(icns_bytes([(kind, pngs[size]) for kind, size in ICNS_TYPES]))
    written.append(icns)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "packaging", help="output folder")
    args = parser.parse_args(argv)
    for path in build(args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
