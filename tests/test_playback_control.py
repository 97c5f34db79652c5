"""The replay viewer's control, pure (no window): seeking lands on the same game
wherever it starts from, stepping goes a move on and back, the speed keys stay in
their range, and the control tells the viewer which cells changed."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.replay.files import open_replay
from game.scenes.playback.control import STEPS, Playback

REPLAY = open_replay(
    Path(__file__).parent / "data" / "replays" / "flop-player" / "avf" / "arbiter_int.avf"
).replay
FIRST, LAST = Playback(REPLAY).span


@settings(max_examples=25, deadline=None)
@given(st.floats(min_value=FIRST, max_value=LAST), st.floats(min_value=FIRST, max_value=LAST))
def test_a_moment_is_the_same_game_whatever_moment_it_is_sought_from(
    before: float, moment: float
) -> None:
    direct = Playback(REPLAY)
    direct.seek(moment)
    roundabout = Playback(REPLAY)
    roundabout.seek(before)
    roundabout.seek(moment)
    assert roundabout.table.game.view() == direct.table.game.view()
    assert roundabout.clock.ms == direct.clock.ms


def test_played_in_steps_the_game_ends_as_sought_to_the_end() -> None:
    played = Playback(REPLAY)
    played.speed = 8
    changed = set()
    while not played.finished:
        assert played.update(1000 / 60)
        changed |= played.changed
    assert not played.update(1000 / 60)  # at the end, nothing moves
    sought = Playback(REPLAY)
    sought.seek(LAST)
    assert played.table.game.view() == sought.table.game.view()
    opened = {
        (r, c)
        for r in range(played.table.game.rows)
        for c in range(played.table.game.cols)
        if played.table.game.look(r, c).name != "HIDDEN"
    }
    assert opened <= changed  # every cell that changed look was named


def test_a_step_on_and_back_is_the_same_position_and_the_speed_stays_in_range() -> None:
    playback = Playback(REPLAY)
    playback.step(1)
    assert playback.paused and playback.table.game.opened_count > 0
    first = playback.table.game.view()
    playback.step(1)
    playback.step(-1)
    assert playback.table.game.view() == first
    for _ in range(10):
        playback.faster(1)
    assert playback.speed == STEPS[-1]
    for _ in range(10):
        playback.faster(-1)
    assert playback.speed == STEPS[0]


@settings(max_examples=10, deadline=None)
@given(st.floats(min_value=FIRST, max_value=LAST))
def test_a_sought_moment_has_the_games_time_as_played_to_it(moment: float) -> None:
    """The game's stopwatch, after a seek, reads what it reads played to the moment:
    each move sought past is made at its own time (they were all made at the
    moment, so a seek to the end said "won in 0.000 s")."""
    played = Playback(REPLAY)
    played.speed = 8
    while not played.finished and played.clock.ms + 1000 / 60 * 8 <= moment:
        played.update(1000 / 60)
    sought = Playback(REPLAY)
    sought.seek(played.clock.ms)
    assert sought.table.session.elapsed_ms == played.table.session.elapsed_ms


def test_sought_to_the_end_the_game_takes_the_time_ms_toollib_reads() -> None:
    sought = Playback(REPLAY)
    sought.seek(LAST)
    # (tests/data/replays/expected.jsonl: arbiter_int.avf's rtime, 20.16 s, by ms_toollib)
    assert sought.table.session.summary().ms == 20_160 == REPLAY.ms
