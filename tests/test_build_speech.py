"""The downloads speak: build.spec, evaluated here as PyInstaller would run it on
Windows, macOS and Linux (its Analysis, PYZ, EXE, COLLECT and BUNDLE stood in for, the
system named in sys.platform), carries accessible_output2 where the game speaks
through it: on Windows its outputs (NVDA, JAWS, SAPI 5, ...), pywin32's COM and the
screen readers' DLLs where the package looks for them frozen; on macOS VoiceOver's
appscript; on Linux nothing of it (the game speaks SSIP itself). A Windows or macOS
build without the package, or without one of its DLLs, refuses to be made (a silent
download). The release workflow's step that runs each download's --say is checked
too (it can only run on those systems)."""

from __future__ import annotations

import builtins
import functools
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from test_packaging import tomllib

hooks = pytest.importorskip("PyInstaller.utils.hooks", reason="the build extra (PyInstaller)")

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build.spec"
DLLS = (
    "PCTKUSR.dll",
    "PCTKUSR64.dll",
    "SAAPI32.dll",
    "ZDSRAPI.dll",
    "ZDSRAPI_x64.dll",
    "dolapi.dll",
    "nvdaControllerClient32.dll",
    "nvdaControllerClient64.dll",
)
"""accessible_output2 0.17's lib/ folder, as its wheel holds it."""


class Built:
    """What the spec handed PyInstaller's Analysis."""

    def __init__(self, *scripts: Any, **options: Any) -> None:
        self.options = options
        self.binaries: list[tuple[str, str, str]] = []
        self.datas: list[tuple[str, str, str]] = []
        self.pure: list[object] = []
        self.scripts: list[object] = []


class SysOf:
    """The sys module as the spec sees it on another system (sys.platform its name;
    the rest this process's: PyInstaller's helpers the spec calls are left alone)."""

    def __init__(self, platform: str) -> None:
        self.platform = platform

    def __getattr__(self, name: str) -> Any:
        return getattr(sys, name)


class Hooks:
    """PyInstaller's hooks module as the spec sees it: the same, but for what
    collect_submodules finds, asked once a run (a child process each time)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(hooks, name)

    @staticmethod
    @functools.cache
    def collect_submodules(package: str) -> list[str]:
        return list(hooks.collect_submodules(package))


def importing_sys_of(platform: str) -> Any:
    """An __import__ for the spec alone: its ``import sys`` gets SysOf(platform)."""
    real = builtins.__import__

    def imported(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "sys":
            return SysOf(platform)
        if name == "PyInstaller.utils.hooks":
            return Hooks()
        return real(name, *args, **kwargs)

    return imported


def evaluated(platform: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Built:
    """build.spec run as PyInstaller runs it on ``platform``: the Analysis it made."""
    made: list[Built] = []

    def analysis(*args: Any, **kwargs: Any) -> Built:
        made.append(Built(*args, **kwargs))
        return made[-1]

    def nothing(*args: Any, **kwargs: Any) -> object:
        return object()

    names = {
        "Analysis": analysis,
        "PYZ": nothing,
        "EXE": nothing,
        "COLLECT": nothing,
        "BUNDLE": nothing,
        "SPECPATH": str(ROOT),
        "workpath": str(tmp_path / "work"),
        "__name__": "__main__",
        "__file__": str(SPEC),
    }
    names["__builtins__"] = {**vars(builtins), "__import__": importing_sys_of(platform)}
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), names)
    assert len(made) == 1
    return made[0]


def fake_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dlls: tuple[str, ...]) -> Path:
    """An accessible_output2 where the spec looks for it (found, never imported)."""
    folder = tmp_path / "site" / "accessible_output2"
    (folder / "lib").mkdir(parents=True)
    (folder / "__init__.py").write_text("raise ImportError('never imported')\n")
    for name in dlls:
        (folder / "lib" / name).write_bytes(b"MZ")
    monkeypatch.syspath_prepend(str(folder.parent))
    return folder


def test_the_windows_build_carries_the_screen_readers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = fake_package(tmp_path, monkeypatch, DLLS)
    built = evaluated("win32", tmp_path, monkeypatch)
    hidden = set(built.options["hiddenimports"])
    for name in ("nvda", "jaws", "sapi5", "auto"):  # (imported by name: none seen else)
        assert f"accessible_output2.outputs.{name}" in hidden
    assert {"libloader.com", "win32com.client", "pythoncom", "pywintypes", "win32gui"} <= hidden
    assert "accessible_output2.outputs.voiceover" not in hidden
    carried = [(Path(source), dest) for source, dest in built.options["datas"]]
    for name in DLLS:  # where load_library looks frozen: accessible_output2/lib
        assert (package / "lib" / name, "accessible_output2/lib") in carried
    assert not any("accessible" in str(entry) for entry in built.options["binaries"])


def test_the_macos_build_carries_voiceovers_library(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_package(tmp_path, monkeypatch, ())
    built = evaluated("darwin", tmp_path, monkeypatch)
    hidden = set(built.options["hiddenimports"])
    assert {"accessible_output2.outputs.auto", "accessible_output2.outputs.voiceover"} <= hidden
    assert "appscript" in hidden
    assert not {"win32com.client", "accessible_output2.outputs.nvda"} & hidden
    assert not any("accessible_output2" in dest for _, dest in built.options["datas"])


def test_the_linux_build_speaks_without_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = evaluated("linux", tmp_path, monkeypatch)  # (the package is not installed here)
    assert not any(name.startswith("accessible") for name in built.options["hiddenimports"])
    assert "game.view.ssip" in built.options["hiddenimports"]


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_a_build_that_would_be_silent_is_refused(
    platform: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(SystemExit, match="accessible_output2 is not installed"):
        evaluated(platform, tmp_path, monkeypatch)


def test_a_windows_build_missing_nvdas_library_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_package(tmp_path, monkeypatch, tuple(n for n in DLLS if not n.startswith("nvda")))
    with pytest.raises(SystemExit, match=r"nvdaControllerClient32\.dll"):
        evaluated("win32", tmp_path, monkeypatch)


def test_pyproject_installs_it_where_the_game_speaks_through_it() -> None:
    with open(ROOT / "pyproject.toml", "rb") as f:
        dependencies = tomllib.load(f)["project"]["dependencies"]
    (marked,) = [d for d in dependencies if d.startswith("accessible_output2")]
    assert "sys_platform == 'win32'" in marked and "sys_platform == 'darwin'" in marked


def test_the_release_runs_each_downloads_say_and_checks_what_spoke() -> None:
    workflow = yaml.safe_load((ROOT / ".github/workflows/release.yml").read_text())
    steps = workflow["jobs"]["build"]["steps"]
    (step,) = [s for s in steps if s.get("name", "").startswith("The download speaks")]
    script = step["run"]
    assert "--say" in script and "--speech-log" in script
    # Windows: the one file and the one folder, the DLLs inside both; the words logged
    # only once a voice took them (a windowed game has no stdout)
    assert "dist/minesweeper.exe dist-onedir/minesweeper/minesweeper.exe" in script
    assert script.count("nvdaControllerClient64.dll") == 2
    # macOS: the library and appscript in the bundle; Linux: speech-dispatcher spoke
    assert '*"No module named"*) exit 1' in script
    assert 'test "$out" = "Said through speech-dispatcher."' in script
    assert script.count('grep -qx "$words" "$said"') == 3
