"""Packaging: the same asset lookup and version in all three ways the game runs.

- from a checkout (``python -m game``): the assets are the repo's sprites/ and sounds/;
- installed from the wheel into a fresh virtual environment: the wheel carries them
  as game/sprites and game/sounds, with the ``minesweeper`` console script;
- frozen by PyInstaller (build.spec): checked on a built executable when
  MINESWEEPER_FROZEN_EXE names one (tools/build_exe.sh builds it; CI does this).
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

import game.version

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the tests run on 3.11+, the game itself on 3.10+
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parent.parent
SPRITES = ("sheet.png", "sheet-colourblind.png", "sheet-contrast.png", "icon.png", "icon.ico")
SOUNDS = ("reveal.wav", "cascade.wav", "flag.wav", "explode.wav", "win.wav")
FROZEN_EXE_VAR = "MINESWEEPER_FROZEN_EXE"


def pyproject_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        found = tomllib.load(f)["project"]["version"]
    assert isinstance(found, str)
    return found


def clean_env(tmp: Path) -> dict[str, str]:
    """Headless SDL, no PYTHONPATH, and every user folder inside ``tmp``."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    home = tmp / "home"
    for sub in ("data", "config", "cache", "tmp"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        HOME=str(home),
        USERPROFILE=str(home),
        APPDATA=str(home / "data"),
        LOCALAPPDATA=str(home / "data"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_CACHE_HOME=str(home / "cache"),
        TMPDIR=str(home / "tmp"),
        TEMP=str(home / "tmp"),
        TMP=str(home / "tmp"),
        MINESWEEPER_DATA_DIR=str(tmp / "gamedata"),
    )
    return env


def run(
    cmd: list[str], *, cwd: Path, env: dict[str, str], timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


def tree_listing(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


# --- the version ---------------------------------------------------------------


def test_version_is_the_pyproject_version() -> None:
    assert game.version.version() == pyproject_version()


def test_version_comes_from_the_metadata_else_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    def installed(name: str) -> str:
        assert name == "minesweeper-ce"
        return "7.8.9"

    monkeypatch.setattr(metadata, "version", installed)  # version() imports it when asked
    assert game.version.version() == "7.8.9"

    def not_installed(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", not_installed)
    assert game.version.version() == "unknown"


def test_build_spec_reads_pyproject_on_python_310_too() -> None:
    # 3.10 has no tomllib: the spec falls back to tomli, which the build extra installs.
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    tree = ast.parse(spec)
    fallbacks = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Try)
        and any(
            isinstance(h.type, ast.Name) and h.type.id == "ModuleNotFoundError"
            for h in node.handlers
        )
    ]
    assert fallbacks, "build.spec must not need tomllib"
    with (ROOT / "pyproject.toml").open("rb") as f:
        build = tomllib.load(f)["project"]["optional-dependencies"]["build"]
    assert any(req.startswith("tomli") and "python_version < '3.11'" in req for req in build)


def test_version_option_prints_the_pyproject_version(tmp_path: Path) -> None:
    done = run([sys.executable, "-m", "game", "--version"], cwd=ROOT, env=clean_env(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"minesweeper {pyproject_version()}"


# --- from a checkout -----------------------------------------------------------


def test_checkout_assets_are_the_repo_folders(tmp_path: Path) -> None:
    """``python -m game`` from the repo root finds the repo's own sprites/ and sounds/."""
    code = (
        "import game, game.view.assets as a; "
        "print(game.__file__); print(a.asset_dir('sprites')); print(a.asset_dir('sounds'))"
    )
    done = run([sys.executable, "-c", code], cwd=ROOT, env=clean_env(tmp_path))
    assert done.returncode == 0, done.stderr
    package, sprites, sounds = done.stdout.splitlines()
    assert Path(package).resolve() == ROOT / "game" / "__init__.py"
    assert Path(sprites).resolve() == ROOT / "sprites"
    assert Path(sounds).resolve() == ROOT / "sounds"


def test_checkout_runs_without_stdout_and_stderr(tmp_path: Path) -> None:
    """A windowed Windows build has sys.stdout and sys.stderr set to None."""
    code = (
        "import sys; sys.stdout = None; sys.stderr = None; "
        "from game.__main__ import main; raise SystemExit(main(['--frames', '5']))"
    )
    done = run([sys.executable, "-c", code], cwd=ROOT, env=clean_env(tmp_path))
    assert done.returncode == 0, done.stderr


# --- the wheel and a fresh virtual environment ---------------------------------


def _clean_copy(dest: Path) -> Path:
    """The files git knows of (tracked, or new and not ignored): no stale build/ or dist/."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout: cannot tell a clean tree from build leftovers")
    for name in listed.stdout.decode().split("\0"):
        source = ROOT / name
        if name and source.is_file():  # a tracked file deleted from the tree is skipped
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)
    return dest


def _setuptools_builds_wheels_here() -> bool:
    """Can this environment's setuptools build our wheel with no download?"""
    try:
        found = metadata.version("setuptools")
    except metadata.PackageNotFoundError:
        return False
    major_minor = tuple(int(part) for part in found.split(".")[:2] if part.isdigit())
    if major_minor >= (70, 1):  # bdist_wheel built in
        return True
    try:
        metadata.version("wheel")
    except metadata.PackageNotFoundError:
        return False
    return major_minor >= (68, 0)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = _clean_copy(tmp_path_factory.mktemp("clean-tree"))
    out = tmp_path_factory.mktemp("wheel")
    cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(src)]
    if _setuptools_builds_wheels_here():
        cmd.insert(4, "--no-build-isolation")  # offline: this environment's setuptools
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = out.glob("minesweeper_ce-*.whl")
    return built


def test_wheel_carries_the_assets_the_code_and_the_console_script(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        entry_points = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        assert len(entry_points) == 1
        scripts = whl.read(entry_points[0]).decode()
    for sprite in SPRITES:
        assert f"game/sprites/{sprite}" in names
    for sound in SOUNDS:
        assert f"game/sounds/{sound}" in names
    for font in (
        "DejaVuSans.ttf",
        "DejaVuSans-Bold.ttf",
        "LICENSE-DejaVu.txt",
        "NotoSansCJKsc-Subset.otf",
        "LICENSE-NotoSansCJK.txt",
    ):
        assert f"game/fonts/{font}" in names
    for code in ("zh_CN", "de", "pl", "ja"):  # the translations (game/language)
        assert f"game/language/locale/{code}/LC_MESSAGES/minesweeper.mo" in names
    assert "game/flows/web_template.html" in names  # (the web replay page: no Node needed)
    for package in ("game/session/__init__.py", "game/persist/__init__.py"):
        assert package in names
    for module in ("game/__init__.py", "game/view/assets.py", "game/version.py"):
        assert module in names
    assert "game/core/__init__.py" in names
    assert any(n.startswith("game/core/") and n != "game/core/__init__.py" for n in names)
    assert "[console_scripts]" in scripts
    assert "minesweeper = game.__main__:main" in scripts
    assert wheel.name.startswith(f"minesweeper_ce-{pyproject_version()}-")


def test_wheel_carries_every_module_of_the_game(wheel: Path) -> None:
    """Every module of game/ is in the wheel: a package left out of pyproject.toml's
    list would install a game that cannot start (the screens, the viewer, the command
    line are packages of their own)."""
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
    modules = {path.relative_to(ROOT).as_posix() for path in (ROOT / "game").rglob("*.py")}
    assert modules <= names, sorted(modules - names)


def test_wheel_leaves_out_tests_and_tools(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as whl:
        tops = {name.split("/", 1)[0] for name in whl.namelist()}
    assert "tests" not in tops
    assert "tools" not in tops
    assert "benchmarks" not in tops
    assert {top for top in tops if not top.endswith(".dist-info")} == {"game"}


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed (no download: --no-deps --no-index).

    --system-site-packages lets it use the base interpreter's pygame-ce if it has one;
    the asset lookup itself needs no third-party package.
    """
    where = tmp_path_factory.mktemp("venv") / "env"
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run(
        [base, "-m", "venv", "--system-site-packages", str(where)], check=True, timeout=300
    )
    done = subprocess.run(
        [
            str(_venv_python(where)),
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return where


def _venv_python(env: Path) -> Path:
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _venv_purelib(env: Path) -> Path:
    scheme = "nt" if os.name == "nt" else "posix_prefix"
    return Path(sysconfig.get_path("purelib", scheme, vars={"base": str(env)})).resolve()


def test_installed_game_finds_its_assets_in_site_packages(venv: Path, tmp_path: Path) -> None:
    code = (
        "import game, game.view.assets as a, game.version as v; "
        "print(game.__file__); print(a.asset_dir('sprites')); print(a.asset_dir('sounds')); "
        "print(v.version())"
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = run([str(_venv_python(venv)), "-c", code], cwd=elsewhere, env=clean_env(tmp_path))
    assert done.returncode == 0, done.stderr
    package, sprites, sounds, version = done.stdout.splitlines()
    site = _venv_purelib(venv)
    for found, kind in ((sprites, "sprites"), (sounds, "sounds")):
        path = Path(found).resolve()
        assert path == site / "game" / kind
        assert ROOT not in path.parents
    assert Path(package).resolve() == site / "game" / "__init__.py"
    assert version == pyproject_version()  # from the installed metadata


def test_installed_console_script(venv: Path, tmp_path: Path) -> None:
    script = venv / ("Scripts/minesweeper.exe" if os.name == "nt" else "bin/minesweeper")
    assert script.is_file()
    env = clean_env(tmp_path)
    has_pygame = run([str(_venv_python(venv)), "-c", "import pygame"], cwd=tmp_path, env=env)
    if has_pygame.returncode != 0:
        pytest.skip("the base interpreter has no pygame-ce to lend the venv")
    done = run([str(script), "--version"], cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"minesweeper {pyproject_version()}"


# --- the frozen build ------------------------------------------------------------


def test_build_spec_puts_the_assets_where_the_wheel_does() -> None:
    """build.spec's datas (parsed, not grepped): each asset folder lands at game/<kind>."""
    tree = ast.parse((ROOT / "build.spec").read_text(encoding="utf-8"), filename="build.spec")
    (datas,) = [
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "datas" for t in node.targets)
    ]
    assert isinstance(datas, ast.List)
    pairs = set()
    for item in datas.elts:
        if isinstance(item, ast.Tuple):
            source, dest = item.elts
            constants = [n for n in ast.walk(source) if isinstance(n, ast.Constant)]
            constants.sort(key=lambda n: n.col_offset)  # ast.walk is breadth-first
            parts = [n.value for n in constants]
            pairs.add((tuple(parts), ast.literal_eval(dest)))
    assert (("sprites", "*.png"), "game/sprites") in pairs
    assert (("sprites", "*.ico"), "game/sprites") in pairs
    assert (("sounds", "*.wav"), "game/sounds") in pairs
    assert (("fonts", "*.ttf"), "game/fonts") in pairs
    assert (("fonts", "*.otf"), "game/fonts") in pairs
    assert (ROOT / "sprites" / "icon.ico").is_file()
    launcher = ast.parse((ROOT / "tools" / "launcher.py").read_text(encoding="utf-8"))
    imports = [n for n in ast.walk(launcher) if isinstance(n, ast.ImportFrom)]
    assert imports and all(n.level == 0 for n in imports)  # relative fails when frozen
    assert any(n.module == "game.__main__" for n in imports)


@pytest.fixture
def frozen_exe() -> Path:
    named = os.environ.get(FROZEN_EXE_VAR)
    if not named:
        pytest.skip(f"set {FROZEN_EXE_VAR} to a built executable (tools/build_exe.sh)")
    exe = Path(named).resolve()
    assert exe.is_file(), f"{FROZEN_EXE_VAR}={named} is not a file"
    return exe


def test_frozen_runs_headless_and_writes_nothing_beside_itself_or_in_temp(
    frozen_exe: Path, tmp_path: Path
) -> None:
    env = clean_env(tmp_path)
    temp = Path(env["TMPDIR"])
    beside = tree_listing(frozen_exe.parent)
    # Run from the executable's own folder, as a double-click does: a relative path
    # written by mistake would land there.
    done = run([str(frozen_exe), "--frames", "30"], cwd=frozen_exe.parent, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert tree_listing(frozen_exe.parent) == beside
    # The one-file unpack folder (_MEI...) lives in TMPDIR and is removed at exit.
    assert list(temp.iterdir()) == []


CHINESE_NAMED = next(
    (ROOT / "tests" / "data" / "replays" / "ms-toollib").rglob("*王嘉宁*.evf"), None
)
"""The shared Metasweeper EVF file whose player is 王嘉宁."""


def test_frozen_speaks_chinese_and_shows_a_chinese_name(frozen_exe: Path, tmp_path: Path) -> None:
    """The executable carries the catalogs and the CJK font: its help in Chinese, the
    player's name read back as it is in the file, and the viewer playing that file
    (its bar draws the name) to the end with no error."""
    assert CHINESE_NAMED is not None
    env = clean_env(tmp_path)
    helped = run([str(frozen_exe), "--lang", "zh_CN", "--help"], cwd=tmp_path, env=env)
    assert helped.returncode == 0, helped.stderr
    assert "用法" in helped.stdout
    read = run(
        [str(frozen_exe), "--lang", "zh_CN", "--analyse", str(CHINESE_NAMED), "--json"],
        cwd=tmp_path,
        env=env,
    )
    assert read.returncode == 0, read.stderr
    assert json.loads(read.stdout.splitlines()[0])["player"] == "王嘉宁"
    watched = [str(frozen_exe), "--lang", "zh_CN", "--replay", str(CHINESE_NAMED)]
    done = run([*watched, "--frames", "400"], cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr


def test_frozen_writes_a_web_page_with_its_font_cut(frozen_exe: Path, tmp_path: Path) -> None:
    """The executable carries the web page's template and fontTools (whose font tables
    are imported by name): --export-html writes the page, the CJK font cut into it."""
    assert CHINESE_NAMED is not None
    target = tmp_path / "wang.html"
    done = run(
        [str(frozen_exe), "--export-html", str(CHINESE_NAMED), str(target)],
        cwd=tmp_path,
        env=clean_env(tmp_path),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    page = target.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and "data:font/otf;base64," in page
    assert '<script id="replay" type="text/plain"></script>' not in page


def test_frozen_version(frozen_exe: Path, tmp_path: Path) -> None:
    done = run([str(frozen_exe), "--version"], cwd=tmp_path, env=clean_env(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"minesweeper {pyproject_version()}"


@pytest.mark.skipif(os.name == "nt", reason="POSIX way to start with no stdout/stderr")
def test_frozen_runs_with_no_stdout_and_stderr(frozen_exe: Path, tmp_path: Path) -> None:
    """Like a windowed Windows build: Python starts with sys.stdout/stderr set to None."""

    def close_streams() -> None:
        os.close(1)
        os.close(2)

    done = subprocess.run(
        [str(frozen_exe), "--frames", "30"],
        cwd=tmp_path,
        env=clean_env(tmp_path),
        stdin=subprocess.DEVNULL,
        preexec_fn=close_streams,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0
