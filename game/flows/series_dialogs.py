"""The ladder's, the time trials' and the tournament's dialogs: the ladder at a glance
(every level, locked or not, its board and best time; an unlocked one picked is
played), the time trials (each with its best total; one picked starts a run), and
the tournament being played (the player's score in it, level by level; a level
picked is played in it)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from game.core.ladder import LEVELS, level
from game.flows.tournament_games import own_games
from game.modes.ladder import Ladder, Progress
from game.modes.mode import Mode
from game.modes.standings import score
from game.modes.tournament import Entered, Tournament
from game.modes.trial import TRIALS, Trial
from game.persist.series import Series
from game.rules import GameRules
from game.view.widgets.menu import MenuDialog
from game.view.widgets.message import MessageDialog
from game.words import count, seconds

if TYPE_CHECKING:
    from game.persist.profile import Profile
    from game.view.stage import Stage

LADDER_ROWS = 12
"""Levels the ladder's dialog shows at once (the rest scroll into view)."""
PLAY_NEXT = "Play next"
LADDER_TITLE = "The ladder"
TRIALS_TITLE = "Time trials"
NO_TOURNAMENT = "No tournament is being played: start one with --tournament FILE."


def ladder_items(progress: Progress) -> list[tuple[str, str]]:
    """A line per level: its number and board, then won (best time), open or locked."""
    items = []
    for rung in progress.rungs:
        found = level(rung.number)
        what = f"Level {rung.number}: {found.rows}x{found.cols}, {found.mines} mines"
        if rung.best_ms is not None:
            state = f"won, best {seconds(rung.best_ms)}"
        else:
            state = "open" if rung.unlocked else "locked"
        items.append((what, state))
    return items


def ladder(stage: Stage, profile: Profile, rules: GameRules, play: Callable[[Mode], None]) -> None:
    """Open the ladder's dialog; a level picked (unlocked) or Play next is played."""

    progress = Progress.read(profile.history.code_record)
    items = ladder_items(progress)
    lines = [
        f"{progress.won} of {LEVELS} levels won; the next is level {progress.next_level}.",
        "No-guess boards, the same for every player, harder level by level.",
        "Win a level to unlock the next; pick an open level to play it.",
    ]
    dialog = MenuDialog(
        LADDER_TITLE, items, lines=lines, buttons=("Close", PLAY_NEXT), max_rows=LADDER_ROWS
    )
    dialog.index = progress.next_level - 1
    dialog.top = max(0, min(LEVELS - LADDER_ROWS, dialog.index - LADDER_ROWS // 2))

    def picked(index: int) -> list[tuple[str, str]]:
        rung = progress.rungs[index]
        if rung.unlocked:
            dialog.choose(f"level {rung.number}")
        else:
            dialog.note = f"Level {rung.number} is locked: win level {rung.number - 1} first."
        return items

    def answered(result: object) -> None:
        if result == PLAY_NEXT:
            play(Ladder(progress.next_level, rules))
        elif isinstance(result, str) and result.startswith("level "):
            play(Ladder(int(result.removeprefix("level ")), rules))

    dialog.on_pick = picked
    stage.open(dialog, answered)


def trials(stage: Stage, profile: Profile, rules: GameRules, play: Callable[[Mode], None]) -> None:
    """Open the time trials' dialog: each trial's boards and best total; one picked
    starts a run of it."""

    series = Series(profile.folder)
    kinds = list(TRIALS.values())
    items = []
    for kind in kinds:
        best = series.best(kind.key, 1)
        done = sum(run.finished for run in series.runs(kind.key))
        record = (
            f"best {seconds(best[0].total_ms)} ({count(done, 'run')})" if best else "no record yet"
        )
        items.append((f"{kind.label}: {count(kind.boards, 'board')}", record))
    lines = [
        "The boards one after another against one clock: a lost board's time counts and "
        "its level is dealt again; New Game deals the next board.",
        "A trial left half way is kept as abandoned, never as a record.",
    ]
    if series.problem:
        lines.append(series.problem)
    dialog = MenuDialog(TRIALS_TITLE, items, lines=lines)

    def picked(index: int) -> list[tuple[str, str]]:
        dialog.choose(kinds[index].key)
        return items

    def answered(result: object) -> None:
        if isinstance(result, str) and result in TRIALS:
            started = datetime.now().isoformat(timespec="seconds")
            play(Trial(TRIALS[result], started, rules))

    dialog.on_pick = picked
    stage.open(dialog, answered)


def tournament(
    stage: Stage,
    profile: Profile,
    cup: Tournament | None,
    rules: GameRules,
    play: Callable[[Mode], None],
) -> None:
    """Open the tournament's dialog: the player's score in it, each level's counted
    games and score; a level picked is played in it. Without one being played, a
    line saying how to start one."""

    if cup is None:
        stage.open(MessageDialog("Tournament", [NO_TOURNAMENT]))
        return
    scored = score(cup, profile.last_name or "you", own_games(profile, cup))
    items = [
        (
            f"Play {level.count.level.label}",
            f"{len(level.times)}/{level.count.best} counted, {seconds(level.ms)}",
        )
        for level in scored.levels
    ]
    lines = [
        f"{cup.ident}: your score {seconds(scored.ms)} ({count(scored.counted, 'game')} counted).",
        "Each level's best games above its least 3BV count; each game short of them "
        "counts its default time. Lower is better.",
        "Pick a level to play it in the tournament.",
    ]
    dialog = MenuDialog(cup.name, items, lines=lines)

    def picked(index: int) -> list[tuple[str, str]]:
        dialog.choose(str(index))
        return items

    def answered(result: object) -> None:
        if isinstance(result, str) and result.isdigit():
            play(Entered.of(cup, cup.counts[int(result)].board, rules))

    dialog.on_pick = picked
    stage.open(dialog, answered)
