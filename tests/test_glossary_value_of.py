"""A figure worded by itself (glossary.value_of, as the live counters word the lines
they show) is the analysis view's line of it, for every figure of real reports, and
a figure the report lacks is none."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.analysis.glossary import figures, label_of, value_of
from game.replay.report import report
from game.words import FIGURES

REPLAYS = Path(__file__).parent / "data" / "replays"
FILES = [
    "flop-player/avf/arbiter_beg.avf",
    "flop-player/rmv/exp.rmv",
    "ms-toollib/test_files/b_5_3.796_3BV=3_3BVs=0.790_王嘉宁(元3.1.9_v3).evf",
]


@pytest.mark.parametrize("name", FILES)
def test_each_figure_worded_alone_is_the_analysis_views_line(name: str) -> None:
    entry = report(str(REPLAYS / name))
    lines = [line for line in figures(entry) if line.key]
    assert lines
    for line in lines:
        assert value_of(entry, line.key) == line.value
        assert label_of(line.key) == line.label
    shown = {line.key for line in lines}
    for key in FIGURES:
        if key not in shown:
            assert value_of(entry, key) is None


def test_a_figure_the_report_gives_as_undefined_is_a_dash_and_one_it_lacks_is_none() -> None:
    entry = {"time": 0.0, "bbbv": 3, "solved_bbbv": 0, "stats": {"bbbv_s": None}}
    assert value_of(entry, "bbbv_s") == "-"
    assert value_of(entry, "zini") is None
    assert value_of(entry, "path") is None
    assert value_of(entry, "no such figure") is None
