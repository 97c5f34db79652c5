"""The dialogs the commands open, each with what its answer does: the records, the
settings and keys, the custom board and board code, help, rules and about; and the
one place that tells the player what the profile could not read or save.

The dialogs themselves are made by game.screens, imported when one is first opened
(about 12 ms a start-up with nothing to ask need not pay).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.modes.mode import Mode
from game.rules import PRESETS, Board, Difficulty
from game.session.table import Table
from game.version import version
from game.view.prefs import Prefs
from game.view.stage import Stage

if TYPE_CHECKING:
    from game.persist import Profile, Sort
    from game.replay import Replay
    from game.screens import HistoryFilter

NewGame = Callable[[Board], None]
"""Starts a new ordinary game of a size (PlayScene.new_game)."""


class Dialogs:
    """Opens each dialog on the stage and acts on its answer. It is handed the stage,
    the preferences, the profile and the table by the shell and hands none of them
    out: whoever else needs one is handed it too."""

    def __init__(self, stage: Stage, prefs: Prefs, profile: Profile, table: Table) -> None:
        self._stage = stage
        self._prefs = prefs
        self._profile = profile
        self._table = table

    def tell_problems(self) -> None:
        """Show, once, anything the profile could not read or save."""
        problems = self._profile.take_new_problems()
        if problems:
            from game import screens

            self._stage.open(screens.problems_dialog(problems))

    def best_times(self, preset: Difficulty) -> None:
        """The Best Times screen of one preset (Next: the next preset)."""
        from game import screens

        shown = preset if preset.is_preset else Difficulty.BEGINNER

        def answered(result: object) -> None:
            if result == screens.NEXT:
                self.best_times(screens.next_preset(shown))
            elif result == screens.RESET:
                self.confirm("all best times", self._profile.reset_best_times)

        entries = self._profile.best_times(shown)
        rate = self._profile.best_rate(shown)
        self._stage.open(screens.best_times_dialog(entries, shown, rate), answered)

    def statistics(self) -> None:
        """The Statistics screen."""
        from game import screens

        def answered(result: object) -> None:
            if result == screens.RESET:
                self.confirm("all statistics", self._profile.reset_stats)
            elif result == screens.DEATHS:
                self.deaths(self._table.board)

        kinds = [*PRESETS, Difficulty.CUSTOM]
        stats = {kind: self._profile.stats(kind) for kind in kinds}
        rates = {kind: self._profile.best_rate(kind) for kind in kinds}
        from datetime import date

        from game.modes.category import CODE_KIND

        daily = self._profile.history.daily(date.today())
        codes = self._profile.history.stats(CODE_KIND)
        self._stage.open(screens.statistics_dialog(stats, rates, daily, codes), answered)

    def ladder(self, play: Callable[[Mode], None]) -> None:
        """The ladder: every level, locked or not, its best time; one picked is played."""
        from game.flows import series_dialogs

        series_dialogs.ladder(self._stage, self._profile, self._prefs.settings.rules, play)

    def trials(self, play: Callable[[Mode], None]) -> None:
        """The time trials and their best totals; one picked starts a run."""
        from game.flows import series_dialogs

        series_dialogs.trials(self._stage, self._profile, self._prefs.settings.rules, play)

    def tournament(self, play: Callable[[Mode], None]) -> None:
        """The tournament being played: the player's score in it; a level picked is
        played in it."""
        from game.flows import series_dialogs

        entered = self._table.tag.mode.entered
        rules = self._prefs.settings.rules
        series_dialogs.tournament(self._stage, self._profile, entered, rules, play)

    def deaths(self, board: Board) -> None:
        """Where the player died on a board size (Next: each preset, and the
        window's board if it is none), over the whole history."""
        from game import screens

        sizes = list(dict.fromkeys([*PRESETS.values(), self._table.board]))

        def answered(result: object) -> None:
            if result == screens.NEXT:
                at = sizes.index(board) if board in sizes else -1
                self.deaths(sizes[(at + 1) % len(sizes)])

        deaths = self._profile.deaths(board.rows, board.cols)
        self._stage.open(screens.deaths_dialog(board, deaths), answered)

    def history(
        self,
        kind: HistoryFilter = None,
        sort: Sort | None = None,
        first: int = 0,
        won: bool | None = None,
    ) -> None:
        """The History screen: a page of past games and a chart of their times.
        Next shows the next kind of board (all, each preset, custom, the daily
        boards, the games from board codes),
        Result every game, the won or the lost, Sort the next order (newest
        first to begin with), More the next page (then the first again); Export
        writes the whole history to a dated file in the data folder and Import
        adds the newest such file found there, each saying what it did."""
        from game import screens
        from game.persist import Sort

        order = Sort.DATE if sort is None else sort

        def answered(result: object) -> None:
            if result == screens.NEXT:
                self.history(screens.next_history_filter(kind), order, won=won)
            elif result == screens.RESULT:
                self.history(kind, order, won=screens.next_history_result(won))
            elif result == screens.SORT:
                self.history(kind, screens.next_history_sort(order), won=won)
            elif result == screens.OLDER:
                later = first + screens.HISTORY_ROWS
                self.history(kind, order, later if later < total else 0, won)
            elif result == screens.PICKED and dialog.picked is not None:
                self.analyse_stored(games[dialog.picked].record.replay, again)
            elif result in (screens.EXPORT, screens.IMPORT):
                done = (
                    self._profile.export_history()
                    if result == screens.EXPORT
                    else self._profile.import_history()
                )
                self._stage.open(screens.history_transfer_dialog(done))
                self.tell_problems()

        total = self._profile.count(kind, won)
        games = self._profile.page(kind, won, order, offset=first, limit=screens.HISTORY_ROWS)
        charted = self._profile.page(kind, won, limit=screens.HISTORY_CHART)
        chart_of = screens.charted_board(kind, charted[0] if charted else None)
        if chart_of is not kind and chart_of is not None:  # (all boards: the newest's)
            charted = self._profile.page(chart_of, won, limit=screens.HISTORY_CHART)
        dialog = screens.history_dialog(
            games, kind, sort=order, won=won, first=first, total=total, charted=charted
        )

        def again() -> None:
            self.history(kind, order, first, won)

        self._stage.open(dialog, answered)

    def analyse_stored(self, replay_name: str | None, then: Callable[[], None]) -> None:
        """The analysis of a game of the history from its kept replay (or why there
        is none); ``then`` after it closes."""
        from game import screens
        from game.persist import replays as replay_files
        from game.replay import ReplayError
        from game.replay.files import open_replay
        from game.view.widgets.message import MessageDialog

        path = replay_files.kept(self._profile.folder, replay_name)
        if path is None:
            self._stage.open(MessageDialog("Analysis", [screens.NO_REPLAY]), lambda _: then())
            return
        try:
            opened = open_replay(path)
        except ReplayError as error:
            self._stage.open(
                MessageDialog("This game cannot be analysed", [str(error)]), lambda _: then()
            )
            return
        self.analysis(opened.replay, path.name, str(path), then)

    def analysis(
        self,
        replay: Replay,
        name: str,
        path: str | None = None,
        then: Callable[[], None] | None = None,
    ) -> None:
        """The analysis of a game (its replay; ``path``: the file it came from, so
        a community file is counted by its community's rules), every click judged
        on boards of up to JUDGED_CELLS cells; ``then`` after it closes."""
        from game import screens
        from game.analysis.judge import JUDGED_CELLS
        from game.replay.files import COMMUNITY_SUFFIXES
        from game.replay.report import report, report_of

        board = replay.board
        judged = board.rows * board.cols <= JUDGED_CELLS
        if path is not None and path.lower().endswith(COMMUNITY_SUFFIXES):
            entry = report(path, moves=judged)
        else:
            entry = report_of(replay, name, moves=judged)
        if "error" in entry:
            from game.view.widgets.message import MessageDialog

            self._stage.open(MessageDialog("This game cannot be analysed", [entry["error"]]))
            return
        self._stage.open(
            screens.analysis_dialog(entry, name), None if then is None else lambda _: then()
        )

    def confirm(self, what: str, reset: Callable[[], bool]) -> None:
        """Ask before resetting records; Cancel is the default."""
        from game import screens

        def answered(result: object) -> None:
            if result == screens.RESET:
                reset()
                self.tell_problems()

        self._stage.open(screens.confirm_dialog(what), answered)

    def keys(self) -> None:
        """The Keys screen: pick a command, press its new key; kept in the settings."""
        from game import screens

        prefs = self._prefs
        dialog = screens.keys_dialog(prefs.keymap)
        bindings = prefs.keymap.bindings

        def picked(index: int) -> list[tuple[str, str]]:
            dialog.wait_for_key(index, f"Press the key for '{bindings[index].does}' (Esc: keep).")
            return screens.keys_items(prefs.keymap)

        def pressed(index: int, key: str) -> tuple[list[tuple[str, str]], str | None]:
            said = prefs.rebind(bindings[index].command, key)
            self.tell_problems()
            return screens.keys_items(prefs.keymap), said

        def answered(result: object) -> None:
            if result == screens.DEFAULT_KEYS:
                prefs.default_keys()
                self.tell_problems()
                self.keys()

        dialog.on_pick = picked
        dialog.on_key = pressed
        self._stage.open(dialog, answered)

    def settings(self) -> None:
        """The Settings menu: each pick changes one setting and keeps it; the rules
        apply from the next game (the game in progress keeps its own)."""
        from game import screens
        from game.view import toggles

        dialog = screens.settings_dialog(self._prefs.settings)

        def picked(index: int) -> list[tuple[str, str]]:
            self._prefs.save(toggles.SETTINGS[index].cycled(self._prefs.settings))
            self.tell_problems()
            return toggles.dialog_lines(self._prefs.settings)

        dialog.on_pick = picked
        self._stage.open(dialog)

    def custom(self, new_game: NewGame) -> None:
        """The Custom board dialog: rows, columns, mines, checked against the limits."""
        from game import screens

        def chosen(result: object) -> None:
            board = screens.custom_board(result)
            if board is not None:
                new_game(board)

        self._stage.open(screens.custom_dialog(self._table.board), chosen)

    def board_code(self, play: Callable[[Mode], None]) -> None:
        """Ask for a board code, then play its board."""
        from game import screens
        from game.modes.shared import Code
        from game.replay import boardcode

        def chosen(result: object) -> None:
            if isinstance(result, dict):
                play(Code(boardcode.parse(str(result["code"]))))  # (codes load with the first)

        self._stage.open(screens.board_code_dialog(), chosen)

    def help(self) -> None:
        """The keys, from the bindings table."""
        from game.view.widgets.message import HelpOverlay

        self._stage.open(HelpOverlay(self._prefs.keymap.help_rows(), f"Minesweeper {version()}"))

    def rules(self) -> None:
        """The rules in brief."""
        from game import screens

        self._stage.open(screens.rules_dialog())

    def about(self) -> None:
        """The version, the licences, and where the player's records are kept."""
        from game import screens

        self._stage.open(screens.about_dialog(version(), self._profile.folder))
