"""Paint the game's pictures pixel by pixel: the sprite sheet and the icons.

    python tools/make_sprites.py [--out DIR]

writes one sprite sheet per theme (game/view/theme.py: sheet.png for the classic
look, sheet-colourblind.png, sheet-contrast.png; each theme's colours are an Art
below), icon.png and icon.ico into DIR (default: the repository's sprites/
folder). Everything is drawn with fills, single pixels and hand-made
bitmaps (lists of strings below): no fonts, no anti-aliasing, no randomness,
so running it twice gives the same pixels. Where each picture goes on the sheet
comes from game/view/sheet.py, which the renderer slices with.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.view.sheet import (  # noqa: E402
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
from game.view.theme import CLASSIC, COLOURBLIND, CONTRAST, THEMES, Theme  # noqa: E402

Colour = tuple[int, int, int]
Bitmap = Sequence[str]

BLACK: Colour = (0, 0, 0)
WHITE: Colour = (255, 255, 255)
RED: Colour = (255, 0, 0)
YELLOW: Colour = (255, 255, 0)


@dataclass(frozen=True)
class Art:
    """The colours (and the few shapes) one theme's sheet is painted with.

    The frames, the face button's bevel and the window around the board take the
    theme's own face/light/shadow (game.view.theme), so the board and the dialogs match.
    """

    theme: Theme
    hidden: Colour = GREY
    """An unopened cell, raised by a 2 px bevel of hidden_light and hidden_dark."""
    hidden_light: Colour = LIGHT
    hidden_dark: Colour = DARK
    ground: Colour = GREY
    """An opened cell."""
    grid: Colour = DARK
    """The 1 px line along an opened cell's top and left."""
    numbers: dict[str, Colour] = field(default_factory=lambda: dict(NUMBER_COLOURS))
    underlined: frozenset[str] = frozenset()
    """Numbers drawn with a bar under them: a cue that does not need colour."""
    mine: Colour = BLACK
    shine: Colour = LIGHT
    exploded: Colour = RED
    """The ground under the mine that was opened."""
    exploded_mine: Colour = BLACK
    cross: Colour = RED
    """The cross over a wrong flag's mine."""
    flag: Colour = RED
    pole: Colour = BLACK
    """The flag's pole and foot."""
    question: Colour = BLACK
    """The question mark on a hidden cell."""
    question_open: Colour = BLACK
    """The question mark held down (on the opened cell's ground)."""
    led_ground: Colour = BLACK
    led_on: Colour = RED
    led_off: Colour = (80, 0, 0)  # unlit segments glow faintly, like a real LED
    smiley: Colour = YELLOW
    smiley_ink: Colour = BLACK

    def ink(self, **more: Colour) -> dict[str, Colour]:
        """The bitmap letters' colours; '.' always means "leave the pixel alone"."""
        return {
            "K": self.mine,
            "W": self.shine,
            "R": self.flag,
            "Y": self.smiley,
            "D": self.theme.shadow,
            "G": self.theme.face,
            "P": self.pole,
            "F": self.smiley_ink,
            "X": self.cross,
        } | more


CLASSIC_ART = Art(CLASSIC)
"""Windows 95, pixel for pixel as it always was."""

COLOURBLIND_ART = Art(
    COLOURBLIND,
    ground=(248, 248, 248),  # opened cells light, hidden ones grey: told apart by lightness
    grid=(168, 168, 168),
    # Hues in the classic places (1 blue, 2 green, 3 red, 4 indigo...) but every number
    # a step of lightness apart (CIE L* 0, 9, 16, 24, 32, 39, 47, 55 for 8, 7, 4, 6, 5,
    # 2, 1, 3), each at least 3.5:1 on the ground, and 22 or more CIELAB units apart
    # under simulated protanopia, deuteranopia and tritanopia (tests/test_themes.py).
    numbers={
        "1": (25, 104, 233),
        "2": (35, 105, 70),
        "3": (230, 80, 45),
        "4": (40, 0, 135),
        "5": (140, 0, 125),
        "6": (60, 60, 0),
        "7": (50, 0, 55),
        "8": (0, 0, 0),
    },
    underlined=frozenset("45678"),
    exploded=(230, 80, 45),  # vermilion (Okabe-Ito): not a red that protanopes lose
    cross=(230, 80, 45),
    flag=(230, 80, 45),
    led_on=(255, 176, 0),  # amber LEDs: as bright to every eye as they are to trichromats
    led_off=(44, 28, 0),
)

CONTRAST_ART = Art(
    CONTRAST,
    hidden=(176, 176, 176),
    hidden_light=WHITE,
    hidden_dark=(56, 56, 56),
    ground=BLACK,  # opened cells black under bright numbers; hidden ones light
    grid=(96, 96, 96),
    # Each at least 7:1 on the black ground and 14 or more CIELAB units apart under
    # simulated colour blindness (tests/test_themes.py); the bar under 4-8 does the rest.
    numbers={
        "1": WHITE,  # the everyday number the brightest
        "2": (65, 255, 130),
        "3": (255, 96, 82),
        "4": (170, 170, 255),
        "5": (175, 225, 40),
        "6": (195, 255, 180),
        "7": (115, 170, 205),
        "8": (105, 210, 200),
    },
    underlined=frozenset("45678"),
    mine=WHITE,  # a white mine on the black ground
    shine=BLACK,
    exploded=YELLOW,
    exploded_mine=BLACK,
    cross=(255, 40, 40),
    flag=(230, 0, 0),
    question=BLACK,
    question_open=WHITE,
    led_on=YELLOW,
    led_off=(36, 36, 0),
)

ARTS: dict[str, Art] = {art.theme.name: art for art in (CLASSIC_ART, COLOURBLIND_ART, CONTRAST_ART)}
"""Each theme's art, by the theme's name."""

INK = CLASSIC_ART.ink()
"""The classic ink, for the icons."""


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
    "XX.........XX",
    ".XX.......XX.",
    "..XX.....XX..",
    "...XX...XX...",
    "....XX.XX....",
    ".....XXX.....",
    "....XX.XX....",
    "...XX...XX...",
    "..XX.....XX..",
    ".XX.......XX.",
    "XX.........XX",
    ".............",
)

FLAG: Bitmap = (  # 12x12, covers the hidden tile inside its bevel
    "............",
    "....RRP.....",
    "..RRRRP.....",
    ".RRRRRP.....",
    "..RRRRP.....",
    "....RRP.....",
    "......P.....",
    "......P.....",
    "....PPPP....",
    "..PPPPPPPP..",
    "..PPPPPPPP..",
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
        "......FFFFF......",
        "....FFYYYYYFF....",
        "...FYYYYYYYYYF...",
        "..FYYYYYYYYYYYF..",
        ".FYYYYYYYYYYYYYF.",
        ".FYYYFFYYYFFYYYF.",
        "FYYYYFFYYYFFYYYYF",
        "FYYYYYYYYYYYYYYYF",
        "FYYYYYYYYYYYYYYYF",
        "FYYYYYYYYYYYYYYYF",
        "FYYYFYYYYYYYFYYYF",
        ".FYYYFYYYYYFYYYF.",
        ".FYYYYFFFFFYYYYF.",
        "..FYYYYYYYYYYYF..",
        "...FYYYYYYYYYF...",
        "....FFYYYYYFF....",
        "......FFFFF......",
    ),
    "surprised": (
        "......FFFFF......",
        "....FFYYYYYFF....",
        "...FYYYYYYYYYF...",
        "..FYYYYYYYYYYYF..",
        ".FYYYYYYYYYYYYYF.",
        ".FYYYFFYYYFFYYYF.",
        "FYYYYFFYYYFFYYYYF",
        "FYYYYYYYYYYYYYYYF",
        "FYYYYYYYYYYYYYYYF",
        "FYYYYYYFFFYYYYYYF",
        "FYYYYYFYYYFYYYYYF",
        ".FYYYYFYYYFYYYYF.",
        ".FYYYYFYYYFYYYYF.",
        "..FYYYYFFFYYYYF..",
        "...FYYYYYYYYYF...",
        "....FFYYYYYFF....",
        "......FFFFF......",
    ),
    "cool": (
        "......FFFFF......",
        "....FFYYYYYFF....",
        "...FYYYYYYYYYF...",
        "..FYYYYYYYYYYYF..",
        ".FYYYYYYYYYYYYYF.",
        ".FFFFFFFFFFFFFFF.",
        "FYYFFFFFYFFFFFYYF",
        "FYYYFFFYYYFFFYYYF",
        "FYYYYYYYYYYYYYYYF",
        "FYYYYYYYYYYYYYYYF",
        "FYYYFYYYYYYYFYYYF",
        ".FYYYFYYYYYFYYYF.",
        ".FYYYYFFFFFYYYYF.",
        "..FYYYYYYYYYYYF..",
        "...FYYYYYYYYYF...",
        "....FFYYYYYFF....",
        "......FFFFF......",
    ),
    "dead": (
        "......FFFFF......",
        "....FFYYYYYFF....",
        "...FYYYYYYYYYF...",
        "..FYYYYYYYYYYYF..",
        ".FYYFYFYYYFYFYYF.",
        ".FYYYFYYYYYFYYYF.",
        "FYYYFYFYYYFYFYYYF",
        "FYYYYYYYYYYYYYYYF",
        "FYYYYYYYYYYYYYYYF",
        "FYYYYYYYYYYYYYYYF",
        "FYYYYYFFFFFYYYYYF",
        ".FYYYFYYYYYFYYYF.",
        ".FYYFYYYYYYYFYYF.",
        "..FYYYYYYYYYYYF..",
        "...FYYYYYYYYYF...",
        "....FFYYYYYFF....",
        "......FFFFF......",
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
def tile_hidden(art: Art = CLASSIC_ART) -> pygame.Surface:
    surf = pygame.Surface((TILE, TILE))
    surf.fill(art.hidden)
    bevel(surf, 2, art.hidden_light, art.hidden_dark)
    return surf


def tile_open(art: Art = CLASSIC_ART, ground: Colour | None = None) -> pygame.Surface:
    """An opened cell: flat, with the 1 px grid line along the top and left."""
    surf = pygame.Surface((TILE, TILE))
    surf.fill(art.ground if ground is None else ground)
    pygame.draw.line(surf, art.grid, (0, 0), (TILE - 1, 0))
    pygame.draw.line(surf, art.grid, (0, 0), (0, TILE - 1))
    return surf


def tile_number(n: str, art: Art = CLASSIC_ART) -> pygame.Surface:
    surf = tile_open(art)
    colour = art.numbers[n]
    if n in art.underlined:  # the glyph one row higher, a 2 px bar under it
        stamp(surf, DIGITS[n], 4, 2, {"#": colour})
        surf.fill(colour, (4, 13, 9, 2))
    else:
        stamp(surf, DIGITS[n], 4, 3, {"#": colour})
    return surf


def tile_flag(art: Art = CLASSIC_ART) -> pygame.Surface:
    surf = tile_hidden(art)
    stamp(surf, FLAG, 2, 2, art.ink())
    return surf


def tile_question(art: Art = CLASSIC_ART) -> pygame.Surface:
    surf = tile_hidden(art)
    stamp(surf, QUESTION, 3, 3, {"#": art.question})
    return surf


def tile_question_pressed(art: Art = CLASSIC_ART) -> pygame.Surface:
    surf = tile_open(art)
    stamp(surf, QUESTION, 4, 4, {"#": art.question_open})
    return surf


def tile_mine(art: Art = CLASSIC_ART) -> pygame.Surface:
    surf = tile_open(art)
    stamp(surf, MINE, 2, 2, art.ink())
    return surf


def tile_exploded(art: Art = CLASSIC_ART) -> pygame.Surface:
    surf = tile_open(art, art.exploded)
    stamp(surf, MINE, 2, 2, art.ink(K=art.exploded_mine))
    return surf


def tile_wrong_flag(art: Art = CLASSIC_ART) -> pygame.Surface:
    surf = tile_mine(art)
    stamp(surf, CROSS, 2, 2, art.ink())
    return surf


def paint_tile(name: str, art: Art = CLASSIC_ART) -> pygame.Surface:
    painters: dict[str, Callable[[Art], pygame.Surface]] = {
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
        return tile_number(name, art)
    return painters[name](art)


# --- LED digits (13x23) ---------------------------------------------------------------
def paint_led(char: str, art: Art = CLASSIC_ART) -> pygame.Surface:
    surf = pygame.Surface(led_rect(char)[2:])
    surf.fill(art.led_ground)
    lit = LED_LIT[char]
    ink = {seg: (art.led_on if seg in lit else art.led_off) for seg in "abcdefg"}
    stamp(surf, LED_SEGMENTS, 0, 0, ink)
    return surf


# --- face button (26x26) --------------------------------------------------------------
def paint_face(name: str, art: Art = CLASSIC_ART) -> pygame.Surface:
    """The smiley button: 1 px dark outline, then a raised (or sunken) bevel."""
    theme = art.theme
    surf = pygame.Surface((FACE, FACE))
    surf.fill(theme.shadow)
    inner = pygame.Surface((FACE - 2, FACE - 2))
    inner.fill(theme.face)
    pressed = name.endswith("_pressed")
    if pressed:  # sunken: just a dark line top and left, the face moved down-right
        pygame.draw.line(inner, theme.shadow, (0, 0), (FACE - 3, 0))
        pygame.draw.line(inner, theme.shadow, (0, 0), (0, FACE - 3))
    else:
        bevel(inner, 2, theme.light, theme.shadow)
    surf.blit(inner, (1, 1))
    art_bitmap = FACE_ART[name.removesuffix("_pressed")]
    offset = 5 if pressed else 4
    stamp(surf, art_bitmap, offset, offset, art.ink())
    return surf


# --- nine-slice frames (16x16) --------------------------------------------------------
def paint_frame(name: str, art: Art = CLASSIC_ART) -> pygame.Surface:
    theme = art.theme
    surf = pygame.Surface((FRAME, FRAME))
    surf.fill(theme.face)
    if name.startswith("raised"):
        bevel(surf, FRAMES[name], theme.light, theme.shadow)
    else:
        bevel(surf, FRAMES[name], theme.shadow, theme.light)
    return surf


# --- the sheet ------------------------------------------------------------------------
def paint_sheet(art: Art = CLASSIC_ART) -> pygame.Surface:
    sheet = pygame.Surface((SHEET_W, SHEET_H))
    sheet.fill(BLACK)
    for tile in TILES:
        sheet.blit(paint_tile(tile.value, art), tile_rect(tile)[:2])
    for char in LEDS:
        sheet.blit(paint_led(char, art), led_rect(char)[:2])
    for face in FACES:
        sheet.blit(paint_face(face.value, art), face_rect(face)[:2])
    for name in FRAMES:
        sheet.blit(paint_frame(name, art), frame_rect(name)[:2])
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


def palettised(surf: pygame.Surface) -> pygame.Surface:
    """The picture at 8 bits a pixel, its few colours in a palette, each pixel its exact
    colour: the game keeps a sheet in the format it is read in, scaled to the zoom
    (game.view.sprites), a third of the window's 24 bits (a quarter of 32)."""
    raw = pygame.image.tobytes(surf, "RGB")
    pixels = [raw[at : at + 3] for at in range(0, len(raw), 3)]
    colours = sorted(set(pixels))
    if len(colours) > 256:
        raise ValueError(f"{len(colours)} colours do not fit a palette")
    index = {colour: bytes([at]) for at, colour in enumerate(colours)}
    out = pygame.image.frombytes(b"".join(index[pixel] for pixel in pixels), surf.get_size(), "P")
    out.set_palette([tuple(colour) for colour in colours])
    return out


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
    sheets = {THEMES[name].sheet: art for name, art in ARTS.items()}
    paths = {name: out_dir / name for name in (*sheets, "icon.png", "icon.ico")}
    for name, art in sheets.items():
        pygame.image.save(palettised(paint_sheet(art)), str(paths[name]))
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
