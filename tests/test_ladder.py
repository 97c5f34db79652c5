"""The ladder (game.core.ladder, game.modes.ladder): a hundred no-guess levels, the
same for everyone, harder as they go by the solver's rating; a level won unlocks
the next."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from game import cli
from game.__main__ import main
from game.core.board import Geometry
from game.core.generate import finish, positions_steps
from game.core.ladder import LEVELS, PICKS, choose_picks, level, rating
from game.core.minefield import Minefield
from game.core.rating import rate
from game.core.status import Status
from game.modes.category import LADDER_KIND
from game.modes.ladder import Ladder, Progress, level_code
from game.replay import boardcode
from game.rules import Board, FirstClick, GameRules


def clock() -> float:
    return 0.0


def test_the_ladder_is_the_one_its_seeds_and_the_solver_choose() -> None:
    assert choose_picks() == PICKS


def test_every_level_is_a_no_guess_board_logic_clears() -> None:
    for number in range(1, LEVELS + 1):
        rung = level(number)
        geo = Geometry(rung.rows, rung.cols)
        _, proved = finish(
            positions_steps(geo, rung.mines, geo.index(*rung.start), FirstClick.NOGUESS, rung.seed)
        )
        assert proved, number
        assert rating(rung).cleared


def test_the_levels_grow_harder() -> None:
    scores = [rating(level(number)).score for number in range(1, LEVELS + 1)]
    assert scores[0] < scores[49] < scores[99]
    tens = [statistics.mean(scores[i : i + 10]) for i in range(0, LEVELS, 10)]
    assert tens == sorted(tens) and len(set(tens)) == len(tens)
    assert rating(level(1)).hardest == "single"
    assert rating(level(100)).pairs > rating(level(1)).pairs


def test_a_rating_counts_the_steps_of_each_kind() -> None:
    # Two mines side by side in a corner of a 9x9: the opening from the far corner
    # shows them by single numbers alone.
    field = Minefield(9, 9, [(0, 0), (0, 1)])
    found = rate(field, (8, 8))
    assert found.cleared and found.hardest == "single" and found.pairs == 0
    assert found.singles >= 1 and found.score == found.singles


def test_no_level_outside_the_ladder() -> None:
    for bad in (0, LEVELS + 1, -3, "1", 1.0, True):
        try:
            level(bad)  # type: ignore[arg-type]
        except ValueError as error:
            assert "levels are 1 to" in str(error)
        else:
            raise AssertionError(bad)


def test_a_level_deals_its_board_under_the_players_marks() -> None:
    mode = Ladder(37, GameRules(question_marks=False))
    session = mode.deal(clock)
    rung = level(37)
    assert session.board == Board(rung.rows, rung.cols, rung.mines)
    assert session.rules.first_click is FirstClick.NOGUESS
    assert not session.rules.question_marks
    again = Ladder(37).deal(clock)
    assert session.game.minefield == again.game.minefield
    assert mode.standing(session).kind == LADDER_KIND and mode.standing(session).ranked
    parsed = boardcode.parse(mode.code)
    assert parsed == level_code(37) and parsed.seed == rung.seed
    assert "ladder level 37 of 100" in mode.title()
    assert session.game.status is Status.READY


def test_a_level_won_unlocks_the_next() -> None:
    won = {level_code(1).code: 9000, level_code(2).code: 12000, level_code(4).code: 5000}

    def record_of(code: str) -> tuple[int | None, int]:
        return won.get(code), 1 if code in won else 0

    progress = Progress.read(record_of)
    assert [r.unlocked for r in progress.rungs[:6]] == [True, True, True, False, True, False]
    assert progress.won == 3 and progress.next_level == 3
    assert progress.unlocked(3) and not progress.unlocked(4) and not progress.unlocked(101)
    fresh = Progress.read(lambda code: (None, 0))
    assert fresh.next_level == 1 and fresh.unlocked(1) and not fresh.unlocked(2)


def test_the_command_line_plays_an_unlocked_level_and_refuses_a_locked_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = ["--data-dir", str(tmp_path)]
    options = cli.parse_args([*data, "--ladder", "next"])
    assert options.ladder == 1 and options.board == level_code(1).board
    assert options.first_game is not None
    mode = options.first_game(GameRules())
    assert isinstance(mode, Ladder) and mode.number == 1
    assert cli.parse_args([*data, "--ladder", "1"]).ladder == 1
    capsys.readouterr()
    with pytest.raises(SystemExit) as refused:
        cli.parse_args([*data, "--ladder", "7"])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert (
        err
        == "minesweeper: ladder level 7 is locked: win level 1 to go on (--ladder next plays it)\n"
    )
    for bad in ("0", "101", "x", "-1"):
        with pytest.raises(SystemExit):
            cli.parse_args([*data, "--ladder", bad])
    capsys.readouterr()
    assert main([*data, "--show-ladder"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "The ladder: 0 of 100 levels won; next: 1" and len(out) == 101
    assert out[1].split()[:3] == ["1", "open", "9x9:10"] and "locked" in out[2]


def test_a_level_past_the_ladder_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as wrong:
        cli.parse_args(["--ladder", str(LEVELS + 1)])
    assert wrong.value.code == 2
    assert f"a ladder level is 1 to {LEVELS} or next" in capsys.readouterr().err


def test_a_printout_cut_short_by_its_reader_ends_without_a_traceback(tmp_path: Path) -> None:
    """`minesweeper --show-ladder | head -1`: the reader has gone (here before the first
    line); the command ends quietly (exit 1), no BrokenPipeError in the player's face."""
    import os
    import subprocess
    import sys

    command = [sys.executable, "-m", "game", "--show-ladder", "--data-dir", str(tmp_path)]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    read_end, write_end = os.pipe()
    os.close(read_end)  # (the reader is gone: every write fails with EPIPE)
    try:
        done = subprocess.run(command, stdout=write_end, stderr=subprocess.PIPE, env=env)
    finally:
        os.close(write_end)
    said = done.stderr.decode()
    assert done.returncode == 1
    assert "Traceback" not in said and "BrokenPipe" not in said, said
