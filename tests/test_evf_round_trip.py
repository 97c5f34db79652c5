"""A community EVF file read as our replay and written back as EVF keeps every press
and release, a press of "both" (EVF's "cc", 767 of them in c_10_1184) included: the
chords are chords again, for our reader's machine and for ms-toollib's."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.replay.evf_write import export_evf
from game.replay.format import Replay
from game.replay.formats.evf import read
from game.replay.from_video import replay_of_video
from game.replay.tally import cell_of, tally
from game.replay.video import Mouse, Video

FILE = next((Path(__file__).parent / "data/replays/ms-toollib/test_files").glob("c_10_1184*.evf"))
Trip = tuple[Video, Video, Path, Replay]
"""The file read, read again after written back, where, and our replay of it."""
DOWN = {Mouse.LEFT_DOWN: "left", Mouse.RIGHT_DOWN: "right"}
UP = {Mouse.LEFT_UP: "left", Mouse.RIGHT_UP: "right"}
ORACLE = """
import json, sys
import ms_toollib as ms
name = sys.argv[1]
v = ms.EvfVideo(file_name=name, raw_data=list(open(name, "rb").read()))
v.parse(); v.analyse(); v.current_time = 1e9
print(json.dumps(dict(left=v.left, right=v.right, double=v.double, solved=v.bbbv_solved,
    won=v.is_completed)))
"""


def presses(video: Video) -> list[tuple[int, str, str, int | None]]:
    """Each press and release: its time from the first, down or up, the button, the
    cell; a press of both is a press of each button not held then."""
    held: set[str] = set()
    out: list[tuple[int, str, str, int | None]] = []
    for event in video.events:
        cell = cell_of(video, event.x, event.y)
        if event.kind is Mouse.BOTH_DOWN:
            for button in ("left", "right"):
                if button not in held:
                    held.add(button)
                    out.append((event.ms, "down", button, cell))
        elif event.kind in DOWN:
            held.add(DOWN[event.kind])
            out.append((event.ms, "down", DOWN[event.kind], cell))
        elif event.kind in UP:
            held.discard(UP[event.kind])
            out.append((event.ms, "up", UP[event.kind], cell))
    origin = out[0][0]
    return [(ms - origin, *rest) for ms, *rest in out]


@pytest.fixture(scope="module")
def round_trip(tmp_path_factory: pytest.TempPathFactory) -> Trip:
    original = read(FILE.read_bytes())
    assert sum(e.kind is Mouse.BOTH_DOWN for e in original.events) == 767
    path = tmp_path_factory.mktemp("evf") / "back.evf"
    ours = replay_of_video(original)
    path.write_bytes(export_evf(ours))
    return original, read(path.read_bytes()), path, ours


def test_every_press_and_release_survives_the_round_trip(
    round_trip: Trip,
) -> None:
    original, back, _, _ = round_trip
    assert presses(back) == presses(original)


def test_the_chords_are_counted_again_and_our_replay_plays_the_same_moves(
    round_trip: Trip,
) -> None:
    original, back, _, ours = round_trip
    first, again = tally(original), tally(back)
    assert (first.dce, first.double, first.won) == (615, 767, True)
    assert (again.left, again.right, again.double, again.lce, again.rce, again.dce) == (
        first.left,
        first.right,
        first.double,
        first.lce,
        first.rce,
        first.dce,
    )
    assert (again.solved_bbbv, again.won, again.time_ms) == (1021, True, 1184575)
    theirs = replay_of_video(back)
    assert [e.move for e in theirs.events if e.move] == [e.move for e in ours.events if e.move]
    assert (theirs.result, theirs.clicks) == (ours.result, ours.clicks)


def test_ms_toollib_counts_the_written_back_file_as_the_original(
    round_trip: Trip,
) -> None:
    path = round_trip[2]
    done = subprocess.run(
        [sys.executable, "-c", ORACLE, str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    # expected.jsonl: ms-toollib's reading of the original file
    assert json.loads(done.stdout) == dict(left=133, right=566, double=767, solved=1021, won=True)
