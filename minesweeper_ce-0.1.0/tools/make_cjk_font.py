"""Make fonts/NotoSansCJKsc-Subset.otf: the game's font for Chinese and Japanese text.

DejaVu Sans (the game's UI font) covers Latin, Greek and Cyrillic; this font draws
what it lacks in the scripts the community writes most: Chinese and Japanese (and
Korean Hangul). It is Noto Sans CJK SC Regular (SIL Open Font License 1.1, its
licence in fonts/LICENSE-NotoSansCJK.txt), cut down with fontTools to the characters
players' names and the game's words use, so that the one-file executable stays small:

- GB2312 (every character of it: the 6,763 hanzi of Simplified Chinese, with its
  punctuation, kana, Greek, Cyrillic and symbols);
- JIS X 0208 (levels 1 and 2: 6,355 kanji, with kana and symbols);
- KS X 1001 (its 2,350 Hangul syllables, with its hanja and symbols);
- the CJK Symbols and Punctuation block, the kana blocks, the half- and full-width
  forms, and the characters the game's own catalogs (game/language/) use.

A character none of these hold (a rarer hanzi, a Big5-only one) falls back to the
system's fonts (game.view.fonts).

Run it where Noto Sans CJK is installed (Debian: ``apt-get install fonts-noto-cjk``)
with fontTools (``pip install ".[fonts]"``); it prints the sizes::

    python tools/make_cjk_font.py [SOURCE.ttc]
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "fonts" / "NotoSansCJKsc-Subset.otf"
SOURCES = (
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    Path("/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc"),
)
FACE = "Noto Sans CJK SC"


def double_byte_set(codec: str) -> set[str]:
    """Every character of a two-byte EUC character set (bytes 0xA1-0xFE twice)."""
    chars = set()
    for first in range(0xA1, 0xFF):
        for second in range(0xA1, 0xFF):
            with contextlib.suppress(UnicodeDecodeError):  # (a code the set leaves empty)
                chars.add(bytes((first, second)).decode(codec))
    return chars


def blocks() -> set[str]:
    """The punctuation, kana and width-form blocks, whole."""
    spans = (
        (0x3000, 0x303F),  # CJK Symbols and Punctuation
        (0x3040, 0x30FF),  # Hiragana, Katakana
        (0x31F0, 0x31FF),  # Katakana Phonetic Extensions
        (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
    )
    return {chr(c) for low, high in spans for c in range(low, high + 1)}


def catalog_characters() -> set[str]:
    """Every character the game's translations use (game/language/*/LC_MESSAGES)."""
    chars: set[str] = set()
    for po in (ROOT / "game" / "language").glob("*/LC_MESSAGES/*.po"):
        chars.update(po.read_text(encoding="utf-8"))
    return chars


def characters() -> set[str]:
    """The characters the subset keeps."""
    chars = double_byte_set("gb2312") | double_byte_set("euc_jp") | double_byte_set("euc_kr")
    chars |= blocks() | catalog_characters()
    return {c for c in chars if ord(c) > 0x7F}  # (DejaVu draws ASCII)


def source_face(path: Path) -> TTFont:
    """The SC face of the collection (or the font itself, given one face)."""
    if path.suffix.lower() == ".ttc":
        for font in TTCollection(path).fonts:
            if font["name"].getDebugName(1) == FACE:
                return font
        sys.exit(f"make_cjk_font: {path} holds no {FACE}")
    return TTFont(path)


def main(argv: list[str]) -> int:
    source = Path(argv[0]) if argv else next((p for p in SOURCES if p.is_file()), None)
    if source is None or not source.is_file():
        sys.exit("make_cjk_font: Noto Sans CJK not found; apt-get install fonts-noto-cjk")
    font = source_face(source)
    chars = characters()
    options = subset.Options()  # (fontTools' usual layout features: kerning, locl, vert...)
    options.name_IDs = ["*"]  # the copyright and licence notices stay in the font
    options.name_languages = ["*"]
    options.notdef_outline = True
    # No hints: a fifth smaller, and at the game's sizes FreeType draws the glyphs the
    # same to the eye (compared at 11 px).
    options.hinting = False
    options.desubroutinize = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(map(ord, chars)))
    subsetter.subset(font)
    font.save(TARGET)
    kept = len(font.getBestCmap())
    print(
        f"{TARGET.relative_to(ROOT)}: {kept} characters, {TARGET.stat().st_size / 1e6:.2f} MB "
        f"(from {source}, {source.stat().st_size / 1e6:.1f} MB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
