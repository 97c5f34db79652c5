"""The unfinished game saved when the window closes mid-game: resume.json.

The game itself is the engine's snapshot (``Game.to_snapshot()``: the board, the
marks, the rules the game started with and its seed), kept here as a JSON object
that this layer checks only as far as a stranger's file must be checked before
anything is built from it: its size is a board the window offers (a preset, or
within the Custom dialog's limits: rules.playable), so a tampered file cannot open
a board the window refuses. Restoring it, and judging the cells, is the engine's business.

A saved game is input from strangers: a player can be handed one, or a disk can
damage it. Everything in it is checked here or by the engine, and any fault means
the file is set aside (Profile), never a traceback.

Version history:
  1  "game", "elapsed_ms", "settings" (all settings of the time), "difficulty".
  2  "game", "elapsed_ms", "log": the rules travel inside the game's snapshot, the
     difficulty follows from the size, and the moves played so far are kept
     (each "ms letter row col", see game.session.LoggedMove).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from game.persist import schema
from game.persist.schema import MAX_GAME_MS, DataError, JsonObject
from game.rules import Board, BoardChoiceError, Difficulty, playable

RESUME_VERSION = 2
"""Version of resume.json this code writes and the newest it reads."""

MAX_LOG_ENTRY = 64
"""The longest text of one logged move ("ms r row col" is far shorter)."""


def _v1_to_v2(doc: JsonObject) -> JsonObject:
    """Version 1 kept the settings of the time and a difficulty label beside the game.

    The label must agree with the board's size (a 2x2 game labelled "expert" must not
    reach the Expert best times); the rules are the snapshot's own."""
    game = schema.require_object(schema.require_key(doc, "game", "saved game"), "saved game board")
    board = _board_of(game)
    label = doc.pop("difficulty", None)
    if label != board.difficulty.value:
        raise DataError(
            f"saved game: a {board.rows}x{board.cols} board with {board.mines} mines "
            f"is not {label!r}"
        )
    doc.pop("settings", None)
    doc["log"] = []
    return doc


_UPGRADES: dict[int, schema.Upgrade] = {1: _v1_to_v2}
"""steps[n] turns a resume document of version n into n + 1."""


def _board_of(game: Mapping[str, object]) -> Board:
    """The size of a snapshot, held to the window's limits; DataError otherwise."""
    what = "saved game board"
    sizes = [schema.require_key(game, key, what) for key in ("rows", "cols", "mines")]
    if not all(type(value) is int for value in sizes):
        raise DataError(f"{what}: its size is not whole numbers")
    try:
        return playable(*sizes)  # type: ignore[arg-type]  # (checked just above)
    except BoardChoiceError as error:
        raise DataError(f"{what}: {error}") from None


class SavedGame:
    """A game in progress, as saved when the window closed. (A plain class, not a
    dataclass: it is read before the first frame, and Python 3.11 compiles a
    dataclass's methods from source at every start.)"""

    __slots__ = ("elapsed_ms", "game", "log")

    def __init__(
        self, game: Mapping[str, object], elapsed_ms: int, log: tuple[str, ...] = ()
    ) -> None:
        _require_mapping(game)
        _board_of(game)
        schema.check_int(elapsed_ms, 0, MAX_GAME_MS, "saved game elapsed_ms")
        if not isinstance(log, tuple) or not all(
            isinstance(entry, str) and len(entry) <= MAX_LOG_ENTRY for entry in log
        ):
            raise DataError("saved game log is not a list of moves")
        self.game: Final = game
        """The engine's snapshot, checked for its size only; give it to Game.from_snapshot."""
        self.elapsed_ms: Final = elapsed_ms
        """Time on the clock when the game was saved."""
        self.log: Final = log
        """The moves played so far, as text (game.session.LoggedMove)."""

    def __eq__(self, other: object) -> bool:
        if type(other) is not SavedGame:
            return NotImplemented
        return (self.game, self.elapsed_ms, self.log) == (other.game, other.elapsed_ms, other.log)

    def __repr__(self) -> str:
        return f"SavedGame(game={self.game!r}, elapsed_ms={self.elapsed_ms!r}, log={self.log!r})"

    @property
    def board(self) -> Board:
        """The saved game's size."""
        return _board_of(self.game)

    @property
    def difficulty(self) -> Difficulty:
        """The kind of board, from its size."""
        return self.board.difficulty

    @property
    def flags(self) -> int:
        """The flags its cells show (the first frame's mine counter, before the engine
        reads the snapshot; cells it cannot read show none)."""
        cells = self.game.get("cells")
        if not isinstance(cells, list):
            return 0
        return sum(row.count("f") + row.count("F") for row in cells if isinstance(row, str))

    def to_json(self) -> JsonObject:
        """The resume.json document, with its version."""
        return {
            "version": RESUME_VERSION,
            "game": dict(self.game),
            "elapsed_ms": self.elapsed_ms,
            "log": list(self.log),
        }

    @classmethod
    def from_json(cls, value: object) -> SavedGame:
        """Parse a resume document of any version we know.

        FutureVersionError for a newer version, DataError for anything missing,
        wrong, or a board the window does not offer.
        """
        what = "saved game"
        doc = schema.upgrade(schema.require_object(value, what), RESUME_VERSION, _UPGRADES, what)
        log = doc.get("log", [])
        if not isinstance(log, list):
            raise DataError("saved game log is not a list of moves")
        return cls(
            game=schema.require_object(schema.require_key(doc, "game", what), "saved game board"),
            elapsed_ms=schema.read_int(doc, "elapsed_ms", 0, MAX_GAME_MS, what),
            log=tuple(log),
        )


def _require_mapping(value: object) -> None:
    if not isinstance(value, Mapping) or not all(isinstance(key, str) for key in value):
        raise DataError("saved game board is not a JSON object")
