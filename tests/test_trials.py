"""Time trials (game.modes.trial): the boards one after another, the running total
(lost boards' time included), the runs kept in the series book (game.persist.series:
strict, a damaged file moved aside in one sentence) by the keeper (game.flows.series),
a trial left half way kept as abandoned and never a record; the command line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game import cli
from game.__main__ import main
from game.core.look import Look
from game.core.moves import reveal
from game.flows.series import SeriesKeeper
from game.modes.category import TRIAL_KIND
from game.modes.ordinary import Ordinary
from game.modes.trial import TRIALS, Trial, trial_of
from game.persist.series import SERIES_FILE, Book, Run, Series
from game.persist.store import parse_json
from game.rules import PRESETS, Difficulty, GameRules
from game.session.table import GameEnded, Table

RUN = "2026-11-26T10:00:00"


class Clock:
    def __init__(self) -> None:
        self.ms = 0.0

    def __call__(self) -> float:
        return self.ms


def play_board(table: Table, clock: Clock, *, win: bool, step: float = 100.0) -> None:
    """Play the table's board to its end: every safe cell opened, or a mine."""
    board = table.board
    table.act(reveal(board.rows // 2, board.cols // 2))
    mines = sorted(table.game.mine_cells())
    if not win:
        clock.ms += step
        table.act(reveal(*mines[0]))
        return
    for r in range(board.rows):
        for c in range(board.cols):
            if table.game.status.is_over:
                return
            if (r, c) not in mines and table.game.look(r, c) is Look.HIDDEN:
                clock.ms += step
                table.act(reveal(r, c))


def test_the_trials_are_vienna_sweepers() -> None:
    assert TRIALS["10-beginner"].levels == (Difficulty.BEGINNER,) * 10
    time_trial = TRIALS["time-trial"].levels
    assert [time_trial.count(d) for d in Difficulty][:3] == [15, 6, 2]
    assert time_trial[-1] is Difficulty.EXPERT and time_trial[0] is Difficulty.BEGINNER
    with pytest.raises(ValueError, match="the time trials are"):
        trial_of("marathon")


def test_a_trial_is_played_board_after_board_with_its_running_total(tmp_path: Path) -> None:
    clock = Clock()
    kind = TRIALS["10-beginner"]
    first = Trial(kind, RUN, GameRules())
    mode: Trial | None = first
    table = Table.of(first, clock)
    keeper = SeriesKeeper(tmp_path)
    ended: list[GameEnded] = []
    table.tap(lambda event: ended.append(event) if isinstance(event, GameEnded) else None)
    total = 0
    lost_once = False
    while mode is not None:
        assert isinstance(table.tag.mode, Trial)
        assert table.board == PRESETS[Difficulty.BEGINNER]
        assert f"total so far {total / 1000:.3f} s" in mode.title()
        lose = mode.index == 3 and not lost_once
        play_board(table, clock, win=not lose)
        lost_once = lost_once or lose
        event = ended[-1]
        total += event.summary.ms
        keeper.recorded(event, len(ended))
        assert mode.standing(table.session).kind == TRIAL_KIND
        line = mode.progress(table.session)
        assert line is not None and f"{total / 1000:.3f} s" in line
        following = mode.following(table.session)
        if lose:
            assert isinstance(following, Trial) and following.index == 3  # the level again
        if following is None:
            assert mode.last and "finished" in line
            break
        assert isinstance(following, Trial)
        mode = following
        run = Series(tmp_path).run(RUN, kind.key)
        assert run is not None and not run.finished and run.total_ms == total
        table.start(mode)
    run = Series(tmp_path).run(RUN, kind.key)
    assert run is not None and run.finished and run.boards == 10
    assert run.total_ms == total and len(run.games) == 11  # ten won, one lost
    assert Series(tmp_path).best(kind.key) == [run]


def test_a_trial_left_half_way_is_kept_abandoned_and_never_a_record(tmp_path: Path) -> None:
    clock = Clock()
    kind = TRIALS["time-trial"]
    mode = Trial(kind, RUN, GameRules())
    table = Table.of(mode, clock)
    keeper = SeriesKeeper(tmp_path)
    table.tap(lambda event: keeper.recorded(event, 1) if isinstance(event, GameEnded) else None)
    play_board(table, clock, win=True)
    following = mode.following(table.session)
    assert isinstance(following, Trial)
    table.start(following)
    table.act(reveal(4, 4))
    clock.ms += 2000
    table.start(Ordinary(PRESETS[Difficulty.EXPERT], GameRules()))  # the trial is left
    series = Series(tmp_path)
    [run] = series.runs(kind.key)
    assert not run.finished and run.boards == 1 and run.total_ms > 2000
    assert series.best(kind.key) == []
    assert main(["--data-dir", str(tmp_path), "--show-trials"]) == 0


def test_a_run_of_the_book_is_replaced_not_repeated(tmp_path: Path) -> None:
    series = Series(tmp_path)
    series.note_run(Run(RUN, "10-beginner", 1, 100, False, (1,)))
    series.note_run(Run(RUN, "10-beginner", 2, 300, False, (1, 2)))
    series.note_tournament("cup", 3)
    again = Series(tmp_path)
    assert again.runs() == [Run(RUN, "10-beginner", 2, 300, False, (1, 2))]
    assert again.tournament_games("cup") == (3,) and again.problem is None


def mutated_books() -> list[bytes]:
    good = json.dumps(
        {
            "version": 1,
            "trials": [
                {
                    "run": RUN,
                    "trial": "time-trial",
                    "boards": 3,
                    "total_ms": 40000,
                    "finished": False,
                    "games": [1, 2, 3],
                }
            ],
            "tournaments": {"cup": [4, 5]},
        }
    ).encode()
    rng = random.Random(7)
    found: list[bytes] = []
    while len(found) < 50:
        data = bytearray(good)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(data))
            choice = rng.randrange(4)
            if choice == 0:
                data[at] = rng.randrange(256)
            elif choice == 1:
                del data[at : at + rng.randint(1, 6)]
            elif choice == 2:
                data[at:at] = rng.choice([b"-1", b"1e400", b"[", b'"x"', b"null", b"99999999999"])
            else:
                data = data[:at]
        try:
            Book.from_json(parse_json(bytes(data)))
        except Exception:
            found.append(bytes(data))
    return found


def test_fifty_damaged_books_are_moved_aside_in_one_sentence(tmp_path: Path) -> None:
    for n, data in enumerate(mutated_books()):
        folder = tmp_path / str(n)
        folder.mkdir()
        (folder / SERIES_FILE).write_bytes(data)
        series = Series(folder)
        assert series.runs() == [] and series.problem is not None
        assert "\n" not in series.problem and "moved to" in series.problem
        assert not (folder / SERIES_FILE).exists()
        assert series.note_run(Run(RUN, "10-beginner", 0, 5, False))  # a new book is kept


def test_the_command_line_starts_a_trial(tmp_path: Path) -> None:
    options = cli.parse_args(["--trial", "time-trial"])
    assert options.board == PRESETS[Difficulty.BEGINNER]
    assert options.first_game is not None
    mode = options.first_game(GameRules())
    assert isinstance(mode, Trial) and mode.kind.key == "time-trial" and mode.index == 0
    with pytest.raises(SystemExit):
        cli.parse_args(["--trial", "marathon"])


def test_a_damaged_book_is_told_once_by_the_keeper(tmp_path: Path) -> None:
    (tmp_path / SERIES_FILE).write_bytes(b'{"version": 1, "trials": [')
    clock = Clock()
    mode = Trial(TRIALS["10-beginner"], RUN, GameRules())
    table = Table.of(mode, clock)
    keeper = SeriesKeeper(tmp_path)
    table.tap(lambda event: keeper.recorded(event, 7) if isinstance(event, GameEnded) else None)
    play_board(table, clock, win=False)
    problem = keeper.take_problem()
    assert problem is not None and "\n" not in problem and "moved to" in problem
    assert keeper.take_problem() is None
    [run] = Series(tmp_path).runs()
    assert run.games == (7,) and not run.finished
