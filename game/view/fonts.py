"""The game's UI typefaces, shipped with it, and what draws any script.

DejaVu Sans (fonts/, its licence in fonts/LICENSE-DejaVu.txt) is the UI font: crisp
and evenly spaced at small sizes on every system, it covers Latin, Greek and
Cyrillic. What it lacks, Noto Sans CJK SC draws (fonts/NotoSansCJKsc-Subset.otf,
SIL Open Font License, fonts/LICENSE-NotoSansCJK.txt: Chinese, Japanese kana and
kanji, Hangul, cut to the common sets by tools/make_cjk_font.py), and what neither
has, the first of the system's fonts that has it (a common list first, then every
other). So a player's name in any script is drawn, each character by the first
font that has it.

``ui_font`` hands out a ``pygame.font.Font`` (a ``UIFont``) whose ``render``,
``size`` and ``metrics`` do that: text DejaVu covers whole (nearly all text) goes
straight to it; other text is drawn run by run, each run by its font, on DejaVu's
baseline and line height. Which font has a character is read from the font files'
character maps (pygame.freetype's metrics say None for a missing glyph), once per
character.

Fonts are opened once per size and weight and forgotten when pygame shuts down
(pygame.quit() invalidates them).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.core.on_first_use import OnFirstUse
from game.view.assets import asset_path
from game.view.lines import wrap

if TYPE_CHECKING:
    import unicodedata

    import pygame.freetype as freetype
else:  # (read only for a character DejaVu lacks: its tables are 0.5 MB resident,
    # FreeType's own module 0.1 MB)
    unicodedata = OnFirstUse("unicodedata")
    freetype = OnFirstUse("pygame.freetype")

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
CJK = "NotoSansCJKsc-Subset.otf"
"""The font for what DejaVu lacks: Chinese, Japanese, Korean (one weight: bold text
in it is emboldened)."""

SYSTEM_FAMILIES = (
    "notosanscjksc",
    "notosanscjkjp",
    "notosanscjk",
    "notosans",
    "microsoftyahei",
    "microsoftyaheiui",
    "simsun",
    "yugothic",
    "meiryo",
    "malgungothic",
    "segoeui",
    "segoeuisymbol",
    "nirmalaui",
    "leelawadeeui",
    "arialunicodems",
    "pingfangsc",
    "hiraginosans",
    "applesdgothicneo",
    "wenquanyimicrohei",
    "droidsansfallback",
    "unifont",
)
"""The system's fonts tried first for a character neither shipped font has (by
pygame's family names: lower case, no spaces); then every other font the system has."""

NO_GLYPH = frozenset({"Cc", "Cs", "Co", "Cn"})
"""Unicode's categories no font is searched for: controls, surrogates, private use and
unassigned code points (a hostile file's name can hold thousands of them)."""

_open: dict[tuple[int, bool], UIFont] = {}
_fallbacks: dict[tuple[str, int, bool], pygame.font.Font] = {}
_maps: dict[str, Callable[[str], bool]] = {}
"""Per font file: whether it has a character (read once per character)."""
_system: list[str] | None = None
"""The system's font files, in the order they are tried (read at the first need)."""
SYSTEM_SEARCHES = 64
"""How many characters, at most, are looked for in the system's fonts in a session
(a player's name has a few; each new one costs a few milliseconds):
a search reads every font's map, so a hostile name of thousands of rare characters
cannot stall the window (past this, what the shipped fonts lack is drawn as a box)."""
_searches_left = SYSTEM_SEARCHES
_chosen: dict[str, str | None] = {}
"""Per character DejaVu lacks: the font file that draws it (None: no font has it)."""


def _forget() -> None:
    global _searches_left
    _open.clear()
    _fallbacks.clear()
    _maps.clear()  # (their faces closed with pygame.freetype)
    _searches_left = SYSTEM_SEARCHES  # (a new session, a new budget)


def _character_map(path: str) -> Callable[[str], bool]:
    """Whether the font file has a glyph for a character (cached per character)."""
    has = _maps.get(path)
    if has is None:
        if not freetype.get_init():
            freetype.init()
        face = freetype.Font(path, 12)
        seen: dict[str, bool] = {}

        def has(character: str) -> bool:
            known = seen.get(character)
            if known is None:
                try:
                    known = face.get_metrics(character)[0] is not None
                except (pygame.error, ValueError):
                    known = False
                seen[character] = known
            return known

        _maps[path] = has
    return has


def system_fonts() -> list[str]:
    """The system's font files, SYSTEM_FAMILIES' first, then every other (by family)."""
    global _system
    if _system is None:
        found: list[str] = []
        try:
            families = sorted(pygame.font.get_fonts())
            ordered = [f for f in SYSTEM_FAMILIES if f in families]
            ordered += [f for f in families if f not in SYSTEM_FAMILIES]
            for family in ordered:
                path = pygame.font.match_font(family)
                if path is None or Path(path).suffix.lower() not in {".ttf", ".otf", ".ttc"}:
                    continue  # (a bitmap font: pygame's Font cannot open it at any size)
                if path not in found:
                    found.append(path)
        except (OSError, pygame.error):  # no font list on this system: none to fall back on
            found = []
        _system = found
    return _system


LATIN_1, LATIN_1_END = "\u00a0", "\u00ff"
"""Latin-1's letters and signs (the no-break space to y with diaeresis), every one
of them DejaVu's in both weights (tests/test_fonts.py): text of them and ASCII goes
straight to it, its character map never read (nor pygame.freetype loaded for it)."""


def _shipped(name: str) -> str:
    return str(asset_path("fonts", name))


def font_for(character: str) -> str | None:
    """The file of the first font after DejaVu with a glyph for the character: the
    shipped CJK font, else the first system font that has it (None: no font has)."""
    if character in _chosen:
        return _chosen[character]
    chosen: str | None = None
    if unicodedata.category(character) in NO_GLYPH:
        _chosen[character] = None  # (no font draws it: not looked for, however many)
        return None
    global _searches_left
    searched = [_shipped(CJK)]
    if _searches_left > 0:  # (the system's fonts: a few ms a character, so bounded)
        _searches_left -= 1
        searched += system_fonts()
    for path in searched:
        try:
            if _character_map(path)(character):
                chosen = path
                break
        except (OSError, pygame.error):  # an unreadable system font: the next one
            continue
    _chosen[character] = chosen
    return chosen


def _fallback(path: str, size: int, bold: bool) -> pygame.font.Font:
    key = (path, size, bold)
    font = _fallbacks.get(key)
    if font is None:
        font = _fallbacks[key] = pygame.font.Font(path, size)
        font.bold = bold  # (emboldened: these fonts ship one weight)
    return font


class UIFont(pygame.font.Font):
    """DejaVu Sans at a size, with its fallbacks: each character is drawn by the first
    font that has it (the module's docstring). ``render``, ``size`` and ``metrics``
    take text in any script."""

    def __init__(self, size: int, bold: bool) -> None:
        path = _shipped(BOLD if bold else REGULAR)
        super().__init__(path, size)
        self.path, self.pixels, self.is_bold = path, size, bold

    def runs(self, text: str) -> list[tuple[pygame.font.Font, str]] | None:
        """The text as runs, each with the font that draws it; None when DejaVu draws
        it all (the text goes straight to it)."""
        if text.isascii() or all(c.isascii() or LATIN_1 <= c <= LATIN_1_END for c in text):
            return None
        has = _character_map(self.path)
        if all(has(c) or c in "\n\r\t" for c in text):
            return None
        runs: list[tuple[pygame.font.Font, str]] = []
        for character in text:
            font: pygame.font.Font = self
            if not has(character):
                path = font_for(character)
                if path is not None:
                    font = _fallback(path, self.pixels, self.is_bold)
            if runs and runs[-1][0] is font:
                runs[-1] = (font, runs[-1][1] + character)
            else:
                runs.append((font, character))
        return runs

    def _plain(self, font: pygame.font.Font) -> Any:
        """The base class's methods for a run DejaVu draws (no recursion)."""
        return super() if font is self else font

    def size(self, text: Any) -> tuple[int, int]:
        runs = self.runs(text) if isinstance(text, str) else None
        if runs is None:
            return super().size(text)
        width = sum(int(self._plain(font).size(run)[0]) for font, run in runs)
        return width, self._height(runs)

    def _height(self, runs: list[tuple[pygame.font.Font, str]]) -> int:
        """A mixed line's height: DejaVu's, or down to the lowest glyph's foot if one
        goes below it (an underscore does at most sizes, as DejaVu alone draws it:
        SDL_ttf grows a line's picture for it), so that every glyph is drawn whole."""
        height = self.get_height()
        for font, run in runs:
            if font is self:  # (SDL_ttf's own height for the run, as it draws it)
                height = max(height, int(super().size(run)[1]))
                continue
            feet = [m[2] for m in font.metrics(run) if m is not None]
            if feet:  # (another font's glyphs, on DejaVu's baseline)
                height = max(height, self.get_ascent() - min(feet))
        return height

    def metrics(self, text: Any) -> list[tuple[int, int, int, int, int] | None]:
        runs = self.runs(text) if isinstance(text, str) else None
        if runs is None:
            return super().metrics(text)
        return [m for font, run in runs for m in self._plain(font).metrics(run)]

    def render(
        self,
        text: Any,
        antialias: bool,
        color: Any,
        bgcolor: Any = None,
        wraplength: int = 0,
    ) -> pygame.Surface:
        runs = self.runs(text) if isinstance(text, str) else None
        if runs is None:
            return super().render(text, antialias, color, bgcolor, wraplength)
        if wraplength > 0 or "\n" in text:
            lines = wrap(self, text, wraplength or 1 << 30)
            return self._render_lines(lines, antialias, color, bgcolor)
        ascent = self.get_ascent()
        pictures = [(font, self._plain(font).render(run, antialias, color)) for font, run in runs]
        width = sum(picture.get_width() for _, picture in pictures)
        surface = self._canvas(width, self._height(runs), color, bgcolor)
        x = 0
        for font, picture in pictures:
            surface.blit(picture, (x, ascent - font.get_ascent()))
            x += picture.get_width()
        return surface

    def _render_lines(
        self, lines: list[str], antialias: bool, color: Any, bgcolor: Any
    ) -> pygame.Surface:
        pictures = [self.render(line, antialias, color, bgcolor) for line in lines]
        step = self.get_linesize()
        width = max(picture.get_width() for picture in pictures)
        height = max(i * step + picture.get_height() for i, picture in enumerate(pictures))
        surface = self._canvas(width, height, color, bgcolor)
        for i, picture in enumerate(pictures):
            surface.blit(picture, (0, i * step))
        return surface

    @staticmethod
    def _canvas(width: int, height: int, color: Any, bgcolor: Any) -> pygame.Surface:
        """A surface to draw runs on: the background, or clear (in the text's colour,
        with no alpha, so the runs' soft edges blend into their own colour)."""
        if bgcolor is not None:
            surface = pygame.Surface((max(width, 1), height))
            surface.fill(bgcolor)
            return surface
        surface = pygame.Surface((max(width, 1), height), pygame.SRCALPHA)
        surface.fill((*pygame.Color(color)[:3], 0))
        return surface


def ui_font(size: int, *, bold: bool = False) -> UIFont:
    """The UI font at a pixel size (regular or bold), drawing any script."""
    if not pygame.font.get_init():
        pygame.font.init()
        _forget()
    key = (size, bold)
    font = _open.get(key)
    if font is None:
        if not _open:
            # pygame.quit() runs its quit callbacks once and then drops them, so
            # register anew for every session whose fonts this cache holds.
            pygame.register_quit(_forget)
        font = _open[key] = UIFont(size, bold)
    return font
