"""The recursive chords (EVF's modes 11 to 13, docs/RULES.md): a chord chords on through
every number it opens whose flags are all placed (chord recursion), a flag placed
chords the numbers it completes and on (flag recursion), or both; on hand-drawn
boards, against a brute force of chords played to a fixed point, on a million cells
without the recursion limit, and through our replays and EVF files."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_evf_export import record

from benchmarks.snake_board import snake
from game.core.board import Recursion
from game.core.game import Game
from game.core.minefield import Minefield
from game.core.moves import Move, chord, mark, reveal
from game.core.status import Status
from game.modes.category import Category, all_keys
from game.modes.mode import EVF_MODES, facts_of
from game.replay.drive import game_of, verify
from game.replay.evf_write import export_evf
from game.replay.formats.evf import read as read_evf
from game.replay.from_video import replay_of_video
from game.replay.reader import parse
from game.replay.tally import tally
from game.rules import Board, GameRules, RuleMode, mode_of_evf

CORRIDOR = textwrap.dedent(
    """
    *.*.*.*
    .......
    *.*.*.*
    """
).strip()
"""No zeros: every safe cell a number, so only chords open more than one cell."""
MINES = [(r, c) for r in (0, 2) for c in (0, 2, 4, 6)]
RECURSIVE = [RuleMode.CHORD_RECURSION, RuleMode.FLAG_RECURSION, RuleMode.CHORD_FLAG_RECURSION]


def corridor(recursion: Recursion, **options: bool) -> Game:
    return Game.from_minefield(Minefield.from_text(CORRIDOR), recursion=recursion, **options)


def flagged(recursion: Recursion, but: tuple[tuple[int, int], ...] = ()) -> Game:
    """The corridor with every mine flagged but ``but`` (before the game began: no
    flag recursion), and (1, 0) opened."""
    game = corridor(recursion)
    for cell in MINES:
        if cell not in but:
            game.toggle_mark(*cell)
    game.reveal(1, 0)
    return game


# ---------------------------------------------------------------- the rules


def test_a_chord_under_chord_recursion_chains_through_the_satisfied_numbers_it_opens() -> None:
    game = flagged(Recursion.CHORD)
    delta = game.chord(1, 0)
    assert game.status is Status.WON  # (the whole corridor, from one chord)
    assert delta.won and delta.opened == 21 - len(MINES) - 1


def test_the_standard_chord_stops_at_the_cells_it_opens() -> None:
    for recursion in (Recursion.NONE, Recursion.FLAG):  # (flag recursion: chords stop too)
        game = flagged(recursion)
        delta = game.chord(1, 0)
        assert game.status is Status.PLAYING and delta.opened == 3
        assert game.view() == "F2F#F#F\n24#####\nF2F#F#F"


def test_a_flag_under_flag_recursion_chords_the_number_it_completes_and_on() -> None:
    for recursion in (Recursion.FLAG, Recursion.BOTH):
        game = flagged(recursion, but=((2, 0),))
        assert game.view() == "F#F#F#F\n2######\n##F#F#F"
        delta = game.toggle_mark(2, 0)
        assert game.status is Status.WON
        assert delta.mark is not None and delta.won and delta.opened == 21 - len(MINES) - 1
        assert (2, 0) in delta.changed


def test_chord_recursion_does_not_start_on_a_flag() -> None:
    for recursion in (Recursion.NONE, Recursion.CHORD):
        game = flagged(recursion, but=((2, 0),))
        delta = game.toggle_mark(2, 0)
        assert delta.opened == 0 and set(delta.changed) == {(2, 0)}
        assert game.status is Status.PLAYING
        assert game.view() == "F#F#F#F\n2######\nF#F#F#F"


def test_a_recursive_chord_that_reaches_an_unflagged_mine_loses() -> None:
    """A wrong flag satisfies a number the chain reaches: its chord opens a mine."""
    game = flagged(Recursion.CHORD, but=((2, 2),))
    game.toggle_mark(0, 3)  # (a wrong flag: (1, 2) counts it as its second)
    delta = game.chord(1, 0)
    assert game.status is Status.LOST
    assert delta.exploded == ((2, 2),)
    standard = flagged(Recursion.NONE, but=((2, 2),))
    standard.toggle_mark(0, 3)
    standard.chord(1, 0)
    assert standard.status is Status.PLAYING


def test_a_left_click_that_chords_chains_too() -> None:
    game = corridor(Recursion.CHORD, left_click_chords=True)
    game.reveal(1, 0)
    for cell in MINES:
        game.toggle_mark(*cell)
    game.reveal(1, 0)  # (on the opened 2: a chord)
    assert game.status is Status.WON


def test_the_recursion_is_saved_with_the_game() -> None:
    game = flagged(Recursion.BOTH, but=((2, 0),))
    again = Game.from_snapshot(game.to_snapshot())
    assert again.recursion is Recursion.BOTH
    again.toggle_mark(2, 0)
    assert again.status is Status.WON


@pytest.mark.parametrize("bad", ["sideways", 5, [1], None, {"a": 1}, "CHORD"])
def test_a_saved_game_with_a_bad_recursion_is_one_clear_line(bad: object) -> None:
    from game.core.errors import SnapshotError

    saved = flagged(Recursion.CHORD).to_snapshot()
    with pytest.raises(SnapshotError) as error:
        Game.from_snapshot({**saved, "recursion": bad})
    assert "\n" not in str(error.value) and "recursion" in str(error.value)


# ---------------------------------------------------------------- the brute force


def brute(game: Game, numbers: list[tuple[int, int]], before: set[tuple[int, int]]) -> None:
    """Chord the given numbers, then every number opened since ``before`` over and over
    with the standard chord, until nothing more opens (the definition, slowly)."""
    for cell in numbers:
        game.chord(*cell)
    while game.status is Status.PLAYING:
        opened = set(game.opened_cells()) - before
        if not any(not game.chord(*cell).is_nothing for cell in sorted(opened)):
            return


@settings(max_examples=150, deadline=None, database=None)
@given(
    rows=st.integers(3, 9),
    cols=st.integers(3, 9),
    data=st.data(),
    trigger=st.sampled_from(["chord", "flag"]),
)
def test_a_recursive_chord_opens_what_chords_played_to_a_fixed_point_open(
    rows: int, cols: int, data: st.DataObject, trigger: str
) -> None:
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mines = data.draw(st.sets(st.sampled_from(cells), min_size=1, max_size=len(cells) // 3))
    field = Minefield(rows, cols, mines)
    safe = [cell for cell in cells if cell not in mines]
    opened = data.draw(st.lists(st.sampled_from(safe), min_size=1, max_size=6))
    flags = data.draw(st.sets(st.sampled_from(cells)))  # (some wrong, now and then)
    recursion = Recursion.CHORD if trigger == "chord" else Recursion.FLAG
    games = [Game.from_minefield(field, recursion=r) for r in (recursion, Recursion.NONE)]
    for game in games:  # (the flags first: a flag placed before the game chords nothing)
        for cell in sorted(flags):
            game.toggle_mark(*cell)
        for cell in opened:
            game.reveal(*cell)
    chained, slow = games
    if chained.status is not Status.PLAYING:
        return
    before = set(slow.opened_cells())
    if trigger == "chord":
        numbers = sorted(before)
        cell = data.draw(st.sampled_from(numbers))
        chained.chord(*cell)
        brute(slow, [cell], before)
    else:
        hidden = [c for c in cells if slow.look(*c).char == "#"]
        if not hidden:
            return
        cell = data.draw(st.sampled_from(hidden))
        chained.toggle_mark(*cell)
        slow.toggle_mark(*cell)
        r, c = cell
        around = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]
        brute(slow, [n for n in around if n in before], before)
    assert chained.status is slow.status
    if slow.status is not Status.LOST:  # (which mine a lost chain hits first: its order)
        assert chained.view() == slow.view()
        assert chained.bbbv_solved() == slow.bbbv_solved()


# ---------------------------------------------------------------- a million cells


def test_a_chain_through_a_million_cells_never_touches_the_recursion_limit() -> None:
    """Half a million chords, one after another: a recursive chain would be half a
    million calls deep (benchmarks/bench_recursion.py times it)."""
    game = snake(1000, "chord")
    delta = game.chord(1, 0)
    assert game.status is Status.WON
    assert delta.opened == 1000 * 1000 - game.mines - 1


# ---------------------------------------------------------------- the modes


def test_the_recursive_modes_are_laid_and_fated_as_the_standard_and_ranked_apart() -> None:
    keys = set()
    for mode in RECURSIVE:
        rules = GameRules.of_mode(mode)
        assert rules.mode is mode
        assert (mode.first_click, mode.fate) == (
            RuleMode.STANDARD.first_click,
            RuleMode.STANDARD.fate,
        )
        key = Category.of(Board(16, 30, 99), rules).key
        assert key in all_keys() and key not in keys
        keys.add(key)
        assert RuleMode.parse(mode.value) is mode
    assert len(keys | {Category.of(Board(16, 30, 99), GameRules()).key}) == 4
    assert [mode.recursion for mode in RECURSIVE] == [
        Recursion.CHORD,
        Recursion.FLAG,
        Recursion.BOTH,
    ]


def test_the_settings_keep_a_recursive_mode_for_the_next_games() -> None:
    from game.persist.schema import DataError
    from game.persist.settings import Settings
    from game.view.toggles import MODE_COMMANDS, with_mode

    assert set(RECURSIVE) <= set(MODE_COMMANDS.values())  # (a line of the Options menu)
    for mode in RECURSIVE:
        settings = with_mode(Settings(), mode)
        assert settings.mode is mode and settings.rules == GameRules.of_mode(mode)
        again = Settings.from_json(settings.to_json())
        assert again.mode is mode and again.to_json()["recursion"] == mode.recursion.value
    with pytest.raises(DataError):
        Settings.from_json({**Settings().to_json(), "recursion": "sideways"})


def test_the_evf_mode_field_says_11_12_and_13() -> None:
    assert [EVF_MODES[mode] for mode in RECURSIVE] == [11, 12, 13]
    for mode in RECURSIVE:
        facts = facts_of(GameRules.of_mode(mode), won=True, fair=True)
        assert (facts.evf_mode, facts.official, facts.fair) == (EVF_MODES[mode], False, True)
        assert mode_of_evf(EVF_MODES[mode]) is mode
    assert mode_of_evf(2) is None


WIDE = "\n".join("*.*.*.*.*" if r % 2 == 0 else "........." for r in range(9))
"""The corridor's pattern on the smallest board a replay takes: no zeros."""


def played(mode: RuleMode) -> tuple[Game, list[tuple[int, Move]]]:
    """A game of the mode, and clicks that win it only by its recursion."""
    game = Game.from_minefield(Minefield.from_text(WIDE), marks=False, recursion=mode.recursion)
    flags = [(3, mark(*cell)) for cell in game.mine_cells() if cell != (2, 0)]
    clicks = [(1, reveal(1, 0)), *flags, (3, mark(2, 0))]
    if not mode.recursion.on_flag:
        clicks.append((2, chord(1, 0)))
    return game, clicks


@pytest.mark.parametrize("mode", RECURSIVE, ids=lambda mode: mode.value)
def test_a_replay_of_each_recursive_mode_says_it_and_plays_back_under_it(
    mode: RuleMode,
) -> None:
    game, clicks = played(mode)
    replay = record(game, clicks)
    assert replay.result is Status.WON
    assert replay.clicks.total == len(clicks)  # (what a chain opens is no click)
    text = replay.to_text()
    assert f"\nmode: {mode.value}\n" in text
    again = parse(text)
    assert again.rules.mode is mode
    verdict = verify(again)
    assert verdict.ok, verdict.problems
    assert verdict.view == replay.view
    # the same moves without the recursion do not end as the game did
    standard = parse(text.replace(f"mode: {mode.value}\n", ""))
    assert not verify(standard).ok


@pytest.mark.parametrize("mode", RECURSIVE, ids=lambda mode: mode.value)
def test_an_evf_file_of_a_recursive_mode_plays_back_under_its_rule(
    mode: RuleMode, tmp_path: Path
) -> None:
    game, clicks = played(mode)
    replay = record(game, clicks)
    facts = facts_of(replay.rules, won=True, fair=True)
    path = tmp_path / f"{mode.value}.evf"
    path.write_bytes(export_evf(replay, mode=facts.evf_mode, official=False, fair=True))
    video = read_evf(path.read_bytes())
    assert dict(video.facts.extra)["mode"] == str(EVF_MODES[mode])
    counted = tally(video)
    assert counted.won and counted.solved_bbbv == counted.bbbv
    assert (counted.left, counted.right, counted.double) == (
        replay.clicks.left,
        replay.clicks.right,
        replay.clicks.chord,
    )
    back = replay_of_video(video)
    assert back.rules.mode is mode
    assert back.result is Status.WON and back.view == replay.view
    again = game_of(back)  # (its moves, played again on its board under its rules)
    for _, move in back.moves:
        again.apply(move)
    assert again.status is Status.WON and again.view() == replay.view


def test_ms_toollib_reads_each_recursive_modes_evf_with_its_mode_board_and_clicks(
    tmp_path: Path,
) -> None:
    """ms-toollib (in a child process) has no recursion of its own: it reads the mode
    number, the board and the clicks as written (docs/REPLAY.md)."""
    import json
    import subprocess
    import sys

    from test_rule_mode_replays import EVF_ORACLE

    paths, replays = [], []
    for mode in RECURSIVE:
        game, clicks = played(mode)
        replay = record(game, clicks)
        path = tmp_path / f"{mode.value}.evf"
        path.write_bytes(export_evf(replay, mode=EVF_MODES[mode], official=False, fair=True))
        paths.append(str(path))
        replays.append((mode, replay))
    done = subprocess.run(
        [sys.executable, "-c", EVF_ORACLE, *paths], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    for (mode, replay), line in zip(replays, done.stdout.splitlines(), strict=True):
        seen = json.loads(line)
        assert seen["mode"] == EVF_MODES[mode] and not seen["official"]
        assert replay.minefield is not None
        assert seen["mines"] == sorted([r, c] for r, c in replay.minefield)
        assert (seen["left"], seen["right"], seen["double"]) == (
            replay.clicks.left,
            replay.clicks.right,
            replay.clicks.chord,
        )
