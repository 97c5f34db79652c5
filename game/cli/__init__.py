"""The command line: options, checked, with a clear usage error (exit 2) otherwise."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from datetime import date
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TextIO

from game import rules as limits
from game import terminal_bar
from game.cli.words import early_language, speak
from game.core.board import MAX_SEED
from game.language import DIGITS_ONLY, LANGUAGES, gettext, other_digits
from game.net.code import RoomCodeError
from game.net.code import parse as room_code
from game.rules import (
    PRESETS,
    ZOOMS,
    Board,
    BoardChoiceError,
    Difficulty,
    GameRules,
    RuleMode,
    parse_custom,
)
from game.version import version

if TYPE_CHECKING:
    from game.modes.mode import Mode
    from game.modes.tournament import Tournament

MIN_SPEED, MAX_SPEED = 0.25, 16.0
"""--speed's range (the viewer's speeds are 0.25x to 8x)."""


def _zoom_words() -> str:
    return gettext("{some} or {last}").format(some=", ".join(map(str, ZOOMS[:-1])), last=ZOOMS[-1])


class Options:
    """What the player asked for on the command line (None: use the saved setting).
    (A plain class, not a record type: it loads before the first frame, and a plain
    class costs next to nothing to make.)"""

    __slots__ = (
        "analyse",
        "board",
        "board_code",
        "broker",
        "daily",
        "data_dir",
        "export_evf",
        "export_gif",
        "export_history",
        "export_html",
        "first_game",
        "frames",
        "import_history",
        "json",
        "ladder",
        "language",
        "mode",
        "moves",
        "race",
        "replay",
        "rules",
        "say",
        "seed",
        "show_ladder",
        "show_trials",
        "sound",
        "speech_log",
        "speed",
        "standings",
        "start",
        "tournament",
        "trial",
        "verify_replay",
        "zoom",
    )

    def __init__(
        self,
        *,
        board: Board | None = None,
        seed: int | None = None,
        zoom: int | None = None,
        sound: bool | None = None,
        frames: int | None = None,
        data_dir: str | None = None,
        rules: GameRules | None = None,
        mode: RuleMode | None = None,
        board_code: str | None = None,
        daily: str | None = None,
        start: tuple[int, int] | None = None,
        replay: str | None = None,
        verify_replay: str | None = None,
        export_evf: tuple[str, str] | None = None,
        export_gif: tuple[str, str] | None = None,
        export_html: tuple[str, str] | None = None,
        speed: float = 1.0,
        analyse: tuple[str, ...] = (),
        json: bool = False,
        moves: bool = False,
        export_history: str | None = None,
        import_history: str | None = None,
        language: str | None = None,
        ladder: int | None = None,
        show_ladder: bool = False,
        trial: str | None = None,
        show_trials: bool = False,
        tournament: Tournament | None = None,
        standings: tuple[str, ...] = (),
        first_game: Callable[[GameRules], Mode] | None = None,
        speech_log: Path | None = None,
        say: str | None = None,
        race: tuple[str, ...] = (),
        broker: str | None = None,
    ) -> None:
        self.board: Final = board
        self.seed: Final = seed
        self.zoom: Final = zoom
        self.sound: Final = sound
        self.frames: Final = frames
        self.data_dir: Final = data_dir
        self.rules: Final = rules
        """The rules of the first game (a board code's, the daily board's); None: the settings."""
        self.mode: Final = mode
        """--mode: the rule mode the games start in (kept in the settings, as the menu does)."""
        self.board_code: Final = board_code
        """--board: a board code, read by game.replay.boardcode (a bad one: one line, exit 2)."""
        self.daily: Final = daily
        """--daily: the first game is the daily board of this date (ISO, the player's today)."""
        self.start: Final = start
        """The first game's start cell (a board code's, the daily board's: one layout)."""
        self.replay: Final = replay
        """--replay: a replay file to play back in the window."""
        self.verify_replay: Final = verify_replay
        """--verify-replay: a replay file to check without a window."""
        self.export_evf: Final = export_evf
        """--export-evf: one of our replays, and the EVF file to write."""
        self.export_gif: Final = export_gif
        """--export-gif: a replay of any kind, and the animated GIF to write."""
        self.speech_log: Final = speech_log
        """--speech-log: every announcement written there too, a line of UTF-8 each."""
        self.say: Final = say
        """--say: words said through the system's speech, without a window (a check)."""
        self.export_html: Final = export_html
        """--export-html: a replay of any kind, and the web page to write."""
        self.speed: Final = speed
        """--speed: with --export-gif, how many times faster than it was played."""
        self.analyse: Final = analyse
        """--analyse: replay files to report on, without a window."""
        self.json: Final = json
        """--json: the report as JSON Lines."""
        self.moves: Final = moves
        """--moves: every move judged in the report."""
        self.export_history: Final = export_history
        """--export-history: write every game of the history to this file and stop."""
        self.import_history: Final = import_history
        """--import-history: add the games of an exported history and stop."""
        self.language: Final = language
        """--lang: the language of this session (a code of game.language.LANGUAGES; one
        this version does not know is English, with no error)."""
        self.ladder: Final = ladder
        """--ladder: the ladder's level to play (checked unlocked by parse_args)."""
        self.show_ladder: Final = show_ladder
        """--show-ladder: print the ladder and stop."""
        self.trial: Final = trial
        """--trial: the time trial to play."""
        self.show_trials: Final = show_trials
        """--show-trials: print the time trials' records and stop."""
        self.tournament: Final = tournament
        """--tournament: the tournament the games are played in (read by parse_args)."""
        self.standings: Final = standings
        """--standings: a tournament file, and perhaps a folder of replays: print and stop."""
        self.first_game: Final = first_game
        """The way to play of the first game, when the command line names one (a board
        code, the daily board, a ladder level, a trial, a tournament: game.cli.first_game
        reads them), made under the settings' rules; None: an ordinary game."""
        self.race: Final = race
        """--race: ("host",) to open a room (its code printed), ("join", CODE) to join one."""
        self.broker: Final = broker
        """--broker: the race's MQTT broker (mqtt://, mqtts://, ws://, wss://)."""

    def replace(self, **changes: Any) -> Options:
        """The same options with some changed."""
        return Options(**{name: getattr(self, name) for name in self.__slots__} | changes)


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


def parser() -> argparse.ArgumentParser:
    """The argument parser (also used to print the help)."""
    p = argparse.ArgumentParser(
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
    return p


def _race(words: list[str] | None) -> tuple[str, ...]:
    """--race's words checked: host, or join and a room code (a usage error: exit 2)."""
    if not words:
        return ()
    if words == ["host"]:
        return ("host",)
    if len(words) == 2 and words[0] == "join":
        try:
            return ("join", room_code(words[1]))
        except RoomCodeError:
            pass
    say(sys.stderr, gettext("minesweeper: --race takes host, or join and a room code"))
    raise SystemExit(2)


def parse_args(argv: Sequence[str] | None = None) -> Options:
    """Options from the command line, in the player's language (the help and the
    usage errors: game.cli.words); a bad one prints a usage error and exits 2."""
    speak(early_language(sys.argv[1:] if argv is None else argv))
    args = parser().parse_args(argv)
    board = PRESETS[Difficulty(args.difficulty)] if args.difficulty else args.custom
    options = Options(
        board=board,
        seed=args.seed,
        mode=args.mode,
        zoom=args.zoom,
        sound=False if args.no_sound else None,
        frames=args.frames,
        data_dir=args.data_dir,
        board_code=args.board,
        daily=date.today().isoformat() if args.daily else None,
        replay=args.replay,
        verify_replay=args.verify_replay,
        analyse=tuple(args.analyse or ()),
        export_evf=tuple(args.export_evf) if args.export_evf else None,
        export_gif=tuple(args.export_gif) if args.export_gif else None,
        export_html=tuple(args.export_html) if args.export_html else None,
        speed=args.speed,
        json=args.json,
        moves=args.moves,
        export_history=args.export_history,
        import_history=args.import_history,
        language=args.lang,
        show_ladder=args.show_ladder,
        trial=args.trial,
        show_trials=args.show_trials,
        standings=tuple(args.standings or ()),
        speech_log=Path(args.speech_log) if args.speech_log else None,
        say=args.say,
        race=_race(args.race),
        broker=args.broker,
    )
    if len(options.standings) > 2:
        say(sys.stderr, gettext("minesweeper: --standings takes a tournament file and one folder"))
        raise SystemExit(2)
    if (
        args.ladder is None
        and args.tournament is None
        and args.trial is None
        and options.board_code is None
        and options.daily is None
    ):
        return options
    # A shared board or a series is read before the window opens (its size is the
    # window's): only then do the board codes and the modes load.
    from game.cli.first_game import settled  # (a shared board or a series only)

    return settled(options, args.ladder, args.tournament)


def say(stream: TextIO | None, line: str) -> None:
    """Print a line as text (game.terminal.say: a file's words never command the
    terminal), where there is a console (a windowed Windows build has none)."""
    terminal_bar.say(stream, line)


class Printout(Enum):
    """The commands that print and stop, with no window (game.cli.commands runs them)."""

    VERIFY = "verify"
    ANALYSE = "analyse"
    EXPORT_EVF = "export-evf"
    EXPORT_GIF = "export-gif"
    EXPORT_HTML = "export-html"
    HISTORY = "history"
    """--export-history, --import-history."""
    SERIES = "series"
    """--show-ladder, --show-trials, --standings."""
    SAY = "say"


def printout_of(options: Options) -> Printout | None:
    """The command without a window the options ask for (None: the window opens)."""
    if options.verify_replay is not None:
        return Printout.VERIFY
    if options.analyse:
        return Printout.ANALYSE
    if options.export_evf is not None:
        return Printout.EXPORT_EVF
    if options.export_gif is not None:
        return Printout.EXPORT_GIF
    if options.export_html is not None:
        return Printout.EXPORT_HTML
    if options.export_history is not None or options.import_history is not None:
        return Printout.HISTORY
    if options.show_ladder or options.show_trials or options.standings:
        return Printout.SERIES
    return Printout.SAY if options.say is not None else None
