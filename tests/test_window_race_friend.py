"""Game > Race a friend... in the window, by real events through the real loop: Host
opens a room whose dialog shows its code; a friend's race client joins by that code and
is shown ready; Start counts down, said through a real Mosquitto, and both then have the
same board; Join takes a code and refuses one that is none."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pygame
import pytest
from mosquitto import Mosquitto
from test_window import FakeClock, cell_center, click, key, type_text
from test_window_series import menu

from game import cli
from game.app import App
from game.core.status import Status
from game.modes.live_race import LiveRace
from game.modes.ordinary import Ordinary
from game.net import messages as m
from game.net.broker import Broker
from game.net.client import RaceClient
from game.net.code import parse
from game.scenes.live_race import LiveRaceScene


@pytest.fixture
def app(broker: Mosquitto) -> Iterator[App]:
    clock = FakeClock()
    application = App(cli.Options(zoom=1, sound=False, seed=1, broker=broker.url), clock=clock)
    application.run(frames=2)
    application.get_ready()
    yield application
    application.close()


def steps(app: App, until: Callable[[], bool], seconds: float = 15) -> None:
    """Steps of the loop (its clock is the test's: each a 60th of a second) and frames,
    until the test holds, in real time at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "waited in vain"
        app.update(1000 / 60)
        app.run(frames=app.frame + 1)
        time.sleep(0.005)


def lines(app: App) -> list[str]:
    dialog = app.stage.top_dialog
    return [] if dialog is None else list(getattr(dialog, "lines", []))


def test_the_panel_of_a_room_no_one_came_to_yet_says_so(app: App, broker: Mosquitto) -> None:
    """The play test: the race's panel beside a room waiting for a friend said "Racing
    ?" over "? waiting"."""
    menu(app, "Race a friend...")
    dialog = app.stage.top_dialog
    assert dialog is not None
    click(app, dialog.button_rect("Host").center)
    panel = next(scene for scene, _ in app.stage.scenes if isinstance(scene, LiveRaceScene))
    steps(app, lambda: "Connecting to the broker..." not in lines(app))
    rows = {row.key: (row.label, row.value) for row in panel.rows()}
    assert rows["name"] == ("Racing", "no one yet")
    assert rows["now"] == ("Opponent", "waiting")
    assert not any("?" in words for pair in rows.values() for words in pair)


def race_bob(app: App, broker: Mosquitto) -> tuple[RaceClient, list[object], Callable[[], None]]:
    """Host a room in the window, Bob's client joins ready and Start deals the race's
    first game: Bob's client, what it heard and what hears more."""
    menu(app, "Race a friend...")
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.title == "Race a friend"
    click(app, dialog.button_rect("Host").center)
    room = app.stage.top_dialog
    assert room is not None and room.title == "Race room"
    code = lines(app)[0].removeprefix("Room code: ")
    assert parse(code) == code
    steps(app, lambda: "Connecting to the broker..." not in lines(app))
    friend = RaceClient(
        Broker.parse(broker.url), code, {"name": "Bob", "role": "guest", "ready": True}
    )
    friend.start()
    heard: list[object] = []

    def hear() -> None:
        for got in friend.heard():
            heard.append(got)
            if isinstance(got, m.Hello) and not got.answer:
                friend.say(m.Hello, answer=True)

    steps(app, lambda: hear() or "Bob is here, ready." in lines(app))
    assert "Your record against Bob: 0 won, 0 lost, 0 drawn." in lines(app)
    steps(app, lambda: app.stage.top_dialog is not None and app.stage.top_dialog.rect is not None)
    click(app, app.stage.top_dialog.button_rect("Start").center)
    steps(app, lambda: isinstance(app.table.tag.mode, LiveRace), seconds=20)
    return friend, heard, hear


def test_host_shows_a_code_a_friend_joins_and_start_deals_both_one_board(
    app: App, broker: Mosquitto
) -> None:
    friend, heard, hear = race_bob(app, broker)
    hear()
    starts = [h for h in heard if isinstance(h, m.Start)]
    mode = app.table.tag.mode
    assert isinstance(mode, LiveRace) and starts and starts[0].board == mode.code
    assert mode.opponent == "Bob" and "race against Bob" in mode.title()
    friend.close()


def lose(app: App) -> None:
    """Click a mine of the game on the table (the first click, where none is laid yet,
    opens a cell first)."""
    mine = next(iter(app.table.game.mine_cells()), None)
    if mine is None:  # (mines laid at the first click: open one cell, then a mine)
        start = app.table.session.start or (0, 0)
        click(app, cell_center(app, *start))
        mine = next(iter(app.table.game.mine_cells()))
    click(app, cell_center(app, *mine))
    assert app.table.game.status is Status.LOST


def test_leaving_the_room_leaves_its_game_for_a_game_of_ones_own(
    app: App, broker: Mosquitto
) -> None:
    """The play test: Leave took the race's panel away and left its game on the board,
    the title still "race against Player, game 1"; played, it ended with no panel at
    all (its end was the race's panel's). Leave deals a new game of the board's size,
    whose end shows its panel beside the board."""
    friend, _, _ = race_bob(app, broker)
    board = app.table.board
    panel = next(scene for scene, _ in app.stage.scenes if isinstance(scene, LiveRaceScene))
    steps(app, lambda: "Leave" in panel.buttons)
    assert "Rematch" not in panel.buttons  # (the game is under way: nothing to rematch)
    click(app, panel.buttons["Leave"].center)
    steps(app, lambda: not isinstance(app.table.tag.mode, LiveRace))
    assert isinstance(app.table.tag.mode, Ordinary) and app.table.board == board
    assert "race" not in app.viewport.window.window.title
    lose(app)
    app.run(frames=app.frame + 2)
    assert app.stage.top_dialog is not None  # the end of the game, beside the board
    friend.close()


def test_rematch_is_offered_once_the_game_is_decided_and_leave_stays_put(
    app: App, broker: Mosquitto
) -> None:
    """The play test: the race's panel offered Rematch while game 1 was played, and
    a press on it did nothing. It shows once the game is decided (here: Bob gone),
    where it always goes; Leave keeps its place."""
    friend, _, _ = race_bob(app, broker)
    panel = next(scene for scene, _ in app.stage.scenes if isinstance(scene, LiveRaceScene))
    steps(app, lambda: "Leave" in panel.buttons)
    leave = panel.buttons["Leave"]
    assert "Rematch" not in panel.buttons
    lose(app)
    app.run(frames=app.frame + 2)
    assert "Rematch" not in panel.buttons  # (Bob plays on: undecided)
    friend.close()  # (Bob leaves: his game unfinished, the game is decided)
    steps(app, lambda: "Rematch" in panel.buttons)
    assert panel.buttons["Leave"] == leave
    assert panel.buttons["Rematch"].right < leave.left and panel.buttons["Rematch"].y == leave.y


def test_join_takes_a_code_and_refuses_one_that_is_none(app: App) -> None:
    menu(app, "Race a friend...")
    dialog = app.stage.top_dialog
    assert dialog is not None
    click(app, dialog.button_rect("Join").center)
    form = app.stage.top_dialog
    assert form is not None and form.title == "Join a race"
    type_text("7KQ2-M9XD")
    key(pygame.K_RETURN)
    app.run(frames=app.frame + 1)
    assert app.stage.top_dialog is form  # (no room of 8 characters)
    type_text("-4rta")
    key(pygame.K_RETURN)
    app.run(frames=app.frame + 1)
    room = app.stage.top_dialog
    assert room is not None and room.title == "Race room"
    assert lines(app)[0] == "Room code: 7KQ2-M9XD-4RTA"
