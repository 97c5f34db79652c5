"""The opponent's replay kept beside the player's (game.persist.replays): found by
the player's name, marked when unverified, and pruned with the player's, never on
its own."""

from __future__ import annotations

from pathlib import Path

from game.persist import replays


def test_a_pair_is_found_by_the_players_name_and_pruned_with_it(tmp_path: Path) -> None:
    folder = tmp_path / replays.FOLDER
    folder.mkdir()
    names = [f"20261123-1053{i:02d}-000-beginner-lost-9120ms.msreplay" for i in range(5)]
    for i, name in enumerate(names):
        (folder / name).write_text("mine")
        (folder / replays.partner_name(name, verified=i % 2 == 0)).write_text("theirs")
    assert replays.partner(tmp_path, names[0]) == (
        folder / names[0].replace(".msreplay", "-opponent.msreplay"),
        True,
    )
    assert replays.partner(tmp_path, names[1]) == (
        folder / names[1].replace(".msreplay", "-opponent-unverified.msreplay"),
        False,
    )
    assert replays.partner(tmp_path, "nothing.msreplay") is None
    assert replays.partner(tmp_path, None) is None
    removed = replays.prune(folder, keep_last=3)  # (the opponents' not counted)
    assert removed == [folder / names[0], folder / names[1]]
    kept = names[2:]
    theirs = [replays.partner_name(n, verified=i % 2 == 0) for i, n in enumerate(names)][2:]
    assert sorted(p.name for p in folder.iterdir()) == sorted(kept + theirs)
