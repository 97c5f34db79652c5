"""The history and its kept replays in one zip archive (issue 32: moving to a new
computer keeps the replays): exported, imported with the replays, nothing added
twice; a hostile archive (no zip, a bomb, a path that climbs out, a huge member,
too many members, any mutation) refused in one line with nothing written."""

from __future__ import annotations

import io
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks import history_fill
from game.persist import history_archive
from game.persist import replays as replay_files
from game.persist.history_transfer import TransferError
from game.persist.profile import Profile

ROOT = Path(__file__).resolve().parent.parent


def _replay_text(i: int) -> str:
    """A kept replay of its own (an import keeps only what is a replay: issue 46)."""
    from tests.test_tournament import won_replay

    return won_replay(i, f"Player {i}").to_text()


def _profile_with_replays(folder: Path, games: int = 6) -> Profile:
    profile = Profile.open(folder)
    for i in range(1, games + 1):
        record = history_fill.record(i)
        game_id = profile.record_game(record)
        assert game_id is not None
        if i % 2:  # every other game keeps its replay
            name = f"2026010{i}-000000-000-beginner-won-{i}ms.msreplay"
            replay_files.keep(folder, name, _replay_text(i))
            profile.history.set_replay(game_id, name)
    return profile


def test_an_archive_carries_the_games_and_their_replays(tmp_path: Path) -> None:
    old = _profile_with_replays(tmp_path / "old")
    exported = old.export_to(tmp_path / "move.zip")
    assert (exported.written, exported.replays) == (6, 3)
    new = Profile.open(tmp_path / "new")
    done = new.import_from(tmp_path / "move.zip")
    assert (done.games, done.replays) == (6, 3)
    for game in new.games():
        if game.record.replay is not None:  # the analysis finds it
            kept = replay_files.kept(new.folder, game.record.replay)
            assert kept is not None and kept.read_text() == _replay_text(int(kept.name[7]))
    again = new.import_from(tmp_path / "move.zip")
    assert (again.games, again.replays) == (0, 0)  # nothing added twice
    assert new.count() == 6
    old.close()
    new.close()


def test_the_command_line_writes_and_reads_an_archive(tmp_path: Path) -> None:
    _profile_with_replays(tmp_path / "old").close()
    archive = tmp_path / "move.zip"

    def game(*args: str) -> tuple[int, str, str]:
        run = subprocess.run(
            [sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True
        )
        return run.returncode, run.stdout, run.stderr

    code, out, err = game("--data-dir", str(tmp_path / "old"), "--export-history", str(archive))
    assert (code, err) == (0, "") and out.startswith("6 games and 3 replays written to ")
    code, out, err = game("--data-dir", str(tmp_path / "new"), "--import-history", str(archive))
    assert (code, err) == (0, "") and out.startswith("6 games and 3 replays added from ")
    assert len(list((tmp_path / "new" / "replays").iterdir())) == 3


def _zip(members: dict[str, bytes], *, compress: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=compress) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


GAMES = b"id,finished_at\n"  # (never read: the members are refused first)


@pytest.mark.parametrize(
    "members",
    [
        {"history.csv": GAMES, "replays/../../evil.msreplay": b"x"},
        {"history.csv": GAMES, "../evil": b"x"},
        {"history.csv": GAMES, "/etc/evil": b"x"},
        {"history.csv": GAMES, "replays/sub/evil": b"x"},
        {"history.csv": GAMES, "replays/..": b"x"},
        {"history.csv": GAMES, "replays/.hidden": b"x"},
        {"history.csv": GAMES, "replays\\..\\evil": b"x"},
        {"history.csv": GAMES, "history.csv ": b"x"},
        {"replays/a.msreplay": b"x"},
    ],
)
def test_a_member_that_is_neither_the_games_nor_a_replay_refuses_the_archive(
    members: dict[str, bytes],
) -> None:
    with pytest.raises(TransferError) as raised:
        history_archive.read_archive(_zip(members))
    assert "\n" not in str(raised.value)


def test_a_member_needing_a_later_zip_version_is_one_line() -> None:
    """zipfile raises NotImplementedError on opening an archive whose directory says a
    member needs zip version 6.4 (the one byte Hypothesis changed, at 1799)."""
    later = bytearray(_zip({"history.csv": GAMES, "replays/a.msreplay": b"x"}))
    at = later.index(b"PK\x01\x02") + 6  # (the central directory's "version needed")
    later[at : at + 2] = (64).to_bytes(2, "little")
    with pytest.raises(TransferError) as raised:
        history_archive.read_archive(bytes(later))
    assert "\n" not in str(raised.value)


def test_a_zip_bomb_is_refused_without_unpacking_it_all(monkeypatch: pytest.MonkeyPatch) -> None:
    bomb = _zip({"history.csv": GAMES, "replays/a.msreplay": b"\0" * 30_000_000})
    assert len(bomb) < 100_000
    with pytest.raises(TransferError, match="more than 20000000"):
        history_archive.read_archive(bomb)
    # A header that lies about the size (says 100 bytes, holds 5000): refused.
    liar = bytearray(_zip({"history.csv": GAMES, "replays/a.msreplay": b"\0" * 5000}))
    for signature, offset in ((b"PK\x01\x02", 24), (b"PK\x03\x04", 22)):
        at = liar.rindex(signature) + offset
        liar[at : at + 4] = (100).to_bytes(4, "little")
    with pytest.raises(TransferError, match="damaged"):
        history_archive.read_archive(bytes(liar))
    many = _zip({"history.csv": GAMES, **{f"replays/{i}.msreplay": b"\0" * 900 for i in range(40)}})
    monkeypatch.setattr(history_archive, "MAX_UNPACKED_BYTES", 10_000)
    with pytest.raises(TransferError, match="unpacks to more than"):
        history_archive.read_archive(many)


def test_too_many_members_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_archive, "MAX_MEMBERS", 10)
    data = _zip({"history.csv": GAMES, **{f"replays/{i}": b"" for i in range(10)}})
    with pytest.raises(TransferError, match="more than 10"):
        history_archive.read_archive(data)


def test_an_archive_is_imported_whole_or_not_at_all(tmp_path: Path) -> None:
    old = _profile_with_replays(tmp_path / "old")
    old.export_to(tmp_path / "move.zip")
    old.close()
    data = (tmp_path / "move.zip").read_bytes()
    games, replays = history_archive.read_archive(data)
    spoilt = games.replace(b",beginner,", b",beginner,\xc2\xb2,", 1)
    (tmp_path / "bad.zip").write_bytes(
        _zip(
            {
                "history.csv": spoilt,
                **{f"replays/{name}": content for name, content in replays.items()},
            }
        )
    )
    new = Profile.open(tmp_path / "new")
    with pytest.raises(TransferError):
        new.import_from(tmp_path / "bad.zip")
    assert new.count() == 0 and not (tmp_path / "new" / "replays").exists()
    new.close()


def _real_archive() -> bytes:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        profile = _profile_with_replays(Path(folder) / "p", 4)
        profile.export_to(Path(folder) / "a.zip")
        profile.close()
        return (Path(folder) / "a.zip").read_bytes()


ARCHIVE = _real_archive()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 4000), st.binary(min_size=1, max_size=6)), max_size=5))
def test_fuzz_mutated_archives_are_read_or_refused_with_one_line(
    changes: list[tuple[int, bytes]],
) -> None:
    data = ARCHIVE
    for place, new in changes:
        place %= len(data)
        data = data[:place] + new + data[place + len(new) :]
    try:
        games, replays = history_archive.read_archive(data)
    except TransferError as error:
        assert "\n" not in str(error) and str(error)
    else:
        assert len(replays) <= 4 and len(games) < 100_000


def test_a_member_without_a_name_is_refused_in_one_line() -> None:
    """Found by the fuzz test: zipfile itself fails on an empty member name."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("history.csv", GAMES)
        archive.writestr(zipfile.ZipInfo(""), b"x")
    with pytest.raises(TransferError) as raised:
        history_archive.read_archive(out.getvalue())
    assert "\n" not in str(raised.value)
