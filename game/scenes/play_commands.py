"""What each command of the window's keys and menus does on the player's board: the
play screen's table of commands (a new game of each size, the shared boards and the
series, the dialogs, the zoom, the pause, the hint, the keyboard cursor's moves, the
keys of play without sight), each a call on the play scene or its dialogs."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.on_first_use import OnFirstUse
from game.language import gettext
from game.rules import PRESETS, Difficulty
from game.scenes.sightless import SightlessKeys
from game.view import scale
from game.view.commands import Command

if TYPE_CHECKING:
    from game.flows import counters
    from game.flows.dialogs import Dialogs
    from game.scenes.play import PlayScene
    from game.session.table import Table
    from game.view.prefs import Prefs
else:
    counters = OnFirstUse("game.flows.counters")  # (its dialog, when first opened)


def play_commands(scene: PlayScene, dialogs: Dialogs) -> dict[Command, Callable[[], None]]:
    """The play scene's commands (the live race's is added by the shell)."""

    def game_size(kind: Difficulty) -> Callable[[], None]:
        return lambda: scene.new_game(PRESETS[kind])

    return {
        Command.NEW_GAME: scene.new_game,
        Command.BEGINNER: lambda: scene.new_game(PRESETS[scene.beginner]),
        Command.INTERMEDIATE: game_size(Difficulty.INTERMEDIATE),
        Command.EXPERT: game_size(Difficulty.EXPERT),
        Command.CUSTOM: lambda: dialogs.custom(scene.new_game),
        Command.DAILY: scene.daily,
        Command.BOARD_CODE: lambda: dialogs.board_code(scene.play),
        Command.LADDER: lambda: dialogs.series(Command.LADDER, scene.play),
        Command.TRIALS: lambda: dialogs.series(Command.TRIALS, scene.play),
        Command.TOURNAMENT: lambda: dialogs.series(Command.TOURNAMENT, scene.play),
        Command.SETTINGS: dialogs.settings,
        Command.BEST_TIMES: lambda: dialogs.best_times(scene.category()),
        Command.STATISTICS: dialogs.statistics,
        Command.HISTORY: dialogs.history,
        Command.OPEN_REPLAY: lambda: scene.watcher().browse(),
        Command.REBIND: dialogs.keys,
        Command.ZOOM_IN: lambda: scene.set_zoom(scene.viewport.zoom + 1),
        Command.ZOOM_OUT: lambda: scene.set_zoom(scene.viewport.zoom - 1),
        Command.WORDS_LARGER: lambda: resize_words(scene.prefs, scene.table, 1),
        Command.WORDS_SMALLER: lambda: resize_words(scene.prefs, scene.table, -1),
        Command.PAUSE: lambda: scene.pause(asked=True),
        Command.EXIT: scene.quit,
        Command.HINT: scene.show_hint,
        Command.PROBABILITIES: scene.table.toggle_probabilities,
        Command.RULES: dialogs.rules,
        Command.ABOUT: dialogs.about,
        Command.HELP: dialogs.help,
        Command.CURSOR_UP: lambda: scene.move_cursor(-1, 0),
        Command.CURSOR_DOWN: lambda: scene.move_cursor(1, 0),
        Command.CURSOR_LEFT: lambda: scene.move_cursor(0, -1),
        Command.CURSOR_RIGHT: lambda: scene.move_cursor(0, 1),
        Command.OPEN: scene.open_at_cursor,
        Command.FLAG: scene.flag_at_cursor,
        Command.NEXT_THEME: scene.prefs.next_theme,
        Command.CHOOSE_COUNTERS: lambda: counters.choose_counters(scene.stage, scene.prefs),
        **SightlessKeys(scene).commands(),
    }


def resize_words(prefs: Prefs, table: Table, step: int) -> None:
    """The words and widgets one UI scale larger or smaller (kept in the settings;
    the board keeps its zoom), or a line saying there is none."""
    chosen = scale.stepped(step)
    if chosen is not None:
        prefs.change(ui_scale=chosen)
    elif step > 0:
        table.note = gettext("These are the largest words.")
    else:
        table.note = gettext("These are the smallest words.")
