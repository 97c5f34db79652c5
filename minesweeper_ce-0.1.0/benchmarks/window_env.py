"""What the window benchmarks set before pygame is imported: the checkout on the
import path, SDL's dummy drivers unless a real display is there, and a scratch data
folder, so a benchmark never touches the player's records.

    import window_env  # first, before pygame
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The checkout."""

sys.path.insert(0, str(ROOT))
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["MINESWEEPER_DATA_DIR"] = tempfile.mkdtemp(prefix="minesweeper-bench-")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
