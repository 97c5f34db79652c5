"""ZiNi and HZiNi: how few clicks (left, right and chords) clear a board, estimated.

ZiNi (Elmar Zimmermann and Christoph Nikolaus) is a greedy rule, computed here
exactly as Metasweeper's ms-toollib (``cal_zini``, ``cal_hzini``) computes it, so
the numbers agree with the community's tools:

- every cell gets a *premium*: the 3BV a chord on it would clear, less the clicks
  it costs (one to open it, one per flag, one for the chord);
- each round takes the covered or open safe cell of highest premium (the first
  in column-major order among equals, as ms-toollib scans), provided it is at
  least 0: opens it if it is covered, flags the mines around it and chords it;
- when no premium is 0 or more, it clicks the first covered zero or lone number;
- until every safe cell is open.

HZiNi ("human" ZiNi) first clicks every opening, then chords only on open cells.

Neither is the optimum: a greedy rule can spend more clicks than the best
solution (tests/test_board_stats.py finds such boards by brute force).

Each round's choice comes from a heap of (-premium, cell) entries: a cell whose
premium changes is pushed again, and an entry that no longer matches its cell is
dropped when it reaches the top, so a round costs what it changes (a logarithm
per premium it moves), not a scan of the board.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from functools import lru_cache

from game.core.board import Geometry
from game.core.delta import Cell

__all__ = ["hzini", "zini", "zinis"]


MAX_SHARED_BOXES = 4096
"""The largest board (cells) whose neighbour table is kept for the next board of its
size (the community's levels come again and again)."""


def _box_table(rows: int, cols: int) -> list[list[int]]:
    """Each cell's box (itself and its neighbours, clipped to the board), in
    column-major cell order."""
    table = []
    for col in range(cols):
        c0, c1 = max(col - 1, 0), min(col + 2, cols)
        for row in range(rows):
            r0, r1 = max(row - 1, 0), min(row + 2, rows)
            table.append([c * rows + r for c in range(c0, c1) for r in range(r0, r1)])
    return table


_shared_boxes = lru_cache(maxsize=8)(_box_table)


def _boxes(rows: int, cols: int) -> list[list[int]]:
    return _shared_boxes(rows, cols) if rows * cols <= MAX_SHARED_BOXES else _box_table(rows, cols)


class _Board:
    """What both rules start from: the mines, the numbers, the openings and the
    premiums, in column-major cell order (worked out once for ZiNi and HZiNi)."""

    def __init__(self, rows: int, cols: int, mines: Iterable[Cell]) -> None:
        geometry = Geometry(rows, cols)
        size = rows * cols
        self.rows, self.cols = rows, cols
        mine = bytearray(size)
        for row, col in mines:
            geometry.index(row, col)  # CellError for a cell off the board
            mine[col * rows + row] = 1
        self.mine = mine
        self.mines = sum(mine)
        boxes = self.boxes = _boxes(rows, cols)
        # A mine's number counts the mine itself, as ms-toollib's does.
        number = [0] * size
        at = mine.find(1)
        while at >= 0:
            for j in boxes[at]:
                number[j] += 1
            at = mine.find(1, at + 1)
        self.number = number
        # The openings each cell belongs to (its own, or the first two it borders).
        first = [0] * size
        second = [0] * size
        members: list[list[int]] = [[]]
        for start in range(size):
            if mine[start] or number[start] or first[start]:
                continue
            op = len(members)
            group: list[int] = []
            members.append(group)
            first[start] = op
            stack = [start]
            while stack:
                i = stack.pop()
                group.append(i)
                for j in boxes[i]:
                    if number[j]:
                        if not first[j]:
                            first[j] = op
                            group.append(j)
                        elif first[j] != op and not second[j]:
                            second[j] = op
                            group.append(j)
                    elif not first[j]:
                        first[j] = op
                        stack.append(j)
        self.first, self.members = first, members
        # A safe cell in no opening (a lone number) is a 3BV of its own.
        lone = bytes(1 if not mine[i] and not first[i] else 0 for i in range(size))
        count_lone = lone.__getitem__
        premium = []
        for i in range(size):
            if number[i] == 0:
                adjacent_3bv = 1
            else:
                adjacent_3bv = sum(map(count_lone, boxes[i]))
                adjacent_3bv += (first[i] != 0) + (second[i] != 0)
            premium.append(adjacent_3bv - number[i] - 2)
        self.premium = premium


class _Zini:
    """One run of the greedy rule over a board, in column-major cell order."""

    def __init__(self, board: _Board, human: bool) -> None:
        size = board.rows * board.cols
        self.rows, self.cols, self.human = board.rows, board.cols, human
        self.mine, self.mines, self.number = board.mine, board.mines, board.number
        self.first, self.members, self.boxes = board.first, board.members, board.boxes
        premium = self.premium = list(board.premium)
        mine = self.mine
        # Entries of the cells that can be chosen: any safe cell, or under HZiNi an
        # open one (pushed when it opens).
        self.heap = [] if human else [(-premium[i], i) for i in range(size) if not mine[i]]
        heapq.heapify(self.heap)
        self.moved: set[int] = set()
        self.opened = bytearray(size)
        self.flagged = bytearray(size)
        self.closed = size
        self.clicks = 0
        self.next_lone = 0

    def open(self, i: int) -> None:
        """Open a covered safe cell by itself (a number: a zero opens its opening)."""
        self.opened[i] = 1
        self.premium[i] += 1
        self.moved.add(i)
        if not self.first[i]:
            box = self.boxes[i]
            premium = self.premium
            for j in box:
                premium[j] -= 1
            self.moved.update(box)
        self.closed -= 1

    def reveal(self, i: int) -> None:
        if self.opened[i] or self.flagged[i]:
            return
        if self.number[i]:
            self.open(i)
            return
        # Its opening: each member not yet open opens (its premium up one for being
        # open, down one for the opening done: unchanged); each open one goes down.
        opened, premium = self.opened, self.premium
        members = self.members[self.first[i]]
        for j in members:
            if opened[j]:
                premium[j] -= 1
            else:
                opened[j] = 1
                self.closed -= 1
        self.moved.update(members)

    def click(self, i: int) -> None:
        self.reveal(i)
        self.clicks += 1

    def chord_round(self, i: int) -> None:
        """Open i if covered, flag the mines around it, chord it."""
        if not self.opened[i]:
            self.click(i)
        around = self.boxes[i]
        mine, flagged, premium, boxes = self.mine, self.flagged, self.premium, self.boxes
        for j in around:
            if mine[j] and not flagged[j]:
                self.clicks += 1
                flagged[j] = 1
                box = boxes[j]
                for k in box:
                    premium[k] += 1
                self.moved.update(box)
        self.clicks += 1
        opened, reveal = self.opened, self.reveal
        for j in around:
            if not opened[j] and not flagged[j]:
                reveal(j)

    def lone_click(self) -> bool:
        """Click the first covered zero or lone number; False when there is none."""
        mine, opened, number, first = self.mine, self.opened, self.number, self.first
        i = self.next_lone
        size = len(mine)
        while i < size and (opened[i] or mine[i] or (number[i] and first[i])):
            i += 1
        self.next_lone = i
        if i == size:
            return False
        self.click(i)
        return True

    def best(self) -> int | None:
        """The cell of highest premium that can be chosen, if that premium is at
        least 0 (the first in column-major order among equals)."""
        heap, premium, mine, opened = self.heap, self.premium, self.mine, self.opened
        push = heapq.heappush
        if self.human:
            for i in self.moved:
                if opened[i] and not mine[i]:
                    push(heap, (-premium[i], i))
        else:
            for i in self.moved:
                if not mine[i]:
                    push(heap, (-premium[i], i))
        self.moved.clear()
        while heap:
            negative, i = heap[0]
            if -negative == premium[i]:
                return i if -negative >= 0 else None
            heapq.heappop(heap)
        return None

    def run(self) -> int:
        if self.human:
            for i in range(len(self.mine)):
                if not self.mine[i] and not self.number[i] and not self.opened[i]:
                    self.click(i)
        rounds = 0
        while self.closed > self.mines and rounds <= 2 * len(self.premium):
            rounds += 1
            best = self.best()
            if best is not None:
                self.chord_round(best)
            elif not self.lone_click():
                break
        return self.clicks


def zini(rows: int, cols: int, mines: Iterable[Cell]) -> int:
    """The board's ZiNi (as ms-toollib's ``cal_zini``). CellError for a mine off the
    board, BoardSizeError for a board under 1x1."""
    return _Zini(_Board(rows, cols, mines), human=False).run()


def hzini(rows: int, cols: int, mines: Iterable[Cell]) -> int:
    """The board's HZiNi: every opening clicked first, then chords on open cells
    only (as ms-toollib's ``cal_hzini``)."""
    return _Zini(_Board(rows, cols, mines), human=True).run()


def zinis(rows: int, cols: int, mines: Iterable[Cell]) -> tuple[int, int]:
    """ZiNi and HZiNi of one board, its numbers and openings worked out once."""
    board = _Board(rows, cols, mines)
    return _Zini(board, human=False).run(), _Zini(board, human=True).run()
