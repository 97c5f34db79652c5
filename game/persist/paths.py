"""Where the player's data lives: one folder per user.

The folder comes from, in order: the ``--data-dir`` option (passed in as the
override), the MINESWEEPER_DATA_DIR environment variable, and the platform's
per-user data folder. The environment variable is how tests (and portable
installs) keep the game away from the real folder.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

ENV_VAR = "MINESWEEPER_DATA_DIR"
"""Environment variable naming the data folder; used when no override is given."""

APP_NAME = "minesweeper"

HISTORY_FILE = "history.sqlite3"
"""The game history's database in the data folder (game.persist.history)."""

RECORDS_FILE = "records.json"
"""The best times and statistics of the versions before the history, brought into
it once (game.persist.history_legacy)."""

PENDING_FILE = "pending-games.json"
"""Finished games the history could not take yet (game.persist.pending)."""


def default_data_dir() -> Path:
    """The platform's per-user data folder for the game (not created here).

    appauthor=False keeps Windows from nesting the folder in a vendor folder.
    """
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def data_dir(override: str | Path | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The data folder: the override, else $MINESWEEPER_DATA_DIR, else the default.

    An empty override or variable counts as unset (``MINESWEEPER_DATA_DIR= game``
    should not mean "the current folder"). ``~`` is expanded. The folder is not
    created here; Profile.open does that, and copes when it cannot.
    """
    env = os.environ if environ is None else environ
    for candidate in (override, env.get(ENV_VAR)):
        if candidate is not None and str(candidate) != "":
            return Path(candidate).expanduser()
    return default_data_dir()
