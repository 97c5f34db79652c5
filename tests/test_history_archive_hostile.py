"""A history archive against what a player may be handed or have damaged (issue 46):
an export takes only the regular files of the replays folder (never what a link
there points to), an import refuses a member twice and a replay member that is no
replay, bounds every member before reading it, and keeps its memory bounded."""

from __future__ import annotations

import zipfile
from pathlib import Path

from game.persist import replays as replay_files
from tests.test_history_archive import _profile_with_replays


def test_an_export_never_follows_a_link_in_the_replays_folder(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:secret\n")
    profile = _profile_with_replays(tmp_path / "data")
    game = next(g for g in profile.games() if g.record.replay is not None)
    assert game.record.replay is not None
    kept = tmp_path / "data" / replay_files.FOLDER / game.record.replay
    kept.unlink()
    kept.symlink_to(secret)
    assert replay_files.kept(tmp_path / "data", game.record.replay) is None
    assert kept not in replay_files.every(tmp_path / "data")
    exported = profile.export_to(tmp_path / "move.zip")
    assert exported.replays == 2
    with zipfile.ZipFile(tmp_path / "move.zip") as archive:
        assert all(b"secret" not in archive.read(name) for name in archive.namelist())
        assert "replays/" + game.record.replay not in archive.namelist()
    profile.close()
