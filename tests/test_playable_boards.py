"""One home for "a board this game can play" (rules.playable): the presets, the ranked
8x8 Beginner among them, and the custom limits. Every reader and writer of a board
takes it from there: board codes, the saved game, replays, the settings, the history's
export and the command line, and the window keeps an unfinished 8x8 game at the close.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pygame
import pytest
from test_replay import click as replay_click
from test_replay import record
from test_window import FakeClock, cell_center, click, key, use_layout
from test_window_records import folder, screen_bytes, top_dialog_title

from game import cli
from game.app import App
from game.core.game import Game
from game.core.status import Status
from game.persist.game_record import GameRecord
from game.persist.history import History
from game.persist.history_transfer import export_history, import_history
from game.persist.paths import HISTORY_FILE
from game.persist.resume import SavedGame
from game.persist.schema import DataError
from game.persist.settings import board_from_json
from game.replay import boardcode
from game.replay.format import ReplayError
from game.replay.reader import parse
from game.rules import PRESETS, Board, BoardChoiceError, Difficulty, GameRules, playable

RANKED = PRESETS[Difficulty.RANKED_BEGINNER]
UNPLAYABLE = [(7, 7, 10), (8, 8, 11), (8, 9, 10), (9, 8, 10), (1001, 9, 10), (9, 9, 65), (0, 0, 0)]
"""Sizes that are neither a preset nor within the custom limits."""

LAYOUT_8X8 = """
*.......
........
....*...
........
........
*******.
........
.......*
"""


def test_playable_takes_every_preset_and_the_custom_limits() -> None:
    for board in PRESETS.values():
        assert playable(board.rows, board.cols, board.mines) == board
    assert playable(9, 9, 64) == Board(9, 9, 64)
    assert playable(1000, 1000, 10) == Board(1000, 1000, 10)


@pytest.mark.parametrize("size", UNPLAYABLE)
def test_playable_refuses_what_no_window_plays(size: tuple[int, int, int]) -> None:
    with pytest.raises(BoardChoiceError):
        playable(*size)


def test_playable_wants_whole_numbers() -> None:
    with pytest.raises(BoardChoiceError, match="whole number"):
        playable(8.0, 8, 10)  # type: ignore[arg-type]  # (equal to the preset's 8)
    with pytest.raises(BoardChoiceError, match="whole number"):
        playable(True, 8, 10)


def test_the_code_shown_after_an_8x8_game_plays_its_board() -> None:
    code = boardcode.parse("08101-00018-G0000-00015-NMA04-0441FA")  # from the issue
    assert code.board == RANKED
    made = boardcode.BoardCode(RANKED, GameRules(), 12345, (3, 4))
    assert boardcode.parse(made.code) == made
    assert boardcode.parse(boardcode.BoardCode(RANKED, GameRules(), 7).code).board == RANKED


@pytest.mark.parametrize("size", [(7, 7, 10), (8, 8, 11), (8, 9, 10)])
def test_a_code_of_an_unplayable_board_is_refused(size: tuple[int, int, int]) -> None:
    text = boardcode.BoardCode(Board(*size), GameRules(), 7, (0, 0)).code
    with pytest.raises(boardcode.BoardCodeError, match="names no board"):
        boardcode.parse(text)


def test_the_command_line_plays_an_8x8_code_and_size() -> None:
    text = boardcode.BoardCode(RANKED, GameRules(), 99, (2, 2)).code
    assert cli.parse_args(["--board", text]).board == RANKED
    assert cli.parse_args(["--custom", "8x8:10"]).board == RANKED
    with pytest.raises(SystemExit):
        cli.parse_args(["--custom", "8x8:11"])


def test_a_saved_8x8_game_reads_back_and_an_unplayable_one_is_refused() -> None:
    game = Game.from_layout(LAYOUT_8X8)
    game.reveal(1, 1)
    saved = SavedGame(game.to_snapshot(), elapsed_ms=1500, log=())
    again = SavedGame.from_json(saved.to_json())
    assert again.board == RANKED and again.difficulty is Difficulty.RANKED_BEGINNER
    for rows, cols, mines in UNPLAYABLE:
        doc = saved.to_json()
        doc["game"] = {**dict(saved.game), "rows": rows, "cols": cols, "mines": mines}
        with pytest.raises(DataError):
            SavedGame.from_json(doc)


def test_an_8x8_replay_reads_back_and_an_unplayable_board_is_refused() -> None:
    made, _ = record(replay_click(6000, 1, 1), Game.from_layout(LAYOUT_8X8))
    text = made.to_text()
    assert "8x8:10" in text
    assert parse(text).board == RANKED
    for bad in ("8x8:11", "7x7:10", "8x9:10"):
        with pytest.raises(ReplayError, match="board"):
            parse(text.replace("8x8:10", bad, 1))


def test_the_settings_read_an_8x8_board_and_refuse_an_unplayable_one() -> None:
    assert board_from_json({"rows": 8, "columns": 8, "mines": 10}, "board") == RANKED
    for rows, cols, mines in UNPLAYABLE:
        with pytest.raises(DataError):
            board_from_json({"rows": rows, "columns": cols, "mines": mines}, "board")
    with pytest.raises(DataError):
        board_from_json({"rows": 8.0, "columns": 8, "mines": 10}, "board")


def test_an_exported_8x8_game_imports(tmp_path: Path) -> None:
    now = dt.datetime(2025, 3, 4, 5, 6, 7)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    source = History.open(tmp_path / "a" / HISTORY_FILE, clock=lambda: now)
    source.add_game(
        GameRecord("2025-01-02T03:04:05", "beginner 8x8", 8, 8, 10, "opening", "42", True, 4321)
    )
    export_history(source, tmp_path / "games.json")
    target = History.open(tmp_path / "b" / HISTORY_FILE, clock=lambda: now)
    assert import_history(target, tmp_path / "games.json") == 1
    assert [entry.ms for entry in target.best_times(Difficulty.RANKED_BEGINNER)] == [4321]
    source.close()
    target.close()


def test_an_unfinished_8x8_game_is_kept_at_the_close_and_offered_back() -> None:
    clock = FakeClock()
    first = App(cli.Options(zoom=2, sound=False, seed=1, board=RANKED), clock=clock)
    first.run(frames=2)
    use_layout(first, LAYOUT_8X8)
    click(first, cell_center(first, 1, 1))
    assert first.table.game.status is Status.PLAYING
    picture, view = screen_bytes(first), first.table.game.view()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    first.run(frames=5)
    first.close()
    assert (folder() / "resume.json").exists()

    second = App(cli.Options(zoom=2, sound=False), clock=clock)
    second.run(frames=2)
    try:
        assert top_dialog_title(second) == "Unfinished game"
        key(pygame.K_RETURN, "\r")  # Resume is the first button
        second.run(frames=1)
        assert second.table.board == RANKED
        assert second.table.game.view() == view
        assert screen_bytes(second) == picture
    finally:
        second.close()
