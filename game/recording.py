"""The window's side of replays, board codes and the daily board.

The app calls in from a few hooks: ``begin`` and ``end`` around each event it handles
(the Recorder of game.replay keeps them), ``finished`` when a game ends (a won
game's replay is kept in the data folder's replays/, and the end-of-game panel
shows the board code, with buttons to copy it and to keep the replay), and the
commands "Daily board" and "Play board code...". The logic is in the pure
modules (game.replay, game.boardcode, game.persist.replays); this is the glue.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING

import pygame

from game.core import Status
from game.input import Button
from game.session import PlaySession

if TYPE_CHECKING:
    from game.app import App
    from game.boardcode import BoardCode
    from game.replay import Recorder, Replay

# The replay modules are imported on first use, not with the window: a start-up
# with nothing to record yet need not pay for them.
_KINDS = {
    pygame.MOUSEMOTION: "move",
    pygame.MOUSEBUTTONDOWN: "down",
    pygame.MOUSEBUTTONUP: "up",
    pygame.WINDOWLEAVE: "cancel",
    pygame.WINDOWFOCUSLOST: "cancel",
}


@dataclass(frozen=True)
class InFlight:
    """A mouse event being handled: the session it is for, the buttons the input
    machine held before it, and when it came."""

    event: pygame.event.Event
    session: PlaySession
    held: frozenset[Button]
    wall_ms: float


def begin(app: App, event: pygame.event.Event) -> None:
    """The recording hook, before the window handles an event."""
    app.in_flight = InFlight(event, app.session, app.input.held, app.now_ms())


def end(app: App) -> None:
    """The recording hook, after: the event goes to the recorder (unless a game's
    end already took it there, so that its replay ends with the last click)."""
    in_flight, app.in_flight = app.in_flight, None
    if in_flight is None:
        return
    event, session = in_flight.event, in_flight.session
    word = _KINDS.get(event.type)
    if word is None:
        return
    from game.replay import Kind, position_of

    kind = Kind(word)
    position = (0, 0)
    if kind is not Kind.CANCEL:
        x, y = event.pos
        position = position_of(app.renderer.layout, x // app.zoom, y // app.zoom)
    button = int(getattr(event, "button", 0))
    recorder_of(app).observe(
        session, in_flight.wall_ms, kind, button, position, held_before=in_flight.held
    )


def recorder_of(app: App) -> Recorder:
    """The app's recorder (made at the first event)."""
    if app.recorder is None:
        from game.replay import Recorder

        app.recorder = Recorder()
    return app.recorder


def code_of(session: PlaySession) -> BoardCode | None:
    """The board code of a session's board (None for a board dealt without a seed)."""
    from game.boardcode import BoardCode

    seed = session.game.seed
    return None if seed is None else BoardCode(session.board, session.rules, seed)


def daily_date(app: App) -> str | None:
    """The date of the daily board being played, or None."""
    played = app.daily
    return played[1] if played is not None and played[0] is app.session else None


def start_daily(app: App) -> None:
    """The Daily board command: today's board, the same for everyone."""
    from game.boardcode import daily

    today = date.today()
    code = daily(today)
    app.new_game(code.board, seed=code.seed, rules=code.rules)
    app.daily = (app.session, today.isoformat())


def open_board_code(app: App) -> None:
    """The Play board code command: ask for a code, then deal its board."""
    from game import boardcode, screens

    def chosen(result: object) -> None:
        if isinstance(result, dict):
            code = boardcode.parse(str(result["code"]))
            app.new_game(code.board, seed=code.seed, rules=code.rules)

    app.open_dialog(screens.board_code_dialog(), chosen)


def finished(app: App, *, best: bool, game_id: int | None = None) -> None:
    """A game just ended: keep its replay (automatically when won) for the panel."""
    end(app)  # the click that ended it
    app.finished_game_id = game_id
    app.last_replay = recorder_of(app).replay(
        player=app.profile.last_name,
        date=datetime.now().isoformat(timespec="seconds"),
        daily=daily_date(app) or "",
    )
    app.replay_note = ""
    if app.last_replay is not None and app.last_replay.result is Status.WON:
        keep(app, app.last_replay, "best" if best else "", game_id)


def keep(app: App, replay: Replay, tag: str = "", game_id: int | None = None) -> None:
    """Write a replay into the replays folder (noted in the history with the game
    ``game_id``); the panel's note says where (or why not)."""
    from game.persist import replays as replay_files

    name = replay_files.file_name(
        datetime.now(),
        (daily_date(app) and "daily") or replay.board.difficulty.value,
        {Status.WON: "won", Status.LOST: "lost"}.get(replay.result, "unfinished"),
        replay.ms,
        tag,
    )
    if app.profile.writable:
        try:
            path = replay_files.keep(app.profile.folder, name, replay.to_text())
        except OSError as error:
            app.replay_note = f"The replay could not be kept ({error.strerror or error})."
        else:
            app.replay_note = f"Replay kept: {path.name}"
            if game_id is not None:
                app.profile.history.set_replay(game_id, path.name)
    else:
        app.replay_note = "The replay could not be kept: the data folder cannot be written."


def copy(text: str) -> bool:
    """Put text on the clipboard; False where there is none (a headless run)."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError):
        return False
    return True


def show_panel(app: App) -> None:
    """The end-of-game panel: statistics, the board code (copyable), the replay."""
    from game import screens

    session = app.session
    code = code_of(session)
    replay = app.last_replay
    lines = [app.replay_note] if app.replay_note else []
    today = daily_date(app)
    if today is not None:
        stats = app.profile.history.daily(date.fromisoformat(today))
        best = "-" if stats.today_ms is None else screens.seconds(stats.today_ms)
        lines.append(f"Daily board of {today}: best today {best}, streak {stats.streak} days.")
    kept = app.replay_note.startswith("Replay kept")
    dialog = screens.game_panel(
        session.summary(),
        app.difficulty,
        None if code is None else code.code,
        lines,
        keep=replay is not None and not kept,
    )

    def answered(result: object) -> None:
        if session is not app.session:
            return
        if result == screens.COPY_CODE and code is not None:
            app.replay_note = (
                "The board code is on the clipboard."
                if copy(code.code)
                else "No clipboard here: the code is shown above."
            )
            show_panel(app)
        elif result == screens.KEEP_REPLAY and replay is not None:
            keep(app, replay, "kept", app.finished_game_id)
            show_panel(app)

    app.open_dialog(dialog, answered)
