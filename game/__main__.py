"""`python -m game` and the `minesweeper` command: the commands that need no window
run and return; else the first frame is shown from the settings alone
(game.view.first_frame), and only then is the rest of the game imported
(game.app), before the first input is handled."""

from __future__ import annotations

import gc

# Start-up makes objects that live as long as the game (the modules, the window):
# the collector's passes over them would find nothing to free. It runs again once the
# first input can be handled (App.get_ready), or at once for a command (main).
gc.disable()

import os
import sys
from collections.abc import Mapping, Sequence

import pygame

from game import cli
from game.language import gettext, shown
from game.view.first_frame import first_frame_asked
from game.view.sound import warn_to_stderr


def main(argv: Sequence[str] | None = None) -> int:
    """The entry point; the exit status."""
    try:
        options = cli.parse_args(argv)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 2
    printout = cli.printout_of(options)
    if printout is not None:
        gc.enable()  # (a command may read many files: no start-up to speed)
        from game.cli.commands import run  # (a command loads what it needs, and no window)

        try:
            return run(options, printout)
        except BrokenPipeError:  # (its reader stopped early: `... | head`); no traceback
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, sys.stdout.fileno())  # (Python's own flush at exit goes nowhere)
            return 1
    played_back = None
    if options.replay is not None:
        # (a replay to watch is read first: a bad file is one line, and no window)
        from game.replay.files import ReplayError, open_replay  # (only --replay reads one here)

        try:
            played_back = open_replay(options.replay)
        except ReplayError as error:
            warn_to_stderr(f"minesweeper: {shown(error)}")
            return 2
    missing = missing_display()
    if missing is not None:
        warn_to_stderr(missing)
        return 1
    try:
        # (no game offered back under a replay watched)
        first = first_frame_asked(options, offer=played_back is None)
    except pygame.error as error:
        warn_to_stderr(
            gettext("Minesweeper could not open its window: {error}").format(error=error)
        )
        return 1
    from game.app import run_window  # the seam: the rest loads once the first frame is up

    return run_window(options, first, played_back)


def missing_display(environ: Mapping[str, str] = os.environ) -> str | None:
    """Why no window can open, when that is known before trying: on Linux and the
    BSDs a desktop says where it is in DISPLAY or WAYLAND_DISPLAY. (Without either,
    SDL would fall back to an invisible offscreen window.) An explicit
    SDL_VIDEODRIVER (a test, a headless smoke run) is the caller's choice."""
    if sys.platform in ("win32", "darwin") or environ.get("SDL_VIDEODRIVER"):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return gettext(
        "Minesweeper needs a desktop to show its window: neither DISPLAY nor WAYLAND_DISPLAY "
        "is set."
    )


if __name__ == "__main__":
    sys.exit(main())
