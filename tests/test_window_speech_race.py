"""A live race said, through the real loop and a real Mosquitto (the other side: the
game's own race client): the countdown's seconds and the start, the other's progress
when the 3BV/s key asks, their state as it changes (lost, left), and the game's outcome
with the series' score; none of it interrupting the player's own words."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from mosquitto import Mosquitto
from test_window import FakeClock, click
from test_window_race_friend import lines, steps
from test_window_race_map import Friend, first_move, joined
from test_window_series import menu

from game import cli
from game.app import App
from game.flows.race_room import new_board
from game.modes.live_race import LiveRace
from game.net import messages as m
from game.rules import PRESETS, Difficulty, FirstClick
from game.view.speech_out import Recording


@pytest.fixture
def spoken(broker: Mosquitto, tmp_path: Path) -> Iterator[tuple[App, Recording]]:
    voice = Recording()
    options = cli.Options(zoom=1, sound=False, seed=1, broker=broker.url)
    app = App(options.replace(speech_log=tmp_path / "said.log"), clock=FakeClock())
    app.speaker.make_backend = lambda: voice
    app.run(frames=2)
    app.get_ready()
    app.prefs.change(speech=True)
    yield app, voice
    app.close()


def heard(app: App, voice: Recording, since: int) -> str:
    assert app.speaker.wait()
    return " | ".join(voice.spoken[since:])


def test_the_countdown_the_start_the_others_progress_and_the_outcome_are_said(
    spoken: tuple[App, Recording], broker: Mosquitto
) -> None:
    app, voice = spoken
    host: Friend = joined(app, broker)
    board = new_board(PRESETS[Difficulty.BEGINNER], FirstClick.NOGUESS)
    steps(app, lambda: any(isinstance(h, m.Hello) for h in host.hear()))
    host.client.say(m.Setup, board=board.code, best_of=1, map=False)
    steps(app, lambda: app.speaker.wait() and "Board: Beginner" in " ".join(voice.spoken))
    before = len(voice.spoken)
    host.client.say(m.Start, game=1, board=board.code, countdown_ms=2500)
    steps(app, lambda: isinstance(app.table.tag.mode, LiveRace), seconds=20)
    steps(app, lambda: app.race_friend().flow.countdown_ms is None, seconds=20)
    app.run(frames=app.frame + 2)
    said = heard(app, voice, before)
    assert re.search(r"starts in 3\b.* \| starts in 2 \| starts in 1 \| ", said), said
    assert said.index("Go!") > said.index("starts in 1"), "the start said once it comes"
    first_move(app)
    host.client.say(m.Progress, game=1, ms=4200, solved=5, bbbv=12, clicks=6)
    steps(app, lambda: app.race_friend().flow.room.opponent.progress is not None)
    before = len(voice.spoken)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b"))
    app.run(frames=app.frame + 1)
    said = heard(app, voice, before)
    assert said.startswith("3BV/s: "), said
    assert said.endswith("; Bob: playing, 3BV: 5 of 12, Time: 4.2, 3BV/s: 1.19"), said
    before = len(voice.spoken)
    host.client.say(m.Finish, game=1, state="lost", ms=5000, replay="")
    steps(app, lambda: "Bob: " in heard(app, voice, before), seconds=20)
    app.run(frames=app.frame + 2)
    said = heard(app, voice, before)
    assert said == "Bob: unverified: its replay could not be unpacked", said
    mine = sorted(app.table.game.mine_cells())[0]
    before = len(voice.spoken)
    click(app, app.viewport.cell_pos(*mine))  # (the player loses too: the game is decided)
    steps(app, lambda: "Game 1: " in heard(app, voice, before), seconds=5)
    said = heard(app, voice, before)
    assert said.startswith(f"mine at row {mine[0] + 1}, column {mine[1] + 1}: lost"), said
    assert said.endswith("Game 1: neither won. Series: 0 : 0"), said
    before = len(voice.spoken)
    host.client.close()  # (its last will: Bob left)
    steps(app, lambda: "Bob: left" in heard(app, voice, before), seconds=20)


def test_the_rooms_page_says_what_changed_in_it(
    spoken: tuple[App, Recording], broker: Mosquitto
) -> None:
    app, voice = spoken
    menu(app, "Race a friend...")
    click(app, app.stage.top_dialog.button_rect("Host").center)
    steps(app, lambda: "Connecting to the broker..." not in lines(app), seconds=20)
    code = lines(app)[0].removeprefix("Room code: ")
    app.run(frames=app.frame + 2)
    before = len(voice.spoken)
    friend = Friend(broker, code, "guest")
    steps(app, lambda: bool(friend.hear()) and "Bob is here, ready." in lines(app))
    app.run(frames=app.frame + 2)
    said = heard(app, voice, before)
    assert said.startswith("Bob is here, ready."), said  # (the page's own words, once)
    assert "Room code" not in said and "Bob: ready" not in said, "only what changed"
    friend.client.close()
