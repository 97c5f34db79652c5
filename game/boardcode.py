"""Board codes: a board's size, mines, rules and seed in 27 letters and digits, so a
player can pass a board to another (``python -m game --board CODE``), and the
daily board: the same board for everyone on a date, with no network.

A code is a packed, versioned, checksummed record in Crockford base32 (no I, L,
O or U; read case-blind, with I and L as 1 and O as 0), shown in groups of five
or six joined by hyphens::

    bits  what
    4     version (1)
    10    rows (up to 1000)
    10    columns (up to 1000)
    20    mines
    2     first click: 0 opening, 1 safe, 2 no guessing
    1     question marks
    1     left-click chords
    63    seed
    20    checksum: the first 20 bits of BLAKE2b-64 of the 111 bits above (as 14 bytes)

The 135 bits (4 spare at the top, always 0) make 27 base32 characters.

Pure Python; ``parse`` refuses anything wrong with a one-line BoardCodeError.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date

from game.core import MAX_SEED
from game.rules import PRESETS, Board, BoardChoiceError, Difficulty, FirstClick, GameRules, custom

VERSION = 1
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 27
_DATA_BITS = 111
_SIZE_BITS, _MINE_BITS, _RULE_BITS = 10, 20, 2
_CHECK_BITS = 20
_READ = {ch: value for value, ch in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
_RULES = (FirstClick.OPENING, FirstClick.SAFE, FirstClick.NOGUESS)  # their order is the code


class BoardCodeError(ValueError):
    """A code that names no board: the message is one line for the player."""


@dataclass(frozen=True)
class BoardCode:
    """A board that can be dealt again anywhere: size, rules and seed."""

    board: Board
    rules: GameRules
    seed: int

    def __post_init__(self) -> None:
        if type(self.seed) is not int or not 0 <= self.seed <= MAX_SEED:
            raise BoardCodeError(f"a seed is a whole number from 0 to {MAX_SEED}")

    @property
    def code(self) -> str:
        """The code, grouped for reading: XXXXX-XXXXX-XXXXX-XXXXXX-XXXXXX."""
        rules = self.rules
        value = VERSION
        for part, bits in (
            (self.board.rows, _SIZE_BITS),
            (self.board.cols, _SIZE_BITS),
            (self.board.mines, _MINE_BITS),
            (_RULES.index(rules.first_click), _RULE_BITS),
            (int(rules.question_marks), 1),
            (int(rules.left_click_chords), 1),
            (self.seed, 63),
        ):
            value = (value << bits) | part
        value = (value << _CHECK_BITS) | _check(value)
        chars = []
        for _ in range(LENGTH):
            chars.append(ALPHABET[value & 31])
            value >>= 5
        text = "".join(reversed(chars))
        return f"{text[:5]}-{text[5:10]}-{text[10:15]}-{text[15:21]}-{text[21:]}"

    def __str__(self) -> str:
        return self.code


def _check(data: int) -> int:
    digest = hashlib.blake2b(data.to_bytes(14, "big"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - _CHECK_BITS)


def parse(text: str) -> BoardCode:
    """The board a code names; raises BoardCodeError (one line) for anything else."""
    if not isinstance(text, str):
        raise BoardCodeError("a board code is text")
    if len(text) > 64:
        raise BoardCodeError(f"a board code is {LENGTH} letters and digits; this is far longer")
    letters = "".join(text.split()).replace("-", "").upper()
    if len(letters) != LENGTH:
        raise BoardCodeError(f"a board code is {LENGTH} letters and digits; got {len(letters)}")
    value = 0
    for ch in letters:
        digit = _READ.get(ch)
        if digit is None:
            raise BoardCodeError(f"a board code has no {ch!r} in it")
        value = (value << 5) | digit
    data, check = value >> _CHECK_BITS, value & ((1 << _CHECK_BITS) - 1)
    if data >> _DATA_BITS or _check(data) != check:
        raise BoardCodeError("the board code is mistyped (its check does not match)")
    seed = data & MAX_SEED
    data >>= 63
    fields = []
    for bits in (1, 1, _RULE_BITS, _MINE_BITS, _SIZE_BITS, _SIZE_BITS):
        fields.append(data & ((1 << bits) - 1))
        data >>= bits
    chords, marks, first, mines, cols, rows = fields
    if data != VERSION:
        raise BoardCodeError(f"board code version {data}; this game reads version {VERSION}")
    if first >= len(_RULES):
        raise BoardCodeError("the board code names no first-click rule this game knows")
    try:
        board = custom(rows, cols, mines)
    except BoardChoiceError as error:
        raise BoardCodeError(f"the board code names no board: {error}") from None
    rules = GameRules(_RULES[first], bool(marks), bool(chords))
    return BoardCode(board, rules, seed)


# ---------------------------------------------------------------------- the daily board

DAILY_BOARD = PRESETS[Difficulty.INTERMEDIATE]
DAILY_RULES = GameRules()
"""Everyone plays the daily board by the same rules (the first click decides the mines)."""


def daily(day: date) -> BoardCode:
    """The daily board of a date: the same everywhere, with no network."""
    digest = hashlib.sha256(f"minesweeper daily {day.isoformat()}".encode()).digest()
    seed = int.from_bytes(digest[:8], "big") & MAX_SEED
    return BoardCode(DAILY_BOARD, DAILY_RULES, seed)
