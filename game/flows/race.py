"""The player's rivals in the game on the table: a ghost racing on the same board,
and the pace of the personal best on a preset.

- A **ghost** is a replay of the board being played (the one it came from, or the
  player's own best on it), offered when a board is played again: Retry after a
  game, a board code or the daily played before, "play this board" from a replay.
  It plays alongside in the game's own time (from the player's first click): its
  cursor, translucent, over the board, and its solved 3BV as a bar under the mine
  counter, beside the player's own; at the end the panel says who finished first
  and by how much.
- The **pace meter**, on a preset, compares the 3BV solved so far with the time the
  personal best took to solve as much: ahead or behind in seconds, shown under the
  timer; after the game, the split against the best by quarters of the 3BV.

The progress of a replay (game.replay.progress) is worked out once per game, and
the best's only when a game on a preset is under way (never for the first frame).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.on_first_use import OnFirstUse
from game.core.record import Record
from game.core.status import Status
from game.language import N_, gettext
from game.modes.mode import Mode
from game.persist import replays as replay_files
from game.replay.format import ReplayError
from game.rules import PRESETS
from game.session.table import GameStarted, GameTag, Table, TableEvent
from game.words import seconds, spoken_seconds

if TYPE_CHECKING:
    from game.persist.profile import Profile
    from game.replay import progress as replay_progress
    from game.replay import reader
    from game.replay.format import Replay
    from game.replay.progress import Progress
    from game.screens import race as screen
    from game.session.play import PlaySession
    from game.view.stage import Stage
else:  # (with the first ghost raced or best time paced, not before the first input)
    replay_progress = OnFirstUse("game.replay.progress")
    reader = OnFirstUse("game.replay.reader")
    screen = OnFirstUse("game.screens.race")


class Ghost(Record):
    """A replay racing the player."""

    __slots__ = ("label", "progress", "small_board", "tag")

    progress: Progress
    label: str
    """Whose it is, as the panel says: 'your best', 'the replay'."""
    tag: GameTag
    """The game it races."""
    small_board: bool
    """Its progress shown as a small board of its open cells beside the mine counter
    (where it fits), not as a bar under it."""

    def __init__(
        self, progress: Progress, label: str, tag: GameTag, small_board: bool = False
    ) -> None:
        self.progress = progress
        self.label = label
        self.tag = tag
        self.small_board = small_board


class Race:
    """The rivals of the game on the table."""

    def __init__(self, table: Table, stage: Stage, profile: Profile) -> None:
        self.table = table
        self.stage = stage
        self.profile = profile
        self.ghost: Ghost | None = None
        self._pace: tuple[GameTag, Progress | None] | None = None
        self._solved: tuple[object, int] = ((), 0)
        table.tap(self._heard)

    def solved(self) -> int:
        """The 3BV the player has solved (counted again only when cells opened)."""
        table = self.table
        key = (table.tag, table.game.opened_count)
        if self._solved[0] != key:
            self._solved = (key, table.game.bbbv_solved())
        return self._solved[1]

    def _heard(self, event: TableEvent) -> None:
        ghost = self.ghost
        if isinstance(event, GameStarted) and ghost is not None and ghost.tag != event.tag:
            self.ghost = None  # (a ghost races one game)

    # ------------------------------------------------------------------ the ghost

    def offer(self, replay: Replay, label: str) -> None:
        """Ask whether to race a replay of the board just put on the table."""
        progress = replay_progress.progress_of(replay)
        tag = self.table.tag
        if progress is None or progress.bbbv == 0:
            return
        time = (
            gettext("it did not finish")
            if progress.finish_ms is None
            else seconds(progress.finish_ms)
        )
        racing = (screen.RaceAnswer.RACE, screen.RaceAnswer.RACE_BOARD)

        def answered(result: object) -> None:
            if result in racing and self.table.tag == tag:
                self.race(progress, label, small_board=result is screen.RaceAnswer.RACE_BOARD)

        self.stage.open(screen.race_dialog(label, time), answered)

    def offer_best(self, mode: Mode) -> None:
        """Offer the player's own best on a shared board played again (a board code,
        a daily board), if its replay was kept."""
        if mode.code is not None:
            column, value = "code", mode.code
        elif mode.daily is not None:
            column, value = "daily", mode.daily
        else:
            return
        replay = self._kept(self.profile.history.best_replay(column, value))
        if replay is not None:
            self.offer(replay, N_("your best on this board"))

    def _kept(self, name: str | None) -> Replay | None:
        """A replay kept in the replays folder under ``name`` (None: not named, gone
        or unreadable; a ghost is only offered, never owed). The folder keeps the
        game's own replays only (game.flows.end_of_game writes them)."""
        path = replay_files.kept(self.profile.folder, name)
        if path is None:
            return None
        try:
            return reader.load(path)
        except ReplayError:
            return None

    def race(self, progress: Progress, label: str, *, small_board: bool = False) -> None:
        """Race this progress in the game on the table (its progress as a bar, or as
        a small board)."""
        self.ghost = Ghost(progress, label, self.table.tag, small_board)

    @property
    def racing(self) -> Ghost | None:
        """The ghost racing the game on the table, if one is."""
        ghost = self.ghost
        return ghost if ghost is not None and ghost.tag == self.table.tag else None

    def ghost_now(self) -> tuple[tuple[int, int] | None, int, int] | None:
        """The ghost at the game's time: its pointer (None before its first place),
        its solved 3BV and its board's 3BV; None without a ghost."""
        ghost = self.racing
        if ghost is None:
            return None
        ms = self.table.session.elapsed_ms
        progress = ghost.progress
        return (progress.pointer_at(ms), progress.solved_at(ms), progress.bbbv)

    def result(self, session: PlaySession, tag: GameTag) -> str | None:
        """Who finished first, and by how much (None: no ghost raced this game)."""
        ghost = self.ghost
        if ghost is None or ghost.tag != tag:
            return None
        mine = session.elapsed_ms if session.status is Status.WON else None
        theirs = ghost.progress.finish_ms
        whose = gettext(ghost.label)
        if mine is None and theirs is None:
            return gettext("Race against {whose}: neither finished.").format(whose=whose)
        if theirs is None:
            return gettext("Race against {whose}: you finished first.").format(whose=whose)
        if mine is not None and mine < theirs:
            return gettext("Race against {whose}: you finished first by {time}.").format(
                whose=whose, time=seconds(theirs - mine)
            )
        if mine is None:
            return gettext("Race against {whose}: the ghost finished first.").format(whose=whose)
        return gettext("Race against {whose}: the ghost finished first by {time}.").format(
            whose=whose, time=seconds(mine - theirs)
        )

    def standing(self) -> str:
        """The race as it is drawn now, in words (said with 3BV/s): the ghost's 3BV
        solved beside the player's, the pace against the personal best ("": none)."""
        said = []
        ghost = self.ghost_now()
        if ghost is not None:
            said.append(
                gettext("the ghost: {theirs} of {bbbv} 3BV, you: {mine}").format(
                    theirs=ghost[1], bbbv=ghost[2], mine=self.solved()
                )
            )
        ahead = self.ahead_ms()
        if ahead is not None:
            pace = N_("{time} ahead of your best") if ahead >= 0 else N_("{time} behind your best")
            said.append(gettext(pace).format(time=spoken_seconds(abs(ahead))))
        return ", ".join(said)

    # ------------------------------------------------------------------ the pace

    def pace(self) -> Progress | None:
        """The personal best's progress on the preset being played (an ordinary
        game under way), worked out once a game."""
        table = self.table
        tag, board = table.tag, table.board
        if not tag.mode.pace or board.difficulty not in PRESETS:
            return None
        if table.session.status is not Status.PLAYING:
            return self._pace[1] if self._pace is not None and self._pace[0] == tag else None
        if self._pace is None or self._pace[0] != tag:
            self._pace = (tag, self._best(tag.mode.category(board, table.session.rules).key))
        return self._pace[1]

    def _best(self, category: str) -> Progress | None:
        """The progress of a category's best time (a preset's, random or no-guess),
        from its kept replay."""
        profile = self.profile
        best_list = profile.best_times(category)
        if not best_list or best_list[0].game_id is None:
            return None
        replay = self._kept(profile.replay_of(best_list[0].game_id))
        return None if replay is None else replay_progress.progress_of(replay)

    def ahead_ms(self) -> float | None:
        """How far ahead of the best the player is now, in ms (negative: behind):
        the time the best took to solve as much 3BV, less the time taken."""
        best = self.pace()
        session = self.table.session
        if best is None:
            return None
        solved = self.solved()
        if solved == 0:
            return None
        took = best.time_to(solved)
        elapsed = session.elapsed_ms
        if took is None:  # further than the best ever went: ahead by what is left
            return None if best.finish_ms is None else max(0.0, best.finish_ms - elapsed)
        return took - elapsed

    def splits(self, replay: Replay | None, tag: GameTag) -> str | None:
        """After a game on a preset (``tag``: the game): its split against the best
        by quarters of the 3BV (seconds faster or slower in each quarter)."""
        if replay is None or self._pace is None or self._pace[0] != tag:
            return None  # (no best was paced in this game)
        best = self._pace[1]
        if best is None:
            return None

        mine = replay_progress.progress_of(replay)
        if mine is None:
            return None
        parts = []
        last_mine = last_best = 0
        for k, (a, b) in enumerate(zip(mine.quarters(), best.quarters(), strict=True), 1):
            if a is None or b is None:
                break
            diff = (a - last_mine) - (b - last_best)
            said = gettext("Q{k} {time} slower") if diff > 0 else gettext("Q{k} {time} faster")
            parts.append(said.format(k=k, time=seconds(abs(diff))))
            last_mine, last_best = a, b
        if not parts:
            return None
        return gettext("Against your best, by quarters of the 3BV: {parts}.").format(
            parts=gettext(", ").join(parts)
        )
