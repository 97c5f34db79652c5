"""Driving a game from a replay's events: the one loop that verifying a replay and
playing it back both use, and the check of playing it again (ReplayCheck)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from game.core.board import Fate
from game.core.game import Game
from game.core.moves import Action, Move
from game.core.record import Record
from game.core.status import Status
from game.replay.format import Event, EventKind, Replay
from game.rules import Board
from game.session.geometry import Layout
from game.session.input import InputMachine, Spot
from game.session.play import PlaySession, Summary, deal, deal_again
from game.words import RESULT_WORDS, game_line


def spot_of(board: Board, x: int, y: int) -> Spot:
    """What a recorded point is over, as the window saw it: a cell, the face, or
    elsewhere (points are 1x pixels from the board's corner)."""
    layout, (bx, by) = _layout(board.rows, board.cols)
    return layout.spot(bx + x, by + y)


@lru_cache(maxsize=4)
def _layout(rows: int, cols: int) -> tuple[Layout, tuple[int, int]]:
    """A board's window at 1x and its board's origin, made once a size (for each
    event of a replay; no one else holds this Layout, so none moves it)."""
    layout = Layout(rows, cols)
    return layout, layout.board_origin


def feed_input(
    machine: InputMachine, board: Board, kind: EventKind, button: int, x: int, y: int
) -> object:
    """Give an input machine one recorded event (kind, button, point); its action."""
    if kind is EventKind.CANCEL:
        machine.cancel()
        return None
    spot = spot_of(board, x, y)
    if kind is EventKind.MOVE:
        machine.move(spot)
        return None
    if kind is EventKind.DOWN:
        machine.press(button, spot)
        return None
    return machine.release(button, spot)


def feed(machine: InputMachine, board: Board, event: Event) -> Move | None:
    """Give an input machine one event of a replay; the move it makes, if any."""
    action = feed_input(machine, board, event.kind, event.button, event.x, event.y)
    return action if isinstance(action, Move) else None


class ReplayCheck(Record):
    """What playing a replay's moves again gave."""

    __slots__ = ("problems", "summary", "view")

    summary: Summary
    view: str
    problems: tuple[str, ...]
    """Each way the replay did not reproduce its record (empty: it did)."""

    def __init__(self, summary: Summary, view: str, problems: tuple[str, ...]) -> None:
        self.summary = summary
        self.view = view
        self.problems = problems

    @property
    def ok(self) -> bool:
        """The replay reproduces its recorded result, time, view and counts."""
        return not self.problems


def game_of(replay: Replay) -> Game:
    """A new game on the replay's board, ready for its first move."""
    return deal_again(replay.minefield, replay.board, replay.rules, replay.seed)


class ReplayClock:
    """The time a replayed session reads: set by whoever plays the replay."""

    def __init__(self, ms: float = 0.0) -> None:
        self.ms = ms

    def __call__(self) -> float:
        return self.ms


class Driver:
    """Plays a replay's events in order, each at its time on the clock, through an
    input machine (so pressed cells show as they did); the caller plays the moves."""

    def __init__(self, replay: Replay, clock: ReplayClock) -> None:
        self.replay = replay
        self.clock = clock
        self.machine = InputMachine()
        self.index = 0

    @property
    def finished(self) -> bool:
        """Every event has been played."""
        return self.index >= len(self.replay.events)

    @property
    def upcoming(self) -> int | None:
        """The game time of the next event (None: every event has been played)."""
        events = self.replay.events
        return events[self.index].ms if self.index < len(events) else None

    def next(self) -> tuple[Event, Move | None]:
        """Play the next event: it, and the move the input machine made of it."""
        event = self.replay.events[self.index]
        self.index += 1
        self.clock.ms = event.ms
        return event, feed(self.machine, self.replay.board, event)

    def skip(self, ms: float) -> list[Event]:
        """Pass the events up to game time ``ms`` without the input machine (a seek:
        what was held is let go); the events passed."""
        events = self.replay.events
        start = self.index
        while self.index < len(events) and events[self.index].ms <= ms:
            self.index += 1
        self.machine.cancel()
        self.clock.ms = ms
        return list(events[start : self.index])

    def until(self, ms: float) -> Iterator[Event]:
        """Play the events up to game time ``ms``, yielding each."""
        events = self.replay.events
        while self.index < len(events) and events[self.index].ms <= ms:
            yield self.next()[0]


def verify(replay: Replay) -> ReplayCheck:
    """Play the replay's moves through a PlaySession at their times, and its input
    events through the window's input machine; compare with the record."""
    problems: list[str] = []  # (on the layout as it ended: see deal_again)
    clock = ReplayClock()
    session = PlaySession(game_of(replay), clock)
    driver = Driver(replay, clock)
    while not driver.finished:
        event, made = driver.next()
        if made != event.move:
            problems.append(f"the input at {event.ms} ms does not make the move recorded")
            break
        if event.move is None:
            continue
        if session.status.is_over:
            problems.append(f"a move at {event.ms} ms comes after the end of the game")
            break
        session.act(event.move)
    clock.ms = replay.events[-1].ms if replay.events else 0
    summary = session.summary()
    game = session.game
    got = summary.status if summary.status.is_over else Status.PLAYING
    if got is not replay.result:
        problems.append(
            f"the game ends {RESULT_WORDS[got]}, recorded {RESULT_WORDS[replay.result]}"
        )
    if summary.status.is_over and summary.ms != replay.ms:
        problems.append(f"the time is {summary.ms} ms, recorded {replay.ms} ms")
    if replay.seed is not None and replay.minefield is not None and not _seed_deals(replay):
        problems.append("the seed does not deal the recorded layout")
    checks: list[tuple[str, object, object]] = [
        ("view", game.view(), replay.view),
        ("3BV", summary.bbbv, replay.bbbv),
        ("3BV solved", summary.bbbv_solved, replay.bbbv_solved),
        ("clicks", summary.clicks, replay.clicks),
    ]
    problems += [
        f"the {what} differs from the record" for what, got_, want in checks if got_ != want
    ]
    return ReplayCheck(summary, game.view(), tuple(problems))


def _seed_deals(replay: Replay) -> bool:
    """The replay's seed, size, rules and start cell (or first reveal) deal its layout;
    in a rule mode that moves the mines, its moves played under the mode from the seed
    end on its layout (the mines moved as the mode says, and only so)."""
    if replay.seed is None:
        return True
    if replay.rules.fate is not Fate.NONE:
        game = deal(replay.board, replay.rules, replay.seed, replay.start)
        for _, move in replay.moves:
            game.apply(move)
        return game.minefield == replay.minefield
    if replay.start is not None:
        return deal(replay.board, replay.rules, replay.seed, replay.start).minefield == (
            replay.minefield
        )
    first = next((move for _, move in replay.moves if move.action is Action.REVEAL), None)
    if first is None:
        return True
    game = deal(replay.board, replay.rules, replay.seed)
    game.reveal(first.row, first.col)
    return game.minefield == replay.minefield


def describe(summary: Summary) -> str:
    """One line: result, time, 3BV, 3BV/s, clicks."""
    bbbv = "-" if summary.bbbv is None else str(summary.bbbv)
    if summary.status is not Status.WON and summary.bbbv is not None:
        bbbv = f"{summary.bbbv_solved}/{bbbv}"
    rate = summary.bbbv_per_second
    return game_line(summary.status, summary.ms, bbbv, rate, summary.clicks.total)
