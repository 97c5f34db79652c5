"""The mouse input state machine: button downs and ups in, player actions out.

The window turns pygame events into three calls (``press``, ``release``, ``move``)
plus ``cancel`` when the pointer leaves the window or focus is lost. The machine
answers with an action only on a release, never on a press (docs/RULES.md,
"Actions"), and exposes what is held right now as ``Feedback`` so the renderer can
draw pressed cells and the surprised face ("Press feedback"). That feedback is UI
state: it never reaches the engine.

It is a plain class with no pygame import and no clock, so a table of event
sequences can test it. It follows the State pattern of Game Programming Patterns:
one enum of states, and every method switches on the state first. Besides the state
it keeps only the set of buttons held and the last place the pointer was seen.

The machine does not know whether the game is over: ignoring actions then is the
caller's business.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum, IntEnum
from typing import TypeAlias

from game.core.moves import Move, chord, mark, reveal
from game.core.record import Record, put


class Button(IntEnum):
    """A mouse button, numbered as pygame numbers them.

    Other numbers (the wheel's 4 and 5, extra buttons 6 and 7, ...) are not buttons
    of this game: the machine ignores their presses and releases entirely.
    """

    LEFT = 1
    MIDDLE = 2
    RIGHT = 3


class Place(Enum):
    """Where the pointer is when it is not over a board cell."""

    FACE = "face"
    OUTSIDE = "outside"


Spot: TypeAlias = tuple[int, int] | Place
"""Where the pointer is: a board cell (row, col), the face button, or anywhere else."""


class NewGame:
    """The action of clicking the face button: start a new game of the same size
    (one like another: any two are equal)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return True if type(other) is NewGame else NotImplemented

    def __hash__(self) -> int:
        return hash(NewGame)

    def __repr__(self) -> str:
        return "NewGame()"


Intent: TypeAlias = Move | NewGame
"""What a release can produce: a move on a cell, or a new game."""


class Press(Enum):
    """How the cell under the pointer is drawn while a board gesture is held."""

    NONE = "none"
    """Nothing is drawn pressed (right button held, or pointer off the board)."""
    SINGLE = "single"
    """The cell alone is drawn pressed (left button held)."""
    AREA = "area"
    """The cell and its 8 neighbours are drawn pressed (a chord is held)."""


class Feedback(Record):
    """What the window should show as pressed right now.

    ``cell`` is the cell under the pointer while a board gesture is held, None
    otherwise; ``press`` says how to draw it and is NONE whenever ``cell`` is None;
    ``face_pressed`` says to draw the face button pressed.
    """

    __slots__ = ("cell", "face_pressed", "press")

    cell: tuple[int, int] | None
    press: Press
    face_pressed: bool

    def __init__(self, cell: tuple[int, int] | None, press: Press, face_pressed: bool) -> None:
        put(self, "cell", cell)  # (one made each frame a board gesture is held)
        put(self, "press", press)
        put(self, "face_pressed", face_pressed)

    @property
    def surprised(self) -> bool:
        """Whether the face looks surprised: a board gesture is held over the board."""
        return self.cell is not None


NO_FEEDBACK = Feedback(cell=None, press=Press.NONE, face_pressed=False)
"""The feedback when nothing is held (or nothing the window should draw)."""


class State(Enum):
    """The states of the input machine."""

    IDLE = "idle"
    """No button is held."""
    REVEALING = "revealing"
    """Left went down on a cell; its release reveals the cell under the pointer."""
    MARKING = "marking"
    """Right went down on a cell; its release marks the cell under the pointer."""
    CHORDING = "chording"
    """Middle on a cell, or two buttons on a board gesture; the first release chords."""
    FACE_HELD = "face held"
    """Left went down on the face; its release on the face starts a new game."""
    WAITING = "waiting"
    """Buttons are held but no gesture is live: a chord has fired, a face gesture
    ended with another button still down, or the press began off the board and
    face. Everything is ignored until every button is up."""


_MoveMaker: TypeAlias = Callable[[int, int], Move]
"""The type of ``reveal``, ``mark`` and ``chord``: (row, col) -> Move."""


def _button(number: int) -> Button | None:
    """The game's button for pygame's button number, or None for one we ignore."""
    try:
        return Button(number)
    except ValueError:
        return None


def _cell(spot: Spot) -> tuple[int, int] | None:
    """The board cell at ``spot``, or None if the spot is the face or elsewhere."""
    return spot if isinstance(spot, tuple) else None


class InputMachine:
    """Turns mouse button downs, ups and moves into player actions.

    Call ``press`` and ``release`` for button events, ``move`` for pointer motion and
    ``cancel`` when the pointer leaves the window or the window loses focus. Only
    ``release`` ever returns an action. Read ``feedback`` to draw what is held.
    """

    def __init__(self) -> None:
        self._state = State.IDLE
        # The buttons down right now, as far as this machine has seen. It is what
        # tells a duplicated press or a stray release apart from a real one, and
        # when a finished gesture may return to idle.
        self._held: frozenset[Button] = frozenset()
        # Where the pointer was last seen; the feedback and the target of a
        # release both follow it.
        self._pointer: Spot = Place.OUTSIDE

    @property
    def state(self) -> State:
        """The current state."""
        return self._state

    @property
    def held(self) -> frozenset[Button]:
        """The buttons the machine believes are down."""
        return self._held

    @property
    def feedback(self) -> Feedback:
        """What the window should draw pressed right now."""
        match self._state:
            case State.IDLE | State.WAITING:
                return NO_FEEDBACK
            case State.REVEALING:
                return self._board_feedback(Press.SINGLE)
            case State.MARKING:
                # The face is surprised, but a held right button presses no cell.
                return self._board_feedback(Press.NONE)
            case State.CHORDING:
                return self._board_feedback(Press.AREA)
            case State.FACE_HELD:
                return Feedback(None, Press.NONE, face_pressed=self._pointer is Place.FACE)

    def press(self, button: int, spot: Spot) -> None:
        """A mouse button went down with the pointer at ``spot``. Never acts."""
        pressed = _button(button)
        # A duplicated down event must not restart or move anything.
        if pressed is None or pressed in self._held:
            return
        self._held |= {pressed}
        match self._state:
            case State.IDLE:
                self._pointer = spot
                self._state = self._gesture_for(pressed, spot)
            case State.REVEALING | State.MARKING:
                # A second button on a board gesture makes it a chord, wherever the
                # pointer is now (off the board, the chord just shows nothing yet).
                self._pointer = spot
                self._state = State.CHORDING
            case State.CHORDING:
                # A third button changes nothing but the pointer's known place.
                self._pointer = spot
            case State.FACE_HELD:
                # Other buttons do nothing on the face; left alone still decides.
                self._pointer = spot
            case State.WAITING:
                pass

    def release(self, button: int, spot: Spot) -> Intent | None:
        """A mouse button went up with the pointer at ``spot``; return the action, if any."""
        released = _button(button)
        # A release of a button not held (after cancel, or a lost down event) is
        # a stray: nothing of the gesture may change.
        if released is None or released not in self._held:
            return None
        self._held -= {released}
        match self._state:
            case State.IDLE:
                # Unreachable: nothing is held in idle, so the guard above returned.
                return None
            case State.REVEALING:
                return self._finish(spot, reveal)
            case State.MARKING:
                return self._finish(spot, mark)
            case State.CHORDING:
                # The first release of a chord fires it; the rest are ignored.
                return self._finish(spot, chord)
            case State.FACE_HELD:
                if released is not Button.LEFT:
                    self._pointer = spot
                    return None
                self._end_gesture()
                return NewGame() if spot is Place.FACE else None
            case State.WAITING:
                self._end_gesture()
                return None

    def move(self, spot: Spot) -> None:
        """The pointer moved to ``spot``. Never acts."""
        match self._state:
            case State.IDLE | State.WAITING:
                pass
            case State.REVEALING | State.MARKING | State.CHORDING | State.FACE_HELD:
                self._pointer = spot

    def cancel(self) -> None:
        """The pointer left the window or focus was lost: forget everything, no action.

        The buttons down now are forgotten too, so their releases, when they come,
        are strays and do nothing.
        """
        # The same from every state, so no switch: whatever was live is dropped.
        self._state = State.IDLE
        self._held = frozenset()
        self._pointer = Place.OUTSIDE

    def _gesture_for(self, button: Button, spot: Spot) -> State:
        """The state a first button down at ``spot`` starts."""
        if _cell(spot) is not None:
            match button:
                case Button.LEFT:
                    return State.REVEALING
                case Button.RIGHT:
                    return State.MARKING
                case Button.MIDDLE:
                    return State.CHORDING
        if spot is Place.FACE and button is Button.LEFT:
            return State.FACE_HELD
        # Off the board and face (or a non-left button on the face) starts nothing,
        # and a second button must not start anything either until all are up.
        return State.WAITING

    def _board_feedback(self, press: Press) -> Feedback:
        """Feedback for a board gesture drawn as ``press`` at the pointer's cell."""
        cell = _cell(self._pointer)
        if cell is None:
            return NO_FEEDBACK
        return Feedback(cell, press, face_pressed=False)

    def _finish(self, spot: Spot, act: _MoveMaker) -> Move | None:
        """End a board gesture released at ``spot``: the move there, or None off the board."""
        self._end_gesture()
        cell = _cell(spot)
        return None if cell is None else act(*cell)

    def _end_gesture(self) -> None:
        """Back to idle if every button is up, otherwise wait until they are."""
        self._state = State.WAITING if self._held else State.IDLE
        self._pointer = Place.OUTSIDE
