"""What two real computers do to a live race that one does not, by real events through
the real loop and a real Mosquitto (docs/RACE.md, Faults): the other's network falls
mid-race (its will says it left) while it plays on and finishes first, and both
screens must then say the same winner, and the record by opponent with them (its last
progress, lost in the cut, said again with the finish); a third who joins with the
code is told the room is full and changes nothing; a guest back after the start was
said is told it again; a guest alone on its broker is told to check it; the host's
invitation (Copy code) is one line the friend's Join takes whole, with the broker said
by the host's address and never with the host's own authority's file; a race game
under way at the close is not offered back alone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from mosquitto import Mosquitto
from test_live_race_room import played
from test_window import FakeClock, click, key, type_text
from test_window_race_friend import lines, steps
from test_window_race_map import Friend, joined, panel
from test_window_series import menu

from game import cli
from game.app import App
from game.flows.race_lines import room_lines, their_name
from game.flows.race_room import RoomState, new_board
from game.modes.live_race import LiveRace
from game.net import messages as m
from game.net import where
from game.net.room import new_code
from game.rules import PRESETS, Difficulty, FirstClick
from game.view.widgets import clipboard


def started(clock: FakeClock, broker: str | None = None) -> App:
    """The game, ready for its first input (its race's broker: ``broker``)."""
    game = App(cli.Options(zoom=1, sound=False, seed=1, broker=broker), clock=clock)
    game.run(frames=2)
    game.get_ready()
    return game


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app(broker: Mosquitto, clock: FakeClock) -> Iterator[App]:
    game = started(clock, broker.url)
    yield game
    game.close()


def clear_board(app: App, clock: FakeClock, ms_a_click: float) -> None:
    """The player opens every safe cell of the race's board (real clicks), the game's
    clock moved on ``ms_a_click`` before each."""
    mode = app.table.tag.mode
    assert isinstance(mode, LiveRace) and mode.shared_code.start is not None
    game = app.table.game
    mines = set(game.mine_cells())
    cells = [mode.shared_code.start] + [
        (r, c) for r in range(game.rows) for c in range(game.cols) if (r, c) not in mines
    ]
    for cell in cells:
        if app.table.session.status.is_over:
            break
        if game.look(*cell).name == "HIDDEN":
            clock.ms += ms_a_click
            click(app, app.viewport.cell_pos(*cell))


def row(app: App, key: str) -> str:
    return next(r.value for r in panel(app).rows() if r.key == key)


def test_a_friend_whose_network_fell_and_who_finished_first_wins_on_both_screens(
    app: App, broker: Mosquitto, clock: FakeClock
) -> None:
    host = joined(app, broker)
    flow = app.race_friend().flow
    board = new_board(PRESETS[Difficulty.BEGINNER], FirstClick.NOGUESS)
    steps(app, lambda: any(isinstance(h, m.Hello) for h in host.hear()))
    host.client.say(m.Setup, board=board.code, best_of=3)
    host.client.say(m.Start, game=1, board=board.code, countdown_ms=300)
    steps(app, lambda: isinstance(app.table.tag.mode, LiveRace), seconds=20)
    host.client.say(m.Bye)  # (as its will says it: its network fell; it plays on)
    steps(app, lambda: not flow.room.opponent.here)
    clear_board(app, clock, ms_a_click=2000)  # (the player's game: the longer)
    steps(app, lambda: flow.room.decided)
    assert row(app, "game") == "you won" and flow.races.against("Bob") == (1, 0, 0)
    host.hear()
    host.heard.clear()  # (its last progress, lost in the cut: said again with the finish)

    def finishes() -> list[int]:
        return [k for k, h in enumerate(host.hear()) if isinstance(h, m.Finish)]

    steps(app, lambda: len(finishes()) >= 2, seconds=8)  # (said again every 2 s)
    again = host.heard[finishes()[0] + 1 :]
    last = [h for h in again if isinstance(h, m.Progress)]
    assert last and last[-1].state == "won" and last[-1].solved == last[-1].bbbv > 0
    theirs = played(board=board, step_ms=100)  # (its game, played while cut off: the shorter)
    mine = flow.room.mine
    assert mine is not None and theirs.ms < mine[1]
    host.client.say(m.Hello, answer=False)  # (back: its hello, then its finish)
    host.client.say(
        m.Finish, game=1, state="won", ms=theirs.ms, replay=m.pack_replay(theirs.to_text())
    )
    steps(app, lambda: flow.room.opponent.finish is not None and flow.room.winner == "them")
    app.run(frames=app.frame + 2)
    assert row(app, "game") == "Bob won" and row(app, "series") == "0 : 1"
    assert flow.races.against("Bob") == (0, 1, 0)
    finishes = [h for h in host.hear() if isinstance(h, m.Finish)]
    assert finishes and finishes[-1].ms == mine[1]  # (its screen: both finishes heard)
    other = RoomState(host=True, name="Bob")
    other.hello(m.Hello(finishes[-1].sender, 1, "Player", "guest", True))
    other.start(m.Start("f" * 16, 2, 1, board.code, 300))
    other.ended("won", theirs.ms)
    other.finished(finishes[-1], None)
    assert other.winner == "me"
    host.client.close()


def test_a_third_who_joins_is_told_the_room_is_full_and_changes_nothing(
    app: App, broker: Mosquitto, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(where, "addresses", lambda: ["127.0.0.1", "192.0.2.7"])
    menu(app, "Race a friend...")
    click(app, app.stage.top_dialog.button_rect("Host").center)
    code = lines(app)[0].removeprefix("Room code: ")
    said = f"Their game races through the same broker: mqtt://192.0.2.7:{broker.port} (Settings)."
    steps(app, lambda: said in lines(app))  # (the friend's game names it: not 127.0.0.1)
    bob = Friend(broker, code, "guest")
    flow = app.race_friend().flow
    steps(app, lambda: bool(bob.hear()) and "Bob is here, ready." in lines(app))
    carol = Friend(broker, code, "guest")  # (late, with the code: a third)
    carol.client.hello["name"] = "Carol"
    carol.client.say(m.Hello, answer=False)
    seen = RoomState(host=False, name="Carol")  # (what Carol's game believes)

    def told() -> bool:
        me = carol.client.channel.sender if carol.client.channel else ""
        for heard in carol.hear():
            if isinstance(heard, m.Hello) and seen.hears(heard, me):
                seen.hello(heard)
        return seen.full is not None

    steps(app, told)
    assert seen.full == "Player" and not seen.opponent.here
    said = room_lines(code, seen, None, None, embedded=False)
    assert "This room is full: Player is racing someone else." in said
    carol.client.say(m.Progress, game=1, ms=5, solved=3, bbbv=9, clicks=3, state="playing")
    carol.client.say(m.Bye)
    bob.client.say(m.Hello, answer=True)  # (something of Bob's after Carol's)
    steps(app, lambda: flow.room.opponent.ready and bob.hear() is not None)
    app.run(frames=app.frame + 3)
    assert flow.room.opponent.name == "Bob" and flow.room.opponent.here
    assert flow.room.opponent.progress is None and "Bob is here, ready." in lines(app)
    bob.client.close()
    carol.client.close()


def test_an_opponent_of_the_player_s_own_name_is_named_the_opponent() -> None:
    room = RoomState(host=True, name="Ada")
    room.hello(m.Hello("b" * 16, 1, "ada", "guest", True))
    assert their_name(room) == "ada (opponent)"
    assert "ada (opponent) is here, ready." in room_lines("X", room, None, None, True)
    room.hello(m.Hello("b" * 16, 2, "Bob", "guest", True))
    assert their_name(room) == "Bob"


@pytest.fixture
def elsewhere(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A game whose Settings name a broker with none there (mqtt://127.0.0.1:1), on a
    computer at 192.0.2.7."""
    monkeypatch.setattr(where, "addresses", lambda: ["192.0.2.7"])
    game = started(FakeClock(), "mqtt://127.0.0.1:1")
    yield game
    game.close()


def test_a_pasted_invitation_joins_through_its_own_broker(
    elsewhere: App, broker: Mosquitto
) -> None:
    app, code = elsewhere, new_code()
    host = Friend(broker, code, "host")
    menu(app, "Race a friend...")
    click(app, app.stage.top_dialog.button_rect("Join").center)
    type_text(f"{code.lower()} {broker.url}")  # (as pasted: the code and the address)
    key(pygame.K_RETURN)
    steps(app, lambda: any(isinstance(h, m.Hello) for h in host.hear()))
    flow = app.race_friend().flow
    assert flow.client.broker is not None and flow.client.broker.url == broker.url
    host.client.close()


def test_the_host_s_copy_code_puts_the_invitation_on_the_clipboard(elsewhere: App) -> None:
    app = elsewhere
    menu(app, "Race a friend...")
    click(app, app.stage.top_dialog.button_rect("Host").center)
    flow = app.race_friend().flow
    steps(app, lambda: flow.client.shared is not None and flow.link is not None)
    click(app, app.stage.top_dialog.button_rect("Copy code").center)
    invited = f"{flow.code} mqtt://192.0.2.7:1"
    on = f"On the clipboard: {invited}. Your friend pastes it into Join."
    said = lines(app)
    assert on in said or "No clipboard here: the code is shown above." in said
    if on in said:
        assert clipboard.paste() == invited


def test_a_guest_back_after_the_start_was_said_is_told_it_again(
    app: App, broker: Mosquitto
) -> None:
    menu(app, "Race a friend...")
    click(app, app.stage.top_dialog.button_rect("Host").center)
    code = lines(app)[0].removeprefix("Room code: ")
    bob = Friend(broker, code, "guest")
    flow = app.race_friend().flow
    steps(app, lambda: bool(bob.hear()) and "Bob is here, ready." in lines(app))
    steps(app, lambda: app.stage.top_dialog is not None and app.stage.top_dialog.rect is not None)
    click(app, app.stage.top_dialog.button_rect("Start").center)
    steps(app, lambda: any(isinstance(h, m.Start) for h in bob.hear()))
    bob.heard.clear()  # (as though its connection was down when the start was said)
    bob.client.say(m.Hello, answer=False)  # (its hello, connected again)
    steps(app, lambda: any(isinstance(h, m.Start) for h in bob.hear()))
    start = next(h for h in bob.heard if isinstance(h, m.Start))
    assert start.game == 1 and start.board == flow.room.board.code
    assert 0 <= start.countdown_ms <= 3000  # (what is left of it)
    steps(app, lambda: isinstance(app.table.tag.mode, LiveRace), seconds=20)
    bob.heard.clear()
    bob.client.say(m.Hello, answer=False)  # (back once the game is under way: 0 left)
    steps(app, lambda: any(isinstance(h, m.Start) and h.countdown_ms == 0 for h in bob.hear()))
    bob.client.close()


def test_a_guest_alone_in_its_room_is_told_to_check_the_broker(app: App, broker: Mosquitto) -> None:
    code = new_code()  # (the friend's game races elsewhere: no host here yet)
    menu(app, "Race a friend...")
    click(app, app.stage.top_dialog.button_rect("Join").center)
    type_text(code)
    key(pygame.K_RETURN)
    app.run(frames=app.frame + 1)
    flow = app.race_friend().flow
    steps(app, lambda: flow.link is not None and flow.link.up)
    said = (
        "No one has answered yet: check the code, and that your friend's game races"
        f" through your broker too ({broker.url}, Settings)."
    )
    assert said not in lines(app)
    steps(app, lambda: said in lines(app), seconds=30)  # (ten seconds of the loop's steps)
    host = Friend(broker, code, "host")
    steps(app, lambda: "Bob is here, ready." in lines(app))
    assert said not in lines(app)
    host.client.close()


def test_a_guest_waits_alone_only_connected_and_unanswered() -> None:
    room = RoomState(host=False, name="Ada")
    assert not room.waited(9_000, up=False) and room.alone_ms == 0
    assert not room.waited(9_000, up=True) and room.waited(1_000, up=True)
    assert not room.waited(5_000, up=True)  # (said once)
    room.hello(m.Hello("b" * 16, 1, "Bob", "host", True))
    assert not room.waited(20_000, up=True) and room.alone_ms == 0
    assert not RoomState(host=True, name="Ada").waited(20_000, up=True)


def test_a_race_game_under_way_at_the_close_is_not_offered_back_alone(clock: FakeClock) -> None:
    board = new_board(PRESETS[Difficulty.BEGINNER], FirstClick.NOGUESS)
    first = started(clock)
    first.table.start(LiveRace(board, new_code(), 1, "Bob"))
    assert board.start is not None
    click(first, first.viewport.cell_pos(*board.start))
    clock.ms += 3000
    assert first.table.session.status.name == "PLAYING"
    first.close()  # (the player closes the window mid-race)
    again = App(cli.Options(zoom=1, sound=False), clock=clock)
    again.run(frames=1)
    assert again.offered is None  # (the race went on without it)
    again.close()


def test_an_invitation_to_the_settings_broker_keeps_the_settings_authority(
    clock: FakeClock, tmp_path: Path
) -> None:
    own = f"mqtts://localhost:1?ca={tmp_path / 'club-ca.pem'}"  # (loopback: none there)
    game = started(clock, own)  # (the friend's Settings: the club's broker, its own file)
    try:
        flow = game.race_friend().open(new_code(), "mqtts://LOCALHOST:1")
        assert flow is not None and flow.client.broker is not None
        assert flow.client.broker.ca == str(tmp_path / "club-ca.pem")
        flow.leave()
        other = game.race_friend().open(new_code(), "mqtts://127.0.0.2:1")
        assert other is not None and other.client.broker is not None
        assert other.client.broker.ca == "" and other.client.broker.host == "127.0.0.2"
        other.leave()
    finally:
        game.close()
