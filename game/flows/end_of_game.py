"""The end of a game, in the order it is written down once here:

1. the game goes into the history (an abandoned game too: it counts as lost);
2. a best time asks for the player's name;
3. the replay is made from the recorder, with the player's name; a won game's is
   kept in replays/;
4. the end-of-game panel: the statistics, the board code with a button to copy it,
   a button to keep the replay, and whether the game was assisted (a hint or the
   chances were shown: no record); after a best time, the best times follow it.

It is a tap on the table (after the recorder, so the replay ends with the last click).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime
from typing import TYPE_CHECKING

from game.core import Status
from game.persist import GameRecord, finished_at_text
from game.replay.format import player_name
from game.session import PlaySession
from game.session.table import GameEnded, GameTag, Result, Source, TableEvent
from game.widgets.clipboard import copy
from game.words import count, seconds

PRACTICE = "A practice game: no record, history or statistic counts it."
"""What the panel says of a game on a replay's board."""
ASSISTED = "Assisted (a hint or the chances were shown): not a record."


def undone(deaths: int) -> str:
    """How many deaths were taken back: '1 death undone', '2 deaths undone'."""
    return f"{count(deaths, 'death')} undone"


"""What the panel says of a won game that was helped."""

if TYPE_CHECKING:
    from game.boardcode import BoardCode
    from game.flows.dialogs import Dialogs
    from game.replay import Recorder, Replay
    from game.rules import Difficulty
    from game.viewport import Viewport


def code_of(session: PlaySession) -> BoardCode | None:
    """The board code of a session's board: one layout for everyone, the mines
    placed around the cell this game's were (None for a board dealt without a seed,
    or not yet placed)."""
    from game.boardcode import BoardCode

    game = session.game
    start = session.start or game.placed_from
    if game.seed is None or start is None:
        return None
    return BoardCode(session.board, session.rules, game.seed, start)


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
        session, tag = event.session, event.tag
        if tag.source is Source.PRACTICE:  # unranked: kept nowhere but in the panel
            if event.result is not Result.ABANDONED:
                self.last_replay = self.recorder.replay()
                deaths = self.dialogs.table.deaths
                self.replay_note = (
                    PRACTICE.replace("A practice game", f"A practice game ({undone(deaths)})")
                    if deaths
                    else PRACTICE
                )
                self.game_id = None
                self.show_panel(session, tag)
            return
        game_id = self._record(event)
        if event.result is Result.ABANDONED:
            return
        replay = self.recorder.replay(  # now: the recorder moves on with the next game
            date=datetime.now().isoformat(timespec="seconds"), daily=tag.daily or ""
        )
        place = None
        if event.result is Result.WON:
            self.viewport.window.set_title(f"Minesweeper - won in {seconds(event.summary.ms)}")
            place = None if game_id is None else self.profile.best_time_place(game_id)
        if game_id is None or place is None:
            self._keep_replay(replay, tag, self.profile.last_name, best=False, game_id=game_id)
            self.show_panel(session, tag)
            return
        from game import screens

        preset = session.board.difficulty

        def named(result: object) -> None:
            # A cancelled name box still keeps the time, under the remembered name.
            last = self.profile.last_name
            name = str(result.get("name", last) if isinstance(result, dict) else last)
            self.profile.name_best_time(game_id, name)
            self.dialogs.tell_problems()
            self._keep_replay(replay, tag, name, best=True, game_id=game_id)
            self.show_panel(session, tag, best=preset)

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
        if event.result is Result.ABANDONED:
            record = replace(record, abandoned=True)
        fatal = game.exploded if event.result is Result.LOST else []
        if fatal:  # (where the player died: the deaths' heatmap)
            record = replace(record, death_row=fatal[0][0], death_col=fatal[0][1])
        if event.tag.source is Source.CODE:
            code = code_of(session)
            record = replace(record, code=None if code is None else code.code)
        game_id = self.profile.record_game(record)
        self.dialogs.tell_problems()
        return game_id

    def _keep_replay(
        self, replay: Replay | None, tag: GameTag, player: str, *, best: bool, game_id: int | None
    ) -> None:
        """The game's replay, with the player's name; a won game's is kept in the
        replays folder."""
        self.game_id = game_id
        if replay is not None:
            replay = replace(replay, player=player_name(player))
        self.last_replay = replay
        self.replay_note = ""
        if replay is not None and replay.result is Status.WON:
            self.keep(replay, tag, "best" if best else "", game_id)

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

    def export_evf(self, replay: Replay, tag: GameTag) -> str:
        """Save the replay as an EVF file beside the kept replays; what became of it."""
        from game.persist import replays as replay_files
        from game.replay.format import SUFFIX
        from game.replay.formats.evf_write import export_evf
        from game.words import RESULT_WORDS

        name = replay_files.file_name(
            datetime.now(),
            "daily" if tag.daily else replay.board.difficulty.value,
            RESULT_WORDS.get(replay.result, "unfinished"),
            replay.ms,
        )
        name = name.removesuffix(SUFFIX) + ".evf"
        try:
            path = replay_files.export(self.profile.folder, name, export_evf(replay))
        except (OSError, ValueError) as error:
            return f"The EVF file could not be saved ({getattr(error, 'strerror', None) or error})."
        return f"Saved for Metasweeper and the community's players: {path.name}"

    def show_panel(
        self, session: PlaySession, tag: GameTag, best: Difficulty | None = None
    ) -> None:
        """The end-of-game panel: statistics, the board code (copyable), the replay;
        after a best time (``best``: its board) the best times follow it."""
        from game import screens

        code = code_of(session)
        replay = self.last_replay
        lines = [self.replay_note] if self.replay_note else []
        if session.used_hint and session.status is Status.WON:
            lines.append(ASSISTED)
        if tag.daily is not None:
            stats = self.profile.history.daily(date.fromisoformat(tag.daily))
            today = "-" if stats.today_ms is None else seconds(stats.today_ms)
            streak = count(stats.streak, "day")
            lines.append(f"Daily board of {tag.daily}: best today {today}, streak {streak}.")
        kept = self.replay_note.startswith("Replay kept")
        dialog = screens.game_panel(
            session.summary(),
            session.board.difficulty,
            None if code is None else code.code,
            lines,
            keep=replay is not None and not kept,
            export=replay is not None and replay.minefield is not None,
            analyse=replay is not None and replay.minefield is not None,
            undo=session.status is Status.LOST and bool(session.log),
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
                self.show_panel(session, tag, best)
            elif result == screens.UNDO:
                self.dialogs.table.undo_death()
            elif result == screens.ANALYSIS and replay is not None:
                self.dialogs.analysis(
                    replay, "This game", then=lambda: self.show_panel(session, tag, best)
                )
            elif result == screens.EXPORT_EVF and replay is not None:
                self.replay_note = self.export_evf(replay, tag)
                self.show_panel(session, tag, best)
            elif result == screens.KEEP_REPLAY and replay is not None:
                self.keep(replay, tag, "kept", self.game_id)
                self.show_panel(session, tag, best)
            elif best is not None:
                self.dialogs.best_times(best)

        self.stage.open(dialog, answered)
