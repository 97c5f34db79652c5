"""A live race's two replays kept together and played together, by real events
through the real loop and a real Mosquitto: the player wins a race game against a
friend's race client, whose finish carries its replay; both replays are then in the
replays folder, the history's row names the player's and so knows both; the panel's
Watch both (and the History's race row) opens the pair side by side, both boards at
the same moment (each board's pixels those of its replay played alone to that
moment), V switches to the ghost and back; a damaged or missing opponent's replay is
said in one line and the player's own plays."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from mosquitto import Mosquitto
from test_live_race_room import BOARD, played
from test_window import FakeClock, click, key
from test_window_race_friend import steps
from test_window_race_map import Friend, joined, panel

from game import cli
from game.app import App
from game.modes.live_race import LiveRace
from game.net import messages as m
from game.persist.replays import FOLDER, partner, partner_name
from game.replay.format import Replay
from game.scenes.live_race import WATCH
from game.scenes.playback import PlaybackScene
from game.scenes.playback.control import Playback
from game.scenes.playback.pair import PAD, PairScene
from game.scenes.playback.scene import board_picture
from game.view.render import Renderer


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app(broker: Mosquitto, clock: FakeClock) -> Iterator[App]:
    application = App(cli.Options(zoom=1, sound=False, seed=1, broker=broker.url), clock=clock)
    application.run(frames=2)
    application.get_ready()
    yield application
    application.close()


def race_won(
    app: App, clock: FakeClock, broker: Mosquitto, lose: bool = False
) -> tuple[Friend, Replay]:
    """The player joins Bob's room, wins the game (a click every 1.2 s of its clock;
    ``lose``: a mine at the second click) and hears Bob's finish, a won game of the
    same board; Bob's replay."""
    host = joined(app, broker)
    steps(app, lambda: any(isinstance(h, m.Hello) for h in host.hear()))
    host.client.say(m.Setup, board=BOARD.code, best_of=1)
    host.client.say(m.Start, game=1, board=BOARD.code, countdown_ms=300)
    steps(app, lambda: isinstance(app.table.tag.mode, LiveRace), seconds=20)
    game, start = app.table.game, BOARD.start
    assert start is not None
    click(app, app.viewport.cell_pos(*start))
    mines = set(game.mine_cells())
    cells = [(r, c) for r in range(9) for c in range(9) if (r, c) not in mines]
    for cell in sorted(mines)[:1] if lose else cells:
        if game.look(*cell).name == "HIDDEN":
            clock.ms += 1200
            click(app, app.viewport.cell_pos(*cell))
    assert app.table.session.status.name == ("LOST" if lose else "WON")
    theirs = played().replace(player="Bob")
    packed = m.pack_replay(theirs.to_text())
    host.client.say(m.Finish, game=1, state="won", ms=theirs.ms, replay=packed)
    flow = app.race_friend().flow
    steps(app, lambda: flow.pair is not None and flow.room.decided)
    return host, theirs


def picture(app: App, replay: Replay, ms: float) -> pygame.Surface:
    """The board of a replay played alone to a moment, as the viewer draws it (played
    a step of the loop at a time, then sought to the moment)."""
    alone = Playback(replay)
    while alone.clock.ms + 1000 / 60 < ms and not alone.finished:
        alone.update(1000 / 60)
    alone.seek(ms)
    viewport = app.viewport
    renderer = Renderer(viewport.layout, viewport.zoom, viewport.renderer.theme)
    return board_picture(renderer, None, alone, False)[1]


def same_but(
    screen: pygame.Surface, at: tuple[int, int], board: pygame.Surface, top: int, *masked: object
) -> bool:
    """The screen's board at ``at`` (below the bar from ``top``) is ``board``'s
    pixels, but for the rectangles ``masked`` (board coordinates: the pointers)."""
    w, h = board.get_size()
    shown = screen.subsurface((at[0], top, w, h - top)).copy()
    alone = board.subsurface((0, top, w, h - top)).copy()
    for rect in masked:
        hole = pygame.Rect(rect).move(0, -top)
        shown.fill((0, 0, 0), hole)
        alone.fill((0, 0, 0), hole)
    return pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(alone, "RGB")


def pointer_box(app: App, point: tuple[int, int] | None) -> pygame.Rect:
    if point is None:
        return pygame.Rect(0, 0, 0, 0)
    x, y = app.viewport.window_pos(point)
    z = app.viewport.zoom
    return pygame.Rect(x - 3 * z, y - 3 * z, 16 * z, 22 * z)


def top_scene(app: App) -> object:
    return app.stage.scenes[-1][0]


def test_both_replays_are_kept_and_play_side_by_side_and_as_a_ghost(
    app: App, clock: FakeClock, broker: Mosquitto
) -> None:
    host, theirs = race_won(app, clock, broker)
    folder, flow = app.profile.folder, app.race_friend().flow
    row = app.profile.history.games(limit=1)[0].record
    assert row.difficulty == "race" and row.won and row.replay == flow.pair
    assert partner(folder, row.replay) == (folder / FOLDER / partner_name(row.replay, True), True)
    assert (folder / FOLDER / row.replay).is_file()
    race_panel = panel(app)
    steps(app, lambda: WATCH in race_panel.buttons)
    click(app, race_panel.buttons[WATCH].center)
    scene = top_scene(app)
    assert isinstance(scene, PairScene) and not scene.ghost
    assert scene.caption.startswith("Ada on the left, Bob on the right") or "Bob on the right" in (
        scene.caption
    )
    for _ in range(20):  # (playing: one clock, the opponent's played step by step)
        app.update(1000 / 60)
        app.run(frames=app.frame + 1)
        assert scene.their.clock.ms == scene.clock.ms
    key(pygame.K_SPACE)  # (paused, then moves on: a moment of both games)
    app.run(frames=app.frame + 1)
    for _ in range(4):
        key(pygame.K_RIGHT)
        app.run(frames=app.frame + 1)
    first, last = scene.their.span  # (the opponent's at the player's moment, or at its
    # own end when the player's moment is past it: how soon the player clicked first
    # after the countdown varies with the broker's timing, and with it their offset)
    steps(app, lambda: scene.their.clock.ms == max(first, min(last, scene.clock.ms)))
    app.run(frames=app.frame + 2)
    moment = scene.clock.ms
    assert moment > 0 and scene.table.game.opened_count and scene.their.table.game.opened_count
    viewport, screen = app.viewport, app.viewport.screen
    top = viewport.bar().h
    trail = [pointer_box(app, p) for p in scene.playback.recent_trail()]
    mine_box = pointer_box(app, scene.playback.pointer).unionall(trail)
    assert same_but(screen, (0, 0), picture(app, scene.replay, moment), top, mine_box)
    side_x = viewport.beside().x + PAD * viewport.side.scale
    their_box = pointer_box(app, scene.their.pointer)
    alone = picture(app, theirs, moment)
    assert same_but(screen, (side_x, 0), alone, top, their_box)
    # V: the opponent as the ghost over the player's board, the side without its board.
    key(pygame.K_v)
    app.run(frames=app.frame + 2)
    assert scene.ghost and "the ghost of Bob" in scene.caption
    assert not same_but(screen, (side_x, 0), alone, top, their_box)
    ghost_at = viewport.window_pos(scene.their.pointer)
    own = picture(app, scene.replay, moment)
    spot = (ghost_at[0] + 2, ghost_at[1] + 4)
    assert screen.get_at(spot)[:3] != own.get_at(spot)[:3]  # (the ghost's arrow)
    key(pygame.K_v)
    app.run(frames=app.frame + 2)
    assert not scene.ghost and same_but(screen, (side_x, 0), alone, top, their_box)
    key(pygame.K_ESCAPE, "\x1b")
    app.run(frames=app.frame + 2)
    assert not isinstance(top_scene(app), PlaybackScene)
    # The History's race row opens the pair too.
    key(pygame.K_F7)
    app.run(frames=app.frame + 1)
    key(pygame.K_DOWN)
    app.run(frames=app.frame + 1)
    key(pygame.K_RETURN, "\r")
    app.run(frames=app.frame + 2)
    again = top_scene(app)
    assert isinstance(again, PairScene) and again.replay.ms == scene.replay.ms
    host.client.close()


def test_a_damaged_or_missing_opponents_replay_is_said_and_the_players_own_plays(
    app: App, clock: FakeClock, broker: Mosquitto
) -> None:
    host, _ = race_won(app, clock, broker, lose=True)  # (a lost game's replay kept too)
    folder, flow = app.profile.folder, app.race_friend().flow
    name = flow.pair
    assert name is not None and "-lost-" in name
    kept = folder / FOLDER / partner_name(name, True)
    kept.write_bytes(b"\x00not a replay\xff" * 50)
    race_panel = panel(app)
    steps(app, lambda: WATCH in race_panel.buttons)
    click(app, race_panel.buttons[WATCH].center)
    scene = top_scene(app)
    assert isinstance(scene, PlaybackScene) and not isinstance(scene, PairScene)
    assert scene.note.startswith("the opponent's replay cannot be played: ")
    assert "\n" not in scene.note and not scene.playback.paused
    key(pygame.K_ESCAPE, "\x1b")
    app.run(frames=app.frame + 2)
    kept.unlink()
    flow.leave()
    app.run(frames=app.frame + 2)
    # The History's race row: the pair, the opponent's now missing.
    key(pygame.K_F7)
    app.run(frames=app.frame + 1)
    history = app.stage.top_dialog
    assert history is not None and history.title.startswith("History")
    key(pygame.K_DOWN)
    app.run(frames=app.frame + 1)
    key(pygame.K_RETURN, "\r")
    app.run(frames=app.frame + 2)
    scene = top_scene(app)
    assert isinstance(scene, PlaybackScene) and not isinstance(scene, PairScene)
    assert scene.note == "the opponent's replay cannot be played: the opponent's replay is not kept"
    assert Path(folder / FOLDER / name).is_file()
    host.client.close()
