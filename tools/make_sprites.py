"""Paint the game's pictures pixel by pixel: the sprite sheet and the icons.

    python tools/make_sprites.py [--out DIR]

writes sheet.png, icon.png and icon.ico into DIR (default: the repository's
sprites/ folder). Everything is drawn with fills, single pixels and hand-made
bitmaps (lists of strings below): no fonts, no anti-aliasing, no randomness,
so running it twice gives the same pixels. Where each picture goes on the sheet
comes from game/sheet.py, which the renderer slices with.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.sheet import (  # noqa: E402
    DARK,
    FACE,
    FACES,
    FRAME,
    FRAMES,
    GREY,
    LEDS,
    LIGHT,
    NUMBER_COLOURS,
    SHEET_H,
    SHEET_W,
    TILE,
    TILES,
    face_rect,
    frame_rect,
    led_rect,
    tile_rect,
)

Colour = tuple[int, int, int]
Bitmap = Sequence[str]

BLACK: Colour = (0, 0, 0)
RED: Colour = (255, 0, 0)
YELLOW: Colour = (255, 255, 0)
LED_ON: Colour = (255, 0, 0)
LED_OFF: Colour = (80, 0, 0)  # unlit segments glow faintly, like a real LED

# Letters used in the bitmaps; '.' always means "leave the pixel alone".
INK: dict[str, Colour] = {"K": BLACK, "W": LIGHT, "R": RED, "Y": YELLOW, "D": DARK, "G": GREY}


# --- glyph bitmaps -------------------------------------------------------------------
# Board numbers: 9 wide, 10 tall, strokes 3 px wide and 2 px tall, '#' takes the
# number's colour.
DIGITS: dict[str, Bitmap] = {
    "1": (
        "....##...",
        "...###...",
        "..####...",
        ".#####...",
        "...###...",
        "...###...",
        "...###...",
        "...###...",
        ".#######.",
        ".#######.",
    ),
    "2": (
        ".#######.",
        "#########",
        "###...###",
        ".....####",
        "...#####.",
        ".#####...",
        "####.....",
        "###......",
        "#########",
        "#########",
    ),
    "3": (
        "########.",
        "#########",
        "......###",
        "......###",
        "..######.",
        "..######.",
        "......###",
        "......###",
        "#########",
        "########.",
    ),
    "4": (
        "..###.###",
        "..###.###",
        ".###..###",
        ".###..###",
        "###...###",
        "#########",
        "#########",
        "......###",
        "......###",
        "......###",
    ),
    "5": (
        "#########",
        "#########",
        "###......",
        "###......",
        "########.",
        "#########",
        "......###",
        "......###",
        "#########",
        "########.",
    ),
    "6": (
        ".########",
        "#########",
        "###......",
        "###......",
        "########.",
        "#########",
        "###...###",
        "###...###",
        "#########",
        ".#######.",
    ),
    "7": (
        "#########",
        "#########",
        "......###",
        ".....###.",
        "....###..",
        "....###..",
        "...###...",
        "...###...",
        "...###...",
        "...###...",
    ),
    "8": (
        ".#######.",
        "#########",
        "###...###",
        "###...###",
        ".#######.",
        ".#######.",
        "###...###",
        "###...###",
        "#########",
        ".#######.",
    ),
}

QUESTION: Bitmap = (
    ".#######.",
    "#########",
    "###...###",
    ".....####",
    "...####..",
    "...###...",
    "...###...",
    ".........",
    "...###...",
    "...###...",
)

MINE: Bitmap = (
    "......K......",
    "......K......",
    "..K.KKKKK.K..",
    "...KKKKKKK...",
    "..KKWWKKKKK..",
    "..KKWWKKKKK..",
    "KKKKKKKKKKKKK",
    "..KKKKKKKKK..",
    "..KKKKKKKKK..",
    "...KKKKKKK...",
    "..K.KKKKK.K..",
    "......K......",
    "......K......",
)

CROSS: Bitmap = (  # laid over the mine on a wrongly flagged cell
    ".............",
    "RR.........RR",
    ".RR.......RR.",
    "..RR.....RR..",
    "...RR...RR...",
    "....RR.RR....",
    ".....RRR.....",
    "....RR.RR....",
    "...RR...RR...",
    "..RR.....RR..",
    ".RR.......RR.",
    "RR.........RR",
    ".............",
)

FLAG: Bitmap = (  # 12x12, covers the hidden tile inside its bevel
    "............",
    "....RRK.....",
    "..RRRRK.....",
    ".RRRRRK.....",
    "..RRRRK.....",
    "....RRK.....",
    "......K.....",
    "......K.....",
    "....KKKK....",
    "..KKKKKKKK..",
    "..KKKKKKKK..",
    "............",
)

# LED digit: each lit pixel is labelled with its segment, a-g in the usual
# seven-segment naming (a top, b upper right, c lower right, d bottom, e lower
# left, f upper left, g middle). 3 px thick with bevelled ends.
LED_SEGMENTS: Bitmap = (
    ".............",
    "..aaaaaaaaa..",
    ".f.aaaaaaa.b.",
    ".ff.aaaaa.bb.",
    ".fff.....bbb.",
    ".fff.....bbb.",
    ".fff.....bbb.",
    ".fff.....bbb.",
    ".fff.....bbb.",
    ".ff.......bb.",
    ".f.ggggggg.b.",
    "..ggggggggg..",
    ".e.ggggggg.c.",
    ".ee.......cc.",
    ".eee.....ccc.",
    ".eee.....ccc.",
    ".eee.....ccc.",
    ".eee.....ccc.",
    ".eee.....ccc.",
    ".ee.ddddd.cc.",
    ".e.ddddddd.c.",
    "..ddddddddd..",
    ".............",
)
LED_LIT: dict[str, str] = {
    "0": "abcdef",
    "1": "bc",
    "2": "abdeg",
    "3": "abcdg",
    "4": "bcfg",
    "5": "acdfg",
    "6": "acdefg",
    "7": "abc",
    "8": "abcdefg",
    "9": "abcdfg",
    "-": "g",
    " ": "",
}

# Smiley faces, 17x17: black outline, yellow fill, the features in black.
FACE_ART: dict[str, Bitmap] = {
    "smile": (
        "......KKKKK......",
        "....KKYYYYYKK....",
        "...KYYYYYYYYYK...",
        "..KYYYYYYYYYYYK..",
        ".KYYYYYYYYYYYYYK.",
        ".KYYYKKYYYKKYYYK.",
        "KYYYYKKYYYKKYYYYK",
        "KYYYYYYYYYYYYYYYK",
        "KYYYYYYYYYYYYYYYK",
        "KYYYYYYYYYYYYYYYK",
        "KYYYKYYYYYYYKYYYK",
        ".KYYYKYYYYYKYYYK.",
        ".KYYYYKKKKKYYYYK.",
        "..KYYYYYYYYYYYK..",
        "...KYYYYYYYYYK...",
        "....KKYYYYYKK....",
        "......KKKKK......",
    ),
    "surprised": (
        "......KKKKK......",
        "....KKYYYYYKK....",
        "...KYYYYYYYYYK...",
        "..KYYYYYYYYYYYK..",
        ".KYYYYYYYYYYYYYK.",
        ".KYYYKKYYYKKYYYK.",
        "KYYYYKKYYYKKYYYYK",
        "KYYYYYYYYYYYYYYYK",
        "KYYYYYYYYYYYYYYYK",
        "KYYYYYYKKKYYYYYYK",
        "KYYYYYKYYYKYYYYYK",
        ".KYYYYKYYYKYYYYK.",
        ".KYYYYKYYYKYYYYK.",
        "..KYYYYKKKYYYYK..",
        "...KYYYYYYYYYK...",
        "....KKYYYYYKK....",
        "......KKKKK......",
    ),
    "cool": (
        "......KKKKK......",
        "....KKYYYYYKK....",
        "...KYYYYYYYYYK...",
        "..KYYYYYYYYYYYK..",
        ".KYYYYYYYYYYYYYK.",
        ".KKKKKKKKKKKKKKK.",
        "KYYKKKKKYKKKKKYYK",
        "KYYYKKKYYYKKKYYYK",
        "KYYYYYYYYYYYYYYYK",
        "KYYYYYYYYYYYYYYYK",
        "KYYYKYYYYYYYKYYYK",
        ".KYYYKYYYYYKYYYK.",
        ".KYYYYKKKKKYYYYK.",
        "..KYYYYYYYYYYYK..",
        "...KYYYYYYYYYK...",
        "....KKYYYYYKK....",
        "......KKKKK......",
    ),
    "dead": (
        "......KKKKK......",
        "....KKYYYYYKK....",
        "...KYYYYYYYYYK...",
        "..KYYYYYYYYYYYK..",
        ".KYYKYKYYYKYKYYK.",
        ".KYYYKYYYYYKYYYK.",
        "KYYYKYKYYYKYKYYYK",
        "KYYYYYYYYYYYYYYYK",
        "KYYYYYYYYYYYYYYYK",
        "KYYYYYYYYYYYYYYYK",
        "KYYYYYKKKKKYYYYYK",
        ".KYYYKYYYYYKYYYK.",
        ".KYYKYYYYYYYKYYK.",
        "..KYYYYYYYYYYYK..",
        "...KYYYYYYYYYK...",
        "....KKYYYYYKK....",
        "......KKKKK......",
    ),
}


# --- drawing helpers -----------------------------------------------------------------
def stamp(surf: pygame.Surface, bitmap: Bitmap, x: int, y: int, ink: dict[str, Colour]) -> None:
    """Copy a bitmap onto surf with its top-left at (x, y); '.' is transparent."""
    for dy, row in enumerate(bitmap):
        for dx, ch in enumerate(row):
            if ch != ".":
                surf.set_at((x + dx, y + dy), ink[ch])


def bevel(surf: pygame.Surface, width: int, top_left: Colour, bottom_right: Colour) -> None:
    """A Windows bevel `width` px wide around the whole surface, over what is there.

    Where the light and dark edges meet (top-right and bottom-left corners) the
    split runs diagonally: the top-left colour holds the pixels above the
    anti-diagonal, as in the classic Windows controls.
    """
    w, h = surf.get_size()
    for y in range(h):
        for x in range(w):
            near = x < width or y < width
            far = x >= w - width or y >= h - width
            if near and far:  # top-right or bottom-left corner: split on the diagonal
                i = x - (w - width) if y < width else x
                j = y if y < width else y - (h - width)
                surf.set_at((x, y), top_left if i + j <= width - 2 else bottom_right)
            elif near:
                surf.set_at((x, y), top_left)
            elif far:
                surf.set_at((x, y), bottom_right)


# --- board tiles (16x16) -------------------------------------------------------------
def tile_hidden() -> pygame.Surface:
    surf = pygame.Surface((TILE, TILE))
    surf.fill(GREY)
    bevel(surf, 2, LIGHT, DARK)
    return surf


def tile_open(ground: Colour = GREY) -> pygame.Surface:
    """An opened cell: flat, with the 1 px grid line along the top and left."""
    surf = pygame.Surface((TILE, TILE))
    surf.fill(ground)
    pygame.draw.line(surf, DARK, (0, 0), (TILE - 1, 0))
    pygame.draw.line(surf, DARK, (0, 0), (0, TILE - 1))
    return surf


def tile_number(n: str) -> pygame.Surface:
    surf = tile_open()
    stamp(surf, DIGITS[n], 4, 3, {"#": NUMBER_COLOURS[n]})
    return surf


def tile_flag() -> pygame.Surface:
    surf = tile_hidden()
    stamp(surf, FLAG, 2, 2, INK)
    return surf


def tile_question() -> pygame.Surface:
    surf = tile_hidden()
    stamp(surf, QUESTION, 3, 3, {"#": BLACK})
    return surf


def tile_question_pressed() -> pygame.Surface:
    surf = tile_open()
    stamp(surf, QUESTION, 4, 4, {"#": BLACK})
    return surf


def tile_mine(ground: Colour = GREY) -> pygame.Surface:
    surf = tile_open(ground)
    stamp(surf, MINE, 2, 2, INK)
    return surf


def tile_exploded() -> pygame.Surface:
    return tile_mine(RED)


def tile_wrong_flag() -> pygame.Surface:
    surf = tile_mine()
    stamp(surf, CROSS, 2, 2, INK)
    return surf


def paint_tile(name: str) -> pygame.Surface:
    painters: dict[str, Callable[[], pygame.Surface]] = {
        "hidden": tile_hidden,
        "open": tile_open,
        "flag": tile_flag,
        "question": tile_question,
        "question_pressed": tile_question_pressed,
        "mine": tile_mine,
        "exploded": tile_exploded,
        "wrong_flag": tile_wrong_flag,
    }
    if name in DIGITS:
        return tile_number(name)
    return painters[name]()


# --- LED digits (13x23) ---------------------------------------------------------------
def paint_led(char: str) -> pygame.Surface:
    surf = pygame.Surface(led_rect(char)[2:])
    surf.fill(BLACK)
    lit = LED_LIT[char]
    ink = {seg: (LED_ON if seg in lit else LED_OFF) for seg in "abcdefg"}
    stamp(surf, LED_SEGMENTS, 0, 0, ink)
    return surf


# --- face button (26x26) --------------------------------------------------------------
def paint_face(name: str) -> pygame.Surface:
    """The smiley button: 1 px dark outline, then a raised (or sunken) bevel."""
    surf = pygame.Surface((FACE, FACE))
    surf.fill(DARK)
    inner = pygame.Surface((FACE - 2, FACE - 2))
    inner.fill(GREY)
    pressed = name.endswith("_pressed")
    if pressed:  # sunken: just a dark line top and left, the face moved down-right
        pygame.draw.line(inner, DARK, (0, 0), (FACE - 3, 0))
        pygame.draw.line(inner, DARK, (0, 0), (0, FACE - 3))
    else:
        bevel(inner, 2, LIGHT, DARK)
    surf.blit(inner, (1, 1))
    art = FACE_ART[name.removesuffix("_pressed")]
    offset = 5 if pressed else 4
    stamp(surf, art, offset, offset, INK)
    return surf


# --- nine-slice frames (16x16) --------------------------------------------------------
def paint_frame(name: str) -> pygame.Surface:
    surf = pygame.Surface((FRAME, FRAME))
    surf.fill(GREY)
    if name.startswith("raised"):
        bevel(surf, FRAMES[name], LIGHT, DARK)
    else:
        bevel(surf, FRAMES[name], DARK, LIGHT)
    return surf


# --- the sheet ------------------------------------------------------------------------
def paint_sheet() -> pygame.Surface:
    sheet = pygame.Surface((SHEET_W, SHEET_H))
    sheet.fill(BLACK)
    for tile in TILES:
        sheet.blit(paint_tile(tile.value), tile_rect(tile)[:2])
    for char in LEDS:
        sheet.blit(paint_led(char), led_rect(char)[:2])
    for face in FACES:
        sheet.blit(paint_face(face.value), face_rect(face)[:2])
    for name in FRAMES:
        sheet.blit(paint_frame(name), frame_rect(name)[:2])
    return sheet


# --- icons ----------------------------------------------------------------------------
# The window icon: a classic black mine on a raised grey tile. Painted at 16 and
# 32 px; the bigger .ico sizes are these scaled up by whole numbers.
MINE_BIG: Bitmap = (
    "............KK............",
    "............KK............",
    "............KK............",
    "............KK............",
    "............KK............",
    ".....KK..KKKKKKKK..KK.....",
    ".....KK.KKKKKKKKKK.KK.....",
    ".......KKKKKKKKKKKK.......",
    "......KKKKKKKKKKKKKK......",
    ".....KKKWWWKKKKKKKKKK.....",
    ".....KKKWWWKKKKKKKKKK.....",
    ".....KKKWWWKKKKKKKKKK.....",
    "KKKKKKKKKKKKKKKKKKKKKKKKKK",
    "KKKKKKKKKKKKKKKKKKKKKKKKKK",
    ".....KKKKKKKKKKKKKKKK.....",
    ".....KKKKKKKKKKKKKKKK.....",
    ".....KKKKKKKKKKKKKKKK.....",
    "......KKKKKKKKKKKKKK......",
    ".......KKKKKKKKKKKK.......",
    ".....KK.KKKKKKKKKK.KK.....",
    ".....KK..KKKKKKKK..KK.....",
    "............KK............",
    "............KK............",
    "............KK............",
    "............KK............",
    "............KK............",
)


def paint_icon_16() -> pygame.Surface:
    surf = pygame.Surface((16, 16))
    surf.fill(GREY)
    bevel(surf, 1, LIGHT, DARK)
    stamp(surf, MINE, 2, 2, INK)
    return surf


def paint_icon_32() -> pygame.Surface:
    surf = pygame.Surface((32, 32))
    surf.fill(GREY)
    bevel(surf, 2, LIGHT, DARK)
    stamp(surf, MINE_BIG, 3, 3, INK)
    return surf


def paint_icon(size: int) -> pygame.Surface:
    """The icon at `size` px: painted at 16 or 32, or one of those scaled up crisply."""
    base = paint_icon_32() if size % 32 == 0 else paint_icon_16()
    if size == base.get_width():
        return base
    if size % base.get_width():
        raise ValueError(f"no crisp icon at {size} px")
    return pygame.transform.scale(base, (size, size))  # nearest neighbour


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "png")
    return buf.getvalue()


def ico_bytes(images: Sequence[pygame.Surface]) -> bytes:
    """A Windows .ico holding each image as an embedded 32-bit PNG (Vista and later)."""
    pngs = [png_bytes(_rgba(img)) for img in images]
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries = b""
    for img, data in zip(images, pngs, strict=True):
        w, h = img.get_size()
        entries += struct.pack("<BBBBHHII", w % 256, h % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(pngs)


def _rgba(surf: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA, 32)
    out.blit(surf, (0, 0))
    return out


ICO_SIZES = (16, 32, 48, 256)


def build(out_dir: Path) -> dict[str, Path]:
    """Paint everything and write it into out_dir; returns the written paths by name."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {name: out_dir / name for name in ("sheet.png", "icon.png", "icon.ico")}
    pygame.image.save(paint_sheet(), str(paths["sheet.png"]))
    pygame.image.save(paint_icon(32), str(paths["icon.png"]))
    icons = [paint_icon(size) for size in ICO_SIZES]
    paths["icon.ico"].write_bytes(ico_bytes(icons))
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "sprites", help="output folder")
    args = parser.parse_args(argv)
    for path in build(args.out).values():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
