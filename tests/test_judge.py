"""Every click judged: hand-made positions, and random games on small boards whose
every judgment a brute force over all layouts confirms."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.analysis.judge import MoveClass, MoveKind, judge
from game.core.game import Game
from game.core.look import Look
from game.core.minefield import Minefield
from game.core.moves import chord, mark, reveal


def layouts_fitting(game: Game) -> list[frozenset[tuple[int, int]]]:
    """Every placement of the game's mines that agrees with the numbers shown (flags
    and question marks are hidden cells): the brute force."""
    rows, cols = game.rows, game.cols
    shown: dict[tuple[int, int], int] = {}
    hidden: list[tuple[int, int]] = []
    for r in range(rows):
        for c in range(cols):
            look = game.look(r, c)
            if look <= Look.OPEN_8:
                shown[(r, c)] = int(look)
            else:
                hidden.append((r, c))
    fitting = []
    for mines in combinations(hidden, game.mines):
        placed = frozenset(mines)
        if all(
            sum(
                (rr, cc) in placed
                for rr in range(r - 1, r + 2)
                for cc in range(c - 1, c + 2)
                if (rr, cc) != (r, c)
            )
            == n
            for (r, c), n in shown.items()
        ):
            fitting.append(placed)
    return fitting


LAYOUT = """
*....
.....
..*..
.....
....*
"""


def test_the_first_reveal_is_logic_and_a_wasted_click_is_wasted() -> None:
    game = Game.from_layout(LAYOUT)
    judged = judge(game, [(0, reveal(4, 0)), (500, reveal(4, 0)), (900, mark(0, 0))])
    first, again, flag = judged.moves
    assert (first.verdict, first.kind, first.think_ms) == (MoveClass.LOGIC, MoveKind.OPEN, 0)
    assert again.verdict is MoveClass.WASTED and again.think_ms == 500
    assert flag.kind is MoveKind.FLAG and flag.think_ms == 400
    assert first.bbbv_solved >= 1 and again.bbbv_solved == first.bbbv_solved


def test_a_flag_taken_off_is_wasted_and_a_death_keeps_its_cause() -> None:
    game = Game.from_layout(LAYOUT)
    judged = judge(
        game,
        [(0, reveal(4, 0)), (10, mark(0, 0)), (20, mark(0, 0)), (30, reveal(2, 2))],
    )
    _, flag, question, boom = judged.moves
    assert flag.kind is MoveKind.FLAG
    assert (
        question.kind in (MoveKind.QUESTION, MoveKind.UNFLAG)
        and question.verdict is MoveClass.WASTED
    )
    assert boom.verdict is MoveClass.DEATH and boom.cause is not None
    assert judged.count(MoveClass.DEATH) == 1


def test_a_chord_on_a_wrong_flag_kills_and_says_how_unsure_it_was() -> None:
    layout = """
.....
.*...
.....
.....
....*
"""
    game = Game.from_layout(layout)
    # A lone 1 in the corner, a flag on the wrong neighbour, then a chord on the 1.
    judged = judge(game, [(0, reveal(0, 0)), (10, mark(0, 1)), (20, chord(0, 0))])
    opened, flag, boom = judged.moves
    assert opened.verdict is MoveClass.LOGIC and flag.verdict is MoveClass.GUESS
    assert boom.kind is MoveKind.CHORD and boom.verdict is MoveClass.DEATH
    assert boom.cause is MoveClass.GUESS and boom.p_safe is not None and 0 < boom.p_safe < 1
    assert judged.luck == boom.p_safe


def test_a_forced_guess_gives_its_exact_chance_and_the_best_there_was() -> None:
    # The first click opens the middle; two pairs are left, each hiding one mine:
    # nothing is certain anywhere, every hidden cell is safe one time in two.
    game = Game.from_layout("*...*\n.....")
    judged = judge(game, [(0, reveal(1, 2)), (700, reveal(1, 0))])
    _, guess = judged.moves
    assert guess.verdict is MoveClass.GUESS
    assert guess.p_safe == Fraction(1, 2) and guess.best_p_safe == Fraction(1, 2)
    assert judged.luck == Fraction(1, 2)


def test_an_unsure_cell_opened_while_another_was_certain_is_a_needless_guess() -> None:
    # The 3 at the first click sees every mine of the board (3 in all): the left
    # column is certainly safe, each of the 3's other neighbours safe 5 times in 8.
    layout = ".**.\n....\n.*.."
    needless = judge(Game.from_layout(layout), [(0, reveal(1, 2)), (10, reveal(1, 1))])
    assert needless.moves[1].verdict is MoveClass.NEEDLESS_GUESS
    assert needless.moves[1].p_safe == Fraction(5, 8)
    assert needless.moves[1].best_p_safe == 1
    sure = judge(Game.from_layout(layout), [(0, reveal(1, 2)), (10, reveal(0, 0))])
    assert sure.moves[1].verdict is MoveClass.LOGIC and sure.count(MoveClass.GUESS) == 0


def test_a_certain_mine_opened_or_a_certain_safe_cell_flagged_is_a_mistake() -> None:
    # After the first click in the corner, (2, 2) is certainly a mine and (0, 2)
    # certainly safe (the brute force below agrees).
    game = Game.from_layout(LAYOUT)
    game.apply(reveal(4, 0))
    fits = layouts_fitting(game)
    assert all((2, 2) in f for f in fits) and all((0, 2) not in f for f in fits)
    flagged = judge(Game.from_layout(LAYOUT), [(0, reveal(4, 0)), (10, mark(0, 2))])
    assert flagged.moves[1].verdict is MoveClass.MISTAKE and flagged.count(MoveClass.MISTAKE) == 1
    boom = judge(Game.from_layout(LAYOUT), [(0, reveal(4, 0)), (10, reveal(2, 2))])
    death = boom.moves[1]
    assert death.verdict is MoveClass.DEATH and death.cause is MoveClass.MISTAKE
    assert death.p_safe == 0 and boom.count(MoveClass.MISTAKE) == 1


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_every_judgment_on_small_boards_agrees_with_a_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    rows, cols = rng.randint(3, 5), rng.randint(3, 5)
    count = rng.randint(2, min(6, rows * cols - 2))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mines = frozenset(rng.sample(cells, count))
    field = Minefield(rows, cols, mines)
    # A game of random reveals and flags on hidden cells.
    play = Game.from_minefield(field)
    moves = []
    for step in range(rows * cols):
        if play.status.is_over:
            break
        hidden = [cell for cell in cells if play.look(*cell) in (Look.HIDDEN, Look.FLAG)]
        if not play.opened_cells():
            hidden = [cell for cell in hidden if cell not in mines]
        if not hidden:
            break
        cell = rng.choice(hidden)
        move = mark(*cell) if rng.random() < 0.2 else reveal(*cell)
        moves.append((step * 100, move))
        play.apply(move)
    # Judge them, checking each against the brute force from the same position.
    replayed = Game.from_minefield(field)
    judged = judge(Game.from_minefield(field), moves)
    for (_, move), verdict in zip(moves, judged.moves, strict=False):
        cell = (move.row, move.col)
        if replayed.opened_cells() and replayed.look(*cell) in (Look.HIDDEN, Look.QUESTION):
            fitting = layouts_fitting(replayed)
            hidden = {
                (r, c)
                for r in range(rows)
                for c in range(cols)
                if replayed.look(r, c) in (Look.HIDDEN, Look.FLAG, Look.QUESTION)
            }
            safe_everywhere = {h for h in hidden if all(h not in f for f in fitting)}
            mine_everywhere = {h for h in hidden if all(h in f for f in fitting)}
            chance = Fraction(sum(cell not in f for f in fitting), len(fitting))
            own = verdict.cause if verdict.verdict is MoveClass.DEATH else verdict.verdict
            if move.action.value == "r":
                if cell in safe_everywhere:
                    assert own is MoveClass.LOGIC
                elif cell in mine_everywhere:
                    assert own is MoveClass.MISTAKE
                elif safe_everywhere:
                    assert own is MoveClass.NEEDLESS_GUESS and verdict.p_safe == chance
                else:
                    assert own is MoveClass.GUESS and verdict.p_safe == chance
                    best = max(
                        Fraction(sum(h not in f for f in fitting), len(fitting)) for h in hidden
                    )
                    assert verdict.best_p_safe == best
            elif replayed.look(*cell) is Look.HIDDEN:  # a flag set
                if cell in mine_everywhere:
                    assert own is MoveClass.LOGIC
                elif cell in safe_everywhere:
                    assert own is MoveClass.MISTAKE
                else:
                    assert own is MoveClass.GUESS
        replayed.apply(move)
        if replayed.status.is_over:
            break
