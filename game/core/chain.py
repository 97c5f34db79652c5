"""The chord's rule, and the chain of chords of the recursive rule modes (EVF's 11 to
13, docs/RULES.md): a number whose flags are all placed opens the rest of its
neighbours, and under a recursive rule every number such a chord opens is chorded in
its turn, until nothing more opens.

A worklist, never recursion: each cell a chord opens is looked at once, when it
opens, so a chain costs time in proportion to what it opens (a million-cell board
never touches the recursion limit), on the game's flat padded arrays (board.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.delta import Mark

_FLAG = Mark.FLAG.value


def chord_targets(
    count: bytearray, mark: bytearray, openable: bytearray, offsets: tuple[int, ...], i: int
) -> list[int] | None:
    """The cells a chord on the opened cell ``i`` opens: its neighbours neither opened
    nor flagged, when it is a number with exactly that many flags around it (None:
    the chord does nothing; an empty list: a satisfied number with nothing left)."""
    number = count[i]
    if not number:
        return None
    around = [i + o for o in offsets]
    if [mark[n] for n in around].count(_FLAG) != number:
        return None
    return [n for n in around if openable[n]]


class Chain:
    """The numbers waiting to be chorded, and the cells each one opens."""

    __slots__ = ("count", "mark", "offsets", "openable", "todo")

    def __init__(
        self,
        count: bytearray,
        mark: bytearray,
        openable: bytearray,
        offsets: tuple[int, ...],
        numbers: Iterable[int],
    ) -> None:
        """A chain that begins with these opened cells (each chorded if it can be)."""
        self.count, self.mark, self.openable, self.offsets = count, mark, openable, offsets
        self.todo = list(numbers)
        self.todo.reverse()  # (popped from the end: the first given is chorded first)

    def add(self, runs: list[int], start: int) -> None:
        """The numbers among the cells opened in ``runs[start:]`` (flat runs of
        indices, as the game appends them) wait their turn."""
        count, todo = self.count, self.todo
        for k in range(start, len(runs), 2):
            todo.extend(i for i in range(runs[k], runs[k + 1]) if count[i])

    def next(self) -> list[int]:
        """The cells the next waiting number's chord opens (empty: the chain is over)."""
        count, mark, openable, offsets, todo = (
            self.count,
            self.mark,
            self.openable,
            self.offsets,
            self.todo,
        )
        while todo:
            i = todo.pop()
            if openable[i] or mark[i] == _FLAG:
                continue  # (no longer an opened number: a cell given that was not one)
            targets = chord_targets(count, mark, openable, offsets, i)
            if targets:
                return targets
        return []
