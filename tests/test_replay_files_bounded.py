"""A replay file too large to be one is refused by its size, before a byte of it is
read: a sparse file of hundreds of megabytes (truncate -s) given to the command line,
the viewer or a drop costs no memory, ours and the community's alike; one that is
not a file is refused as before, in one line naming the file once."""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest

from game.replay.files import ReplayError, open_replay
from game.replay.format import SUFFIX


@pytest.mark.parametrize("suffix", [SUFFIX, ".avf", ".rmv", ".mvf", ".evf", ".rawvf"])
def test_a_huge_sparse_file_is_refused_without_being_read(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"huge{suffix}"
    with open(path, "wb") as file:
        file.truncate(300 << 20)
    tracemalloc.start()
    try:
        with pytest.raises(ReplayError) as refused:
            open_replay(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20, peak  # (it read 8 or 20 MB of zeros before)
    said = str(refused.value)
    assert "\n" not in said and said.count(path.name) == 1, said


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX special files")
@pytest.mark.parametrize("suffix", [SUFFIX, ".avf"])
def test_a_folder_or_a_pipe_is_named_once(tmp_path: Path, suffix: str) -> None:
    (tmp_path / f"folder{suffix}").mkdir()
    os.mkfifo(tmp_path / f"pipe{suffix}")
    for name in (f"folder{suffix}", f"pipe{suffix}"):
        with pytest.raises(ReplayError) as refused:
            open_replay(tmp_path / name)
        said = str(refused.value)
        assert "\n" not in said and said.count(name) == 1, said
