"""Every community replay reader treats its file as hostile: random bytes, every
truncation of a real file, bytes flipped in real files and headers that claim far
more than the file holds give a Video or one line of VideoError, quickly, never
another exception and never a huge allocation."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.replay.formats import FORMATS, read_video
from game.replay.tally import tally
from game.replay.video import VideoError

DATA = Path(__file__).parent / "data" / "replays"
SAMPLES = {
    "avf": DATA / "flop-player/avf/arbiter_beg.avf",
    "rmv": DATA / "flop-player/rmv/beg.rmv",
    "mvf": DATA / "flop-player/mvf/0.97_beta.mvf",
    "evf": DATA / "ms-toollib/test_files/b_5_3.796_3BV=3_3BVs=0.790_王嘉宁(元3.1.9_v3).evf",
    "rawvf": DATA / "flop-player/rawvf/custom.rawvf",
}
OLD_MVF = DATA / "flop-player/mvf/2007_release_1.mvf"
EARLY_MVF = DATA / "flop-player/mvf/0.96_beta_or_earlier.mvf"


def read_or_refuse(fmt: str, data: bytes) -> None:
    """Read, then tally what was read: only VideoError may come out, in one line."""
    try:
        video = read_video(f"x.{fmt}", data)
    except VideoError as error:
        assert str(error) and "\n" not in str(error)
        return
    tally(video)


@pytest.mark.parametrize("fmt", sorted(set(FORMATS.values())))
@settings(max_examples=150, deadline=None)
@given(data=st.binary(max_size=600))
def test_random_bytes_are_read_or_refused_in_one_line(fmt: str, data: bytes) -> None:
    read_or_refuse(fmt, data)


@pytest.mark.parametrize("fmt", sorted(SAMPLES))
def test_every_truncation_of_a_real_file_is_read_or_refused(fmt: str) -> None:
    data = SAMPLES[fmt].read_bytes()
    step = max(1, len(data) // 400)  # about 400 cut points a file, the short ones all
    cuts = sorted(set(range(0, min(len(data), 300))) | set(range(0, len(data), step)))
    for cut in cuts:
        read_or_refuse(fmt, data[:cut])


@pytest.mark.parametrize("path", [*SAMPLES.values(), OLD_MVF, EARLY_MVF], ids=lambda p: p.name)
def test_bytes_flipped_in_real_files_are_read_or_refused(path: Path) -> None:
    rng = random.Random(path.name)
    data = bytearray(path.read_bytes())
    fmt = path.suffix.lstrip(".")
    for _ in range(150):
        mutant = bytearray(data)
        for _ in range(rng.randint(1, 6)):
            at = (
                rng.randrange(min(len(mutant), 400))
                if rng.random() < 0.7
                else rng.randrange(len(mutant))
            )
            mutant[at] = rng.randrange(256)
        read_or_refuse(fmt, bytes(mutant))


def test_headers_claiming_far_more_than_the_file_holds_are_refused_at_once() -> None:
    # RMV: a mine count of 65,535 in a small file.
    rmv = bytearray(SAMPLES["rmv"].read_bytes())
    at = rmv.find(bytes([8, 8, 0, 10]))
    rmv[at + 2 : at + 4] = b"\xff\xff"
    with pytest.raises(VideoError, match="mines"):
        read_video("x.rmv", bytes(rmv))
    # AVF: a custom board of 256 x 256 with 65,535 mines, and no bytes for them.
    started = time.perf_counter()
    with pytest.raises(VideoError):
        read_video("x.avf", bytes([0x34, 0, 0, 0, 0, 6, 255, 255, 255, 255]))
    assert time.perf_counter() - started < 0.5


def test_every_mvf_header_field_set_to_its_largest_is_refused_at_once() -> None:
    """Each 3-byte window of the 0.97 header, the event count among them, set to
    0xFFFFFF (16 million): read or refused, never a long loop or a huge list."""
    data = SAMPLES["mvf"].read_bytes()
    started = time.perf_counter()
    for at in range(0, min(len(data) - 3, 600)):
        mutant = bytearray(data)
        mutant[at : at + 3] = b"\xff\xff\xff"
        read_or_refuse("mvf", bytes(mutant))
    assert time.perf_counter() - started < 20


@pytest.mark.parametrize("digit", ["\N{SUPERSCRIPT TWO}", "\N{ARABIC-INDIC DIGIT THREE}"])
def test_a_header_number_written_in_another_scripts_digits_is_one_clear_line(
    tmp_path: Path, digit: str
) -> None:
    """str.isdigit takes '²' and the Arabic digits, which int() refuses: a RAWVF
    header's width so written is refused in one line, not a traceback."""
    from game.replay.files import open_replay
    from game.replay.format import ReplayError

    source = Path(__file__).parent / "data" / "replays" / "flop-player" / "rawvf"
    text = (source / "nested-opening.rawvf").read_text(encoding="utf-8")
    damaged = tmp_path / "digits.rawvf"
    damaged.write_text(text.replace("Width: 30", f"Width: 3{digit}"), encoding="utf-8")
    with pytest.raises(ReplayError) as refused:
        open_replay(damaged)
    assert "\n" not in str(refused.value) and "Width" in str(refused.value)
