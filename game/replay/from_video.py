"""A community replay file (a Video: AVF, RMV, MVF, EVF, RAWVF) as one of our
replays, so the window plays it back, and a player can practise its board.

The board is the file's mine layout; the mouse events go, at their times, through
the window's input machine (game.input), which makes the moves our engine plays, the
way a player's own clicks would. Positions are scaled from the file's cell size to
ours (16 pixels); presses and releases off the board are put well outside it, so
they touch neither a cell nor our face button. A flag placed before the game (RMV's
pre-flags) is a right click on its cell just before the first event.

The statistics of the result are ours, counted by our engine (docs/REPLAY.md says
where our conventions differ from the files' programs); the file's own, as
ms-toollib counts them, come from game.replay.tally.
"""

from __future__ import annotations

from dataclasses import replace

from game.core import Game, Minefield, Move, RuleError, Status
from game.input import InputMachine
from game.replay.drive import feed_input
from game.replay.format import MAX_EVENTS, Event, Kind, Replay, player_name
from game.replay.video import Mouse, Video, VideoError
from game.rules import Board, FirstClick, GameRules
from game.session import PlaySession
from game.sheet import TILE

_KINDS: dict[Mouse, tuple[Kind, int]] = {
    Mouse.MOVE: (Kind.MOVE, 0),
    Mouse.LEFT_DOWN: (Kind.DOWN, 1),
    Mouse.LEFT_UP: (Kind.UP, 1),
    Mouse.MIDDLE_DOWN: (Kind.DOWN, 2),
    Mouse.MIDDLE_UP: (Kind.UP, 2),
    Mouse.RIGHT_DOWN: (Kind.DOWN, 3),
    Mouse.RIGHT_UP: (Kind.UP, 3),
}
OFF_BOARD = -4 * TILE
"""Where a press or release off the file's board is put: left of and above ours."""


class _Clock:
    """The time a session reads while the events are played: the event's."""

    def __init__(self) -> None:
        self.ms = 0.0

    def __call__(self) -> float:
        return self.ms


def replay_of_video(video: Video) -> Replay:
    """The video as our Replay: its layout, its events with the moves they make in
    our engine, and the result, time and clicks that gives. Raises VideoError for a
    board our engine cannot hold."""
    try:
        minefield = Minefield(video.rows, video.cols, video.mines)
    except RuleError as error:
        raise VideoError(f"the board cannot be played: {error}") from None
    board = Board(video.rows, video.cols, len(video.mines))
    marks = bool(video.facts.question_marks)
    rules = GameRules(FirstClick.SAFE, marks, False)
    clock = _Clock()
    session = PlaySession(Game.from_minefield(minefield, marks=marks), clock)
    machine = InputMachine()
    events: list[Event] = []

    started: list[int] = []  # the time of the first reveal, once there is one

    def add(ms: int, kind: Kind, button: int, x: int, y: int) -> None:
        if len(events) >= MAX_EVENTS:
            if kind is Kind.MOVE:
                return  # a very long game: its later pointer moves are left out
            raise VideoError(f"the replay has more than {MAX_EVENTS} mouse events")
        made = feed_input(machine, board, kind, button, x, y)
        move = made if isinstance(made, Move) and not session.status.is_over else None
        if move is not None:
            clock.ms = ms
            session.act(move)
            if not started and session.status is not Status.READY:
                started.append(ms)
        events.append(Event(ms, kind, button, x, y, move))

    scale = video.cell_size
    first = video.events[0].ms if video.events else 0
    for event in video.events:
        if event.kind is Mouse.PRE_FLAG:
            x, y = _scaled(video, event.x, event.y, scale)
            add(first - 1, Kind.DOWN, 3, x, y)
            add(first - 1, Kind.UP, 3, x, y)
            continue
        kind, button = _KINDS[event.kind]
        x, y = _scaled(video, event.x, event.y, scale)
        if kind is Kind.MOVE and events and (events[-1].x, events[-1].y) == (x, y):
            continue  # the same 1x pixel: nothing to see
        add(event.ms, kind, button, x, y)
    summary = session.summary()
    game = session.game
    status = summary.status if summary.status.is_over else Status.PLAYING
    origin = started[0] if started else 0  # our replays count from the first reveal
    timed = tuple(replace(event, ms=event.ms - origin) for event in events)
    facts = video.facts
    return Replay(
        board=board,
        rules=rules,
        seed=None,
        minefield=minefield,
        result=status,
        ms=summary.ms,
        bbbv=summary.bbbv,
        bbbv_solved=summary.bbbv_solved,
        clicks=summary.clicks,
        view=game.view(),
        events=timed,
        player=player_name(facts.player),
        date=facts.date,
    )


def _scaled(video: Video, x: int, y: int, scale: int) -> tuple[int, int]:
    """A file's pixel position in our 1x pixels (off the board: well outside it)."""
    if video.cell_at(x, y) is None:
        return (OFF_BOARD, OFF_BOARD)
    return (x * TILE // scale, y * TILE // scale)
