"""The rule modes that move the mines (game.core.fate, docs/RULES.md): the mines only
ever move to a layout that fits everything the player was shown, and each mode judges
a click as it says (strong no-guess: every guess dies; weak: a forced guess is spared,
a needless one dies; quasi: a forced guess is spared; guessable: every click not on a
proved mine is spared). Property tests over random play, the solver as the judge."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.board import Fate, FirstClick
from game.core.fate import consistent_layout
from game.core.game import Game
from game.core.minefield import Minefield
from game.core.moves import chord, mark, reveal
from game.core.solver import analyse
from game.core.status import Status
from game.rules import Board, GameRules, RuleMode

MOVING = [mode for mode in RuleMode if mode.fate is not Fate.NONE]


def shown(view: str) -> dict[tuple[int, int], str]:
    """The opened cells of a view and what each shows."""
    return {
        (r, c): ch
        for r, line in enumerate(view.splitlines())
        for c, ch in enumerate(line)
        if ch == "." or ch.isdigit()
    }


def agrees(field: Minefield, numbers: dict[tuple[int, int], str]) -> bool:
    """Every opened number (and blank) is true of the layout, and no opened cell holds
    a mine."""
    return all(
        cell not in field and field.count(*cell) == (0 if ch == "." else int(ch))
        for cell, ch in numbers.items()
    )


def kind_of_click(view: str, mines: int, cell: tuple[int, int]) -> str:
    """How the solver judges a reveal: proved safe, proved mine, a forced guess
    (nothing was provable) or a needless one (some hidden cell was proved safe)."""
    analysis = analyse(view, mines, explain=False)
    assert analysis.exact
    if cell in analysis.safe:
        return "safe"
    if cell in analysis.mines:
        return "mine"
    return "needless" if analysis.safe else "forced"


def game_of(mode: RuleMode, seed: int, size: tuple[int, int, int] = (9, 9, 10)) -> Game:
    rows, cols, mines = size
    rules = GameRules.of_mode(mode)
    return Game.new(rows, cols, mines, seed=seed, first_click=rules.first_click, fate=rules.fate)


SPARED = {
    Fate.STRONG: set(),
    Fate.WEAK: {"forced"},
    Fate.QUASI: {"forced"},
    Fate.GUESSABLE: {"forced", "needless"},
}
"""The guesses each fate spares (a reveal of a cell not proved a mine)."""
DOOMED = {Fate.STRONG: {"forced", "needless"}, Fate.WEAK: {"needless"}}
"""The guesses each fate kills whatever was under them."""


@pytest.mark.parametrize("mode", MOVING, ids=lambda mode: mode.value)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    picks=st.lists(st.tuples(st.integers(0, 4), st.integers(0, 80)), min_size=1, max_size=40),
)
def test_the_mines_move_only_to_layouts_that_fit_what_was_shown_and_as_the_mode_judges(
    mode: RuleMode, seed: int, picks: list[tuple[int, int]]
) -> None:
    game = game_of(mode, seed)
    game.reveal(4, 4)
    for kind, where in picks:
        if game.status.is_over:
            break
        before = game.view()
        numbers = shown(before)
        cell = divmod(where, 9)
        assert game.minefield is not None
        if kind <= 2 and cell not in numbers and game.look(*cell).char == "#":
            judged = kind_of_click(before, game.mines, cell)
            game.reveal(*cell)
            lost = game.status is Status.LOST
            if judged == "safe" or judged in SPARED[mode.fate]:
                assert not lost, f"{mode.value}: a {judged} click died"
            if judged in DOOMED.get(mode.fate, set()):
                assert lost, f"{mode.value}: a {judged} guess was not punished"
        elif kind == 3:
            game.toggle_mark(*cell)
        elif kind == 4:
            game.chord(*cell)
        field = game.minefield
        assert field is not None and len(field) == game.mines
        assert agrees(field, numbers), "the mines moved to a layout the player could rule out"
        assert all(shown(game.view()).get(c) == ch for c, ch in numbers.items())


@pytest.mark.parametrize("mode", MOVING, ids=lambda mode: mode.value)
def test_a_chord_over_a_wrong_flag_meets_the_modes_fate(mode: RuleMode) -> None:
    """A chord's cells are judged together: the mines stay within what was shown."""
    for seed in range(40):
        game = game_of(mode, seed)
        game.reveal(4, 4)
        numbers = shown(game.view())
        rng = random.Random(seed)
        for _ in range(30):
            if game.status.is_over:
                break
            cell = (rng.randrange(9), rng.randrange(9))
            if game.look(*cell).char == "#":
                game.toggle_mark(*cell)
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        r, c = cell[0] + dr, cell[1] + dc
                        if 0 <= r < 9 and 0 <= c < 9:
                            game.apply(chord(r, c))
            numbers |= shown(game.view())
            field = game.minefield
            assert field is not None and agrees(field, numbers)


def test_a_layout_that_fits_keeps_the_numbers_and_the_count() -> None:
    game = Game.new(16, 30, 99, seed=3, first_click="safe")
    game.reveal(8, 15)
    game.reveal(0, 0)
    view, field = game.view(), game.minefield
    assert field is not None
    hidden = [(r, c) for r in range(16) for c in range(30) if view.splitlines()[r][c] == "#"]
    rng = random.Random(0)
    for cell in rng.sample(hidden, 20):
        probability = analyse(view, 99, explain=False).probability[cell]
        for as_mine in (True, False):
            want = {"mines": {cell}} if as_mine else {"safe": {cell}}
            moved = consistent_layout(view, field, rng, **want)
            possible = probability > 0 if as_mine else probability < 1
            assert (moved is not None) == possible
            if moved is not None:
                assert len(moved) == 99 and (cell in moved) == as_mine
                assert agrees(moved, shown(view))


def forced_guesses(seeds: int) -> Iterator[Game]:
    """Beginner games under the standard rules, one a seed, after a first click at the
    corner that leaves nothing provable: the next click is a forced guess."""
    for seed in range(seeds):
        plain = Game.new(9, 9, 10, seed=seed, first_click="safe")
        plain.reveal(0, 0)
        if not plain.status.is_over and not analyse(plain.view(), 10, explain=False).safe:
            yield plain


def test_a_forced_guess_in_weak_no_guess_is_spared_where_standard_dies() -> None:
    """The same seed and clicks: the standard game's guess hits a mine, the weak
    no-guess game's forced guess (nothing provable) is made safe."""
    for plain in forced_guesses(200):
        assert plain.minefield is not None
        target = next((r, c) for r in range(9) for c in range(9) if (r, c) in plain.minefield)
        plain.reveal(*target)
        assert plain.status is Status.LOST
        weak = Game.new(9, 9, 10, seed=plain.seed, first_click="safe", fate="weak")
        weak.reveal(0, 0)
        weak.reveal(*target)
        assert weak.status is not Status.LOST
        return
    pytest.fail("no forced guess in 200 seeds")


def test_a_forced_guess_touching_no_number_is_spared_in_quasi_no_guess() -> None:
    """docs/RULES.md: a guess inside the unknown region (no opened number next to it)
    is judged as any other; forced, quasi no-guess spares it (ms-toollib would judge
    it by the nearest frontier cell, and Metasweeper keep its luck)."""
    for plain in forced_guesses(400):
        view = plain.view()
        assert plain.minefield is not None
        opened = shown(view)
        inside = [
            (r, c)
            for r in range(9)
            for c in range(9)
            if (r, c) in plain.minefield
            and not any((r + dr, c + dc) in opened for dr in (-1, 0, 1) for dc in (-1, 0, 1))
        ]
        if not inside:
            continue
        quasi = Game.new(9, 9, 10, seed=plain.seed, first_click="safe", fate="quasi")
        quasi.reveal(0, 0)
        quasi.reveal(*inside[0])
        assert quasi.status is not Status.LOST and agrees(quasi.minefield, opened)  # type: ignore[arg-type]
        plain.reveal(*inside[0])
        assert plain.status is Status.LOST
        return
    pytest.fail("no forced guess inside the unknown region in 400 seeds")


def test_a_saved_game_keeps_its_fate() -> None:
    game = Game.new(9, 9, 10, seed=1, first_click=FirstClick.NOGUESS, fate=Fate.STRONG)
    game.reveal(4, 4)
    game.apply(mark(0, 0))
    again = Game.from_snapshot(game.to_snapshot())
    assert again.fate is Fate.STRONG and again.view() == game.view()
    assert Game.from_snapshot(Game.new(9, 9, 10, seed=1).to_snapshot()).fate is Fate.NONE


def test_the_first_click_is_the_layings_not_judged() -> None:
    for seed in range(20):
        game = game_of(RuleMode.STRONG_NO_GUESS, seed)
        game.apply(reveal(seed % 9, (seed * 7) % 9))
        assert game.status is not Status.LOST


SOLVABLE_ORACLE = """
import json, sys
import ms_toollib as ms
boards = json.load(sys.stdin)
print(json.dumps([ms.is_solvable(board, row, col) for board, row, col in boards]))
"""
"""ms-toollib's is_solvable (Metasweeper's test of a no-guess board), in a child
process: it aborts on what it does not like."""


def dealer(
    mode: RuleMode,
    size: tuple[int, int, int],
    boards: list[tuple[list[list[int]], int, int]],
    names: list[str],
) -> Callable[[], None]:
    """A Hypothesis test that deals 200 boards of a size as the mode deals them (the
    seed and the first cell drawn), each proved clear by our generator, into boards
    (ms-toollib's form: -1 a mine, else the count) and names."""
    rows, cols, _ = size

    @settings(max_examples=200, deadline=None, database=None)
    @given(seed=st.integers(0, 2**63 - 1), where=st.integers(0, rows * cols - 1))
    def deal(seed: int, where: int) -> None:
        game = game_of(mode, seed, size)
        first = divmod(where, cols)
        game.reveal(*first)
        field = game.minefield
        assert field is not None and game.no_guess_guaranteed
        counts = [
            [-1 if (r, c) in field else field.count(r, c) for c in range(cols)] for r in range(rows)
        ]
        boards.append((counts, *first))
        names.append(f"{size} seed {seed} from {first}")

    return deal


@pytest.mark.parametrize("mode", [RuleMode.STRONG_NO_GUESS, RuleMode.STRONG_GUESSABLE])
def test_the_strong_modes_boards_are_solvable_without_a_guess_by_ms_toollib(
    mode: RuleMode,
) -> None:
    """200 boards a preset (seeds and first cells drawn by Hypothesis), each dealt as the
    mode deals it and judged by ms-toollib's is_solvable (no mine count, as ours)."""
    boards: list[tuple[list[list[int]], int, int]] = []
    names: list[str] = []
    for size in [(9, 9, 10), (8, 8, 10), (16, 16, 40), (16, 30, 99)]:
        dealer(mode, size, boards, names)()
    done = subprocess.run(
        [sys.executable, "-c", SOLVABLE_ORACLE],
        input=json.dumps(boards),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    verdicts = json.loads(done.stdout)
    assert len(verdicts) == len(boards) >= 4 * 200
    assert [name for name, ok in zip(names, verdicts, strict=True) if not ok] == []


def test_hostile_fates_in_a_saved_game_and_the_settings_are_one_clear_error() -> None:
    from game.core.errors import SnapshotError
    from game.persist.schema import DataError
    from game.persist.settings import Settings

    saved = Game.new(9, 9, 10, seed=1, fate=Fate.WEAK).to_snapshot()
    assert saved["fate"] == "weak"
    for bad in ("lucky", 3, None, ["weak"], "WEAK"):
        with pytest.raises(SnapshotError):
            Game.from_snapshot({**saved, "fate": bad})
    document = Settings().to_json()
    for bad in ("lucky", 3, None, ["weak"]):
        with pytest.raises(DataError):
            Settings.from_json({**document, "fate": bad})
    odd = Settings.from_json({**document, "first_click": "opening", "fate": "quasi"})
    assert odd.mode is RuleMode.QUASI_NO_GUESS
    assert odd.rules == GameRules.of_mode(RuleMode.QUASI_NO_GUESS)  # (laid as the mode lays)


def test_every_modes_category_is_a_key_the_history_takes() -> None:
    from game.modes.category import Category, all_keys
    from game.persist.game_record import GameRecord, GameRecordError

    def record(difficulty: str, first_click: str) -> GameRecord:
        return GameRecord(
            finished_at="2026-11-26T10:00:00",
            difficulty=difficulty,
            rows=16,
            cols=30,
            mines=99,
            first_click=first_click,
            seed="1",
            won=True,
            ms=1000,
        )

    for mode in RuleMode:
        category = Category.of(Board(16, 30, 99), GameRules.of_mode(mode))
        assert category.key in all_keys()
        assert Category.from_key(category.key) == category
        kept = record(category.key, mode.first_click.value)
        assert kept.difficulty == category.key  # (never moved to another family)
    assert len({Category.of(Board(16, 30, 99), GameRules.of_mode(m)).key for m in RuleMode}) == 10
    for bad in ("expert/strong", "expert/", "expert/no-guess/weak", "/weak-no-guess"):
        with pytest.raises(GameRecordError):
            record(bad, "safe")


def test_a_board_too_large_to_judge_keeps_its_mines_where_they_were_laid() -> None:
    from game.core.fate import MAX_CELLS

    game = Game.new(40, 40, 300, seed=2, first_click="safe", fate=Fate.GUESSABLE)
    assert game.rows * game.cols > MAX_CELLS
    game.reveal(20, 20)
    laid = game.minefield
    assert laid is not None
    view = game.view().splitlines()
    mine = next(  # a mine no opened number touches: a guess, not a proved mine
        (r, c)
        for r, c in laid
        if all(
            view[r + dr][c + dc] == "#"
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if 0 <= r + dr < 40 and 0 <= c + dc < 40
        )
    )
    game.reveal(*mine)  # a guess a guessable mode would spare on a smaller board
    assert game.status is Status.LOST and game.minefield == laid


def test_rules_of_equal_values_are_equal_hash_alike_and_are_checked() -> None:
    rules = GameRules(FirstClick.NOGUESS, False, True, Fate.NONE)
    same = GameRules(first_click=FirstClick.SAFE, question_marks=False, left_click_chords=True)
    assert rules != same and rules == same.laid(FirstClick.NOGUESS)
    assert hash(rules) == hash(same.laid(FirstClick.NOGUESS)) and len({rules, same}) == 2
    assert repr(rules).startswith("GameRules(first_click=<FirstClick.NOGUESS")
    assert rules.laid(FirstClick.SAFE).left_click_chords and rules != "rules"
    with pytest.raises(ValueError):
        GameRules("safe")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        GameRules(question_marks=1)  # type: ignore[arg-type]
