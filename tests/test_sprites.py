"""The committed sprite sheet and icons: the layout's sizes, the script's output, the art."""

from __future__ import annotations

import importlib.util
import io
import itertools
import struct
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game.view import sheet as layout
from game.view.sprites import SpriteSheet, _loaded
from game.view.theme import THEMES, Theme

ROOT = Path(__file__).resolve().parent.parent
SPRITES = ROOT / "sprites"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
RGB = tuple[int, int, int]


def _load_tool() -> ModuleType:
    """tools/ is not a package: load the script as a module from its file."""
    path = ROOT / "tools" / "make_sprites.py"
    spec = importlib.util.spec_from_file_location("make_sprites", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def sheet() -> pygame.Surface:
    return pygame.image.load(str(SPRITES / "sheet.png"))


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sprites")
    _load_tool().build(out)
    return out


def pixels(surf: pygame.Surface, rect: tuple[int, int, int, int]) -> list[RGB]:
    x0, y0, w, h = rect
    return [tuple(surf.get_at((x0 + x, y0 + y)))[:3] for y in range(h) for x in range(w)]


def rgb_bytes(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGB")


def parse_ico(data: bytes) -> list[tuple[int, int, bytes]]:
    """(width, height, embedded image) for each entry of an .ico file."""
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1), "not an icon file"
    images = []
    for i in range(count):
        w, h, _colours, _res, planes, bits, size, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * i
        )
        assert (planes, bits) == (1, 32)
        assert offset + size <= len(data)
        images.append((w or 256, h or 256, data[offset : offset + size]))
    return images


def all_pictures(surf: pygame.Surface) -> dict[str, tuple[tuple[int, int], bytes]]:
    """Every named picture on the sheet: name -> (size, pixels)."""
    rects = {f"tile {n}": layout.tile_rect(n) for n in layout.TILES}
    rects |= {f"led {c!r}": layout.led_rect(c) for c in layout.LEDS}
    rects |= {f"face {n}": layout.face_rect(n) for n in layout.FACES}
    rects |= {f"frame {n}": layout.frame_rect(n) for n in layout.FRAMES}
    return {name: (r[2:], rgb_bytes(surf.subsurface(r))) for name, r in rects.items()}


def test_committed_sheet_has_the_layouts_size(sheet: pygame.Surface) -> None:
    assert sheet.get_size() == (layout.SHEET_W, layout.SHEET_H)


def test_every_picture_lies_inside_the_sheet() -> None:
    rects = [layout.tile_rect(n) for n in layout.TILES]
    rects += [layout.led_rect(c) for c in layout.LEDS]
    rects += [layout.face_rect(n) for n in layout.FACES]
    rects += [layout.frame_rect(n) for n in layout.FRAMES]
    for x, y, w, h in rects:
        assert 0 <= x <= x + w <= layout.SHEET_W
        assert 0 <= y <= y + h <= layout.SHEET_H


@pytest.mark.parametrize("name", [*(theme.sheet for theme in THEMES.values()), "icon.png"])
def test_regenerating_gives_the_committed_pixels(regenerated: Path, name: str) -> None:
    committed = pygame.image.load(str(SPRITES / name))
    fresh = pygame.image.load(str(regenerated / name))
    assert fresh.get_size() == committed.get_size()
    assert rgb_bytes(fresh) == rgb_bytes(committed), f"{name} is stale: run tools/make_sprites.py"


def test_regenerating_gives_the_committed_ico(regenerated: Path) -> None:
    committed = parse_ico((SPRITES / "icon.ico").read_bytes())
    fresh = parse_ico((regenerated / "icon.ico").read_bytes())
    assert [(w, h) for w, h, _ in fresh] == [(w, h) for w, h, _ in committed]
    for (_, _, a), (_, _, b) in zip(committed, fresh, strict=True):
        img_a = pygame.image.load(io.BytesIO(a), "icon.png")
        img_b = pygame.image.load(io.BytesIO(b), "icon.png")
        assert rgb_bytes(img_a) == rgb_bytes(img_b)


@pytest.mark.parametrize("theme", THEMES.values(), ids=lambda theme: theme.name)
def test_each_sheet_is_kept_at_8_bits_a_pixel_at_every_zoom(theme: Theme) -> None:
    # (its few colours in a palette: the sheet scaled to 4x is 0.3 MB, not 1 MB)
    _loaded.pop(theme.sheet, None)
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        sprites = SpriteSheet(4, theme=theme)
        assert sprites.image.get_bitsize() == 8
        assert sprites.tiles[layout.Tile.HIDDEN].get_bitsize() == 8
        screen = pygame.Surface((64, 64))
        screen.blit(sprites.tiles[layout.Tile.HIDDEN], (0, 0))
        painted = pygame.image.load(str(SPRITES / theme.sheet)).convert()
        hidden = pygame.transform.scale_by(
            painted.subsurface(layout.tile_rect(layout.Tile.HIDDEN)), 4
        )
        assert rgb_bytes(screen) == rgb_bytes(hidden)
    finally:
        _loaded.pop(theme.sheet, None)
        pygame.display.quit()


def test_painting_twice_gives_the_same_pixels() -> None:
    tool = _load_tool()
    assert rgb_bytes(tool.paint_sheet()) == rgb_bytes(tool.paint_sheet())


@pytest.mark.parametrize("number", sorted(layout.NUMBER_COLOURS))
def test_number_tiles_are_painted_in_their_colour(sheet: pygame.Surface, number: str) -> None:
    tile = pixels(sheet, layout.tile_rect(layout.Tile(number)))
    non_grey = Counter(p for p in tile if p != layout.GREY)
    assert non_grey.most_common(1)[0][0] == layout.NUMBER_COLOURS[number]
    # Stronger, and meaningful for the grey 8 too: all that the number adds to the open
    # tile is ink of its colour, and enough of it to be bold.
    blank = pixels(sheet, layout.tile_rect(layout.Tile.OPEN))
    added = {p for p, q in zip(tile, blank, strict=True) if p != q}
    assert added == {layout.NUMBER_COLOURS[number]}
    assert sum(p != q for p, q in zip(tile, blank, strict=True)) >= 20


def test_number_glyphs_are_centred_on_the_open_tile(sheet: pygame.Surface) -> None:
    blank = pixels(sheet, layout.tile_rect(layout.Tile.OPEN))
    for number in layout.NUMBER_COLOURS:
        tile = pixels(sheet, layout.tile_rect(layout.Tile(number)))
        xs = [i % layout.TILE for i, (p, q) in enumerate(zip(tile, blank, strict=True)) if p != q]
        # the open cell's clear area is columns 1-15 (column 0 is the grid line)
        assert min(xs) - 1 == layout.TILE - 1 - max(xs), number


def test_hidden_tile_is_raised(sheet: pygame.Surface) -> None:
    x, y, w, h = layout.tile_rect(layout.Tile.HIDDEN)
    top_left = sheet.get_at((x, y))
    bottom_right = sheet.get_at((x + w - 1, y + h - 1))
    centre = sheet.get_at((x + w // 2, y + h // 2))
    assert min(top_left[:3]) >= 224, "top-left edge should be white-ish"
    assert max(bottom_right[:3]) <= 144, "bottom-right edge should be dark"
    assert tuple(centre)[:3] == layout.GREY


def test_open_tile_has_the_grid_line_on_top_and_left_only(sheet: pygame.Surface) -> None:
    x, y, w, h = layout.tile_rect(layout.Tile.OPEN)
    assert all(tuple(sheet.get_at((x + i, y)))[:3] == layout.DARK for i in range(w))
    assert all(tuple(sheet.get_at((x, y + i)))[:3] == layout.DARK for i in range(h))
    inside = pixels(sheet, (x + 1, y + 1, w - 1, h - 1))
    assert set(inside) == {layout.GREY}


def test_exploded_mine_lies_on_red(sheet: pygame.Surface) -> None:
    counts = Counter(pixels(sheet, layout.tile_rect(layout.Tile.EXPLODED)))
    assert counts[(255, 0, 0)] > counts[layout.GREY]


def _lit(sheet: pygame.Surface, char: str) -> int:
    return sum(p == (255, 0, 0) for p in pixels(sheet, layout.led_rect(char)))


def test_led_lights_segments(sheet: pygame.Surface) -> None:
    assert _lit(sheet, "8") > _lit(sheet, "0") > _lit(sheet, "1") > _lit(sheet, "-") > 0
    assert _lit(sheet, " ") == 0
    # unlit segments still glow faintly, so a blank counter is not plain black
    assert any(p != (0, 0, 0) for p in pixels(sheet, layout.led_rect(" ")))


def test_faces_are_yellow_smileys(sheet: pygame.Surface) -> None:
    for name in layout.FACES:
        counts = Counter(pixels(sheet, layout.face_rect(name)))
        assert counts[(255, 255, 0)] >= 120, name


@pytest.mark.parametrize("name", list(layout.FRAMES))
def test_frame_edges_are_uniform_along_their_length(sheet: pygame.Surface, name: str) -> None:
    """The renderer stretches the edge strips, so each row/column of a strip is one colour."""
    x0, y0, size, _ = layout.frame_rect(name)
    b = layout.FRAMES[name]
    for k in range(b):
        for edge in (
            [(x0 + i, y0 + k) for i in range(b, size - b)],  # top
            [(x0 + i, y0 + size - 1 - k) for i in range(b, size - b)],  # bottom
            [(x0 + k, y0 + i) for i in range(b, size - b)],  # left
            [(x0 + size - 1 - k, y0 + i) for i in range(b, size - b)],  # right
        ):
            assert len({tuple(sheet.get_at(p)) for p in edge}) == 1
    top, bottom = sheet.get_at((x0 + size // 2, y0)), sheet.get_at((x0 + size // 2, y0 + size - 1))
    assert top != bottom
    centre = pixels(sheet, (x0 + b, y0 + b, size - 2 * b, size - 2 * b))
    assert set(centre) == {layout.GREY}


def test_every_picture_differs_from_every_other(sheet: pygame.Surface) -> None:
    pictures = all_pictures(sheet)
    for (a, pa), (b, pb) in itertools.combinations(pictures.items(), 2):
        assert pa != pb, f"{a} and {b} are the same picture"


def test_icon_png_is_32px() -> None:
    assert pygame.image.load(str(SPRITES / "icon.png")).get_size() == (32, 32)


def test_icon_ico_holds_pngs_at_16_32_48_256() -> None:
    images = parse_ico((SPRITES / "icon.ico").read_bytes())
    assert [(w, h) for w, h, _ in images] == [(16, 16), (32, 32), (48, 48), (256, 256)]
    for w, h, data in images:
        assert data.startswith(PNG_SIGNATURE)
        assert pygame.image.load(io.BytesIO(data), "icon.png").get_size() == (w, h)
