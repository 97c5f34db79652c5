"""Entry script of the frozen build (build.spec): start the game.

Absolute imports only: PyInstaller runs this file as a top-level script, where a
relative import (``from .__main__ import main``) fails.

A windowed build (Windows, console=False) starts with sys.stdout and
sys.stderr set to None; anything that writes to them (a library's banner, a
logging handler, a traceback) would then raise. Point them at the null device
instead, so nothing is written anywhere.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if sys.stdout is None:
    sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives as long as the process
if sys.stderr is None:
    sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives as long as the process

# Imported only now: the streams must be safe before the game (and pygame) load.
from game.__main__ import main

raise SystemExit(main())
