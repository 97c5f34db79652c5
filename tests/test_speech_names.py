"""A lint of the speech: every menu item, every button and every page has a spoken
name in every language, taken from the same catalogs as the words on screen (a new
menu line or dialog is spoken with no code of its own: its label through its
catalog; this test fails when a label has no translation to be said)."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po
from test_window import FakeClock, post
from test_window_dialogs import OPENERS

import game.screens
from game import cli, language
from game.app import App
from game.screens.answers import Button
from game.view.menus import MENUS
from game.view.speech_out import Recording
from game.view.widgets.dialog import button_said
from game.view.widgets.menubar import MENU_SAID

LOCALE = Path(language.__file__).parent / "locale"
OTHERS = [code for code in language.LANGUAGES if code != language.ENGLISH]


def catalog(code: str) -> dict[str, str]:
    """A language's catalog: each English word and its translation (singulars)."""
    with (LOCALE / code / "LC_MESSAGES" / "minesweeper.po").open("rb") as po:
        read = read_po(po)
    return {
        str(m.id): str(m.string) for m in read if m.id and isinstance(m.id, str) and not m.fuzzy
    }


def buttons() -> list[str]:
    """Every button's label the dialogs answer with (each screen's Enum of them)."""
    for module in pkgutil.iter_modules(game.screens.__path__):
        importlib.import_module(f"game.screens.{module.name}")
    found: set[str] = {"OK", "Cancel", "Close"}  # (the widgets' own defaults)
    classes = list(Button.__subclasses__())
    while classes:
        kind = classes.pop()
        classes += kind.__subclasses__()
        found |= {member.label for member in kind}  # type: ignore[attr-defined]
    return sorted(found)


@pytest.mark.parametrize("code", OTHERS)
def test_every_menu_item_and_menu_has_a_spoken_name_in_the_language(code: str) -> None:
    words = catalog(code)
    missing = [
        item.label
        for menu in MENUS
        for item in menu.items
        if item is not None and item.translated and not words.get(item.label)
    ]
    missing += [menu.title for menu in MENUS if not words.get(menu.title)]
    assert not missing, f"{code}: menu lines with no spoken name: {missing}"
    assert words.get(MENU_SAID), "how a menu is named"


@pytest.mark.parametrize("code", OTHERS)
def test_every_button_has_a_spoken_name_in_the_language(code: str) -> None:
    words = catalog(code)
    labels = buttons()
    assert len(labels) > 20, labels  # (the screens' buttons were found)
    missing = [label for label in labels if not words.get(label)]
    assert not missing, f"{code}: buttons with no spoken name: {missing}"
    language.use(code)
    try:
        said = button_said("OK")
        assert said and said != "OK, button" and words["OK"] in said
    finally:
        language.use(language.ENGLISH)


@pytest.fixture
def apps(tmp_path: Path) -> Iterator[dict[str, tuple[App, Recording]]]:
    made: dict[str, tuple[App, Recording]] = {}
    try:
        for code in language.LANGUAGES:
            options = cli.Options(
                zoom=2, sound=False, seed=1, data_dir=str(tmp_path / code), language=code
            )
            app = App(options, clock=FakeClock())
            voice = Recording()
            app.speaker.make_backend = lambda voice=voice: voice  # type: ignore[misc]
            app.run(frames=1)
            app.prefs.change(speech=True)
            post(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode="")  # (a first input)
            app.run(frames=1)
            made[code] = (app, voice)
        yield made
    finally:
        for app, _ in made.values():
            app.close()


def test_every_page_is_said_when_it_opens_in_every_language(
    apps: dict[str, tuple[App, Recording]],
) -> None:
    said: dict[str, dict[str, str]] = {}
    for code, (app, voice) in apps.items():
        language.use(code)
        for name, opener in OPENERS.items():
            before = len(voice.spoken)
            opener(app)
            app.run(frames=1)
            assert app.speaker.wait()
            dialog = app.stage.top_dialog
            assert dialog is not None, name
            words = " ".join(voice.spoken[before:])
            title = language.gettext(dialog.title)
            assert words.startswith(title), f"{code} {name}: {words[:80]!r}"
            assert len(words) > len(title) + 2, f"{code} {name}: only the title said"
            said.setdefault(name, {})[code] = words
            app.stage.clear_dialogs()
            app.run(frames=1)
    language.use(language.ENGLISH)
    for name, by_language in said.items():
        english = by_language[language.ENGLISH]
        same = [code for code in OTHERS if by_language[code] == english]
        assert not same, f"{name} is said in English in {same}"
