"""Text in any script is drawn: each character by the first font that has it
(DejaVu Sans, the shipped Noto Sans CJK subset, then the system's fonts), and lines
of Chinese and Japanese break without spaces."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.view.assets import asset_path
from game.view.fonts import BOLD, CJK, LATIN_1, LATIN_1_END, REGULAR, font_for, ui_font
from game.view.lines import NO_END, NO_START, pieces, wrap

NAME = "王嘉宁"
"""The player of the community's replay b_5_3.796_3BV=3_3BVs=0.790_王嘉宁(元3.1.9_v3).evf."""
NAMES = ("王嘉宁", "元3.1.9", "やまだ たろう", "山田太郎", "김민준", "Łukasz Żółć", "Jürgen Groß")


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()


def tofu(size: int, character: str) -> bytes:
    """DejaVu Sans's drawing of a character it lacks: the missing-glyph box."""
    plain = pygame.font.Font(asset_path("fonts", REGULAR), size)
    return pygame.image.tobytes(plain.render(character, True, (0, 0, 0)), "RGBA")


@pytest.mark.parametrize("size", [11, 22])
def test_the_chinese_name_is_drawn_with_no_missing_glyph_box(size: int) -> None:
    font = ui_font(size)
    box = tofu(size, NAME[0])
    assert tofu(size, NAME[1]) == box  # (DejaVu draws every character it lacks alike)
    for character in NAME:
        drawn = pygame.image.tobytes(font.render(character, True, (0, 0, 0)), "RGBA")
        assert drawn != box, character
        assert font.size(character)[0] >= size * 3 // 4  # an ideograph is about an em wide
    whole = font.render(NAME, True, (0, 0, 0))
    assert whole.get_height() == font.get_height()  # on DejaVu's line: layouts keep their height
    assert whole.get_width() == font.size(NAME)[0]
    assert pygame.mask.from_surface(whole).count() > 0


def test_what_dejavu_lacks_comes_from_the_shipped_cjk_font_first() -> None:
    shipped = str(asset_path("fonts", CJK))
    for character in "王嘉宁やマ김。":
        assert font_for(character) == shipped, character
    runs = ui_font(12).runs(f"{NAME}   won in 3.796 s")
    assert runs is not None
    assert [text for _, text in runs] == [NAME, "   won in 3.796 s"]
    assert runs[1][0] is ui_font(12)  # the Latin words stay DejaVu's
    assert ui_font(12).runs("Jürgen Łukasz Ωμέγα Жук") is None  # DejaVu draws it all


@pytest.mark.parametrize("name", NAMES)
def test_every_name_measures_as_it_draws(name: str) -> None:
    font = ui_font(13)
    picture = font.render(name, True, (10, 20, 30))
    assert picture.get_size() == font.size(name)
    assert len(font.metrics(name)) == len(name)
    on_ground = font.render(name, True, (10, 20, 30), (200, 200, 200))
    assert on_ground.get_size() == picture.get_size()


def test_wrapped_rendering_of_mixed_scripts_keeps_every_line() -> None:
    font = ui_font(12)
    text = "玩家王嘉宁在初级中以3.796秒获胜。" * 4
    picture = font.render(text, True, (0, 0, 0), None, 120)
    lines = wrap(font, text, 120)
    assert len(lines) > 1
    assert picture.get_height() == font.get_linesize() * (len(lines) - 1) + font.get_height()
    assert picture.get_width() <= 120


def test_a_long_chinese_line_breaks_between_characters_and_fits() -> None:
    font = ui_font(12)
    text = "扫雷是一款经典的单人益智游戏，玩家需要根据数字推断地雷的位置。" * 3
    lines = wrap(font, text, 100)
    assert len(lines) >= 6
    assert all(font.size(line)[0] <= 100 for line in lines)
    assert "".join(lines) == text  # nothing lost, no space added
    assert not any(line[0] in NO_START for line in lines)  # no line starts with "，" or "。"
    assert not any(line[-1] in NO_END for line in lines)
    assert max(font.size(line)[0] for line in lines) > 100 - 2 * font.size("扫")[0]  # lines full


def test_japanese_keeps_small_kana_and_the_long_mark_with_what_comes_before() -> None:
    assert pieces("ゲーム") == ["ゲー", "ム"]
    assert pieces("ちょっと") == ["ちょっ", "と"]
    assert pieces("「開始」。") == ["「開", "始」。"]
    assert pieces("Minesweeper") == ["Minesweeper"]
    assert pieces("3BV/s") == ["3BV/s"]


def test_latin_text_still_breaks_at_spaces_only() -> None:
    font = ui_font(12)
    width = font.size("opens an area")[0]
    assert wrap(font, "First click opens an area", width) == ["First click", "opens an area"]


@settings(max_examples=60, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from("扫雷游戏王嘉宁。，「」やゲームーっ ab cdeFG 1.2\u00a0"),
        max_size=80,
    ),
    st.integers(min_value=1, max_value=200),
)
def test_wrapping_loses_nothing_and_fits(text: str, width: int) -> None:
    font = ui_font(12)
    lines = wrap(font, text, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for line in lines:
        assert font.size(line)[0] <= width or len(line) == 1


@pytest.mark.parametrize(
    ("words", "first"),
    [
        ("0.5\u00a0s behind", "0.5\u00a0s"),
        ("落后 0.5\u00a0秒", "落后"),
        ("0.5\u00a0秒遅れ", "0.5\u00a0秒"),
    ],
)
def test_a_no_break_space_keeps_a_number_and_its_unit_on_one_line(words: str, first: str) -> None:
    """The race's pace in the panel's gap said "落后 0.5" over "秒": its seconds and
    their unit broken apart."""
    font = ui_font(12)
    second = words[len(first) :].strip()
    width = max(font.size(first)[0], font.size(second)[0]) + 2
    assert font.size(words)[0] > width  # (two lines)
    assert wrap(font, words, width) == [first, second]


def test_dejavu_draws_every_latin_1_letter_in_both_weights() -> None:
    """(So text of ASCII and Latin-1 goes straight to DejaVu: game.view.fonts.LATIN_1.)"""
    import pygame.freetype

    pygame.freetype.init()
    for name in (REGULAR, BOLD):
        face = pygame.freetype.Font(asset_path("fonts", name), 12)
        for code in range(ord(LATIN_1), ord(LATIN_1_END) + 1):
            assert face.get_metrics(chr(code))[0] is not None, (name, hex(code))


def test_every_character_of_the_translations_is_in_a_shipped_font() -> None:
    import pygame.freetype

    from game.language import CATALOGS

    pygame.freetype.init()
    shipped = [pygame.freetype.Font(asset_path("fonts", name), 12) for name in (REGULAR, CJK)]
    for po in CATALOGS.glob("*/LC_MESSAGES/*.po"):
        for character in set(po.read_text(encoding="utf-8")) - set("\n\t"):
            assert any(font.get_metrics(character)[0] is not None for font in shipped), (
                f"{po.parent.parent.name}: {character!r} is in no shipped font"
            )


def test_a_character_neither_shipped_font_has_comes_from_the_system() -> None:
    rare = "\u3400"  # (CJK extension A: not in GB2312, JIS X 0208 or KS X 1001)
    assert font_for(rare) != str(asset_path("fonts", CJK))
    font = ui_font(16)
    picture = font.render(f"a{rare}b", True, (0, 0, 0))
    assert picture.get_size() == font.size(f"a{rare}b")
    if font_for(rare) is None:
        pytest.skip("no font of this system has U+3400")
    assert drawn_alone(font, rare) != tofu(16, rare)


def drawn_alone(font: pygame.font.Font, character: str) -> bytes:
    return pygame.image.tobytes(font.render(character, True, (0, 0, 0)), "RGBA")


def test_a_name_of_thousands_of_unassigned_characters_is_measured_at_once() -> None:
    import time

    hostile = "".join(chr(c) for c in range(0xE000, 0xE000 + 3000))  # private use
    hostile += "".join(chr(c) for c in range(0x10FFFF - 3000, 0x10FFFF))  # unassigned
    font = ui_font(12)
    start = time.perf_counter()
    width, height = font.size(hostile)
    # (as high as DejaVu draws it alone: its missing-glyph boxes' feet, a row below
    # the line box at 12 pixels, drawn whole)
    assert width > 0 and height == pygame.font.Font.size(font, hostile)[1] >= font.get_height()
    assert time.perf_counter() - start < 5  # (no font is searched for any of them)


def test_thousands_of_rare_characters_no_font_has_cannot_stall_the_window() -> None:
    import time

    # Assigned characters of scripts few systems have fonts for (Egyptian hieroglyphs,
    # cuneiform): each is looked for in the system's fonts only while a budget lasts.
    rare = "".join(chr(c) for c in range(0x13000, 0x13000 + 1000))
    rare += "".join(chr(c) for c in range(0x12000, 0x12000 + 900))
    font = ui_font(12)
    start = time.perf_counter()
    assert font.size(rare)[0] > 0
    assert time.perf_counter() - start < 5


def test_a_dialogs_paragraph_of_chinese_wraps_whole_and_is_not_shortened() -> None:
    from game.view.widgets.style import Style
    from game.view.widgets.text import ELLIPSIS, TextPiece

    text = "扫雷是一款经典的单人益智游戏，玩家需要根据数字推断地雷的位置。" * 2
    piece = TextPiece(Style(1, 12), [text], 150)
    assert len(piece.lines) > 2
    assert "".join(piece.lines) == text  # every character, none cut out with "…"
    assert not any(ELLIPSIS in line for line in piece.lines)
    assert piece.width <= 150
    path = "/home/player/" + "a" * 200 + ".evf"  # (broken after its separator; the part
    lines = TextPiece(Style(1, 12), [path], 150).lines  # no line holds is still shortened)
    assert lines[0] == "/home/player/" and ELLIPSIS in lines[1] and lines[1].endswith("a.evf")


@pytest.mark.parametrize("size", [8, 12, 13, 16, 24, 36])
def test_a_line_of_two_fonts_draws_every_glyph_whole(size: int) -> None:
    """Latin letters with feet below DejaVu's line box (g, j, y, an underscore) keep
    them on a line the CJK font draws part of, as on a line DejaVu draws alone."""
    font, latin = ui_font(size), "gjpqy_/tmp/test_every_page"
    alone = pygame.font.Font.render(font, latin, True, (0, 0, 0))
    mixed = font.render(latin + "。", True, (0, 0, 0))
    assert mixed.get_size() == font.size(latin + "。")
    assert mixed.get_height() >= alone.get_height()
    kept = mixed.subsurface((0, 0, *alone.get_size()))
    assert pygame.image.tobytes(kept, "RGBA") == pygame.image.tobytes(alone, "RGBA")
