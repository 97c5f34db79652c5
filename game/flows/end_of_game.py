"""The end of a game, in the order it is written down once here:

1. the game goes into the history (an abandoned game too: it counts as lost);
2. a best time asks for the player's name (in the panel, step 4: one view);
3. the replay is made from the recorder, with the player's name; a won game's is
   kept in replays/;
4. the end-of-game panel: the statistics, the board code with a button to copy it,
   a button to keep the replay, and whether the game was assisted (a hint or the
   chances were shown: no record); after a best time, its place, and the name box
   in it until the name is given (the replay is made then, with the name). The
   panel sits in the side beside the finished board (game.view.stage).

It is a tap on the table (after the recorder, so the replay ends with the last click).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.on_first_use import OnFirstUse
from game.core.status import Status
from game.flows.series import SeriesKeeper
from game.language import N_, gettext, ngettext
from game.language import day as language_day
from game.language import shown as in_language
from game.modes.mode import Mode
from game.persist import replays as replay_files
from game.replay.boardcode import BoardCode
from game.replay.format import player_name
from game.rules import RuleMode
from game.session.play import PlaySession, deal_again
from game.session.table import GameEnded, GameTag, Result, TableEvent
from game.words import seconds

if TYPE_CHECKING:
    import datetime as dt
else:  # (with the first date or time asked for: 0.45 MB, not at start)
    dt = OnFirstUse("datetime")


def unranked_line(mode: Mode, why: str, deaths: int) -> str:
    """What the panel says of an unranked game: its mode's word on it (a practice
    game, a replay), else why (the help it had, named); ``deaths``: how many were
    undone."""
    said = mode.describe(deaths) or gettext("Unranked ({why})").format(why=gettext(why))
    return gettext("{said}: not a record, and no statistic or streak counts it.").format(said=said)


if TYPE_CHECKING:
    from game.flows import evf_save, web_save
    from game.flows.analysis import Analyst
    from game.flows.dialogs import Dialogs
    from game.flows.race import Race
    from game.modes import practice
    from game.persist import game_record
    from game.persist.profile import Profile
    from game.replay.boardcode import BoardCode
    from game.replay.format import Replay
    from game.replay.recorder import Recorder
    from game.screens import end_of_game as panel
    from game.screens import records
    from game.session.table import Table
    from game.view.stage import Stage
    from game.view.viewport import Viewport
    from game.view.widgets import clipboard
else:  # (each loads with the first game that ends, not before the first input)
    evf_save, web_save = OnFirstUse("game.flows.evf_save"), OnFirstUse("game.flows.web_save")
    practice = OnFirstUse("game.modes.practice")
    game_record = OnFirstUse("game.persist.game_record")
    panel, records = OnFirstUse("game.screens.end_of_game"), OnFirstUse("game.screens.records")
    clipboard = OnFirstUse("game.view.widgets.clipboard")


def code_of(session: PlaySession) -> BoardCode | None:
    """The board code of a session's board: one layout for everyone, the mines
    placed around the cell this game's were (None for a board dealt without a seed,
    or not yet placed, or in a rule mode that moves its mines, lays them its own
    way or chords on by itself: a board code carries a first-click rule, not a rule
    mode, and would deal another board or play it by other rules)."""
    game, rules = session.game, session.rules
    start = session.start or game.placed_from
    if game.seed is None or start is None or rules.mode is not RuleMode.of(rules.first_click):
        return None
    return BoardCode(session.board, session.rules, game.seed, start)


def won_title(ms: int) -> str:
    """The window's title after a won game (its time), in the player's language: the
    end of the game sets it, and the play scene says it again in a new language."""
    return gettext("Minesweeper - won in {time}").format(time=seconds(ms))


class EndOfGame:
    """Hears the table's GameEnded and carries the ending through."""

    def __init__(
        self,
        stage: Stage,
        profile: Profile,
        table: Table,
        dialogs: Dialogs,
        recorder: Recorder,
        viewport: Viewport,
        analyst: Callable[[], Analyst],
        race: Race | None = None,
    ) -> None:
        """``analyst``: what opens a game's analysis (the shell makes it when first
        asked for)."""
        self.analyst = analyst
        self.race = race
        """The ghost and the pace of the game (their lines in the panel; Retry races)."""
        self.dialogs = dialogs
        self.stage = stage
        self.profile = profile
        self.table = table
        self.recorder = recorder
        self.viewport = viewport
        self.last_replay: Replay | None = None
        """The replay of the game that ended last (None if it was not recorded)."""
        self.replay_note = ""
        """What became of it, as the panel says."""
        self.kept_as: str | None = None
        """The file name the replay is kept under (None: not kept)."""
        self.game_id: int | None = None
        """The last finished game's id in the history."""
        self.series = SeriesKeeper(profile.folder)
        """The time trials' runs and the tournaments' games (the series book)."""

    def __call__(self, event: TableEvent) -> None:
        if not isinstance(event, GameEnded):
            return
        session, tag = event.session, event.tag
        game_id = self._record(event)  # (every game, ranked or not: the history shows it)
        if event.result is Result.ABANDONED:
            return
        if not tag.mode.keeps_replay:  # (practice: no best time, no replay kept of its own)
            self.last_replay = self.recorder.replay()
            self.replay_note, self.kept_as = "", None
            self.game_id = game_id
            self.show_panel(session, tag)
            return
        replay = self.recorder.replay(  # now: the recorder moves on with the next game
            date=dt.datetime.now().isoformat(timespec="seconds"),
            daily=tag.mode.daily or "",
            tournament=tag.mode.entered.ident if tag.mode.entered else "",
        )
        place = None
        if event.result is Result.WON:
            self.viewport.window.set_title(won_title(event.summary.ms))
            place = None if game_id is None else self.profile.best_time_place(game_id)
        if game_id is None or place is None:
            self._keep_replay(replay, self.player, best=False, game_id=game_id)
            self.show_panel(session, tag)
            return

        code = code_of(session)
        best = records.BestTime(
            tag.mode.category(session.board, session.rules),
            event.summary.ms,
            place,
            self.player,
            None if code is None else code.code,
        )
        self.last_replay, self.replay_note, self.kept_as = replay, "", None
        self.game_id = game_id
        self.show_panel(session, tag, best, naming=game_id)

    def _record(self, event: GameEnded) -> int | None:
        """Keep the game just finished (or abandoned) in the history; its id there."""
        session, summary, tag = event.session, event.summary, event.tag
        game, clicks = session.game, summary.clicks
        rank = tag.mode.standing(session)
        record = game_record.GameRecord(
            finished_at=game_record.finished_at_text(dt.datetime.now()),
            difficulty=rank.kind,
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
            unranked=None if rank.ranked else rank.why,
        )
        if tag.mode.daily is not None:
            record = record.replace(daily=tag.mode.daily)
        if event.result is Result.ABANDONED:
            record = record.replace(abandoned=True)
        fatal = game.exploded if event.result is Result.LOST else []
        if fatal:  # (where the player died: the deaths' heatmap)
            record = record.replace(death_row=fatal[0][0], death_col=fatal[0][1])
        if tag.mode.code is not None:
            record = record.replace(code=tag.mode.code)
        game_id = self.profile.record_game(record)
        self.dialogs.tell_problems()
        self.series.recorded(event, game_id)
        return game_id

    @property
    def player(self) -> str:
        """The player's name: the settings' (the Player form's), else the last name
        given to a best time."""
        return self.profile.settings.player or self.profile.last_name

    def _keep_replay(
        self, replay: Replay | None, player: str, *, best: bool, game_id: int | None
    ) -> None:
        """The game's replay, with the player's name, identifier and country (the
        settings'); a won game's is kept in the replays folder."""
        self.game_id = game_id
        if replay is not None:
            settings = self.profile.settings
            replay = replay.replace(
                player=player_name(player),
                identifier=settings.identifier,
                country=settings.country,
            )
        self.last_replay = replay
        self.replay_note, self.kept_as = "", None
        if replay is not None and (
            replay.result is Status.WON or self.table.tag.mode.keeps_lost_replay
        ):
            self.keep(replay, "best" if best else "", game_id)

    def keep(self, replay: Replay, label: str = "", game_id: int | None = None) -> None:
        """Write a replay into the replays folder (noted in the history with the game
        ``game_id``); the panel's note says where (or why not)."""
        name = replay_files.file_name(replay, label)
        profile = self.profile
        if not profile.writable:
            self.replay_note = gettext(
                "The replay could not be kept: the data folder cannot be written."
            )
            return
        try:
            path = replay_files.keep(profile.folder, name, replay.to_text())
        except OSError as error:
            self.replay_note = gettext("The replay could not be kept ({error}).").format(
                error=error.strerror or error
            )
            return
        self.replay_note = gettext("Replay kept: {name}").format(name=path.name)
        self.kept_as = path.name
        if game_id is not None:
            profile.history.set_replay(game_id, path.name)

    def retry(self, session: PlaySession, replay: Replay | None) -> None:
        """The same board again (a practice game: it was seen), racing the game
        just played if the player wants (when it was recorded: a game played on from
        a position has no replay of its own)."""
        game = session.game
        self.table.start(
            practice.Practice.again(
                deal_again(game.minefield, session.board, session.rules, game.seed)
            )
        )
        if self.race is not None and replay is not None and replay.minefield is not None:
            self.race.offer(replay, N_("your last game"))

    def show_panel(
        self,
        session: PlaySession,
        tag: GameTag,
        best: records.BestTime | None = None,
        naming: int | None = None,
    ) -> None:
        """The end-of-game panel beside the board: statistics, the board code
        (copyable), the replay; after a best time (``best``) its place, and the name
        box in it until the name is given (``naming``: the game's id in the history;
        its replay, the last one, is kept under the name), its one view. A mode whose
        games end in a panel of their own (a live race's) has none."""
        if not tag.mode.ends_beside and naming is None:
            return
        code = code_of(session)
        replay = self.last_replay
        lines = [self.replay_note] if self.replay_note else []
        if self.kept_as is not None and self.kept_as not in self.replay_note:
            kept_line = gettext("Replay kept: {name}").format(name=self.kept_as)
            lines.insert(0, kept_line)  # (kept before the last button)
        if best is not None and naming is None:  # (naming: the name box says it)
            lines.insert(0, records.best_line(best))
        progress = tag.mode.progress(session)
        if progress:
            lines.append(progress)
        problem = self.series.take_problem()
        if problem:
            lines.append(in_language(problem))
        rank = tag.mode.standing(session)
        if rank.why is not None:
            lines.append(unranked_line(tag.mode, rank.why, self.table.deaths))
        race = self.race
        for line in (race.result(session, tag), race.splits(replay, tag)) if race else ():
            if line:
                lines.append(line)
        if tag.mode.code is not None and rank.ranked:
            record_ms, games = self.profile.history.code_record(tag.mode.code)
            shown = gettext("none yet") if record_ms is None else seconds(record_ms)
            lines.append(
                ngettext(
                    "This board code: best {best}, {n} game played.",
                    "This board code: best {best}, {n} games played.",
                    games,
                ).format(best=shown, n=games)
            )
        if tag.mode.daily is not None:
            day = tag.mode.daily
            stats = self.profile.history.daily(dt.date.fromisoformat(day))
            today = "-" if stats.today_ms is None else seconds(stats.today_ms)
            lines.append(
                ngettext(
                    "Daily board of {day}: best today {today}, streak {n} day.",
                    "Daily board of {day}: best today {today}, streak {n} days.",
                    stats.streak,
                ).format(day=language_day(dt.date.fromisoformat(day)), today=today, n=stats.streak)
            )
        kept = self.kept_as is not None or naming is not None  # (a best time's is kept)
        dialog = panel.game_panel(
            session.summary(),
            session.board.difficulty,
            None if code is None else code.code,
            lines,
            keep=replay is not None and not kept,
            export=replay is not None and replay.minefield is not None,
            analyse=replay is not None and replay.minefield is not None,
            undo=session.status is Status.LOST and bool(session.log),
            retry=session.game.minefield is not None,  # (the board, recorded or not)
            best=None if naming is None else best,
        )

        def noted(said: str) -> None:
            self.replay_note = said
            self.show_panel(session, tag, best)

        def answered(result: object) -> None:
            nonlocal replay
            if naming is not None:
                # A cancelled name box still keeps the time, under the remembered name.
                name = result.name if isinstance(result, panel.NamedPanel) else self.player
                self.profile.name_best_time(naming, name)
                self.dialogs.tell_problems()
                self._keep_replay(replay, name, best=True, game_id=naming)
                replay = self.last_replay  # (now with the name)
                result = result.button if isinstance(result, panel.NamedPanel) else None
            if tag != self.table.tag:
                return  # (a new game came since)
            if result is panel.PanelAnswer.COPY_CODE and code is not None:
                self.replay_note = (
                    gettext("The board code is on the clipboard.")
                    if clipboard.copy(code.code)
                    else gettext("No clipboard here: the code is shown above.")
                )
                self.show_panel(session, tag, best)
            elif result is panel.PanelAnswer.UNDO:
                self.table.undo_death(practice.Practice.after_death)
            elif result is panel.PanelAnswer.RETRY:
                self.retry(session, replay)
            elif result is panel.PanelAnswer.ANALYSIS and replay is not None:
                self.analyst().game(
                    replay,
                    gettext("This game"),
                    then=lambda: self.show_panel(session, tag, best),
                )
            elif result is panel.PanelAnswer.EXPORT_EVF and replay is not None:
                self.replay_note = evf_save.save_evf(self.profile.folder, replay, tag, session)
                self.show_panel(session, tag, best)
            elif result is panel.PanelAnswer.EXPORT_HTML and replay is not None:
                web_save.save_off_the_loop(
                    self.stage, replay, self.profile.folder, lambda said, _: noted(said)
                )
            elif result is panel.PanelAnswer.COPY_LINK and replay is not None:
                web_save.copy_off_the_loop(self.stage, replay, noted)
            elif result is panel.PanelAnswer.KEEP_REPLAY and replay is not None:
                self.keep(replay, "kept", self.game_id)
                self.show_panel(session, tag, best)

        self.stage.open(dialog, answered)
