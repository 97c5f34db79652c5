"""Board codes: a board's size, mines, rules, seed and start cell in 31 letters and
digits, so a player can pass a board to another (``python -m game --board CODE``),
and the daily board: the same board for everyone on a date, with no network.

A code is a packed, versioned, checksummed record in Crockford base32 (no I, L,
O or U; read case-blind, with I and L as 1 and O as 0), shown in groups of five
or six joined by hyphens::

    bits  what
    4     version (2; 1 in the older, shorter codes)
    10    rows (up to 1000)
    10    columns (up to 1000)
    20    mines
    2     first click: 0 opening, 1 safe, 2 no guessing
    1     question marks
    1     left-click chords
    63    seed
    10    start row      (version 2 only)
    10    start column   (version 2 only)
    20    checksum: the first 20 bits of BLAKE2b-64 of the bits above (as 17 bytes;
          14 bytes for version 1)

A version 2 code is one layout for every player: the mines are placed from the seed
as a first reveal of the start cell would place them, before play, and the start
cell is shown ringed until the first move (so it opens an area under the opening
and no-guess rules). Its 151 bits (4 spare at the top, always 0) make 31 base32
characters. A version 1 code (27 characters, 135 bits) has no start cell: its mines
are placed at the player's first click, as when it was handed out; it is still read
and keeps that meaning.

Pure Python; ``parse`` refuses anything wrong with a one-line BoardCodeError.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.board import MAX_SEED
from game.core.delta import Cell
from game.core.record import Record
from game.language import N_, Words
from game.rules import (
    PRESETS,
    Board,
    BoardChoiceError,
    Difficulty,
    FirstClick,
    GameRules,
    playable,
)
from game.session.play import shared_start

if TYPE_CHECKING:
    from datetime import date

VERSION = 2
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 31
"""A code's letters and digits (version 2)."""
LENGTH_V1 = 27
"""A version 1 code's."""
MAX_TEXT = 64
"""The longest text read as a code (its groups, hyphens and spaces as pasted)."""
_SIZE_BITS, _MINE_BITS, _RULE_BITS = 10, 20, 2
_CHECK_BITS = 20
_V1_BITS = 111
_START_BITS = 2 * _SIZE_BITS
_READ = {ch: value for value, ch in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
_RULES = (FirstClick.OPENING, FirstClick.SAFE, FirstClick.NOGUESS)  # their order is the code


class BoardCodeError(ValueError):
    """A code that names no board: the message is one line for the player."""


class BoardCode(Record):
    """A board that can be dealt again anywhere: size, rules and seed; ``start``: where
    the mines are placed from, before play (None: a version 1 code, whose mines the
    player's first click places)."""

    __slots__ = ("board", "rules", "seed", "start")

    def __init__(
        self, board: Board, rules: GameRules, seed: int, start: Cell | None = None
    ) -> None:
        self.board = board
        self.rules = rules
        self.seed = seed
        self.start = start
        if type(self.seed) is not int or not 0 <= self.seed <= MAX_SEED:
            raise BoardCodeError(
                Words(N_("a seed is a whole number from 0 to {most}"), most=MAX_SEED)
            )
        if self.start is not None:
            row, col = self.start
            if not (0 <= row < self.board.rows and 0 <= col < self.board.cols):
                raise BoardCodeError(Words(N_("the board code's start cell is off its board")))

    @property
    def version(self) -> int:
        """2 for a code with a start cell, else 1."""
        return 1 if self.start is None else 2

    @property
    def code(self) -> str:
        """The code, grouped for reading: XXXXX-XXXXX-XXXXX-XXXXX-XXXXX-XXXXXX (a
        version 1 code: XXXXX-XXXXX-XXXXX-XXXXXX-XXXXXX)."""
        rules = self.rules
        value = self.version
        fields = [
            (self.board.rows, _SIZE_BITS),
            (self.board.cols, _SIZE_BITS),
            (self.board.mines, _MINE_BITS),
            (_RULES.index(rules.first_click), _RULE_BITS),
            (int(rules.question_marks), 1),
            (int(rules.left_click_chords), 1),
            (self.seed, 63),
        ]
        if self.start is not None:
            fields += [(self.start[0], _SIZE_BITS), (self.start[1], _SIZE_BITS)]
        for part, bits in fields:
            value = (value << bits) | part
        value = (value << _CHECK_BITS) | _check(value, self.version)
        length = LENGTH if self.start is not None else LENGTH_V1
        chars = []
        for _ in range(length):
            chars.append(ALPHABET[value & 31])
            value >>= 5
        text = "".join(reversed(chars))
        if self.start is None:
            return f"{text[:5]}-{text[5:10]}-{text[10:15]}-{text[15:21]}-{text[21:]}"
        return "-".join([*(text[i : i + 5] for i in range(0, 25, 5)), text[25:]])

    def __str__(self) -> str:
        return self.code


def _digest(data: bytes, daily: bool) -> bytes:
    """The digest of a code's data for its check (BLAKE2b, 8 bytes) or of a day's words
    for its daily board (SHA-256)."""
    import hashlib  # (OpenSSL, about 3 ms: with the first code made or read, not at start)

    return hashlib.sha256(data).digest() if daily else hashlib.blake2b(data, digest_size=8).digest()


def _check(data: int, version: int) -> int:
    size = 14 if version == 1 else 17
    digest = _digest(data.to_bytes(size, "big"), daily=False)
    return int.from_bytes(digest, "big") >> (64 - _CHECK_BITS)


def parse(text: str) -> BoardCode:
    """The board a code names; raises BoardCodeError (one line) for anything else."""
    if not isinstance(text, str):
        raise BoardCodeError(Words(N_("a board code is text")))
    if len(text) > MAX_TEXT:
        raise BoardCodeError(
            Words(N_("a board code is {n} letters and digits; this is far longer"), n=LENGTH)
        )
    letters = "".join(text.split()).replace("-", "").upper()
    if len(letters) not in (LENGTH, LENGTH_V1):
        raise BoardCodeError(
            Words(
                N_("a board code is {n} letters and digits; got {got}"), n=LENGTH, got=len(letters)
            )
        )
    value = 0
    for ch in letters:
        digit = _READ.get(ch)
        if digit is None:
            raise BoardCodeError(Words(N_("a board code has no {letter} in it"), letter=repr(ch)))
        value = (value << 5) | digit
    shared = len(letters) == LENGTH
    version = 2 if shared else 1
    data, check = value >> _CHECK_BITS, value & ((1 << _CHECK_BITS) - 1)
    if data >> (_V1_BITS + (_START_BITS if shared else 0)) or _check(data, version) != check:
        raise BoardCodeError(Words(N_("the board code is mistyped (its check does not match)")))
    start_row = start_col = 0
    if shared:
        start_col = data & ((1 << _SIZE_BITS) - 1)
        start_row = (data >> _SIZE_BITS) & ((1 << _SIZE_BITS) - 1)
        data >>= _START_BITS
    seed = data & MAX_SEED
    data >>= 63
    fields = []
    for bits in (1, 1, _RULE_BITS, _MINE_BITS, _SIZE_BITS, _SIZE_BITS):
        fields.append(data & ((1 << bits) - 1))
        data >>= bits
    chords, marks, first, mines, cols, rows = fields
    if data != version:
        raise BoardCodeError(
            Words(
                N_("board code version {version}; this game reads versions 1 and 2"), version=data
            )
        )
    if first >= len(_RULES):
        raise BoardCodeError(Words(N_("the board code names no first-click rule this game knows")))
    try:
        board = playable(rows, cols, mines)
    except BoardChoiceError as error:
        raise BoardCodeError(
            Words(N_("the board code names no board: {error}"), error=error)
        ) from None
    rules = GameRules(_RULES[first], bool(marks), bool(chords))
    return BoardCode(board, rules, seed, (start_row, start_col) if shared else None)


# ---------------------------------------------------------------------- the daily board

DAILY_BOARD = PRESETS[Difficulty.INTERMEDIATE]
DAILY_RULES = GameRules()
"""Everyone plays the daily board by the same rules, on one layout."""


def daily(day: date) -> BoardCode:
    """The daily board of a date: the same everywhere, with no network."""
    digest = _digest(f"minesweeper daily {day.isoformat()}".encode(), daily=True)
    seed = int.from_bytes(digest[:8], "big") & MAX_SEED
    return BoardCode(DAILY_BOARD, DAILY_RULES, seed, shared_start(DAILY_BOARD, seed))
