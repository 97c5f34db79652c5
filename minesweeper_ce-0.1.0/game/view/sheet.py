"""Where each picture sits on every theme's sprite sheet (sprites/sheet.png, the classic one).

Pure data, shared by the script that paints the sheet (tools/make_sprites.py)
and the renderer that slices it, so the two can never disagree. All sizes are
at 1x; the window scales the whole sheet by an integer factor (nearest
neighbour, so pixels stay crisp).

Rows of the sheet, top to bottom:
  tiles   16x16: see TILES
  LEDs    13x23: the digits 0-9, a minus sign and a blank (all segments off)
  faces   26x26: see FACES
  frames  16x16: nine-slice templates for the bevels, see FRAMES
"""

from __future__ import annotations

from enum import Enum

from game.session.geometry import FACE, LED_H, LED_W, TILE
from game.session.picture import Face

Rect = tuple[int, int, int, int]

FRAME = 16


class Tile(Enum):
    """A 16x16 board tile; the value is its name in the sprite script."""

    HIDDEN = "hidden"
    OPEN = "open"  # an opened zero; also how a pressed hidden cell is drawn
    N1 = "1"
    N2 = "2"
    N3 = "3"
    N4 = "4"
    N5 = "5"
    N6 = "6"
    N7 = "7"
    N8 = "8"
    FLAG = "flag"
    QUESTION = "question"
    QUESTION_PRESSED = "question_pressed"
    MINE = "mine"  # an unflagged mine shown at the end of a lost game
    EXPLODED = "exploded"  # the mine that was opened: red ground
    WRONG_FLAG = "wrong_flag"  # a flag on a safe cell, crossed out at the end


TILES: tuple[Tile, ...] = tuple(Tile)
"""The tiles in sheet order, left to right."""
LEDS: tuple[str, ...] = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "-", " ")
FACES: tuple[Face, ...] = tuple(Face)
"""The faces in sheet order, left to right."""

# Nine-slice bevel templates: name -> border width in pixels. Each is a FRAMExFRAME
# square whose border of that width is the bevel and whose centre is the fill.
FRAMES: dict[str, int] = {
    "raised3": 3,  # the outer window frame
    "sunken3": 3,  # around the board
    "sunken2": 2,  # around the top panel
    "sunken1": 1,  # around each LED counter
}

TILES_Y = 0
LEDS_Y = TILES_Y + TILE
FACES_Y = LEDS_Y + LED_H
FRAMES_Y = FACES_Y + FACE

SHEET_W = max(len(TILES) * TILE, len(LEDS) * LED_W, len(FACES) * FACE, len(FRAMES) * FRAME)
SHEET_H = FRAMES_Y + FRAME


def tile_rect(tile: Tile) -> Rect:
    """The rectangle of a 16x16 board tile."""
    return (TILES.index(tile) * TILE, TILES_Y, TILE, TILE)


def led_rect(char: str) -> Rect:
    """The rectangle of one LED digit: '0'-'9', '-' or ' '."""
    return (LEDS.index(char) * LED_W, LEDS_Y, LED_W, LED_H)


def face_rect(face: Face) -> Rect:
    """The rectangle of one face button."""
    return (FACES.index(face) * FACE, FACES_Y, FACE, FACE)


def frame_rect(name: str) -> Rect:
    """The rectangle of a nine-slice bevel template."""
    return (list(FRAMES).index(name) * FRAME, FRAMES_Y, FRAME, FRAME)


# The classic palette, named once.
GREY = (192, 192, 192)
LIGHT = (255, 255, 255)
DARK = (128, 128, 128)
NUMBER_COLOURS: dict[str, tuple[int, int, int]] = {
    "1": (0, 0, 255),
    "2": (0, 128, 0),
    "3": (255, 0, 0),
    "4": (0, 0, 128),
    "5": (128, 0, 0),
    "6": (0, 128, 128),
    "7": (0, 0, 0),
    "8": (128, 128, 128),
}
