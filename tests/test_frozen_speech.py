"""The Linux download speaks: the frozen game (MINESWEEPER_FROZEN_EXE, built by
tools/build_exe.sh; skipped without it) says words through a real speech-dispatcher
with espeak-ng (the fixture's own), and sox finds speech in what it wrote; with no
speech-dispatcher it says why in one line."""

from __future__ import annotations

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
