"""Each rule mode played through the real window: chosen from the Options menu (or
--mode), named in the title, its moves drawn, and its games kept in its own ranking
category (docs/RULES.md, "The rule modes")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame
import pytest
import test_window_records as records
from test_window import FakeClock, cell_center, click, key, shows_tile
from test_window_modes import clear_the_board
from test_window_records import close_all, top_dialog_title

from game import cli
from game.app import App
from game.core.game import Game
from game.core.look import Look
from game.core.solver import analyse
from game.core.status import Status
from game.rules import RuleMode
from game.screens.history import HistoryAnswer
from game.view.commands import Command
from game.view.toggles import MODE_COMMANDS

COMMAND_OF = {mode: command for command, mode in MODE_COMMANDS.items()}


app, clock = records.app, records.clock  # (its fixtures: zoom 2, seed 1, ready)


def tile_of(look: Look) -> str:
    """The sprite tile a cell's look is drawn with."""
    return "open" if look.char == "." else look.char if look.char.isdigit() else "hidden"


def shows_the_game(app: App) -> bool:
    """Every cell on screen is drawn as the game says it looks."""
    board = app.table.board
    return all(
        shows_tile(app, r, c, tile_of(app.table.game.look(r, c)))
        for r in range(board.rows)
        for c in range(board.cols)
        if app.table.game.look(r, c).char in "#.12345678"
    )


def play_safe_moves(app: App, count: int) -> None:
    """Open up to ``count`` cells the solver proves safe, clicking the window."""
    for _ in range(count):
        game = app.table.game
        if game.status.is_over:
            return
        safe = sorted(analyse(game.view(), game.mines, explain=False).safe)
        hidden = [cell for cell in safe if game.look(*cell) is Look.HIDDEN]
        if not hidden:
            return
        click(app, cell_center(app, *hidden[0]))


@pytest.mark.parametrize("mode", list(RuleMode), ids=lambda mode: mode.value)
def test_each_mode_is_chosen_from_the_menu_and_played_in_the_window(
    app: App, mode: RuleMode
) -> None:
    app.play.command(COMMAND_OF[mode])
    assert app.play.checked(COMMAND_OF[mode]) is True
    assert app.prefs.settings.mode is mode
    key(pygame.K_F2)
    app.run(frames=1)
    assert app.table.session.rules.mode is mode
    title = app.viewport.window.window.title
    assert title == ("Minesweeper" if mode is RuleMode.WIN7 else f"Minesweeper - {mode.short}")
    click(app, cell_center(app, 4, 4))
    assert app.table.status is not Status.LOST  # (the first click is never judged)
    app.run(frames=1)
    assert shows_the_game(app)
    play_safe_moves(app, 4)
    assert app.table.game.status is not Status.LOST  # (a proved cell is never a guess)
    app.run(frames=1)
    if app.table.status is Status.PLAYING:  # (a won game's panel covers the board)
        assert shows_the_game(app)


def test_a_guess_in_strong_no_guess_dies_and_is_kept_in_its_own_category(app: App) -> None:
    app.play.command(Command.STRONG_NO_GUESS)
    key(pygame.K_F2)
    app.run(frames=1)
    click(app, cell_center(app, 4, 4))
    game = app.table.game
    analysis = analyse(game.view(), game.mines, explain=False)
    guess = next(
        (r, c)
        for r in range(9)
        for c in range(9)
        if game.look(r, c) is Look.HIDDEN and (r, c) not in analysis.safe
    )
    click(app, cell_center(app, *guess))
    assert app.table.status is Status.LOST
    assert app.table.game.look(*guess) is Look.EXPLODED  # (the panel covers the board)
    app.run(frames=1)
    record = app.profile.games()[0].record
    assert record.difficulty == "beginner/strong-no-guess" and not record.won
    # The History's Next reaches the mode's own category once it has games.
    close_all(app)
    key(pygame.K_F7)
    app.run(frames=1)
    seen = []
    while top_dialog_title(app) != "History: Beginner, strong no-guess":
        dialog = app.stage.top_dialog
        assert dialog is not None and top_dialog_title(app) not in seen
        seen.append(top_dialog_title(app))
        dialog.choose(HistoryAnswer.BOARD.label)
        app.stage.settle()
        app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None
    assert [row[2] for row in dialog.rows] == ["lost"]  # type: ignore[attr-defined]


def test_a_mode_on_the_command_line_is_the_games_and_kept(clock: FakeClock) -> None:
    application = App(cli.parse_args(["--mode", "weak-no-guess", "--zoom", "1"]), clock=clock)
    try:
        application.run(frames=2)
        assert application.table.session.rules.mode is RuleMode.WEAK_NO_GUESS
        assert application.prefs.settings.mode is RuleMode.WEAK_NO_GUESS
        assert application.viewport.window.window.title == "Minesweeper - weak no-guess"
    finally:
        application.close()


def test_the_help_lists_every_mode_and_a_wrong_one_is_one_line() -> None:
    root = Path(__file__).parent.parent
    shown = subprocess.run(
        [sys.executable, "-m", "game", "--help"], capture_output=True, text=True, cwd=root
    )
    words = " ".join(shown.stdout.split()).replace("- ", "-")
    assert all(mode.value in words for mode in RuleMode)
    wrong = subprocess.run(
        [sys.executable, "-m", "game", "--mode", "lucky"], capture_output=True, text=True, cwd=root
    )
    assert wrong.returncode == 2 and "unknown mode 'lucky'" in wrong.stderr


def test_a_win_in_a_rule_mode_has_best_times_of_its_own(app: App) -> None:
    app.play.command(Command.QUASI_NO_GUESS)  # (a safe cell is never made a mine there)
    key(pygame.K_F2)
    app.run(frames=1)
    click(app, cell_center(app, 4, 4))
    clear_the_board(app)
    app.run(frames=1)
    assert top_dialog_title(app) == "A new best time!"
    # The panel names the table the time goes into, the mode's own, and its place.
    said = " ".join(app.stage.top_dialog.lines)  # type: ignore[union-attr]
    assert "Beginner, quasi no-guess" in said and "place 1 of 10" in said
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    assert app.profile.best_times("beginner") == []
    assert app.profile.best_times("beginner/no-guess") == []
    assert len(app.profile.best_times("beginner/quasi-no-guess")) == 1
    assert app.profile.stats("beginner/quasi-no-guess").won == 1
    assert top_dialog_title(app) is None  # (one view: no chain of dialogs after it)
    app.play.command(Command.BEST_TIMES)  # the mode's own table holds it
    app.run(frames=1)
    assert top_dialog_title(app) == "Best times: Beginner, quasi no-guess"
    table = app.stage.top_dialog
    assert table is not None and len(table.rows) == 1  # type: ignore[attr-defined]


def test_a_chord_in_chord_recursion_chains_in_the_window(app: App) -> None:
    """Flags and a middle-button chord posted through the real loop: the chord chains
    through the whole board (every safe cell a number), and the game counts in its
    mode's category; the same clicks in the standard mode open three cells."""
    from game.core.board import Recursion
    from game.core.minefield import Minefield
    from game.modes.ordinary import Ordinary

    layout = "\n".join("*.*.*.*.*" if r % 2 == 0 else "........." for r in range(9))
    for recursion, won in ((Recursion.NONE, False), (Recursion.CHORD, True)):
        game = Game.from_minefield(Minefield.from_text(layout), recursion=recursion)
        app.table.start(Ordinary.given(game))
        app.run(frames=1)
        click(app, cell_center(app, 1, 0))
        for cell in game.mine_cells():
            click(app, cell_center(app, *cell), button=3)
        click(app, cell_center(app, 1, 0), button=2)
        assert (app.table.status is Status.WON) is won
        if not won:
            assert game.opened_count == 4
            assert shows_tile(app, 1, 1, "4") and shows_tile(app, 1, 2, "hidden")
    record = app.profile.games()[0].record
    assert record.difficulty == "custom/chord-recursion" and record.won
