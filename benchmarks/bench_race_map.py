"""What the live race's map costs (the host's option: the opponent's opened cells on
the panel), in the same run as its yardsticks:

- the sender's part, once a move: the game's opened cells as spans
  (game.flows.race_map.opened_spans) on an Expert board half opened, beside the 3BV
  solved the progress already works out at each move;
- the receiver's part, on the client's thread: a progress read with its map
  (game.net.messages.read) beside the same progress without one;
- the play screen's frame (Expert at zoom 1, a race game under way, the opponent
  saying its progress twelve times a second through a real Mosquitto, sixty frames a
  second): paired blocks with the map on (each progress carrying more opened cells)
  and off (the same progress without them); the median of the pairs' ratios.

Run: python benchmarks/bench_race_map.py. A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import threading
import time
import timeit
from pathlib import Path

from window_env import ROOT  # first: the environment pygame starts in

sys.path.insert(0, str(ROOT / "tests"))
# isort: split
import pygame
from mosquitto import Mosquitto

from game import cli
from game.app import App
from game.core.game import Game
from game.core.moves import reveal
from game.flows.race_map import opened_spans
from game.flows.race_room import new_board
from game.modes.live_race import LiveRace
from game.net import messages as m
from game.net.broker import Broker
from game.net.client import RaceClient
from game.rules import PRESETS, Difficulty, FirstClick
from game.scenes.live_race import LiveRaceScene

SAY_HZ, READ_HZ = 12, 60
BLOCKS, FRAMES = 12, 120


def per_call_us(call: object, number: int = 2000) -> float:
    return min(timeit.repeat(call, number=number, repeat=5)) / number * 1e6  # type: ignore[arg-type]


def half_opened() -> Game:
    game = Game.new(16, 30, 99, seed=7)
    safe = [(r, c) for r in range(16) for c in range(30)]
    for row, col in safe:
        if game.status.is_over or game.opened_count > 190:
            break
        if (row, col) not in set(game.mine_cells() if game.minefield else ()):
            game.reveal(row, col)
    return game


def frames(url: str) -> tuple[float, float, float]:
    """The frame's wall time with the map on and off (ms, medians), and the ratio."""
    board = new_board(PRESETS[Difficulty.EXPERT], FirstClick.SAFE)
    hosting = ["--zoom", "1", "--no-sound", "--broker", url, "--race", "host"]
    app = App(cli.parse_args(hosting))  # (its room's code printed: --race host's first line)
    app.run(frames=3)  # (the first frame, then get_ready: the room opens)
    flow = app.race_friend().flow
    assert flow is not None
    flow.stage.clear_dialogs()
    guest = {"name": "Bob", "role": "guest", "ready": True}
    opponent = RaceClient(Broker.parse(url), flow.code, guest)
    opponent.start()
    flow.room.game, flow.room.board = 1, board
    app.table.start(LiveRace(board, flow.code, 1, "Bob"))
    assert board.start is not None
    app.table.act(reveal(*board.start))
    theirs = LiveRace(board, flow.code, 1, "Ada").deal(lambda: 0.0).game
    theirs.reveal(*board.start)
    closed = [
        (r, c) for r in range(16) for c in range(30) if (r, c) not in set(theirs.mine_cells())
    ]
    stop, mapped = threading.Event(), threading.Event()

    def say() -> None:
        ms = 0
        while not stop.wait(1 / SAY_HZ):
            ms += 1000 // SAY_HZ
            if closed and not theirs.status.is_over:
                theirs.reveal(*closed.pop())
            opened = opened_spans(theirs) if mapped.is_set() else None
            opponent.say(
                m.Progress,
                game=1,
                ms=ms,
                solved=ms // 1000,
                bbbv=99,
                clicks=ms // 500,
                opened=opened,
            )

    threading.Thread(target=say, daemon=True).start()
    time.sleep(1.0)
    scene = next(s for s, _ in app.stage.scenes if isinstance(s, LiveRaceScene))
    shown: list[bool] = []
    means: dict[bool, list[float]] = {True: [], False: []}
    ratios = []
    for block in range(BLOCKS):
        on = block % 2 == 0
        flow.room.map = on
        (mapped.set if on else mapped.clear)()
        app.stage.repaint()
        app.run(frames=app.frame + 2)
        work = []
        for frame in range(FRAMES):
            pos = app.viewport.cell_pos(4 + frame % 8, 3 + frame % 20)
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
            )
            began = time.perf_counter()
            app.update(1000 / READ_HZ)
            app.run(frames=app.frame + 1)
            work.append((time.perf_counter() - began) * 1000)
            time.sleep(max(0.0, 1 / READ_HZ - (time.perf_counter() - began)))
        means[on].append(statistics.fmean(work))
        shown.append(on == (scene.mapped is not None and bool(scene.mapped[2])))
        if not on:
            ratios.append(means[True][-1] / means[False][-1])
    stop.set()
    opponent.close(wait=0.2)
    flow.leave()
    app.close()
    return (
        statistics.median(means[True]),
        statistics.median(means[False]),
        statistics.median(ratios),
    )


def main() -> None:
    game = half_opened()
    spans = opened_spans(game)
    assert spans is not None
    sender = per_call_us(lambda: opened_spans(game))
    solved = per_call_us(game.bbbv_solved, 500)
    said = m.Progress("0" * 16, 5, opened=spans).to_dict()
    bare = {key: value for key, value in said.items() if key != "open"}
    reader = per_call_us(lambda: m.read(said))
    plain = per_call_us(lambda: m.read(bare))
    broker = Mosquitto(Path(tempfile.mkdtemp(prefix="bench-race-map-")))
    broker.start()
    try:
        with_map, without, ratio = frames(broker.url)
    finally:
        broker.kill()
    print(f"Expert, {game.opened_count} cells opened in {len(spans)} spans:")
    print(f"  sender, once a move: the spans {sender:.1f} us")
    print(f"    yardstick, the 3BV solved at the same move: {solved:.1f} us")
    print(f"  receiver, client's thread: a progress read with its map {reader:.1f} us")
    print(f"    yardstick, the same progress without: {plain:.1f} us")
    print(f"play screen, Expert at zoom 1, {BLOCKS // 2} pairs of {FRAMES} frames at 60 a second:")
    print(f"  the map on {with_map:.3f} ms, off {without:.3f} ms a frame: {ratio:.3f}x")
    print("  (the median of the paired blocks' ratios)")
    pygame.quit()


if __name__ == "__main__":
    main()
