"""A live race's room, pure: the series decided game by game, and the other side's
finish verified on the shared board (its replay must be of the room's board and play
back to its claim). The finish is hostile input: fuzzed."""

from __future__ import annotations

import base64
import zlib

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.moves import Move
from game.core.status import Status
from game.flows.race_room import RoomState, new_board
from game.flows.race_verify import checked
from game.modes.live_race import LiveRace
from game.net import messages as m
from game.replay.boardcode import BoardCode
from game.replay.drive import spot_of
from game.replay.format import EventKind, Replay
from game.replay.recorder import Recorder
from game.rules import PRESETS, Difficulty, FirstClick
from game.session.input import InputMachine
from game.session.table import Table

PEER = "0123456789abcdef"
BOARD = new_board(PRESETS[Difficulty.BEGINNER], FirstClick.NOGUESS)


class Clock:
    def __init__(self) -> None:
        self.ms = 1000.0

    def __call__(self) -> float:
        return self.ms


def played(lose: bool = False, board: BoardCode = BOARD, step_ms: float = 150) -> Replay:
    """A game of the room's board (or ``board``) played through a table, a recorder
    tapping it, each press and release ``step_ms`` after the last."""
    clock = Clock()
    table = Table.of(LiveRace(board, "7KQ2-M9XD-4RTA", 1, "Bob"), clock)
    recorder = Recorder()
    table.tap(recorder)
    machine = InputMachine()
    game = table.game
    assert board.start is not None
    mines = sorted(game.mine_cells())
    cells = (
        [board.start, mines[0]]
        if lose
        else [board.start]
        + [(r, c) for r in range(game.rows) for c in range(game.cols) if (r, c) not in set(mines)]
    )
    for row, col in cells:
        if table.session.status.is_over or game.look(row, col).name != "HIDDEN":
            continue
        pos = (col * 16 + 8, row * 16 + 8)
        for kind in (EventKind.DOWN, EventKind.UP):
            clock.ms += step_ms
            held = frozenset(machine.held)
            spot = spot_of(table.session.board, *pos)
            made = None
            if kind is EventKind.DOWN:
                machine.press(1, spot)
            else:
                action = machine.release(1, spot)
                made = action if isinstance(action, Move) else None
            table.pointer(kind.value, 1, pos, held, made)
    assert table.session.status is (Status.LOST if lose else Status.WON)
    replay = recorder.replay()
    assert replay is not None
    return replay


def finish(game: Replay, **changes: object) -> m.Finish:
    state = "won" if game.result is Status.WON else "lost"
    fields = {"state": state, "ms": game.ms, "replay": m.pack_replay(game.to_text())}
    return m.Finish(PEER, 9, 1, **(fields | changes))  # type: ignore[arg-type]


def test_a_true_finish_verifies_won_or_lost() -> None:
    assert checked(finish(played()), BOARD) is None
    assert checked(finish(played(lose=True)), BOARD) is None


def test_a_finish_that_claims_another_time_or_result_is_unverified() -> None:
    replay = played()
    assert (
        checked(finish(replay, ms=replay.ms - 1), BOARD) == "its replay does not end as it claims"
    )
    assert checked(finish(replay, state="lost"), BOARD) == "its replay does not end as it claims"


def test_a_replay_of_another_board_is_unverified() -> None:
    other = new_board(PRESETS[Difficulty.BEGINNER], FirstClick.NOGUESS)
    assert checked(finish(played()), other) == "its replay is of another board"


def test_a_replay_made_faster_is_unverified() -> None:
    replay = played()
    faster = replay.replace(ms=replay.ms // 2)  # (its claim and its record both changed)
    said = checked(finish(faster), BOARD)
    assert said == "its replay does not play back to its claim"


def test_a_replay_that_is_no_replay_is_unverified() -> None:
    assert checked(finish(played(), replay="!!"), BOARD) == "its replay could not be unpacked"
    bomb = m.pack_replay("x" * (m.MAX_REPLAY_TEXT + 1))
    assert checked(finish(played(), replay=bomb), BOARD) == "its replay could not be unpacked"
    junk = m.pack_replay("minesweeper replay 1\nnonsense")
    assert checked(finish(played(), replay=junk), BOARD) == "its replay could not be read"


@settings(max_examples=80, deadline=None)
@given(st.binary(max_size=3000), st.booleans())
def test_any_replay_sent_is_verified_or_not_never_an_error(data: bytes, packed: bool) -> None:

    text = base64.b64encode(zlib.compress(data) if packed else data).decode()
    said = checked(m.Finish(PEER, 1, 1, "won", 1000, text), BOARD)
    assert said is None or isinstance(said, str)


def room(best_of: int = 3) -> RoomState:
    state = RoomState(host=True, name="Ada")
    state.score.best_of = best_of
    state.hello(m.Hello(PEER, 1, "Bob", "guest", True))
    return state


def start(state: RoomState, game: int) -> None:
    assert state.start(m.Start(PEER, 2, game, BOARD.code, 3000)) == BOARD


def their(state: RoomState, game: int, result: str, ms: int, why: str | None = None) -> None:
    assert state.finished(m.Finish(PEER, 3 + game, game, result, ms, ""), why)


def test_two_wins_go_to_the_shorter_time() -> None:
    state = room()
    start(state, 1)
    state.ended("won", 9000)
    assert not state.decided
    their(state, 1, "won", 8000)
    assert state.winner == "them" and (state.score.mine, state.score.theirs) == (0, 1)


def test_a_win_beats_a_loss_and_an_unverified_finish_counts_for_nothing() -> None:
    state = room()
    start(state, 1)
    their(state, 1, "won", 1000, why="its replay does not end as it claims")
    state.ended("lost", 2000)
    assert state.winner == "draw" and state.score.played == 1
    start(state, 2)
    their(state, 2, "won", 1000, why="its replay is of another board")
    state.ended("won", 50_000)
    assert state.winner == "me"


def test_an_opponent_who_left_loses_the_game_under_way() -> None:
    state = room()
    start(state, 1)
    state.ended("won", 5000)
    state.gone()
    assert state.winner == "me"


def test_a_finish_heard_after_the_opponent_was_gone_decides_the_game_again() -> None:
    state = room()
    start(state, 1)
    state.gone()  # (its will: its network fell, and it played on)
    state.ended("won", 20_000)
    assert state.winner == "me" and (state.score.mine, state.score.theirs) == (1, 0)
    their(state, 1, "won", 15_000)  # (back: its finish, the shorter time)
    assert state.winner == "them"
    assert (state.score.mine, state.score.theirs, state.score.played) == (0, 1, 1)
    assert not state.finished(m.Finish(PEER, 20, 1, "won", 1000, ""), None)  # (once)
    other = RoomState(host=False, name="Bob")  # (the other screen: both finishes heard)
    other.hello(m.Hello("f" * 16, 1, "Ada", "host", True))
    other.start(m.Start("f" * 16, 2, 1, BOARD.code, 3000))
    other.finished(m.Finish("f" * 16, 3, 1, "won", 20_000, ""), None)
    other.ended("won", 15_000)
    assert other.winner == "me"
    start(state, 2)  # (a game gone and lost is a draw, decided again as a win of theirs)
    state.gone()
    state.ended("lost", 3000)
    assert state.winner == "draw" and state.score.played == 2
    their(state, 2, "won", 9000)
    assert state.winner == "them" and (state.score.theirs, state.score.played) == (2, 2)


def test_a_third_is_not_heard_and_a_guest_hears_its_host_alone() -> None:
    ada, bob, carol = "a" * 16, "b" * 16, "c" * 16
    host = RoomState(host=True, name="Ada")
    assert not host.hears(m.Progress(bob, 1, 1, 5, 1, 9, 1, "playing"), ada)  # (none yet)
    assert host.hears(m.Hello(bob, 2, "Bob", "guest", True), ada)
    host.hello(m.Hello(bob, 2, "Bob", "guest", True))
    assert not host.hears(m.Hello(carol, 1, "Carol", "guest", True), ada)
    assert not host.hears(m.Progress(carol, 2, 1, 5, 1, 9, 1, "playing"), ada)
    assert not host.hears(m.Bye(carol, 3), ada)
    assert host.hears(m.Progress(bob, 3, 1, 5, 1, 9, 1, "playing"), ada)
    host.score.mine = host.score.played = 1  # (a game won against Bob)
    host.gone()  # (Bob left: another may take the room)
    assert host.hears(m.Hello(carol, 4, "Carol", "guest", True), ada)
    assert (host.score.mine, host.score.played) == (0, 0)  # (Carol's series: her own)
    assert not host.opponent.here and host.opponent.sender == carol
    host.hello(m.Hello(carol, 4, "Carol", "guest", True))
    host.score.theirs = 1
    assert host.hears(m.Hello(carol, 5, "Carol", "guest", True), ada)  # (the same: kept)
    assert host.score.theirs == 1
    guest = RoomState(host=False, name="Bob")
    assert guest.hears(m.Setup(ada, 1, BOARD.code, 3), bob)  # (said before its hello)
    assert not guest.hears(m.Hello(carol, 1, "Carol", "guest", False), bob)
    assert guest.hears(m.Hello(ada, 2, "Ada", "host", True, True, partner=bob), bob)
    guest.hello(m.Hello(ada, 2, "Ada", "host", True, True, partner=bob))
    assert not guest.hears(m.Start(carol, 1, 1, BOARD.code, 3000), bob)
    third = RoomState(host=False, name="Carol")
    assert not third.hears(m.Hello(ada, 2, "Ada", "host", True, True, partner=bob), carol)
    assert third.full == "Ada" and not third.hears(m.Start(ada, 3, 1, BOARD.code, 3000), carol)


def test_a_series_ends_at_its_majority_and_the_next_start_begins_a_new_one() -> None:
    state = room(best_of=3)
    for game in (1, 2):
        start(state, game)
        state.ended("won", 1000)
        their(state, game, "won", 2000)
    assert state.score.over and (state.score.mine, state.score.theirs) == (2, 0)
    start(state, 3)
    assert (state.score.mine, state.score.theirs, state.score.played) == (0, 0, 0)


def test_an_old_start_or_finish_changes_nothing() -> None:
    state = room()
    start(state, 2)
    assert state.start(m.Start(PEER, 9, 1, BOARD.code, 3000)) is None
    assert state.start(m.Start(PEER, 9, 3, "not a board code", 3000)) is None
    assert not state.finished(m.Finish(PEER, 10, 1, "won", 5, ""), None)
    assert state.game == 2


SENDERS = ("a" * 16, "b" * 16, "c" * 16)
MESSAGES = st.one_of(
    st.builds(
        m.Hello,
        st.sampled_from(SENDERS),
        st.integers(1, 99),
        st.sampled_from(["Ada", "Bob", "Carol"]),
        st.sampled_from(["host", "guest"]),
        st.booleans(),
        st.booleans(),
        st.sampled_from(["", *SENDERS]),
    ),
    st.builds(m.Setup, st.sampled_from(SENDERS), st.integers(1, 99), st.just(BOARD.code)),
    st.builds(
        m.Start,
        st.sampled_from(SENDERS),
        st.integers(1, 99),
        st.integers(1, 4),
        st.sampled_from([BOARD.code, "no board"]),
        st.integers(0, 3000),
    ),
    st.builds(
        m.Progress,
        st.sampled_from(SENDERS),
        st.integers(1, 99),
        st.integers(1, 4),
        st.integers(0, 10**6),
        st.integers(0, 20),
        st.integers(0, 20),
        st.integers(0, 50),
        st.sampled_from(["playing", "won", "lost"]),
    ),
    st.builds(
        m.Finish,
        st.sampled_from(SENDERS),
        st.integers(1, 99),
        st.integers(1, 4),
        st.sampled_from(["won", "lost"]),
        st.integers(0, 10**6),
        st.just(""),
    ),
    st.builds(m.Bye, st.sampled_from(SENDERS), st.integers(1, 99)),
)


@settings(max_examples=200, deadline=None)
@given(
    st.booleans(),
    st.lists(st.one_of(MESSAGES, st.sampled_from(["mine won", "mine lost"])), max_size=40),
)
def test_any_messages_from_three_senders_keep_one_opponent_and_a_whole_score(
    host: bool, said: list[object]
) -> None:
    """What a room hears, as the flow hands it on (game.flows.live_race), from the
    other side and a third, in any order: never an error, one opponent while it is
    here, and a score that adds up."""
    state = RoomState(host=host, name="Dee")
    me = "d" * 16
    for message in said:
        if isinstance(message, str):  # (the player's own game ended)
            if state.game:
                state.ended(message.split()[1], 5000)
            continue
        assert isinstance(message, m.Message)
        before = state.opponent.sender if state.opponent.here else None
        if not state.hears(message, me):
            continue
        if before is not None:
            assert message.sender == before  # (none but the opponent while it is here)
        if isinstance(message, m.Hello):
            state.hello(message)
        elif isinstance(message, m.Setup):
            state.setup(message)
        elif isinstance(message, m.Start) and not host:
            state.start(message)
        elif isinstance(message, m.Progress):
            state.progress(message)
        elif isinstance(message, m.Finish):
            state.finished(message, None if message.ms % 2 else "unverified")
        elif isinstance(message, m.Bye):
            state.gone()
        score = state.score
        assert min(score.mine, score.theirs) >= 0 and score.mine + score.theirs <= score.played
        assert state.winner is None or state.decided
