"""The live race's broker chosen in the Settings dialog (game.screens.race_broker,
game.flows.race_broker), through real key events on the real loop: a public broker
picked is kept and said to be public, an address typed in is checked as the race reads
it (a wrong one: its one line, nothing kept), the default is kept as none chosen, no
broker is contacted meanwhile, and the race opens on --broker, else the choice, else
the default."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window import FakeClock, key, type_text

from game import cli
from game.app import App
from game.persist.data_folder import SETTINGS_FILE
from game.screens.race_broker import PUBLIC_BROKERS
from game.view.commands import Command
from game.view.widgets.form import FormDialog
from game.view.widgets.menu import MenuDialog


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """Every connection a socket tries is refused, and noted when this test tried it:
    from its own thread or one started since (not a thread an earlier test left, a
    race client trying its stopped broker again on the loopback)."""
    tried: list[object] = []
    here = threading.get_ident()
    earlier = {thread.ident for thread in threading.enumerate()} - {here}

    def refused(_self: socket.socket, address: object) -> None:
        if threading.get_ident() not in earlier:
            tried.append(address)
        raise OSError("no network in this test")

    monkeypatch.setattr(socket.socket, "connect", refused)
    monkeypatch.setattr(socket.socket, "connect_ex", refused)
    yield tried


def opened(folder: Path, broker: str | None = None) -> App:
    app = App(
        cli.Options(zoom=1, sound=False, seed=1, data_dir=str(folder), broker=broker),
        clock=FakeClock(),
    )
    app.run(frames=1)
    return app


def top_menu(app: App) -> MenuDialog:
    dialog = app.stage.top_dialog
    assert isinstance(dialog, MenuDialog), dialog
    return dialog


def press(app: App, code: int, times: int = 1) -> None:
    for _ in range(times):
        key(code)
    app.run(frames=1)


def broker_menu(app: App) -> tuple[MenuDialog, MenuDialog]:
    """Settings, then its last line (Up from the first: the race's broker)."""
    app.play.command(Command.SETTINGS)
    app.run(frames=1)
    settings = top_menu(app)
    press(app, pygame.K_UP)
    press(app, pygame.K_RETURN)
    menu = top_menu(app)
    assert menu is not settings
    return settings, menu


def shown(menu: MenuDialog) -> dict[str, str]:
    return dict(menu.items)


def kept(folder: Path) -> object:
    return json.loads((folder / SETTINGS_FILE).read_text())["race_broker"]


def test_a_public_broker_picked_is_kept_and_said_to_be_public(
    tmp_path: Path, no_network: list[object]
) -> None:
    app = opened(tmp_path)
    try:
        settings, menu = broker_menu(app)
        assert shown(settings)["Race's broker"] == "the game's default"
        assert shown(menu)["None: the game's default"] == "chosen"
        assert [shown(menu)[url.split("//")[1].split(":")[0]] for url, _ in PUBLIC_BROKERS] == [
            "public"
        ] * 3
        press(app, pygame.K_DOWN)  # (test.mosquitto.org: its hint says it is public)
        assert menu.note is not None and "public broker" in menu.note and "sealed" in menu.note
        press(app, pygame.K_RETURN)
        assert app.prefs.settings.race_broker == "mqtts://test.mosquitto.org:8886"
        assert kept(tmp_path) == "mqtts://test.mosquitto.org:8886"
        assert shown(menu)["test.mosquitto.org"] == "public, chosen"
        assert shown(settings)["Race's broker"] == "test.mosquitto.org (public)"
        press(app, pygame.K_UP)  # (back to none chosen: kept as null, not as an address)
        press(app, pygame.K_RETURN)
        assert app.prefs.settings.race_broker is None and kept(tmp_path) is None
        assert shown(settings)["Race's broker"] == "the game's default"
        assert no_network == []  # (nothing contacted: the choice is only kept)
    finally:
        app.close()


def test_an_address_typed_is_checked_and_a_wrong_one_is_its_one_line(
    tmp_path: Path, no_network: list[object]
) -> None:
    app = opened(tmp_path)
    try:
        settings, menu = broker_menu(app)
        press(app, pygame.K_UP)  # (the last line: an address of your own)
        press(app, pygame.K_RETURN)
        form = app.stage.top_dialog
        assert isinstance(form, FormDialog)
        type_text("http://club.example")
        press(app, pygame.K_RETURN)
        assert not form.closed
        assert form.error == "A broker's address starts mqtt://, mqtts://, ws:// or wss://."
        assert app.prefs.settings.race_broker is None
        assert not (tmp_path / SETTINGS_FILE).exists() or kept(tmp_path) is None
        for _ in range(len("http://club.example")):
            key(pygame.K_BACKSPACE)
        type_text("wss://club.example/mqtt")
        press(app, pygame.K_RETURN)
        assert form.closed and app.stage.top_dialog is menu
        assert app.prefs.settings.race_broker == "wss://club.example/mqtt"
        assert shown(menu)["An address of your own..."] == "wss://club.example/mqtt"
        assert shown(settings)["Race's broker"] == "wss://club.example/mqtt"
        assert no_network == []
    finally:
        app.close()


def test_the_race_opens_on_the_command_lines_broker_else_the_chosen_else_the_default(
    tmp_path: Path,
) -> None:
    app = opened(tmp_path)
    try:
        assert app.race_friend().broker is None
        app.prefs.save(app.prefs.settings.replace(race_broker="mqtt://club.example:1884"))
        assert app.race_friend().broker == "mqtt://club.example:1884"
    finally:
        app.close()
    app = opened(tmp_path, broker="mqtt://127.0.0.1:1999")
    try:
        assert app.prefs.settings.race_broker == "mqtt://club.example:1884"  # (kept)
        assert app.race_friend().broker == "mqtt://127.0.0.1:1999"  # (--broker: this run)
    finally:
        app.close()
