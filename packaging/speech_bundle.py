"""What the frozen game needs to speak, system by system: build.spec asks this, and
tests/test_build_speech.py evaluates the spec's choice for Windows, macOS and Linux.

Windows: accessible_output2 (game/view/speech_out.py) is imported by name with the
first word said, so PyInstaller sees none of it: the package's outputs are named here
(NVDA, JAWS, SAPI 5 and the rest), and the screen readers' client libraries in its
lib/ folder (NVDA's nvdaControllerClient, System Access's, Dolphin's, PC-Talker's,
ZDSR's) are carried where its load_library looks in a frozen program:
accessible_output2/lib under the bundle's folder (platform_utils.paths'
embedded_data_path: sys._MEIPASS under PyInstaller, the one-file build's unpacked
folder as the one-folder build's _internal). Its Auto output makes every output at
once, so a single missing library silences them all: the build refuses to go on
without each. JAWS and SAPI 5 are reached through COM, by pywin32's win32com
(libloader.com), whose PyInstaller hooks (pyinstaller-hooks-contrib) carry pythoncom,
pywintypes and a gen_py cache of its own.

macOS: VoiceOver through appscript (Apple events: PyInstaller follows its own imports,
aem and its C part among them), else the game's own use of ``say``.

Linux: nothing: the game speaks SSIP to speech-dispatcher itself (game/view/ssip.py).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

PACKAGE = "accessible_output2"
COMMON = (
    PACKAGE,
    f"{PACKAGE}.outputs",
    f"{PACKAGE}.outputs.auto",
    f"{PACKAGE}.outputs.base",
    "platform_utils",
    "platform_utils.paths",
    "libloader",
)
HIDDEN = {
    "win32": (
        *COMMON,
        *(
            f"{PACKAGE}.outputs.{name}"
            for name in (
                "nvda",
                "jaws",
                "sapi5",
                "window_eyes",
                "system_access",
                "dolphin",
                "pc_talker",
                "zdsr",
            )
        ),
        "libloader.com",
        "win32com",
        "win32com.client",
        "win32com.client.gencache",
        "pythoncom",
        "pywintypes",
        "win32gui",  # (JAWS's output asks it whether JAWS's window is up; else: never)
    ),
    "darwin": (*COMMON, f"{PACKAGE}.outputs.voiceover", "appscript"),
}
"""The modules the game's speech imports by name, by system."""
LIBRARIES = (
    "nvdaControllerClient32.dll",
    "nvdaControllerClient64.dll",
    "SAAPI32.dll",
    "dolapi.dll",
    "PCTKUSR.dll",
    "PCTKUSR64.dll",
    "ZDSRAPI.dll",
    "ZDSRAPI_x64.dll",
)
"""accessible_output2's lib/ folder (0.17): what its Windows outputs load."""
LIBRARY_FOLDER = f"{PACKAGE}/lib"
"""Where they go in the bundle (where the package looks for them, frozen)."""


def hidden_imports(platform: str) -> list[str]:
    """The speech's modules a build for ``platform`` (sys.platform's words) must carry."""
    return list(HIDDEN.get(platform, ()))


def package_folder() -> Path | None:
    """accessible_output2's folder where it is installed (None: it is not)."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent


def data_files(platform: str, package: Path | None) -> list[tuple[str, str]]:
    """The screen readers' libraries a build for ``platform`` carries, as PyInstaller's
    (source, folder in the bundle) pairs (data files: loaded by their path); raises
    SystemExit, saying what is missing, where the download would be silent."""
    if platform not in HIDDEN:
        return []
    if package is None:
        raise SystemExit(
            f"build.spec: {PACKAGE} is not installed: the download would not speak; "
            "run: pip install '.[build]'"
        )
    if platform != "win32":
        return []
    missing = [name for name in LIBRARIES if not (package / "lib" / name).is_file()]
    if missing:
        raise SystemExit(
            f"build.spec: {PACKAGE} at {package} has no lib/{', lib/'.join(missing)}: "
            "the download would not speak"
        )
    return [(str(package / "lib" / name), LIBRARY_FOLDER) for name in LIBRARIES]
