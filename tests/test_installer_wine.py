"""The Windows installer run, not only built: under Wine, as a player would run it.

tests/test_installer.py builds packaging/windows/installer.nsi with Debian's makensis and
reads the script; this runs what it builds. In a fresh Wine prefix (a Windows user of
its own, no administrator) the installer of a stand-in one-folder build is run silently,
then the installer of a later version over it (an upgrade in place), then the
uninstaller; after each, the files, the Start menu entry and the user's registry are read.

The installer NSIS makes is a 32-bit program, so this needs Wine's 32-bit half
(Debian: `dpkg --add-architecture i386; apt-get install wine wine32:i386`, about 700 MB
and two minutes). .ci/run does not install it, to keep CI's run short; without it this
is skipped. The release workflow runs the real installer of the real build on Windows.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from test_installer import SCRIPT, makensis

KEY = "\\".join(
    ("HKCU", "Software", "Microsoft", "Windows", "CurrentVersion", "Uninstall",
     "io.github.minesweeper_ce.Minesweeper")
)  # fmt: skip


def _wine() -> str:
    found = shutil.which("wine")
    if found is None:
        pytest.skip("Wine is not installed")
    return found


@pytest.fixture(scope="module")
def prefix(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    wine = _wine()
    env = dict(os.environ)
    env.update(
        WINEPREFIX=str(tmp_path_factory.mktemp("wine") / "prefix"),
        WINEDEBUG="-all",
        WINEDLLOVERRIDES="mscoree,mshtml=",  # no Mono or Gecko offered at the first start
        DISPLAY="",
    )
    env["WINE"] = wine
    boot = subprocess.run(
        [wine, "wineboot", "-i"], env=env, capture_output=True, text=True, timeout=180, check=False
    )
    if "syswow64" in boot.stderr and "c0000135" in boot.stderr:
        pytest.skip("Wine's 32-bit half (wine32) is not installed: NSIS installers are 32-bit")
    assert boot.returncode == 0, boot.stderr
    return env


def _run(env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [env["WINE"], *argv], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    # The uninstaller copies itself to the temporary folder and runs from there, so the
    # command returns before it ends: wait for every program of the prefix.
    subprocess.run(["wineserver", "-w"], env=env, timeout=120, check=False)
    return done


def _user(env: dict[str, str]) -> Path:
    users = Path(env["WINEPREFIX"]) / "drive_c" / "users"
    (home,) = [p for p in users.iterdir() if p.name != "Public"]
    return home


def _installer(tmp_path: Path, version: str, files: dict[str, bytes]) -> Path:
    source = tmp_path / f"build-{version}" / "minesweeper"
    for name, data in files.items():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_bytes(data)
    out = tmp_path / f"minesweeper-{version}-windows-x64-setup.exe"
    done = subprocess.run(
        [makensis(), "-WX", "-V2", f"-DVERSION={version}", f"-DSOURCE={source}",
         f"-DOUTFILE={out}", str(SCRIPT)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def _registry(env: dict[str, str]) -> str:
    done = _run(env, "reg", "query", KEY)
    return done.stdout if done.returncode == 0 else ""


def test_install_upgrade_in_place_and_uninstall_under_wine(
    prefix: dict[str, str], tmp_path: Path
) -> None:
    home = _user(prefix)
    local = home / "AppData" / "Local"
    folder = local / "Programs" / "Minesweeper"
    link = home / "AppData" / "Roaming" / "Microsoft" / "Windows" / "Start Menu" / "Programs"
    link = link / "Minesweeper.lnk"
    first = {
        "minesweeper.exe": b"MZ first",
        "_internal/game/sprites/classic.png": b"first sheet",
        "_internal/old_only.pyd": b"dropped by the next version",
    }
    _run(prefix, str(_installer(tmp_path, "1.0.0", first)), "/S")
    assert (folder / "minesweeper.exe").read_bytes() == b"MZ first"
    assert (folder / "_internal" / "old_only.pyd").is_file()
    assert (folder / "uninstall.exe").read_bytes()[:2] == b"MZ"
    assert b"minesweeper.exe" in link.read_bytes()  # the shortcut points at the game
    registry = _registry(prefix)
    assert "DisplayVersion    REG_SZ    1.0.0" in registry
    assert "QuietUninstallString" in registry and "uninstall.exe" in registry

    # The player's games live in the data folder, not beside the program.
    data = local / "minesweeper"
    data.mkdir(parents=True)
    (data / "history.sqlite3").write_bytes(b"a player's games")
    (folder / "notes.txt").write_bytes(b"the player's own file in the program's folder")

    second = {
        "minesweeper.exe": b"MZ second",
        "_internal/game/sprites/classic.png": b"second sheet",
        "_internal/new_only.pyd": b"new",
    }
    _run(prefix, str(_installer(tmp_path, "1.1.0", second)), "/S")
    assert (folder / "minesweeper.exe").read_bytes() == b"MZ second"
    assert (folder / "_internal" / "new_only.pyd").is_file()
    assert not (folder / "_internal" / "old_only.pyd").exists()  # no file of the old build left
    assert "DisplayVersion    REG_SZ    1.1.0" in _registry(prefix)

    _run(prefix, str(folder / "uninstall.exe"), "/S")
    assert not (folder / "minesweeper.exe").exists()
    assert not (folder / "_internal").exists()
    assert not (folder / "uninstall.exe").exists()
    assert not link.exists()
    assert _registry(prefix) == ""
    # What it did not install stays: the player's file, and the player's games.
    assert (folder / "notes.txt").read_bytes() == b"the player's own file in the program's folder"
    assert (data / "history.sqlite3").read_bytes() == b"a player's games"
