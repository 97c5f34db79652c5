"""The Windows installer (packaging/windows/installer.nsi), built on Linux with Debian's
nsis: the same makensis the release workflow runs on Windows, warnings as errors.

It is per user (no administrator, the user's own registry and Start menu), installs the
one-folder build whole, upgrades in place (the build before taken away first) and has
an uninstaller that takes away what it installed and nothing else. .ci/run installs
nsis; without it these are skipped, except under CI, where that is a failure.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from test_release import version

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "packaging" / "windows" / "installer.nsi"


def makensis() -> str:
    found = shutil.which("makensis")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("makensis is missing: .ci/run installs Debian's nsis")
        pytest.skip("makensis (Debian's nsis) is not installed")
    return found


def build(tmp_path: Path, *defines: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [makensis(), "-WX", "-V2", *defines, str(SCRIPT)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=tmp_path,
    )


def stand_in_build(folder: Path) -> Path:
    """A one-folder build's shape: the executable and _internal/ (incompressible, so
    the installer's size shows it holds them)."""
    build = folder / "minesweeper"
    (build / "_internal" / "game" / "sprites").mkdir(parents=True)
    (build / "minesweeper.exe").write_bytes(b"MZ" + os.urandom(50_000))
    (build / "_internal" / "game" / "sprites" / "classic.png").write_bytes(os.urandom(150_000))
    return build


def test_makensis_builds_the_installer_of_a_one_folder_build(tmp_path: Path) -> None:
    source = stand_in_build(tmp_path)
    out = tmp_path / "minesweeper-windows-x64-setup.exe"
    done = build(tmp_path, f"-DVERSION={version()}", f"-DSOURCE={source}", f"-DOUTFILE={out}")
    assert done.returncode == 0, done.stdout + done.stderr
    data = out.read_bytes()
    assert data[:2] == b"MZ"  # a Windows executable
    assert len(data) > 200_000  # the build's files are inside it


def test_the_installer_needs_the_version_and_the_build(tmp_path: Path) -> None:
    done = build(tmp_path, f"-DVERSION={version()}")
    assert done.returncode != 0
    assert "-DSOURCE" in done.stdout + done.stderr
    done = build(tmp_path, f"-DSOURCE={stand_in_build(tmp_path)}")
    assert done.returncode != 0
    assert "-DVERSION" in done.stdout + done.stderr


def _script() -> str:
    return re.sub(r"(?m)^\s*;.*$", "", SCRIPT.read_text(encoding="utf-8"))


def test_it_installs_per_user_with_a_start_menu_entry_and_an_uninstaller() -> None:
    script = _script()
    assert "RequestExecutionLevel user" in script  # no administrator
    assert 'InstallDir "$LOCALAPPDATA\\Programs\\${NAME}"' in script
    assert "HKLM" not in script  # the user's own registry only
    assert script.count("SetShellVarContext current") == 2  # the user's own Start menu
    assert 'CreateShortcut "$SMPROGRAMS\\${NAME}.lnk" "$INSTDIR\\${EXE}"' in script
    assert 'WriteUninstaller "$INSTDIR\\uninstall.exe"' in script
    for value in ("DisplayName", "DisplayVersion", "UninstallString", "QuietUninstallString"):
        assert f'WriteRegStr HKCU "${{UNINSTALL_KEY}}" "{value}"' in script


def test_an_upgrade_replaces_the_build_in_place_and_the_uninstaller_takes_only_it() -> None:
    install, uninstall = _script().split('Section "Uninstall"')
    # The build before goes first, then the new one is copied in.
    assert install.index('RMDir /r "$INSTDIR\\_internal"') < install.index('File /r "${SOURCE}\\*"')
    # The uninstaller deletes what was installed, by name; the folder only if then empty.
    assert 'RMDir /r "$INSTDIR"' not in uninstall
    assert 'RMDir "$INSTDIR"' in uninstall
    for name in ('"$INSTDIR\\_internal"', '"$INSTDIR\\${EXE}"', '"$INSTDIR\\uninstall.exe"'):
        assert name in uninstall
    assert 'Delete "$SMPROGRAMS\\${NAME}.lnk"' in uninstall
    assert 'DeleteRegKey HKCU "${UNINSTALL_KEY}"' in uninstall
