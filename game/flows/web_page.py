"""The web replay page (docs/WEB.md): the built template (web_template.html, made by
web/'s esbuild from web/src; committed, so no Node is needed here) filled in with the
game's own sprite sheet, the pictures' places on it, our font cut down to the
characters the page shows, and a replay worked out by game.flows.web_data; or with
no replay: the viewer page the release publishes, which reads the replay from its
link's fragment (``link``). One page serves both.

Nothing outside the page is allowed by its Content-Security-Policy: its one script
and its one style by their SHA-256, pictures and fonts from data: only.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import io
import json
import logging
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fontTools import subset
from fontTools.ttLib import TTFont

from game.analysis.glossary import PHRASES, label_of
from game.flows.web_data import POINTER_MS, WebReplay
from game.flows.web_text import ALPHABET, in_link
from game.language import DECIMAL_COMMA, LANGUAGES, N_, Words, catalog, current, gettext
from game.replay.format import Replay
from game.rules import Difficulty, RuleMode
from game.session.geometry import TILE
from game.view import sheet
from game.view.assets import asset_path
from game.view.render import POINTER
from game.view.theme import CLASSIC, Theme
from game.words import WEB_FIGURES

TEMPLATE = Path(__file__).with_name("web_template.html")
VIEWER_URL = "https://minesweeper-ce.github.io/minesweeper-ce/replay/"
"""Where the release publishes the viewer page (.github/workflows/release.yml)."""
LINK_PREFIX = "r2."
"""The fragment's start: a replay link of this page's second form (web_data.VERSION)."""
LINK_LIMIT = 8_000
"""The longest link made while the pointer's trail can be thinned to fit (issue 43:
an Expert game's link fits in 8,000 characters)."""
LINK_MOST = 2 * 1024 * 1024
"""The longest link a browser opens (Chromium's longest URL: 2 MiB; one longer it
does not follow). A replay whose link would be longer gets none, and a line that
says so (its page can be saved)."""
LINK_THINNING = (POINTER_MS, 100, 200, 400, 800, 10**9)
"""The least times between two moments of the pointer alone that a link tries, in
turn (the last: the pointer at the board's moments only)."""
PAGE_CHARACTERS = (
    " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz"
    "{|}~\u00a0\u2014\u25b6\u25c0\u00b0\u00b7\u00d7"
)
"""What the page itself writes (its controls, labels, figures), always in the font."""
_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)
_STYLE = re.compile(r"<style>(.*?)</style>", re.S)


WORDS: dict[str, str] = {
    "game": N_("Minesweeper"),
    "play": N_("Play"),
    "pause": N_("Pause"),
    "back": N_("Step back"),
    "on": N_("Step on"),
    "speed": N_("Speed"),
    "time": N_("Time"),
    "player": N_("Player"),
    "mode": N_("Mode"),
    "code": N_("Board code"),
    "date": N_("Date"),
    "caption": N_("File"),
    "tournament": N_("Tournament"),
    "cannot": N_("This replay cannot be shown:"),
    "damaged": N_("the replay is damaged"),
    "not_link": N_("the link is not a replay link of this page"),
    "none": N_("there is no replay in this page or its link"),
    "older": N_(
        "the link was made by an older version of the game, which this page no longer reads"
    ),
    "newer": N_("the link was made by a newer version of the game than this page"),
}
"""The page's own words (in each language: ``words_of_each_language``)."""


class PageError(ValueError):
    """The page cannot be made (one line: why)."""


def art(theme: Theme = CLASSIC) -> dict[str, object]:
    """Where each picture sits on the sheet, and the colours and pointer drawn with
    them (game.view.sheet and game.view.render: the window's own)."""
    return {
        "tile": TILE,
        "tiles": len(sheet.TILES),
        "tiles_y": sheet.TILES_Y,
        "leds": "".join(sheet.LEDS),
        "leds_y": sheet.LEDS_Y,
        "led_w": sheet.led_rect("0")[2],
        "led_h": sheet.led_rect("0")[3],
        "faces": len(sheet.FACES),
        "faces_y": sheet.FACES_Y,
        "face": sheet.face_rect(sheet.FACES[0])[2],
        "frame": sheet.FRAME,
        "frames_y": sheet.FRAMES_Y,
        "frames": {name: [k, border] for k, (name, border) in enumerate(sheet.FRAMES.items())},
        "face_colour": list(theme.face),
        "pointer": [list(point) for point in POINTER],
        "words": words_of_each_language(),
        "language": current(),
    }


def words_of_each_language() -> dict[str, dict[str, object]]:
    """The page's own words in each of our languages: the page speaks the browser's
    (the first of ours it asks for), else the language it was made in; and the words
    of a replay's figures and mode line (``replay_words``), so that a link's figures
    and mode are in that language too, not in its maker's."""
    each: dict[str, dict[str, object]] = {}
    for code in LANGUAGES:
        ours, translation = catalog(code)
        words: dict[str, object] = {key: translation.gettext(w) for key, w in WORDS.items()}
        words.update(replay_words(ours, translation))
        each[ours] = words
    return each


PLURAL_TABLE = 200
"""A language's plural form for each n below this, and for a larger n that of
100 + n % 100 (exact for our five languages' rules: tests/test_web_data.py checks
every n a board can have)."""
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def plural_of(translation: Any) -> Callable[[int], int]:
    """A catalog's plural rule (its Plural-Forms; English's for none)."""
    rule = getattr(translation, "plural", None)
    return rule if callable(rule) else (lambda n: int(n != 1))


def replay_words(code: str, translation: Any) -> dict[str, object]:
    """A replay's words in one language, as the page puts them together: its
    figures' labels (by report name), the words around a figure's numbers (each of
    glossary.PHRASES as the texts between its numbers; none when a language puts
    them in another order), its decimal mark, the boards' and rule modes' names, the
    mode line's "{rows}x{cols}, {n} mines" in each plural form and the form of each n
    (``PLURAL_TABLE``)."""
    phrases: list[list[str] | None] = []
    for phrase in PHRASES:
        said = translation.gettext(phrase)
        same = _PLACEHOLDER.findall(said) == _PLACEHOLDER.findall(phrase)
        phrases.append(_PLACEHOLDER.split(said)[::2] if same else None)
    rule = plural_of(translation)
    forms = max(rule(n) for n in range(PLURAL_TABLE)) + 1
    sized = [
        translation.ngettext("{rows}x{cols}, {n} mine", "{rows}x{cols}, {n} mines", n)
        for n in _one_of_each(rule, forms)
    ]  # (web_data's mode line's words)
    return {
        "labels": {name: translation.gettext(label_of(name)) for name in WEB_FIGURES},
        "phrases": phrases,
        "decimal": "," if code in DECIMAL_COMMA else ".",
        "boards": {kind.value: translation.gettext(kind.label) for kind in Difficulty},
        "rules": {mode.value: translation.gettext(mode.short) for mode in RuleMode},
        "mines": sized,
        "plural": "".join(str(rule(n)) for n in range(PLURAL_TABLE)),
    }


def _one_of_each(rule: Callable[[int], int], forms: int) -> list[int]:
    """The least n of each plural form."""
    return [next(n for n in range(PLURAL_TABLE) if rule(n) == form) for form in range(forms)]


def _data_url(kind: str, data: bytes) -> str:
    return f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"


@functools.lru_cache(maxsize=8)
def font_face(text: str) -> str:
    """A @font-face of our fonts (DejaVu Sans, and Noto Sans CJK for what it lacks)
    cut to the characters of ``text`` and the page's own: inlined, so a name in any
    script our fonts have shows in them on any machine. The page's words in the other
    languages are in the browser's own fonts (a browser that asks for Japanese has
    Japanese fonts; every language's glyphs would make the page 50 kB larger)."""
    logging.getLogger("fontTools").setLevel(logging.ERROR)  # (its notes are no news)

    wanted = set(PAGE_CHARACTERS) | set(text)
    faces = []
    for name, kind in (("DejaVuSans.ttf", "font/ttf"), ("NotoSansCJKsc-Subset.otf", "font/otf")):
        if not wanted:
            break
        these = {c for c in wanted if ord(c) in _characters(name)}
        if not these:
            continue
        wanted -= these
        options = subset.Options()
        options.name_IDs = ["*"]  # (the fonts' licences: their names say them)
        options.notdef_outline = True
        font = subset.load_font(str(asset_path("fonts", name)), options)
        font.recalcTimestamp = False  # (the same page each time it is made)
        cutter = subset.Subsetter(options)
        cutter.populate(text="".join(sorted(these)))
        cutter.subset(font)
        out = io.BytesIO()
        font.save(out)
        faces.append(
            f'@font-face{{font-family:"Game";src:url("{_data_url(kind, out.getvalue())}");'
            f"unicode-range:{_ranges(these)}}}"
        )
    return "".join(faces)


@functools.cache
def _characters(name: str) -> frozenset[int]:
    """The characters one of our fonts has (read once)."""
    font = TTFont(str(asset_path("fonts", name)), lazy=True)
    try:
        return frozenset(font.getBestCmap())
    finally:
        font.close()


def _ranges(characters: set[str]) -> str:
    return ",".join(f"U+{ord(c):X}" for c in sorted(characters))


def _digest(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def _script_text(text: str) -> str:
    """Text put inside a <script> block of data, unable to end it."""
    return text.replace("<", "\\u003c")


TITLE = N_("Minesweeper replay")
"""The page's title until it has read its replay (the published viewer's, which a
chat program's link preview shows: a link's fragment is never sent to it)."""
ABOUT = N_("A game of Minesweeper, replayed in the browser: nothing to install, nothing uploaded.")
"""What a link preview says of the page."""


def page(packed: str = "", *, words: str = "", theme: Theme = CLASSIC, title: str = "") -> str:
    """The page: with a replay packed by WebReplay.pack (its text: ``words``, for the
    font; ``title``: its player and mode), or the viewer page with none (a link brings
    it). Its title, preview and language are the maker's until the page has read its
    replay and the browser's language."""
    if not set(packed) <= set(ALPHABET):
        raise PageError("the packed replay is not the text web_text writes")
    template = TEMPLATE.read_text(encoding="utf-8")
    sheet_png = asset_path("sprites", theme.sheet).read_bytes()
    shown_title = title or gettext(TITLE)
    own = "".join(w for w in words_of_each_language()[current()].values() if isinstance(w, str))
    own += gettext(ABOUT) + shown_title
    filled = (
        template.replace("{{FONT_FACE}}", font_face(words + own))
        .replace("{{SHEET}}", _data_url("image/png", sheet_png))
        .replace("{{ART}}", _script_text(json.dumps(art(theme), separators=(",", ":"))))
    )
    script = _SCRIPT.search(filled)
    style = _STYLE.search(filled)
    if script is None or style is None:
        raise PageError("the page's template is damaged (no script or no style)")
    csp = (
        "default-src 'none'; "
        f"script-src 'sha256-{_digest(script.group(1))}'; "
        f"style-src 'sha256-{_digest(style.group(1))}'; "
        "img-src data:; font-src data:; base-uri 'none'; form-action 'none'"
    )
    filled = filled.replace("{{CSP}}", csp).replace("{{REPLAY}}", packed)
    # (the replay's own words last, escaped: a player named "{{REPLAY}}" is text)
    return (
        filled.replace(
            "{{ICON}}", _data_url("image/png", asset_path("sprites", "icon.png").read_bytes())
        )
        .replace("{{LANG}}", current().replace("_", "-"))
        .replace("{{ABOUT}}", html.escape(gettext(ABOUT)))
        .replace("{{TITLE}}", html.escape(shown_title))
    )


def page_of(replay: Replay, caption: str = "") -> str:
    """A replay's own page: one self-contained file."""
    worked = WebReplay(replay, caption)
    header = worked.header
    words = "".join(str(header[key]) for key in ("player", "caption", "mode", "code", "date"))
    words += str(header.get("tournament", "")) + "".join(header["labels"])
    return page(
        worked.pack(),
        words=words,
        title=f"{header['player'] or gettext('Minesweeper')}: {header['mode']}",
    )


def link(replay: Replay, caption: str = "", base: str = VIEWER_URL) -> str:
    """The link to the published viewer page with the replay in its fragment (never
    sent to a server)."""
    return link_of(WebReplay(replay, caption), base)


def link_of(worked: WebReplay, base: str = VIEWER_URL) -> str:
    """A worked-out replay's link. The board's moments are all kept; the pointer's
    alone are thinned (LINK_THINNING) until the link fits in LINK_LIMIT characters."""
    start = f"{base}#{LINK_PREFIX}"
    for pointer_ms in LINK_THINNING:
        shared = start + in_link(worked.pack(pointer_ms))
        if len(shared) <= LINK_LIMIT:
            break
    if len(shared) > LINK_MOST:
        raise PageError(
            Words(
                N_(
                    "its link would be {n} characters long, more than a browser opens"
                    " ({most}): save it as a web page"
                ),
                n=len(shared),
                most=LINK_MOST,
            )
        )
    return shared
