"""The Linux download speaks: the frozen game (MINESWEEPER_FROZEN_EXE, built by
tools/build_exe.sh; skipped without it) says words through a real speech-dispatcher
with espeak-ng (the fixture's own), and sox finds speech in what it wrote; with no
speech-dispatcher it says why in one line, and one it starts has the system's
libraries, not the bundle's."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from test_packaging import frozen_exe  # noqa: F401 (a fixture)
from test_speech_dispatcher import dispatcher, pytestmark, say_command, spoken_to  # noqa: F401


def test_the_frozen_game_speaks_through_speech_dispatcher(
    frozen_exe: Path,  # noqa: F811
    dispatcher: tuple[str, Path],  # noqa: F811
    tmp_path: Path,
) -> None:
    where, sound = dispatcher
    done = say_command([str(frozen_exe)], where, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Said through speech-dispatcher."
    assert (tmp_path / "said.txt").read_text(encoding="utf-8").startswith("Minesweeper speaks")
    whole = spoken_to(sound)
    assert whole["Length (seconds)"] > 1.0 and whole["RMS     amplitude"] > 0.02, whole


def test_the_frozen_game_with_no_voice_says_why(
    frozen_exe: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    done = say_command([str(frozen_exe)], f"unix_socket:{tmp_path / 'nobody.sock'}", tmp_path)
    assert done.returncode == 1 and done.stderr.startswith("minesweeper: No speech found (")


def test_the_frozen_game_starts_speech_dispatcher_with_the_systems_libraries(
    frozen_exe: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    """No speech-dispatcher listening: the game starts one (here a stand-in that
    writes down its environment), with LD_LIBRARY_PATH as it was before the game,
    never the bundle's (the one-file build's folder is gone once the game exits)."""
    bin_dir, runtime = tmp_path / "bin", tmp_path / "run"
    bin_dir.mkdir()
    runtime.mkdir(mode=0o700)
    seen = tmp_path / "seen.txt"
    stand_in = bin_dir / "speech-dispatcher"
    stand_in.write_text(f'#!/bin/sh\necho "LD=$LD_LIBRARY_PATH" > "{seen}"\n')
    stand_in.chmod(0o755)
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SPEECHD_ADDRESS", "LD_LIBRARY_PATH")
    }
    env.update(PATH=f"{bin_dir}:{env.get('PATH', '')}", XDG_RUNTIME_DIR=str(runtime))
    done = subprocess.run(
        [str(frozen_exe), "--say", "words"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1  # (the stand-in listens nowhere)
    assert seen.read_text(encoding="utf-8") == "LD=\n", "the bundle's libraries leaked"
