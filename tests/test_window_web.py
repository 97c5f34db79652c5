"""The web replay page from the window: the end-of-game panel's "Save as web page"
writes the game's page beside the kept replays and "Copy web link" puts its link on
the clipboard (or says there is none); in the replay viewer, W saves the page and L
copies the link. The page written is the one --export-html writes."""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_gif_export import step
from test_window import FakeClock, key
from test_window_replay import play_to_the_end, write_replay

from game import cli
from game.app import App
from game.flows import web_save
from game.flows.background import WorkScene
from game.flows.web_page import LINK_PREFIX, VIEWER_URL, page_of
from game.flows.web_text import from_text
from game.persist import replays as replay_files
from game.replay.files import open_replay
from game.screens.end_of_game import PanelAnswer


def packed(html: str) -> str:
    found = re.search(r'<script id="replay" type="text/plain">([^<]+)</script>', html)
    assert found is not None
    return found.group(1)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app(clock: FakeClock) -> Iterator[App]:
    application = App(cli.Options(zoom=2, sound=False, seed=1), clock=clock)
    application.run(frames=1)
    yield application
    application.close()


def made_off_the_loop(app: App) -> None:
    """The page (or link) is made off the loop, under a dialog, while the window goes
    on answering: run frames until the dialog is gone."""
    scene = app.stage.scenes[-1][0]
    assert isinstance(scene, WorkScene), scene  # (the dialog while it is being made)
    assert scene.job.wait(60), "the page was not made in a minute"
    for _ in range(20):
        app.run(frames=1)
        app.stage.settle()
        if not any(isinstance(s, WorkScene) for s, _ in app.stage.scenes):
            return
    raise AssertionError("the dialog stayed after the page was made")


def header(text: str) -> dict[str, object]:
    """The header of a packed replay (game.flows.web_data: its length, then JSON)."""
    data = zlib.decompress(from_text(text), -15)
    size, at, shift = 0, 0, 0
    while True:
        size |= (data[at] & 0x7F) << shift
        shift += 7
        at += 1
        if data[at - 1] < 0x80:
            break
    head: dict[str, object] = json.loads(data[at : at + size])
    return head


def test_the_panel_saves_the_game_as_a_web_page_and_copies_its_link(
    app: App, clock: FakeClock
) -> None:
    play_to_the_end(app, clock, lose=True)
    panel = app.stage.top_dialog
    assert panel is not None
    buttons = panel.buttons  # type: ignore[attr-defined]
    at = buttons.index(PanelAnswer.EXPORT_EVF.label)
    assert list(buttons[at + 1 : at + 3]) == [
        PanelAnswer.EXPORT_HTML.label,
        PanelAnswer.COPY_LINK.label,
    ]
    panel.choose(PanelAnswer.EXPORT_HTML.label)
    app.stage.settle()
    made_off_the_loop(app)
    [saved] = (app.profile.folder / replay_files.FOLDER).glob("*.html")
    head = header(packed(saved.read_text(encoding="utf-8")))
    board = app.table.board
    assert (head["rows"], head["cols"], head["mines"]) == (board.rows, board.cols, board.mines)
    assert head["result"] == "lost" and head["ms"] == app.table.session.summary().ms
    note = " ".join(getattr(app.stage.top_dialog, "lines", []))
    assert saved.name in note
    panel = app.stage.top_dialog
    assert panel is not None
    panel.choose(PanelAnswer.COPY_LINK.label)
    app.stage.settle()
    made_off_the_loop(app)
    note = " ".join(getattr(app.stage.top_dialog, "lines", []))
    assert "web link is on the clipboard" in note or "could not be copied" in note
    if "on the clipboard" in note:
        shared = pygame.scrap.get_text()
        assert shared.startswith(f"{VIEWER_URL}#{LINK_PREFIX}")


def test_w_in_the_viewer_saves_the_page_and_l_copies_the_link(app: App, tmp_path) -> None:
    path = write_replay(tmp_path)
    scene = app.watcher().file(path)
    assert scene is not None
    key(pygame.K_w, "w")
    step(app)
    made_off_the_loop(app)
    folder = app.profile.folder / replay_files.FOLDER
    [saved] = folder.glob("*.html")
    assert packed(saved.read_text(encoding="utf-8")) == packed(page_of(open_replay(path).replay))
    assert "web page" in scene.note and saved.name in scene.note
    key(pygame.K_RETURN, "\r")  # (the notice of its whole path)
    step(app)
    key(pygame.K_l, "l")
    step(app)
    made_off_the_loop(app)
    assert "web link" in scene.note


def test_l_in_the_viewer_says_plainly_when_the_link_is_too_long_for_a_chat(
    app: App, tmp_path: Path
) -> None:
    """An Expert game's link (4,482 characters) is longer than many chat programs
    take in one message (web_save.CHAT_LIMIT): the viewer's bar says it is on the
    clipboard and a notice says, whole, to send the web page instead; a Beginner's
    (about 1,000) says nothing of it."""
    from web_browser import ours_expert

    for path, long in ((write_replay(tmp_path), False), (ours_expert(tmp_path), True)):
        scene = app.watcher().file(path)
        assert scene is not None
        key(pygame.K_l, "l")
        step(app)
        made_off_the_loop(app)
        if "on the clipboard" not in scene.note:
            pytest.skip(f"no clipboard here ({scene.note})")
        n = len(pygame.scrap.get_text())
        assert (n > web_save.CHAT_LIMIT) is long, n
        assert scene.note == f"The web link is on the clipboard ({n} characters)."
        top = app.stage.top_dialog
        lines = list(getattr(top, "lines", []))
        if not long:
            assert not any("chat" in line for line in lines), lines
            continue
        assert lines == [
            scene.note,
            "It is longer than many chat programs take in one message (2000 characters):"
            " to send it there, save the game as a web page and send the file.",
        ]
        assert top is not None
        top.choose(top.buttons[0])  # type: ignore[attr-defined]
        app.stage.settle()
        assert app.stage.top_dialog is None


@pytest.mark.parametrize("code", ["de", "ja"])
def test_the_panels_note_of_a_long_link_is_in_the_players_language(
    clock: FakeClock, monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    """The end-of-game panel's note of a link longer than a chat message takes says
    so in the player's language, on the panel (a Beginner game's link, the limit put
    below it; one under the limit says nothing of it)."""
    from game import language

    application = App(cli.Options(zoom=2, sound=False, seed=1, language=code), clock=clock)
    try:
        application.run(frames=1)
        play_to_the_end(application, clock, lose=True)
        _, words = language.catalog(code)
        for limit, long in ((web_save.CHAT_LIMIT, False), (10, True)):
            monkeypatch.setattr(web_save, "CHAT_LIMIT", limit)
            panel = application.stage.top_dialog
            assert panel is not None
            panel.choose(PanelAnswer.COPY_LINK.label)  # type: ignore[attr-defined]
            application.stage.settle()
            made_off_the_loop(application)
            note = " ".join(getattr(application.stage.top_dialog, "lines", []))
            if words.gettext("No clipboard here: the web link could not be copied.") in note:
                pytest.skip(f"no clipboard here ({note})")
            warned = words.gettext(web_save.LONG_FOR_CHAT).format(most=limit)
            assert warned != web_save.LONG_FOR_CHAT.format(most=limit)
            assert (warned in note) is long, note
    finally:
        application.close()
        language.use(language.ENGLISH)
