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
from game.language import N_, gettext, ngettext, shown
from game.modes.ladder import Ladder, Progress
from game.modes.mode import Mode
from game.modes.standings import score
from game.modes.tournament import Entered, Tournament
from game.modes.trial import TRIALS, Trial
from game.persist.series import Series
from game.rules import GameRules
from game.view.widgets.menu import MenuDialog
from game.view.widgets.message import MessageDialog
from game.words import seconds

if TYPE_CHECKING:
    from game.persist.profile import Profile
    from game.view.stage import Stage

LADDER_ROWS = 12
"""Levels the ladder's dialog shows at once (the rest scroll into view)."""
PLAY_NEXT = N_("Play next")
CLOSE = N_("Close")
LADDER_TITLE = N_("The ladder")
TRIALS_TITLE = N_("Time trials")
TOURNAMENT_TITLE = N_("Tournament")
NO_TOURNAMENT = N_("No tournament is being played: start one with --tournament FILE.")


def ladder_items(progress: Progress) -> list[tuple[str, str]]:
    """A line per level: its number and board, then won (best time), open or locked."""
    items = []
    for rung in progress.rungs:
        found = level(rung.number)
        what = ngettext(
            "Level {n}: {rows}x{cols}, {mines} mine",
            "Level {n}: {rows}x{cols}, {mines} mines",
            found.mines,
        ).format(n=rung.number, rows=found.rows, cols=found.cols, mines=found.mines)
        if rung.best_ms is not None:
            state = gettext("won, best {time}").format(time=seconds(rung.best_ms))
        else:
            state = gettext("open") if rung.unlocked else gettext("locked")
        items.append((what, state))
    return items


def ladder(stage: Stage, profile: Profile, rules: GameRules, play: Callable[[Mode], None]) -> None:
    """Open the ladder's dialog; a level picked (unlocked) or Play next is played."""
    progress = Progress.read(profile.history.code_record)
    items = ladder_items(progress)
    lines = [
        ngettext(
            "{won} of {levels} level won; the next is level {next}.",
            "{won} of {levels} levels won; the next is level {next}.",
            LEVELS,
        ).format(won=progress.won, levels=LEVELS, next=progress.next_level),
        gettext("No-guess boards, the same for every player, harder level by level."),
        gettext("Win a level to unlock the next; pick an open level to play it."),
    ]
    dialog = MenuDialog(
        LADDER_TITLE, items, lines=lines, buttons=(CLOSE, PLAY_NEXT), max_rows=LADDER_ROWS
    )
    dialog.index = progress.next_level - 1
    dialog.top = max(0, min(LEVELS - LADDER_ROWS, dialog.index - LADDER_ROWS // 2))

    def picked(index: int) -> list[tuple[str, str]]:
        rung = progress.rungs[index]
        if rung.unlocked:
            dialog.choose(f"level {rung.number}")
        else:
            dialog.note = gettext("Level {n} is locked: win level {before} first.").format(
                n=rung.number, before=rung.number - 1
            )
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
            ngettext("best {time} ({n} run)", "best {time} ({n} runs)", done).format(
                time=seconds(best[0].total_ms), n=done
            )
            if best
            else gettext("no record yet")
        )
        boards = ngettext("{trial}: {n} board", "{trial}: {n} boards", kind.boards)
        items.append((boards.format(trial=gettext(kind.label), n=kind.boards), record))
    lines = [
        gettext(
            "The boards one after another against one clock: a lost board's time counts and "
            "its level is dealt again; New Game deals the next board."
        ),
        gettext("A trial left half way is kept as abandoned, never as a record."),
    ]
    if series.problem:
        lines.append(shown(series.problem))
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
        stage.open(MessageDialog(TOURNAMENT_TITLE, [gettext(NO_TOURNAMENT)]))
        return
    scored = score(cup, profile.last_name or gettext("you"), own_games(profile, cup))
    items = [
        (
            gettext("Play {board}").format(board=gettext(level.count.level.label)),
            gettext("{n}/{best} counted, {time}").format(
                n=len(level.times), best=level.count.best, time=seconds(level.ms)
            ),
        )
        for level in scored.levels
    ]
    lines = [
        ngettext(
            "{ident}: your score {time} ({n} game counted).",
            "{ident}: your score {time} ({n} games counted).",
            scored.counted,
        ).format(ident=cup.ident, time=seconds(scored.ms), n=scored.counted),
        gettext(
            "Each level's best games above its least 3BV count; each game short of them "
            "counts its default time. Lower is better."
        ),
        gettext("Pick a level to play it in the tournament."),
    ]
    dialog = MenuDialog(cup.name, items, lines=lines)

    def picked(index: int) -> list[tuple[str, str]]:
        dialog.choose(str(index))
        return items

    def answered(result: object) -> None:
        if isinstance(result, str) and result.isascii() and result.isdigit():
            play(Entered.of(cup, cup.counts[int(result)].board, rules))

    dialog.on_pick = picked
    stage.open(dialog, answered)
