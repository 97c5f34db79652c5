"""A community replay file (a Video: AVF, RMV, MVF, EVF, RAWVF) as one of our
replays, so the window plays it back, and a player can practise its board.

The board is the file's mine layout. The moves are what the file's own program
made of its mouse events: the community's mouse machine (game.replay.tally, as
ms-toollib counts) says which release opened a cell, set or took off a flag or
chorded, and that move rides on the event, so the game plays back as it was played
(our own input machine only shows the pressed cells). Positions are scaled from the
file's cell size to ours (16 pixels); presses and releases off the board are put
well outside it. A flag placed before the game (RMV's pre-flags) is a right click
on its cell just before the first event. A press of "both" (EVF's "cc", which the
standard leaves to the reader's machine to tell apart) is a press of each of the
left and right buttons not held then, so a chord is a chord in our replay, and in
an EVF file written from it. The result, time and clicks of the replay
are counted by our session, playing those moves (under the recursive chords' rule
for an EVF file of modes 11 to 13, ``Video.recursion``).
"""

from __future__ import annotations

from game.core.errors import RuleError
from game.core.game import Game
from game.core.minefield import Minefield
from game.core.moves import Move, chord, mark, reveal
from game.core.status import Status
from game.language import N_, Words
from game.replay.format import MAX_EVENTS, Event, EventKind, Replay, player_name
from game.replay.tally import Machine, cell_of, over
from game.replay.video import MORE_EVENTS, Mouse, Video, VideoError
from game.rules import Board, FirstClick, GameRules
from game.session.geometry import TILE
from game.session.play import PlaySession

BOTH = ((EventKind.DOWN, 1), (EventKind.DOWN, 3))
"""A press of both buttons: the left's, the right's."""
_KINDS: dict[Mouse, tuple[EventKind, int]] = {
    Mouse.MOVE: (EventKind.MOVE, 0),
    Mouse.LEFT_DOWN: (EventKind.DOWN, 1),
    Mouse.LEFT_UP: (EventKind.UP, 1),
    Mouse.MIDDLE_DOWN: (EventKind.DOWN, 2),
    Mouse.MIDDLE_UP: (EventKind.UP, 2),
    Mouse.RIGHT_DOWN: (EventKind.DOWN, 3),
    Mouse.RIGHT_UP: (EventKind.UP, 3),
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
    """The video as our Replay: its layout, its events with the moves they made, and
    the result, time and clicks our session counts playing them. Raises VideoError
    for a board our engine cannot hold."""
    try:
        minefield = Minefield(video.rows, video.cols, video.mines)
    except RuleError as error:
        raise VideoError(Words(N_("the board cannot be played: {why}"), why=error)) from None
    board = Board(video.rows, video.cols, len(video.mines))
    recursion = video.recursion  # (an EVF file of the recursive chords' modes)
    rules = GameRules(FirstClick.SAFE, False, False, recursion=recursion)  # (flags only)
    clock = _Clock()
    session = PlaySession(Game.from_minefield(minefield, marks=False, recursion=recursion), clock)
    machine = Machine(video.rows, video.cols, video.mines, recursion)
    actions: list[tuple[str, int]] = []
    machine.on_action = lambda action, cell: actions.append((action, cell))
    events: list[Event] = []
    started: list[int] = []  # the time of the first reveal, once there is one
    first = video.events[0].ms if video.events else 0
    scale = video.cell_size
    kinds: tuple[tuple[EventKind, int], ...]
    held: set[int] = set()  # the buttons held down (1 left, 3 right)
    for event in video.events:
        if event.kind is Mouse.PRE_FLAG:
            stamp, kinds = first - 1, ((EventKind.DOWN, 3), (EventKind.UP, 3))
        elif event.kind is Mouse.BOTH_DOWN:
            stamp = event.ms
            kinds = tuple(kind for kind in BOTH if kind[1] not in held) or ((EventKind.MOVE, 0),)
        else:
            stamp, kinds = event.ms, (_KINDS[event.kind],)
        for kind, button in kinds:
            if kind is EventKind.DOWN:
                held.add(button)
            elif kind is EventKind.UP:
                held.discard(button)
        x, y = _scaled(video, event.x, event.y, scale)
        if event.kind is not Mouse.MOVE and not over(machine):
            machine.step(event.kind, cell_of(video, event.x, event.y))
        if (
            not actions
            and kinds[0][0] is EventKind.MOVE
            and events
            and ((events[-1].x, events[-1].y) == (x, y))
        ):
            continue  # the same 1x pixel, nothing done: nothing to see
        moves = [_move(action, cell, video.cols) for action, cell in actions]
        actions.clear()
        played: list[Move] = []
        for move in moves:
            if session.status.is_over:
                break
            clock.ms = stamp
            session.act(move)
            played.append(move)
            if not started and session.status is not Status.READY:
                started.append(stamp)
        for n, (kind, button) in enumerate(kinds):
            if len(events) >= MAX_EVENTS:
                if kind is EventKind.MOVE:
                    continue  # a very long game: its later pointer moves are left out
                raise VideoError(Words(MORE_EVENTS, n=MAX_EVENTS))
            last = n == len(kinds) - 1
            events.append(Event(stamp, kind, button, x, y, played[0] if last and played else None))
        for move in played[1:]:  # more than one move on one event: each on a move of its own
            events.append(Event(stamp, EventKind.MOVE, 0, x, y, move))
    summary = session.summary()
    status = summary.status if summary.status.is_over else Status.PLAYING
    origin = started[0] if started else 0  # our replays count from the first reveal
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
        view=session.game.view(),
        events=tuple(event.replace(ms=event.ms - origin) for event in events),
        player=player_name(facts.player),
        date=facts.date,
    )


def _move(action: str, cell: int, cols: int) -> Move:
    """Our move for one thing the machine did."""
    row, col = divmod(cell, cols)
    return {"open": reveal, "flag": mark, "chord": chord}[action](row, col)


def _scaled(video: Video, x: int, y: int, scale: int) -> tuple[int, int]:
    """A file's pixel position in our 1x pixels (off the board: well outside it)."""
    if video.cell_at(x, y) is None:
        return (OFF_BOARD, OFF_BOARD)
    return (x * TILE // scale, y * TILE // scale)
