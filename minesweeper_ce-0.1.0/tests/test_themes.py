"""The themes' sheets, measured from the committed pixels: can every player read the numbers?

Every figure is taken from the PNG files in sprites/ (what the player sees), never
from the sprite script's constants. For each number tile the glyph's colour is what
the number adds to the opened cell; the cell background is the opened cell's ground.

The bars, stated once (the classic sheet is measured too, and fails them):

- Contrast (WCAG 2 relative luminance and contrast ratio): every number against the
  cell background at least MIN_CONTRAST[theme]: 3.5:1 for the colour-blind safe
  sheet (above the 3:1 WCAG asks of large text and graphics; the glyphs are bold,
  9x10 pixels at 1x), 7:1 for high contrast (WCAG's AAA bar). The classic 8 (grey on
  grey) is 2.2:1.
- Colour vision deficiency: every pair of numbers at least MIN_DELTA_E[theme] apart
  (CIE76 delta E in CIELAB, D65) after simulating protanopia, deuteranopia and
  tritanopia at full severity with the matrices of Machado, Oliveira and Fernandes
  (2009), applied in linear RGB, and with normal vision: 20 for colour-blind safe,
  14 for high contrast (its numbers must all be light, so they have less room). The
  classic 6 (teal) and 8 (grey) are 5.1 apart for a protanope.
- Lightness alone (achromatopsia, or a glance): sorted by lightness, neighbouring
  numbers at least MIN_LIGHTNESS_STEP[theme] apart in CIE L*: 7 for colour-blind
  safe, 5 for high contrast. The classic 3 and 8 are 0.5 apart.
- Shape: besides each digit's own silhouette, 4 to 8 carry a bar beneath, so the
  rare high numbers never pass for a 1, 2 or 3 whatever the colours look like.
"""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import pygame
import pytest

from game.view import sheet as layout
from game.view.theme import CLASSIC, COLOURBLIND, CONTRAST, THEMES, Theme

ROOT = Path(__file__).resolve().parent.parent
RGB = tuple[int, int, int]
NUMBERS = "12345678"

MIN_CONTRAST = {COLOURBLIND.name: 3.5, CONTRAST.name: 7.0}
MIN_DELTA_E = {COLOURBLIND.name: 20.0, CONTRAST.name: 14.0}
MIN_LIGHTNESS_STEP = {COLOURBLIND.name: 7.0, CONTRAST.name: 5.0}
ACCESSIBLE = [COLOURBLIND, CONTRAST]

# Machado, Oliveira & Fernandes 2009, severity 1.0 (linear RGB in, linear RGB out).
MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
    "normal vision": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
}


# --- colour science ----------------------------------------------------------------------


def linear(rgb: RGB) -> tuple[float, float, float]:
    """sRGB 0-255 to linear light 0-1."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return (r, g, b)


def luminance(rgb: RGB) -> float:
    """WCAG 2 relative luminance."""
    r, g, b = linear(rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def lab(lin: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear sRGB to CIELAB (D65 white)."""
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def simulate(rgb: RGB, vision: str) -> tuple[float, float, float]:
    """How a colour looks with a kind of colour vision, in CIELAB."""
    lin = linear(rgb)
    out = [
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, lin, strict=True))))
        for row in MACHADO[vision]
    ]
    return lab((out[0], out[1], out[2]))


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return float(sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5)


# --- the sheets' pixels -------------------------------------------------------------------


def load(theme: Theme) -> pygame.Surface:
    return pygame.image.load(str(ROOT / "sprites" / theme.sheet))


def pixels(surf: pygame.Surface, tile: layout.Tile) -> list[RGB]:
    x0, y0, w, h = layout.tile_rect(tile)
    return [tuple(surf.get_at((x0 + x, y0 + y)))[:3] for y in range(h) for x in range(w)]  # type: ignore[misc]


def background(surf: pygame.Surface) -> RGB:
    """The opened cell's ground: its commonest colour."""
    return Counter(pixels(surf, layout.Tile.OPEN)).most_common(1)[0][0]


def glyph(surf: pygame.Surface, number: str) -> tuple[RGB, frozenset[int]]:
    """What a number adds to the opened cell: its one colour, and where (pixel indexes)."""
    tile, blank = pixels(surf, layout.Tile(number)), pixels(surf, layout.Tile.OPEN)
    added = {i: p for i, (p, q) in enumerate(zip(tile, blank, strict=True)) if p != q}
    colours = set(added.values())
    assert len(colours) == 1, f"{number} is drawn in {len(colours)} colours"
    return colours.pop(), frozenset(added)


def number_colours(theme: Theme) -> dict[str, RGB]:
    surf = load(theme)
    return {n: glyph(surf, n)[0] for n in NUMBERS}


def worst_contrast(theme: Theme) -> tuple[float, str]:
    surf = load(theme)
    ground = background(surf)
    return min((contrast(colour, ground), n) for n, colour in number_colours(theme).items())


def worst_delta_e(theme: Theme) -> tuple[float, str, str, str]:
    colours = number_colours(theme)
    return min(
        (delta_e(simulate(colours[a], vision), simulate(colours[b], vision)), vision, a, b)
        for vision in MACHADO
        for a, b in itertools.combinations(NUMBERS, 2)
    )


def worst_lightness_step(theme: Theme) -> tuple[float, str, str]:
    lightness = sorted(
        (simulate(c, "normal vision")[0], n) for n, c in number_colours(theme).items()
    )
    return min((b[0] - a[0], a[1], b[1]) for a, b in itertools.pairwise(lightness))


# --- the bars -----------------------------------------------------------------------------


@pytest.mark.parametrize("theme", ACCESSIBLE, ids=lambda t: t.name)
def test_every_number_stands_out_from_the_cell(theme: Theme) -> None:
    ratio, number = worst_contrast(theme)
    assert ratio >= MIN_CONTRAST[theme.name], f"{number}: {ratio:.2f}:1"


@pytest.mark.parametrize("theme", ACCESSIBLE, ids=lambda t: t.name)
def test_numbers_stay_apart_under_simulated_colour_blindness(theme: Theme) -> None:
    distance, vision, a, b = worst_delta_e(theme)
    assert distance >= MIN_DELTA_E[theme.name], f"{a} and {b} for {vision}: {distance:.1f}"


@pytest.mark.parametrize("theme", ACCESSIBLE, ids=lambda t: t.name)
def test_numbers_stay_apart_in_lightness_alone(theme: Theme) -> None:
    step, a, b = worst_lightness_step(theme)
    assert step >= MIN_LIGHTNESS_STEP[theme.name], f"{a} and {b}: L* {step:.1f} apart"


def test_the_classic_sheet_fails_the_bars_the_themes_pass() -> None:
    """The measures discriminate: the classic palette leans on hue."""
    assert worst_contrast(CLASSIC)[0] < min(MIN_CONTRAST.values())
    assert worst_delta_e(CLASSIC)[0] < min(MIN_DELTA_E.values())
    assert worst_lightness_step(CLASSIC)[0] < min(MIN_LIGHTNESS_STEP.values())


@pytest.mark.parametrize("theme", ACCESSIBLE, ids=lambda t: t.name)
def test_high_numbers_carry_a_bar_beneath(theme: Theme) -> None:
    surf = load(theme)
    t = layout.TILE
    for number in NUMBERS:
        _, where = glyph(surf, number)
        rows = Counter(i // t for i in where)
        lowest = max(rows)
        bar = rows[lowest] >= 9 and rows[lowest - 1] >= 9 and not rows.get(lowest - 2)
        assert bar == (number >= "4"), number


@pytest.mark.parametrize("theme", list(THEMES.values()), ids=lambda t: t.name)
def test_every_number_has_its_own_silhouette(theme: Theme) -> None:
    surf = load(theme)
    shapes = {n: glyph(surf, n)[1] for n in NUMBERS}
    for a, b in itertools.combinations(NUMBERS, 2):
        assert len(shapes[a] ^ shapes[b]) >= 6, (a, b)  # 5 and 6: 8 pixels


def test_hidden_and_opened_cells_differ_in_lightness() -> None:
    """Besides the bevel: in the new themes an opened cell is told from a hidden one at a glance."""
    for theme, bar in ((COLOURBLIND, 1.5), (CONTRAST, 7.0)):
        surf = load(theme)
        x, y, w, h = layout.tile_rect(layout.Tile.HIDDEN)
        hidden = tuple(surf.get_at((x + w // 2, y + h // 2)))[:3]
        assert contrast(hidden, background(surf)) >= bar, theme.name  # type: ignore[arg-type]


@pytest.mark.parametrize("theme", list(THEMES.values()), ids=lambda t: t.name)
def test_the_sheets_frames_wear_the_themes_colours(theme: Theme) -> None:
    """One source: the bevels the window and the dialogs are built from are the theme's."""
    surf = load(theme)
    x, y, size, _ = layout.frame_rect("raised3")
    assert tuple(surf.get_at((x + size // 2, y + size // 2)))[:3] == theme.face
    assert tuple(surf.get_at((x + size // 2, y)))[:3] == theme.light
    assert tuple(surf.get_at((x + size // 2, y + size - 1)))[:3] == theme.shadow


@pytest.mark.parametrize("theme", list(THEMES.values()), ids=lambda t: t.name)
def test_every_sheet_has_the_layouts_size(theme: Theme) -> None:
    assert load(theme).get_size() == (layout.SHEET_W, layout.SHEET_H)


@pytest.mark.parametrize("theme", ACCESSIBLE, ids=lambda t: t.name)
def test_the_ui_colours_are_legible(theme: Theme) -> None:
    """Words on the face, on the highlight and in an edit box: at least 4.5:1 (WCAG AA)."""
    assert contrast(theme.text, theme.face) >= 4.5
    assert contrast(theme.highlight_text, theme.highlight) >= 4.5
    assert contrast(theme.text, theme.field) >= 4.5
    assert contrast(theme.error, theme.face) >= 4.5
