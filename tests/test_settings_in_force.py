"""The Settings dialog and the Options menu show the settings in force this session:
--no-sound's sound and --lang's language (kept settings untouched), and every value
in the language spoken, the rule mode's and the look's names included."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_window import FakeClock

from game import cli, language
from game.app import App
from game.view.commands import Command, KeyMap


def settings_shown(app: App) -> dict[str, str]:
    app.play.command(Command.SETTINGS)
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None
    return dict(getattr(dialog, "items", []))


@pytest.fixture
def english() -> Iterator[None]:
    yield
    language.use(language.ENGLISH)


def test_no_sound_shows_sound_off_and_m_turns_it_on(tmp_path: Path) -> None:
    app = App(cli.Options(zoom=1, sound=False, seed=1, data_dir=str(tmp_path)), clock=FakeClock())
    try:
        app.run(frames=1)
        assert app.prefs.settings.sound is True  # (the kept setting: on)
        assert settings_shown(app)["Sound"] == "off"
        assert app.play.checked(Command.SOUND) is False
        app.stage.clear_dialogs()
        app.play.command(Command.SOUND)  # (M, or the Options menu's line)
        assert app.prefs.sound.enabled is True
        assert app.play.checked(Command.SOUND) is True
        assert app.prefs.settings.sound is True
        app.play.command(Command.SOUND)
        assert app.prefs.sound.enabled is False and app.prefs.settings.sound is False
    finally:
        app.close()


def test_lang_shows_its_language_and_every_value_in_it(tmp_path: Path, english: None) -> None:
    app = App(
        cli.Options(zoom=1, sound=False, seed=1, data_dir=str(tmp_path), language="de"),
        clock=FakeClock(),
    )
    try:
        app.run(frames=1)
        shown = settings_shown(app)
        assert shown["Sprache"] == "Deutsch"
        assert shown["Regeln"] == "Win7 (erster Klick öffnet eine Fläche)"  # (the default)
        assert shown["Aussehen"] == "Klassisch"
        assert shown["Ton"] == "aus"
        assert app.prefs.settings.language == "en"  # (--lang: this session only)
    finally:
        app.close()


@pytest.mark.parametrize("code", ["zh_CN", "ja", "de", "pl"])
def test_a_language_chosen_in_the_menu_translates_the_rules_and_the_look(
    tmp_path: Path, english: None, code: str
) -> None:
    app = App(cli.Options(zoom=1, sound=False, seed=1, data_dir=str(tmp_path)), clock=FakeClock())
    try:
        app.run(frames=1)
        app.play.command(Command(f"language {code}"))
        app.run(frames=1)
        values = set(settings_shown(app).values())
        assert not values & {"Win7 (first click opens an area)", "Classic", "on", "off", "English"}
    finally:
        app.close()


@pytest.mark.parametrize("code", ["zh_CN", "ja", "de", "pl"])
def test_the_help_names_the_keys_in_the_language(code: str, english: None) -> None:
    language.use(code)
    keys = {shown for shown, _ in KeyMap().help_rows()}
    assert not keys & {"Arrows, WASD", "Space, Enter", "Face, F2"}
