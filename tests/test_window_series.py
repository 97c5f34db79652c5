"""The ladder and the time trials in the window: from the Game menu, through the real
loop; a level won unlocks the next and New Game plays it; a trial's boards follow
one another with the running total in the title and the panel; a trial left half
way is kept as abandoned."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
import test_window_records as records
from test_window import FakeClock, cell_center, click, key, post
from test_window_records import folder, top_dialog_title

from game import cli
from game.__main__ import main
from game.app import App
from game.core.board import FirstClick
from game.core.look import Look
from game.core.status import Status
from game.modes.ladder import Ladder
from game.modes.tournament import Count, Tournament
from game.modes.trial import Trial
from game.persist.series import Series
from game.rules import Difficulty

app, clock = records.app, records.clock  # (its fixtures: zoom 2, seed 1, ready)


def menu(app: App, label: str) -> None:
    """Choose a line of the Game menu with the mouse."""
    app.run(frames=1)
    title = app.menubar.title_rect(0).center
    post(pygame.MOUSEBUTTONDOWN, pos=title, button=1)
    post(pygame.MOUSEBUTTONUP, pos=title, button=1)
    app.run(frames=1)
    line = app.menubar.line_rect(label).center
    post(pygame.MOUSEMOTION, pos=line, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=line, button=1)
    post(pygame.MOUSEBUTTONUP, pos=line, button=1)
    app.run(frames=1)


def clear_the_board(app: App, clock: FakeClock, step: float = 250.0) -> None:
    """Open the start cell, then every safe cell, each a click ``step`` ms later."""
    board = app.table.board
    if app.table.game.status is Status.READY:
        start = app.table.session.start or (board.rows // 2, board.cols // 2)
        click(app, cell_center(app, *start))
    mines = set(app.table.game.mine_cells())
    for r in range(board.rows):
        for c in range(board.cols):
            if app.table.game.status.is_over:
                break
            if (r, c) not in mines and app.table.game.look(r, c) is Look.HIDDEN:
                clock.ms += step
                click(app, cell_center(app, r, c))
    assert app.table.game.status is Status.WON


def panel_lines(app: App) -> list[str]:
    panel = app.stage.top_dialog
    assert panel is not None
    return list(panel.lines)  # type: ignore[attr-defined]


def dialog_items(app: App) -> list[tuple[str, str]]:
    dialog = app.stage.top_dialog
    assert dialog is not None
    return list(dialog.items)  # type: ignore[attr-defined]


def title(app: App) -> str:
    return str(app.viewport.window.window.title)


def test_the_ladder_is_climbed_in_the_window(app: App, clock: FakeClock) -> None:
    menu(app, "The ladder...")
    assert top_dialog_title(app) == "The ladder"
    items = dialog_items(app)
    assert len(items) == 100 and items[0] == ("Level 1: 9x9, 10 mines", "open")
    assert items[1][1] == "locked"
    key(pygame.K_RETURN, "\r")  # the next level, highlighted
    app.run(frames=1)
    mode = app.table.tag.mode
    assert isinstance(mode, Ladder) and mode.number == 1
    assert title(app) == "Minesweeper - ladder level 1 of 100"
    clear_the_board(app, clock)
    app.run(frames=1)
    assert any("Ladder level 1 won: New Game plays level 2." in line for line in panel_lines(app))
    key(pygame.K_ESCAPE, "\x1b")
    key(pygame.K_F2)
    app.run(frames=1)
    mode = app.table.tag.mode
    assert isinstance(mode, Ladder) and mode.number == 2
    menu(app, "The ladder...")
    items = dialog_items(app)
    assert items[0][1].startswith("won, best ") and items[1][1] == "open"
    assert items[2][1] == "locked"
    key(pygame.K_DOWN)
    key(pygame.K_RETURN, "\r")  # level 3: locked, the dialog stays
    app.run(frames=1)
    assert top_dialog_title(app) == "The ladder"
    assert app.stage.top_dialog.note == "Level 3 is locked: win level 2 first."  # type: ignore[union-attr]
    key(pygame.K_ESCAPE, "\x1b")
    app.run(frames=1)
    assert app.profile.history.count("ladder") == 1


def test_a_time_trial_is_played_in_the_window(app: App, clock: FakeClock) -> None:
    menu(app, "Time trials...")
    assert top_dialog_title(app) == "Time trials"
    assert [item[0] for item in dialog_items(app)] == [
        "10 Beginner: 10 boards",
        "Time Trial: 23 boards",
    ]
    key(pygame.K_RETURN, "\r")  # 10 Beginner
    app.run(frames=1)
    mode = app.table.tag.mode
    assert isinstance(mode, Trial) and mode.kind.key == "10-beginner" and mode.index == 0
    assert "10 Beginner: board 1 of 10, total so far 0.000 s" in title(app)
    clear_the_board(app, clock)
    app.run(frames=1)
    total = app.table.session.summary().ms
    said = f"10 Beginner: board 1 of 10 won, total {total / 1000:.3f} s"
    assert any(said in line for line in panel_lines(app))
    key(pygame.K_ESCAPE, "\x1b")
    key(pygame.K_F2)
    app.run(frames=1)
    mode = app.table.tag.mode
    assert isinstance(mode, Trial) and mode.index == 1 and mode.total_ms == total
    assert f"board 2 of 10, total so far {total / 1000:.3f} s" in title(app)
    click(app, cell_center(app, 4, 4))
    clock.ms += 3000
    key(pygame.K_3, "3")  # Expert: the trial is left half way
    app.run(frames=1)
    [run] = Series(folder()).runs("10-beginner")
    assert not run.finished and run.boards == 1 and run.total_ms >= total + 3000
    assert Series(folder()).best("10-beginner") == []
    assert app.profile.history.count("trial") == 2


def test_a_tournament_is_played_in_the_window_and_scored(
    tmp_path: Path, clock: FakeClock, capsys: pytest.CaptureFixture[str]
) -> None:
    cup = Tournament(
        "Club cup", "club-cup", (Count(Difficulty.BEGINNER, 3, 1, 60_000),), FirstClick.SAFE
    )
    path = tmp_path / "club.mstournament"
    path.write_text(cup.to_text())
    options = cli.parse_args(["--tournament", str(path), "--zoom", "2", "--no-sound"])
    app = App(options, clock=clock)
    try:
        app.run(frames=2)
        assert title(app) == "Minesweeper - Club cup"
        assert app.table.session.rules.first_click is FirstClick.SAFE
        clear_the_board(app, clock)
        app.run(frames=1)
        if top_dialog_title(app) == "A new best time!":
            key(pygame.K_RETURN, "\r")
            app.run(frames=1)
        assert app.end_of_game is not None and app.end_of_game.last_replay is not None
        assert app.end_of_game.last_replay.tournament == "club-cup"
        won_ms = app.table.session.summary().ms
        [kept] = (folder() / "replays").glob("*.msreplay")
        assert "tournament: club-cup" in kept.read_text().splitlines()
        while top_dialog_title(app) is not None:  # the panel, then the best times
            key(pygame.K_ESCAPE, "\x1b")
            app.run(frames=1)
        key(pygame.K_F2)  # New Game: another game in the cup
        app.run(frames=1)
        assert app.table.tag.mode.entered == cup
        menu(app, "Tournament...")  # the standings of the player's games, in the window
        assert top_dialog_title(app) == "Club cup"
        counted = (won_ms + 2 * 60_000) / 1000
        assert dialog_items(app) == [("Play Beginner", f"1/3 counted, {counted:.3f} s")]
        key(pygame.K_RETURN, "\r")
        app.run(frames=1)
        assert top_dialog_title(app) is None and app.table.tag.mode.entered == cup
        key(pygame.K_3, "3")  # Expert: out of the tournament
        app.run(frames=1)
        menu(app, "Tournament...")
        assert top_dialog_title(app) == "Tournament"
    finally:
        app.close()
    assert len(Series(folder()).tournament_games("club-cup")) == 1
    capsys.readouterr()
    assert main(["--standings", str(path)]) == 0
    out = capsys.readouterr().out
    score = (won_ms + 2 * 60_000) / 1000
    assert f"{score:>10.3f}" in out and "1/3" in out
