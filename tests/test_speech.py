"""The Speaker (game.view.speech) and speech-dispatcher's protocol (game.view.ssip):
announcements gathered an event and sent off the loop's thread, each interrupting
the one before; the log; a voice that fails or a log that cannot be written said
once, the game going on; SSIP spoken to a stand-in server, whose replies, however
bent, end in an error or an answer, never a hang."""

from __future__ import annotations

import socket
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli.commands import say_aloud
from game.core.game import Game
from game.core.moves import reveal
from game.view import board_words as words
from game.view import speech_out
from game.view.speech import Speaker
from game.view.speech_out import Recording
from game.view.ssip import Ssip, SsipError, system_environment, voice_language


class Threaded(Recording):
    """A voice that notes the thread each call comes on."""

    def __init__(self) -> None:
        super().__init__()
        self.threads: list[str] = []

    def speak(self, text: str, language: str, rate: int, interrupt: bool = True) -> None:
        self.threads.append(threading.current_thread().name)
        super().speak(text, language, rate, interrupt)


def test_what_one_event_says_goes_out_as_one_announcement_off_the_loops_thread() -> None:
    voice = Threaded()
    speaker = Speaker(True, backend=lambda: voice)
    speaker.say("opened 14 cells.")
    speaker.say("Game won.")
    assert not voice.spoken, "nothing goes before flush"
    speaker.flush()
    assert speaker.wait()
    assert voice.spoken == ["opened 14 cells. Game won."]
    assert voice.threads == ["speech"] and threading.current_thread().name != "speech"
    speaker.close()


def test_brief_words_are_chosen_when_the_player_asks_for_them() -> None:
    voice = Recording()
    speaker = Speaker(True, brief=True, backend=lambda: voice)
    speaker.say_now("row 3, column 5: 2", "C5, 2")
    assert speaker.wait()
    speaker.say_now("only full words")
    assert speaker.wait()
    assert voice.spoken == ["C5, 2", "only full words"]
    speaker.close()


def test_nothing_is_gathered_while_off_and_nothing_goes_while_held(tmp_path: Path) -> None:
    voice = Recording()
    speaker = Speaker(False, backend=lambda: voice)
    speaker.say_now("unheard")
    assert speaker.said == 0 and not voice.spoken
    speaker.enabled = True
    speaker.held = True
    speaker.say_now("after the first input")
    assert speaker.said == 0
    speaker.held = False
    speaker.flush()
    assert speaker.wait() and voice.spoken == ["after the first input"]
    speaker.close()


def test_a_backlog_is_logged_whole_and_only_its_last_is_spoken(tmp_path: Path) -> None:
    # The worker, busy, finds three waiting: each new one would interrupt the one before.
    gate, entered = threading.Event(), threading.Event()

    class Slow(Recording):
        def speak(self, text: str, language: str, rate: int, interrupt: bool = True) -> None:
            entered.set()
            gate.wait(5)
            super().speak(text, language, rate, interrupt)

    voice = Slow()
    log = tmp_path / "speech.log"
    speaker = Speaker(True, log=log, backend=lambda: voice)
    speaker.say_now("one")
    assert entered.wait(5)
    for text in ("two", "three", "four"):
        speaker.say_now(text)
    gate.set()
    assert speaker.wait()
    assert voice.spoken[0] == "one" and voice.spoken[-1] == "four"
    assert "two" not in voice.spoken and "three" not in voice.spoken
    assert log.read_text(encoding="utf-8") == "one\ntwo\nthree\nfour\n"
    speaker.close()


def test_an_announcement_that_follows_is_said_after_the_one_before() -> None:
    voice = Recording()
    speaker = Speaker(True, backend=lambda: voice)
    speaker.say("Won in 12 seconds!")
    speaker.flush()
    speaker.say("A new best time!")
    speaker.flush(interrupt=False)
    assert speaker.wait()
    assert voice.spoken == ["Won in 12 seconds!", "A new best time!"]
    speaker.close()


def test_the_log_alone_hears_every_announcement_in_utf8(tmp_path: Path) -> None:
    voice = Recording()
    log = tmp_path / "speech.log"
    speaker = Speaker(False, log=log, backend=lambda: voice)
    speaker.say_now("第 3 行，第 5 列：2")
    speaker.say_now("Zeile 3, Spalte 5: leer\nzwei Zeilen")
    assert speaker.wait()
    assert not voice.spoken, "the voice is off"
    assert log.read_text(encoding="utf-8").splitlines() == [
        "第 3 行，第 5 列：2",
        "Zeile 3, Spalte 5: leer zwei Zeilen",
    ]
    speaker.close()


def test_a_voice_that_fails_is_said_once_and_the_log_goes_on(tmp_path: Path) -> None:
    said: list[str] = []

    def broken() -> Recording:
        raise OSError("no speech-dispatcher here")

    log = tmp_path / "speech.log"
    speaker = Speaker(True, log=log, backend=broken, warn=said.append)
    speaker.say_now("one")
    speaker.say_now("two")
    assert speaker.wait()
    assert said == ["No speech found (no speech-dispatcher here); the game will not speak."]
    assert log.read_text(encoding="utf-8") == "one\ntwo\n"
    speaker.close()


def test_a_voice_that_goes_away_mid_game_is_found_again_once_then_said_gone_once() -> None:
    # speech-dispatcher killed mid-game and started again (by the game at its own
    # address, by the desktop, by Orca): the next words reach the new one, unwarned.
    said: list[str] = []
    new = Recording()

    class Dies(Recording):
        def speak(self, text: str, language: str, rate: int, interrupt: bool = True) -> None:
            if self.spoken:
                raise BrokenPipeError(32, "Broken pipe")
            super().speak(text, language, rate, interrupt)

    first = Dies()
    voices: list[Recording] = [first, new]
    speaker = Speaker(True, backend=lambda: voices.pop(0), warn=said.append)
    for text in ("one", "two", "three"):
        speaker.say_now(text)
        assert speaker.wait()
    assert first.spoken == ["one"] and new.spoken == ["two", "three"] and not said
    speaker.close()
    gone: list[Recording] = [Dies(), Dies()]
    gone[1].spoken.append("(dead from the start)")
    speaker = Speaker(True, backend=lambda: gone.pop(0), warn=said.append)
    for text in ("one", "two", "three"):
        speaker.say_now(text)
        assert speaker.wait()
    assert said == ["No speech found ([Errno 32] Broken pipe); the game will not speak."]
    speaker.close()


def test_a_log_that_cannot_be_written_is_said_once(tmp_path: Path) -> None:
    said: list[str] = []
    voice = Recording()
    speaker = Speaker(True, log=tmp_path, backend=lambda: voice, warn=said.append)  # a folder
    speaker.say_now("one")
    speaker.say_now("two")
    assert speaker.wait()
    assert len(said) == 1 and said[0].startswith("Could not write the speech log (")
    assert voice.spoken[-1] == "two"
    speaker.close()


def test_the_board_in_words_puts_the_place_first() -> None:
    game = Game.from_layout("*..\n...\n...")  # (nothing opened: every cell hidden)
    assert words.cell_words(game, (2, 1), False) == "row 3, column 2: hidden"
    assert words.cell_words(game, (2, 1), True) == "C2, hidden"
    assert words.row_letters(0) == "A" and words.row_letters(25) == "Z"
    assert words.row_letters(26) == "AA" and words.row_letters(701) == "ZZ"
    assert words.row_words(game, 0, True) == "A: 3 hidden"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "mine at row 2, column 3: lost at 12 seconds"),
        ("pl", "mina w wierszu 2, kolumnie 3: przegrana, czas: 12 sekund"),  # (locative)
        ("de", "Mine bei Zeile 2, Spalte 3: verloren nach 12 Sekunden"),
    ],
)
def test_a_lost_move_names_the_mines_row_and_column_as_the_language_inflects_them(
    code: str, said: str
) -> None:
    from game import language

    game = Game.from_layout("...\n..*\n...")
    delta = game.reveal(1, 2)
    try:
        language.use(code)
        assert words.move_words(game, (1, 2), delta, 12, False) == said
        assert words.move_words(game, (1, 2), delta, 12, True).startswith(
            {"en": "mine at B3: ", "pl": "mina na polu B3: ", "de": "Mine bei B3: "}[code]
        )
    finally:
        language.use("en")


# ---------------------------------------------------------------------- SSIP


class FakeDispatcher:
    """A stand-in speech-dispatcher on a Unix socket: notes each command, answers
    with ``answer(command)`` (the lines it writes back)."""

    def __init__(self, path: Path, answer: object = None, hang_up: bool = False) -> None:
        self.path = path
        self.hang_up = hang_up
        """Close the connection after the first answer."""
        self.heard: list[str] = []
        self.answer = answer or self.ok
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(path))
        self.server.listen(1)
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    @staticmethod
    def ok(command: str) -> bytes:
        if command == "SPEAK":
            return b"230 OK RECEIVING DATA\r\n"
        if command.endswith("\r\n."):
            return b"225-1\r\n225 OK MESSAGE QUEUED\r\n"
        return b"200 OK\r\n"

    def serve(self) -> None:
        connection, _ = self.server.accept()
        buffer = b""
        speaking = False
        with connection:
            while True:
                chunk = connection.recv(4096)
                if not chunk:
                    return
                buffer += chunk
                while True:
                    end = b"\r\n.\r\n" if speaking else b"\r\n"
                    at = buffer.find(end)
                    if at < 0:
                        break
                    text = buffer[: at + (3 if speaking else 0)].decode()
                    buffer = buffer[at + len(end) :]
                    self.heard.append(text)
                    speaking = text == "SPEAK"
                    answer = self.answer(text)  # type: ignore[operator]
                    connection.sendall(answer)
                    if text == "QUIT" or self.hang_up:
                        return

    def close(self) -> None:
        self.server.close()


@pytest.fixture
def sock_path(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "speechd.sock"


def test_ssip_sets_its_name_cancels_then_speaks_escaping_a_leading_dot(sock_path: Path) -> None:
    server = FakeDispatcher(sock_path)
    voice = Ssip.connect(f"unix_socket:{sock_path}")
    voice.speak("row 3, column 5: 2\n.5 seconds", "zh_CN", 30)
    voice.speak("again", "zh_CN", 30, interrupt=False)
    voice.close()
    server.thread.join(5)
    server.close()
    assert server.heard == [
        "SET self CLIENT_NAME user:minesweeper:main",
        "SET self PRIORITY message",
        "CANCEL self",
        "GET OUTPUT_MODULE",  # (Chinese: which voice speaks it depends on the module)
        "SET self LANGUAGE zh",
        "SET self RATE 30",
        "SPEAK",
        "row 3, column 5: 2\r\n..5 seconds\r\n.",
        "SPEAK",
        "again\r\n.",
        "QUIT",
    ]
    assert voice_language("pl") == "pl"


def test_chinese_through_espeak_ng_takes_its_mandarin_voice_that_reads_pinyin(
    sock_path: Path,
) -> None:
    # speech-dispatcher's "zh" is espeak-ng's cmn voice, which says 第 as "di four".
    def espeak_ng(command: str) -> bytes:
        if command == "GET OUTPUT_MODULE":
            return b"251-espeak-ng\r\n251 OK GET RETURNED\r\n"
        return FakeDispatcher.ok(command)

    server = FakeDispatcher(sock_path, answer=espeak_ng)
    voice = Ssip.connect(f"unix_socket:{sock_path}")
    voice.speak("第 3 行，第 5 列：2", "zh_CN", 0)
    voice.speak("Zeile 3", "de", 0)
    voice.speak("第 3 行", "zh_CN", 0)
    voice.close()
    server.thread.join(5)
    server.close()
    assert [line for line in server.heard if line.startswith(("GET", "SET self LANGUAGE"))] == [
        "GET OUTPUT_MODULE",  # (asked once)
        "SET self LANGUAGE cmn-latn-pinyin",
        "SET self LANGUAGE de",
        "SET self LANGUAGE cmn-latn-pinyin",
    ]
    assert voice_language("zh_CN", "espeak-ng") == "cmn-latn-pinyin"
    assert voice_language("zh_CN", "rhvoice") == "zh" and voice_language("ja", "espeak-ng") == "ja"


def test_a_dispatcher_that_will_not_name_its_module_still_speaks_chinese(
    sock_path: Path,
) -> None:
    def no_get(command: str) -> bytes:
        return b"300 ERR UNKNOWN\r\n" if command.startswith("GET") else FakeDispatcher.ok(command)

    server = FakeDispatcher(sock_path, answer=no_get)
    voice = Ssip.connect(f"unix_socket:{sock_path}")
    voice.speak("第 3 行", "zh_CN", 0)
    voice.close()
    server.thread.join(5)
    server.close()
    assert "SET self LANGUAGE zh" in server.heard and server.heard[-2] == "第 3 行\r\n."


def test_ssip_refused_is_an_error_not_a_hang(sock_path: Path) -> None:
    server = FakeDispatcher(sock_path, answer=lambda command: b"500 ERR WHAT\r\n")
    with pytest.raises(SsipError, match="500 ERR"):
        Ssip.connect(f"unix_socket:{sock_path}")
    server.close()


def test_a_dispatcher_that_stalls_is_given_up_on(
    sock_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("game.view.ssip.TIMEOUT", 0.2)
    server = FakeDispatcher(sock_path, answer=lambda command: b"200-half a reply")
    with pytest.raises(OSError):
        Ssip.connect(f"unix_socket:{sock_path}")
    server.close()


def test_an_address_it_does_not_know_is_an_error() -> None:
    with pytest.raises(SsipError):
        Ssip.connect("carrier_pigeon:home")


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(reply=st.binary(max_size=6000))
def test_any_reply_ends_in_an_answer_or_an_error(tmp_path: Path, reply: bytes) -> None:
    path = tmp_path / f"s{abs(hash(reply)) % 10**8}.sock"
    server = FakeDispatcher(path, answer=lambda command: reply, hang_up=True)
    try:
        Ssip.connect(f"unix_socket:{path}").close()
    except (OSError, UnicodeError):
        pass  # (SsipError is an OSError; a timeout too)
    finally:
        server.close()


def test_a_row_tells_each_number_and_counts_the_runs_of_the_rest() -> None:
    game = Game.from_layout("....*.\n......\n......")
    game.apply(reveal(2, 0))
    assert words.row_words(game, 0, False) == "row 1: 3 empty, 1, 2 hidden"
    assert words.row_words(game, 1, True) == "B: 3 empty, 1, 1, 1"


def test_a_menus_line_is_said_with_its_meaning_and_a_grids_row_with_its_headers() -> None:
    from game.view.widgets.grid import GridDialog, said_row
    from game.view.widgets.menu import MenuDialog

    menu = MenuDialog("Analysis", [("3BV", "5"), ("IOE", "0.20")])
    menu.hints = ["the fewest clicks that clear the board", "3BV per click"]
    assert menu.focus_said() == "3BV: 5. the fewest clicks that clear the board"
    grid = GridDialog("History", ["Date", "Time"], [["1 Dec", "12 s"]], pickable=True)
    assert grid.focus_said() == "Close, button"
    grid.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
    assert grid.focus_said() == "Date: 1 Dec, Time: 12 s."
    assert said_row(["Date", "Time"], ["", "12 s"]) == "Time: 12 s."


def test_a_voice_that_failed_is_looked_for_again_when_speech_is_switched_on() -> None:
    said: list[str] = []
    voice = Recording()
    tries = iter([OSError("not yet"), voice])

    def backend() -> Recording:
        got = next(tries)
        if isinstance(got, OSError):
            raise got
        return got

    speaker = Speaker(True, backend=backend, warn=said.append)
    speaker.say_now("one")
    assert speaker.wait() and len(said) == 1 and not voice.spoken
    speaker.try_again()
    speaker.say_now("two")
    assert speaker.wait() and voice.spoken == ["two"]
    speaker.close()


def test_speech_dispatchers_address_is_the_bindings(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.view.ssip import address

    monkeypatch.delenv("SPEECHD_ADDRESS", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", "/run/user/1000")
    assert address() == "unix_socket:/run/user/1000/speech-dispatcher/speechd.sock"
    monkeypatch.setenv("SPEECHD_ADDRESS", "inet_socket:127.0.0.1:6560")
    assert address() == "inet_socket:127.0.0.1:6560"


def test_an_address_given_is_never_spawned_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spawned: list[object] = []
    monkeypatch.setattr("game.view.ssip.subprocess.run", lambda *a, **k: spawned.append(a))
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path / 'none.sock'}")
    with pytest.raises(OSError):
        Ssip.connect()
    assert not spawned
    monkeypatch.delenv("SPEECHD_ADDRESS")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    with pytest.raises(OSError):
        Ssip.connect()  # (the stand-in spawn starts nothing: still no one listens)
    assert len(spawned) == 1, "the default address: spawned for, as the binding does"


def test_a_frozen_game_starts_speech_dispatcher_with_the_systems_libraries(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bundle = {"LD_LIBRARY_PATH": "/tmp/_MEI123", "LD_LIBRARY_PATH_ORIG": "/opt/lib", "A": "1"}
    assert system_environment(bundle) == bundle  # (not frozen: as it is)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert system_environment(bundle) == {"LD_LIBRARY_PATH": "/opt/lib", "A": "1"}
    assert system_environment({"LD_LIBRARY_PATH": "/tmp/_MEI123", "A": "1"}) == {"A": "1"}
    spawned: list[dict[str, str]] = []
    monkeypatch.setenv("LD_LIBRARY_PATH", "/tmp/_MEI123")
    monkeypatch.delenv("LD_LIBRARY_PATH_ORIG", raising=False)
    monkeypatch.delenv("SPEECHD_ADDRESS", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    monkeypatch.setattr("game.view.ssip.subprocess.run", lambda *a, **k: spawned.append(k["env"]))
    with pytest.raises(OSError):
        Ssip.connect()  # (the stand-in starts nothing)
    assert len(spawned) == 1 and "LD_LIBRARY_PATH" not in spawned[0]


class _Voice:
    """A voice that takes any words (keeps them after the exit: no wait)."""

    keeps_words = True

    def speak(self, text: str, language: str, rate: int) -> None:
        pass

    def close(self) -> None:
        pass


def test_say_with_a_log_it_cannot_write_says_why_in_one_line_and_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(speech_out, "system_backend", _Voice)
    log = tmp_path / "no-such-folder" / "said.txt"
    assert say_aloud("Row 3, column 5: two.", log) == 1
    err = capsys.readouterr().err
    assert err.startswith("minesweeper: Could not write the speech log (") and err.count("\n") == 1
    assert say_aloud("Row 3, column 5: two.", tmp_path / "said.txt") == 0
    assert (tmp_path / "said.txt").read_text(encoding="utf-8") == "Row 3, column 5: two.\n"


@pytest.mark.parametrize(
    ("code", "shown", "said"),
    [
        ("en", "Time, 39.059 s. 3BV/s, 0.23.", "Time, 39.059 seconds. 3BV/s, 0.23."),
        ("de", "Zeit: 39,059 s, 3BV/s: -.", "Zeit: 39,059 Sekunden, 3BV/s: kein Wert."),
        ("en", "Arrows, W A S D. cursor down: Down, S", "Arrows, W A S D. cursor down: Down, S"),
    ],
)
def test_a_time_as_the_screen_writes_it_is_said_in_seconds_never_the_letter(
    code: str, shown: str, said: str
) -> None:
    from game import language

    voice = Recording()
    speaker = Speaker(True, backend=lambda: voice)
    try:
        language.use(code)
        speaker.say_now(shown)
        assert speaker.wait() and voice.spoken == [said]
    finally:
        language.use("en")
        speaker.close()
