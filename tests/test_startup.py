"""What the first frame waits for: only what it draws. The history, the replays, the
records, the saved game's reader and the audio device come after it, before the
first event is handled (App.get_ready). Each check runs in a fresh process, where
nothing has been imported yet."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LATER = (
    "sqlite3",
    "game.persist.history",
    "game.persist.game_record",
    "game.persist.records",
    "game.persist.resume",
    "game.replay",
    "game.scenes.watching",
    "game.view.toggles",
    "game.core.snapshot",
    "game.core.solver",
    "game.screens",
)
"""Modules the first frame does without."""

_FIRST_FRAME = textwrap.dedent(
    """
    import sys
    import pygame
    from game import cli
    from game.app import App

    later = sys.argv[2:]
    app = App(cli.parse_args(["--data-dir", sys.argv[1]]))  # sound on: the default
    app.run(frames=1)
    loaded = [name for name in later if name in sys.modules]
    assert not loaded, f"loaded before the first frame: {loaded}"
    assert pygame.mixer.get_init() is None, "the first frame waited for the audio device"
    app.get_ready()  # once the first frame is on screen
    assert pygame.mixer.get_init() is not None, "sound is on, but the device never opened"
    assert "game.replay" in sys.modules  # (the recorder taps the table from now on)
    app.close()
    print("ok")
    """
)


def test_the_first_frame_loads_only_what_it_draws(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    run = subprocess.run(
        [sys.executable, "-c", _FIRST_FRAME, str(tmp_path), *LATER],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"
