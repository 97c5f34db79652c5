"""The player's language: which one, and the words in it.

The game speaks English, Simplified Chinese, German, Polish and Japanese (the
languages Metasweeper ships). The language is chosen as players expect:
``--lang CODE`` on the command line (for that session), else the one kept in the
settings, else, at the first start, the system's (and that is then kept); a code
this version does not know is English, with no error. ``use`` switches at once:
the words are looked up each time they are drawn (``gettext``), so the window
only has to lay out and draw again (game.view.stage.Stage.relayout).

The words are gettext catalogs (the standard library reads them: no dependency at
run time), in ``locale/<code>/LC_MESSAGES/minesweeper.po`` beside this file, with
their compiled ``.mo`` kept beside them; tools/catalogs.py extracts the marked
words (Babel, babel.cfg), updates every catalog and compiles them, and
tests/test_language.py fails when a marked word is missing from a catalog, is
untranslated or fuzzy, or when a ``.mo`` is stale.

How to mark words: ``gettext("New")`` where they are drawn; ``N_("New")`` where
they are defined and translated later, when drawn (a table of labels);
``ngettext("{n} game", "{n} games", n)`` where a number is involved (each
language has its own plural forms: Polish three); ``pgettext(context, words)``
where the same English words mean two things. Numbers and days are written as
the language writes them: ``decimal`` (a decimal comma in German and Polish) and
``day`` (26.11.2026, 2026年11月26日). The pure core, below this package, makes its
words (a hint's reason) as game.core.reasons.Reason, marked with ``said`` and
``said_n``; ``shown`` says them in the language in use, as it does ``Words``.
"""

from __future__ import annotations

import gettext as _gettext
import locale
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.reasons import Reason

if TYPE_CHECKING:
    from datetime import date

DOMAIN = "minesweeper"
"""The catalogs' name: locale/<code>/LC_MESSAGES/minesweeper.mo."""
ENGLISH = "en"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "zh_CN": "简体中文",
    "de": "Deutsch",
    "pl": "Polski",
    "ja": "日本語",
}
"""Each language by its code (the settings and --lang say it), named in itself (so
a player finds their own in a menu of any language), in menu order."""
CATALOGS = Path(__file__).resolve().parent / "locale"
"""The folder of the catalogs (in a wheel and in the frozen game too)."""

_ALIASES = {
    "zh": "zh_CN",
    "zh_cn": "zh_CN",
    "zh_sg": "zh_CN",
    "zh_hans": "zh_CN",
    "zh_hans_cn": "zh_CN",
    "chinese": "zh_CN",
    "german": "de",
    "polish": "pl",
    "japanese": "ja",
    "english": "en",
}
"""Other ways systems and players write a language we have (lower case, "_" for "-")."""

_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_current = ENGLISH


def known(code: object) -> str | None:
    """The code of one of our languages that ``code`` names ("de_DE.UTF-8", "zh-Hans",
    "ja_JP", "German_Germany.1252"), or None."""
    if not isinstance(code, str) or not code or len(code) > 64:
        return None
    name = code.split(".")[0].split("@")[0].replace("-", "_").strip()
    lowered = name.lower()
    if name in LANGUAGES:
        return name
    if lowered in _ALIASES:
        return _ALIASES[lowered]
    if lowered.startswith(("zh_tw", "zh_hk", "zh_mo", "zh_hant")):
        return None  # Traditional Chinese: not ours (yet); English is the fallback
    base = lowered.split("_")[0]
    if base in LANGUAGES:
        return base
    return _ALIASES.get(base)


def choose(code: object) -> str:
    """Our language for a code, English for one we do not know (no error)."""
    return known(code) or ENGLISH


def system_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language the system's locale asks for: the first of ours in LANGUAGE,
    LC_ALL, LC_MESSAGES or LANG (as gettext reads them), else the user's locale
    (Windows: the user's UI language), else English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if not value:
            continue
        for code in value.split(":"):
            ours = known(code)
            if ours is not None:
                return ours
        if value.split(".")[0] not in ("C", "POSIX"):
            return ENGLISH  # (the system asks for a language we do not have)
    return _platform_language() or ENGLISH


def _platform_language() -> str | None:
    """The user's language where no variable says it (Windows, a macOS app bundle)."""
    try:
        if sys.platform == "win32":
            import ctypes  # (Windows only: never loaded elsewhere)

            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
            return known(locale.windows_locale.get(lcid, ""))
        return known(locale.getlocale(locale.LC_MESSAGES)[0])
    except (AttributeError, OSError, ValueError):
        return None


def first_choice(command_line: str | None, kept: str | None, environ: Mapping[str, str]) -> str:
    """The language a start uses: the command line's, the settings', the system's."""
    if command_line is not None:
        return choose(command_line)
    if kept is not None:
        return choose(kept)
    return system_language(environ)


def use(code: str) -> str:
    """Speak a language from now on (English for a code we do not know, or whose
    catalog is missing); the code used."""
    global _translation, _current
    ours, translation = catalog(code)
    _translation, _current = translation, ours
    return ours


def catalog(code: str) -> tuple[str, _gettext.NullTranslations]:
    """A language's code and its translations, without speaking it (the web page
    carries each language's words): English for a code we do not know, or whose
    catalog is missing."""
    ours = choose(code)
    if ours != ENGLISH:
        try:
            return ours, _gettext.translation(DOMAIN, CATALOGS, languages=[ours])
        except OSError:  # (a broken installation: English rather than nothing)
            pass
    return ENGLISH, _gettext.NullTranslations()


def current() -> str:
    """The code of the language in use."""
    return _current


def gettext(message: str) -> str:
    """The words in the language in use (the English words when it has none)."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The words for a number, in the language's plural form for it."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """The words in the language in use, where the English words mean more than one
    thing (the context says which)."""
    return _translation.pgettext(context, message)


DECIMAL_COMMA = frozenset({"de", "pl"})
"""The languages that write a decimal comma (3,796 s); the others a point."""
DATES = {
    "en": "{y:04d}-{m:02d}-{d:02d}",
    "zh_CN": "{y}年{m}月{d}日",
    "de": "{d:02d}.{m:02d}.{y}",
    "pl": "{d:02d}.{m:02d}.{y}",
    "ja": "{y}年{m}月{d}日",
}
"""A day as each language writes it (English: ISO 8601, as the game always has)."""


def other_digits(text: str) -> bool:
    """Whether ``text`` holds a digit or numeral other than 0 to 9 (Arabic-Indic,
    superscript, full-width, Roman...): Python's int, float and a regex's \\d take
    some of them as numbers; this game reads ASCII digits only, everywhere."""
    return not text.isascii() and any(ch.isnumeric() for ch in text)


def whole_number(text: str, most_digits: int) -> int | None:
    """``text`` as a whole number if it is 1 to ``most_digits`` ASCII digits, else None."""
    if 0 < len(text) <= most_digits and text.isascii() and text.isdigit():
        return int(text)
    return None


def decimal(value: float, digits: int) -> str:
    """A number with a fixed count of decimals, as the language writes it."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if _current in DECIMAL_COMMA else text


def day(when: date) -> str:
    """A day (a date) as the language writes it: 2026-11-26, 26.11.2026, 2026年11月26日."""
    return DATES.get(_current, DATES[ENGLISH]).format(y=when.year, m=when.month, d=when.day)


def N_(message: str) -> str:
    """Mark words for the catalogs where they are defined; translate them with
    ``gettext`` where they are drawn."""
    return message


DIGITS_ONLY = N_("numbers are written in the digits 0 to 9")
"""The one message for a number written in other digits (Arabic-Indic, superscript,
full-width: other_digits), wherever a number is read from a file or the command line."""


Translate = Callable[[str], str]
Plural = Callable[[str, str, int], str]


class Words(Reason):
    """Words for the player made where the language may not be known yet (the data
    folder's messages, read before the settings say the language; the readers'
    complaints): a Reason of the core's (the English sentence itself, a str: logs,
    tests and comparisons read it, with its template, marked with N_, and its fields
    kept), so ``shown`` says it in the language in use when it is shown. A field may
    be Words, a Reason or an error raised with Words (translated in turn). A template
    that begins with a field (in English or in a translation) begins with a capital,
    as a sentence does."""

    capital = True
    """A template that begins with a field begins with a capital (AsWritten: never)."""

    def __new__(cls, template: str, **fields: object) -> Words:
        english = template.format(**{k: str(v) for k, v in fields.items()})
        english = _sentence(template, english) if cls.capital else english
        return cls.made(english, template, fields)

    @classmethod
    def made(cls, english: str, template: str, fields: Mapping[str, object]) -> Words:
        """Words of this kind whose English is ``english`` (made from the template)."""
        made = str.__new__(cls, english)
        for name, value in (("template", template), ("plural", None), ("n", 0)):
            object.__setattr__(made, name, value)
        object.__setattr__(made, "fields", dict(fields))
        return made

    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, object]]:
        return ((self.template,), dict(self.fields))

    def translated(self, gettext: Translate = gettext, ngettext: Plural = ngettext) -> str:
        """The words in the language in use."""
        template = gettext(self.template)
        said = template.format(**{k: shown(v) for k, v in self.fields.items()})
        return _sentence(template, said) if self.capital else said


def _sentence(template: str, said: str) -> str:
    return said[:1].upper() + said[1:] if template.startswith("{") else said


class AsWritten(Words):
    """Words whose first field is written as it is, with no capital made: a file's
    path, a header's key ("time-ms is a whole number")."""

    capital = False


class Named(Words):
    """Words after a name, "name: words" (a file's name before what is wrong with it):
    the name as it is (no capital made), the words translated when shown."""

    def __new__(cls, name: object, words: object) -> Named:
        made = cls.made(f"{name}: {words}", "{name}: {words}", {"name": name, "words": words})
        assert isinstance(made, Named)
        return made

    def __getnewargs_ex__(self) -> tuple[tuple[object, object], dict[str, object]]:  # type: ignore[override]
        return ((self.fields["name"], self.fields["words"]), {})

    def translated(self, gettext: Translate = gettext, ngettext: Plural = ngettext) -> str:
        return f"{self.fields['name']}: {shown(self.fields['words'])}"


def said(error: BaseException) -> str:
    """An error's message as made: its Words if it was raised with Words (so they can
    be shown in the player's language), else its text."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Words) else str(error)


def shown(words: object) -> str:
    """Words (or any text, or an error raised with Words, or the core's Reason: a
    hint's) as the player reads them, in the language in use."""
    if isinstance(words, BaseException):
        words = said(words)
    return words.translated(gettext, ngettext) if isinstance(words, Reason) else str(words)
