"""The end of a game, in the order it is written down once here:

1. the game goes into the history (an abandoned game too: it counts as lost);
2. the replay is made from the recorder (a won game's is kept in replays/);
3. a best time asks for the player's name, then shows the best times;
   any other ending shows the end-of-game panel (statistics, the board code with a
   button to copy it, a button to keep the replay).

It is a tap on the table (after the recorder, so the replay ends with the last click).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime
from typing import TYPE_CHECKING

from game.core import Status
from game.persist import GameRecord, finished_at_text
from game.session import PlaySession
from game.session.table import GameEnded, GameTag, Result, Source, TableEvent
from game.widgets.clipboard import copy
from game.words import count, seconds

if TYPE_CHECKING:
    from game.boardcode import BoardCode
    from game.flows.dialogs import Dialogs
    from game.replay import Recorder, Replay
    from game.viewport import Viewport


def code_of(session: PlaySession) -> BoardCode | None:
    """The board code of a session's board (None for a board dealt without a seed)."""
    from game.boardcode import BoardCode

    seed = session.game.seed
    return None if seed is None else BoardCode(session.board, session.rules, seed)


class EndOfGame:
    """Hears the table's GameEnded and carries the ending through."""

    def __init__(self, dialogs: Dialogs, recorder: Recorder, viewport: Viewport) -> None:
        self.dialogs = dialogs
        self.stage = dialogs.stage
        self.profile = dialogs.profile
        self.recorder = recorder
        self.viewport = viewport
        self.last_replay: Replay | None = None
        """The replay of the game that ended last (None if it was not recorded)."""
        self.replay_note = ""
        """What became of it, as the panel says."""
        self.game_id: int | None = None
        """The last finished game's id in the history."""

    def __call__(self, event: TableEvent) -> None:
        if not isinstance(event, GameEnded):
            return
        game_id = self._record(event)
        if event.result is Result.ABANDONED:
            return
        session = event.session
        place = None
        if event.result is Result.WON:
            self.viewport.window.set_title(f"Minesweeper - won in {seconds(event.summary.ms)}")
            place = None if game_id is None else self.profile.best_time_place(game_id)
        self._keep_replay(event, best=place is not None, game_id=game_id)
        if game_id is None or place is None:
            self.show_panel(session, event.tag)
            return
        from game import screens

        preset = session.board.difficulty

        def named(result: object) -> None:
            # A cancelled name box still keeps the time, under the remembered name.
            last = self.profile.last_name
            name = result.get("name", last) if isinstance(result, dict) else last
            self.profile.name_best_time(game_id, str(name))
            self.dialogs.tell_problems()
            self.dialogs.best_times(preset)

        code = code_of(session)
        self.stage.open(
            screens.name_dialog(
                event.summary,
                preset,
                place,
                self.profile.last_name,
                None if code is None else code.code,
            ),
            named,
        )

    def _record(self, event: GameEnded) -> int | None:
        """Keep the game just finished (or abandoned) in the history; its id there."""
        session, summary = event.session, event.summary
        game, clicks = session.game, summary.clicks
        record = GameRecord(
            finished_at=finished_at_text(datetime.now()),
            difficulty=session.board.difficulty.value,
            rows=game.rows,
            cols=game.cols,
            mines=game.mines,
            first_click=game.first_click.value,
            seed=None if game.seed is None else str(game.seed),
            won=summary.status is Status.WON,
            ms=summary.ms,
            bbbv=summary.bbbv,
            bbbv_solved=summary.bbbv_solved,
            left_clicks=clicks.left,
            right_clicks=clicks.right,
            chord_clicks=clicks.chord,
            effective_clicks=clicks.effective,
            used_hint=session.used_hint,
        )
        if event.tag.source is Source.DAILY and event.tag.daily is not None:
            record = replace(record, difficulty="daily", daily=event.tag.daily)
        game_id = self.profile.record_game(record)
        self.dialogs.tell_problems()
        return game_id

    def _keep_replay(self, event: GameEnded, *, best: bool, game_id: int | None) -> None:
        """Make the game's replay; a won game's is kept in the replays folder."""
        self.game_id = game_id
        self.last_replay = self.recorder.replay(
            player=self.profile.last_name,
            date=datetime.now().isoformat(timespec="seconds"),
            daily=event.tag.daily or "",
        )
        self.replay_note = ""
        if self.last_replay is not None and self.last_replay.result is Status.WON:
            self.keep(self.last_replay, event.tag, "best" if best else "", game_id)

    def keep(
        self, replay: Replay, tag: GameTag, label: str = "", game_id: int | None = None
    ) -> None:
        """Write a replay into the replays folder (noted in the history with the game
        ``game_id``); the panel's note says where (or why not)."""
        from game.persist import replays as replay_files
        from game.words import RESULT_WORDS

        name = replay_files.file_name(
            datetime.now(),
            "daily" if tag.daily else replay.board.difficulty.value,
            RESULT_WORDS.get(replay.result, "unfinished"),
            replay.ms,
            label,
        )
        profile = self.profile
        if not profile.writable:
            self.replay_note = "The replay could not be kept: the data folder cannot be written."
            return
        try:
            path = replay_files.keep(profile.folder, name, replay.to_text())
        except OSError as error:
            self.replay_note = f"The replay could not be kept ({error.strerror or error})."
            return
        self.replay_note = f"Replay kept: {path.name}"
        if game_id is not None:
            profile.history.set_replay(game_id, path.name)

    def show_panel(self, session: PlaySession, tag: GameTag) -> None:
        """The end-of-game panel: statistics, the board code (copyable), the replay."""
        from game import screens

        code = code_of(session)
        replay = self.last_replay
        lines = [self.replay_note] if self.replay_note else []
        if tag.daily is not None:
            stats = self.profile.history.daily(date.fromisoformat(tag.daily))
            best = "-" if stats.today_ms is None else seconds(stats.today_ms)
            streak = count(stats.streak, "day")
            lines.append(f"Daily board of {tag.daily}: best today {best}, streak {streak}.")
        kept = self.replay_note.startswith("Replay kept")
        dialog = screens.game_panel(
            session.summary(),
            session.board.difficulty,
            None if code is None else code.code,
            lines,
            keep=replay is not None and not kept,
        )

        def answered(result: object) -> None:
            if tag != self.dialogs.table.tag:
                return  # (a new game came since)
            if result == screens.COPY_CODE and code is not None:
                self.replay_note = (
                    "The board code is on the clipboard."
                    if copy(code.code)
                    else "No clipboard here: the code is shown above."
                )
                self.show_panel(session, tag)
            elif result == screens.KEEP_REPLAY and replay is not None:
                self.keep(replay, tag, "kept", self.game_id)
                self.show_panel(session, tag)

        self.stage.open(dialog, answered)
