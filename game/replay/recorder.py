"""Recording: a tap on a table (game.session.table) that keeps the current game's
pointer events and moves, and makes its Replay."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.moves import Action, Move
from game.core.status import Status
from game.replay.drive import feed_input
from game.replay.format import (
    BUTTON_NAMES,
    MAX_CELLS,
    MAX_EVENTS,
    MAX_MS,
    Event,
    EventKind,
    Replay,
    player_name,
)
from game.replay.path import PathMeter
from game.rules import Board
from game.session.geometry import TILE
from game.session.input import InputMachine
from game.session.play import PlaySession
from game.session.stopwatch import Phase
from game.session.table import GameStarted, MoveApplied, PointerSeen, TableEvent, Via


class _Raw:
    __slots__ = ("button", "game", "kind", "move", "wall", "x", "y")

    def __init__(
        self,
        wall: float,
        game: int | None,  # game time after the event; None before the first reveal
        kind: EventKind,
        button: int,
        x: int,
        y: int,
        move: Move | None,
    ) -> None:
        self.wall = wall
        self.game = game
        self.kind = kind
        self.button = button
        self.x = x
        self.y = y
        self.move = move


KEY_BUTTONS = {Action.REVEAL: 1, Action.MARK: 3, Action.CHORD: 2}
"""The button whose click makes the same move as a key: a keyboard move is recorded as
that click on the cell's centre, so every replay plays back through the input machine."""


class Recorder:
    """A tap on a table (game.session.table): it hears every game's pointer events
    and moves, from the mouse and the keyboard alike, and keeps the current game's.

    A new game starts a new recording; a game resumed from a save is not recorded
    (its first moves are not known). Events after the game ends are left out. Pure:
    the times come with the events.
    """

    def __init__(self) -> None:
        self.session: PlaySession | None = None
        self.active = False
        self.raw: list[_Raw] = []
        self._mirror = InputMachine()
        self._meter = PathMeter()

    @property
    def path(self) -> float:
        """The pointer's path in the game being recorded so far, in 1x pixels, as the
        analysis of its replay will count it (game.replay.path)."""
        return self._meter.path

    def __call__(self, event: TableEvent) -> None:
        """Hear one event of the table."""
        if isinstance(event, GameStarted):
            session = event.session
            self.session = session
            self.active = (
                event.tag.mode.records_replay and not session.log and session.status is Status.READY
            )
            self.raw = []
            self._mirror = InputMachine()
            self._meter = PathMeter()
        elif isinstance(event, PointerSeen) and event.session is self.session:
            self._observe(
                event.wall_ms,
                EventKind(event.kind),
                event.button,
                event.point,
                event.held_before,
                event.move,
            )
        elif (
            isinstance(event, MoveApplied)
            and event.via is Via.KEYBOARD
            and event.session is self.session
        ):
            move = event.move
            button = KEY_BUTTONS[move.action]
            centre = (move.col * TILE + TILE // 2, move.row * TILE + TILE // 2)
            if self._mirror.held:  # the window let go of what the mouse held
                self._observe(event.wall_ms, EventKind.CANCEL, 0, (0, 0), frozenset(), None)
            for kind, made in ((EventKind.DOWN, None), (EventKind.UP, move)):
                held = frozenset(self._mirror.held)  # (no cancel between the two)
                self._observe(event.wall_ms, kind, button, centre, held, made, after=True)

    def _observe(
        self,
        wall_ms: float,
        kind: EventKind,
        button: int,
        point: tuple[int, int],
        held_before: frozenset[int],
        move: Move | None,
        *,
        after: bool = False,
    ) -> None:
        """One mouse event for the current session at ``wall_ms`` (``after``: the move
        it leads to was already played). ``held_before``, the buttons the window's
        input machine held before it, tells a cancel the window did on its own (a
        dialog, the menu, a pause) so that it is recorded too."""
        session = self.session
        if session is None or not self.active:
            return
        if move is None and not after and session.status.is_over and self.raw:
            return  # after the end: not part of the game
        if kind in (EventKind.UP, EventKind.DOWN) and button not in BUTTON_NAMES:
            return
        if len(self.raw) >= MAX_EVENTS - 2:
            self.active = False  # far too long to keep: the game is not recorded
            return
        game_ms = None if session.stopwatch.phase is Phase.IDLE else int(session.elapsed_ms)
        if set(held_before) != set(self._mirror.held):
            self._add(_Raw(wall_ms, game_ms, EventKind.CANCEL, 0, 0, 0, None), session.board)
        if kind is EventKind.CANCEL:
            point = (0, 0)
        if kind in (EventKind.MOVE, EventKind.CANCEL):
            button = 0
        if kind is EventKind.MOVE and self.raw:
            last = self.raw[-1]
            if last.kind is not EventKind.CANCEL and (last.x, last.y) == point:
                return  # the same 1x pixel: nothing to see
        self._add(_Raw(wall_ms, game_ms, kind, button, *point, move), session.board)

    def _add(self, raw: _Raw, board: Board) -> None:
        self.raw.append(raw)
        self._meter.add(raw.kind, _clip(raw.x), _clip(raw.y), raw.move is not None)
        feed_input(self._mirror, board, raw.kind, raw.button, raw.x, raw.y)

    def replay(
        self, *, player: str = "", date: str = "", daily: str = "", tournament: str = ""
    ) -> Replay | None:
        """The recording of the current session as a Replay (None if not recorded)."""
        session = self.session
        if session is None or not self.active or not self.raw:
            return None
        origin = self.raw[-1].wall
        for raw in self.raw:
            if raw.game is not None:
                origin = raw.wall - raw.game
                break
        events = []
        last = -MAX_MS
        for raw in self.raw:
            ms = raw.game if raw.game is not None else min(0, int(raw.wall - origin))
            ms = max(last, min(MAX_MS, max(-MAX_MS, ms)))
            last = ms
            events.append(Event(ms, raw.kind, raw.button, _clip(raw.x), _clip(raw.y), raw.move))
        replay = replay_of(session, events, player=player, date=date, daily=daily)
        return replay.replace(tournament=tournament) if tournament else replay


def _clip(value: int) -> int:
    return max(-MAX_CELLS * TILE, min(MAX_CELLS * TILE, value))


def replay_of(
    session: PlaySession,
    events: Sequence[Event],
    *,
    player: str = "",
    date: str = "",
    daily: str = "",
) -> Replay:
    """The replay of a session from its events."""
    game = session.game
    summary = session.summary()
    status = summary.status if summary.status.is_over else Status.PLAYING
    return Replay(
        board=session.board,
        rules=session.rules,
        seed=game.seed,
        minefield=game.minefield,
        result=status,
        ms=summary.ms,
        bbbv=summary.bbbv,
        bbbv_solved=summary.bbbv_solved,
        clicks=summary.clicks,
        view=game.view(),
        events=tuple(events),
        player=player_name(player),
        date=date,
        daily=daily,
        start=session.start,
    )
