"""Fault injection: a save interrupted at each step leaves the previous file whole.

Two kinds of interruption, for each data file and each step of the write:
- in the process: the step raises (as KeyboardInterrupt would); the temp file
  must be cleaned up at once;
- a real crash: a child process dies with os._exit at the step, so no cleanup
  code runs; the temp file it leaves must be ignored and cleared at the next start.
Either way the next start must load the previous file, with nothing to report.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest

from game.persist import store
from game.persist.paths import ENV_VAR
from game.persist.profile import DATA_FILES, RESUME_FILE, SETTINGS_FILE, Profile
from game.persist.settings import Settings
from game.persist.store import WriteStep

REPO = Path(__file__).resolve().parent.parent
INTERRUPTED_STEPS = [WriteStep.BEFORE_WRITE, WriteStep.MID_WRITE, WriteStep.BEFORE_REPLACE]


def clock() -> datetime:
    return datetime(2026, 11, 21, 19, 30, 0)


# The "old" state on disk, and the save that tries to replace it, per file.
OLD_SETTINGS = Settings(sound=False, zoom=3)
SNAP: dict[str, object] = {"rows": 9, "cols": 9, "mines": 10}


def _prepare(folder: Path) -> Profile:
    profile = Profile.open(folder, clock=clock)
    assert profile.save_settings(OLD_SETTINGS)
    assert profile.save_resume({**SNAP, "board": "old"}, elapsed_ms=1_000)
    return profile


NEW_SAVES: dict[str, Callable[[Profile], object]] = {
    SETTINGS_FILE: lambda p: p.save_settings(Settings(question_marks=False)),
    RESUME_FILE: lambda p: p.save_resume({**SNAP, "board": "new"}, elapsed_ms=2_000),
}


def _assert_old_state(folder: Path, before: dict[str, bytes]) -> None:
    assert {name: (folder / name).read_bytes() for name in DATA_FILES} == before
    profile = Profile.open(folder, clock=clock)
    assert profile.problems == ()
    assert profile.settings == OLD_SETTINGS
    assert profile.saved_game is not None and profile.saved_game.game == {**SNAP, "board": "old"}


def _json_files(folder: Path) -> list[str]:
    """The folder's files but the history database (which SQLite keeps safe itself)."""
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith("history.sqlite3"))


class Interrupted(BaseException):
    """Stands for the process being stopped: no handler in the game may swallow it."""


@pytest.mark.parametrize("step", INTERRUPTED_STEPS, ids=lambda s: s.value)
@pytest.mark.parametrize("name", DATA_FILES)
def test_a_save_interrupted_in_process_keeps_the_previous_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, step: WriteStep
) -> None:
    folder = tmp_path / "data"
    profile = _prepare(folder)
    before = {n: (folder / n).read_bytes() for n in DATA_FILES}
    reached: list[WriteStep] = []

    def interrupt(at: WriteStep, path: Path) -> None:
        reached.append(at)
        if at is step:
            assert path.exists()  # the temp file is really there when we strike
            raise Interrupted

    monkeypatch.setattr(store, "write_checkpoint", interrupt)
    with pytest.raises(Interrupted):
        NEW_SAVES[name](profile)
    monkeypatch.undo()
    assert reached[-1] is step
    assert _json_files(folder) == sorted(DATA_FILES)  # no temp left
    _assert_old_state(folder, before)


CHILD = """
import os, sys
from datetime import date, datetime
from game.persist import store
from game.persist.profile import Profile
from game.persist.settings import Settings
from game.rules import Difficulty

SNAP = {"rows": 9, "cols": 9, "mines": 10}
folder, name, step = sys.argv[1:4]

def crash(at, path):
    if at.value == step:
        os._exit(17)  # die on the spot: no finally, no cleanup, no flush

store.write_checkpoint = crash
profile = Profile.open(folder, clock=lambda: datetime(2026, 11, 21, 19, 30))
assert profile.writable and not profile.problems, profile.problems
if name == "settings.json":
    profile.save_settings(Settings(question_marks=False))
else:
    profile.save_resume({**SNAP, "board": "new"}, elapsed_ms=2_000)
sys.exit(3)  # the crash did not happen
"""


def _crash_child(folder: Path, name: str, step: WriteStep) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO), ENV_VAR: str(folder)}
    child = subprocess.run(
        [sys.executable, "-c", CHILD, str(folder), name, step.value],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert child.returncode == 17, child.stderr


@pytest.mark.parametrize("step", INTERRUPTED_STEPS, ids=lambda s: s.value)
@pytest.mark.parametrize("name", DATA_FILES)
def test_a_crash_during_a_save_keeps_the_previous_file(
    tmp_path: Path, name: str, step: WriteStep
) -> None:
    folder = tmp_path / "data"
    _prepare(folder)
    before = {n: (folder / n).read_bytes() for n in DATA_FILES}
    _crash_child(folder, name, step)
    # The dead process left its temp file: proof that the crash was real.
    leftovers = list(folder.glob(store.temp_name_pattern(name)))
    assert len(leftovers) == 1
    _assert_old_state(folder, before)
    assert _json_files(folder) == sorted(DATA_FILES)  # cleared at start


@pytest.mark.parametrize("name", DATA_FILES)
def test_a_crash_right_after_the_replace_has_the_new_file(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "data"
    _prepare(folder)
    before = {n: (folder / n).read_bytes() for n in DATA_FILES}
    _crash_child(folder, name, WriteStep.AFTER_REPLACE)
    assert (folder / name).read_bytes() != before[name]
    profile = Profile.open(folder, clock=clock)
    assert profile.problems == ()
    new = {
        SETTINGS_FILE: profile.settings == Settings(question_marks=False),
        RESUME_FILE: profile.saved_game is not None
        and profile.saved_game.game == {**SNAP, "board": "new"},
    }
    assert new[name]
