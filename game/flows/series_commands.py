"""The command line's ways into the ladder, the time trials and the tournaments, without
a window: the ladder's level to play (a locked one refused in one line), the ladder
and the trials' records printed, a tournament's standings printed (from the
player's own games, or from a folder of replay files).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from game.core.ladder import LEVELS, level, rating
from game.core.rating import Rating
from game.flows.tournament_games import own_games
from game.language import N_, gettext, ngettext, pgettext, shown
from game.modes.ladder import Progress
from game.modes.standings import standings, table
from game.modes.tournament import TournamentError, load
from game.modes.tournament_folder import FolderError, read_folder
from game.modes.trial import TRIALS
from game.persist.profile import Profile
from game.persist.series import Series
from game.terminal_bar import TerminalBar, say
from game.words import seconds


class Refused(Exception):
    """A choice the command line cannot play: one line for the player."""


def ladder_level(choice: str, profile: Profile) -> int:
    """The level ``choice`` ("next" or a number) names, if it is unlocked; Refused
    (one line) otherwise."""
    progress = Progress.read(profile.history.code_record)
    if choice == "next":
        return progress.next_level
    number = int(choice)
    if not progress.unlocked(number):
        raise Refused(
            gettext(
                "ladder level {n} is locked: win level {next} to go on (--ladder next plays it)"
            ).format(n=number, next=progress.next_level)
        )
    return number


def print_ladder(profile: Profile, out: TextIO) -> int:
    """--show-ladder: every level, locked or not, its board, best time and how hard
    the solver finds it; 0."""
    progress = Progress.read(profile.history.code_record)
    said = ngettext(
        "The ladder: {won} of {levels} level won; next: {next}",
        "The ladder: {won} of {levels} levels won; next: {next}",
        LEVELS,
    )
    say(out, said.format(won=progress.won, levels=LEVELS, next=progress.next_level))
    states = {"locked": gettext("locked"), "won": gettext("won"), "open": gettext("open")}
    width = max(len(state) for state in states.values())
    for rung in progress.rungs:
        found = level(rung.number)
        state = "locked" if not rung.unlocked else "won" if rung.best_ms is not None else "open"
        best = (
            ""
            if rung.best_ms is None
            else "  " + gettext("best {time}").format(time=seconds(rung.best_ms))
        )
        words = f"{states[state]:<{width}}"
        line = f"{rung.number:>4}  {words}  {found.rows}x{found.cols}:{found.mines}{best}"
        line += f"  ({difficulty(rating(found))})"
        say(out, line)
    return 0


NEEDED = {
    "single": N_("single numbers needed"),
    "pair": N_("pairs needed"),
    "count": N_("the mine count needed"),
}
"""The hardest rule a level needs (game.core.rating: Rating.hardest's word) in words."""


def difficulty(found: Rating) -> str:
    """How hard the solver finds a board, in the player's language (the core's
    Rating.describe says it in English): "pairs needed: 12 single numbers, 3 pairs;
    score 42"."""
    steps = [
        ngettext("{n} single number", "{n} single numbers", found.singles),
        ngettext("{n} pair", "{n} pairs", found.pairs),
    ]
    numbers = [found.singles, found.pairs]
    if found.counts:
        steps.append(ngettext("{n} mine count", "{n} mine counts", found.counts))
        numbers.append(found.counts)
    said = gettext("{needed}: {steps}; score {score}")
    return said.format(
        needed=gettext(NEEDED[found.hardest]),
        steps=pgettext("between the items of a list", ", ").join(
            step.format(n=n) for step, n in zip(steps, numbers, strict=True)
        ),
        score=found.score,
    )


def print_trials(profile: Profile, out: TextIO, err: TextIO) -> int:
    """--show-trials: each time trial's best totals and its abandoned runs; 0."""
    series = Series(profile.folder)
    if series.problem:
        say(err, f"minesweeper: {shown(series.problem)}")
    for kind in TRIALS.values():
        runs = series.runs(kind.key)
        left = sum(not run.finished for run in runs)
        said = ngettext(
            "{trial} ({n} board): {finished} finished, {left} abandoned",
            "{trial} ({n} boards): {finished} finished, {left} abandoned",
            kind.boards,
        )
        trial = gettext(kind.label)
        say(out, said.format(trial=trial, n=kind.boards, finished=len(runs) - left, left=left))
        for place, run in enumerate(series.best(kind.key), start=1):
            say(out, f"{place:>4}  {seconds(run.total_ms):>12}  {run.run.replace('T', ' ')}")
    return 0


def print_standings(
    file: str,
    folder: str | None,
    profile_of: Callable[[], Profile],
    out: TextIO,
    err: TextIO,
) -> int:
    """--standings FILE [FOLDER]: the table on ``out`` (with a folder: a progress
    bar on ``err`` while its files are read, on a terminal); 0, or one line on
    ``err`` and 2 for a file that is no tournament or a folder that cannot be read."""
    try:
        tournament = load(file)
    except TournamentError as error:
        say(err, f"minesweeper: {error}")
        return 2
    if folder is not None:
        if not Path(folder).is_dir():
            say(err, f"minesweeper: {gettext('{folder}: not a folder').format(folder=folder)}")
            return 2
        bar = TerminalBar(err, gettext("reading replays"))
        try:
            found = read_folder(tournament, folder, bar)
        except FolderError as error:
            say(err, f"minesweeper: {error}")
            return 2
        finally:
            bar.close()
        say(out, table(tournament, standings(tournament, found.games)))
        for note in found.notes:
            say(err, f"minesweeper: {note}")
        return 0
    profile = profile_of()
    try:
        games = own_games(profile, tournament)
    finally:
        profile.close()
    say(out, table(tournament, standings(tournament, games)))
    return 0
