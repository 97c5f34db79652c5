"""The command line: options, checked, with a clear usage error (exit 2) otherwise."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from game.core import MAX_SEED
from game.rules import (
    MAX_COLS,
    MAX_ROWS,
    MIN_COLS,
    MIN_MINES,
    MIN_ROWS,
    PRESETS,
    ZOOMS,
    Board,
    BoardChoiceError,
    Difficulty,
    parse_custom,
)
from game.version import version

_ZOOM_WORDS = ", ".join(map(str, ZOOMS[:-1])) + f" or {ZOOMS[-1]}"


@dataclass(frozen=True)
class Options:
    """What the player asked for on the command line (None: use the saved setting)."""

    board: Board | None = None
    seed: int | None = None
    zoom: int | None = None
    sound: bool | None = None
    frames: int | None = None
    data_dir: str | None = None


def _custom(text: str) -> Board:
    try:
        return parse_custom(text)
    except BoardChoiceError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _zoom(text: str) -> int:
    if text.isascii() and text.isdigit() and int(text) in ZOOMS:
        return int(text)
    raise argparse.ArgumentTypeError(f"zoom is {_ZOOM_WORDS}; got {text!r}")


def _seed(text: str) -> int:
    if text.isascii() and text.isdigit() and len(text) <= 19 and int(text) <= MAX_SEED:
        return int(text)
    raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {MAX_SEED}; got {text!r}")


def _frames(text: str) -> int:
    if text.isascii() and text.isdigit() and int(text) > 0:
        return int(text)
    raise argparse.ArgumentTypeError(f"frames is a whole number above 0; got {text!r}")


class _VersionAction(argparse.Action):
    """--version: print it and exit. The version is looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        if sys.stdout is not None:  # a windowed Windows build has no stdout
            sys.stdout.write(f"minesweeper {version()}\n")
        parser.exit()


def parser() -> argparse.ArgumentParser:
    """The argument parser (also used to print the help)."""
    p = argparse.ArgumentParser(
        prog="minesweeper",
        description="Minesweeper: the classic game. Left click opens, right click marks, "
        "both buttons (or the middle one) chord. Press F1 in the game for all the keys.",
    )
    board = p.add_mutually_exclusive_group()
    board.add_argument(
        "--difficulty",
        choices=[difficulty.value for difficulty in PRESETS],
        help="start on a preset board",
    )
    board.add_argument(
        "--custom",
        type=_custom,
        metavar="ROWSxCOLS:MINES",
        help=f"start on a custom board: rows {MIN_ROWS}-{MAX_ROWS}, columns {MIN_COLS}-{MAX_COLS}, "
        f"mines {MIN_MINES} to (rows-1)*(cols-1)",
    )
    p.add_argument("--seed", type=_seed, help="a seed for the mine layout (same seed, same board)")
    p.add_argument("--zoom", type=_zoom, help=f"pixel scale of the 16-pixel art: {_ZOOM_WORDS}")
    p.add_argument("--no-sound", action="store_true", help="start with sound off")
    p.add_argument("--frames", type=_frames, metavar="N", help="quit after N frames (scripts)")
    p.add_argument("--data-dir", metavar="DIR", help="keep settings and records in DIR")
    p.add_argument("--version", action=_VersionAction)
    return p


def parse_args(argv: Sequence[str] | None = None) -> Options:
    """Options from the command line; a bad one prints a usage error and exits 2."""
    args = parser().parse_args(argv)
    board = PRESETS[Difficulty(args.difficulty)] if args.difficulty else args.custom
    return Options(
        board=board,
        seed=args.seed,
        zoom=args.zoom,
        sound=False if args.no_sound else None,
        frames=args.frames,
        data_dir=args.data_dir,
    )
