"""One player of a live race, in a game process of its own (headless, SDL's dummy
driver): the real window's App started by the command line's own options (--race,
--broker), driven by real mouse events posted through the real loop. The host waits
for the guest, presses Start in the room's dialog; both then clear the board (the
guest slower, or onto a mine with --lose), wait for the game to be decided and write
what they saw to a JSON file. tests/test_window_live_race.py runs two of them."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"  # (the first line out is the room code)

import pygame

from game.app import App
from game.cli import parse_args
from game.modes.live_race import LiveRace


def post(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, attrs))


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    step(app)


def step(app: App, frames: int = 1) -> None:
    """Frames of the real loop (three at least: its clock steps the game between them)."""
    app.run(frames=app.frame + max(3, frames))


def wait(app: App, test: object, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not test():  # type: ignore[operator]
        if time.monotonic() > deadline:
            flow = app.race_friend().flow
            raise SystemExit(f"waited in vain for {what}: {flow and (flow.link, flow.room)}")
        step(app)


def main() -> None:
    out, name, pace, lose, *argv = sys.argv[1:]
    app = App(parse_args(argv))
    app.prefs.change(player=name)
    step(app, 2)  # (the first frame, then get_ready: --race opens the room)
    flow = app.race_friend().flow
    assert flow is not None
    if flow.room.host:
        wait(app, lambda: flow.room.opponent.here and flow.room.opponent.ready, 30, "the guest")
        step(app, 3)
        dialog = app.stage.top_dialog
        assert dialog is not None
        click(app, dialog.button_rect("Start").center)
    wait(app, lambda: isinstance(app.table.tag.mode, LiveRace), 30, "the game")
    seen: list[tuple[float, int]] = []
    game = app.table.game
    start = app.table.tag.mode.shared_code.start
    cells = [start] + [
        (r, c)
        for r in range(game.rows)
        for c in range(game.cols)
        if (r, c) not in set(game.mine_cells())
    ]
    if lose == "lose":
        cells = [start, sorted(game.mine_cells())[0]]
    for cell in cells:
        if app.table.session.status.is_over:
            break
        if game.look(*cell).name == "HIDDEN":
            click(app, app.viewport.cell_pos(*cell))
            until = time.monotonic() + float(pace)
            while time.monotonic() < until:
                step(app)
                progress = flow.room.opponent.progress
                if progress is not None and (not seen or seen[-1][1] != progress.ms):
                    seen.append((time.monotonic(), progress.ms))
    print("finished", flush=True)  # (the room's code was the first line)
    wait(app, lambda: flow.room.decided and flow.got == flow.room.game, 45, "the game decided")
    step(app, 5)
    room = flow.room
    result = {
        "winner": room.winner,
        "score": [room.score.mine, room.score.theirs],
        "opponent": room.opponent.name,
        "their_state": None if room.opponent.finish is None else room.opponent.finish.state,
        "unverified": room.opponent.unverified,
        "mine": list(room.mine or ()),
        "progress_seen": len(seen),
        "progress_span_s": seen[-1][0] - seen[0][0] if len(seen) > 1 else 0.0,
        "board": room.board.code if room.board else None,
        "record": list(app.race_friend().races.against(room.opponent.name)),
        "history": app.profile.history.count() if hasattr(app.profile.history, "count") else None,
    }
    if room.opponent.unverified and room.opponent.finish is not None:  # (what it says)
        from game.net.messages import unpack_replay
        from game.replay.drive import verify
        from game.replay.reader import parse

        text = unpack_replay(room.opponent.finish.replay) or ""
        result["problems"] = list(verify(parse(text)).problems)
        Path(out).with_suffix(".msreplay").write_text(text)
    with open(out, "w") as file:
        json.dump(result, file)
    hold = time.monotonic() + float(os.environ.get("RACE_HOLD", "0"))  # (to look at it)
    while time.monotonic() < hold:
        step(app)
    app.close()


if __name__ == "__main__":
    main()
