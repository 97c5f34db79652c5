"""Figures drawn glyph by glyph (game.view.glyphs, the live counters' values) are the
very pixels the font renders for the whole text on the same ground, at every size
the panel uses and in every look; a figure replaced by one as wide, only its
changed glyphs copied, looks as the new one drawn whole; anything else is left to
the font."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import UI_SCALES
from game.scenes.counters_lines import FONT_SIZE
from game.view.fonts import ui_font
from game.view.glyphs import FIGURE_CHARACTERS, Copies, Glyphs
from game.view.theme import THEMES

SIZES = [FONT_SIZE * scale for scale in UI_SCALES]
LOOKS = [(look.text, look.face) for look in THEMES.values()]
figures = st.text(alphabet=FIGURE_CHARACTERS, min_size=1, max_size=12)


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()


def canvas(width: int, height: int, ground: tuple[int, int, int]) -> pygame.Surface:
    surface = pygame.Surface((width + 8, height))
    surface.fill(ground)
    return surface


def rendered(
    size: int, text: str, ink: tuple[int, int, int], ground: tuple[int, int, int]
) -> bytes:
    """The font's rendering of the whole text on the ground, at x = 4."""
    picture = ui_font(size).render(text, True, ink)
    surface = canvas(picture.get_width(), ui_font(size).get_height(), ground)
    surface.blit(picture, (4, 0))
    return pygame.image.tobytes(surface, "RGB")


def glyphs_of(size: int, ink: tuple[int, int, int], ground: tuple[int, int, int]) -> Glyphs:
    return Glyphs(ui_font(size), ink, ground, pygame.Surface((1, 1)))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("ink", "ground"), LOOKS)
@settings(max_examples=60, deadline=None)
@given(text=figures)
def test_a_figure_copied_glyph_by_glyph_is_the_fonts_rendering(
    size: int, ink: tuple[int, int, int], ground: tuple[int, int, int], text: str
) -> None:
    glyphs = glyphs_of(size, ink, ground)
    width = glyphs.width(text)
    assert width == ui_font(size).size(text)[0]
    assert glyphs.height == ui_font(size).get_height()
    surface = canvas(width, glyphs.height, ground)
    glyphs.draw(surface, text, 4, 0)
    assert pygame.image.tobytes(surface, "RGB") == rendered(size, text, ink, ground)


@st.composite
def changed(draw: st.DrawFn) -> tuple[str, str]:
    """A figure and another: the same with some digits changed (as a clock's or a
    rate's), or any other."""
    old = draw(figures)
    if draw(st.booleans()):
        return old, draw(figures)
    digits = st.sampled_from("0123456789")
    new = "".join(draw(digits) if c.isdigit() and draw(st.booleans()) else c for c in old)
    return old, new


@pytest.mark.parametrize("size", SIZES)
@settings(max_examples=100, deadline=None)
@given(pair=changed())
def test_a_figure_replaced_by_one_as_wide_looks_as_the_new_one_drawn_whole(
    size: int, pair: tuple[str, str]
) -> None:
    old, new = pair
    ink, ground = LOOKS[0]
    glyphs = glyphs_of(size, ink, ground)
    width = glyphs.width(old)
    assert width is not None
    surface = canvas(width, glyphs.height, ground)
    glyphs.draw(surface, old, 4, 0)
    copies: Copies = []
    if glyphs.redraw(copies, old, new, 4, 0):
        assert 0 < len(copies) <= sum(a != b for a, b in zip(old, new, strict=True))
        surface.fblits(copies)
        assert pygame.image.tobytes(surface, "RGB") == rendered(size, new, ink, ground)
    else:  # (the same, or not as wide position by position: nothing to copy)
        assert copies == []
        assert (
            old == new
            or len(old) != len(new)
            or any(glyphs.width(a) != glyphs.width(b) for a, b in zip(old, new, strict=True))
        )


@pytest.mark.parametrize("size", SIZES)
def test_the_3bv_solved_changes_in_its_digits_and_its_words_stay(size: int) -> None:
    ink, ground = LOOKS[0]
    glyphs = glyphs_of(size, ink, ground)
    font = ui_font(size)
    old, new = "116 of 127", "117 of 127"
    assert glyphs.width(old) is None  # (words: the font renders them whole)
    picture = font.render(old, True, ink)
    surface = canvas(picture.get_width(), glyphs.height, ground)
    surface.blit(picture, (4, 0))
    copies: Copies = []
    assert glyphs.redraw(copies, old, new, 4, 0)
    assert len(copies) == 1  # one cell: the 6 made a 7
    surface.fblits(copies)
    assert pygame.image.tobytes(surface, "RGB") == rendered(size, new, ink, ground)


def test_words_next_to_a_change_or_before_it_are_left_to_the_font() -> None:
    glyphs = glyphs_of(FONT_SIZE, *LOOKS[0])
    copies: Copies = []
    assert not glyphs.redraw(copies, "a 1", "a 2", 0, 0)  # (a word before the change)
    assert not glyphs.redraw(copies, "1x", "2x", 0, 0)  # (a word right after it)
    assert not glyphs.redraw(copies, "1.5", "1.55", 0, 0)  # (not as long)
    assert not glyphs.redraw(copies, "1.5", "1.5", 0, 0)  # (nothing changed)
    assert copies == []
    assert glyphs.width("12 s") is not None and glyphs.width("12 秒") is None
    assert glyphs.width("") is None
