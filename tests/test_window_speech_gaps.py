"""The gaps a player by ear found, through the real loop with the recording voice:
a figure's "-" (no value) said as a word, not as nothing."""

from __future__ import annotations

import pygame
import pytest
from test_window import BEGINNER, use_layout
from test_window_speech import said_after, spoken_app, voice  # noqa: F401 (fixtures)

from game.app import App
from game.view.speech_out import Recording
from game.words import nones_spoken


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "3BV/s: none"),
        ("de", "3BV/s: kein Wert"),
        ("pl", "3BV/s: brak"),
        ("zh_CN", "3BV/s: 无"),  # (the B key joins with ": " in every language)
        ("ja", "3BV/s: なし"),
    ],
)
def test_a_figure_with_no_value_is_said_as_a_word(
    spoken_app: App,  # noqa: F811
    voice: Recording,  # noqa: F811
    code: str,
    said: str,
) -> None:
    """B before the first move: the screen's "3BV/s: -" was heard "3BV/s" (a voice
    reads a lone "-" as nothing)."""
    app = spoken_app
    app.prefs.change(language=code)
    use_layout(app, BEGINNER)
    said_after(app, voice, pygame.K_UP)
    assert said_after(app, voice, pygame.K_b) == said


def test_only_a_lone_mark_of_no_value_is_said_as_none() -> None:
    assert nones_spoken("3BV/s -, clicks 4") == "3BV/s none, clicks 4"
    assert nones_spoken("Best: - - 3") == "Best: none none 3"
    assert nones_spoken("Time: \u2013.") == "Time: none."
    for kept in ("Minesweeper - won in 3 s", "(rows - 1) x (columns - 1)", "-5", "a-b"):
        assert nones_spoken(kept) == kept
