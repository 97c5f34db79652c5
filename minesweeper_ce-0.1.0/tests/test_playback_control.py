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
