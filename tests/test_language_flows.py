"""What the flows, the modes and the replay viewer say is in the player's language:
the ranking categories, the ladder's, the time trials' and the tournament's dialogs,
the replay browser, the viewer's bar, a practice game's and an assisted game's line,
the time left; each fits the Beginner window at zoom 1; English stays word for word."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from test_window import FakeClock, drawn_on, key

from game import cli, language
from game.app import App
from game.modes.category import Category
from game.modes.mode import helped_why
from game.modes.practice import DEATH_UNDONE, Practice
from game.rules import Difficulty
from game.scenes.playback.status import status_forms
from game.session.play import Help
from game.terminal_bar import time_left
from game.view.commands import Command, KeyMap

TRANSLATED = [code for code in language.LANGUAGES if code != language.ENGLISH]

FLOWS: dict[str, Command] = {
    "ladder": Command.LADDER,
    "time trials": Command.TRIALS,
    "tournament": Command.TOURNAMENT,
    "open replay": Command.OPEN_REPLAY,
}
"""The flows' dialogs, opened by their commands as the menus open them."""


@pytest.fixture
def speaking() -> Iterator[Callable[[str], str]]:
    yield language.use
    language.use(language.ENGLISH)


def test_a_category_is_named_in_the_language(speaking: Callable[[str], str]) -> None:
    no_guess = Category(Difficulty.EXPERT, "no-guess")
    strong = Category(Difficulty.RANKED_BEGINNER, "strong-no-guess")
    assert no_guess.label == "Expert, no guessing"
    assert strong.label == "Beginner 8x8, strong no-guess"
    assert Category.shared_board("daily").label == "Daily boards"
    speaking("zh_CN")
    assert no_guess.label == "高级，无猜"
    assert strong.label == "初级 8x8，强无猜"
    assert Category.shared_board("daily").label == "每日局面"
    speaking("de")
    assert no_guess.label == "Profis, ohne Raten"
    assert Category.shared_board("code").label == "Spielfeldcodes"


def test_the_modes_lines_take_the_languages_plural_forms(speaking: Callable[[str], str]) -> None:
    practice = Practice(lambda clock: None, DEATH_UNDONE)  # type: ignore[arg-type,return-value]
    assert practice.describe(2) == "A practice game (2 deaths undone)"
    assert helped_why({Help.HINT, Help.PROBABILITIES}) == (
        "assisted: a hint and the mine probabilities were shown"
    )  # (as the history keeps it, in English)
    speaking("pl")
    assert practice.describe(1) == "Gra treningowa (1 cofnięta śmierć)"
    assert practice.describe(3) == "Gra treningowa (3 cofnięte śmierci)"
    assert practice.describe(5) == "Gra treningowa (5 cofniętych śmierci)"
    assert language.gettext(helped_why({Help.HINT})) == "z pomocą: pokazano podpowiedź"


def test_the_viewers_bar_and_the_time_left_are_in_the_language(
    speaking: Callable[[str], str],
) -> None:
    keymap = KeyMap()
    english = status_forms("paused", "", keymap)[0]
    assert english.startswith("Replay paused") and ": speed" in english
    assert time_left(10.0, 0.5) == "about 10 s left"
    speaking("de")
    german = status_forms(language.gettext("paused"), "", keymap)[0]
    assert german.startswith("Replay pausiert") and ": Tempo" in german, german
    assert ": speed" not in german
    assert time_left(7200.0, 0.5) == "noch etwa 2,0 h"
    speaking("ja")
    assert "：速度" in status_forms("x", "", keymap)[0]


@pytest.mark.parametrize("name", list(FLOWS))
@pytest.mark.parametrize("code", list(language.LANGUAGES))
def test_the_flows_dialogs_are_in_the_language_and_fit_at_zoom_1_on_beginner(
    code: str, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.view.widgets.style import FONT_SIZE

    monkeypatch.setenv("HOME", "/")  # (the browser starts there: a short path, shown whole)
    application = App(
        cli.Options(zoom=1, sound=False, seed=1, data_dir=str(tmp_path), language=code),
        clock=FakeClock(),
    )
    try:
        application.run(frames=1)
        application.play.command(FLOWS[name])
        application.run(frames=1)
        dialog = application.stage.top_dialog
        assert dialog is not None and dialog.rect is not None
        assert (
            drawn_on(application).get_rect().contains(dialog.rect)
        )  # (the side, or its own window)
        assert not dialog.cut, f"{name} in {code} cut its text: {getattr(dialog, 'lines', [])}"
        assert dialog.font_size >= FONT_SIZE
        said = [language.gettext(dialog.title), *getattr(dialog, "lines", [])]
        english = ("The ladder", "Time trials", "Tournament", "Open a replay", "Win a level")
        if code != language.ENGLISH:
            assert not any(line.startswith(english) for line in said), said
        else:
            assert said[0] in english
        key(pygame.K_ESCAPE, "\x1b")
        application.run(frames=1)
    finally:
        application.close()
        language.use(language.ENGLISH)


def test_a_data_folder_message_made_before_the_language_is_said_in_it_when_shown(
    tmp_path: Path, speaking: Callable[[str], str]
) -> None:
    """The settings say the language, so the messages about the files read with them
    are made in English; the window shows them in the language then in use."""
    from game.language import shown
    from game.persist.profile import Profile

    (tmp_path / "settings.json").write_text("{ not json", encoding="utf-8")
    profile = Profile.open(tmp_path)
    try:
        (problem,) = profile.problems
        assert problem.startswith("Your settings file was damaged and could not be read.")
        assert shown(problem) == problem  # (English: word for word)
        speaking("de")
        german = shown(problem)
        assert german.startswith("Die Einstellungsdatei war beschädigt"), german
        assert german.endswith("es gelten die Standardeinstellungen."), german
        speaking("zh_CN")
        assert shown(problem).startswith("你的设置文件已损坏"), shown(problem)
    finally:
        profile.close()


def test_a_damaged_series_book_is_said_in_the_language(
    tmp_path: Path, speaking: Callable[[str], str]
) -> None:
    from game.language import shown
    from game.persist.series import SERIES_FILE, Series

    (tmp_path / SERIES_FILE).write_text("{ damaged", encoding="utf-8")
    problem = Series(tmp_path).problem
    assert problem is not None
    assert problem.startswith("Your time trials' and tournaments' book was damaged")
    speaking("de")
    german = shown(problem)
    assert german.startswith("Das Buch der Zeitrennen und Turniere war beschädigt"), german
    assert german.endswith("ein leeres wird verwendet."), german


def test_the_viewers_bar_keeps_the_players_name_before_it_gives_up_the_result() -> None:
    """Narrow (an 8x8 board at zoom 1), the bar drops the country and the program
    before the player's name: the name and the result come before the result alone."""
    forms = status_forms("won in 3.796 s", "王嘉宁 (中国), 元3.1.9, 2024-08-10", KeyMap())
    named = forms.index("王嘉宁   won in 3.796 s")
    assert named < forms.index("won in 3.796 s")
    assert all("王嘉宁" in form for form in forms[: named + 1])
