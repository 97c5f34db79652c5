"""What the live race costs: the progress's latency through a real Mosquitto with 200
players in 100 rooms, the finishes lost, and the play screen's frame work with a race
on beside the same frames without it, in the same run.

Run: python benchmarks/bench_race.py [--seconds 60] [--rooms 100] [--processes 10]

The arrangement (200 players are 200 computers; one machine plays them all):

1. The players: the game's own race client (game.net.client.RaceClient, one thread a
   client, as in the game), two to a room, in --processes child processes of this one
   (a room's two in one, so one clock times them): each says its progress twelve times
   a second, at a moment of its own (as the game does while a race game is played);
   what each hears is read sixty times a second, out of step with the says (as the
   game's loop does, once a step). A latency is from one player's say to the first
   frame of the other's at which that progress, or a newer one of the same player, has
   been heard (the panel shows the latest). At the end each says its finish; a finish
   its peer has not heard within ten seconds is lost. The yardstick, in the same run: a
   bare paho-mqtt client's own message back from the same broker (QoS 0), the broker's
   and the loopback's part.
2. Then the game, in this process, whose only race client is the player's own, as the
   game runs it (the players' processes are gone by then): the window (SDL's dummy
   driver), Expert at zoom 1, a race game under way, a move every 20 frames, each frame
   a step of the loop and its drawing, then the start of its rest (what waits for the
   frame's end: game.view.waiting.at_rest), sixty a second (the pointer moving). The
   opponent is the game's client in a child process of its own (another computer).
   Paired blocks: a race on (the race's panel and its flow reading the client, the
   opponent saying its progress twelve times a second, the player's said as the game
   does) and none (the panel and its flow off, the opponent silent: the player's client
   only keeps its connection alive). Each block plays the same game anew (the race's
   next game on the same board, from the same first move, the same cells opened), so
   the two of a pair draw the same moves; the figure is the median of the pairs'
   ratios (target at most 1.10), in wall time and in the loop thread's CPU.

A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Protocol

from window_env import ROOT  # first: the environment pygame starts in

sys.path.insert(0, str(ROOT / "tests"))
# isort: split
import paho.mqtt.client as mqtt
import pygame
from mosquitto import Mosquitto
from paho.mqtt.enums import CallbackAPIVersion

from game import cli
from game.app import App
from game.core.moves import reveal
from game.flows.race_room import new_board
from game.modes.live_race import LiveRace
from game.net import messages as m
from game.net.broker import Broker
from game.net.client import RaceClient
from game.net.room import new_code
from game.rules import PRESETS, Difficulty, FirstClick
from game.scenes.live_race import LiveRaceScene
from game.view.waiting import run_at_rest

SAY_HZ, READ_HZ = 12, 60


class EventLike(Protocol):
    """multiprocessing's Event (its type is not importable)."""

    def is_set(self) -> bool: ...
    def wait(self, timeout: float | None = None) -> bool: ...


TARGET_P99_MS, TARGET_RATIO = 100.0, 1.10
BLOCKS, FRAMES, MOVE_EVERY, SETTLE = 24, 60, 20, 12


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def players(url: str, rooms: int) -> list[RaceClient]:
    clients = []
    for _ in range(rooms):
        code = new_code()
        for role in ("host", "guest"):
            client = RaceClient(Broker.parse(url), code, {"name": role, "role": role})
            client.start()
            clients.append(client)
    deadline = time.monotonic() + 60
    while any(c.channel is None or not c.mqtt or not c.mqtt.is_connected() for c in clients):
        if time.monotonic() > deadline:
            raise SystemExit("the players did not all connect")
        for client in clients:
            client.heard()
        time.sleep(0.05)
    return clients


def race(url: str, rooms: int, seconds: float) -> tuple[list[float], int, int, float, int, float]:
    """The latencies (ms) of the progress heard, the finishes said and lost, the
    process's CPU time (s, all its threads) while the progress was said, the progress
    said and never heard (the last said before the end, most), and the whole machine's
    CPU-seconds a second meanwhile."""
    clients = players(url, rooms)
    cpu, busy = time.process_time(), machine_busy()  # (after the keys: scrypt, 60 ms each)
    pending: dict[str, dict[int, float]] = {c.channel.sender: {} for c in clients if c.channel}
    """Each player's progress said and not yet heard by its peer: when, by its ms."""
    latencies: list[float] = []
    start = time.perf_counter()
    # Each player's twelve a second at a moment of its own, and the frames that read
    # them out of step with every say (as two computers' clocks are).
    next_say = [start + random.random() / SAY_HZ for _ in clients]
    next_read = start + random.random() / READ_HZ
    while (now := time.perf_counter()) - start < seconds:
        for k, client in enumerate(clients):
            if now >= next_say[k]:
                next_say[k] += 1 / SAY_HZ
                ms = int((now - start) * 1000)
                assert client.channel is not None
                pending[client.channel.sender][ms] = time.perf_counter()
                client.say(m.Progress, game=1, ms=ms, solved=1, bbbv=99, clicks=3)
        if now >= next_read:
            next_read += 1 / READ_HZ
            for client in clients:
                for heard in client.heard():
                    if isinstance(heard, m.Progress):  # (it, and any older one not heard)
                        shown, said = time.perf_counter(), pending[heard.sender]
                        for ms in [ms for ms in said if ms <= heard.ms]:
                            latencies.append((shown - said.pop(ms)) * 1000)
        time.sleep(max(0.0, min(*next_say, next_read) - time.perf_counter()))
    cpu, busy = time.process_time() - cpu, (machine_busy() - busy) / (now - start)
    unheard = sum(len(each) for each in pending.values())  # (the last said, most)
    for client in clients:
        client.say(m.Finish, game=1, state="won", ms=1234, replay="")
    heard = {id(client): False for client in clients}
    deadline = time.monotonic() + 10
    while not all(heard.values()) and time.monotonic() < deadline:
        for client in clients:
            if any(isinstance(got, m.Finish) for got in client.heard()):
                heard[id(client)] = True
        time.sleep(0.01)
    for client in clients:
        client.close(wait=0.2)
    lost = sum(not got for got in heard.values())
    return latencies, len(clients), lost, cpu, unheard, busy


def cpu_seconds(broker: Mosquitto) -> float:
    """The broker process's CPU time so far (user and system, s)."""
    assert broker.process is not None
    fields = Path(f"/proc/{broker.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy() -> float:
    """The machine's CPU time so far, every process's (s, from /proc/stat)."""
    ticks = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(ticks[:8]) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")  # (less idle)


def yardstick(url: str, count: int = 300) -> list[float]:
    """A bare paho client's own messages back from the broker (ms)."""
    broker = Broker.parse(url)
    client = mqtt.Client(CallbackAPIVersion.VERSION2)
    got = threading.Event()
    client.on_message = lambda _c, _u, _msg: got.set()
    client.connect(broker.host, broker.port)
    client.loop_start()
    client.subscribe("bench/echo", qos=0)
    time.sleep(0.3)
    times = []
    for _ in range(count):
        got.clear()
        sent = time.perf_counter()
        client.publish("bench/echo", b"x" * 120, qos=0)
        if got.wait(2):
            times.append((time.perf_counter() - sent) * 1000)
    client.loop_stop()
    return times


def opponent(url: str, code: str, saying: EventLike, stop: EventLike, game: Any) -> None:
    """The player's opponent, in a process of its own: the game's client in the room,
    saying its progress in game ``game.value`` twelve times a second while ``saying``
    is set."""
    client = RaceClient(Broker.parse(url), code, {"name": "Bob", "role": "guest"})
    client.start()
    ms = 0
    while not stop.wait(1 / SAY_HZ):
        client.heard()
        if saying.is_set():
            ms += 1000 // SAY_HZ
            client.say(
                m.Progress, game=game.value, ms=ms, solved=ms // 1000, bbbv=99, clicks=ms // 500
            )
    client.close(wait=0.5)


def frames(url: str) -> dict[str, object]:
    """The play screen's frame work (ms, the median of the blocks' means), wall time
    and the loop thread's own CPU time, with the race's panel and without, the
    medians of the pairs' ratios, and the panel's updates."""
    board = new_board(PRESETS[Difficulty.EXPERT], FirstClick.SAFE)
    folder = tempfile.mkdtemp(prefix="bench-race-data-")  # (its games kept there, not yours)
    app = App(cli.Options(board=board.board, zoom=1, sound=False, broker=url, data_dir=folder))
    app.run(frames=2)
    app.get_ready()
    flow = app.race_friend().open(None)
    assert flow is not None
    flow.stage.clear_dialogs()
    spawn = multiprocessing.get_context("spawn")  # (a process of its own, as a computer)
    saying, stop, number = spawn.Event(), spawn.Event(), spawn.Value("i", 1)
    saying.set()
    args = (url, flow.code, saying, stop, number)
    bob = spawn.Process(target=opponent, args=args, daemon=True)
    bob.start()

    def deal(n: int) -> list[tuple[int, int]]:
        """Game n of the race on the table, its first move made; the cells to open."""
        flow.room.game = number.value = n  # (first: the game it replaces is not this one)
        app.table.start(LiveRace(board, flow.code, n, "Bob"))
        assert board.start is not None
        app.table.act(reveal(*board.start))
        game = app.table.game
        mines = set(game.mine_cells())
        return [(r, c) for r in range(game.rows) for c in range(game.cols) if (r, c) not in mines]

    deal(1)
    deadline = time.monotonic() + 30  # (the opponent's process up, its progress heard)
    while flow.room.opponent.name != "Bob" and time.monotonic() < deadline:
        app.update(1000 / READ_HZ)
        app.run(frames=app.frame + 1)
        run_at_rest()
        time.sleep(1 / READ_HZ)
    scene = next(s for s, _ in app.stage.scenes if isinstance(s, LiveRaceScene))
    medians: dict[bool, list[float]] = {True: [], False: []}
    cpus: dict[bool, list[float]] = {True: [], False: []}
    ratios, cpu_ratios = [], []
    for block in range(BLOCKS):
        on = block % 2 == 0
        safe = deal(block + 2)  # (every block the same board from the same first move)
        game = app.table.game
        if on and (scene, None) not in app.stage.scenes:
            app.stage.scenes.append((scene, None))
        elif not on and (scene, None) in app.stage.scenes:
            app.stage.scenes.remove((scene, None))
        (saying.set if on else saying.clear)()  # (the opponent says its progress, or not)
        app.stage.repaint()
        for _ in range(SETTLE):  # (the opponent's last progress of a block heard, or none)
            app.update(1000 / READ_HZ)
            app.run(frames=app.frame + 1)
            run_at_rest()
            time.sleep(1 / READ_HZ)
        work, cpu = [], []
        for frame in range(FRAMES):
            if frame % MOVE_EVERY == 0 and safe and not game.status.is_over:
                cell = safe.pop(len(safe) // 2)
                if game.look(*cell).name == "HIDDEN":
                    app.table.act(reveal(*cell))
            x = (frame * 7) % 400
            pos = app.viewport.cell_pos(4 + x // 100, 3 + x % 20)  # (the pointer moves)
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
            )
            began, began_cpu = time.perf_counter(), time.thread_time()
            app.update(1000 / READ_HZ)  # (a step of the loop: the scenes' updates)
            app.run(frames=app.frame + 1)
            work.append((time.perf_counter() - began) * 1000)
            cpu.append((time.thread_time() - began_cpu) * 1000)
            run_at_rest()  # (the loop's rest begins: what waited for the frame's end)
            time.sleep(max(0.0, 1 / READ_HZ - (time.perf_counter() - began)))  # (60 a second)
        medians[on].append(statistics.fmean(work))
        cpus[on].append(statistics.fmean(cpu))
        if not on:
            ratios.append(medians[True][-1] / medians[False][-1])
            cpu_ratios.append(cpus[True][-1] / cpus[False][-1])
    stop.set()
    updates = scene.updates
    bob.join(5)
    flow.leave()
    app.close()
    return {
        "wall": (
            statistics.median(medians[True]),
            statistics.median(medians[False]),
            statistics.median(ratios),
        ),
        "cpu": (
            statistics.median(cpus[True]),
            statistics.median(cpus[False]),
            statistics.median(cpu_ratios),
        ),
        "updates": updates,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument(
        "--processes",
        type=int,
        default=10,
        help="the players' processes (ten rooms each at 100 rooms: a game runs one client"
        " in a process of its own, a computer of its own; one Python process of many"
        " clients measures its interpreter's lock more than the race)",
    )
    args = parser.parse_args()
    before = os.getloadavg()[0]  # (the machine's load before the run: the run adds its own)
    broker = Mosquitto(Path(tempfile.mkdtemp(prefix="bench-race-")))
    broker.start()
    try:
        bare = yardstick(broker.url)
        shares = [
            args.rooms // args.processes + (k < args.rooms % args.processes)
            for k in range(args.processes)
        ]
        with multiprocessing.Pool(args.processes) as pool:
            broker_cpu = cpu_seconds(broker)
            done = pool.starmap(race, [(broker.url, share, args.seconds) for share in shares])
            broker_cpu = cpu_seconds(broker) - broker_cpu
        raced = os.getloadavg()[0]
        latencies = [ms for got, *_ in done for ms in got]
        said, lost = sum(d[1] for d in done), sum(d[2] for d in done)
        players_cpu = sum(d[3] for d in done) / args.seconds
        unheard = sum(d[4] for d in done)
        frame = frames(broker.url)
    finally:
        broker.kill()
    print(
        f"{said} players (the game's own client, one thread each) in {args.rooms} rooms for "
        f"{args.seconds:g} s through Mosquitto, in {args.processes} child processes; then "
        "the game in this process, its only race client the player's own, the opponent "
        "in a child process of its own"
    )
    print(
        f"load average {before:.1f} before the run, {raced:.1f} at the players' end, "
        f"{os.getloadavg()[0]:.1f} at the run's end, on {os.cpu_count()} cores"
    )
    print(f"{'':36}{'median':>10}{'p99':>10}")
    print(
        f"{'progress: say to the peer frame':36}{statistics.median(latencies):>7.2f} ms"
        f"{percentile(latencies, 0.99):>7.2f} ms   ({len(latencies)} heard; "
        f"target p99 <= {TARGET_P99_MS:g} ms)"
    )
    print(
        f"{'yardstick: bare paho echo':36}{statistics.median(bare):>7.2f} ms"
        f"{percentile(bare, 0.99):>7.2f} ms"
    )
    print(f"  (a progress or a newer one heard; {unheard} said in the last moment, never heard)")
    print(f"finishes lost: {lost} of {said} (target 0)")
    print(
        f"the players' processes: {players_cpu:.2f} CPU-seconds a second while they raced, "
        f"Mosquitto {broker_cpu / args.seconds:.2f} (the machine has {os.cpu_count()} cores)"
    )
    spent = statistics.median(d[5] for d in done)
    print(
        f"the whole machine: {spent:.2f} CPU-seconds a second while they raced (every "
        "process's: the others' work on this shared machine is what the players and "
        "Mosquitto leave of it)"
    )
    print(f"play screen, Expert at zoom 1, {BLOCKS // 2} pairs of {FRAMES} frames at 60 a second:")
    for key, what in (("wall", "frame work (wall time)"), ("cpu", "the loop thread's CPU")):
        with_race, without, ratio = frame[key]  # type: ignore[misc]
        print(
            f"  {what:26} with a race on {with_race:.3f} ms, without {without:.3f} ms: "
            f"{ratio:.3f}x (median of paired blocks; target <= {TARGET_RATIO:.2f}x)"
        )
    print(f"  the panel's lines worked out {frame['updates']} times")
    pygame.quit()


if __name__ == "__main__":
    main()
