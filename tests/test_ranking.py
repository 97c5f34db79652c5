"""The one rule of what a game counts for (game.session.ranking), as a table."""

from __future__ import annotations

import pytest

from game.rules import PRESETS, Board, Difficulty
from game.session.ranking import (
    ASSISTED,
    CODE_KIND,
    DAILY_KIND,
    DEATH_UNDONE,
    FROM_POSITION,
    PLAYED_AGAIN,
    WATCHED,
    Standing,
    standing,
)
from game.session.table import Source

EXPERT = PRESETS[Difficulty.EXPERT]
ODD = Board(20, 24, 99)

CASES = [
    # board, source, assisted, practice reason -> ranked, kept among, why
    (EXPERT, Source.ORDINARY, False, None, Standing(True, "expert")),
    (ODD, Source.ORDINARY, False, None, Standing(True, "custom")),
    (EXPERT, Source.RESUMED, False, None, Standing(True, "expert")),
    (EXPERT, Source.ORDINARY, True, None, Standing(False, "expert", ASSISTED)),
    (EXPERT, Source.CODE, False, None, Standing(True, CODE_KIND)),
    (ODD, Source.CODE, True, None, Standing(False, CODE_KIND, ASSISTED)),
    (EXPERT, Source.DAILY, False, None, Standing(True, DAILY_KIND)),
    (EXPERT, Source.DAILY, True, None, Standing(False, DAILY_KIND, ASSISTED)),
    (EXPERT, Source.PRACTICE, False, None, Standing(False, "expert", PLAYED_AGAIN)),
    (EXPERT, Source.PRACTICE, False, FROM_POSITION, Standing(False, "expert", FROM_POSITION)),
    (EXPERT, Source.PRACTICE, True, DEATH_UNDONE, Standing(False, "expert", DEATH_UNDONE)),
    (EXPERT, Source.REPLAY, False, None, Standing(False, "expert", WATCHED)),
]


@pytest.mark.parametrize(("board", "source", "assisted", "practice", "expected"), CASES)
def test_what_a_game_counts_for(
    board: Board, source: Source, assisted: bool, practice: str | None, expected: Standing
) -> None:
    assert standing(board, source, assisted, practice) == expected


def test_every_source_is_in_the_table() -> None:
    assert {case[1] for case in CASES} == set(Source)
