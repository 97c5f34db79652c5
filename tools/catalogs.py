"""The translation catalogs: extract the marked words, update every language's
catalog, compile them (game/language/locale/<code>/LC_MESSAGES/minesweeper.po
and .mo, committed, so a wheel, an sdist and the frozen game carry them).

    python tools/catalogs.py            # extract, update and compile
    python tools/catalogs.py extract    # only the template, minesweeper.pot
    python tools/catalogs.py update     # the template, then each .po (new words empty,
                                        # changed ones marked fuzzy: translate them)
    python tools/catalogs.py compile    # each .po to its .mo (fuzzy entries left out)

Needs Babel (the test extra has it). The words are those marked in game/ (babel.cfg; KEYWORDS),
the menu bar's table (extract_menus, below) and argparse's own words a player reads
(extract_argparse). tests/test_language.py fails while
a word is missing, empty or fuzzy in a catalog, or a .mo is older than its .po.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "language" / "locale"
TEMPLATE = LOCALE / "minesweeper.pot"
HEADER_COMMENT = "Translators:"
KEYWORDS = ("-k", "said", "-k", "said_n:1,2")
"""The core's own markers (game/core/reasons.py: the core sits below game.language),
beside Babel's defaults (gettext, ngettext, pgettext, N_): said(template, **fields),
said_n(singular, plural, n, **fields)."""

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # (babel.cfg names this module: tools.catalogs)


def extract_menus(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor for game/view/menus.py: its marked words as Python's are,
    and every menu title and line of the menu table (a language's own name is no
    word to translate)."""
    from babel.messages.extract import extract_python

    source = fileobj.read().decode("utf-8")
    fileobj.seek(0)
    yield from extract_python(fileobj, keywords, comment_tags, options)

    from game.view.menus import MENUS

    lines = source.splitlines()

    def line_of(text: str) -> int:
        return next((n for n, line in enumerate(lines, 1) if line.startswith(text)), 1)

    for menu in MENUS:
        yield line_of(f"[{menu.title}]"), "gettext", menu.title, ["A menu of the menu bar."]
        for item in menu.items:
            if item is not None and item.translated:
                comment = f"A line of the {menu.title} menu."
                yield line_of(item.label), "gettext", item.label, [comment]


def extract_argparse(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, str | tuple[str, str], list[str]]]:
    """Babel's extractor for game/cli/words.py: its marked words as Python's are, and
    argparse's own words a player reads (ARGPARSE_WORDS: its help's headings, its usage
    errors), read from the argparse of the Python running this (the game's, frozen)."""
    import argparse
    import inspect
    import io

    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)

    from game.cli.words import ARGPARSE_WORDS

    source = io.BytesIO(inspect.getsource(argparse).encode("utf-8"))
    argparse_keywords = {"_": None, "ngettext": (1, 2)}
    comment = ["argparse's words (the command line's help and usage errors): keep each %(...)s."]
    for _, function, message, _ in extract_python(source, argparse_keywords, [], {}):
        first = message[0] if isinstance(message, tuple) else message
        if first in ARGPARSE_WORDS:
            yield 1, function, message, comment


def languages() -> list[str]:
    """The codes of the languages with a catalog (all but English)."""
    from game.language import ENGLISH, LANGUAGES

    return [code for code in LANGUAGES if code != ENGLISH]


def pybabel(*arguments: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *arguments])


def extract() -> None:
    pybabel(
        "extract",
        "-F",
        str(ROOT / "babel.cfg"),
        "-c",
        HEADER_COMMENT,
        "--sort-by-file",
        *KEYWORDS,
        "--project",
        "Minesweeper CE",
        "--msgid-bugs-address",
        "https://github.com/minesweeper-ce/minesweeper-ce/issues",
        "-o",
        str(TEMPLATE),
        ".",
    )


def update() -> None:
    for code in languages():
        po = LOCALE / code / "LC_MESSAGES" / "minesweeper.po"
        step = "update" if po.is_file() else "init"
        pybabel(step, "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", "minesweeper", "-l", code)


def compile_all() -> None:
    pybabel("compile", "-d", str(LOCALE), "-D", "minesweeper", "--statistics")


def main(argv: list[str]) -> int:
    import os

    os.chdir(ROOT)  # (babel.cfg's patterns are relative to the project's root)
    step = argv[0] if argv else "all"
    if step not in ("all", "extract", "update", "compile"):
        sys.exit(f"catalogs: no step {step!r}: extract, update, compile, or none for all")
    if step in ("all", "extract", "update"):
        extract()
    if step in ("all", "update"):
        update()
    if step in ("all", "compile"):
        compile_all()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
