"""The first game the command line names: a board code's or the daily board's size,
seed and rules, a ladder's level, a tournament read, a trial's first board, and
the way to play of that game (Options.first_game, which the window deals).
game.cli.parse_args settles them before the window opens, and loads this module
only then: an ordinary start loads none of the modes named here."""

from __future__ import annotations

import sys
from datetime import date, datetime
from typing import NoReturn

from game.cli import Options, parser, say
from game.core.ladder import LEVELS
from game.flows.series_commands import Refused, ladder_level
from game.language import gettext, shown
from game.modes.ladder import Ladder, level_code
from game.modes.mode import Mode
from game.modes.ordinary import Ordinary
from game.modes.shared import Code, Daily
from game.modes.tournament import Entered, TournamentError, load
from game.modes.trial import TRIALS, Trial, trial_of
from game.persist.profile import Profile
from game.replay import boardcode
from game.replay.boardcode import BoardCodeError
from game.rules import PRESETS, Board, Difficulty, GameRules


def settled(options: Options, ladder: str | None, tournament: str | None) -> Options:
    """The options with the first game's board read (a level past the ladder, a trial
    this version does not have: a usage error; a bad code, a locked level, a bad
    tournament file: one line on stderr; each exits 2)."""
    if ladder is not None and ladder != "next" and not 1 <= int(ladder) <= LEVELS:
        wrong = gettext("a ladder level is 1 to {levels} or next; got {text}")
        usage_error("--ladder", wrong.format(levels=LEVELS, text=repr(ladder)))
    if options.trial is not None and options.trial not in TRIALS:
        wrong = gettext("the time trials are {trials}; got {text}")
        usage_error("--trial", wrong.format(trials=", ".join(TRIALS), text=repr(options.trial)))
    if ladder is not None or tournament is not None or options.trial is not None:
        read = with_series(options, ladder, tournament)
    else:
        try:
            read = with_board(options)
        except BoardCodeError as error:
            say(sys.stderr, f"minesweeper: {shown(error)}")
            raise SystemExit(2) from None
    board = read.board or PRESETS[Difficulty.BEGINNER]
    return read.replace(first_game=lambda rules: first_mode(read, board, rules))


def with_board(options: Options) -> Options:
    """The options with a board code's (or the daily board's) size, seed and rules
    for the first game; raises BoardCodeError for a bad code."""
    if options.board_code is not None:
        code = boardcode.parse(options.board_code)
    elif options.daily is not None:
        code = boardcode.daily(date.fromisoformat(options.daily))
    else:
        return options
    return options.replace(board=code.board, seed=code.seed, rules=code.rules, start=code.start)


def with_series(options: Options, ladder: str | None, tournament: str | None) -> Options:
    """The options with the ladder's level (unlocked: else one line and exit 2), the
    tournament read (a bad file: one line and exit 2) or the trial's first board."""
    if ladder is not None:
        profile = Profile.open(options.data_dir)
        try:
            number = ladder_level(ladder, profile)
        except Refused as error:
            say(sys.stderr, f"minesweeper: {error}")
            raise SystemExit(2) from None
        finally:
            profile.close()
        return options.replace(ladder=number, board=level_code(number).board)
    if tournament is not None:
        try:
            found = load(tournament)
        except TournamentError as error:
            say(sys.stderr, f"minesweeper: {error}")
            raise SystemExit(2) from None
        return options.replace(tournament=found, board=found.counts[0].board)

    assert options.trial is not None
    return options.replace(board=trial_of(options.trial).board(0))


def series_mode(options: Options, rules: GameRules) -> Mode | None:
    """The first game's mode for --ladder, --trial or --tournament (None: none given)."""
    if options.ladder is not None:
        return Ladder(options.ladder, rules)
    if options.tournament is not None:
        return Entered.of(options.tournament, options.board or PRESETS[Difficulty.BEGINNER], rules)
    if options.trial is not None:
        started = datetime.now().isoformat(timespec="seconds")
        return Trial(trial_of(options.trial), started, rules)
    return None


def first_mode(options: Options, board: Board, rules: GameRules) -> Mode:
    """The way to play of the first game: the ladder's level, a trial's first board, a
    tournament's game, the daily board, a board code's (all checked by parse_args),
    or an ordinary game of this board under these rules."""
    series = series_mode(options, rules)
    if series is not None:
        return series
    if options.daily is None and options.board_code is None:
        return Ordinary(board, rules, options.seed)

    if options.daily is not None:
        return Daily(options.daily)
    assert options.board_code is not None
    return Code(boardcode.parse(options.board_code))


def usage_error(option: str, wrong: str) -> NoReturn:
    """Say what is wrong with an option's value as argparse says it (one line, in the
    player's language: game.cli.arguments) and exit 2."""
    said = gettext("argument %(argument_name)s: %(message)s")
    parser().error(said % {"argument_name": option, "message": wrong})
