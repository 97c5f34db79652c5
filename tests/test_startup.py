"""Start-up by one seam (game/__main__.py): the first frame is drawn from the settings
alone (game.view.first_frame), before the engine, the table and the rest are
imported; then they are, before the first input is handled. Each check runs in a
fresh process, where nothing has been imported yet."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

LATER = (
    "sqlite3",
    "game.core.game",
    "game.core.snapshot",
    "game.core.solver",
    "game.session.play",
    "game.session.table",
    "game.modes.mode",
    "game.modes.ordinary",
    "game.modes.shared",
    "game.flows",
    "game.scenes",
    "game.screens",
    "game.replay",
    "game.analysis",
    "game.persist.history",
    "game.persist.history_file",
    "game.persist.replays",
    "game.app",
)
"""Modules the first frame does without (a package stands for its modules too):
the engine, the table, the ways to play, SQLite and the history, the replays."""


MADE = """
import dataclasses
import sys


def made(kind):
    # The game's classes of a kind made so far: "dataclass" (each compiles its methods
    # at import) or "named tuple" (each compiles its __new__ as it is made).
    is_kind = {
        "dataclass": dataclasses.is_dataclass,
        "named tuple": lambda value: issubclass(value, tuple) and hasattr(value, "_fields"),
    }[kind]
    return sorted(
        f"{name}.{value.__name__}"
        for name, module in list(sys.modules.items())
        if name == "game" or name.startswith("game.")
        for value in vars(module).values()
        if isinstance(value, type) and is_kind(value) and value.__module__ == name
    )
"""
"""What a script prepends to list the game's classes of a kind it made (``made(kind)``)."""

TAKES_OVER = """
def takes_over(first, options):
    # The window made from the first frame, a frame run: its size and pixels are the
    # first frame's (but the live counters' words in the side, the table's figures).
    drawn = first.viewport.screen.copy()
    words = first.viewport.beside()
    pad = 4 * first.viewport.side.scale  # (the frame's bevel and the margin)
    words = words.inflate(-2 * pad, -2 * pad) if words.w else words
    from game.app import App

    app = App(options, first)
    app.run(frames=1)
    again = app.viewport.screen
    assert again.get_size() == drawn.get_size(), (again.get_size(), drawn.get_size())
    width, height = drawn.get_size()
    differ = [
        (x, y) for y in range(height) for x in range(width)
        if drawn.get_at((x, y)) != again.get_at((x, y)) and not words.collidepoint(x, y)
    ]
    assert not differ, f"{len(differ)} pixels differ, first {differ[:5]}"
    return app
"""
"""What a script prepends to take the first frame over (``takes_over(first, options)``:
the window, run a frame, the same size and pixels; it is returned)."""


def run(script: str, *args: str) -> str:
    """A script's output, run in a fresh headless process (it must succeed)."""
    return started("-c", textwrap.dedent(script), *args)


def started(*arguments: str) -> str:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_first_frame_loads_only_what_it_draws(tmp_path: Path) -> None:
    script = """
        import sys
        import pygame
        from game.view.first_frame import show_first_frame

        show_first_frame(sys.argv[1])  # sound on: the default
        later = sys.argv[2:]
        loaded = [n for n in sys.modules for x in later if n == x or n.startswith(x + ".")]
        assert not loaded, f"loaded before the first frame: {loaded}"
        assert pygame.mixer.get_init() is None, "the first frame waited for the audio device"
        print("ok")
    """
    assert run(script, str(tmp_path), *LATER) == "ok"


def test_the_first_frame_makes_no_dataclass(tmp_path: Path) -> None:
    # Python 3.11 compiles a dataclass's methods from source at every import (about
    # 0.5 ms a class): what loads before the first frame uses Records, plain classes
    # and, for the values used as tuples, named tuples instead.
    script = """
        import sys
        from game import cli
        from game.view.first_frame import show_first_frame

        options = cli.parse_args(["--data-dir", sys.argv[1]])
        show_first_frame(options.data_dir, options.board, options.zoom, options.sound)
        print(made("dataclass"))
    """
    assert run(MADE + textwrap.dedent(script), str(tmp_path)) == "[]"


def test_the_first_frame_makes_named_tuples_only_of_values_used_as_tuples(tmp_path: Path) -> None:
    # A typing.NamedTuple costs 0.1-0.25 ms to make in a fresh process (its __new__ is
    # compiled): before the first frame a value compared by its fields is a Record,
    # and a named tuple only where code uses it as a tuple (docs/ARCHITECTURE.md,
    # Start-up): the board, a move, a delta, the picture.
    script = """
        import sys
        from game import cli
        from game.view.first_frame import show_first_frame

        options = cli.parse_args(["--data-dir", sys.argv[1]])
        show_first_frame(options.data_dir, options.board, options.zoom, options.sound)
        print(made("named tuple"))
    """
    made = run(MADE + textwrap.dedent(script), str(tmp_path))
    assert made == str(
        [
            "game.core.delta.Delta",
            "game.core.moves.Move",
            "game.rules.Board",
            "game.session.picture.Picture",
        ]
    )


def test_the_first_input_makes_no_dataclass_and_waits_for_no_rare_module(tmp_path: Path) -> None:
    # The same before the first input (game.core.record.Record for the values compared
    # by their fields: the modes, the replay, the history's rows); and what only a
    # rare action needs loads with it: hashlib (OpenSSL) with the first board code,
    # ctypes with the primary selection, csv with the History's first export or import,
    # simpleeval with a player's own counter (none by default), the judge, the report
    # and the community's replay readers with the first analysis (App.analyst), the
    # speech's backends (its socket, its processes) after the first input. What
    # the first frame made is frozen out of the garbage collector's walks while the
    # rest imports, and what the rest made once the first input can be handled.
    script = """
        import gc
        import sys
        from game import cli
        from game.view.first_frame import show_first_frame

        options = cli.parse_args(["--data-dir", sys.argv[1], "--no-sound"])
        first = show_first_frame(options.data_dir, options.board, options.zoom, options.sound)
        frozen = gc.get_freeze_count()
        assert frozen > 0, "the first frame's objects are walked by the collector"
        from game.app import App

        App(options, first).get_ready()
        assert gc.isenabled() and gc.get_freeze_count() > frozen, "start-up's objects walked"
        rare = {"hashlib", "ctypes", "csv", "simpleeval"} | {
            "game.flows.analysis", "game.analysis.judge", "game.replay.report",
            "game.replay.files", "game.replay.tally",
        } | {"game.view.speech_out", "game.view.ssip", "socket", "subprocess"} | set(
            sys.argv[2:]
        )  # (and the live race's: RACE; the dialogs': ON_FIRST_USE)
        print(made("dataclass"), sorted(rare & set(sys.modules)))
    """
    said = run(MADE + textwrap.dedent(script), str(tmp_path), *RACE, *EMBEDDED, *ON_FIRST_USE)
    assert said == "[] []"


ON_FIRST_USE = (
    "game.screens.records",
    "game.screens.statistics",
    "game.screens.history",
    "game.screens.settings",
    "game.screens.end_of_game",
    "game.screens.race",
    "game.screens.resume",
    "game.screens.counters",
    "game.flows.race_broker",
    "game.flows.counters",
    "game.flows.evf_save",
    "game.flows.web_save",
    "game.persist.game_record",
    "game.replay.reader",
    "game.modes.practice",
    "game.persist.series",
    "game.view.widgets.form",
    "game.view.widgets.menu",
    "game.view.widgets.message",
    "game.view.widgets.grid",
)
"""What the dialogs, a game's end and a ghost's race load with their first use
(game.core.on_first_use), never before the first input: the screens, the
history's rows, the replay reader, the series book (a time trial's runs, a
tournament's games), the forms and menus (about 1 MB resident)."""


RACE = (
    "paho",
    "cryptography",
    "secrets",
    "game.net.room",
    "game.net.seal",
    "game.net.client",
    "game.flows.live_race",
    "game.scenes.race_friend",
)
"""What a live race loads, with the first race (Game > Race a friend..., --race)."""
EMBEDDED = ("amqtt", "zeroconf", "ifaddr", "game.net.lan", "game.net.embedded")
"""What the embedded default loads, on the race client's thread, with a first race
through no named broker (game.net.client._where), and never before."""


def test_a_plain_start_loads_no_parser_and_opens_as_the_parser_reads_no_words() -> None:
    # (argparse and the parser, 0.5 MB resident and 4 ms of the first frame, load with
    # the first argument: game.cli.arguments)
    script = """
        import sys
        from game import cli

        plain = cli.parse_args([])
        loaded = sorted({"argparse", "game.cli.arguments"} & set(sys.modules))
        parsed = cli.options_of(cli.parser().parse_args([]))
        differ = [n for n in cli.Options.__slots__ if getattr(plain, n) != getattr(parsed, n)]
        print(loaded, differ, "argparse" in sys.modules)
    """
    assert run(script) == "[] [] True"


HELD_BACK = (
    "fractions",
    "decimal",
    "numbers",
    "unicodedata",
    "pygame.freetype",
    "datetime",
    "queue",
)
"""What no first screen and no first click of an ordinary game uses, loaded on first
use (game.core.on_first_use) for the memory they hold (about 1.5 MB resident,
docs/SPEED.md):
the exact fractions of the engine's probabilities (fractions brings decimal and
numbers), the Unicode database and FreeType's module of the fonts' fallback (a
character DejaVu lacks), datetime (the first date or time asked for: a game's end,
the history, a damaged file's name, the daily board), and queue (the speech's worker,
with the first word said: speech is off by default)."""


def test_no_module_names_a_character_by_its_unicode_name() -> None:
    """A "\\N{...}" escape makes Python load unicodedata to compile the module: where
    no .pyc is written (PYTHONDONTWRITEBYTECODE, a read-only install), that would be
    at every start. Characters are written by their code point instead."""
    named = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "game").rglob("*.py"))
        if "\\N{" in path.read_text(encoding="utf-8")
    ]
    assert named == []


def test_the_exact_fractions_load_with_the_first_probability_not_the_first_click(
    tmp_path: Path,
) -> None:
    script = """
        import sys
        from game import cli
        from game.app import App
        from game.core.moves import reveal

        app = App(cli.parse_args(["--data-dir", sys.argv[1], "--no-sound", "--seed", "1"]))
        app.get_ready()
        held = set(sys.argv[2:])
        before = sorted(held & set(sys.modules))
        app.table.act(reveal(4, 4))  # (the first click: the board dealt and opened)
        clicked = sorted(held & set(sys.modules))
        app.table.show_hint()  # (H: the solver's exact probabilities)
        app.play.draw(app.viewport.screen, True)
        exact = {"fractions", "decimal", "numbers"}
        print(before, clicked, sorted(exact & set(sys.modules)))
    """
    said = run(script, str(tmp_path), *HELD_BACK)
    assert said == "[] [] ['decimal', 'fractions', 'numbers']"


def test_the_live_race_loads_with_the_first_race(tmp_path: Path) -> None:
    script = """
        import sys
        from game import cli
        from game.app import App

        app = App(cli.parse_args(["--data-dir", sys.argv[1], "--no-sound"]))
        app.get_ready()
        before = sorted(set(sys.argv[2:]) & set(sys.modules))
        app.race_friend()
        loaded = {"paho", "cryptography", "game.net.client", *sys.argv[-5:]} & set(sys.modules)
        print(before, sorted(loaded))
    """
    said = run(script, str(tmp_path), *RACE, *EMBEDDED)
    assert said == "[] ['cryptography', 'game.net.client', 'paho']"


def test_no_module_of_the_game_compiles_a_regex_when_imported(tmp_path: Path) -> None:
    # A pattern compiled at import costs some tens of microseconds before the first
    # input: the game's are compiled at their first use (re's cache, or a kept one).
    script = """
        import re
        import sys

        compile = re.compile
        compiled = []

        def noted(pattern, flags=0):
            caller = sys._getframe(1)
            name = caller.f_globals.get("__name__", "")
            if caller.f_code.co_name == "<module>" and name.startswith("game"):
                compiled.append(f"{name}: {pattern!r}")
            return compile(pattern, flags)

        re.compile = noted
        from game import cli
        from game.view.first_frame import show_first_frame

        options = cli.parse_args(["--data-dir", sys.argv[1], "--no-sound"])
        first = show_first_frame(options.data_dir, options.board, options.zoom, options.sound)
        from game.app import App

        App(options, first).get_ready()
        import game.modes.tournament, game.replay.formats.avf, game.replay.formats.rawvf
        import game.flows.analysis, game.scenes.watching  # (with the first analysis, replay)
        import game.scenes.race_friend  # (with the first race)
        print(compiled)
    """
    assert run(script, str(tmp_path)) == "[]"


@pytest.mark.parametrize("side", [True, False], ids=["side", "classic"])
@pytest.mark.parametrize(
    "arguments",
    [[], ["--zoom", "1", "--difficulty", "expert"], ["--zoom", "3", "--custom", "30x40:200"]],
    ids=["beginner", "expert-zoom-1", "custom-zoom-3"],
)
def test_the_window_goes_on_from_the_first_frame_pixel_for_pixel(
    tmp_path: Path, arguments: list[str], side: bool
) -> None:
    """What the first frame drew is what the window draws once everything is loaded
    (the same board, counters, face and menu bar, the side's frame): nothing jumps
    when it takes over. Only the live counters' words in the side come with the rest
    (they are the table's figures); a classic window is the same to the pixel."""
    settings = {"version": 4, "counters_shown": side}
    (tmp_path / "settings.json").write_text(json.dumps(settings))
    script = """
        import sys
        import pygame
        from game import cli
        from game.view.first_frame import show_first_frame

        options = cli.parse_args(["--data-dir", sys.argv[1], "--no-sound", *sys.argv[2:]])
        first = show_first_frame(
            options.data_dir, options.board, options.zoom, options.sound, options.language
        )
        takes_over(first, options).close()
        print("ok")
    """
    assert run(TAKES_OVER + textwrap.dedent(script), str(tmp_path), *arguments) == "ok"


def test_a_game_offered_back_is_the_first_frame_and_the_window_goes_on_from_it(
    tmp_path: Path,
) -> None:
    """A game left unfinished is the first frame (its board, as its pause shows it:
    every cell hidden, its mine counter and its time), not the settings' new game; the
    window then puts it on the table, paused, draws the same pixels and offers it back,
    at one size throughout."""
    from game.core.game import Game
    from game.core.moves import Action, Move
    from game.persist.profile import Profile

    game = Game.new(16, 30, 99, seed=7)
    game.apply(Move(Action.REVEAL, 8, 15))
    game.apply(Move(Action.MARK, 0, 0))
    profile = Profile.open(tmp_path)
    assert profile.save_resume(game.to_snapshot(), elapsed_ms=41_500)
    profile.close()
    script = """
        import sys
        from game import cli
        from game.view.first_frame import show_first_frame

        options = cli.parse_args(["--data-dir", sys.argv[1], "--no-sound"])
        first = show_first_frame(
            options.data_dir, options.board, options.zoom, options.sound, options.language
        )
        board = first.viewport.board
        assert first.offered is not None and (board.rows, board.cols) == (16, 30), board
        size = first.viewport.screen.get_size()
        app = takes_over(first, options)
        session = app.table.session
        assert session.paused and session.elapsed_ms == 41_500 and session.timer_value == 42
        assert session.game.mines_left == 98
        app.get_ready()  # (the loop's next step)
        app.run(frames=app.frame + 1)
        assert app.stage.top_dialog is not None  # the offer, over the same window
        assert app.viewport.screen.get_size() == size
        app.close()
        print("ok")
    """
    assert run(TAKES_OVER + textwrap.dedent(script), str(tmp_path)) == "ok"


def test_input_given_during_the_import_is_handled_once_set_up_in_order(tmp_path: Path) -> None:
    """Clicks made while the rest of the game loads wait in the queue and are handled
    in the order they were made: a flag, a left click on the flag (nothing), then
    a left click elsewhere that opens the board."""
    script = """
        import sys
        import pygame
        from game import cli
        from game.view.first_frame import show_first_frame

        options = cli.parse_args(["--data-dir", sys.argv[1], "--no-sound", "--seed", "7"])
        first = show_first_frame(
            options.data_dir, options.board, options.zoom, options.sound, options.language
        )

        def click(cell, button):
            pos = first.viewport.cell_pos(*cell)
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=pos, button=button))

        click((0, 0), 3)  # a flag
        click((0, 0), 1)  # on the flag: nothing
        click((4, 4), 1)  # the first reveal
        from game.app import App

        app = App(options, first)
        assert app.table.session.game.opened_count == 0  # nothing handled yet
        app.run(frames=3)
        game = app.table.session.game
        print(game.look(0, 0).name, game.look(4, 4).name != "HIDDEN", game.status.name)
        app.close()
    """
    assert run(script, str(tmp_path)) == "FLAG True PLAYING"


def test_an_idle_window_opens_no_audio_device_and_the_first_click_does(tmp_path: Path) -> None:
    """Sound on (the default), the audio device (and the libraries SDL maps with it,
    about 2 MB resident: docs/SPEED.md) waits for the player's first press of a key
    or a button, not the first frame, nor the rest loaded, nor the pointer moving
    over the window; it opens as the loop rests after the press's frame, and the
    first click's sound then plays on its release."""
    script = """
        import sys
        import pygame
        from game import cli
        from game.app import App

        app = App(cli.parse_args(["--data-dir", sys.argv[1], "--seed", "1"]))
        app.run(frames=3)  # (get_ready done: the rest loaded, idle frames)
        pos = app.viewport.cell_pos(4, 4)
        moved = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        pygame.event.post(moved)
        app.run(frames=app.frame + 2)
        idle = pygame.mixer.get_init()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        app.run(frames=app.frame + 2)  # (the press's frame, the rest after it, a frame)
        pressed = app.prefs.sound.device_open
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.run(frames=app.frame + 1)
        print(idle, pressed, app.table.session.game.status.name, pygame.mixer.get_busy())
        app.close()
    """
    assert run(script, str(tmp_path)) == "None True PLAYING True"


def test_the_game_starts_by_its_entry_point(tmp_path: Path) -> None:
    """`python -m game` shows its window and ends after --frames, through the seam
    (a first start keeps the system's language in the settings)."""
    started("-m", "game", "--data-dir", str(tmp_path), "--frames", "2")
    assert (tmp_path / "settings.json").is_file()


def test_a_classic_window_that_kept_the_live_counters_hidden_starts_classic(
    tmp_path: Path,
) -> None:
    """The side is drawn in the first frame from the settings alone: a player who hid
    it gets the classic window from the first frame on, and the window keeps the size
    the first frame had when the rest takes over (shown or hidden)."""
    (tmp_path / "settings.json").write_text('{"version": 1, "counters_shown": false}')
    script = """
        import sys
        from game import cli
        from game.session.geometry import Layout
        from game.view.first_frame import show_first_frame

        options = cli.parse_args(["--data-dir", sys.argv[1], "--no-sound", "--zoom", "2"])
        first = show_first_frame(options.data_dir, options.board, options.zoom)
        width, height = Layout(9, 9, bar=9).size  # (the menu bar at the UI scale: 18 px)
        assert first.viewport.screen.get_size() == (2 * width, 2 * height)
        from game.app import App

        app = App(options, first)
        app.run(frames=1)
        assert app.viewport.screen.get_size() == (2 * width, 2 * height)
        app.close()
        print("ok")
    """
    assert run(script, str(tmp_path)) == "ok"
