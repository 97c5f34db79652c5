"""--verify-replay on the community's files: their events played again through the
community's counting and our engine, the end checked against what the file states
(exit 0 if it matches, 1 if not, 2 for a file that is no replay)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_analyse_text import ONE_CLICK
from test_evf_export import record

from game.cli import commands
from game.core.game import Game
from game.core.moves import reveal
from game.replay.evf_write import export_evf
from game.replay.files import COMMUNITY_SUFFIXES
from game.replay.format import ReplayError
from game.replay.verify_video import verify_file

ROOT = Path(__file__).parent.parent
DATA = ROOT / "tests" / "data" / "replays"
WRONG_HEADER = "Wang_Jia_Ning_Beg_15.523bv24.avf"
"""Its header's time is not its events' (tests/data/replays/SOURCES.md)."""


def _files() -> list[Path]:
    return sorted(p for p in DATA.rglob("*") if p.name.lower().endswith(COMMUNITY_SUFFIXES))


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_each_shared_file_is_verified_or_refused_in_one_line(path: Path) -> None:
    try:
        verdict = verify_file(path)
    except ReplayError as error:
        assert path.parent.name == "error" or "invalid" in path.name
        assert "\n" not in str(error) and path.name in str(error)
        return
    if path.name == WRONG_HEADER:
        assert verdict.problems == ("the file says 2.610 s; its events take 14.520 s",)
        assert verdict.line().startswith("differs: won in 14.520 s")
    else:
        assert verdict.ok, verdict.problems
        assert verdict.line().startswith("ok: ")


@pytest.fixture
def one_click(tmp_path: Path) -> Path:
    """A won one-click EVF (version 4) of ours."""
    path = tmp_path / "one.evf"
    path.write_bytes(export_evf(record(Game.from_layout(ONE_CLICK), [(1, reveal(5, 5))])))
    return path


@pytest.mark.parametrize(
    ("offset", "value", "words"),
    [
        (1, 0x20, "the file says not won"),  # summary: not completed
        (11, 2, "the file says 3BV 2"),  # the 3BV's low byte
        (15, 5, "the file says 0.005 s"),  # the time's low byte (4 bytes from 12)
    ],
)
def test_an_evf_that_states_what_its_events_do_not_do_differs(
    one_click: Path,
    offset: int,
    value: int,
    words: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert commands.verify_replay(str(one_click)) == 0
    assert capsys.readouterr().out.startswith("ok: won in 0.000 s, 3BV 1")
    data = bytearray(one_click.read_bytes())
    data[offset] = value
    one_click.write_bytes(bytes(data))
    assert commands.verify_replay(str(one_click)) == 1
    out = capsys.readouterr().out
    assert out.startswith("differs: ") and words in out and out.count("\n") == 1


def test_the_command_line_exits_0_1_or_2(tmp_path: Path) -> None:
    def run(path: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "game", "--verify-replay", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )

    good = run(DATA / "flop-player" / "rmv" / "exp.rmv")
    assert good.returncode == 0 and good.stdout.startswith("ok: won in 36.734 s")
    wrong = run(next(DATA.rglob(WRONG_HEADER)))
    assert wrong.returncode == 1 and wrong.stdout.startswith("differs: ")
    junk = tmp_path / "junk.avf"
    junk.write_bytes(b"\x11" * 300)
    bad = run(junk)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.startswith("minesweeper: junk.avf: ") and bad.stderr.count("\n") == 1


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_damaged_files_are_verified_or_refused_in_one_line(
    data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    source = data.draw(st.sampled_from([p for p in _files() if p.stat().st_size < 60_000]))
    raw = bytearray(source.read_bytes())
    for _ in range(data.draw(st.integers(1, 8))):
        if raw:
            raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    path = tmp_path_factory.mktemp("damaged") / source.name
    path.write_bytes(bytes(raw[: data.draw(st.integers(0, len(raw)))]))
    try:
        line = verify_file(path).line()
    except ReplayError as error:
        line = str(error)
    assert "\n" not in line


def test_the_line_gives_the_clicks_as_the_files_community_counts_them() -> None:
    """The figures said are the community's (left, right and double clicks), those
    --analyse and the rankings give, not our engine's count of the same events."""
    from game.replay.formats import open_video
    from game.replay.tally import tally
    from game.replay.verify_video import verify_file

    for path in sorted(DATA.rglob("*.avf"))[:3]:
        counted = tally(open_video(path))
        assert verify_file(path).line().partition(" (")[0].endswith(f"clicks {counted.clicks}")
