"""resume.py: the saved unfinished game, checked as input from a stranger, and read
from files of every earlier version."""

from __future__ import annotations

import copy

import pytest

from game.persist.resume import RESUME_VERSION, SavedGame
from game.persist.schema import MAX_GAME_MS, DataError, FutureVersionError
from game.persist.settings import Settings
from game.rules import Difficulty

BOARD = {"rows": 16, "cols": 16, "mines": 40, "cells": ["h" * 16] * 16, "any": [1, None]}
LOG = ("0 r 3 4", "1250 m 0 0")


def _saved() -> SavedGame:
    return SavedGame(BOARD, 12_345, LOG)


def test_the_json_form_is_the_documented_one() -> None:
    doc = _saved().to_json()
    assert doc == {"version": RESUME_VERSION, "game": BOARD, "elapsed_ms": 12_345, "log": list(LOG)}
    assert RESUME_VERSION == 2


def test_a_saved_game_round_trips_and_knows_its_kind() -> None:
    saved = SavedGame.from_json(_saved().to_json())
    assert saved == _saved()
    assert saved.difficulty is Difficulty.INTERMEDIATE


def test_a_version_1_file_is_upgraded() -> None:
    old = {
        "version": 1,
        "game": BOARD,
        "elapsed_ms": 7_000,
        "settings": Settings(question_marks=False).to_json(),
        "difficulty": "intermediate",
    }
    before = copy.deepcopy(old)
    saved = SavedGame.from_json(old)
    assert saved == SavedGame(BOARD, 7_000, ())
    assert old == before  # the caller's document is left alone


@pytest.mark.parametrize("label", ["expert", "beginner", "custom", None, 3])
def test_a_version_1_label_that_disagrees_with_the_size_is_refused(label: object) -> None:
    # A 2x2 game labelled "expert" must never reach the Expert best times.
    old = {"version": 1, "game": BOARD, "elapsed_ms": 5_000, "difficulty": label}
    with pytest.raises(DataError, match="is not"):
        SavedGame.from_json(old)


@pytest.mark.parametrize(
    "size",
    [
        (1001, 1000, 10_000),  # past the largest board (1000x1000 has a viewport)
        (2, 2, 1),
        (8, 9, 10),
        (9, 1001, 10),
        (1001, 9, 10),
        (9, 9, 9),
        (9, 9, 65),
        (True, 9, 10),
        (9.0, 9, 10),
        ("9", 9, 10),
    ],
)
def test_a_board_the_window_does_not_offer_is_refused(size: tuple[object, ...]) -> None:
    game = dict(zip(("rows", "cols", "mines"), size, strict=True))
    with pytest.raises(DataError):
        SavedGame.from_json({"version": 2, "game": game, "elapsed_ms": 1, "log": []})
    with pytest.raises(DataError):
        SavedGame(game, 1)


def test_a_newer_version_is_refused_as_such() -> None:
    with pytest.raises(FutureVersionError):
        SavedGame.from_json({**_saved().to_json(), "version": RESUME_VERSION + 1})


def test_a_missing_log_reads_as_no_moves() -> None:
    doc = _saved().to_json()
    del doc["log"]
    assert SavedGame.from_json(doc).log == ()


DELETE = object()
BAD = [
    ("version", DELETE),
    ("game", DELETE),
    ("game", None),
    ("game", []),
    ("game", "board"),
    ("game", {}),
    ("elapsed_ms", DELETE),
    ("elapsed_ms", -1),
    ("elapsed_ms", MAX_GAME_MS + 1),
    ("elapsed_ms", 10**30),
    ("elapsed_ms", 1.5),
    ("elapsed_ms", "1"),
    ("log", None),
    ("log", "0 r 1 1"),
    ("log", [1, 2]),
    ("log", ["0 r 1 1" * 20]),
]


@pytest.mark.parametrize(("key", "value"), BAD, ids=[f"{k}={v!r:.20}" for k, v in BAD])
def test_a_wrong_or_missing_field_makes_the_file_unreadable(key: str, value: object) -> None:
    doc = copy.deepcopy(_saved().to_json())
    if value is DELETE:
        del doc[key]
    else:
        doc[key] = value
    with pytest.raises(DataError):
        SavedGame.from_json(doc)


def test_an_invalid_saved_game_cannot_be_built() -> None:
    with pytest.raises(DataError):
        SavedGame(BOARD, -5)
    with pytest.raises(DataError):
        SavedGame({1: 2}, 5)  # type: ignore[dict-item]
    with pytest.raises(DataError):
        SavedGame(BOARD, 5, ["0 r 1 1"])  # type: ignore[arg-type]


def test_saved_games_of_equal_values_are_equal() -> None:
    assert _saved() == _saved() and _saved() != SavedGame(BOARD, 1, LOG)
    assert repr(_saved()).startswith("SavedGame(game={") and _saved() != "saved"


@pytest.mark.parametrize(
    ("cells", "flags"),
    [
        (["hfHF" + "h" * 12, "F" + "o" * 15] + ["h" * 16] * 14, 3),  # (H: a mine, hidden)
        ("not a list", 0),
        ([None, 3, {"f": 1}, "ff"], 2),  # (only rows of text count)
        ([], 0),
    ],
)
def test_the_flags_a_saved_game_shows_are_counted_from_its_cells_whatever_they_hold(
    cells: object, flags: int
) -> None:
    # The first frame's mine counter for a game offered back, read before the engine
    # checks the snapshot: anything that is no row of text shows no flag, never an error.
    assert SavedGame({**BOARD, "cells": cells}, 0).flags == flags
