"""The live race's map of the other's opened cells (docs/RACE.md), by real events
through the real loop and a real Mosquitto: off by default, no map is drawn and no
cells are sent; the host's Map in the room shows it to both, and the guest's panel
then draws the cells the host has opened (real pixels); hostile cells are dropped."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mosquitto import Mosquitto
from test_window import FakeClock, click, key, type_text
from test_window_race_friend import lines, steps
from test_window_series import menu

from game import cli
from game.app import App
from game.flows.race_room import RoomState, new_board
from game.modes.live_race import LiveRace
from game.net import messages as m
from game.net.broker import Broker
from game.net.client import RaceClient
from game.net.room import new_code
from game.rules import PRESETS, Difficulty, FirstClick
from game.scenes.live_race import LiveRaceScene
from game.view.theme import current as theme


@pytest.fixture
def app(broker: Mosquitto) -> Iterator[App]:
    application = App(
        cli.Options(zoom=1, sound=False, seed=1, broker=broker.url), clock=FakeClock()
    )
    application.run(frames=2)
    application.get_ready()
    yield application
    application.close()


def panel(app: App) -> LiveRaceScene:
    return next(s for s, _ in app.stage.scenes if isinstance(s, LiveRaceScene))


class Friend:
    """The other side: the game's own race client, its messages kept."""

    def __init__(self, broker: Mosquitto, code: str, role: str) -> None:
        self.client = RaceClient(
            Broker.parse(broker.url), code, {"name": "Bob", "role": role, "ready": True}
        )
        self.client.start()
        self.heard: list[object] = []

    def hear(self) -> list[object]:
        for got in self.client.heard():
            self.heard.append(got)
            if isinstance(got, m.Hello) and not got.answer:
                self.client.say(m.Hello, answer=True)
        return self.heard

    def progress(self) -> list[m.Progress]:
        return [h for h in self.hear() if isinstance(h, m.Progress)]


def joined(app: App, broker: Mosquitto) -> Friend:
    """The player joins the room Bob hosts (Game > Race a friend..., Join, its code)."""
    code = new_code()
    host = Friend(broker, code, "host")
    menu(app, "Race a friend...")
    click(app, app.stage.top_dialog.button_rect("Join").center)
    type_text(code)
    key(pygame.K_RETURN)
    app.run(frames=app.frame + 1)
    return host


def first_move(app: App) -> None:
    """The player opens the game's start cell (a real click)."""
    mode = app.table.tag.mode
    assert isinstance(mode, LiveRace) and mode.shared_code.start is not None
    click(app, app.viewport.cell_pos(*mode.shared_code.start))


def test_off_by_default_no_map_is_drawn_and_no_cells_are_sent(app: App, broker: Mosquitto) -> None:
    menu(app, "Race a friend...")
    click(app, app.stage.top_dialog.button_rect("Host").center)
    code = lines(app)[0].removeprefix("Room code: ")
    assert "A map of the cells the other has opened: not shown." in lines(app)
    friend = Friend(broker, code, "guest")
    steps(app, lambda: bool(friend.hear()) and "Bob is here, ready." in lines(app))
    steps(app, lambda: app.stage.top_dialog is not None and app.stage.top_dialog.rect is not None)
    click(app, app.stage.top_dialog.button_rect("Start").center)
    steps(app, lambda: isinstance(app.table.tag.mode, LiveRace), seconds=20)
    setups = [h for h in friend.hear() if isinstance(h, m.Setup)]
    assert setups and not setups[-1].map
    first_move(app)
    steps(app, lambda: any(p.solved for p in friend.progress()))
    assert all(p.opened is None for p in friend.progress())
    board = app.table.game
    friend.client.say(  # (cells sent against the room's choice: not believed)
        m.Progress, game=1, ms=500, solved=1, bbbv=9, clicks=1, opened=((0, board.cols),)
    )
    steps(app, lambda: app.race_friend().flow.room.opponent.progress is not None)
    scene = panel(app)
    assert app.race_friend().flow.room.opponent.progress.opened is None
    assert scene.map_rect(app.viewport.beside(), 1) is None and scene.mapped is None
    friend.client.close()


def test_the_hosts_map_shows_the_host_s_opened_cells_on_the_guest_s_panel(
    app: App, broker: Mosquitto
) -> None:
    host = joined(app, broker)
    board = new_board(PRESETS[Difficulty.BEGINNER], FirstClick.NOGUESS)
    steps(app, lambda: any(isinstance(h, m.Hello) for h in host.hear()))
    host.client.say(m.Setup, board=board.code, best_of=1, map=True)
    steps(app, lambda: "A map of the cells the other has opened: shown to both." in lines(app))
    host.client.say(m.Start, game=1, board=board.code, countdown_ms=300)
    steps(app, lambda: isinstance(app.table.tag.mode, LiveRace), seconds=20)
    first_move(app)
    steps(app, lambda: any(p.opened for p in host.progress()))  # (the guest's cells too)
    opened = ((0, 3), (9, 1), (80, 1))  # (three cells of the top row, one below, the last)
    host.client.say(m.Progress, game=1, ms=900, solved=2, bbbv=9, clicks=2, opened=opened)
    scene = panel(app)
    steps(app, lambda: scene.mapped is not None and scene.mapped[2] == opened)
    app.run(frames=app.frame + 2)
    rect, size = scene.map_rect(app.viewport.beside(), 1)
    look, screen = theme(), app.viewport.screen

    def colour(row: int, col: int) -> tuple[int, int, int]:
        return tuple(screen.get_at((rect.x + col * size + size // 2, rect.y + row * size))[:3])

    shown = {(r, c) for r in range(9) for c in range(9) if colour(r, c) == tuple(look.light)}
    assert shown == {(0, 0), (0, 1), (0, 2), (1, 0), (8, 8)}
    assert all(
        colour(r, c) == tuple(look.shadow)
        for r in range(9)
        for c in range(9)
        if (r, c) not in shown
    )
    updates = scene.updates
    for _ in range(3):  # (hostile cells: dropped without a word, the map as it was)
        host.client.say(m.Progress, game=1, ms=950, solved=2, bbbv=9, clicks=2, opened=((70, 20),))
    steps(app, lambda: scene.updates > updates)
    assert scene.mapped[2] == opened
    host.client.close()


BOARD = new_board(PRESETS[Difficulty.BEGINNER], FirstClick.SAFE)


@settings(max_examples=100, deadline=None)
@given(
    st.one_of(
        st.none(),
        st.integers(),
        st.text(max_size=4),
        st.lists(
            st.one_of(st.integers(-5, 2_000_000), st.booleans(), st.floats(), st.text(max_size=2)),
            max_size=40,
        ),
    )
)
def test_hostile_cells_are_dropped_without_a_word(runs: object) -> None:
    data = {
        "v": 1,
        "t": "progress",
        "from": "0" * 16,
        "seq": 3,
        "game": 1,
        "ms": 1,
        "solved": 0,
        "bbbv": 9,
        "clicks": 0,
        "state": "playing",
        "open": runs,
    }
    message = m.read(data)
    room = RoomState(host=False, name="Ada", map=True)
    room.start(m.Start("1" * 16, 1, 1, BOARD.code, 0))
    if message is None:
        return
    assert isinstance(message, m.Progress) and message.opened is not None
    assert m.covered(message.opened) <= m.MAX_MAP_CELLS and len(message.opened) <= m.MAX_RUNS
    room.progress(message)
    kept = room.opponent.progress
    assert kept is not None
    if kept.opened is not None:
        cells = [c for first, n in kept.opened for c in range(first, first + n)]
        assert cells == sorted(set(cells)) and all(0 <= c < 81 for c in cells)


def test_a_map_of_too_many_runs_or_cells_is_no_message() -> None:
    data = {"v": 1, "t": "progress", "from": "0" * 16, "seq": 3, "game": 1, "ms": 1}
    data |= {"solved": 0, "bbbv": 9, "clicks": 0, "state": "playing"}
    assert m.read({**data, "open": [1] * m.MAX_RUNS}) is not None
    assert m.read({**data, "open": [1] * (m.MAX_RUNS + 1)}) is None
    assert m.read({**data, "open": [m.MAX_MAP_CELLS, 1]}) is None


def test_the_spans_sent_are_the_cells_the_game_has_opened() -> None:
    from game.core.game import Game
    from game.flows.race_map import cells_of, opened_spans

    game = Game.new(9, 9, 10, seed=5)
    assert opened_spans(game) == ()
    game.reveal(4, 4)
    spans = opened_spans(game)
    assert spans and cells_of(spans, 9) == game.opened_cells()
    assert m.read({**m.Progress("0" * 16, 1, opened=spans).to_dict()}) == m.Progress(
        "0" * 16, 1, opened=spans
    )
