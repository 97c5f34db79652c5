"""The game's version, which lives in one place: pyproject.toml.

Where it is read from, in order:
- a checkout (``python -m game``, or an editable install): the pyproject.toml at
  the repository root, next to the package, so a version bump shows at once
  even when an older install left stale metadata behind;
- an installed wheel or a frozen build (build.spec bundles the distribution's
  metadata): ``importlib.metadata``;
- neither: "unknown".
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

DIST_NAME = "minesweeper-ce"
"""The distribution name in pyproject.toml ([project] name)."""

UNKNOWN = "unknown"

_CHECKOUT_PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def version() -> str:
    """The game's version string, e.g. "0.1.0"."""
    from_checkout = _version_from_pyproject(_CHECKOUT_PYPROJECT)
    if from_checkout is not None:
        return from_checkout
    # Imported here, not at the top: it costs ~12 ms, and only --version and the
    # help screen ask, never the start-up.
    from importlib import metadata

    try:
        return metadata.version(DIST_NAME)
    except metadata.PackageNotFoundError:
        return UNKNOWN


def _version_from_pyproject(path: Path) -> str | None:
    """The [project] version in this pyproject.toml, if it is the game's own."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if sys.version_info >= (3, 11):
        import tomllib

        try:
            project = tomllib.loads(text).get("project")
        except tomllib.TOMLDecodeError:
            return None
        if not isinstance(project, dict) or project.get("name") != DIST_NAME:
            return None
        found = project.get("version")
        return found if isinstance(found, str) and found else None
    return _parse_with_regex(text)


_SECTION = re.compile(r"^\s*\[\[?([^\[\]]+)\]\]?\s*(?:#.*)?$")
_KEY = re.compile(r"""^\s*(name|version)\s*=\s*(["'])([^"']+)\2\s*(?:#.*)?$""")


def _parse_with_regex(text: str) -> str | None:
    """Python 3.10 has no tomllib: a small reader for plain ``key = "value"`` lines."""
    section = ""
    values: dict[str, str] = {}
    for line in text.splitlines():
        header = _SECTION.match(line)
        if header:
            section = header.group(1).strip()
            continue
        if section != "project":
            continue
        key = _KEY.match(line)
        if key:
            values.setdefault(key.group(1), key.group(3))
    if values.get("name") != DIST_NAME:
        return None
    return values.get("version")
