"""Every command that writes refuses the game's own files (game.persist.outputs, the
one rule): the history, the settings, a kept replay, the saved game, the pending
games, the series, a damaged file set aside, in the data folder given with
--data-dir, in $MINESWEEPER_DATA_DIR's and in the platform's default; what it
refuses is left byte for byte as it was."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from benchmarks import history_fill
from game.cli import commands
from game.persist import outputs, store
from game.persist.paths import ENV_VAR, HISTORY_FILE, default_data_dir
from tests.test_gif_export import EXPERT

OWN = [
    HISTORY_FILE,
    f"{HISTORY_FILE}-wal",
    f"{HISTORY_FILE}.corrupt-20260101-000000",
    "settings.json",
    "resume.json",
    "pending-games.json",
    "series.json",
    "records.json",
    "window-1.lock",  # (a window's seat on the folder: game.persist.seats)
    "replays/20261123-105301-123-beginner-won-12345ms.msreplay",
]


def _data(folder: Path) -> Path:
    (folder / "replays").mkdir(parents=True)
    history_fill.fill(folder / HISTORY_FILE, 5)
    for name in OWN[1:]:
        (folder / name).write_bytes(b"kept: " + name.encode())
    return folder


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def _quiet(monkeypatch: pytest.MonkeyPatch) -> io.StringIO:
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    return err


def _evf(target: Path, data_dir: str | None) -> int:
    return commands.export_evf(str(EXPERT), str(target), data_dir=data_dir)


def _gif(target: Path, data_dir: str | None) -> int:
    return commands.export_gif(str(EXPERT), str(target), speed=64, data_dir=data_dir)


def _html(target: Path, data_dir: str | None) -> int:
    return commands.export_html(str(EXPERT), str(target), data_dir=data_dir)


@pytest.mark.parametrize("write", [_evf, _gif, _html], ids=["evf", "gif", "html"])
@pytest.mark.parametrize("name", OWN)
def test_an_export_never_writes_over_the_games_own_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, write: object, name: str
) -> None:
    data = _data(tmp_path / "data")
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "elsewhere"))
    before = _snapshot(data)
    err = _quiet(monkeypatch)
    assert callable(write)
    assert write(data / name, str(data)) == 2
    assert "one of the game's own files" in err.getvalue() and err.getvalue().count("\n") == 1
    assert _snapshot(data) == before


@pytest.mark.parametrize("write", [_evf, _gif, _html], ids=["evf", "gif", "html"])
def test_the_folder_of_the_environment_and_the_default_one_are_the_games_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, write: object
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    default = _data(default_data_dir())
    assert str(default).startswith(str(tmp_path))
    data = _data(tmp_path / "env")
    monkeypatch.setenv(ENV_VAR, str(data))
    before = _snapshot(default), _snapshot(data)
    _quiet(monkeypatch)
    assert callable(write)
    for target in (data / HISTORY_FILE, default / "settings.json", default / OWN[-1]):
        assert write(target, None) == 2
        assert write(target, str(tmp_path / "given")) == 2
    # (a name climbing through the folder, or a link to the folder, is the same file)
    (tmp_path / "link").symlink_to(data)
    assert write(tmp_path / "link" / HISTORY_FILE, None) == 2
    assert write(data / "replays" / ".." / "settings.json", None) == 2
    assert (_snapshot(default), _snapshot(data)) == before
    assert write(tmp_path / "out", None) == 0  # (anything else is written)
    assert write(data / "replays" / "new.gif", None) == 0  # (beside the replays: new)


def test_a_hard_link_to_a_kept_replay_is_refused(tmp_path: Path) -> None:
    data = _data(tmp_path / "data")
    os.link(data / OWN[-1], tmp_path / "alias.gif")
    with pytest.raises(store.Refused, match="own files"):
        outputs.check_output(tmp_path / "alias.gif", folders=[data])


def test_every_writing_command_checks_through_the_one_home() -> None:
    """check_target alone (no own files) is left to the game's own saves: every
    command's write goes through outputs.check_output."""
    root = Path(__file__).resolve().parent.parent / "game"
    callers = {
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if "check_target(" in path.read_text(encoding="utf-8")
    }
    assert callers == {"persist/store.py", "persist/outputs.py"}
    for command in ("cli/commands.py", "persist/history_transfer.py"):
        assert "check_output(" in (root / command).read_text(encoding="utf-8")
