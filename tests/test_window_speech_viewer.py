"""The replay viewer spoken, through the real loop: a replay dropped on the window
says what it is (the board, how it ended and when); played by keys alone (the
recording backend, and --speech-log) each key says the moment (the time, the move's
place and what it did, the mines left), each move is said as it plays and the end
as the playback reaches it, the analysis page its text, and the play screen's keys
of play without sight answer where the viewer binds none; brief words and German
too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from conftest import classic_window
from test_window import FakeClock, post
from test_window_replay import step, write_replay
from test_window_speech import said_after

from game import cli
from game.app import App
from game.replay.files import open_replay
from game.scenes.playback import PlaybackScene
from game.view.speech_out import Recording

K = pygame


@pytest.fixture
def voice() -> Recording:
    return Recording()


@pytest.fixture
def spoken_app(tmp_path: Path, voice: Recording) -> Iterator[App]:
    classic_window()
    options = cli.Options(zoom=2, sound=False, seed=1, speech_log=tmp_path / "speech.log")
    application = App(options, clock=FakeClock())
    application.speaker.make_backend = lambda: voice
    application.run(frames=1)
    application.prefs.change(speech=True)
    said_after(application, voice, pygame.K_UP)  # (the first input lets the speaker go)
    yield application
    application.close()


def dropped(app: App, voice: Recording, path: Path) -> tuple[PlaybackScene, str]:
    """A replay file dropped on the window: its viewer, and what was said."""
    before = len(voice.spoken)
    post(pygame.DROPFILE, file=str(path))
    app.run(frames=1)
    assert app.speaker.wait()
    scene = app.stage.top
    assert isinstance(scene, PlaybackScene)
    return scene, " ".join(voice.spoken[before:])


def played(app: App, voice: Recording, frames: int) -> list[str]:
    """Frames of the loop, a step of game time each: what was said meanwhile."""
    before = len(voice.spoken)
    for _ in range(frames):
        step(app)
    assert app.speaker.wait()
    return voice.spoken[before:]


OPENED = "row 1, column 6, opened 50 cells, 10 mines left"
LOST = "mine at row 4, column 5: lost at 0.8 seconds"


def test_a_replay_played_by_keys_is_said_moment_by_moment(
    spoken_app: App, voice: Recording, tmp_path: Path
) -> None:
    app = spoken_app
    scene, said = dropped(app, voice, write_replay(tmp_path))
    assert said == "Replay: Beginner, 9 by 9, 10 mines; lost in 0.800 seconds."
    assert said_after(app, voice, K.K_SPACE) == "paused, 0.0 seconds: nothing opened yet"
    assert said_after(app, voice, K.K_RIGHT) == f"paused, 0.0 seconds: {OPENED}"
    assert said_after(app, voice, K.K_RIGHT) == f"0.8 seconds: {LOST}"  # the end
    assert said_after(app, voice, K.K_LEFT) == f"paused, 0.0 seconds: {OPENED}"
    # the play screen's keys where the viewer binds none: the time, the cell under
    # the replay's pointer, the 3x3 around it
    assert said_after(app, voice, K.K_y) == "0.0 seconds"
    assert said_after(app, voice, K.K_i) == "row 1, column 6: empty"
    assert said_after(app, voice, K.K_e) == (
        "row 1, column 6: edge, edge, edge; empty, empty, empty; empty, empty, empty."
    )
    # the views over the board, on and off, as the Keys screen names them
    assert said_after(app, voice, K.K_t) == "replay: the timeline, on"
    assert said_after(app, voice, K.K_t) == "replay: the timeline, off"
    assert said_after(app, voice, K.K_o) == "replay: the mine probabilities, on"
    assert said_after(app, voice, K.K_s) == "replay: skip idle time, on"
    assert said_after(app, voice, K.K_END) == f"0.8 seconds: {LOST}"
    assert said_after(app, voice, K.K_HOME) == "paused, 0.0 seconds: nothing opened yet"
    said_after(app, voice, K.K_2)  # a speed chosen, still paused
    assert said_after(app, voice, K.K_SPACE) == "playing at 2x"
    said = played(app, voice, 60)  # a second of the loop: the replay to its end at 2x
    assert said[0] == OPENED  # each move as it plays
    assert said[-1] == f"0.8 seconds: {LOST}. 3BV/s: 1.250"  # the end, with 3BV/s
    assert played(app, voice, 10) == []  # said once
    assert scene.finished
    said = said_after(app, voice, K.K_a)  # the analysis page says its text
    assert said.startswith("Analysis. game.msreplay 9x9, 10 mines, not won.")
    assert "Time: 0.800 s" in said
    said = said_after(app, voice, K.K_ESCAPE)  # back: the moment shown
    assert said == f"0.8 seconds: {LOST}"
    log = (tmp_path / "speech.log").read_text(encoding="utf-8").splitlines()
    assert log == [text for text in voice.spoken if text], "the log has the voice's words"


def test_brief_words_and_the_players_language(
    spoken_app: App, voice: Recording, tmp_path: Path
) -> None:
    app = spoken_app
    app.prefs.change(speech_brief=True)
    dropped(app, voice, write_replay(tmp_path))
    said_after(app, voice, K.K_SPACE)
    assert said_after(app, voice, K.K_RIGHT) == "A6, opened 50 cells"
    assert said_after(app, voice, K.K_RIGHT) == "mine at D5: lost at 0.8 seconds"
    assert said_after(app, voice, K.K_i) == "D5, exploded mine"
    post(pygame.KEYDOWN, key=K.K_ESCAPE, mod=0, unicode="")  # (back to the board)
    app.run(frames=1)
    app.prefs.change(speech_brief=False, language="de")
    _, said = dropped(app, voice, write_replay(tmp_path))
    assert said == "Replay: Anfänger, 9 mal 9, 10 Minen; verloren nach 0,800 Sekunden."
    said_after(app, voice, K.K_SPACE)
    said = said_after(app, voice, K.K_RIGHT)
    assert said == "pausiert, 0,0 Sekunden: Zeile 1, Spalte 6, 50 Felder geöffnet, 10 Minen übrig"


def test_a_replay_opened_on_its_own_says_that_esc_again_quits(
    tmp_path: Path, voice: Recording
) -> None:
    classic_window()
    path = write_replay(tmp_path)
    options = cli.Options(zoom=2, sound=False, seed=1, replay=str(path))
    app = App(options, clock=FakeClock())
    try:
        app.speaker.make_backend = lambda: voice
        opened = open_replay(path)
        app.watch(opened.replay, opened.caption, str(path))  # (as --replay FILE does)
        app.run(frames=1)
        app.prefs.change(speech=True)
        said = said_after(app, voice, K.K_SPACE)  # the first key: the viewer, paused
        assert said == (
            "Speech on. F1: the keys. Replay: Beginner, 9 by 9, 10 mines; lost in 0.800 "
            "seconds. paused, 0.0 seconds: nothing opened yet"
        )  # (the replay before the key's words, said once)
        said = said_after(app, voice, K.K_ESCAPE)  # back to the board: Esc again quits
        assert said == "Esc again or Q quits; a click or another key plays."
        assert not app.stage.quitting
    finally:
        app.close()


def test_a_note_that_comes_with_no_command_is_said(spoken_app: App, voice: Recording) -> None:
    from game.language import Words
    from game.scenes.zoom_line import FORCED_ZOOM

    before = len(voice.spoken)
    spoken_app.table.note = Words(FORCED_ZOOM, chosen=3, zoom=2)  # (as the zoom line puts it)
    spoken_app.stage.repaint()
    spoken_app.run(frames=1)
    assert spoken_app.speaker.wait()
    said = voice.spoken[before:]
    assert said == ["At 3x this board does not fit the screen: it is shown at 2x."]


@pytest.mark.parametrize(
    ("code", "moment", "lost"),
    [
        (
            "zh_CN",
            "已暂停，0.0 秒：第 1 行第 6 列，翻开了 50 个格子，剩余 10 个地雷",
            "0.8 秒：第 4 行第 5 列是地雷：在 0.8 秒 时失败",
        ),
        (
            "ja",
            "一時停止中、0.0 秒：1 行 6 列、50 マス開いた、残り地雷 10 個",
            "0.8 秒：4 行 5 列に地雷：0.8 秒 で負け",
        ),
    ],
)
def test_a_moment_is_joined_as_chinese_and_japanese_join_it(
    spoken_app: App, voice: Recording, tmp_path: Path, code: str, moment: str, lost: str
) -> None:
    """The viewer's moment in Chinese and Japanese: its parts joined by the language's
    comma (，、), its time by the full-width colon (：) and two sentences by 。, not
    English ", ", ": " and ". "."""
    app = spoken_app
    app.prefs.change(language=code)
    dropped(app, voice, write_replay(tmp_path))
    said_after(app, voice, K.K_SPACE)
    assert said_after(app, voice, K.K_RIGHT) == moment
    assert said_after(app, voice, K.K_RIGHT) == lost  # (the end)
    said_after(app, voice, K.K_HOME)
    said_after(app, voice, K.K_2)
    said_after(app, voice, K.K_SPACE)  # (played to its end at 2x: the end with 3BV/s)
    assert played(app, voice, 60)[-1] == f"{lost}。3BV/s：1.250"  # (two sentences)
