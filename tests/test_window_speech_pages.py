"""Every dialog the game shows is said when it opens (its title, then its text, then
where the focus is), through the real loop with the recording voice: the help, the
rules, the settings, the statistics, the best times, the end-of-game panel, the
name box, the resume offer, a confirmation, a notice; and the History's rows as the
focus moves through them, each cell after its column's name."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_window import post
from test_window_dialogs import OPENERS
from test_window_speech import said_after, spoken_app, voice  # noqa: F401 (fixtures)

from game.app import App
from game.persist.game_record import GameRecord
from game.view.speech_out import Recording

SAID = {
    "statistics": "Win %, Beginner: 0%",  # (a heading in full: "Beg." is heard "beg")
    "confirm": "Reset all best times? This cannot be undone.",
    "panel": "3BV/s, none. Clicks, 0",  # (a lone "-" is heard as nothing)
    "name": "You won Expert in 0.000 seconds: place 3 of 10.",  # (never "s": a letter)
    "resume": "You left your Beginner game at 13 seconds on the timer.",
    "custom": "Mines: 10 to 64 on 9x9.",
    "best times": "No times yet: win a game to set one.",
}
"""A piece of each dialog's own text, said with its title."""


@pytest.mark.parametrize("name", list(OPENERS))
def test_every_dialog_is_said_when_it_opens(
    spoken_app: App,  # noqa: F811
    voice: Recording,  # noqa: F811
    name: str,
) -> None:
    app = spoken_app
    said_after(app, voice, pygame.K_UP)  # (the first input lets the speaker go)
    before = len(voice.spoken)
    OPENERS[name](app)
    app.run(frames=2)
    assert app.speaker.wait()
    said = " ".join(voice.spoken[before:])
    dialog = app.stage.top_dialog
    assert dialog is not None
    title = dialog.title if dialog.title.endswith(("?", "!")) else f"{dialog.title}."
    assert said.startswith(f"{title} "), said  # the title, then its text
    assert len(said) > len(dialog.title) + 30, said
    assert SAID.get(name, "") in said
    assert said.count(dialog.title) <= 2, "said once (a title may name itself again)"


def test_a_notice_is_said_with_its_reason(
    spoken_app: App,  # noqa: F811
    voice: Recording,  # noqa: F811
    tmp_path: Path,
) -> None:
    app = spoken_app
    said_after(app, voice, pygame.K_UP)
    bad = tmp_path / "broken.avf"
    bad.write_bytes(b"not a video")
    before = len(voice.spoken)
    post(pygame.DROPFILE, file=str(bad))
    app.run(frames=2)
    assert app.speaker.wait()
    said = " ".join(voice.spoken[before:])
    assert said == (
        "This replay cannot be played. broken.avf: level 32 is none of Arbiter's (3 to 6): "
        "not an AVF file. OK, button"
    )  # (its reason, a stop, then the button)


def test_the_historys_rows_are_said_as_the_focus_moves(
    spoken_app: App,  # noqa: F811
    voice: Recording,  # noqa: F811
) -> None:
    app = spoken_app
    for day, won in ((1, True), (2, False)):
        app.profile.record_game(
            GameRecord(
                f"2026-01-0{day}T10:00:00", "beginner", 9, 9, 10, "safe", str(day), won,
                3_000 + day, 20, 20 if won else 5,
            )
        )  # fmt: skip
    said_after(app, voice, pygame.K_UP)
    said = said_after(app, voice, pygame.K_F7)
    lost = "Finished: 2026-01-02 10:00, Board: Beginner, Result: lost, "
    lost += "Time: 3.002 seconds, 3BV/s: none."
    won = "Finished: 2026-01-01 10:00, Board: Beginner, Result: won, "
    won += "Time: 3.001 seconds, 3BV/s: 6.66."
    assert said.startswith(f"History: all boards. {lost} {won} Games 1 to 2 of 2, newest first.")
    assert said.endswith("Close, button")
    assert said_after(app, voice, pygame.K_DOWN) == lost  # each row after its headers
    assert said_after(app, voice, pygame.K_DOWN) == won


def test_the_replay_browser_says_the_folder_it_goes_into(
    spoken_app: App,  # noqa: F811
    voice: Recording,  # noqa: F811
) -> None:
    app = spoken_app
    kept = app.profile.folder / "replays"
    (kept / "games").mkdir(parents=True)
    said_after(app, voice, pygame.K_UP)
    said = said_after(app, voice, pygame.K_F11)
    assert said == f"Open a replay. Folder: {kept}. ..: up a folder", "the folder said once"
    said_after(app, voice, pygame.K_DOWN)  # games/
    said = said_after(app, voice, pygame.K_RETURN)
    assert said == f"Folder: {kept / 'games'} ..: up a folder"
    said = said_after(app, voice, pygame.K_RETURN)  # (the same line: up again)
    assert said == f"Folder: {kept} ..: up a folder"


def test_a_list_dialogs_words_over_its_lines_are_said_once_when_it_opens(
    spoken_app: App,  # noqa: F811
    voice: Recording,  # noqa: F811
) -> None:
    from game.view.widgets.menu import MenuDialog

    app = spoken_app
    said_after(app, voice, pygame.K_UP)
    before = len(voice.spoken)
    name = "20261202-075455-575-beginner-won-39059ms.msreplay"  # (shortened on screen)
    app.stage.open(MenuDialog("Analysis", [("Time", "39.059 s")], lines=[name, "9x9, won."]))
    app.run(frames=2)
    assert app.speaker.wait()
    said = " ".join(voice.spoken[before:])
    assert said.count("9x9, won.") == 1, said
    assert said.endswith("Time: 39.059 seconds")
