"""Tests of the mouse input state machine (game/session/input.py).

Mostly tables: a sequence of events, the actions it must produce, and the state and
feedback it must leave. Events are small tuples:
``("press", button, spot)``, ``("release", button, spot)``, ``("move", spot)``,
``("cancel",)``.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.moves import Action as MoveKind
from game.core.moves import Move, chord, mark, reveal
from game.session.input import (
    NO_FEEDBACK,
    Button,
    Feedback,
    InputMachine,
    Intent,
    NewGame,
    Place,
    Press,
    Spot,
    State,
)

Event = tuple[Any, ...]

L, M, R = Button.LEFT, Button.MIDDLE, Button.RIGHT
FACE, OUT = Place.FACE, Place.OUTSIDE
A, B, C = (2, 3), (2, 4), (0, 0)
CANCEL: Event = ("cancel",)


def down(button: int, spot: Spot) -> Event:
    return ("press", button, spot)


def up(button: int, spot: Spot) -> Event:
    return ("release", button, spot)


def to(spot: Spot) -> Event:
    return ("move", spot)


def apply(machine: InputMachine, event: Event) -> Intent | None:
    """Send one event; press, move and cancel must never return anything."""
    kind = event[0]
    if kind == "release":
        return machine.release(event[1], event[2])
    assert kind in ("press", "move", "cancel"), f"unknown event {event!r}"
    # Looked up by name so the check runs even though their type says they return None.
    result: object = getattr(machine, kind)(*event[1:])
    assert result is None, f"{kind} returned {result!r}"
    return None


def run(events: list[Event]) -> tuple[InputMachine, list[Intent]]:
    """Play the events on a fresh machine; return it and the actions produced."""
    machine = InputMachine()
    actions = [a for a in (apply(machine, e) for e in events) if a is not None]
    return machine, actions


def held_on(cell: tuple[int, int], press: Press) -> Feedback:
    return Feedback(cell, press, face_pressed=False)


FACE_DOWN = Feedback(None, Press.NONE, face_pressed=True)


@dataclass(frozen=True)
class Case:
    name: str
    events: list[Event]
    actions: list[Intent]
    state: State = State.IDLE
    feedback: Feedback = NO_FEEDBACK


CASES = [
    # --- left alone: reveal at the cell under the pointer at release ---
    Case("left click reveals the cell", [down(L, A), up(L, A)], [reveal(*A)]),
    Case(
        "left dragged to another cell reveals that cell",
        [down(L, A), to(B), up(L, B)],
        [reveal(*B)],
    ),
    Case(
        "left released on another cell with no move between reveals that cell",
        [down(L, A), up(L, B)],
        [reveal(*B)],
    ),
    Case("left released outside does nothing", [down(L, A), to(OUT), up(L, OUT)], []),
    Case("left released on the face does nothing", [down(L, A), to(FACE), up(L, FACE)], []),
    Case(
        "left dragged off the board and back reveals where it lands",
        [down(L, A), to(OUT), to(C), up(L, C)],
        [reveal(*C)],
    ),
    # --- right alone: mark ---
    Case("right click marks the cell", [down(R, A), up(R, A)], [mark(*A)]),
    Case(
        "right dragged to another cell marks that cell",
        [down(R, A), to(B), up(R, B)],
        [mark(*B)],
    ),
    Case("right released outside does nothing", [down(R, A), to(OUT), up(R, OUT)], []),
    Case("right released on the face does nothing", [down(R, A), to(FACE), up(R, FACE)], []),
    Case(
        "right dragged off the board and back marks where it lands",
        [down(R, A), to(OUT), to(B), up(R, B)],
        [mark(*B)],
    ),
    # --- middle alone: chord ---
    Case("middle click chords the cell", [down(M, A), up(M, A)], [chord(*A)]),
    Case(
        "middle dragged to another cell chords that cell",
        [down(M, A), to(B), up(M, B)],
        [chord(*B)],
    ),
    Case("middle released outside does nothing", [down(M, A), to(OUT), up(M, OUT)], []),
    Case("middle released on the face does nothing", [down(M, A), to(FACE), up(M, FACE)], []),
    # --- both buttons: the first release chords, the other does nothing ---
    Case(
        "left then right, left up first: one chord",
        [down(L, A), down(R, A), up(L, A), up(R, A)],
        [chord(*A)],
    ),
    Case(
        "left then right, right up first: one chord",
        [down(L, A), down(R, A), up(R, A), up(L, A)],
        [chord(*A)],
    ),
    Case(
        "right then left, left up first: one chord",
        [down(R, A), down(L, A), up(L, A), up(R, A)],
        [chord(*A)],
    ),
    Case(
        "right then left, right up first: one chord",
        [down(R, A), down(L, A), up(R, A), up(L, A)],
        [chord(*A)],
    ),
    Case(
        "the chord lands on the cell under the pointer at the first release",
        [down(L, A), down(R, A), to(B), up(R, B), to(C), up(L, C)],
        [chord(*B)],
    ),
    Case(
        "a chord whose first release is outside does nothing, nor does the second",
        [down(L, A), down(R, A), to(OUT), up(L, OUT), to(A), up(R, A)],
        [],
    ),
    Case(
        "a chord whose first release is on the face does nothing",
        [down(L, A), down(R, A), to(FACE), up(R, FACE), up(L, FACE)],
        [],
    ),
    Case(
        "a second button pressed off the board still makes a chord",
        [down(L, A), to(OUT), down(R, OUT), to(B), up(L, B), up(R, B)],
        [chord(*B)],
    ),
    Case(
        "a second button pressed over another cell moves the chord there",
        [down(L, A), down(R, B)],
        [],
        State.CHORDING,
        held_on(B, Press.AREA),
    ),
    Case(
        "left then middle chords",
        [down(L, A), down(M, A), up(M, A), up(L, A)],
        [chord(*A)],
    ),
    Case(
        "middle then left chords",
        [down(M, A), down(L, A), up(L, A), up(M, A)],
        [chord(*A)],
    ),
    Case(
        "right then middle chords",
        [down(R, A), down(M, A), up(R, A), up(M, A)],
        [chord(*A)],
    ),
    Case(
        "middle then right chords",
        [down(M, A), down(R, A), up(M, A), up(R, A)],
        [chord(*A)],
    ),
    Case(
        "three buttons released in press order: one chord",
        [down(L, A), down(R, A), down(M, A), up(L, A), up(R, A), up(M, A)],
        [chord(*A)],
    ),
    Case(
        "three buttons released in reverse order: one chord",
        [down(L, A), down(R, A), down(M, A), up(M, A), up(R, A), up(L, A)],
        [chord(*A)],
    ),
    Case(
        "three buttons, middle first, one chord at the first release",
        [down(M, A), down(L, A), to(B), down(R, B), up(R, B), to(C), up(M, C), up(L, C)],
        [chord(*B)],
    ),
    Case(
        "after a chord fires, the machine waits for the other button",
        [down(L, A), down(R, A), up(L, A)],
        [chord(*A)],
        State.WAITING,
    ),
    Case(
        "a left click while waiting after a chord does nothing",
        [down(L, A), down(R, A), up(L, A), down(L, B), up(L, B), up(R, B)],
        [chord(*A)],
    ),
    Case(
        "a middle click while waiting after a chord does nothing",
        [down(L, A), down(R, A), up(R, A), down(M, B), up(M, B), up(L, A)],
        [chord(*A)],
    ),
    Case(
        "moving while waiting after a chord shows nothing",
        [down(L, A), down(R, A), up(R, A), to(B)],
        [chord(*A)],
        State.WAITING,
    ),
    Case(
        "once every button is up, a new click acts again",
        [down(L, A), down(R, A), up(L, A), up(R, A), down(L, B), up(L, B)],
        [chord(*A), reveal(*B)],
    ),
    # --- the face ---
    Case("left click on the face starts a new game", [down(L, FACE), up(L, FACE)], [NewGame()]),
    Case(
        "left on the face released on the board does nothing",
        [down(L, FACE), to(A), up(L, A)],
        [],
    ),
    Case(
        "left on the face released outside does nothing",
        [down(L, FACE), to(OUT), up(L, OUT)],
        [],
    ),
    Case(
        "left on the face dragged off and back starts a new game",
        [down(L, FACE), to(OUT), to(FACE), up(L, FACE)],
        [NewGame()],
    ),
    Case(
        "left on the face released on the face with no move between starts a new game",
        [down(L, FACE), to(OUT), up(L, FACE)],
        [NewGame()],
    ),
    Case("right click on the face does nothing", [down(R, FACE), up(R, FACE)], []),
    Case("middle click on the face does nothing", [down(M, FACE), up(M, FACE)], []),
    Case(
        "a right click while the face is held does not stop it",
        [down(L, FACE), down(R, FACE), up(R, FACE), up(L, FACE)],
        [NewGame()],
    ),
    Case(
        "left released on the face while right is still down: new game, then wait",
        [down(L, FACE), down(R, FACE), up(L, FACE)],
        [NewGame()],
        State.WAITING,
    ),
    Case(
        "the right release after that does nothing",
        [down(L, FACE), down(R, FACE), up(L, FACE), up(R, A)],
        [NewGame()],
    ),
    Case(
        "right held on the face, then a left click there, does nothing",
        [down(R, FACE), down(L, FACE), up(L, FACE), up(R, FACE)],
        [],
    ),
    Case(
        "a left press on the board released on the face does not start a game",
        [down(L, B), up(L, FACE)],
        [],
    ),
    # --- presses that start elsewhere start nothing ---
    Case(
        "left pressed outside and released on a cell does nothing",
        [down(L, OUT), to(A), up(L, A)],
        [],
    ),
    Case(
        "right pressed outside and released on a cell does nothing",
        [down(R, OUT), to(A), up(R, A)],
        [],
    ),
    Case(
        "middle pressed outside and released on a cell does nothing",
        [down(M, OUT), to(A), up(M, A)],
        [],
    ),
    Case(
        "left pressed outside and released on the face does nothing",
        [down(L, OUT), to(FACE), up(L, FACE)],
        [],
    ),
    Case(
        "a second button on the board after a press outside does nothing",
        [down(L, OUT), down(R, A), up(R, A), up(L, A)],
        [],
    ),
    Case(
        "left pressed outside and held over a cell shows nothing",
        [down(L, OUT), to(A)],
        [],
        State.WAITING,
    ),
    Case(
        "after a press outside is released, a click acts again",
        [down(L, OUT), up(L, OUT), down(L, A), up(L, A)],
        [reveal(*A)],
    ),
    # --- cancel (pointer left the window, focus lost) in every state ---
    Case("cancel in idle does nothing", [CANCEL], []),
    Case(
        "cancel while revealing: the left release afterwards does nothing",
        [down(L, A), CANCEL, up(L, A)],
        [],
    ),
    Case(
        "cancel while marking: the right release afterwards does nothing",
        [down(R, A), CANCEL, up(R, A)],
        [],
    ),
    Case(
        "cancel while chording with both: both releases do nothing",
        [down(L, A), down(R, A), CANCEL, up(L, A), up(R, A)],
        [],
    ),
    Case(
        "cancel while chording with the middle: its release does nothing",
        [down(M, A), CANCEL, up(M, A)],
        [],
    ),
    Case(
        "cancel while the face is held: the release on the face does nothing",
        [down(L, FACE), CANCEL, up(L, FACE)],
        [],
    ),
    Case(
        "cancel while waiting after a chord",
        [down(L, A), down(R, A), up(L, A), CANCEL, up(R, A)],
        [chord(*A)],
    ),
    Case(
        "cancel while waiting after a press outside",
        [down(L, OUT), CANCEL, up(L, OUT)],
        [],
    ),
    Case(
        "moving after a cancel shows nothing",
        [down(L, A), CANCEL, to(B)],
        [],
    ),
    Case(
        "a fresh press after a cancel acts on its release",
        [down(L, A), CANCEL, down(L, B), up(L, B)],
        [reveal(*B)],
    ),
    Case(
        "a stray release from before a cancel does not turn a new click into a chord",
        [down(L, A), down(R, A), CANCEL, down(L, B), up(R, B), up(L, B)],
        [reveal(*B)],
    ),
    Case("two cancels in a row", [down(L, A), CANCEL, CANCEL], []),
    # --- duplicated presses change nothing ---
    Case(
        "a duplicated left press elsewhere changes nothing",
        [down(L, A), down(L, B)],
        [],
        State.REVEALING,
        held_on(A, Press.SINGLE),
    ),
    Case(
        "a duplicated left press then the release: one reveal",
        [down(L, A), down(L, A), up(L, A)],
        [reveal(*A)],
    ),
    Case(
        "a duplicated right press then the release: one mark",
        [down(R, A), down(R, A), up(R, A)],
        [mark(*A)],
    ),
    Case(
        "a duplicated middle press then the release: one chord",
        [down(M, A), down(M, A), up(M, A)],
        [chord(*A)],
    ),
    Case(
        "a duplicated press during a chord: still one chord",
        [down(L, A), down(R, A), down(R, A), up(R, A), up(L, A)],
        [chord(*A)],
    ),
    Case(
        "a duplicated press on the face: one new game",
        [down(L, FACE), down(L, FACE), up(L, FACE)],
        [NewGame()],
    ),
    Case(
        "a duplicated press while waiting keeps waiting",
        [down(L, OUT), down(L, A), up(L, A)],
        [],
    ),
    # --- releases of buttons not held are ignored ---
    Case("releases in idle do nothing", [up(L, A), up(R, A), up(M, A), up(L, FACE)], []),
    Case(
        "a stray right release during a reveal is ignored",
        [down(L, A), up(R, B), up(L, A)],
        [reveal(*A)],
    ),
    Case(
        "stray releases during a mark are ignored",
        [down(R, A), up(L, A), up(M, A), up(R, A)],
        [mark(*A)],
    ),
    Case(
        "a stray release on the face while it is held is ignored",
        [down(L, FACE), up(R, FACE), up(L, FACE)],
        [NewGame()],
    ),
    Case(
        "a stray release during a chord is ignored",
        [down(M, A), up(L, A), up(R, A)],
        [],
        State.CHORDING,
        held_on(A, Press.AREA),
    ),
    # --- buttons the game does not use (wheel 4/5, extra 6/7, ...) ---
    *(
        Case(f"button {n} on a cell does nothing", [down(n, A), up(n, A)], [])
        for n in (0, 4, 5, 6, 7, 8)
    ),
    *(
        Case(f"button {n} on the face does nothing", [down(n, FACE), up(n, FACE)], [])
        for n in (4, 5, 6, 7)
    ),
    Case(
        "wheel turns while left is held do not make a chord",
        [down(L, A), down(4, A), up(4, A), down(5, A), up(5, A), up(L, A)],
        [reveal(*A)],
    ),
    Case(
        "an extra button while right is held does not make a chord",
        [down(R, A), down(6, A), up(R, A), up(6, A)],
        [mark(*A)],
    ),
    Case(
        "an extra button's release does not end a chord",
        [down(L, A), down(R, A), up(7, A)],
        [],
        State.CHORDING,
        held_on(A, Press.AREA),
    ),
    Case(
        "a wheel turn while the face is held changes nothing",
        [down(L, FACE), down(4, FACE), up(4, FACE), up(L, FACE)],
        [NewGame()],
    ),
    Case(
        "an extra button held does not stop a left click",
        [down(6, OUT), down(L, A), up(L, A), up(6, A)],
        [reveal(*A)],
    ),
    # --- what is left showing while buttons are held ---
    Case("left held on a cell", [down(L, A)], [], State.REVEALING, held_on(A, Press.SINGLE)),
    Case("left held then moved off the board", [down(L, A), to(OUT)], [], State.REVEALING),
    Case(
        "left held on the board then moved over the face: the face is not pressed",
        [down(L, A), to(FACE)],
        [],
        State.REVEALING,
    ),
    Case("right held on a cell", [down(R, A)], [], State.MARKING, held_on(A, Press.NONE)),
    Case("right held then moved off the board", [down(R, A), to(OUT)], [], State.MARKING),
    Case("middle held on a cell", [down(M, A)], [], State.CHORDING, held_on(A, Press.AREA)),
    Case(
        "both held then moved off the board",
        [down(L, A), down(R, A), to(OUT)],
        [],
        State.CHORDING,
    ),
    Case("left held on the face", [down(L, FACE)], [], State.FACE_HELD, FACE_DOWN),
    Case(
        "left held on the face then moved off",
        [down(L, FACE), to(A)],
        [],
        State.FACE_HELD,
    ),
    Case("right held on the face", [down(R, FACE)], [], State.WAITING),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_event_sequence(case: Case) -> None:
    machine, actions = run(case.events)
    assert actions == case.actions
    assert machine.state is case.state
    assert machine.feedback == case.feedback


def test_case_names_are_unique() -> None:
    names = [c.name for c in CASES]
    assert len(names) == len(set(names))


# Step by step: (event, state after it, feedback after it, face surprised after it).
Step = tuple[Event, State, Feedback, bool]

STEPS: dict[str, list[Step]] = {
    "left dragged across the board and off it": [
        (down(L, A), State.REVEALING, held_on(A, Press.SINGLE), True),
        (to(B), State.REVEALING, held_on(B, Press.SINGLE), True),
        (to(OUT), State.REVEALING, NO_FEEDBACK, False),
        (to(FACE), State.REVEALING, NO_FEEDBACK, False),
        (to(C), State.REVEALING, held_on(C, Press.SINGLE), True),
        (up(L, C), State.IDLE, NO_FEEDBACK, False),
    ],
    "right then left, dragged, released one by one": [
        (down(R, A), State.MARKING, held_on(A, Press.NONE), True),
        (to(B), State.MARKING, held_on(B, Press.NONE), True),
        (down(L, B), State.CHORDING, held_on(B, Press.AREA), True),
        (to(OUT), State.CHORDING, NO_FEEDBACK, False),
        (to(A), State.CHORDING, held_on(A, Press.AREA), True),
        (up(R, A), State.WAITING, NO_FEEDBACK, False),
        (to(B), State.WAITING, NO_FEEDBACK, False),
        (up(L, B), State.IDLE, NO_FEEDBACK, False),
    ],
    "left then middle": [
        (down(L, A), State.REVEALING, held_on(A, Press.SINGLE), True),
        (down(M, A), State.CHORDING, held_on(A, Press.AREA), True),
        (up(L, A), State.WAITING, NO_FEEDBACK, False),
        (up(M, A), State.IDLE, NO_FEEDBACK, False),
    ],
    "face pressed, dragged off and back": [
        (down(L, FACE), State.FACE_HELD, FACE_DOWN, False),
        (to(A), State.FACE_HELD, NO_FEEDBACK, False),
        (to(OUT), State.FACE_HELD, NO_FEEDBACK, False),
        (to(FACE), State.FACE_HELD, FACE_DOWN, False),
        (up(L, FACE), State.IDLE, NO_FEEDBACK, False),
    ],
    "press outside then over the board": [
        (down(L, OUT), State.WAITING, NO_FEEDBACK, False),
        (to(A), State.WAITING, NO_FEEDBACK, False),
        (down(R, A), State.WAITING, NO_FEEDBACK, False),
        (up(L, A), State.WAITING, NO_FEEDBACK, False),
        (up(R, A), State.IDLE, NO_FEEDBACK, False),
    ],
    "cancel mid-chord and the stray releases": [
        (down(L, A), State.REVEALING, held_on(A, Press.SINGLE), True),
        (down(R, A), State.CHORDING, held_on(A, Press.AREA), True),
        (CANCEL, State.IDLE, NO_FEEDBACK, False),
        (up(L, A), State.IDLE, NO_FEEDBACK, False),
        (up(R, A), State.IDLE, NO_FEEDBACK, False),
    ],
    "duplicated press and stray release while left is held": [
        (down(L, A), State.REVEALING, held_on(A, Press.SINGLE), True),
        (down(L, B), State.REVEALING, held_on(A, Press.SINGLE), True),
        (up(R, B), State.REVEALING, held_on(A, Press.SINGLE), True),
        (down(5, B), State.REVEALING, held_on(A, Press.SINGLE), True),
        (to(B), State.REVEALING, held_on(B, Press.SINGLE), True),
    ],
}


@pytest.mark.parametrize("name", list(STEPS))
def test_feedback_after_each_step(name: str) -> None:
    machine = InputMachine()
    for number, (event, state, feedback, surprised) in enumerate(STEPS[name]):
        apply(machine, event)
        where = f"after step {number} {event!r}"
        assert machine.state is state, where
        assert machine.feedback == feedback, where
        assert machine.feedback.surprised is surprised, where


def test_a_new_machine_is_idle_with_nothing_held() -> None:
    machine = InputMachine()
    assert machine.state is State.IDLE
    assert machine.feedback == NO_FEEDBACK
    assert machine.held == frozenset()


def test_buttons_use_pygames_numbers() -> None:
    assert (Button.LEFT, Button.MIDDLE, Button.RIGHT) == (1, 2, 3)


def test_feedback_is_surprised_only_over_a_cell() -> None:
    assert Feedback((0, 0), Press.NONE, face_pressed=False).surprised
    assert Feedback((0, 0), Press.AREA, face_pressed=False).surprised
    assert not FACE_DOWN.surprised
    assert not NO_FEEDBACK.surprised


def test_held_tracks_known_buttons_only() -> None:
    machine, _ = run([down(L, A), down(4, A), down(R, A)])
    assert machine.held == {L, R}


def test_importing_the_machine_does_not_import_pygame() -> None:
    root = Path(__file__).resolve().parent.parent
    code = "import sys, game.session.input; assert 'pygame' not in sys.modules, 'pygame imported'"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


# --- property test: random event sequences ---

SPOTS: list[Spot] = [(r, c) for r in range(3) for c in range(3)] + [FACE, OUT]
# Mostly the game's buttons, with a few the game ignores mixed in.
BUTTONS = st.sampled_from([1, 1, 2, 3, 3, 4, 5, 6, 7])
SPOT = st.sampled_from(SPOTS)
EVENT = st.one_of(
    st.tuples(st.just("press"), BUTTONS, SPOT),
    st.tuples(st.just("release"), BUTTONS, SPOT),
    st.tuples(st.just("move"), SPOT),
    st.just(CANCEL),
)


@dataclass
class Gesture:
    """What the test knows of one gesture: from a first button down to all up."""

    pressed: set[int]
    most_at_once: int = 0
    actions: int = 0


@settings(max_examples=400)
@given(st.lists(EVENT, max_size=40))
def test_any_event_sequence_keeps_the_invariants(events: list[Event]) -> None:
    machine = InputMachine()
    held: set[int] = set()  # the test's own model of the buttons down
    gesture = Gesture(set())
    for event in events:
        action = apply(machine, event)  # (b) press, move, cancel return None
        kind = event[0]
        if kind == "press" and event[1] in (1, 2, 3) and event[1] not in held:
            if not held:
                gesture = Gesture(set())
            held.add(event[1])
            gesture.pressed.add(event[1])
            gesture.most_at_once = max(gesture.most_at_once, len(held))
        elif kind == "release" and event[1] in held:
            held.discard(event[1])
        elif kind == "cancel":
            held.clear()
        elif kind == "release":
            assert action is None, "a release of a button not held acted"

        if action is not None:
            # (a) one action per release, and indeed at most one per gesture.
            gesture.actions += 1
            assert gesture.actions == 1
            check_action(action, event, gesture)

        # (c) with every button up (or after cancel), idle and nothing shown.
        if not held:
            assert machine.state is State.IDLE
            assert machine.feedback == NO_FEEDBACK
        check_feedback_is_coherent(machine)
        assert machine.held == held

    for button in sorted(held):
        apply(machine, up(button, OUT))
    assert machine.state is State.IDLE
    assert machine.feedback == NO_FEEDBACK


def check_action(action: Intent, event: Event, gesture: Gesture) -> None:
    """An action must fit the gesture and the release that produced it."""
    _, button, spot = event
    if isinstance(action, NewGame):
        assert spot is FACE and button == L
        return
    assert isinstance(action, Move)
    assert (action.row, action.col) == spot, "acted on a cell not under the pointer"
    if action.action is MoveKind.CHORD:
        # (d) chords come only from two buttons at once, or the middle button.
        assert gesture.most_at_once >= 2 or M in gesture.pressed
    elif action.action is MoveKind.REVEAL:
        assert gesture.pressed == {L}
    else:
        assert gesture.pressed == {R}


def check_feedback_is_coherent(machine: InputMachine) -> None:
    """Feedback never draws a press without a cell, nor the face and a cell at once."""
    feedback = machine.feedback
    if feedback.cell is None:
        assert feedback.press is Press.NONE
    if feedback.face_pressed:
        assert feedback.cell is None
        assert machine.state is State.FACE_HELD
    if feedback.surprised:
        assert machine.state in (State.REVEALING, State.MARKING, State.CHORDING)
