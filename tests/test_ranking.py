"""The one rule of what a game counts for (game.modes: each mode's standing), as a
table; and the ranking categories."""

from __future__ import annotations

from datetime import date

import pytest

from game.core.board import FirstClick
from game.core.game import Game
from game.core.moves import reveal
from game.flows.end_of_game import unranked_line
from game.modes.category import (
    CODE_KIND,
    DAILY_KIND,
    LADDER_KIND,
    RACE_KIND,
    TRIAL_KIND,
    Category,
    all_keys,
)
from game.modes.ladder import Ladder
from game.modes.live_race import LiveRace
from game.modes.mode import Mode, helped_why
from game.modes.ordinary import Ordinary
from game.modes.practice import DEATH_UNDONE, FROM_POSITION, PLAYED_AGAIN, Practice
from game.modes.resumed import Resumed
from game.modes.shared import Code, Daily
from game.modes.tournament import Count, Entered, Tournament
from game.modes.trial import TRIALS, Trial
from game.modes.watching import WATCHED, Watching
from game.replay.boardcode import BoardCode
from game.replay.recorder import Recorder
from game.rules import PRESETS, Board, Difficulty, GameRules
from game.session.play import Help, PlaySession
from game.session.table import Table

EXPERT = PRESETS[Difficulty.EXPERT]
ODD = Board(20, 24, 99)
RULES = GameRules()
NO_GUESS = GameRules(first_click=FirstClick.NOGUESS)


def clock() -> float:
    return 0.0


def watched() -> Watching:
    """A replay of an Expert game (one reveal), as the viewer watches it."""
    recorder = Recorder()
    table = Table.of(Ordinary(EXPERT, RULES, seed=1), clock)
    table.tap(recorder)
    table.act(reveal(0, 0))
    replay = recorder.replay()
    assert replay is not None
    return Watching(replay)


def practice(why: str | None = None) -> Practice:
    session = PlaySession(Game.new(16, 30, 99, seed=3), clock)
    return Practice.at(session, why) if why else Practice.again(session.game)


CODE = BoardCode(EXPERT, RULES, 12, (3, 3))
CUP = Tournament("A cup", "a-cup", (Count(Difficulty.EXPERT, 5, 100, 500_000),))
ODD_CODE = BoardCode(ODD, RULES, 12, (3, 3))

CASES: list[tuple[Mode, bool, tuple[bool, str, str | None]]] = [
    # mode, helped -> ranked, kept among, why
    (Ordinary(EXPERT, RULES), False, (True, "expert", None)),
    (Ordinary(ODD, RULES), False, (True, "custom", None)),
    (Ordinary(EXPERT, NO_GUESS), False, (True, "expert/no-guess", None)),
    (Resumed(PlaySession(Game.new(16, 30, 99, seed=3), clock)), False, (True, "expert", None)),
    (Ordinary(EXPERT, RULES), True, (False, "expert", helped_why({Help.HINT}))),
    (Code(CODE), False, (True, CODE_KIND, None)),
    (Code(ODD_CODE), True, (False, CODE_KIND, helped_why({Help.HINT}))),
    (Daily.of(date(2026, 1, 1)), False, (True, DAILY_KIND, None)),
    (Daily.of(date(2026, 1, 1)), True, (False, DAILY_KIND, helped_why({Help.HINT}))),
    (practice(), False, (False, "expert", PLAYED_AGAIN)),
    (practice(FROM_POSITION), False, (False, "expert", FROM_POSITION)),
    (practice(DEATH_UNDONE), True, (False, "expert", DEATH_UNDONE)),
    (watched(), False, (False, "expert", WATCHED)),
    (Ladder(1), False, (True, LADDER_KIND, None)),
    (Ladder(100, RULES), True, (False, LADDER_KIND, helped_why({Help.HINT}))),
    (Trial(TRIALS["time-trial"], "2026-01-01T10:00:00", RULES), False, (True, TRIAL_KIND, None)),
    (Entered.of(CUP, EXPERT, RULES), False, (True, "expert", None)),
    (LiveRace(CODE, "7KQ2-M9XD-4RTA", 1, "Bob"), False, (True, RACE_KIND, None)),
    (LiveRace(CODE, "7KQ2-M9XD-4RTA", 2, "Bob"), True, (False, RACE_KIND, helped_why({Help.HINT}))),
    (Entered.of(CUP, EXPERT, RULES), True, (False, "expert", helped_why({Help.HINT}))),
]


@pytest.mark.parametrize(("mode", "helped", "expected"), CASES)
def test_what_a_game_counts_for(
    mode: Mode, helped: bool, expected: tuple[bool, str, str | None]
) -> None:
    session = mode.deal(clock)
    if helped:
        session.helped(Help.HINT)
    standing = mode.standing(session)
    assert (standing.ranked, standing.kind, standing.why) == expected


def test_every_mode_is_in_the_table() -> None:
    def subclasses(cls: type) -> set[type]:
        found = set(cls.__subclasses__())
        return found.union(*(subclasses(sub) for sub in found))

    assert {type(case[0]) for case in CASES} == subclasses(Mode)


def test_the_help_had_is_named() -> None:
    assert helped_why({Help.HINT}) == "assisted: a hint was shown"
    assert helped_why({Help.PROBABILITIES}) == "assisted: the mine probabilities were shown"
    both = helped_why({Help.HINT, Help.PROBABILITIES})
    assert both == "assisted: a hint and the mine probabilities were shown"


@pytest.mark.parametrize("key", all_keys())
def test_every_category_key_reads_back(key: str) -> None:
    category = Category.from_key(key)
    assert category is not None and category.key == key


def test_no_guess_boards_are_ranked_apart_from_random_ones() -> None:
    random = Category.of(EXPERT, RULES)
    guessless = Category.of(EXPERT, NO_GUESS)
    assert random != guessless and random.key == "expert"
    assert guessless.label == "Expert, no guessing" and guessless.has_best_times
    assert Category.of(EXPERT, GameRules(first_click=FirstClick.SAFE)) == random
    assert Category.from_key("expert/other") is None and Category.from_key("nothing") is None


@pytest.mark.parametrize(
    ("mode", "why", "deaths", "said"),
    [
        (practice(DEATH_UNDONE), DEATH_UNDONE, 1, "A practice game (1 death undone)"),
        (practice(DEATH_UNDONE), DEATH_UNDONE, 3, "A practice game (3 deaths undone)"),
        (practice(), PLAYED_AGAIN, 0, "A practice game (a board played again after seeing it)"),
        (
            practice(FROM_POSITION),
            FROM_POSITION,
            0,
            "A practice game (started from a replay's position)",
        ),
        (
            Ordinary(EXPERT, RULES),
            helped_why({Help.HINT}),
            0,
            "Unranked (assisted: a hint was shown)",
        ),
    ],
)
def test_the_panel_says_why_a_game_counts_for_nothing_once(
    mode: Mode, why: str, deaths: int, said: str
) -> None:
    """Each reason said once, the help named (issue: "a practice game: a death was
    undone, 1 death undone"; "a hint or the mine probabilities")."""
    line = unranked_line(mode, why, deaths)
    assert line == f"{said}: not a record, and no statistic or streak counts it."
