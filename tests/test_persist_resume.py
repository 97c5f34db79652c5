"""resume.py: the saved unfinished game and its strict (but board-blind) reading."""

from __future__ import annotations

import copy

import pytest

from game.persist.records import MAX_GAME_MS
from game.persist.resume import RESUME_VERSION, SavedGame
from game.persist.schema import DataError, FutureVersionError
from game.persist.settings import Difficulty, Settings

BOARD = {"rows": 9, "cols": 9, "cells": [".........."], "anything": [1, {"nested": None}]}


def _saved() -> SavedGame:
    return SavedGame(BOARD, 12_345, Settings(question_marks=False), Difficulty.INTERMEDIATE)


def test_the_json_form_is_the_documented_one() -> None:
    doc = _saved().to_json()
    assert doc == {
        "version": RESUME_VERSION,
        "game": BOARD,
        "elapsed_ms": 12_345,
        "settings": Settings(question_marks=False).to_json(),
        "difficulty": "intermediate",
    }
    assert RESUME_VERSION == 1


def test_a_saved_game_round_trips() -> None:
    assert SavedGame.from_json(_saved().to_json()) == _saved()


def test_the_board_is_opaque_any_object_will_do() -> None:
    doc = {**_saved().to_json(), "game": {}}
    assert SavedGame.from_json(doc).game == {}


def test_a_newer_version_is_refused_as_such() -> None:
    with pytest.raises(FutureVersionError):
        SavedGame.from_json({**_saved().to_json(), "version": 2})


def test_settings_from_a_newer_version_inside_are_refused_as_such() -> None:
    doc = _saved().to_json()
    doc["settings"] = {**Settings().to_json(), "version": 9}
    with pytest.raises(FutureVersionError):
        SavedGame.from_json(doc)


DELETE = object()
BAD = [
    ("version", DELETE),
    ("game", DELETE),
    ("game", None),
    ("game", []),
    ("game", "board"),
    ("elapsed_ms", DELETE),
    ("elapsed_ms", -1),
    ("elapsed_ms", MAX_GAME_MS + 1),
    ("elapsed_ms", 10**30),
    ("elapsed_ms", 1.5),
    ("elapsed_ms", "1"),
    ("settings", DELETE),
    ("settings", None),
    ("settings", {"version": 1}),
    ("difficulty", DELETE),
    ("difficulty", "impossible"),
    ("difficulty", 2),
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
        SavedGame(BOARD, -5, Settings(), Difficulty.EXPERT)
    with pytest.raises(DataError):
        SavedGame({1: 2}, 5, Settings(), Difficulty.EXPERT)  # type: ignore[dict-item]
    with pytest.raises(DataError):
        SavedGame(BOARD, 5, Settings(), "expert")  # type: ignore[arg-type]
