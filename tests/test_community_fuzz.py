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
EVF_V4 = next((DATA / "ms-toollib/test_files").glob("b_0_504.985_*_in_test_v4).evf"))


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


@pytest.mark.parametrize(
    "path", [*SAMPLES.values(), OLD_MVF, EARLY_MVF, EVF_V4], ids=lambda p: p.name
)
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


PAYLOAD = {81: 1, 82: 1, 83: 1, 99: 1, 200: 11, 255: 2}
"""The bytes after an EVF v4 event's code that are not a mouse event's or a cell's
(its time; a number metric's time, index and value; a pause's length)."""
ALLOWED = {*range(1, 13), 81, 82, 83, 99, *range(100, 109), 110, 111, 114, 115, 116, 118}
ALLOWED |= {120, 121, 200, 201, 255}
"""Every event code the standard (evf标准.md, ms-toollib) gives a meaning, 0 (the end) aside."""


def with_event(event: bytes) -> bytes:
    """The v4 sample with one event written before the end of its events."""
    data = EVF_V4.read_bytes()
    kept = next(
        k
        for k in range(len(data) - 3)
        if data[-k - 3] == 0 and int.from_bytes(data[-k - 2 : len(data) - k]) == k
    )
    end = len(data) - kept - 3
    return data[:end] + event + data[end:]


def event_bytes(code: int) -> bytes:
    """An event of this code with its bytes (a text metric's value a short text)."""
    if code == 201:
        return bytes([code, 1, 0x27, 0x10]) + b"ok\x00"
    return bytes([code]) + bytes(PAYLOAD.get(code, 5))


def test_evf_v4_event_codes_are_the_standards_and_every_other_is_refused_in_one_line() -> None:
    """81, 82, 83 and 99 end the game (82 a win); 92 to 98, reserved, are refused, as
    every code the standard leaves reserved, naming the code."""
    for code in range(1, 256):
        data = with_event(event_bytes(code))
        if code in ALLOWED:
            assert read_video("x.evf", data).events, code
            continue
        with pytest.raises(VideoError) as refused:
            read_video("x.evf", data)
        line = str(refused.value)
        assert "\n" not in line and f"code {code} " in line and "reserves" in line, line


@settings(max_examples=200, deadline=None)
@given(event=st.binary(min_size=1, max_size=24))
def test_random_evf_v4_events_are_read_or_refused_in_one_line(event: bytes) -> None:
    read_or_refuse("evf", with_event(event))


@pytest.mark.parametrize("cut", range(0, 40))
def test_a_v4_file_cut_in_its_last_events_is_read_or_refused(cut: int) -> None:
    data = EVF_V4.read_bytes()
    read_or_refuse("evf", data[: len(data) - cut])
