"""A replay worked out for the web page (game/flows/web_data.py) and the page made of
it (game/flows/web_page.py) without a browser: a figure's words come back from their
shape and numbers, whatever the words; an Expert game's link fits in 8,000
characters; the page is one file with a Content-Security-Policy that allows nothing
from outside and names its one script and its one style by hash; the committed
template is what web/'s build makes; --export-html writes a page, and refuses a
damaged replay or the file being read in one line."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import zlib
from pathlib import Path
from urllib.parse import unquote

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_window import run_game
from web_browser import AVF_ARBITER, AVF_EXPERT, EVF_WANG, RMV_EXPERT, expert_replays

from game.cli import commands
from game.flows.web_data import (
    MAX_CELLS,
    PARTS,
    POINTER_X,
    POINTER_Y,
    STEPS,
    WebError,
    WebReplay,
    shape_of,
    words_of,
)
from game.flows.web_page import LINK_PREFIX, LINK_THINNING, TEMPLATE, link, page, page_of
from game.flows.web_text import ALPHABET, TextDamaged, from_text, in_link, to_text
from game.replay.files import open_replay

ROOT = Path(__file__).resolve().parent.parent
LINK_LIMIT = 8_000  # (issue 43's own figure, not web_page.LINK_LIMIT)
RMV_BEGINNER = RMV_EXPERT.with_name("beg.rmv")


@given(st.text())
def test_a_figures_words_come_back_from_their_shape_and_numbers(words: str) -> None:
    shape, numbers = shape_of(words)
    assert words_of(shape, numbers) == words.replace("\x00", "")


def test_the_figures_numbers_are_taken_out_of_their_words() -> None:
    assert shape_of("20.530 s") == ("\x00.3 s", [20530])
    assert shape_of("97 of 212") == ("\x00_0 of \x00_0", [97, 212])
    assert shape_of("0.995")[1] == [995]


def test_an_expert_games_link_fits_in_8000_characters(tmp_path: Path) -> None:
    """Every Expert replay we have, ours and the community's (Flop's busy 47 s
    arbiter_exp of 10,199 events among them), the board's moments all kept."""
    sizes = {}
    paths = expert_replays(tmp_path)
    assert {AVF_EXPERT, RMV_EXPERT, AVF_ARBITER} <= set(paths) and len(paths) >= 15
    for path in paths:
        opened = open_replay(path)
        assert opened.replay.board.cols == 30 and opened.replay.board.mines == 99
        shared = link(opened.replay, opened.caption)
        sizes[path.name] = len(shared)
    assert max(sizes.values()) <= LINK_LIMIT, sizes


@given(st.binary(max_size=200))
def test_the_texts_bytes_come_back(data: bytes) -> None:
    text = to_text(data)
    assert set(text) <= set(ALPHABET) and text.endswith("z")
    assert from_text(text) == data


@given(st.text(":~" + ALPHABET[:3], max_size=40) | st.binary(max_size=200).map(to_text))
def test_a_link_never_holds_a_fragment_directive_and_unescapes_to_its_text(text: str) -> None:
    """Chromium takes everything from ":~:" on out of a link's fragment (a text
    fragment directive): exp_98763_FL's link held one, and its page read a cut text."""
    linked = in_link(text)
    assert ":~:" not in linked
    assert unquote(linked) == text  # (as the page's decodeURIComponent reads it)


@given(st.text(ALPHABET + "%#&'() <>\n\u00e9", max_size=60))
def test_any_text_reads_as_bytes_or_as_damaged(text: str) -> None:
    try:
        data = from_text(text)
    except TextDamaged as damaged:
        assert "\n" not in str(damaged)
    else:
        assert to_text(data) == text


def test_a_link_thins_the_pointer_alone_and_keeps_every_moment_of_the_board() -> None:
    worked = WebReplay(open_replay(AVF_ARBITER).replay)
    full, thinned = worked.moments(), worked.moments(LINK_THINNING[-1])
    assert thinned.count < full.count
    board_parts = [
        s for k, s in enumerate(full.streams) if k not in (STEPS, PARTS, POINTER_X, POINTER_Y)
    ]
    assert board_parts == [
        s for k, s in enumerate(thinned.streams) if k not in (STEPS, PARTS, POINTER_X, POINTER_Y)
    ]


def test_the_packed_replay_is_the_same_each_time_and_unpacks() -> None:
    opened = open_replay(EVF_WANG)
    one, two = WebReplay(opened.replay, opened.caption), WebReplay(opened.replay, opened.caption)
    assert one.pack() == two.pack()
    data = zlib.decompress(from_text(one.pack()), -15)
    assert "王嘉宁".encode() in data
    assert one.header["player"] == "王嘉宁" and one.header["rows"] == 8
    assert one.count > 10


def test_a_board_too_large_for_a_page_is_refused_in_one_line() -> None:
    replay = open_replay(EVF_WANG).replay
    huge = replay.replace(board=replay.board.__class__(600, 600, 10))
    assert MAX_CELLS < 600 * 600
    with pytest.raises(WebError, match="larger than a web page") as caught:
        WebReplay(huge)
    assert "\n" not in str(caught.value)


def test_a_board_too_large_or_a_link_too_long_is_said_in_the_players_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The end-of-game panel's and the viewer's line for a board no page is made for,
    and for a link longer than a browser opens (web_page.LINK_MOST, Chromium's 2 MiB),
    in the player's language; the link's line says to save the page instead."""
    from game import language
    from game.flows import web_page, web_save

    replay = open_replay(EVF_WANG).replay
    huge = replay.replace(board=replay.board.__class__(600, 600, 10))
    assert web_page.LINK_MOST == 2_097_152
    with pytest.raises(
        ValueError,
        match=r"\(its link would be \d+ characters long, more than a "
        r"browser opens \(1000\): save it as a web page\)\.$",
    ):
        monkeypatch.setattr(web_page, "LINK_MOST", 1000)
        web_save.link_of(replay)
    language.use("pl")
    try:
        said = []
        for made in (huge, replay):
            with pytest.raises(ValueError) as caught:
                web_save.link_of(made)
            said.append(str(caught.value))
        english = "larger than a web page", "more than a browser opens"
    finally:
        language.use(language.ENGLISH)
    assert "600x600" in said[0] and "1000" in said[1]
    for line, words in zip(said, english, strict=True):
        assert words not in line and "\n" not in line, line


def test_the_pages_title_preview_and_icon_are_its_own_and_ask_for_nothing() -> None:
    """A link preview reads the page before its script runs: the viewer's title and
    description in the maker's language, a saved page's title its player and mode
    (escaped: a name is text), and the game's icon inlined, so no browser asks the
    host for /favicon.ico (the page had no icon, an English title alone, no preview)."""
    from game import language

    def head(made: str) -> dict[str, str]:
        found = re.findall(
            r'<(title)>(.*?)</title>|<meta (?:name|property)="([^"]+)" '
            r'content="([^"]*)">|<link rel="(icon)" href="([^"]*)">',
            made,
        )
        return {a or c or e: b or d or f for a, b, c, d, e, f in found}

    from game.flows.web_page import ABOUT, TITLE

    language.use("pl")
    try:
        made = page()
        title, about = language.gettext(TITLE), language.gettext(ABOUT)
    finally:
        language.use(language.ENGLISH)
    viewer = head(made)
    assert '<html lang="pl">' in made
    assert title != "Minesweeper replay" and viewer["title"] == viewer["og:title"] == title
    assert viewer["description"] == viewer["og:description"] == about
    assert viewer["icon"].startswith("data:image/png;base64,")
    replay = open_replay(RMV_BEGINNER).replay.replace(player="<b>{{REPLAY}}</b> & co")
    saved = head(page_of(replay))
    assert (
        saved["title"]
        == "&lt;b&gt;{{REPLAY}}&lt;/b&gt; &amp; co: " + WebReplay(replay).header["mode"]
    )
    assert head(page())["title"] == "Minesweeper replay"


def _hash(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def test_the_page_allows_nothing_from_outside_and_names_its_script_and_style() -> None:
    made = page_of(open_replay(RMV_BEGINNER).replay)
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', made)
    assert policy is not None
    rules = dict(rule.strip().split(" ", 1) for rule in policy.group(1).split(";"))
    assert rules["default-src"] == "'none'"
    assert rules["img-src"] == "data:" and rules["font-src"] == "data:"
    scripts = re.findall(r"<script>(.*?)</script>", made, re.S)
    styles = re.findall(r"<style>(.*?)</style>", made, re.S)
    assert len(scripts) == 1 and len(styles) == 1
    assert rules["script-src"] == f"'sha256-{_hash(scripts[0])}'"
    assert rules["style-src"] == f"'sha256-{_hash(styles[0])}'"
    assert "{{" not in made and "http://" not in made.replace(VIEWER_HINT, "")
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", made)


VIEWER_HINT = "http://www.w3.org/2000/svg"
"""(an SVG namespace name a bundled library may carry: a name, never loaded)"""


def test_the_viewer_page_is_the_same_page_with_no_replay() -> None:
    viewer = page()
    saved = page_of(open_replay(RMV_BEGINNER).replay)
    assert '<script id="replay" type="text/plain"></script>' in viewer
    strip = re.compile(
        r'(<script id="replay" type="text/plain">)[^<]*|content="[^"]*"|url\("[^"]*"\)'
    )
    assert strip.sub("", viewer).split("<script>")[1] == strip.sub("", saved).split("<script>")[1]
    assert link(open_replay(EVF_WANG).replay).split("#")[1].startswith(LINK_PREFIX)


def test_the_committed_template_is_what_the_build_makes(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None or not (ROOT / "web" / "node_modules" / "esbuild").is_dir():
        pytest.skip("node or web/node_modules (npm ci --prefix web) is not here")
    built = tmp_path / "template.html"
    subprocess.run([node, str(ROOT / "web" / "build.mjs"), str(built)], check=True, timeout=120)
    assert built.read_text(encoding="utf-8") == TEMPLATE.read_text(encoding="utf-8"), (
        "game/flows/web_template.html is not what web/ builds: run npm run build --prefix web"
    )


def test_export_html_writes_a_page_and_refuses_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "game.html"
    done = run_game("--export-html", str(RMV_BEGINNER), str(target))
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\n") == 1 and done.stdout.startswith(f"{target}: a web page")
    assert target.read_text(encoding="utf-8").startswith("<!doctype html>")
    assert done.stderr == ""

    damaged = tmp_path / "damaged.avf"
    damaged.write_bytes(AVF_ARBITER.read_bytes()[:300])
    other = tmp_path / "other.html"
    assert commands.export_html(str(damaged), str(other)) == 2
    said = capsys.readouterr()
    assert said.out == "" and not other.exists()
    assert said.err.startswith("minesweeper: damaged.avf") and said.err.count("\n") == 1

    kept = RMV_BEGINNER.read_bytes()
    copy = tmp_path / "exp.rmv"
    copy.write_bytes(kept)
    assert commands.export_html(str(copy), str(copy)) == 2
    said = capsys.readouterr()
    assert "it is the file being read" in said.err and said.err.count("\n") == 1
    assert copy.read_bytes() == kept


def test_the_release_publishes_the_viewer_page_with_the_sites_pages(tmp_path: Path) -> None:
    import yaml

    release = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text())
    job = release["jobs"]["pages"]
    assert job["needs"] == "tests" and job["permissions"] == {"pages": "write", "id-token": "write"}
    steps = "\n".join(step.get("run", "") + step.get("uses", "") for step in job["steps"])
    assert "python tools/make_web_viewer.py site" in steps
    assert "actions/upload-pages-artifact" in steps and "actions/deploy-pages" in steps
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_web_viewer.py"), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    published = (tmp_path / "replay" / "index.html").read_text(encoding="utf-8")
    assert published == page()


def test_the_page_has_its_words_in_each_language_and_the_players_is_its_own() -> None:
    from game import language

    language.use("de")
    try:
        made = page_of(open_replay(RMV_BEGINNER).replay)
    finally:
        language.use(language.ENGLISH)
    art = json.loads(
        re.search(r'<script id="art" type="application/json">(.*?)</script>', made).group(1)
    )  # type: ignore[union-attr]
    assert art["words"]["de"]["play"] == "Abspielen" and art["words"]["de"]["speed"] == "Tempo"
    assert art["language"] == "de"  # (what it speaks to a browser of none of ours)
    assert set(art["words"]) == set(language.LANGUAGES)
    assert art["words"]["zh_CN"]["play"] != art["words"]["en"]["play"] == "Play"


def test_the_pages_mode_line_is_the_players_language_as_the_window_says_it() -> None:
    """The board's difficulty and the rule mode as the window names them in the
    player's language (the page said 'Intermediate: 16x16，40 个雷, standard')."""
    from game import language

    opened = open_replay(ROOT / "tests/data/replays/flop-player/rmv/int.rmv")
    language.use("zh_CN")
    try:
        mode = WebReplay(opened.replay).header["mode"]
        level = language.gettext("Intermediate")
        rules = language.gettext("standard")
    finally:
        language.use(language.ENGLISH)
    assert level != "Intermediate" and rules != "standard"
    assert mode.startswith(f"{level}: ") and mode.endswith(f", {rules}"), mode


@pytest.mark.parametrize(
    "path",
    [
        *sorted((ROOT / "tests/data/replays/flop-player/mvf").glob("*.mvf"))[:2],
        *sorted((ROOT / "tests/data/replays/flop-player/rawvf").glob("*.rawvf")),
    ],
    ids=lambda path: path.name,
)
def test_mvf_and_rawvf_replays_are_worked_out_for_a_page_too(path: Path) -> None:
    opened = open_replay(path)
    worked = WebReplay(opened.replay, opened.caption)
    board = opened.replay.board
    assert (worked.header["rows"], worked.header["cols"]) == (board.rows, board.cols)
    assert worked.count >= 2 and worked.header["end"] == opened.replay.events[-1].ms


@pytest.mark.parametrize(
    "path",
    [
        AVF_ARBITER.with_name("wasted_clicks_test.avf"),  # (lost)
        ROOT / "tests/data/replays/flop-player/rawvf/nested-opening.rawvf",
        RMV_EXPERT,
        EVF_WANG,
    ],
    ids=lambda path: path.name,
)
def test_the_3bv_solved_is_the_games_own_at_every_moment(path: Path) -> None:
    """The 3BV solved the page's timeline and figures show, kept from each move's
    changed cells (as the live counters keep it), is Game.bbbv_solved's count over the
    whole board after every move of the game, won or lost."""
    from game.modes.watching import Watching
    from game.replay.drive import Driver, ReplayClock
    from game.session.table import Table, Via

    replay = open_replay(path).replay
    worked = WebReplay(replay)
    clock = ReplayClock()
    table = Table.of(Watching(replay), clock)
    counted = {}
    for event in Driver(replay, clock).until(replay.events[-1].ms):
        if event.move is not None:
            table.act(event.move, Via.MOUSE)
            counted[event.ms] = table.session.game.bbbv_solved()
    shown = worked.solved_at()
    assert shown and counted
    for ms, solved in counted.items():
        assert shown[max(t for t in shown if t <= ms)] == solved, (path.name, ms)
