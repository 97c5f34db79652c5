"""One word for one thing, through the real loop, in every language (the play test
in Chinese: the menu said "左键双击" where Settings said "左键单击数字即双击" for the
same option; the Keys screen said "Return" where the Help says "Enter"; the History's
chart wrote its dates as ISO where its list writes them in the language's way)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window import click as click_at
from test_window import key, type_text
from test_window_counters import frames, start
from test_window_history_no_wins import lost_games_charted

from game import language
from game.app import App
from game.screens.history import HistoryAnswer
from game.view.commands import Command
from game.view.menus import MENUS
from game.view.toggles import SETTINGS
from game.view.widgets.dialog import Dialog

LANGUAGES = ["en", "zh_CN", "ja", "de", "pl"]


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    language.use("en")


@pytest.fixture
def opened(tmp_path: Path) -> Iterator[tuple[Path, list[App]]]:
    apps: list[App] = []
    yield tmp_path, apps
    for app in apps:
        app.close()


def window(opened: tuple[Path, list[App]], code: str) -> App:
    folder, apps = opened
    apps.append(start(folder, 2, language=code))
    return apps[-1]


def top(app: App) -> Dialog:
    frames(app, 2)
    dialog = app.stage.top_dialog
    assert dialog is not None
    return dialog


def test_the_menu_and_the_settings_name_left_click_chords_alike_in_chinese(
    opened: tuple[Path, list[App]],
) -> None:
    app = window(opened, "zh_CN")
    options = next(menu for menu in MENUS if menu.title == "Options")
    line = next(item for item in options.items if item.command is Command.LEFT_CLICK_CHORDS)
    app.play.command(Command.SETTINGS)
    settings = [label for label, _ in top(app).items]  # type: ignore[attr-defined]
    assert line.shown in settings
    assert "左键单击数字即双击" in settings


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_menu_line_of_a_setting_says_what_the_settings_dialog_says(
    opened: tuple[Path, list[App]], code: str
) -> None:
    """The play test: the Options menu said "Counter below zero" where Settings said
    "Mine counter below zero", and "Left click chords" for "Left click on a number
    chords"."""
    app = window(opened, code)
    app.play.command(Command.SETTINGS)
    settings = [label for label, _ in top(app).items]  # type: ignore[attr-defined]
    flags = {
        command
        for setting in SETTINGS
        for command, value in setting.commands.items()
        if value is None  # (a flag: its one command flips it)
    }
    options = next(menu for menu in MENUS if menu.title == "Options")
    lines = [item for item in options.items if item is not None and item.command in flags]
    assert {item.command for item in lines} == flags  # (every flag has its menu line)
    for item in lines:
        assert item.shown in settings, (item.shown, settings)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_history_names_its_board_button_as_its_column_of_boards_not_next(
    opened: tuple[Path, list[App]], code: str
) -> None:
    """The play test: the History's "Next" (the next board) sat beside "Previous" and
    "More" (the pages), and read as the next page. The button is named as the column
    of boards is, and a click on it shows the next board's games."""
    folder, apps = opened
    app, _ = lost_games_charted(folder, code, 1)
    apps.append(app)
    history = top(app)
    shown = [language.gettext(label) for label in history.buttons]
    assert language.gettext("Next") not in shown
    board = language.gettext(HistoryAnswer.BOARD.label)
    assert board == history.headers[1]  # type: ignore[attr-defined]
    assert shown.count(board) == 1
    click_at(app, history.button_rect(HistoryAnswer.BOARD.label).center)
    beginner = top(app)
    assert beginner is not history
    assert beginner.title == language.gettext("History: {which}").format(
        which=language.gettext("Beginner")
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_keys_screen_names_enter_and_space_as_the_help_does(
    opened: tuple[Path, list[App]], code: str
) -> None:
    app = window(opened, code)
    app.play.command(Command.HELP)
    help_keys = dict((does, keys) for keys, does in top(app).keys)  # type: ignore[attr-defined]
    key(pygame.K_ESCAPE, "\x1b")
    frames(app, 2)
    assert app.stage.top_dialog is None
    app.play.command(Command.REBIND)
    keys_page = dict(top(app).items)  # type: ignore[attr-defined]
    does = language.gettext("open the cell (chord on a number)")
    enter, space = language.gettext("Enter"), language.gettext("Space")
    assert enter in help_keys[does] and space in help_keys[does], help_keys[does]
    assert enter in keys_page[does] and space in keys_page[does], keys_page[does]
    assert "Return" not in keys_page[does]


@pytest.mark.parametrize("code", ["zh_CN", "de"])
def test_the_history_chart_writes_its_dates_as_its_list_does(
    opened: tuple[Path, list[App]], code: str
) -> None:
    folder, apps = opened
    app, chart = lost_games_charted(folder, code, 1)
    apps.append(app)
    history = top(app)
    listed = history.rows[0][0].split(" ")[0]  # type: ignore[attr-defined]
    assert chart.days == (listed, listed)
    assert "-" not in listed  # (the language's date, not the ISO one)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_about_names_every_shipped_font_and_its_licence(
    opened: tuple[Path, list[App]], code: str
) -> None:
    """The play test in Chinese: About said the font was DejaVu Sans, over words every
    character of which the shipped Noto Sans CJK drew (its licence unnamed)."""
    app = window(opened, code)
    app.play.command(Command.ABOUT)
    said = " ".join(top(app).lines)  # type: ignore[attr-defined]
    for font, licence in (("DejaVu Sans", "Bitstream"), ("Noto Sans CJK", "SIL")):
        assert font in said and licence in said, said


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_custom_board_writes_a_size_as_its_complaint_does(
    opened: tuple[Path, list[App]], code: str
) -> None:
    """The play test: the Custom board said "Mines: 10 to 64 on 9 x 9." over "A 9x9
    board takes 10 to 64 mines; got 100." (and the Deaths "9x9"): one way to write a
    board's size. Typed through the real loop: 100 mines on 9x9."""
    app = window(opened, code)
    key(pygame.K_F3)
    form = top(app)
    for _ in range(2):
        key(pygame.K_TAB, "\t")
    for _ in range(3):
        key(pygame.K_BACKSPACE, "\b")
    type_text("100")
    key(pygame.K_RETURN, "\r")
    frames(app, 2)
    assert top(app) is form and form.error is not None  # type: ignore[attr-defined]
    note = form.note(form.values)  # type: ignore[attr-defined]
    for words in (note, form.error):  # type: ignore[attr-defined]
        assert "9x9" in words and "9 x 9" not in words, words
