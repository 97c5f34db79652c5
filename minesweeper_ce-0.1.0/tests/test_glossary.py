"""The analysis view's figures: named, explained, and absent when unknown."""

from __future__ import annotations

from game.analysis.glossary import figures

BASE = {
    "time": 12.5,
    "bbbv": 30,
    "solved_bbbv": 12,
    "left": 20,
    "right": 4,
    "double": 1,
    "rows": 9,
    "cols": 9,
    "mines": 10,
    "won": False,
}


def test_a_figure_the_report_lacks_is_left_out_not_shown_as_nought() -> None:
    shown = {f.label: f.value for f in figures({**BASE, "stats": {"ioe": 0.48, "zini": None}})}
    assert shown["3BV"] == "12 of 30" and shown["IOE"] == "0.480"
    assert "ZiNi" not in shown and "Mouse path" not in shown and "Luck" not in shown
    assert shown["Clicks"] == "20 left, 4 right, 1 double"


def test_every_figure_says_what_it_means_and_the_death_is_named() -> None:
    entry = {
        **BASE,
        "path": 160.0,
        "stats": {"luck": 0.25, "guesses": 2, "stnb": 10.0, "etime": 31.25},
        "moves": [
            {"class": "logic", "row": 0, "col": 0, "time": 0.0},
            {"class": "death", "cause": "guess", "p_safe": 0.75, "row": 2, "col": 7, "time": 9.5},
        ],
    }
    shown = figures(entry)
    assert all(f.means.endswith(".") and len(f.means) < 80 for f in shown)
    values = {f.label: f.value for f in shown}
    assert values["Luck"] == "25.0%" and values["Mouse path"] == "10.0 cells"
    assert values["Estimated time"] == "31.250 s"
    death = next(f for f in shown if f.label == "The death")
    assert death.value == "a guess, 75% safe" and "row 3, column 8" in death.means
