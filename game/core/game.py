"""One game of Minesweeper: every rule of the rule book (docs/RULES.md).

State is a handful of flat bytearrays (see board.py), so every action costs time
in proportion to what it changes: a reveal of one cell is a few index look-ups,
a cascade is a row-run fill whose inner loops are bytearray.find and slice
assignment (C speed), the win test is one counter compared with another, and the
end-of-game views touch only the mines and the flags."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core import hints, snapshot
from game.core.bbbv import Openings, bbbv
from game.core.board import (
    MAX_SEED,
    Fate,
    FirstClick,
    Geometry,
    Recursion,
    check_mine_count,
    count_neighbours,
    draw_seed,
    open_map,
    opened_mask,
)
from game.core.cascade import cascade
from game.core.chain import Chain
from game.core.delta import EMPTY_RUNS, Cell, CellSet, Delta, Mark
from game.core.errors import RuleError
from game.core.fate import fated_layout
from game.core.generate import finish, positions_steps
from game.core.look import Look
from game.core.minefield import Minefield
from game.core.moves import Action, Move
from game.core.status import Status

if TYPE_CHECKING:
    from game.core.generate import Dealt
    from game.core.hints import Hint

_FLAG = Mark.FLAG.value
_FLAGGED = bytes(1 if value == _FLAG else 0 for value in range(256))
"""Maps a cell's mark to 1 for a flag, else 0."""
_QUESTION = Mark.QUESTION.value


class Game:
    """A game: the board, the player's marks and opened cells, and the rules."""

    def __init__(
        self,
        geometry: Geometry,
        mines: int,
        *,
        positions: list[int] | None,
        first_click: FirstClick,
        marks: bool,
        left_click_chords: bool,
        seed: int | None,
        fate: Fate = Fate.NONE,
        recursion: Recursion = Recursion.NONE,
    ) -> None:
        """Use Game.new, Game.from_minefield or Game.from_layout."""
        self._geo = geometry
        self._fate = fate
        self._recursion = recursion
        self._mines = mines
        self._first_click = first_click
        self._marks = marks
        self._left_click_chords = left_click_chords
        self._seed = seed
        self._minefield: Minefield | None = None
        self._status = Status.READY
        size = geometry.size
        self._mark = bytearray(size)
        # 1 where a cell may still be opened: on the board, not opened, not flagged.
        self._openable = bytearray(geometry.interior)
        self._flags: set[int] = set()
        self._opened = 0  # safe cells opened; the game is won when it reaches _safe
        self._safe = geometry.cells - mines
        self._exploded: set[int] = set()
        self._positions: list[int] = []
        self._placed = False
        self._placed_from: Cell | None = None
        # For a no-guess game once placed: did the generator prove the board clear
        # by logic (see generate.py)? None for every other game.
        self._no_guess_guaranteed: bool | None = None
        self._mine = bytearray(size)
        self._count = bytearray(size)
        # 1 where a cell is openable and a zero: the cells a cascade spreads over.
        self._zero = bytearray(size)
        if positions is not None:
            self._lay_mines(positions)

    # ----------------------------------------------------------------- construction

    @classmethod
    def new(
        cls,
        rows: int,
        cols: int,
        mines: int,
        *,
        seed: int | None = None,
        first_click: str | FirstClick = "opening",
        marks: bool = True,
        left_click_chords: bool = False,
        fate: str | Fate = Fate.NONE,
        recursion: str | Recursion = Recursion.NONE,
    ) -> Game:
        """A new game whose mines are placed at the first reveal (``fate``: what a
        click may do to them, see fate.py; ``recursion``: which acts chord on by
        themselves, see chain.py).

        Every game can be dealt again: without a seed, one is drawn (``Game.seed``
        keeps it). The same seed, size, rules and first click give the same mines.
        """
        geometry = Geometry(rows, cols)
        check_mine_count(geometry, mines)
        if seed is None:
            seed = draw_seed()
        elif type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise RuleError(f"a seed is a whole number from 0 to {MAX_SEED}; got {seed!r}")
        return cls(
            geometry,
            mines,
            positions=None,
            first_click=FirstClick.parse(first_click),
            marks=marks,
            left_click_chords=left_click_chords,
            seed=seed,
            fate=Fate.parse(fate),
            recursion=Recursion.parse(recursion),
        )

    @classmethod
    def from_minefield(
        cls,
        minefield: Minefield,
        *,
        marks: bool = True,
        left_click_chords: bool = False,
        recursion: Recursion = Recursion.NONE,
    ) -> Game:
        """A game on a given mine layout (a test, a replay, a shared board)."""
        geometry = Geometry(minefield.rows, minefield.cols)
        game = cls(
            geometry,
            len(minefield),
            positions=[geometry.index(row, col) for row, col in minefield],
            first_click=FirstClick.SAFE,
            marks=marks,
            left_click_chords=left_click_chords,
            seed=None,
            recursion=recursion,
        )
        game._minefield = minefield
        return game

    @classmethod
    def from_layout(cls, text: str, *, marks: bool = True, left_click_chords: bool = False) -> Game:
        """A game with fixed mines drawn as text: '*' mine, '.' safe, one line per row."""
        return cls.from_minefield(
            Minefield.from_text(text), marks=marks, left_click_chords=left_click_chords
        )

    def _lay_mines(self, positions: list[int]) -> None:
        self._positions = positions
        self._placed = True
        mine, zero = self._mine, self._zero
        zero[:] = self._openable
        for p in positions:
            mine[p] = 1
        self._count = count_neighbours(self._geo, positions)
        offsets = self._geo.offsets
        for p in positions:
            zero[p] = 0
            for o in offsets:
                zero[p + o] = 0

    # ----------------------------------------------------------------- questions

    @property
    def rows(self) -> int:
        """The number of rows."""
        return self._geo.rows

    @property
    def cols(self) -> int:
        """The number of columns."""
        return self._geo.cols

    @property
    def mines(self) -> int:
        """The number of mines on the board."""
        return self._mines

    @property
    def first_click(self) -> FirstClick:
        """The first-click rule this game was made with."""
        return self._first_click

    @property
    def fate(self) -> Fate:
        """What a click may do to the mines (Fate.NONE: they stay put)."""
        return self._fate

    @property
    def recursion(self) -> Recursion:
        """Which acts chord on by themselves (Recursion.NONE: a chord stops)."""
        return self._recursion

    @property
    def no_guess_guaranteed(self) -> bool | None:
        """For a no-guess game whose mines are placed: True when logic alone is proved
        to clear the board from the first click, False in the rare case the generator
        ran out of attempts and dealt its best board (see generate.py). None for
        every other game."""
        return self._no_guess_guaranteed

    @property
    def marks(self) -> bool:
        """Question marks are in the mark cycle (hidden -> flag -> ? -> hidden)."""
        return self._marks

    @property
    def left_click_chords(self) -> bool:
        """A reveal on an opened number chords it."""
        return self._left_click_chords

    @property
    def seed(self) -> int | None:
        """The seed the mines are (or will be) placed from; None for a game made on
        a given layout."""
        return self._seed

    @property
    def minefield(self) -> Minefield | None:
        """The mine layout, or None before a new game's first reveal places it."""
        if self._minefield is None and self._placed:
            geo = self._geo
            self._minefield = Minefield(geo.rows, geo.cols, map(geo.cell, self._positions))
        return self._minefield

    @property
    def bbbv(self) -> int | None:
        """The board's 3BV (see bbbv.py), or None before the mines are placed."""
        field = self.minefield
        return None if field is None else bbbv(field.rows, field.cols, field.mines)

    def bbbv_solved(self) -> int:
        """How much of the 3BV the opened cells have done (0 before the first reveal)."""
        field = self.minefield
        if field is None:
            return 0
        return Openings(field.rows, field.cols, field.mines).solved_in(self.opened_mask())

    def opened_mask(self) -> bytes:
        """The opened cells as a mask of padded cells (board.opened_mask): 1 where a
        safe cell is open (those of opened_cells)."""
        flagged = self._mark.translate(_FLAGGED)
        return opened_mask(self._geo, self._openable, self._mine, flagged)

    def opened_cells(self) -> list[Cell]:
        """Every safe cell the player has opened, in row order."""
        geo, openable, mark = self._geo, self._openable, self._mark
        interior = geo.interior
        return [
            geo.cell(i)
            for i in range(geo.size)
            if interior[i] and not openable[i] and mark[i] != _FLAG and not self._mine[i]
        ]

    @property
    def exploded(self) -> list[Cell]:
        """The mines the losing move opened (none before a loss), in row order."""
        return sorted(self._geo.cell(i) for i in self._exploded)

    @property
    def opened_count(self) -> int:
        """How many safe cells are open."""
        return self._opened

    def open_map(self) -> bytes:
        """One byte a cell, row by row: 0 where the cell is open, 1 where it is not
        (hidden, flagged or question-marked). For an overview of a big board: a
        slice a row, whatever the number of cells."""
        return open_map(self._geo, self._openable, self._flags)

    @property
    def status(self) -> Status:
        """READY until the first reveal, then PLAYING, then WON or LOST."""
        return self._status

    @property
    def flags(self) -> int:
        """The number of flags on the board (all mines once the game is won)."""
        return self._mines if self._status is Status.WON else len(self._flags)

    @property
    def mines_left(self) -> int:
        """Mines minus flags, as the mine counter shows it; may be negative."""
        return self._mines - self.flags

    def look(self, row: int, col: int) -> Look:
        """How the cell at (row, col) looks to the player."""
        return self._look(self._geo.index(row, col))

    def _look(self, i: int) -> Look:
        status = self._status
        mark = self._mark[i]
        if status is Status.LOST:
            if i in self._exploded:
                return Look.EXPLODED
            if self._mine[i]:
                return Look.FLAG if mark == _FLAG else Look.MINE
            if mark == _FLAG:
                return Look.WRONG_FLAG
        elif status is Status.WON and self._mine[i]:
            return Look.FLAG
        if self._openable[i]:
            return Look.QUESTION if mark == _QUESTION else Look.HIDDEN
        if mark == _FLAG:
            return Look.FLAG
        return Look(self._count[i])

    def view(self) -> str:
        """The board as the player sees it, one line per row (see the rule book)."""
        geo, look = self._geo, self._look
        starts = [(row + 1) * geo.width + 1 for row in range(geo.rows)]
        return "\n".join("".join([look(i).char for i in range(s, s + geo.cols)]) for s in starts)

    def __repr__(self) -> str:
        state = f"{self._mines} mines, {self._status.value}, {self.mines_left} left"
        return f"<Game {self.rows}x{self.cols}, {state}>"

    # ----------------------------------------------------------------- actions

    def apply(self, move: Move) -> Delta:
        """Play a move value (see moves.py)."""
        if move.action is Action.REVEAL:
            return self.reveal(move.row, move.col)
        if move.action is Action.MARK:
            return self.toggle_mark(move.row, move.col)
        return self.chord(move.row, move.col)

    def reveal(self, row: int, col: int) -> Delta:
        """Open a hidden or question-marked cell (left release).

        A flagged cell does nothing. An opened cell does nothing, or chords when
        ``left_click_chords`` is on. The first reveal of a new game places the mines.
        """
        i = self._geo.index(row, col)
        if self._status.is_over:
            return self._nothing()
        if not self._openable[i]:
            if self._mark[i] != _FLAG and self._left_click_chords:
                return self.chord(row, col)
            return self._nothing()
        if self._status is Status.READY:
            if not self._placed:
                self.lay_mines_for(row, col)
            self._status = Status.PLAYING
        if self._fate is not Fate.NONE:
            self._meet_fate([i])
        runs: list[int] = []
        if self._mine[i]:
            return self._lose([i], runs, opened=0)
        opened = self._open([i], runs)
        return self._finish_opening(runs, opened)

    def lay_mines_for(self, row: int, col: int, dealt: Dealt | None = None) -> None:
        """Place the mines as a first reveal of (row, col) would, without revealing
        it (a shared board: one layout for everyone). Placed mines stay put.
        ``dealt``: positions_steps' end for this game and cell (a long deal, stepped)."""
        if self._placed:
            return

        start = self._geo.index(row, col)
        if dealt is None:
            geo, rule, counted = self._geo, self._first_click, self._fate is Fate.NONE
            dealt = finish(positions_steps(geo, self._mines, start, rule, self._seed, counted))
        positions, proved = dealt
        if proved is not None:
            self._no_guess_guaranteed = proved
        self._lay_mines(positions)
        self._placed_from = (row, col)

    @property
    def placed_from(self) -> Cell | None:
        """The cell the mines were placed around (the first reveal, or a shared
        board's start cell); None before that, and for a game on a given layout."""
        return self._placed_from

    def toggle_mark(self, row: int, col: int) -> Delta:
        """Cycle the mark of a cell that is not open (right release).

        hidden -> flag -> question mark -> hidden; without question marks,
        hidden -> flag -> hidden. An opened cell does nothing. Under flag recursion
        a flag placed chords each opened number around it that it completed.
        """
        i = self._geo.index(row, col)
        if self._status.is_over:
            return self._nothing()
        mark = self._mark[i]
        if mark == _FLAG:
            new = Mark.QUESTION if self._marks else Mark.NONE
            self._flags.discard(i)
            self._openable[i] = 1
            self._zero[i] = 1 if self._is_safe_zero(i) else 0
        elif self._openable[i]:
            new = Mark.FLAG if mark == Mark.NONE else Mark.NONE
            if new is Mark.FLAG:
                self._flags.add(i)
                self._openable[i] = 0
                self._zero[i] = 0
        else:
            return self._nothing()  # opened
        self._mark[i] = new
        if new is not Mark.FLAG or not self._recursion.on_flag or self._status.is_over:
            return Delta(CellSet([i, i + 1], self._geo.width), mark=new)
        runs: list[int] = []  # (flag recursion: the numbers it completed chord, on)
        delta = self._chords(self._geo.neighbours(i), runs, chains=True)
        if (row, col) not in delta.changed:
            delta = delta._replace(changed=CellSet([*runs, i, i + 1], self._geo.width))
        return delta._replace(mark=new)

    def chord(self, row: int, col: int) -> Delta:
        """Open the unflagged neighbours of a number whose flags are all placed.

        On an opened number with exactly that many flags around it, every
        neighbour that is neither flagged nor opened opens; if any is a mine the
        game is lost and every such mine explodes. Otherwise nothing happens.
        Under chord recursion every number it opens is chorded in turn.
        """
        i = self._geo.index(row, col)
        if self._status is not Status.PLAYING:
            return self._nothing()
        return self._chords([i], [], chains=self._recursion.on_chord)

    def _chords(self, numbers: list[int], runs: list[int], *, chains: bool) -> Delta:
        """Chord each opened number given that can be chorded (chain.py); with
        ``chains``, every number they open too, until nothing more opens."""
        geo, mine = self._geo, self._mine
        chain = Chain(self._count, self._mark, self._openable, geo.offsets, numbers)
        opened = 0
        while self._opened < self._safe and (targets := chain.next()):
            if self._fate is not Fate.NONE:
                self._meet_fate(targets)
            start = len(runs)
            # The safe cells of a losing chord open as well, as they did in the
            # classic game: the player sees what the chord uncovered.
            opened += self._open([n for n in targets if not mine[n]], runs)
            mines = [n for n in targets if mine[n]]
            if mines:
                return self._lose(mines, runs, opened)
            if chains:
                chain.add(runs, start)
            else:
                break
        return self._finish_opening(runs, opened)

    def _meet_fate(self, cells: list[int]) -> None:
        """The mines move as the game's fate says before these cells open (fate.py)."""
        moved = fated_layout(self, [self._geo.cell(c) for c in cells])
        if moved is not None:
            self.move_mines(moved)

    def move_mines(self, minefield: Minefield) -> None:
        """Lay the mines anew, every cell's mark and opened state kept (the caller makes
        sure the opened numbers stay true: fate.py does)."""
        for p in self._positions:
            self._mine[p] = 0
        self._minefield = None
        self._lay_mines([self._geo.index(row, col) for row, col in minefield])

    # ----------------------------------------------------------------- the machinery

    def _nothing(self) -> Delta:
        return Delta(CellSet(EMPTY_RUNS, self._geo.width))

    def _is_safe_zero(self, i: int) -> bool:
        return self._placed and not self._mine[i] and self._count[i] == 0

    def _open(self, seeds: list[int], runs: list[int]) -> int:
        """Open safe, openable cells; zeros cascade. Appends the opened runs; returns
        how many cells opened."""
        zero_seeds = [s for s in seeds if self._zero[s]]
        opened = self._cascade(zero_seeds, runs) if zero_seeds else 0
        openable, mark = self._openable, self._mark
        for s in seeds:
            if openable[s]:  # a number (or a zero a cascade above already opened)
                openable[s] = 0
                mark[s] = 0
                self._zero[s] = 0
                runs.append(s)
                runs.append(s + 1)
                opened += 1
        self._opened += opened
        return opened

    def _cascade(self, seeds: list[int], runs: list[int]) -> int:
        """Open the zero region around the seeds and its border of numbers (cascade.py)."""
        return cascade(self._zero, self._openable, self._mark, self._geo.width, seeds, runs)

    def _finish_opening(self, runs: list[int], opened: int) -> Delta:
        if self._opened == self._safe:
            self._status = Status.WON
            # Every mine not already flagged now shows a flag.
            mark = self._mark
            for p in self._positions:
                if mark[p] != _FLAG:
                    runs.append(p)
                    runs.append(p + 1)
            return Delta(CellSet(runs, self._geo.width), opened=opened, won=True)
        return Delta(CellSet(runs, self._geo.width), opened=opened)

    def _lose(self, exploded: list[int], runs: list[int], opened: int) -> Delta:
        self._status = Status.LOST
        self._exploded = set(exploded)
        mark, mine = self._mark, self._mine
        # The look of every unflagged mine changes (exploded or shown), and of
        # every wrong flag (crossed out); correct flags stay as they are.
        for p in self._positions:
            if mark[p] != _FLAG:
                runs.append(p)
                runs.append(p + 1)
        for f in self._flags:
            if not mine[f]:
                runs.append(f)
                runs.append(f + 1)
        cells = tuple(self._geo.cell(p) for p in sorted(exploded))
        return Delta(CellSet(runs, self._geo.width), opened=opened, exploded=cells)

    # ----------------------------------------------------------------- saving

    def to_snapshot(self) -> dict[str, Any]:
        """The whole game as a JSON-compatible dict (for resume); see from_snapshot."""
        geo = self._geo
        rows = snapshot.cell_rows(geo, self._mark, self._openable, self._mine)
        saved = {
            "rows": geo.rows,
            "cols": geo.cols,
            "mines": self._mines,
            "placed": self._placed,
            "cells": rows,
            "status": self._status.value,
            "exploded": [list(geo.cell(p)) for p in sorted(self._exploded)],
            "first_click": self._first_click.value,
            "marks": self._marks,
            "left_click_chords": self._left_click_chords,
            "seed": self._seed,
        }
        if self._fate is not Fate.NONE:
            saved["fate"] = self._fate.value
        if self._recursion is not Recursion.NONE:
            saved["recursion"] = self._recursion.value
        if self._no_guess_guaranteed is not None:
            saved["no_guess_guaranteed"] = self._no_guess_guaranteed
        return saved

    @classmethod
    def from_snapshot(cls, data: object) -> Game:
        """Restore a game saved by to_snapshot; raises SnapshotError on anything wrong.

        Cells are one letter each: 'h' hidden, 'f' flagged, 'q' question-marked, 'o'
        opened; upper case where the cell holds a mine. A game saved before its first
        reveal comes back unplaced, with its seed (one written before seeds were kept
        draws a new one)."""
        saved = snapshot.read(data)
        game = cls(
            saved.geometry,
            saved.mines,
            positions=None,
            first_click=saved.first_click,
            marks=saved.marks,
            left_click_chords=saved.left_click_chords,
            seed=draw_seed() if saved.seed is None and not saved.placed else saved.seed,
            fate=saved.fate,
            recursion=saved.recursion,
        )
        if saved.placed:
            game._lay_mines(saved.positions)
        game._no_guess_guaranteed = saved.no_guess_guaranteed
        game._opened = snapshot.restore_cells(
            saved, game._openable, game._zero, game._mark, game._flags
        )
        game._exploded = set(saved.exploded)
        game._status = saved.status
        return game

    def hint(self) -> Hint | None:
        """The next thing logic finds (hints.py); None once the game is over."""
        return hints.hint(self)

    def mine_cells(self) -> list[Cell]:
        """Where the mines are, sorted (empty before a new game's first reveal).
        The window never shows them while playing."""
        return sorted(self._geo.cell(p) for p in self._positions)
