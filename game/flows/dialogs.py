"""The dialogs the commands open, each with what its answer does: the records, the
settings and keys, the custom board and board code, help, rules and about; and the
one place that tells the player what the profile could not read or save.

The dialogs themselves are made by game.screens, imported when one is first opened
(about 12 ms a start-up with nothing to ask need not pay).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.prefs import Prefs
from game.rules import PRESETS, Board, Difficulty
from game.session.table import Source, Table
from game.stage import Stage
from game.version import version

if TYPE_CHECKING:
    from game.persist import Sort
    from game.replay import Replay
    from game.screens import HistoryFilter

NewGame = Callable[..., None]
"""Starts a new game: board, and the keywords seed, rules, source (PlayScene.new_game)."""


class Dialogs:
    """Opens each dialog on the stage and acts on its answer."""

    def __init__(self, stage: Stage, prefs: Prefs, table: Table) -> None:
        self.stage = stage
        self.prefs = prefs
        self.profile = prefs.profile
        self.table = table

    def tell_problems(self) -> None:
        """Show, once, anything the profile could not read or save."""
        problems = self.profile.take_new_problems()
        if problems:
            from game import screens

            self.stage.open(screens.problems_dialog(problems))

    def best_times(self, preset: Difficulty) -> None:
        """The Best Times screen of one preset (Next: the next preset)."""
        from game import screens

        shown = preset if preset.is_preset else Difficulty.BEGINNER

        def answered(result: object) -> None:
            if result == screens.NEXT:
                self.best_times(screens.next_preset(shown))
            elif result == screens.RESET:
                self.confirm("all best times", self.profile.reset_best_times)

        entries = self.profile.best_times(shown)
        rate = self.profile.best_rate(shown)
        self.stage.open(screens.best_times_dialog(entries, shown, rate), answered)

    def statistics(self) -> None:
        """The Statistics screen."""
        from game import screens

        def answered(result: object) -> None:
            if result == screens.RESET:
                self.confirm("all statistics", self.profile.reset_stats)
            elif result == screens.DEATHS:
                self.deaths(self.table.board)

        kinds = [*PRESETS, Difficulty.CUSTOM]
        stats = {kind: self.profile.stats(kind) for kind in kinds}
        rates = {kind: self.profile.best_rate(kind) for kind in kinds}
        from datetime import date

        from game.session.ranking import CODE_KIND

        daily = self.profile.history.daily(date.today())
        codes = self.profile.history.stats(CODE_KIND)
        self.stage.open(screens.statistics_dialog(stats, rates, daily, codes), answered)

    def deaths(self, board: Board) -> None:
        """Where the player died on a board size (Next: each preset, and the
        window's board if it is none), over the whole history."""
        from game import screens

        sizes = list(dict.fromkeys([*PRESETS.values(), self.table.board]))

        def answered(result: object) -> None:
            if result == screens.NEXT:
                at = sizes.index(board) if board in sizes else -1
                self.deaths(sizes[(at + 1) % len(sizes)])

        deaths = self.profile.deaths(board.rows, board.cols)
        self.stage.open(screens.deaths_dialog(board, deaths), answered)

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
            elif result == screens.EXPORT:
                self.stage.open(screens.history_transfer_dialog(self.profile.export_history()))
                self.tell_problems()
            elif result == screens.IMPORT:
                self.import_history()

        total = self.profile.count(kind, won)
        games = self.profile.page(kind, won, order, offset=first, limit=screens.HISTORY_ROWS)
        charted = self.profile.page(kind, won, limit=screens.HISTORY_CHART)
        chart_of = screens.charted_board(kind, charted[0] if charted else None)
        if chart_of is not kind and chart_of is not None:  # (all boards: the newest's)
            charted = self.profile.page(chart_of, won, limit=screens.HISTORY_CHART)
        dialog = screens.history_dialog(
            games, kind, sort=order, won=won, first=first, total=total, charted=charted
        )

        def again() -> None:
            self.history(kind, order, first, won)

        self.stage.open(dialog, answered)

    def import_history(self) -> None:
        """The History's Import, off the loop under a dialog showing how far it got
        (many games take a while); Esc cancels it, nothing imported. Then what it did."""
        from game import screens
        from game.flows.background import DONE, Cancelled, Job, Report, WorkScene

        def work(report: Report) -> str:
            def tick(done: int, total: int) -> None:
                if not report(done / total if total else None, "Importing the games"):
                    raise Cancelled

            return self.profile.import_history(tick)

        job = Job(work)

        def imported(result: object) -> None:
            if job.error is not None:
                raise job.error
            done = job.result if result == DONE and isinstance(job.result, str) else None
            said = done or "The import was cancelled: nothing was imported."
            self.stage.open(screens.history_transfer_dialog(said))
            self.tell_problems()

        self.stage.push(WorkScene("History", job, self.stage.viewport), imported)

    def analyse_stored(self, replay_name: str | None, then: Callable[[], None]) -> None:
        """The analysis of a game of the history from its kept replay (or why there
        is none); ``then`` after it closes."""
        from game import screens
        from game.persist import replays as replay_files
        from game.replay import ReplayError
        from game.replay.files import open_replay
        from game.widgets.message import MessageDialog

        path = replay_files.kept(self.profile.folder, replay_name)
        if path is None:
            self.stage.open(MessageDialog("Analysis", [screens.NO_REPLAY]), lambda _: then())
            return
        try:
            opened = open_replay(path)
        except ReplayError as error:
            self.stage.open(
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
            from game.widgets.message import MessageDialog

            self.stage.open(MessageDialog("This game cannot be analysed", [entry["error"]]))
            return
        self.stage.open(
            screens.analysis_dialog(entry, name), None if then is None else lambda _: then()
        )

    def confirm(self, what: str, reset: Callable[[], bool]) -> None:
        """Ask before resetting records; Cancel is the default."""
        from game import screens

        def answered(result: object) -> None:
            if result == screens.RESET:
                reset()
                self.tell_problems()

        self.stage.open(screens.confirm_dialog(what), answered)

    def keys(self) -> None:
        """The Keys screen: pick a command, press its new key; kept in the settings."""
        from game import screens

        prefs = self.prefs
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
        self.stage.open(dialog, answered)

    def settings(self) -> None:
        """The Settings menu: each pick changes one setting and keeps it; the rules
        apply from the next game (the game in progress keeps its own)."""
        from game import screens, toggles

        dialog = screens.settings_dialog(self.prefs.settings)

        def picked(index: int) -> list[tuple[str, str]]:
            self.prefs.save(toggles.SETTINGS[index].cycled(self.prefs.settings))
            self.tell_problems()
            return toggles.dialog_lines(self.prefs.settings)

        dialog.on_pick = picked
        self.stage.open(dialog)

    def custom(self, new_game: NewGame) -> None:
        """The Custom board dialog: rows, columns, mines, checked against the limits."""
        from game import screens

        def chosen(result: object) -> None:
            board = screens.custom_board(result)
            if board is not None:
                new_game(board)

        self.stage.open(screens.custom_dialog(self.table.board), chosen)

    def board_code(self, new_game: NewGame) -> None:
        """Ask for a board code, then deal its board."""
        from game import boardcode, screens

        def chosen(result: object) -> None:
            if isinstance(result, dict):
                code = boardcode.parse(str(result["code"]))
                new_game(
                    code.board,
                    seed=code.seed,
                    rules=code.rules,
                    source=Source.CODE,
                    start=code.start,
                )

        self.stage.open(screens.board_code_dialog(), chosen)

    def help(self) -> None:
        """The keys, from the bindings table."""
        from game.widgets.message import HelpOverlay

        self.stage.open(HelpOverlay(self.prefs.keymap.help_rows(), f"Minesweeper {version()}"))

    def rules(self) -> None:
        """The rules in brief."""
        from game import screens

        self.stage.open(screens.rules_dialog())

    def about(self) -> None:
        """The version, the licences, and where the player's records are kept."""
        from game import screens

        self.stage.open(screens.about_dialog(version(), self.profile.folder))
