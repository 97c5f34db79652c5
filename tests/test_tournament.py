"""Tournaments (game.modes.tournament, game.modes.standings): the file, strict and
bounded, a hostile one refused in one line; the games played in one carry its
identifier; the standings as the Golden Sheep Cup counts them, from a folder of
replay files of several players, ours and the community's."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.__main__ import main
from game.core.board import FirstClick
from game.core.game import Game
from game.core.look import Look
from game.core.moves import reveal
from game.core.status import Status
from game.modes.ordinary import Ordinary
from game.modes.standings import Played, score, standings
from game.modes.tournament import Count, Entered, Tournament, TournamentError, load, parse
from game.modes.tournament_folder import read_folder
from game.replay.files import open_replay
from game.replay.format import SUFFIX, Replay, ReplayError
from game.replay.reader import parse as parse_replay
from game.replay.recorder import Recorder
from game.rules import PRESETS, Difficulty, GameRules
from game.session.table import Table

GSC = Tournament(
    "Golden Sheep Cup 2026",
    "golden-sheep-2026",
    (
        Count(Difficulty.BEGINNER, 3, 5, 60_000),
        Count(Difficulty.INTERMEDIATE, 2, 30, 200_000),
        Count(Difficulty.EXPERT, 1, 100, 500_000),
    ),
    FirstClick.SAFE,
)
TEXT = GSC.to_text()
COMMUNITY = Path(__file__).parent / "data" / "replays" / "flop-player" / "avf"


def test_a_tournament_file_reads_back() -> None:
    assert parse(TEXT) == GSC
    assert parse(TEXT.encode()) == GSC
    assert "count: beginner best 3 min-3bv 5 default 60" in TEXT


def mutations(rng: random.Random) -> bytes:
    data = bytearray(TEXT.encode())
    for _ in range(rng.randint(1, 4)):
        how = rng.randrange(7)
        at = rng.randrange(len(data))
        if how == 0:
            data[at] = rng.randrange(256)
        elif how == 1:
            del data[at : at + rng.randint(1, 12)]
        elif how == 2:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif how == 3:
            data = data[:at]
        elif how == 4:
            lines = data.split(b"\n")
            line = rng.choice(lines)
            lines.insert(rng.randrange(len(lines)), line)
            data = bytearray(b"\n".join(lines))
        elif how == 5:
            data[at:at] = rng.choice([b"99999", b"-1", b"\x00", b"\xff\xfe", b"nan", b": :"])
        else:
            data += b"x" * rng.choice([10, 5000])
    return bytes(data)


def hostile_files() -> list[bytes]:
    """Fifty mutated tournament files that are no tournament."""
    rng = random.Random(34)
    found: list[bytes] = []
    while len(found) < 50:
        data = mutations(rng)
        try:
            parse(data)
        except TournamentError:
            found.append(data)
    return found


def test_fifty_mutated_tournament_files_each_get_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for n, data in enumerate(hostile_files()):
        path = tmp_path / f"t{n}.mstournament"
        path.write_bytes(data)
        assert main(["--data-dir", str(tmp_path / "data"), "--standings", str(path)]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert err.count("\n") == 1 and err.startswith(f"minesweeper: t{n}.mstournament: ")
        assert "Traceback" not in err


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600) | st.text(max_size=600).map(str.encode))
def test_any_bytes_are_a_tournament_or_one_line_error(data: bytes) -> None:
    try:
        parse(data)
    except TournamentError as error:
        assert "\n" not in str(error)


def test_a_file_too_large_a_folder_or_a_missing_file_is_one_line(tmp_path: Path) -> None:
    big = tmp_path / "big.mstournament"
    big.write_bytes(TEXT.encode() + b"#" * 5000)
    for path in (big, tmp_path, tmp_path / "none.mstournament"):
        with pytest.raises(TournamentError) as caught:
            load(path)
        assert "\n" not in str(caught.value) and path.name in str(caught.value)


def won_replay(
    seed: int,
    player: str,
    *,
    size: Difficulty = Difficulty.BEGINNER,
    ident: str = GSC.ident,
    rule: FirstClick = FirstClick.SAFE,
    lose: bool = False,
    step: float = 150.0,
) -> Replay:
    """A game played through the table and recorded: won (or lost) on a board of
    ``size`` dealt from ``seed``, each move ``step`` ms after the last."""
    board = PRESETS[size]
    now = [0.0]
    game = Game.new(board.rows, board.cols, board.mines, seed=seed, first_click=rule)
    table = Table.of(Ordinary.given(game), lambda: now[0])
    recorder = Recorder()
    table.tap(recorder)
    table.act(reveal(board.rows // 2, board.cols // 2))
    mines = set(table.game.mine_cells())
    if lose:
        now[0] += step
        table.act(reveal(*sorted(mines)[0]))
    for r in range(board.rows):
        for c in range(board.cols):
            if table.game.status.is_over:
                break
            if (r, c) not in mines and table.game.look(r, c) is Look.HIDDEN:
                now[0] += step
                table.act(reveal(r, c))
    assert table.game.status is (Status.LOST if lose else Status.WON)
    replay = recorder.replay(player=player, tournament=ident)
    assert replay is not None
    return replay


def test_the_standings_of_a_folder_of_twenty_replays(tmp_path: Path) -> None:
    made: list[tuple[str, Replay, bool]] = []  # (file name, replay, counts)
    for n in range(6):
        made.append((f"alice-b{n}", won_replay(100 + n, "Alice", step=100 + 7 * n), True))
    for n in range(4):
        made.append((f"bob-b{n}", won_replay(200 + n, "Bob", step=90 + 11 * n), True))
    made.append(("bob-i0", won_replay(300, "Bob", size=Difficulty.INTERMEDIATE, step=40), True))
    made.append(("bob-i1", won_replay(301, "Bob", size=Difficulty.INTERMEDIATE, step=45), True))
    made.append(("carol-b0", won_replay(400, "Carol", step=80), True))
    made.append(("carol-lost", won_replay(401, "Carol", lose=True), False))
    made.append(("carol-other", won_replay(402, "Carol", ident="another-cup", step=10), False))
    made.append(("carol-rule", won_replay(403, "Carol", rule=FirstClick.OPENING, step=10), False))
    made.append(("dave-e0", won_replay(500, "Dave", size=Difficulty.EXPERT, step=30), True))
    made.append(("dave-b0", won_replay(501, "Dave", step=120), True))
    for name, replay, _ in made:
        (tmp_path / f"{name}{SUFFIX}").write_text(replay.to_text())
    for name in ("arbiter_exp.avf", "arbiter_int.avf"):  # Flop's, in Arbiter's format
        shutil.copy(COMMUNITY / name, tmp_path / name)
        made.append((name, open_replay(tmp_path / name).replay, True))
    assert len(made) == 20
    (tmp_path / f"junk{SUFFIX}").write_text("not a replay")

    found = read_folder(GSC, tmp_path)
    assert len(found.games) == 18  # not the other cup's, the other rule's, the junk
    assert len(found.notes) == 3 and any("junk" in note for note in found.notes)
    assert any("another-cup" in note for note in found.notes)

    def expected(player: str) -> int:
        total = 0
        for count in GSC.counts:
            times = sorted(
                r.ms
                for _, r, counts in made
                if counts
                and r.player == player
                and r.board == count.board
                and r.bbbv is not None
                and r.bbbv >= count.min_bbbv
            )[: count.best]
            total += sum(times) + (count.best - len(times)) * count.default_ms
        return total

    table = standings(GSC, found.games)
    by_name = {entry.player: entry.ms for entry in table}
    assert {"Alice", "Bob", "Carol", "Dave", "Flop"} == set(by_name)
    for player in by_name:
        assert by_name[player] == expected(player), player
    assert [entry.ms for entry in table] == sorted(entry.ms for entry in table)
    # The printed table, without a window.
    tournament_file = tmp_path / "gsc.mstournament"
    tournament_file.write_text(TEXT)
    assert (
        main(
            ["--data-dir", str(tmp_path / "d"), "--standings", str(tournament_file), str(tmp_path)]
        )
        == 0
    )


def test_standings_with_no_games_print_no_empty_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tournament_file = tmp_path / "gsc.mstournament"
    tournament_file.write_text(TEXT)
    (tmp_path / "replays").mkdir()
    argv = ["--data-dir", str(tmp_path / "d"), "--standings", str(tournament_file)]
    assert main([*argv, str(tmp_path / "replays")]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed == [f"{GSC.name} ({GSC.ident})", "No games yet."]


def test_a_players_best_n_count_and_the_missing_ones_take_the_default() -> None:
    beginner = PRESETS[Difficulty.BEGINNER]
    games = [Played("p", beginner, True, ms, 10) for ms in (9000, 7000, 8000, 6000)]
    games.append(Played("p", beginner, True, 1000, 4))  # below the least 3BV
    games.append(Played("p", beginner, False, 500, 30))  # lost
    result = score(GSC, "p", games)
    assert result.levels[0].times == (6000, 7000, 8000)
    assert result.ms == 21000 + 2 * 200_000 + 500_000 and result.counted == 3


def test_a_game_in_a_tournament_carries_its_identifier() -> None:
    mode = Entered.of(GSC, PRESETS[Difficulty.INTERMEDIATE], GameRules(question_marks=False))
    assert mode.rules.first_click is FirstClick.SAFE and not mode.rules.question_marks
    assert mode.entered == GSC and mode.title() == GSC.name
    now = [0.0]
    table = Table.of(mode, lambda: now[0])
    recorder = Recorder()
    table.tap(recorder)
    table.act(reveal(0, 0))
    replay = recorder.replay(tournament=mode.entered.ident)
    assert replay is not None
    assert parse_replay(replay.to_text()).tournament == GSC.ident
    odd = Entered.of(GSC, PRESETS[Difficulty.RANKED_BEGINNER], GameRules())
    assert odd.board == PRESETS[Difficulty.BEGINNER]  # not a level it counts: its first


def test_a_replay_naming_a_tournament_badly_is_refused_in_one_line() -> None:
    text = won_replay(9, "Eve").to_text()
    assert "tournament: golden-sheep-2026" in text.splitlines()
    for bad in ("Golden Sheep", "-cup", "a" * 41, "cup\x07"):
        with pytest.raises(ReplayError) as caught:
            parse_replay(text.replace("tournament: golden-sheep-2026", f"tournament: {bad}"))
        said = str(caught.value)
        assert "\n" not in said and ("tournament is" in said or "control characters" in said)
