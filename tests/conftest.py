"""Shared test setup: every test runs headless and never touches the real user folder."""

from __future__ import annotations

import json
import os

# Before pygame is imported anywhere: no real window, no real sound card.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The system's language is English for the tests (a first start speaks the system's:
# game.language), whatever the machine running them speaks.
os.environ["LANGUAGE"] = os.environ["LC_ALL"] = os.environ["LC_MESSAGES"] = ""
os.environ["LANG"] = "C.UTF-8"

import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs
import pytest

from game import language
from game.persist.data_folder import SETTINGS_FILE
from game.persist.paths import data_dir
from game.persist.settings import SETTINGS_VERSION
from game.view import theme

if TYPE_CHECKING:
    from mosquitto import Mosquitto

    from game.app import App

# The player's real data folder, worked out before anything here changes the environment.
REAL_FOLDER = platformdirs.user_data_path("minesweeper", appauthor=False)

DATA_DIR_VAR = "MINESWEEPER_DATA_DIR"
"""The game's own override of its data folder (game.persist.paths)."""

# Every variable a platform's user folders come from: the game's override, the XDG
# folders (Linux), HOME (Linux, macOS's ~/Library), and Windows' profile folders.
_USER_FOLDER_VARS = {
    DATA_DIR_VAR: "gamedata",
    "HOME": "home",
    "USERPROFILE": "home",
    "XDG_DATA_HOME": "home/.local/share",
    "XDG_CONFIG_HOME": "home/.config",
    "XDG_CACHE_HOME": "home/.cache",
    "XDG_STATE_HOME": "home/.local/state",
    "APPDATA": "home/AppData/Roaming",
    "LOCALAPPDATA": "home/AppData/Local",
}


def _point_user_folders_at(base: Path, setenv: Callable[[str, str], object]) -> None:
    for name, sub in _USER_FOLDER_VARS.items():
        folder = base / sub
        folder.mkdir(parents=True, exist_ok=True)
        setenv(name, str(folder))


# For the whole run, from the moment pytest loads this file: even module- and
# session-scoped fixtures and anything imported at collection see a scratch home.
# (Run-wide tools keep working: git, pip and the venv fixtures need no real home.)
_RUN_HOME = Path(tempfile.mkdtemp(prefix="minesweeper-tests-home-"))
_point_user_folders_at(_RUN_HOME, os.environ.__setitem__)
# No test reaches the machine's speech-dispatcher, nor starts one (an address given
# is never spawned for: game/view/ssip.py): a game that speaks with the system's
# voice finds none and says so once; the tests that speak give a voice of their own.
os.environ["SPEECHD_ADDRESS"] = f"unix_socket:{_RUN_HOME / 'no-speech-dispatcher.sock'}"


# Every file operation of this process that names the real folder (or anything in
# it) is noted by an audit hook (PEP 578), and the test that made it fails. The hook
# watches this process only, so another program using the real folder at the same
# time (the game, another checkout's tests) cannot fail a test here, as a before-and-
# after look at the folder would; subprocesses inherit the scratch folders above.
_WATCHED_EVENTS = frozenset(
    {
        "open",
        "os.mkdir",
        "os.makedirs",
        "os.rename",
        "os.replace",
        "os.remove",
        "os.rmdir",
        "os.truncate",
        "os.utime",
        "os.chmod",
        "os.symlink",
        "os.link",
        "os.listdir",
        "os.scandir",
        "shutil.copyfile",
        "shutil.copytree",
        "shutil.move",
        "shutil.rmtree",
        "sqlite3.connect",
    }
)
_REAL = os.path.normcase(os.path.abspath(REAL_FOLDER))
_touched: list[str] = []


def _in_real_folder(arg: object) -> bool:
    if not isinstance(arg, (str, bytes, os.PathLike)):
        return False
    try:
        path = os.path.normcase(os.path.abspath(os.fsdecode(arg)))
    except (TypeError, ValueError):
        return False
    return path == _REAL or path.startswith(_REAL + os.sep)


def _audit(event: str, args: tuple[object, ...]) -> None:
    if event in _WATCHED_EVENTS and any(_in_real_folder(arg) for arg in args[:2]):
        _touched.append(f"{event} {args[:2]!r}")


sys.addaudithook(_audit)


@pytest.fixture(autouse=True)
def _isolated_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """No test may read or write the player's real data folder, even when HOME or
    the XDG and Windows folders point somewhere real: every test gets its own
    scratch home and data folder (every variable above), and a test that still
    names the real folder in a file operation fails."""
    _point_user_folders_at(tmp_path_factory.mktemp("user"), monkeypatch.setenv)
    _touched.clear()
    yield
    touched, _touched[:] = list(_touched), []
    assert not touched, f"a test used the real user data folder {REAL_FOLDER}: {touched}"


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    shutil.rmtree(_RUN_HOME, ignore_errors=True)


@pytest.fixture
def real_user_folder() -> Path:
    """The player's real data folder, as it was before the tests moved HOME."""
    return REAL_FOLDER


@pytest.fixture(autouse=True)
def _classic_look() -> Iterator[None]:
    """Every test starts in the default look, whatever the one before put on."""
    theme.use(theme.DEFAULT)
    yield
    theme.use(theme.DEFAULT)


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """Every test starts in English, whatever language the one before chose."""
    language.use(language.ENGLISH)
    yield
    language.use(language.ENGLISH)


@pytest.fixture
def app() -> Iterator[App]:
    """A window at zoom 2 on a seeded game, its clock moved by hand (test_window's
    FakeClock), its first frame drawn; closed after the test. A test module's own
    ``app`` fixture takes its place there."""
    from test_window import FakeClock

    from game import cli
    from game.app import App

    application = App(cli.Options(zoom=2, sound=False, seed=1), clock=FakeClock())
    application.run(frames=1)
    yield application
    application.close()


def classic_window() -> None:
    """The player keeps the classic window (the live counters' side hidden, as a
    player of the classic game may): the settings say so before the game starts.
    For the tests whose subject is the classic window's own size and pixels."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    settings = {"version": SETTINGS_VERSION, "counters_shown": False}
    (folder / SETTINGS_FILE).write_text(json.dumps(settings), encoding="utf-8")


def side_or_classic(kind: str, zoom: int, frames: int) -> App:
    """A window at ``zoom`` with its side (``kind`` "side", the default) or the classic
    one ("classic"), run ``frames`` frames: for the tests that hold in both."""
    from test_window import FakeClock

    from game import cli  # (the window's modules: after the environment above is set)
    from game.app import App

    if kind == "classic":
        classic_window()
    application = App(cli.Options(zoom=zoom, sound=False, seed=1), clock=FakeClock())
    application.run(frames=frames)
    assert application.viewport.has_side() is (kind == "side")
    return application


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Mosquitto]:
    """A Mosquitto of the test's own on free loopback ports (tests/mosquitto.py), for
    the live race's tests; killed after the test."""
    from mosquitto import Mosquitto as Broker  # (Debian's mosquitto: the race's tests only)

    server = Broker(tmp_path)
    server.start()
    yield server
    server.kill()
