"""The rule book, rule by rule, as scenarios drawn on small ASCII boards.

Each test plays what a player does and compares the text view (see docs/RULES.md:
'#' hidden, 'F' flag, '?' question mark, '.' zero, digits, and after the game
'*' mine, '!' exploded, 'X' wrong flag).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from game.core.delta import Mark
from game.core.game import Game
from game.core.look import Look
from game.core.status import Status


def board(text: str) -> str:
    return textwrap.dedent(text).strip()


def game_of(layout: str, **options: bool) -> Game:
    return Game.from_layout(layout, **options)


# ---------------------------------------------------------------- the board


def test_a_new_board_is_all_hidden_and_ready() -> None:
    game = game_of("*..\n...\n..*")
    assert game.view() == "###\n###\n###"
    assert game.status is Status.READY
    assert (game.rows, game.cols, game.mines, game.mines_left) == (3, 3, 2, 2)


@pytest.mark.parametrize(
    ("layout", "cell", "shown"),
    [
        (".*\n**", (0, 0), Look.OPEN_3),  # a corner has 3 neighbours
        ("*.*\n***", (0, 1), Look.OPEN_5),  # an edge has 5
        ("***\n*.*\n***", (1, 1), Look.OPEN_8),  # an inner cell has 8
    ],
)
def test_numbers_count_the_mines_around_corners_edges_and_inner_cells(
    layout: str, cell: tuple[int, int], shown: Look
) -> None:
    game = game_of(layout)
    game.reveal(*cell)
    assert game.look(*cell) is shown


def test_a_corner_cell_with_all_three_neighbours_mined_shows_3_and_no_more() -> None:
    game = game_of("...\n.**\n.*.")
    game.reveal(2, 2)
    assert game.look(2, 2) is Look.OPEN_3


# ---------------------------------------------------------------- reveal


def test_revealing_a_number_opens_that_cell_only() -> None:
    game = game_of("*..\n...\n...")
    delta = game.reveal(1, 1)
    assert game.view() == board("""
        ###
        #1#
        ###
    """)
    assert set(delta.changed) == {(1, 1)}
    assert delta.opened == 1
    assert game.status is Status.PLAYING


def test_revealing_a_zero_cascades_to_the_region_and_its_border_of_numbers() -> None:
    game = game_of("""
        *....
        .....
        ...*.
        .....
    """)
    delta = game.reveal(0, 4)
    # (0,2)-(0,4) are zeros; the cells around them open and show their numbers.
    assert game.view() == board("""
        #1...
        #1111
        #####
        #####
    """)
    assert delta.opened == 8 and len(delta.changed) == 8
    assert game.status is Status.PLAYING


def test_a_cascade_opens_everything_up_to_the_numbers_around_a_mine() -> None:
    game = game_of("""
        .....
        .....
        ..*..
        .....
        .....
    """)
    delta = game.reveal(0, 0)
    assert delta.won
    assert game.view() == board("""
        .....
        .111.
        .1F1.
        .111.
        .....
    """)


def test_flags_stop_the_cascade_exactly() -> None:
    # A wall of flags in column 2: the zeros to its left open, nothing right of it.
    game = game_of("""
        ....*
        .....
        .....
    """)
    for row in range(3):
        game.toggle_mark(row, 2)
    delta = game.reveal(1, 0)
    assert game.view() == board("""
        ..F##
        ..F##
        ..F##
    """)
    assert delta.opened == 6
    assert game.look(0, 2) is Look.FLAG


def test_question_marks_in_the_way_are_opened_by_a_cascade() -> None:
    game = game_of("""
        .....
        .....
        ....*
    """)
    game.toggle_mark(0, 2)
    game.toggle_mark(0, 2)  # flag -> question mark
    assert game.look(0, 2) is Look.QUESTION
    delta = game.reveal(0, 0)
    assert game.view() == board("""
        .....
        ...11
        ...1F
    """)
    assert (0, 2) in delta.changed and delta.won


def test_revealing_a_question_marked_cell_opens_it() -> None:
    game = game_of("*.\n..")
    game.toggle_mark(1, 1)
    game.toggle_mark(1, 1)
    game.reveal(1, 1)
    assert game.look(1, 1) is Look.OPEN_1


def test_revealing_a_flagged_cell_does_nothing() -> None:
    game = game_of("*.\n..")
    game.toggle_mark(1, 1)
    delta = game.reveal(1, 1)
    assert delta.is_nothing and game.look(1, 1) is Look.FLAG
    assert game.status is Status.READY


def test_revealing_an_opened_cell_does_nothing_without_left_click_chords() -> None:
    game = game_of("*..\n...\n...")
    game.reveal(1, 1)
    game.toggle_mark(0, 0)
    before = game.view()
    assert game.reveal(1, 1).is_nothing
    assert game.view() == before


def test_revealing_an_opened_number_chords_with_left_click_chords_on() -> None:
    game = game_of("*..\n...\n...", left_click_chords=True)
    game.reveal(1, 1)
    game.toggle_mark(0, 0)
    delta = game.reveal(1, 1)
    assert delta.won
    assert game.view() == board("""
        F1.
        11.
        ...
    """)


def test_revealing_a_mine_loses_and_shows_the_end_of_game_view() -> None:
    game = game_of("""
        *..*
        ....
        .*..
    """)
    game.reveal(0, 1)  # a number: 1
    game.toggle_mark(0, 0)  # correct flag
    game.toggle_mark(1, 3)  # wrong flag
    game.toggle_mark(2, 1)
    game.toggle_mark(2, 1)  # a question mark on a mine
    delta = game.reveal(0, 3)
    assert game.status is Status.LOST
    assert game.view() == board("""
        F1#!
        ###X
        #*##
    """)
    assert delta.lost and delta.exploded == ((0, 3),)
    assert set(delta.changed) == {(0, 3), (1, 3), (2, 1)}


# ---------------------------------------------------------------- marks


def test_the_mark_cycle_is_hidden_flag_question_hidden() -> None:
    game = game_of("*.\n..")
    looks = []
    for _ in range(3):
        delta = game.toggle_mark(1, 1)
        looks.append((game.look(1, 1), delta.mark, game.mines_left))
    assert looks == [
        (Look.FLAG, Mark.FLAG, 0),
        (Look.QUESTION, Mark.QUESTION, 1),
        (Look.HIDDEN, Mark.NONE, 1),
    ]


def test_without_question_marks_the_cycle_is_hidden_flag_hidden() -> None:
    game = game_of("*.\n..", marks=False)
    game.toggle_mark(1, 1)
    assert game.look(1, 1) is Look.FLAG
    game.toggle_mark(1, 1)
    assert game.look(1, 1) is Look.HIDDEN


def test_marking_an_opened_cell_does_nothing() -> None:
    game = game_of("*.\n..")
    game.reveal(1, 1)
    assert game.toggle_mark(1, 1).is_nothing
    assert game.look(1, 1) is Look.OPEN_1


def test_the_mine_counter_goes_below_zero_and_ignores_question_marks() -> None:
    game = game_of("*...\n....")
    for col in range(1, 4):
        game.toggle_mark(1, col)
    assert game.mines_left == -2
    game.toggle_mark(1, 1)  # now a question mark
    assert game.mines_left == -1


def test_marks_before_the_first_reveal_keep_the_game_ready() -> None:
    game = Game.new(9, 9, 10, seed=3)
    game.toggle_mark(0, 0)
    assert game.status is Status.READY and game.mines_left == 9


# ---------------------------------------------------------------- chord


CHORD_LAYOUT = """
    *...
    ....
    ..*.
    ....
"""


def test_a_chord_with_the_right_flags_opens_the_other_neighbours() -> None:
    game = game_of(CHORD_LAYOUT)
    game.reveal(1, 1)
    game.toggle_mark(0, 0)
    game.toggle_mark(2, 2)
    delta = game.chord(1, 1)
    # (0,2) and (2,0) are zeros, so the chord cascades from both.
    assert game.view() == board("""
        F1..
        1211
        .1F#
        .1##
    """)
    assert set(delta.changed) == {
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 0),
        (1, 2),
        (1, 3),
        (2, 0),
        (2, 1),
        (3, 0),
        (3, 1),
    }
    assert delta.opened == 10 and not delta.won


def test_a_chord_with_too_few_or_too_many_flags_does_nothing() -> None:
    game = game_of(CHORD_LAYOUT)
    game.reveal(1, 1)
    game.toggle_mark(0, 0)
    assert game.chord(1, 1).is_nothing
    game.toggle_mark(2, 2)
    game.toggle_mark(0, 1)
    assert game.chord(1, 1).is_nothing


def test_question_marks_do_not_count_as_flags_for_a_chord_but_are_opened_by_it() -> None:
    game = game_of(CHORD_LAYOUT)
    game.reveal(1, 1)
    game.toggle_mark(0, 0)
    for _ in range(2):
        game.toggle_mark(2, 2)  # question mark on the mine
    assert game.chord(1, 1).is_nothing
    game.toggle_mark(2, 2)
    game.toggle_mark(2, 2)  # back to a flag
    game.toggle_mark(0, 1)
    game.toggle_mark(0, 1)  # question mark on a safe cell
    delta = game.chord(1, 1)
    assert (0, 1) in delta.changed and game.look(0, 1) is Look.OPEN_1


def test_a_chord_on_a_zero_a_hidden_cell_or_a_flag_does_nothing() -> None:
    game = game_of("""
        ....
        ....
        *..*
    """)
    game.reveal(0, 0)
    assert game.status is Status.PLAYING
    assert game.chord(0, 0).is_nothing  # a zero
    game.toggle_mark(2, 3)
    assert game.chord(2, 3).is_nothing  # a flag
    game2 = game_of(CHORD_LAYOUT)
    game2.reveal(3, 3)
    assert game2.chord(0, 3).is_nothing  # hidden


def test_a_chord_before_the_first_reveal_does_nothing() -> None:
    assert game_of(CHORD_LAYOUT).chord(1, 1).is_nothing


def test_a_chord_that_opens_a_zero_cascades() -> None:
    game = game_of("""
        *.....
        ......
        ......
    """)
    game.reveal(1, 1)
    game.toggle_mark(0, 0)
    delta = game.chord(1, 1)
    assert delta.won
    assert game.view() == board("""
        F1....
        11....
        ......
    """)


def test_a_chord_that_wins_flags_every_mine_and_zeroes_the_counter() -> None:
    game = game_of("*.\n.*")
    game.reveal(0, 1)
    game.reveal(1, 0)
    assert game.status is Status.WON
    game2 = game_of("*..\n...\n..*")
    game2.reveal(1, 1)
    game2.toggle_mark(0, 0)
    game2.toggle_mark(2, 2)
    game2.reveal(0, 1)
    delta = game2.chord(1, 1)
    assert delta.won and game2.status is Status.WON
    assert game2.mines_left == 0
    assert "#" not in game2.view()


def test_a_chord_with_a_wrong_flag_loses_and_every_mine_it_opens_explodes() -> None:
    game = game_of("""
        *.*
        ...
        ...
    """)
    game.reveal(1, 1)  # shows 2
    game.toggle_mark(1, 0)  # wrong
    game.toggle_mark(2, 0)  # wrong
    delta = game.chord(1, 1)
    assert game.status is Status.LOST
    assert delta.exploded == ((0, 0), (0, 2))
    assert game.view() == board("""
        !2!
        X21
        X..
    """)


# ---------------------------------------------------------------- win and end


def test_winning_needs_no_flags_and_shows_every_mine_flagged() -> None:
    game = game_of("""
        *..
        ...
        ..*
    """)
    game.toggle_mark(0, 0)
    assert not game.reveal(0, 2).won
    delta = game.reveal(2, 0)
    assert delta.won and game.status is Status.WON
    assert game.view() == board("""
        F1.
        121
        .1F
    """)
    assert set(delta.changed) == {(1, 0), (2, 0), (2, 1), (2, 2)}  # (2,2) now shows a flag
    assert game.mines_left == 0 and game.flags == 2


def test_every_action_after_a_loss_does_nothing() -> None:
    game = game_of("*.\n..")
    game.reveal(0, 0)
    before = game.view()
    for delta in (game.reveal(1, 1), game.toggle_mark(1, 1), game.chord(1, 1)):
        assert delta.is_nothing
    assert game.view() == before and game.status is Status.LOST


def test_every_action_after_a_win_does_nothing() -> None:
    game = game_of("*.\n..")
    for cell in ((0, 1), (1, 0), (1, 1)):
        game.reveal(*cell)
    assert game.status is Status.WON
    before = game.view()
    assert game.toggle_mark(0, 0).is_nothing
    assert game.reveal(0, 0).is_nothing
    assert game.chord(0, 1).is_nothing
    assert game.view() == before


def test_a_board_without_mines_is_won_by_the_first_click() -> None:
    game = Game.new(3, 4, 0, seed=1)
    delta = game.reveal(2, 3)
    assert delta.won and delta.opened == 12 and game.view() == "....\n....\n...."


# ---------------------------------------------------------------- first click


@pytest.mark.parametrize("seed", range(40))
def test_the_opening_rule_keeps_the_first_cell_and_its_neighbours_free(seed: int) -> None:
    game = Game.new(9, 9, 10, seed=seed)
    delta = game.reveal(0, 0)
    mines = set(game.mine_cells())
    assert not mines & {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert game.look(0, 0) is Look.OPEN_0
    assert delta.opened > 1


@pytest.mark.parametrize("seed", range(40))
def test_the_safe_rule_keeps_only_the_first_cell_free(seed: int) -> None:
    game = Game.new(3, 3, 8, seed=seed, first_click="safe")
    game.reveal(1, 1)
    assert (1, 1) not in game.mine_cells()
    assert game.look(1, 1) is Look.OPEN_8
    assert game.status is Status.WON


def test_a_board_too_dense_for_an_opening_keeps_only_the_cell_free() -> None:
    game = Game.new(3, 3, 6, seed=5)  # 9 cells, opening needs 9 free: too dense
    game.reveal(1, 1)
    assert (1, 1) not in game.mine_cells() and len(game.mine_cells()) == 6
    assert game.status is Status.PLAYING


def test_mines_are_placed_at_the_first_reveal_not_before() -> None:
    game = Game.new(9, 9, 10, seed=1)
    assert game.mine_cells() == []
    game.reveal(4, 4)
    assert len(game.mine_cells()) == 10


def test_a_flag_placed_before_the_first_reveal_survives_it() -> None:
    game = Game.new(9, 9, 10, seed=1)
    game.toggle_mark(8, 8)
    game.reveal(0, 0)
    assert game.look(8, 8) is Look.FLAG
    assert game.mines_left == 9


# ---------------------------------------------------------------- a big board


def test_a_cascade_across_a_million_cells_is_iterative() -> None:
    game = Game.new(1000, 1000, 0, seed=1)
    delta = game.reveal(999, 0)
    assert delta.won and delta.opened == 1_000_000 and len(delta.changed) == 1_000_000


def test_a_winding_corridor_cascades_without_recursion() -> None:
    # Corridors three rows high joined by three-cell gaps at alternate ends of
    # mine walls: the zeros wind back and forth, thousands of cells deep, which a
    # recursive fill could not follow.
    rows = []
    for r in range(199):
        if r % 8 == 3:
            rows.append("*" * 97 + "...")
        elif r % 8 == 7:
            rows.append("..." + "*" * 97)
        else:
            rows.append("." * 100)
    game = Game.from_layout("\n".join(rows))
    delta = game.reveal(0, 0)
    assert delta.won and game.status is Status.WON
    assert delta.opened == 199 * 100 - game.mines


def test_importing_the_engine_leaves_pygame_out() -> None:
    code = "import sys, game.core; assert 'pygame' not in sys.modules; print('clean')"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "clean"
