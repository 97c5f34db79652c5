"""A file's words reach the terminal as text (issue 46): a player's name holding
terminal escapes is printed by --standings, --analyse (text and JSON) and
--verify-replay with its control characters as escapes (game.terminal, the one home
of every printer); and a number is read in ASCII digits only, everywhere, with one
message (game.language.DIGITS_ONLY)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.__main__ import main
from game.core.moves import Move, MoveError
from game.language import DIGITS_ONLY, other_digits
from game.modes.tournament import TournamentError, parse
from game.replay.evf_write import export_evf
from game.terminal_bar import as_text
from tests.test_tournament import GSC, TEXT, won_replay

HOSTILE = "Ada\x1b]0;pwned\x07\x1b[2J\x9b31m\u202eevil"


def test_control_characters_are_shown_as_escapes_and_the_rest_as_it_is() -> None:
    shown = as_text(HOSTILE + "\n雷\tß😀")
    assert shown == "Ada\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m\\u202eevil\n雷\\u0009ß😀"
    assert json.loads(f'"{as_text(chr(0x7F) + chr(0x85))}"') == "\x7f\x85"  # (JSON reads it)


def _folder(tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "replays"
    folder.mkdir()
    replay = won_replay(7, HOSTILE)  # (EVF keeps a name's control characters: ours refuses them)
    (folder / "game.evf").write_bytes(export_evf(replay, mode=0, official=True, fair=True))
    tournament = tmp_path / "cup.mstournament"
    tournament.write_text(TEXT, encoding="utf-8")
    return tournament, folder


def _raw(text: str) -> bool:
    return any(ch in text for ch in "\x1b\x07\x9b\u202e")


def test_standings_analyse_and_verify_print_a_hostile_name_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tournament, folder = _folder(tmp_path)
    game = str(folder / "game.evf")
    for command in (
        ["--standings", str(tournament), str(folder)],
        ["--analyse", game],
        ["--verify-replay", game],
    ):
        main(command)
        out, err = capsys.readouterr()
        assert not _raw(out + err), (command, out, err)
    assert main(["--standings", str(tournament), str(folder)]) == 0
    assert "Ada\\u001b]0;pwned" in capsys.readouterr().out
    assert main(["--json", "--analyse", game]) == 0
    out = capsys.readouterr().out
    player = json.loads(out)["player"]
    assert not _raw(out) and player.startswith("Ada\x1b]0;pwned\x07")  # (still JSON, still it)


def test_every_printer_of_the_command_line_goes_through_the_one_home() -> None:
    root = Path(__file__).resolve().parent.parent / "game"
    for module in ("cli/commands.py", "flows/series_commands.py", "cli/__init__.py"):
        source = (root / module).read_text(encoding="utf-8")
        writes = [line for line in source.splitlines() if ".write(" in line]
        assert writes == [] or module == "cli/__init__.py", (module, writes)
    assert "as_text" in (root / "view/sound.py").read_text(encoding="utf-8")


# ---------------------------------------------------------------- ASCII digits


OTHER = ["١٢", "²", "１２", "٩x٩:١٠", "Ⅻ", "१०"]  # noqa: RUF001 (the point)


@pytest.mark.parametrize("text", OTHER)
def test_other_digits_are_told_apart(text: str) -> None:
    assert other_digits(text) and not other_digits("12x30:99")


@pytest.mark.parametrize(
    "option, value",
    [
        ("--custom", "٩x٩:١٠"),  # noqa: RUF001 (the point)
        ("--custom", "9x9:１0"),  # noqa: RUF001
        ("--seed", "١٢"),
        ("--zoom", "٢"),
        ("--speed", "١.٥"),  # noqa: RUF001
        ("--frames", "٣"),
        ("--ladder", "٣"),
    ],
)
def test_the_command_line_reads_ascii_digits_only_with_one_message(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    assert main([option, value]) == 2
    err = capsys.readouterr().err
    assert DIGITS_ONLY in err and "Traceback" not in err


def test_a_tournament_file_reads_ascii_digits_only_with_one_message() -> None:
    text = TEXT.replace("best 3", "best ٣").replace("default 60", "default 6０")  # noqa: RUF001
    with pytest.raises(TournamentError) as refused:
        parse(text)
    assert str(refused.value).endswith(DIGITS_ONLY)
    assert parse(TEXT) == GSC


def test_a_move_in_other_digits_is_a_move_error_not_a_crash() -> None:
    for text in ("r ² 3", "r ١ 2", "c 1 " + "9" * 5000):  # noqa: RUF001
        with pytest.raises(MoveError):
            Move.from_text(text)


def test_a_replay_and_a_history_read_ascii_digits_only_with_one_message(tmp_path: Path) -> None:
    from game.persist.history_transfer import FIELDS, TransferError, read_export
    from game.replay.format import ReplayError
    from game.replay.reader import parse as parse_replay
    from tests.test_history_hostile import _export

    text = won_replay(7, "Ada").to_text()
    with pytest.raises(ReplayError) as refused:
        parse_replay(text.replace("3bv: ", "3bv: ١", 1))  # noqa: RUF001 (the point)
    assert str(refused.value) == f"3bv: {DIGITS_ONLY}"
    lines = _export(tmp_path, 2).read_text().splitlines()
    cells = lines[1].split(",")
    cells[FIELDS.index("rows")] = "٩"
    with pytest.raises(TransferError) as said:
        read_export("\n".join([lines[0], ",".join(cells)]).encode())
    assert str(said.value) == f"line 2, field rows: {DIGITS_ONLY}"
