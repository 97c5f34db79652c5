"""How the game words its figures, each in one place: a time as a player reads it, a
game's result, a count with its noun."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.core.on_first_use import OnFirstUse
from game.core.status import Status
from game.language import N_, day, decimal, gettext, pgettext

if TYPE_CHECKING:
    import datetime as dt
else:  # (with the first date or time asked for: 0.45 MB, not at start)
    dt = OnFirstUse("datetime")

LOOKS = ("classic", "colourblind", "contrast")
"""The window's looks by their settings names, in menu order (game.view.theme draws
each; the settings keep one): the classic one first, the default."""


def look_of(name: object) -> str:
    """A look's settings name: the name itself if it is one, else the classic look's
    (a newer version's look, a damaged value)."""
    return name if isinstance(name, str) and name in LOOKS else LOOKS[0]


RESULT_WORDS = {Status.WON: "won", Status.LOST: "lost", Status.PLAYING: "unfinished"}
"""A game's result in a word (a game still under way, or never begun: unfinished)."""


def seconds(ms: float) -> str:
    """A precise time as a player reads it, in the player's language: 12.345 s
    (12,345 s in German and Polish)."""
    return f"{decimal(ms / 1000, 3)} s"


def spoken_seconds(ms: float, digits: int = 1) -> str:
    """A time as speech says it, to a tenth of a second: "12.3 seconds" (a game's
    time to the millisecond, as the screen shows it: ``digits`` 3); never "s", which
    a voice reads as the letter."""
    return gettext("{time} seconds").format(time=decimal(max(0.0, ms) / 1000, digits))


SCREEN_SECONDS = r"(?<![\w.,])(\d+(?:[.,]\d+)?) s(?![\w/])"
"""A time as the screen writes it ("39.059 s", "39,059 s"; not "3BV/s")."""


def times_spoken(text: str) -> str:
    """A text's times as the screen writes them ("Time, 39.059 s") as speech says them
    ("Time, 39.059 seconds"): a voice reads the "s" as the letter."""
    if " s" not in text:
        return text
    spoken = gettext("{time} seconds")
    return re.sub(SCREEN_SECONDS, lambda m: spoken.format(time=m.group(1)), text)  # (cached)


NO_VALUE = "-\u2013\u2014"
"""The marks a screen writes for a figure that has none ("3BV/s: -"): a voice reads a
lone one as nothing ("3BV/s"), so speech says a word for it (nones_spoken)."""
_LONE_MARK = f"(?<!\\S)[{NO_VALUE}](?=$|[\\s,;.)])"  # (compiled at its first use, by re)
_VALUE_BEFORE = (":", "\uff1a", ",", "\uff0c", "(")
"""What a figure follows: its label's colon, a list's comma (or a text's start)."""
_VALUE_AFTER = (",", "\uff0c", ";", ".", ")")


def nones_spoken(text: str) -> str:
    """A text's lone marks of no value ("3BV/s: -", "3BV/s -, clicks 4") said as the
    language's word for none ("3BV/s: none"); a dash between words ("Minesweeper -
    won", "(rows - 1)") stays a dash."""
    if not any(mark in text for mark in NO_VALUE):
        return text
    none = pgettext("a figure that has no value", "none")

    def spoken(match: re.Match[str]) -> str:
        before = text[: match.start()].rstrip()
        after = text[match.end() :].lstrip()
        if (
            not before
            or not after
            or before.endswith(_VALUE_BEFORE)
            or after.startswith(_VALUE_AFTER)
            or re.match(_LONE_MARK, after) is not None
            or re.search(_LONE_MARK, before[-1:]) is not None
        ):
            return none
        return match.group()

    return re.sub(_LONE_MARK, spoken, text)


OWN_NAME = (
    r"(?<![\w-])(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)\d\d-\d{3}-"
    r"(beginner 8x8|beginner|intermediate|expert|custom|daily)-(won|lost|unfinished)-(\d{1,9})ms"
    r"((?:-[a-z]+)*)\.(\w{1,8})(?!\w)"
)
"""A file name the game made for a replay (game.persist.replays.file_name):
20261123-105301-123-beginner-won-12345ms-best.msreplay."""
NAME_TAGS = {
    "best": N_("personal best"),
    "kept": N_("kept by you"),
    "opponent": N_("the opponent's"),
    "unverified": N_("not verified"),
}
BOARD_WORDS = {"daily": N_("Daily board"), "beginner 8x8": N_("Beginner 8x8")}
DIGIT_RUN = r"(?<!\d)[-_ ]?\d(?:[-_]?\d){5,}(?!\d)"
"""Six digits or more in a row (a time stamp), with what joins them."""
FILE_NAME = r"(?i)[^\s/\\]+\.(?:msreplay|avf|rmv|mvf|evf|rawvf|gif)(?!\w)"


def names_spoken(text: str) -> str:
    """A text's replay file names as a listener wants them (the screen shows them
    whole): one the game made as its board, result and time, day and hour
    ("Beginner, won in 12.345 s, 2026-11-23 10:53, personal best"); another one
    without its runs of digits, which a voice reads out one long number at a time."""
    if "." not in text:
        return text
    return re.sub(FILE_NAME, _other_name, re.sub(OWN_NAME, _own_name, text))


def _other_name(name: re.Match[str]) -> str:
    stem, _, suffix = name.group().rpartition(".")
    short = re.sub(DIGIT_RUN, "", stem).strip("-_ ")
    return f"{short}.{suffix}" if short and short != stem else name.group()


def _own_name(own: re.Match[str]) -> str:
    year, month, date, hour, minute, board, result, ms, tags, suffix = own.groups()
    status = next(s for s, word in RESULT_WORDS.items() if word == result)
    try:
        when = f"{day(dt.date(int(year), int(month), int(date)))} {hour}:{minute}"
    except ValueError:  # (a name made by hand: no day)
        when = ""
    parts = [
        gettext(BOARD_WORDS.get(board, board.capitalize())),
        ended_in(status, int(ms)),
        *filter(None, [when]),
        *(gettext(NAME_TAGS[tag]) for tag in tags.split("-") if tag in NAME_TAGS),
    ]
    if suffix.lower() != "msreplay":
        parts.append(suffix.upper())
    return pgettext("between the items of a list", ", ").join(parts)


def day_of(stamp: str) -> str:
    """The day of a stored time stamp ("2026-11-26T10:52:07", GameRecord.finished_at)
    as the player's language writes it; the stamp's first ten characters as they are
    when they are no day."""
    try:
        return day(dt.date.fromisoformat(stamp[:10]))
    except ValueError:
        return stamp[:10]


RESULT_IN = {
    Status.WON: N_("won in {time}"),
    Status.LOST: N_("lost in {time}"),
    Status.PLAYING: N_("unfinished in {time}"),
}
"""A game's end and its time, by its result, as the player reads it."""


def ended_in(status: Status, ms: float) -> str:
    """ "won in 12.345 s", in the player's language (a game not ended: unfinished)."""
    return gettext(RESULT_IN.get(status, RESULT_IN[Status.PLAYING])).format(time=seconds(ms))


def game_line(status: Status, ms: float, bbbv: str, rate: float | None, clicks: int) -> str:
    """One line of a game's figures: how it ended and when, its 3BV (solved of all
    when it was not won), 3BV/s and clicks, in the player's language."""
    return gettext("{ended}, 3BV {bbbv}, 3BV/s {rate}, clicks {clicks}").format(
        ended=ended_in(status, ms),
        bbbv=bbbv,
        rate="-" if rate is None else decimal(rate, 2),
        clicks=clicks,
    )


def result_word(status: Status) -> str:
    """won, lost, or unfinished."""
    return RESULT_WORDS.get(status, "unfinished")


def count(number: int, noun: str, plural: str | None = None) -> str:
    """A number with its noun, singular or plural: 1 game, 2 games, 1 day."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def figure(value: float | None, form: str) -> str:
    """A figure in its form ("{:.2f}"), or "-" when there is none."""
    return "-" if value is None else form.format(value)


# The live counters' words: the figures a player can choose to see beside the board
# while a game is played (game.scenes.counters draws them), as the settings keep them.

FIGURES: tuple[str, ...] = (
    "time",
    "bbbv",
    "bbbv_s",
    "etime",
    "clicks",
    "ce",
    "ioe",
    "corr",
    "thrp",
    "rqp",
    "flag",
    "path",
    "pace",
    "ghost",
    "stnb",
    "qg",
    "cl_s",
)
"""Every figure the panel can show, by its report name (game.analysis.glossary's key;
``pace`` and ``ghost`` are the race's): what the settings' ``counters`` may name."""

RACE_LABELS = {"pace": N_("Pace"), "ghost": N_("Ghost")}
"""The labels of the race's figures (the analysis's own figures are labelled by
game.analysis.glossary)."""

DEFAULT_FIGURES: tuple[str, ...] = FIGURES[:14]
"""The figures a new player's panel shows, in this order."""
WEB_FIGURES = tuple(name for name in DEFAULT_FIGURES if name not in RACE_LABELS)
"""The figures the web page shows (game.flows.web_data): the default panel's, less
the race's."""

MAX_OWN = 20
"""The most counters of the player's own the settings keep."""
MAX_NAME = 24
"""The longest name of a counter of the player's own."""
MAX_KEPT_EXPRESSION = 20_000
"""The longest expression the settings keep (longer: cut to this, and then too long)."""


def chosen(names: Iterable[object]) -> tuple[str, ...]:
    """The figures of a list the settings hold, in its order: a name this version
    does not know, a repeat or anything not a name is left out (no error)."""
    seen: list[str] = []
    for name in names:
        if isinstance(name, str) and name in FIGURES and name not in seen:
            seen.append(name)
    return tuple(seen)


def own_counters(pairs: Iterable[object]) -> tuple[tuple[str, str], ...]:
    """The counters of the player's own a settings file holds: (name, expression)
    pairs of text; anything else, a name too long or repeated, or past MAX_OWN, is
    left out (no error); an expression past MAX_KEPT_EXPRESSION is cut there."""
    kept: list[tuple[str, str]] = []
    for pair in pairs:
        if len(kept) >= MAX_OWN:
            break
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            continue
        name, expression = pair
        if not isinstance(name, str) or not isinstance(expression, str):
            continue
        name = name.strip()
        if not 0 < len(name) <= MAX_NAME or not name.isprintable():
            continue
        if name in (n for n, _ in kept):
            continue
        kept.append((name, expression[:MAX_KEPT_EXPRESSION]))
    return tuple(kept)
