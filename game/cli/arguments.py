"""The command line's parser: its options, their checks and their help, in the
player's language (game.cli.words chose it). Loaded when the command line has words:
a plain start (no argument, the usual one) makes its options without it (argparse and
the parser are 0.5 MB resident and 4 ms of the first frame: game.cli.parse_args)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from game import rules as limits
from game.cli.words import teach
from game.core.board import MAX_SEED
from game.language import DIGITS_ONLY, LANGUAGES, gettext, other_digits
from game.rules import (
    PRESETS,
    ZOOMS,
    Board,
    BoardChoiceError,
    RuleMode,
    parse_custom,
)
from game.terminal_bar import say
from game.version import version

teach(argparse)  # (its usage errors and help headings in the player's language)

MIN_SPEED, MAX_SPEED = 0.25, 16.0
"""--speed's range (the viewer's speeds are 0.25x to 8x)."""


def _zoom_words() -> str:
    return gettext("{some} or {last}").format(some=", ".join(map(str, ZOOMS[:-1])), last=ZOOMS[-1])


def _digits(text: str) -> None:
    """The one message for a number in other digits than 0-9 (game.language.other_digits)."""
    if other_digits(text):
        raise argparse.ArgumentTypeError(gettext(DIGITS_ONLY))


def _custom(text: str) -> Board:
    _digits(text)
    try:
        return parse_custom(text)
    except BoardChoiceError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _zoom(text: str) -> int:
    _digits(text)
    if text.isascii() and text.isdigit() and int(text) in ZOOMS:
        return int(text)
    raise argparse.ArgumentTypeError(
        gettext("zoom is {zooms}; got {text}").format(zooms=_zoom_words(), text=repr(text))
    )


def _seed(text: str) -> int:
    _digits(text)
    if text.isascii() and text.isdigit() and len(text) <= 19 and int(text) <= MAX_SEED:
        return int(text)
    raise argparse.ArgumentTypeError(
        gettext("a seed is a whole number from 0 to {most}; got {text}").format(
            most=MAX_SEED, text=repr(text)
        )
    )


def _speed(text: str) -> float:
    _digits(text)
    try:
        speed = float(text)
    except ValueError:
        speed = 0.0
    if MIN_SPEED <= speed <= MAX_SPEED:
        return speed
    raise argparse.ArgumentTypeError(
        gettext("speed is a number from {least} to {most}; got {text}").format(
            least=f"{MIN_SPEED:g}", most=f"{MAX_SPEED:g}", text=repr(text)
        )
    )


def _ladder(text: str) -> str:
    _digits(text)
    if text == "next" or (text.isascii() and text.isdigit() and len(text) <= 6):
        return text  # (its range is checked with the ladder: game.cli.first_game)
    raise argparse.ArgumentTypeError(
        gettext("a ladder level is a number or next; got {text}").format(text=repr(text))
    )


def _mode(text: str) -> RuleMode:
    try:
        return RuleMode.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _frames(text: str) -> int:
    _digits(text)
    if text.isascii() and text.isdigit() and int(text) > 0:
        return int(text)
    raise argparse.ArgumentTypeError(
        gettext("frames is a whole number above 0; got {text}").format(text=repr(text))
    )


class _VersionAction(argparse.Action):
    """--version: print it and exit. The version is looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help=gettext("show the version and exit"))

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        if sys.stdout is not None:  # a windowed Windows build has no stdout
            sys.stdout.write(f"minesweeper {version()}\n")
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """argparse's parser whose usage error is one line (docs/HOSTILE.md): the error
    in the player's language and where to look, not the usage block before it
    (--help prints that whole)."""

    def error(self, message: str) -> NoReturn:
        said = gettext("%(prog)s: error: %(message)s\n") % {"prog": self.prog, "message": message}
        said = said.rstrip("\n").replace("\r", "\\r").replace("\n", "\\n")  # (one line)
        say(sys.stderr, gettext("{error} (see --help)").format(error=said))
        raise SystemExit(2)


def parser() -> argparse.ArgumentParser:
    """The argument parser (also used to print the help)."""
    p = _Parser(
        prog="minesweeper",
        description=gettext(
            "Minesweeper: the classic game. Left click opens, right click marks, "
            "both buttons (or the middle one) chord. Press F1 in the game for all the keys."
        ),
    )
    board = p.add_mutually_exclusive_group()
    board.add_argument(
        "--difficulty",
        choices=[difficulty.value for difficulty in PRESETS],
        help=gettext("start on a preset board"),
    )
    board.add_argument(
        "--custom",
        type=_custom,
        metavar="ROWSxCOLS:MINES",
        help=gettext(
            "start on a custom board: rows {rows}, columns {cols}, mines {mines} to "
            "(rows-1)*(cols-1); or a preset's size, e.g. 8x8:10"
        ).format(
            rows=f"{limits.MIN_ROWS}-{limits.MAX_ROWS}",
            cols=f"{limits.MIN_COLS}-{limits.MAX_COLS}",
            mines=limits.MIN_MINES,
        ),
    )
    board.add_argument(
        "--board",
        metavar="CODE",
        help=gettext("play the board of a board code (shown after each game)"),
    )
    board.add_argument("--daily", action="store_true", help=gettext("play today's daily board"))
    board.add_argument("--replay", metavar="FILE", help=gettext("play a replay back in the window"))
    board.add_argument(
        "--verify-replay",
        metavar="FILE",
        help=gettext(
            "check that a replay (ours, AVF, RMV, MVF, EVF, RAWVF) reproduces the result "
            "it states, without a window: exit 0 if it does, 1 if not, 2 if the file is no replay"
        ),
    )
    board.add_argument(
        "--analyse",
        nargs="+",
        metavar="FILE",
        help=gettext(
            "report on replay files (ours, AVF, RMV, MVF, EVF, RAWVF) without a window: "
            "result, time, 3BV, clicks; exit 0 if all were read, 2 if not"
        ),
    )
    board.add_argument(
        "--export-evf",
        nargs=2,
        metavar=("REPLAY", "OUT"),
        help=gettext(
            "write one of our replays as an EVF file (Metasweeper's format), without a window"
        ),
    )
    board.add_argument(
        "--export-html",
        nargs=2,
        metavar=("REPLAY", "OUT"),
        help=gettext(
            "write a replay (ours, AVF, RMV, MVF, EVF, RAWVF) as a web page that plays it "
            "in any browser (one file, nothing loaded from outside), without a window"
        ),
    )
    board.add_argument(
        "--export-gif",
        nargs=2,
        metavar=("REPLAY", "OUT"),
        help=gettext(
            "write a replay (ours, AVF, RMV, MVF, EVF, RAWVF) as an animated GIF of the "
            "game window, without a window (with --speed and --zoom)"
        ),
    )
    p.add_argument(
        "--speed",
        type=_speed,
        default=1.0,
        metavar="N",
        help=gettext(
            "with --export-gif: N times as fast as it was played ({least} to {most}; 1 unless "
            "given)"
        ).format(least=f"{MIN_SPEED:g}", most=f"{MAX_SPEED:g}"),
    )
    p.add_argument("--json", action="store_true", help=gettext("with --analyse: JSON Lines"))
    p.add_argument(
        "--moves",
        action="store_true",
        help=gettext("with --analyse: every move judged (logic, guess, mistake, ...)"),
    )
    board.add_argument(
        "--export-history",
        metavar="FILE",
        help=gettext(
            "write every game of the history to FILE (JSON if it ends in .json, else CSV) "
            "and stop, without a window"
        ),
    )
    board.add_argument(
        "--import-history",
        metavar="FILE",
        help=gettext(
            "add the games of a history exported by this game (CSV or JSON) that are not "
            "there yet, and stop, without a window"
        ),
    )
    board.add_argument(
        "--ladder",
        type=_ladder,
        metavar="N",
        help=gettext(
            "play level N of the ladder of a hundred no-guess levels, if it is unlocked, "
            "or 'next': the next level to win"
        ),
    )
    board.add_argument(
        "--show-ladder",
        action="store_true",
        help=gettext("print the ladder (each level locked or not, its best time) and stop"),
    )
    board.add_argument(
        "--trial",
        metavar="NAME",
        help=gettext(
            "play a time trial: 10-beginner (ten Beginner boards) or time-trial (15 "
            "Beginner, 6 Intermediate, 2 Expert)"
        ),
    )
    board.add_argument(
        "--show-trials",
        action="store_true",
        help=gettext("print the time trials' best totals and stop"),
    )
    board.add_argument(
        "--tournament",
        metavar="FILE",
        help=gettext("play in the tournament a tournament file describes"),
    )
    board.add_argument(
        "--standings",
        nargs="+",
        metavar=("FILE", "FOLDER"),
        help=gettext(
            "print a tournament's standings, without a window: your games in it, or given "
            "a FOLDER of replay files (ours and the community's), every player's"
        ),
    )
    p.add_argument(
        "--mode",
        type=_mode,
        metavar="NAME",
        help=gettext(
            "the rule mode to play (kept for the next games): {modes} (docs/RULES.md)"
        ).format(modes=", ".join(mode.value for mode in RuleMode)),
    )
    p.add_argument(
        "--seed", type=_seed, help=gettext("a seed for the mine layout (same seed, same board)")
    )
    p.add_argument(
        "--zoom",
        type=_zoom,
        help=gettext("pixel scale of the 16-pixel art: {zooms}").format(zooms=_zoom_words()),
    )
    p.add_argument("--no-sound", action="store_true", help=gettext("start with sound off"))
    p.add_argument(
        "--speech",
        action="store_true",
        help=gettext("speak: speech on from now on (X turns it off)"),
    )
    p.add_argument(
        "--speech-log",
        metavar="FILE",
        help=gettext("also write every announcement of the speech to FILE, a line each"),
    )
    p.add_argument(
        "--say",
        metavar="WORDS",
        help=gettext("say WORDS through the screen reader or the system's voice, and stop"),
    )
    p.add_argument(
        "--frames", type=_frames, metavar="N", help=gettext("quit after N frames (scripts)")
    )
    p.add_argument("--data-dir", metavar="DIR", help=gettext("keep settings and records in DIR"))
    p.add_argument(
        "--lang",
        metavar="CODE",
        help=gettext(
            "the language: {codes} (default: the one chosen in the game, else the system's; "
            "any other is English)"
        ).format(codes=", ".join(LANGUAGES)),
    )
    race = p.add_argument_group(gettext("racing a friend live (docs/RACE.md)"))
    race.add_argument(
        "--race",
        nargs="+",
        metavar=("host|join", "CODE"),
        help=gettext(
            "race a friend: host opens a room and prints its code on the first line; "
            "join CODE joins the room of that code"
        ),
    )
    race.add_argument(
        "--broker",
        metavar="URL",
        help=gettext("the race's MQTT broker: mqtt://host:port, mqtts://, ws:// or wss://"),
    )
    p.add_argument("--version", action=_VersionAction)
    p.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help=gettext(
            "a replay file (ours, AVF, RMV, MVF, EVF, RAWVF) to play back in the window, "
            "as --replay FILE does (a file manager opens a replay so)"
        ),
    )
    return p
