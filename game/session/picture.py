"""What the window shows besides the cells' own looks: the UI state of Tatham's
three (game state, UI state, draw state), worked out without pygame.

The renderer draws a Picture and keeps the draw state; the session and the input
machine own the state a Picture is made from.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple, Protocol

from game.core.delta import Cell
from game.core.look import Look
from game.core.record import Record
from game.core.status import Status
from game.session.input import Feedback, Press

if TYPE_CHECKING:
    from fractions import Fraction

    from game.core.hints import Hint
    from game.session.play import PlaySession


class Face(Enum):
    """A picture of the face button; the value is its name in the sprite script
    (game.view.sheet lays them out)."""

    SMILE = "smile"
    SMILE_PRESSED = "smile_pressed"
    SURPRISED = "surprised"
    COOL = "cool"
    DEAD = "dead"


class Advice(Record):
    """What the solver says, drawn over the board: a hint (a cell, its reason) and the
    mine probability of every hidden cell, each when asked for."""

    __slots__ = ("exact", "hint", "note", "probabilities")

    hint: Hint | None
    probabilities: Mapping[Cell, Fraction] | None
    exact: bool
    """False when a huge frontier made the probabilities estimates."""
    note: str | None
    """A line instead of advice (the board is too large for the solver here)."""

    def __init__(
        self,
        hint: Hint | None = None,
        probabilities: Mapping[Cell, Fraction] | None = None,
        exact: bool = True,
        note: str | None = None,
    ) -> None:
        self.hint = hint
        self.probabilities = probabilities
        self.exact = exact
        self.note = note


class Picture(NamedTuple):
    """Everything the renderer shows besides the cells' looks."""

    pressed: frozenset[Cell]
    """Cells drawn pressed (the press feedback)."""
    face: Face
    counter: int
    """The mine counter's value."""
    timer: int
    """The timer's value in seconds."""
    paused: bool = False
    """The game is paused: the board is hidden (a pause is no thinking time)."""
    cursor: Cell | None = None
    """The keyboard cursor's cell, when the keyboard has been used."""
    advice: Advice | None = None
    """The hint and the probability overlay, when shown."""
    deaths: int = 0
    """Deaths undone in this game (a count beside the face; none shown at 0)."""
    prompt: bool = True
    """A paused game's box says how to go on (not while a dialog asks instead, as the
    resume offer does: one prompt at a time)."""


class Seen(Protocol):
    """What the renderer reads of a game's cells: a Game is one, and so is the
    covered board of the first frame, drawn before the engine is loaded."""

    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def opened_count(self) -> int: ...
    @property
    def flags(self) -> int: ...
    @property
    def status(self) -> Status: ...
    def look(self, row: int, col: int) -> Look: ...
    def open_map(self) -> bytes: ...


class Covered:
    """A board of this size with every cell hidden, as a new game shows it: what the
    first frame draws before the engine is loaded (game.view.first_frame)."""

    __slots__ = ("cols", "rows")

    opened_count = 0
    flags = 0
    status = Status.READY

    def __init__(self, rows: int, cols: int) -> None:
        self.rows = rows
        self.cols = cols

    def look(self, row: int, col: int) -> Look:
        """Every cell is hidden."""
        return Look.HIDDEN

    def open_map(self) -> bytes:
        """No cell is open (see Game.open_map)."""
        return b"\x01" * (self.rows * self.cols)


def covered_picture(mines: int) -> Picture:
    """The picture of a new game before its first click: the smile, every mine left
    on the counter, the timer at 0."""
    return Picture(frozenset(), Face.SMILE, mines, 0)


def counter_shown(mines_left: int, below_zero: bool) -> int:
    """What the mine counter shows: the mines less the flags, below zero only when
    the setting says so."""
    return mines_left if below_zero else max(0, mines_left)


def paused_picture(counter: int, timer: int, deaths: int = 0, prompt: bool = True) -> Picture:
    """The picture of a paused game: every cell hidden behind the pause's box (none
    without ``prompt``), the smile, its counter and its timer as they stand (the first
    frame draws a game offered back so, before the engine is loaded)."""
    return Picture(frozenset(), Face.SMILE, counter, timer, True, deaths=deaths, prompt=prompt)


_NEIGHBOURHOOD = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]
_PRESSABLE = (Look.HIDDEN, Look.QUESTION)


def face_of(status: Status, feedback: Feedback) -> Face:
    """The face for a game's status and what the mouse holds."""
    if feedback.face_pressed:  # in any state: it is a button being pushed
        return Face.SMILE_PRESSED
    if status is Status.WON:
        return Face.COOL
    if status is Status.LOST:
        return Face.DEAD
    return Face.SURPRISED if feedback.surprised else Face.SMILE


def pressed_cells(session: PlaySession, feedback: Feedback) -> frozenset[Cell]:
    """The cells the held gesture draws pressed: the cell, or its 3x3 for a chord,
    only those still hidden or question-marked, none once the game is over."""
    cell = feedback.cell
    if cell is None or feedback.press is Press.NONE or session.status.is_over:
        return frozenset()
    game = session.game
    row, col = cell
    around = [(0, 0)] if feedback.press is Press.SINGLE else _NEIGHBOURHOOD
    return frozenset(
        (row + dr, col + dc)
        for dr, dc in around
        if 0 <= row + dr < game.rows
        and 0 <= col + dc < game.cols
        and game.look(row + dr, col + dc) in _PRESSABLE
    )


def picture_of(
    session: PlaySession,
    feedback: Feedback,
    *,
    counter_below_zero: bool,
    cursor: Cell | None = None,
    advice: Advice | None = None,
    deaths: int = 0,
    prompt: bool = True,
) -> Picture:
    """The picture of a session under the mouse's feedback (and the keyboard cursor);
    ``prompt``: a pause says how to go on (no dialog asks instead)."""
    counter = counter_shown(session.game.mines_left, counter_below_zero)
    if session.paused:
        return paused_picture(counter, session.timer_value, deaths, prompt)
    return Picture(
        pressed=pressed_cells(session, feedback),
        face=face_of(session.status, feedback),
        counter=counter,
        timer=session.timer_value,
        cursor=cursor,
        advice=advice,
        deaths=deaths,
    )
