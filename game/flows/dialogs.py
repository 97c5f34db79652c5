"""The dialogs the commands open, each with what its answer does: the records, the
settings and keys, the custom board and board code, help, rules and about; and the
one place that tells the player what the profile could not read or save.

The dialogs themselves are made by game.screens (loaded with this module, after the
first frame and before the first input); each answers a typed value. A game's
analysis is opened through the shell's Analyst, which loads with the first one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.on_first_use import OnFirstUse
from game.language import N_, gettext, shown
from game.modes.category import CODE_KIND, FAMILIES, RACE_KIND, Category, all_keys
from game.modes.mode import Mode
from game.modes.shared import Code
from game.replay.boardcode import BoardCode
from game.rules import PRESETS, Board, Difficulty
from game.session.table import Table
from game.version import version
from game.view import toggles
from game.view.commands import Command
from game.view.prefs import Prefs
from game.view.stage import Stage

if TYPE_CHECKING:
    import datetime as dt
else:  # (with the first date or time asked for: 0.45 MB, not at start)
    dt = OnFirstUse("datetime")

if TYPE_CHECKING:
    from game.flows import race_broker
    from game.flows.analysis import Analyst
    from game.persist import game_record
    from game.persist.game_record import GameRecord, Sort
    from game.persist.profile import Profile
    from game.scenes.watching import Watching
    from game.screens import codes, custom, messages, records, settings, statistics
    from game.screens import history as screen
    from game.screens.history import HistoryAnswer, HistoryFilter
    from game.view.widgets import message
    from game.view.widgets.menu import MenuDialog
else:  # (each loads with the first dialog that needs it, not before the first input)
    race_broker = OnFirstUse("game.flows.race_broker")
    game_record = OnFirstUse("game.persist.game_record")
    screen = OnFirstUse("game.screens.history")
    codes, custom = OnFirstUse("game.screens.codes"), OnFirstUse("game.screens.custom")
    messages, records = OnFirstUse("game.screens.messages"), OnFirstUse("game.screens.records")
    settings = OnFirstUse("game.screens.settings")
    statistics = OnFirstUse("game.screens.statistics")
    message = OnFirstUse("game.view.widgets.message")  # (HelpOverlay)

ALL_KEYS = all_keys()

NewGame = Callable[[Board], None]
"""Starts a new ordinary game of a size (PlayScene.new_game)."""


def _key(kind: Difficulty | Category) -> str:
    """The history's name of a size's random boards' category, or of a category."""
    return kind.value if isinstance(kind, Difficulty) else kind.key


class Dialogs:
    """Opens each dialog on the stage and acts on its answer. It is handed the stage,
    the preferences, the profile and the table by the shell and hands none of them
    out: whoever else needs one is handed it too."""

    def __init__(
        self,
        stage: Stage,
        prefs: Prefs,
        profile: Profile,
        table: Table,
        analyst: Callable[[], Analyst],
    ) -> None:
        """``analyst``: what opens a game's analysis (the shell makes it when first
        asked for)."""
        self._stage = stage
        self._analyst = analyst
        self._prefs = prefs
        self._profile = profile
        self._table = table
        self.watcher: Callable[[], Watching] | None = None
        """What opens replays over the board (a race's pair: handed by the play scene)."""

    def tell_problems(self) -> None:
        """Show, once, anything the profile could not read or save."""
        problems = self._profile.take_new_problems()
        if problems:
            self._stage.open(messages.problems_dialog([shown(problem) for problem in problems]))

    def best_times(self, category: Category | Difficulty) -> None:
        """The Best Times screen of one category (a preset's random boards, or its
        no-guess ones; a board with none shows Beginner's). Next: the next one."""
        shown = category if isinstance(category, Category) else Category(category)
        if not shown.has_best_times:
            shown = Category(Difficulty.BEGINNER)
        held = [c.key for c in records.best_time_categories(ALL_KEYS) if self._profile.count(c.key)]

        def answered(result: object) -> None:
            if result is records.BestTimesAnswer.NEXT:
                self.best_times(records.next_best_times(shown, held))
            elif result is records.BestTimesAnswer.RESET:
                self.confirm(N_("all best times"), self._profile.reset_best_times)

        entries = self._profile.best_times(shown.key)
        rate = self._profile.best_rate(shown.key)
        self._stage.open(records.best_times_dialog(entries, shown, rate), answered)

    def statistics(self) -> None:
        """The Statistics screen."""

        def answered(result: object) -> None:
            if result is statistics.StatisticsAnswer.RESET:
                self.confirm(N_("all statistics"), self._profile.reset_stats)
            elif result is statistics.StatisticsAnswer.DEATHS:
                self.deaths(self._table.board)

        sizes = [*PRESETS, Difficulty.CUSTOM]
        apart = [Category(size, kin) for kin in FAMILIES if kin for size in sizes]
        kinds: list[Difficulty | Category] = [
            *sizes,
            *(c for c in apart if self._profile.count(c.key)),  # (those played)
        ]
        stats = {kind: self._profile.stats(_key(kind)) for kind in kinds}
        rates = {kind: self._profile.best_rate(_key(kind)) for kind in kinds}

        daily = self._profile.history.daily(dt.date.today())
        codes = self._profile.history.stats(CODE_KIND)
        self._stage.open(statistics.statistics_dialog(stats, rates, daily, codes), answered)

    def series(self, command: Command, play: Callable[[Mode], None]) -> None:
        """The Game menu's series: the ladder (every level, locked or not, its best time),
        the time trials (their best totals) or the tournament being played (the
        player's score in it); a level, trial or board picked is played."""
        from game.flows import series_dialogs  # (the series load when first opened)

        rules = self._prefs.settings.rules
        if command is Command.LADDER:
            series_dialogs.ladder(self._stage, self._profile, rules, play)
        elif command is Command.TRIALS:
            series_dialogs.trials(self._stage, self._profile, rules, play)
        else:
            entered = self._table.tag.mode.entered
            series_dialogs.tournament(self._stage, self._profile, entered, rules, play)

    def deaths(self, board: Board) -> None:
        """Where the player died on a board size (Next: each preset, and the
        window's board if it is none), over the whole history."""
        sizes = list(dict.fromkeys([*PRESETS.values(), self._table.board]))

        def answered(result: object) -> None:
            if result is statistics.DeathsAnswer.NEXT:
                at = sizes.index(board) if board in sizes else -1
                self.deaths(sizes[(at + 1) % len(sizes)])

        deaths = self._profile.deaths(board.rows, board.cols)
        self._stage.open(statistics.deaths_dialog(board, deaths), answered)

    def history(
        self,
        kind: HistoryFilter = None,
        sort: Sort | None = None,
        first: int = 0,
        won: bool | None = None,
    ) -> None:
        """The History screen: a page of past games and a chart of their times.
        Board shows the next kind of board (all, each preset, custom, the daily
        boards, the games from board codes: named as the column of boards is, not
        Next, beside Previous and More, the pages),
        Result every game, the won or the lost, Sort the next order (newest
        first to begin with), Previous and More the page before and after (round
        and round); a game picked: its analysis; Export
        writes the whole history to a dated file in the data folder and Import
        adds the newest such file found there, each saying what it did."""
        order = game_record.Sort.DATE if sort is None else sort

        def answered(result: object) -> None:
            if result is screen.HistoryAnswer.BOARD:
                held = [key for key in screen.HISTORY_FILTERS if key and self._profile.count(key)]
                self.history(screen.next_history_filter(kind, held), order, won=won)
            elif result is screen.HistoryAnswer.RESULT:
                self.history(kind, order, won=screen.next_history_result(won))
            elif result is screen.HistoryAnswer.SORT:
                self.history(kind, screen.next_history_sort(order), won=won)
            elif result is screen.HistoryAnswer.MORE:
                self.history(kind, order, screen.later_page(first, total), won)
            elif result is screen.HistoryAnswer.PREVIOUS:
                self.history(kind, order, screen.earlier_page(first, total), won)
            elif isinstance(result, screen.PickedGame):
                self.picked(result.game.record, again)
            elif result is screen.HistoryAnswer.EXPORT or result is screen.HistoryAnswer.IMPORT:
                self.transfer(result)

        total = self._profile.count(kind, won)
        games = self._profile.page(kind, won, order, offset=first, limit=screen.HISTORY_ROWS)
        charted = self._profile.page(kind, won, limit=screen.HISTORY_CHART)
        chart_of = screen.charted_board(kind, charted[0] if charted else None)
        if chart_of != screen.filter_key(kind) and chart_of is not None:  # (all: the newest's)
            charted = self._profile.page(chart_of, won, limit=screen.HISTORY_CHART)
        dialog = screen.history_dialog(
            games, kind, sort=order, won=won, first=first, total=total, charted=charted
        )

        def again() -> None:
            self.history(kind, order, first, won)

        self._stage.open(dialog, answered)

    def picked(self, record: GameRecord, then: Callable[[], None]) -> None:
        """A game picked in the History: a race's, its two replays played together
        (side by side; the player's alone, said why, without the opponent's); any
        other's, its analysis (``then``: the History again)."""
        name = record.replay
        if record.difficulty == RACE_KIND and self.watcher is not None and name:
            self.watcher().pair(name)
            return
        self._analyst().stored(name, then)

    def transfer(self, answer: HistoryAnswer) -> None:
        """The History's Export (saying where it wrote) or Import (off the loop)."""
        from game.flows import history_import  # (the export's csv: with the first one)

        if answer is screen.HistoryAnswer.EXPORT:
            done = history_import.export_history(self._profile)
            self._stage.open(screen.history_transfer_dialog(done))
            self.tell_problems()
        else:
            history_import.import_history(self._stage, self._profile, self.tell_problems)

    def confirm(self, what: str, reset: Callable[[], bool]) -> None:
        """Ask before resetting records; Cancel is the default."""

        def answered(result: object) -> None:
            if result is records.ConfirmAnswer.RESET:
                reset()
                self.tell_problems()

        self._stage.open(records.confirm_dialog(what), answered)

    def keys(self) -> None:
        """The Keys screen: pick a command, press its new key; kept in the settings."""
        prefs = self._prefs
        dialog = settings.keys_dialog(prefs.keymap)
        bindings = prefs.keymap.bindings

        def picked(index: int) -> list[tuple[str, str]]:
            does = gettext(bindings[index].does)
            dialog.wait_for_key(
                index, gettext("Press the key for '{does}' (Esc: keep).").format(does=does)
            )
            return settings.keys_items(prefs.keymap)

        def pressed(index: int, key: str) -> tuple[list[tuple[str, str]], str | None]:
            said = prefs.rebind(bindings[index].command, key)
            self.tell_problems()
            return settings.keys_items(prefs.keymap), said

        def answered(result: object) -> None:
            if result is settings.KeysAnswer.DEFAULTS:
                prefs.default_keys()
                self.tell_problems()
                self.keys()

        dialog.on_pick = picked
        dialog.on_key = pressed
        self._stage.open(dialog, answered)

    def settings(self) -> None:
        """The Settings menu: each pick changes one setting and keeps it; the rules
        apply from the next game (the game in progress keeps its own)."""
        dialog = settings.settings_dialog(self._prefs.in_force)

        def picked(index: int) -> list[tuple[str, str]]:
            if index == len(toggles.SETTINGS):  # the Player line: its form
                self.identity(dialog)
            elif index == len(toggles.SETTINGS) + 1:  # the race's broker: its menu
                race_broker.choose_broker(self._stage, self._prefs, dialog, self.tell_problems)
            else:
                self._prefs.set(toggles.SETTINGS[index])
                self.tell_problems()
            dialog.lines = settings.settings_notes()  # (in the language just chosen, if it was)
            return settings.settings_lines(self._prefs.in_force)

        dialog.on_pick = picked
        self._stage.open(dialog)

    def identity(self, settings_menu: MenuDialog) -> None:
        """The Player form over the Settings menu: the name, identifier and country
        the replays carry; kept on OK, the menu's line showing them."""

        def answered(result: object) -> None:
            if isinstance(result, settings.Identity):
                self._prefs.save(
                    self._prefs.settings.replace(
                        player=result.player,
                        identifier=result.identifier,
                        country=result.country,
                    )
                )
                self.tell_problems()
                settings_menu.items = settings.settings_lines(self._prefs.in_force)
                settings_menu.relayout()

        dialog = settings.identity_dialog(self._prefs.settings, self._profile.last_name)
        self._stage.open(dialog, answered)

    def custom(self, new_game: NewGame) -> None:
        """The Custom board dialog: rows, columns, mines, checked against the limits."""

        def chosen(result: object) -> None:
            if isinstance(result, Board):
                new_game(result)

        self._stage.open(custom.custom_dialog(self._table.board), chosen)

    def board_code(self, play: Callable[[Mode], None]) -> None:
        """Ask for a board code, then play its board."""

        def chosen(code: object) -> None:
            if isinstance(code, BoardCode):
                play(Code(code))

        self._stage.open(codes.board_code_dialog(), chosen)

    def help(self) -> None:
        """The keys, from the bindings table."""
        self._stage.open(
            message.HelpOverlay(
                self._prefs.keymap.help_rows(sightless=bool(self._prefs.settings.speech)),
                gettext("Minesweeper {version}").format(version=version()),
            )
        )

    def rules(self) -> None:
        """The rules in brief."""
        self._stage.open(messages.rules_dialog())

    def about(self) -> None:
        """The version, the licences, and where the player's records are kept."""
        self._stage.open(messages.about_dialog(version(), self._profile.folder))
