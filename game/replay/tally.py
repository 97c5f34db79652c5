"""A community replay's result and clicks as its own community counts them.

The replay files' programs and the ranking sites built on them count clicks the way
Metasweeper's ms-toollib does (its ``MinesweeperBoard``, MIT): a mouse state machine
over the file's presses and releases, in which a release makes a left click, a
right click or a chord ("double"), a flag may be set before the game begins (pre-
flagging), a left press and release off the board still counts a left click once
the game is under way, and a chord is counted whether or not it opened anything.
This module is that machine, written again in Python for our Video (game.replay.
video): the same states and the same counts, so a file's result, 3BV solved and
left, right and double clicks are the numbers its community knows (docs/REPLAY.md
has where our own games count otherwise). The board's 3BV and openings are ours
(game.core.bbbv), which is the same definition.

An EVF file of the recursive chords' modes (11 to 13, docs/RULES.md) is played under
its rule: the chords and flags chord on as our engine's do (game.core.chain), a chord
chained on counted as no click, the 3BV it opens counted as solved.

Pure Python: no pygame, no files. Mouse moves are skipped at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from enum import Enum
from functools import lru_cache
from itertools import islice

from game.core.bbbv import NUMBER_MASK, openings_of
from game.core.board import Recursion
from game.replay.tallied import Tally, time_of
from game.replay.video import Mouse, Video

HIDDEN, FLAG, QUESTION = 10, 11, 12
"""A cell's look in the machine: 0-8 an open number, else these."""


class _Game(Enum):
    READY = 0
    PRE_FLAGGING = 1
    PLAYING = 2
    LOST = 3
    WON = 4


class _Mouse(Enum):
    UP_UP = 0
    UP_DOWN = 1  # the right button down
    UP_DOWN_NOT_FLAG = 2  # the right button down where it could not flag
    DOWN_UP = 3  # the left button down
    CHORDING = 4  # both down
    CHORDING_NOT_FLAG = 5  # both down, the right first where it could not flag
    DOWN_UP_AFTER_CHORDING = 6  # the right went up after a chord, the left is still down


READY, PRE_FLAGGING, PLAYING, LOST, WON = _Game
UP_UP, UP_DOWN, UP_DOWN_NOT_FLAG, DOWN_UP, CHORDING, CHORDING_NOT_FLAG, DOWN_UP_AFTER_CHORDING = (
    _Mouse
)
MOVE, LEFT_DOWN, LEFT_UP, RIGHT_DOWN, RIGHT_UP, MIDDLE_DOWN, MIDDLE_UP, PRE_FLAG, BOTH_DOWN = Mouse
"""The states and kinds of press as globals (a dozen a press; Python 3.11 looks a member
up on its enum several times slower), each in its enum's order (test_tally_work)."""

_BOTH = {
    DOWN_UP: CHORDING,
    DOWN_UP_AFTER_CHORDING: CHORDING,
    UP_DOWN: CHORDING,
    UP_DOWN_NOT_FLAG: CHORDING_NOT_FLAG,
}
"""Both buttons down (EVF's "cc"): the state it leads to from each."""


MAX_SHARED_TABLE = 4096
"""The largest board (cells) whose neighbour lists are kept for the next board of its
size (the community's levels come again and again)."""


def _around(rows: int, cols: int, i: int) -> tuple[int, ...]:
    """The cells around cell i of a rows x cols board, row by row."""
    row, col = divmod(i, cols)
    return tuple(
        r * cols + c
        for r in range(max(0, row - 1), min(rows, row + 2))
        for c in range(max(0, col - 1), min(cols, col + 2))
        if r != row or c != col
    )


@lru_cache(maxsize=8)
def _neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Every cell's neighbours on a board of this size."""
    return tuple(_around(rows, cols, i) for i in range(rows * cols))


class OpenBoard:
    """One board as the machine sees it, cells numbered row by row: the mines, the
    numbers, each cell's look, and its openings.

    The board's openings are found once, when it is made (game.core.bbbv's Openings:
    runs of zeros joined row to row): each zero cell knows its opening, and each
    opening how many of its zeros are flagged and how many are no longer closed.
    Whether a click completes an opening is then one look-up, and a zero clicked in
    an untouched opening opens the whole of it a run at a time, so one click on a
    1000x1000 board costs a pass over its openings, not a flood fill of neighbour
    lists."""

    def __init__(self, rows: int, cols: int, mines: Iterable[tuple[int, int]]) -> None:
        self.rows, self.cols = rows, cols
        openings = openings_of(rows, cols, mines)
        self.bbbv = openings.total
        width = cols + 2
        values = openings.values  # per padded cell: its number, 16 + it for a mine
        lone = openings.lone.to_bytes(len(values), "little")
        board: list[int] = []
        lone_numbers = bytearray()
        for row in range(1, rows + 1):
            first = row * width + 1
            board += values[first : first + cols]
            lone_numbers += lone[first : first + cols]
        self.board = [n if n < 16 else -1 for n in board]
        """Each cell: -1 a mine, else how many mines touch it."""
        self.lone = bytes(lone_numbers)
        """1 for a number no zero touches (a 3BV of its own)."""
        self.numbered = bytes(board).translate(NUMBER_MASK)
        # Each zero cell's opening (0: not a zero) and each opening's runs of zeros.
        self.opening = [0] * (rows * cols)
        count = len(openings.runs) + 1
        self.runs: list[list[tuple[int, int]]] = [[] for _ in range(count)]
        self.zeros = [0] * count
        for (start, end), root in zip(openings.runs, openings.run_opening, strict=True):
            row, col = divmod(start, width)
            cell, length, label = (row - 1) * cols + col - 1, end - start, root + 1
            self.opening[cell : cell + length] = [label] * length
            self.runs[label].append((cell, length))
            self.zeros[label] += length
        self.flagged_zeros = [0] * count
        """Per opening: its zeros under a flag."""
        self.touched = [0] * count
        """Per opening: its zeros open or flagged (0: the opening is untouched)."""
        self.neighbours = _neighbours(rows, cols) if rows * cols <= MAX_SHARED_TABLE else None
        """Each cell's neighbours, listed once for every board of its size (None on a
        board too large to keep them: listed when asked)."""
        self.look = [HIDDEN] * (rows * cols)
        self.safe_left = len(self.board) - self.board.count(-1)
        self.opened_numbers: list[int] = []
        """The numbers opened since the last chord or flag began (the recursive
        chords chord them on)."""

    # ------------------------------------------------------------------ the board

    def around(self, i: int) -> tuple[int, ...]:
        """The cells around cell i."""
        table = self.neighbours
        return table[i] if table is not None else _around(self.rows, self.cols, i)

    def is_bbbv_number(self, i: int) -> bool:
        """A number no zero touches (a 3BV of its own)."""
        return self.lone[i] == 1

    def opening_whole(self, i: int) -> bool:
        """The opening of the zero ``i`` opens whole (no flag on one of its zeros)."""
        return self.flagged_zeros[self.opening[i]] == 0

    def flood_whole(self, i: int, seen: set[int]) -> bool:
        """ms-toollib's test of an opening with a flag on it, around a chord: a flood
        from ``i`` through the zeros not in ``seen`` (which it adds to) that finds no
        flag. Its zeros looked at for one neighbour of the chord are passed over for
        the next, so a later neighbour's flood can miss the flag and count the opening
        (as ms-toollib's op_num_around_cell does)."""
        stack = [i]
        while stack:
            j = stack.pop()
            if self.board[j] > 0:
                continue
            if self.board[j] == 0:
                if self.look[j] == FLAG:
                    return False
                seen.add(j)
                stack.extend(k for k in self.around(j) if k not in seen)
        return True

    def set_look(self, i: int, look: int) -> None:
        """Change a closed cell's look (open it, flag it, or take its flag off)."""
        label = self.opening[i]
        if label:
            was_closed = self.look[i] in (HIDDEN, QUESTION)
            self.touched[label] += was_closed - (look in (HIDDEN, QUESTION))
            self.flagged_zeros[label] += (look == FLAG) - (self.look[i] == FLAG)
        self.look[i] = look

    def reveal(self, cells: list[int]) -> None:
        """Open cells; a zero opens the closed cells around it that bear no flag."""
        look, board = self.look, self.board
        stack = list(cells)
        while stack:
            i = stack.pop()
            if look[i] not in (HIDDEN, QUESTION):
                continue
            value = board[i]
            if value < 0:
                continue
            if value == 0 and not self.touched[self.opening[i]]:
                self.open_whole(self.opening[i])
                continue
            self.set_look(i, value)
            self.safe_left -= 1
            if value > 0:
                self.opened_numbers.append(i)
            if value == 0:
                stack.extend(j for j in self.around(i) if look[j] in (HIDDEN, QUESTION))

    def open_whole(self, label: int) -> None:
        """Open an untouched opening: its zeros, and the closed numbers around them
        that bear no flag (what a flood fill from any of its zeros opens)."""
        look, board, numbered, cols = self.look, self.board, self.numbered, self.cols
        for cell, length in self.runs[label]:
            look[cell : cell + length] = [0] * length
        self.safe_left -= self.zeros[label]
        self.touched[label] = self.zeros[label]
        for cell, length in self.runs[label]:
            row, col = divmod(cell, cols)
            low, high = max(col - 1, 0), min(col + length + 1, cols)
            for r in range(max(row - 1, 0), min(row + 2, self.rows)):
                end = r * cols + high
                j = numbered.find(1, r * cols + low, end)
                while j >= 0:
                    if look[j] in (HIDDEN, QUESTION):
                        look[j] = board[j]
                        self.safe_left -= 1
                        self.opened_numbers.append(j)
                    j = numbered.find(1, j + 1, end)


class Machine(OpenBoard):
    """The community's mouse state machine over an OpenBoard: presses and releases
    into left clicks, right clicks and chords, counted as ms-toollib counts them."""

    def __init__(
        self,
        rows: int,
        cols: int,
        mines: Iterable[tuple[int, int]],
        recursion: Recursion = Recursion.NONE,
    ) -> None:
        super().__init__(rows, cols, mines)
        self.recursion = recursion
        """Which acts chord on by themselves (an EVF file of modes 11 to 13)."""
        self.chord_chains, self.flag_chains = recursion.on_chord, recursion.on_flag
        self.game = READY
        self.mouse = UP_UP
        self.left = self.right = self.double = 0
        self.lce = self.rce = self.dce = 0
        self.flags = 0
        self.solved = 0
        self.flagged_once: set[int] = set()
        self.pre_flags = 0
        self.on_action: Callable[[str, int], None] | None = None
        """Told each action that changed the board: "open", "flag" (set or taken off)
        or "chord", and its cell."""

    def told(self, action: str, i: int) -> None:
        if self.on_action is not None:
            self.on_action(action, i)

    def check_win(self) -> None:
        if self.safe_left == 0:
            self.game = WON

    # ------------------------------------------------------------------ the clicks

    def left_click(self, i: int) -> None:
        self.left += 1
        if self.look[i] not in (HIDDEN, QUESTION):
            return
        value = self.board[i]
        if value < 0:
            self.game = LOST
            self.told("open", i)
            return
        if value == 0:
            if self.opening_whole(i):
                self.solved += 1
        elif self.is_bbbv_number(i):
            self.solved += 1
        self.lce += 1
        self.told("open", i)
        self.reveal([i])
        self.check_win()

    def right_click(self, i: int) -> None:
        self.right += 1
        look = self.look[i]
        if look < HIDDEN:
            return
        if look in (HIDDEN, FLAG):
            self.told("flag", i)
        if look == HIDDEN:
            self.set_look(i, FLAG)
            self.flags += 1
            if self.board[i] < 0 and i not in self.flagged_once:
                self.rce += 1
                self.flagged_once.add(i)
            if self.flag_chains and self.game is PLAYING:
                self.opened_numbers = [j for j in self.around(i) if 0 < self.look[j] < HIDDEN]
                self.chain()
        elif look == FLAG:
            self.set_look(i, HIDDEN)
            self.flags -= 1

    def chord(self, i: int) -> None:
        """Both buttons (or the middle one) on a cell: on a number with as many flags
        around it, or on an open 0, the closed cells around it open (and on, under
        chord recursion)."""
        self.double += 1
        self.opened_numbers = []
        if self.open_around(i, tell=True):
            self.dce += 1
            if self.chord_chains:
                self.chain()

    def chain(self) -> None:
        """The recursive chords: each number opened since the chord or flag began is
        chorded in turn (no click), until nothing more opens or the game ends."""
        todo = self.opened_numbers
        while todo and self.game is PLAYING:
            self.open_around(todo.pop(), tell=False)

    def open_around(self, i: int, *, tell: bool) -> bool:
        """A chord's opening and its counting (``tell``: the chord is told, a chord
        chained on is not: our engine chains it itself); False: it opened nothing."""
        look = self.look[i]
        if look >= 8:
            return False
        closed = []
        flagged = 0
        around_bbbv = 0
        for j in self.around(i):
            if self.look[j] == FLAG:
                flagged += 1
            elif self.look[j] == HIDDEN:
                closed.append(j)
                if self.board[j] > 0 and self.is_bbbv_number(j):
                    around_bbbv += 1
        if flagged != look or not closed:
            return False
        if tell and look == 0:  # (our engine's chord leaves a 0 alone: each cell, told)
            for j in closed:
                self.told("open", j)
        elif tell:
            self.told("chord", i)
        if any(self.board[j] < 0 for j in closed):
            self.game = LOST
        self.solved += around_bbbv
        counted: set[int] = set()  # each flag-free opening once
        seen: set[int] = set()  # the zeros of the others looked at, kept across them
        for j in self.around(i):
            if self.look[j] != HIDDEN or self.board[j] != 0 or j in seen:
                continue
            label = self.opening[j]
            if self.opening_whole(j):
                self.solved += label not in counted
                counted.add(label)
            elif self.flood_whole(j, seen):
                self.solved += 1
        self.reveal(closed)
        if self.game is not LOST:
            self.check_win()
        return True

    # ------------------------------------------------------------------ the mouse

    def step(self, kind: Mouse, i: int | None) -> None:
        """One press, release or pre-flag on cell ``i`` (None: off the board)."""
        game, mouse = self.game, self.mouse
        if game in (WON, LOST):
            return
        if game is READY:
            if kind is LEFT_DOWN:
                if mouse is UP_UP:
                    self.mouse = DOWN_UP
                    if i is not None:
                        self.game = PRE_FLAGGING
                elif mouse is UP_DOWN:
                    self.mouse = CHORDING
                elif mouse is UP_DOWN_NOT_FLAG:
                    self.mouse = CHORDING_NOT_FLAG
                return
            if kind is PRE_FLAG:
                if i is not None and self.look[i] == HIDDEN:
                    self.pre_flags += 1
                    self.game = PRE_FLAGGING
                    self.right_click(i)
                return
            if kind is BOTH_DOWN:
                self.mouse = _BOTH.get(mouse, CHORDING)
                return
            if kind is RIGHT_DOWN:
                if mouse is UP_UP:
                    self.mouse = UP_DOWN
                    if i is not None:
                        self.pre_flags = 1
                        self.game = PRE_FLAGGING
                        self.right_click(i)
                    return
                if mouse is DOWN_UP_AFTER_CHORDING:
                    self.mouse = CHORDING
                    return
            elif kind is LEFT_UP:
                if mouse in (CHORDING, CHORDING_NOT_FLAG):
                    self.mouse = UP_DOWN
                    return
                if mouse in (DOWN_UP_AFTER_CHORDING, DOWN_UP, UP_UP):
                    self.mouse = UP_UP
                    return
            elif kind is RIGHT_UP:
                if mouse is UP_DOWN:
                    self.mouse = UP_UP
                    return
                if mouse is CHORDING:
                    self.mouse = DOWN_UP_AFTER_CHORDING
                    return
                if mouse is UP_UP:
                    return
            else:
                return  # (the middle button before the game: nothing)
        elif game is PRE_FLAGGING:
            if kind is LEFT_UP and mouse is DOWN_UP:
                self.mouse = UP_UP
                if i is None:
                    if self.pre_flags == 0:
                        self.game = READY
                        self.flags = self.double = self.left = self.right = 0
                        self.flagged_once.clear()
                    else:
                        self.left += 1
                    return
                if self.look[i] == HIDDEN:
                    self.game = PLAYING
                    self.left_click(i)
                else:
                    self.left += 1
                return
            if kind is PRE_FLAG:
                if i is not None and self.look[i] == HIDDEN:
                    self.pre_flags += 1
                    self.right_click(i)
                return
            if kind is RIGHT_DOWN:
                if mouse is UP_UP:
                    if i is None:
                        self.mouse = UP_DOWN_NOT_FLAG
                        self.right += 1
                        return
                    self.mouse = UP_DOWN
                    if self.look[i] == HIDDEN:
                        self.pre_flags += 1
                    else:
                        self.pre_flags -= 1
                        if self.pre_flags == 0:
                            self.game = READY
                            self.flags = self.double = self.left = self.right = 0
                            self.flagged_once.clear()
                            self.set_look(i, HIDDEN)
                            return
                    self.right_click(i)
                    return
                if mouse is DOWN_UP:
                    self.mouse = CHORDING
                    if i is not None and self.pre_flags == 0:
                        self.game = READY
                    return
                if mouse is DOWN_UP_AFTER_CHORDING:
                    self.mouse = CHORDING
                return
            if kind in (MIDDLE_DOWN, MIDDLE_UP):
                return
            if kind is BOTH_DOWN:
                if mouse is DOWN_UP and i is not None and self.pre_flags == 0:
                    self.game = READY
                self.mouse = _BOTH.get(mouse, mouse)
                return
        self.playing(kind, i)

    def playing(self, kind: Mouse, i: int | None) -> None:
        """A press or release once the game is under way (or falling through to it)."""
        mouse = self.mouse
        if kind is LEFT_DOWN:
            if mouse is UP_UP:
                self.mouse = DOWN_UP
            elif mouse is UP_DOWN:
                self.mouse = CHORDING
            elif mouse is UP_DOWN_NOT_FLAG:
                self.mouse = CHORDING_NOT_FLAG
        elif kind is LEFT_UP:
            if mouse is DOWN_UP:
                self.mouse = UP_UP
                if i is None:
                    self.left += 1
                else:
                    self.left_click(i)
            elif mouse in (CHORDING, CHORDING_NOT_FLAG):
                self.mouse = UP_DOWN
                if mouse is CHORDING_NOT_FLAG:
                    self.right -= 1
                if i is not None:
                    self.chord(i)
            elif mouse is DOWN_UP_AFTER_CHORDING:
                self.mouse = UP_UP
        elif kind is RIGHT_DOWN:
            if mouse is UP_UP:
                if i is None:
                    self.mouse = UP_DOWN_NOT_FLAG
                    self.right += 1
                else:
                    not_flag = self.look[i] < HIDDEN
                    self.mouse = UP_DOWN_NOT_FLAG if not_flag else UP_DOWN
                    self.right_click(i)
            elif mouse in (DOWN_UP, DOWN_UP_AFTER_CHORDING):
                self.mouse = CHORDING
        elif kind is RIGHT_UP:
            if mouse in (UP_DOWN, UP_DOWN_NOT_FLAG):
                self.mouse = UP_UP
            elif mouse in (CHORDING, CHORDING_NOT_FLAG):
                self.mouse = DOWN_UP_AFTER_CHORDING
                if mouse is CHORDING_NOT_FLAG:
                    self.right -= 1
                if i is not None:
                    self.chord(i)
        elif kind is MIDDLE_UP and i is not None:
            self.chord(i)
        elif kind is BOTH_DOWN:
            self.mouse = _BOTH.get(mouse, mouse)


def cell_of(video: Video, x: int, y: int) -> int | None:
    """The machine's index of the cell under a position (None off the board)."""
    size = video.cell_size
    if 0 <= x < video.cols * size and 0 <= y < video.rows * size:
        return (y // size) * video.cols + x // size
    return None


def over(machine: Machine) -> bool:
    """The machine's game has ended."""
    return machine.game in (WON, LOST)


def tally(video: Video) -> Tally:
    """Play a video's presses and releases through the machine; what they did. The
    mouse path runs on to the video's last event, as ms-toollib measures it."""
    rows, cols, size = video.rows, video.cols, video.cell_size
    machine = Machine(rows, cols, video.mines, video.recursion)
    move, playing = MOVE, PLAYING
    began = ended = None
    counting = (PLAYING, WON, LOST)
    state = machine.game
    events = video.events
    start = len(events)  # the first event of the game under way (its path counts on)
    for n, (ms, kind, x, y) in enumerate(events):
        if kind is move:
            continue
        was = state
        machine.step(kind, cell_of(video, x, y))
        state = machine.game
        if began is None and was is not playing and state is not was:
            began = ms if state in counting else None  # (a one-click win: at once)
        if start > n and state in counting:
            start = n
        if state is WON or state is LOST:
            ended = ms
            break
    # The path, from there to the last event (once under way, a game stays so).
    path = 0.0
    width, height = cols * size, rows * size
    last_x = last_y = -1  # the last place on the board (-1: none yet)
    hypot = math.hypot
    for _, _, x, y in islice(events, start, None):
        if last_x < 0:
            last_x, last_y = x, y
        if x < width or y < height:  # (the corner past the board: off it)
            path += hypot(x - last_x, y - last_y)
            last_x, last_y = x, y
    played = max(0, (ended if ended is not None else events[-1].ms if events else 0) - (began or 0))
    return Tally(
        won=machine.game is WON,
        lost=machine.game is LOST,
        time_ms=time_of(video, played),
        played_ms=played,
        bbbv=machine.bbbv,
        solved_bbbv=machine.solved,
        left=machine.left,
        right=machine.right,
        double=machine.double,
        lce=machine.lce,
        rce=machine.rce,
        dce=machine.dce,
        flags=machine.flags,
        path=path * 16 / size,
    )
