"""The live counters say what the analysis view says, to the last digit, at the end
of a game: 20 games, ten of ours (seeded games played through the table with the
pointer, as the window plays them) and ten of the community's shared files
(tests/data/replays/, read as our replays and played through the table again), each
recorded by the recorder; the panel's figures against the analysis view's figures
of the replay it made (game.analysis.glossary over game.replay.report.report_of).
Both are counted by our rules (docs/REPLAY.md, "Counting"): the panel shows our
counting."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from game.analysis.glossary import figures
from game.core.game import Game
from game.core.moves import Action, Move
from game.language import gettext
from game.modes.ordinary import Ordinary
from game.persist.settings import Settings
from game.replay.files import open_replay
from game.replay.format import EventKind, Replay
from game.replay.recorder import Recorder
from game.replay.report import report_of
from game.rules import PRESETS, Difficulty, GameRules
from game.scenes.counters import CountersPanel
from game.session.geometry import TILE
from game.session.input import InputMachine
from game.session.table import Table
from game.words import FIGURES

REPLAYS = Path(__file__).parent / "data" / "replays"
COMMUNITY = [
    "flop-player/avf/arbiter_beg.avf",
    "flop-player/rmv/beg.rmv",
    "flop-player/rmv/int.rmv",
    "flop-player/rmv/exp.rmv",
    "flop-player/mvf/2007_release_1.mvf",
    "flop-player/rawvf/custom.rawvf",
    "ms-toollib/test_files/Wang_Jia_Ning_Beg_15.523bv24.avf",
    "ms-toollib/test_files/HI-SCORE Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf",
    "ms-toollib/test_files/Zhang Shen Jia_Exp_38.82(3bv122).mvf",
    "ms-toollib/test_files/b_5_3.796_3BV=3_3BVs=0.790_王嘉宁(元3.1.9_v3).evf",
]
SEEDS = [(Difficulty.BEGINNER, s) for s in (1, 2, 3, 4)] + [
    (Difficulty.INTERMEDIATE, 5),
    (Difficulty.INTERMEDIATE, 6),
    (Difficulty.INTERMEDIATE, 7),
    (Difficulty.EXPERT, 8),
    (Difficulty.EXPERT, 9),
    (Difficulty.RANKED_BEGINNER, 10),
]


class Clock:
    def __init__(self) -> None:
        self.ms = 10_000.0

    def __call__(self) -> float:
        return self.ms


def table_with_panel(clock: Clock) -> tuple[Table, Recorder, CountersPanel]:
    """A table, its recorder and a panel showing every figure (as the window taps)."""
    table = Table.of(Ordinary(PRESETS[Difficulty.BEGINNER], GameRules()), clock)
    recorder = Recorder()
    table.tap(recorder)
    prefs: Any = SimpleNamespace(
        settings=Settings(counters=FIGURES, counters_shown=True), listeners=[]
    )
    panel = CountersPanel(table, prefs)
    panel.path = lambda: recorder.path
    return table, recorder, panel


def point_of(row: int, col: int, rnd: random.Random) -> tuple[int, int]:
    return (col * TILE + rnd.randrange(TILE), row * TILE + rnd.randrange(TILE))


class Player:
    """Mouse events through the table, as the window gives them."""

    def __init__(self, table: Table, clock: Clock) -> None:
        self.table, self.clock = table, clock
        self.machine = InputMachine()

    def event(
        self, kind: EventKind, button: int, point: tuple[int, int], move: Move | None
    ) -> None:
        from game.replay.drive import feed_input

        held = frozenset(self.machine.held)
        feed_input(self.machine, self.table.board, kind, button, *point)
        self.table.pointer(kind.value, button, point, held, move)


def play_seeded(difficulty: Difficulty, seed: int) -> tuple[CountersPanel, Replay]:
    """A game of ours: clicks, flags and chords, now and then a wild click."""
    clock = Clock()
    table, recorder, panel = table_with_panel(clock)
    board = PRESETS[difficulty]
    table.start(Ordinary(board, GameRules(), seed))
    player = Player(table, clock)
    rnd = random.Random(seed)
    row, col, button, action = board.rows // 2, board.cols // 2, 1, Action.REVEAL
    for _ in range(600):
        game = table.game
        if game.status.is_over:
            break
        clock.ms += rnd.randrange(40, 900)
        point = point_of(row, col, rnd)
        player.event(EventKind.MOVE, 0, point, None)
        clock.ms += rnd.randrange(5, 60)
        player.event(EventKind.DOWN, button, point, None)
        clock.ms += rnd.randrange(20, 120)
        player.event(EventKind.UP, button, point, Move(action, row, col))
        # The next click: a safe cell opened, a mine flagged, a number chorded, and
        # now and then a wild click anywhere.
        field = game.minefield
        cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
        hidden = [cell for cell in cells if game.look(*cell).name in ("HIDDEN", "QUESTION")]
        numbers = [cell for cell in cells if 1 <= int(game.look(*cell)) <= 8]
        roll = rnd.random()
        if field is None or roll < 0.02 or not hidden:
            (row, col), button, action = rnd.choice(cells), 1, Action.REVEAL
        elif roll < 0.2 and numbers:
            (row, col), button, action = rnd.choice(numbers), 2, Action.CHORD
        elif roll < 0.35 and any(cell in field for cell in hidden):
            mines = [cell for cell in hidden if cell in field]
            (row, col), button, action = rnd.choice(mines), 3, Action.MARK
        else:
            safe = [cell for cell in hidden if cell not in field] or hidden
            (row, col), button, action = rnd.choice(safe), 1, Action.REVEAL
    replay = recorder.replay()
    assert replay is not None
    return panel, replay


def play_again(path: Path) -> tuple[CountersPanel, Replay]:
    """A community file, read as our replay, played through the table again."""
    source = open_replay(path).replay
    assert source.minefield is not None
    clock = Clock()
    table, recorder, panel = table_with_panel(clock)
    rules = source.rules
    game = Game.from_minefield(
        source.minefield, marks=rules.question_marks, left_click_chords=rules.left_click_chords
    )
    table.start(Ordinary.given(game))
    player = Player(table, clock)
    for event in source.events:
        clock.ms = 10_000.0 + event.ms
        player.event(event.kind, event.button, (event.x, event.y), event.move)
    replay = recorder.replay()
    assert replay is not None
    return panel, replay


def compare(panel: CountersPanel, replay: Replay) -> int:
    """The panel's lines equal the analysis view's lines of the same figures; how many."""
    analysis = {f.key: (gettext(f.label), f.value) for f in figures(report_of(replay, "game"))}
    shown = [row for row in panel.rows() if row.key in analysis]
    for row in shown:
        assert (row.label, row.value) == analysis[row.key], row.key
    return len(shown)


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize(("difficulty", "seed"), SEEDS)
def test_the_panel_says_what_the_analysis_says_after_a_game_of_ours(
    difficulty: Difficulty, seed: int
) -> None:
    panel, replay = play_seeded(difficulty, seed)
    assert replay.clicks.total > 1 and replay.bbbv_solved > 0
    assert compare(panel, replay) >= 14  # every figure both show (STNB: the levels only)


@pytest.mark.parametrize("name", COMMUNITY)
def test_the_panel_says_what_the_analysis_says_after_a_shared_community_game(name: str) -> None:
    panel, replay = play_again(REPLAYS / name)
    assert compare(panel, replay) >= 12


def test_a_figure_given_differently_is_seen() -> None:
    """The comparison can fail: a panel whose path is off by a pixel disagrees."""
    panel, replay = play_seeded(Difficulty.BEGINNER, 1)
    real = panel.path
    panel.path = lambda: real() + 16
    with pytest.raises(AssertionError):
        compare(panel, replay)
