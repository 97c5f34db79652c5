"""A board code whose deal is long never holds the window (issue 33, item 7): the
window comes up first, the deal runs under a dialog that shows how far it got and
can be cancelled (Esc) or traded for the same board with a safe first click, and
SIGTERM ends the game at any moment."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window import FakeClock, key

from game import cli
from game.app import App
from game.cli import first_game
from game.core.status import Status
from game.flows import long_deal
from game.replay.boardcode import BoardCode
from game.rules import Board, FirstClick, GameRules
from game.session import play as session_play
from game.session.play import deal

ROOT = Path(__file__).resolve().parent.parent
HUGE = "0BX3X3STE60000000000C1S00000D29"
"""1000x1000, no guess, 998,001 mines: minutes of dealing."""


def _app(code: str) -> App:
    options = first_game.settled(cli.Options(board_code=code, zoom=1, sound=False), None, None)
    return App(options, clock=FakeClock())


@pytest.fixture
def huge() -> Iterator[App]:
    app = _app(HUGE)
    yield app
    app.close()


def _frames_until(app: App, done: object, seconds: float = 60.0) -> None:
    until = time.monotonic() + seconds
    while not done():  # type: ignore[operator]
        assert time.monotonic() < until, "the deal did not end in time"
        app.run(frames=1)
        time.sleep(0.01)


def test_the_window_comes_up_first_and_shows_the_deal_going_on(huge: App) -> None:
    started = time.monotonic()
    huge.run(frames=3)
    assert time.monotonic() - started < 10  # (the deal alone takes minutes)
    dialog = huge.stage.top_dialog
    assert dialog is not None and dialog.title == "Board code"
    assert dialog.buttons == (long_deal.SAFE, long_deal.CANCEL)
    time.sleep(1.5)
    huge.run(frames=2)
    [line] = dialog.lines  # type: ignore[attr-defined]
    assert line.startswith("Dealing the 1000x1000 board with no guess") and "s so far" in line
    assert huge.table.session.status is Status.READY


def test_esc_cancels_the_deal_and_gives_the_usual_game(huge: App) -> None:
    huge.run(frames=2)
    key(pygame.K_ESCAPE)
    huge.run(frames=2)
    assert huge.stage.top_dialog is None
    assert huge.table.board == huge.prefs.settings.board != Board(1000, 1000, 998_001)


def test_a_long_no_guess_deal_can_be_traded_for_a_safe_first_click(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(long_deal, "PATIENCE_S", 0.0)
    code = BoardCode(Board(300, 300, 89_000), GameRules(FirstClick.NOGUESS), 7, (0, 0))
    app = _app(code.code)
    try:
        app.run(frames=3)
        dialog = app.stage.top_dialog
        assert dialog is not None
        assert any("reasonable time" in line for line in dialog.lines)  # type: ignore[attr-defined]
        key(pygame.K_RETURN, "\r")  # the default button: Safe first click
        app.run(frames=1)
        _frames_until(app, lambda: app.stage.top_dialog is None)
        game = app.table.session.game
        assert game.first_click is FirstClick.SAFE and (game.rows, game.cols) == (300, 300)
        safe = GameRules(FirstClick.SAFE)
        assert game.minefield == deal(code.board, safe, 7, (0, 0)).minefield  # the same deal
    finally:
        app.close()


def test_a_deal_that_ends_puts_the_codes_board_on_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(session_play, "LONG_NO_GUESS_CELLS", 1)
    rules = GameRules(FirstClick.NOGUESS)
    code = BoardCode(Board(16, 30, 99), rules, 42, (3, 4))
    app = _app(code.code)
    try:
        app.run(frames=3)  # (the deal begins once the first frame is up)
        _frames_until(app, lambda: app.table.session.game.placed_from is not None)
        assert app.stage.top_dialog is None
        game = app.table.session.game
        assert game.minefield == deal(code.board, rules, 42, (3, 4)).minefield
        assert game.placed_from == (3, 4) and app.table.session.start == (3, 4)
    finally:
        app.close()


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name != "posix", reason="POSIX")
def test_sigterm_ends_the_game_while_it_deals(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["MINESWEEPER_DATA_DIR"] = str(tmp_path)
    run = subprocess.Popen(
        [sys.executable, "-m", "game", "--board", HUGE, "--no-sound"],
        cwd=ROOT,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(4.0)
    assert run.poll() is None
    run.send_signal(signal.SIGTERM)
    try:
        run.wait(timeout=10)
    finally:
        run.kill()
    assert run.returncode == 0 and "Traceback" not in (run.stderr.read() if run.stderr else "")


def test_a_code_opened_in_the_window_is_dealt_off_the_loop_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.modes.shared import Code

    app = App(cli.Options(zoom=1, sound=False, seed=1), clock=FakeClock())
    try:
        app.run(frames=3)
        before = app.table.session.game
        started = time.monotonic()
        huge = GameRules(FirstClick.NOGUESS)
        board = Board(1000, 1000, 998_001)
        app.play.play(Code(BoardCode(board, huge, 12345, (0, 0))))
        assert time.monotonic() - started < 5  # (the deal alone takes minutes)
        app.run(frames=2)
        assert app.stage.top_dialog is not None
        key(pygame.K_ESCAPE)
        app.run(frames=2)
        assert app.stage.top_dialog is None and app.table.session.game is before
        monkeypatch.setattr(session_play, "LONG_NO_GUESS_CELLS", 1)
        code = BoardCode(Board(16, 30, 99), huge, 42, (3, 4))
        app.play.play(Code(code))
        _frames_until(app, lambda: app.table.session.game.placed_from is not None)
        assert app.table.tag.mode == Code(code)
        assert app.table.session.game.minefield == deal(code.board, huge, 42, (3, 4)).minefield
    finally:
        app.close()
