"""Shared test setup: every test runs headless and never touches the real user folder."""

from __future__ import annotations

import os

# Before pygame is imported anywhere: no real window, no real sound card.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
