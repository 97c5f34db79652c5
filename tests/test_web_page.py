"""The web replay page (game/flows/web_page.py, web/) in headless chromium: its board
is the game's own renderer's board pixel for pixel at zoom 1 and 2 (ten moments of
five replays), a hostile player's name shows as text and runs nothing, the page
loads nothing from outside it, the share link opens the same game at the same
moment, a tampered link shows one line, and ``?t=`` opens the page paused there.
One browser for the module."""

from __future__ import annotations

import io
import json
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageChops
from test_window_replay import write_replay
from web_browser import (
    AVF_EXPERT,
    EVF_WANG,
    RMV_EXPERT,
    chrome,
    expert_replays,
    game_board,
    load,
    moments_of,
    ours_expert,
    page_board,
    seek,
)

from game.flows.web_data import WebReplay
from game.flows.web_page import LINK_PREFIX, VIEWER_URL, link, link_of, page, page_of
from game.flows.web_text import ALPHABET, END, from_text, to_text
from game.replay.files import open_replay
from game.replay.format import Replay

HOSTILE = "<img src=x onerror=alert(1)>"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("web")


@pytest.fixture(scope="module")
def browser(folder: Path) -> Iterator[Any]:
    yield from chrome(folder / "profile")


@pytest.fixture(scope="module")
def replays(folder: Path) -> dict[str, tuple[Replay, Path]]:
    """The five replays, each with its page written."""
    paths = {
        "ours-beginner": write_replay(folder),
        "ours-expert": ours_expert(folder),
        "evf-wang": EVF_WANG,
        "avf-arbiter": AVF_EXPERT,  # (Arbiter's own: Wang Jianing's 49.25 s record)
        "rmv": RMV_EXPERT,
    }
    made = {}
    for name, path in paths.items():
        opened = open_replay(path)
        target = folder / f"{name}.html"
        target.write_text(page_of(opened.replay, opened.caption), encoding="utf-8")
        made[name] = (opened.replay, target)
    return made


def differs(one: Any, other: Any) -> str:
    if one.size != other.size:
        return f"sizes {one.size} and {other.size}"
    box = ImageChops.difference(one, other).getbbox()
    return "" if box is None else f"pixels differ in {box}"


@pytest.mark.parametrize("zoom", [1, 2])
def test_the_board_is_the_games_own_renderers_pixel_for_pixel(
    browser: Any, replays: dict[str, tuple[Replay, Path]], zoom: int
) -> None:
    compared = 0
    for name, (replay, target) in replays.items():
        probe = load(browser, f"{target.as_uri()}?zoom={zoom}&t=0")
        assert probe["ready"] and probe["zoom"] == zoom, (name, probe)
        for ms in moments_of(replay):
            seek(browser, ms)
            problem = differs(page_board(browser), game_board(replay, ms, zoom))
            assert not problem, f"{name} at {ms} ms, zoom {zoom}: {problem}"
            compared += 1
    assert compared == 10


def test_t_opens_the_page_paused_at_that_moment_and_end_at_the_end(
    browser: Any, replays: dict[str, tuple[Replay, Path]]
) -> None:
    replay, target = replays["rmv"]
    probe = load(browser, f"{target.as_uri()}?zoom=1&t=12.5")
    assert probe["time"] == 12_500 and probe["playing"] is False
    assert not differs(page_board(browser), game_board(replay, 12_500, 1))
    probe = load(browser, f"{target.as_uri()}?zoom=1&t=end")
    assert probe["time"] == replay.events[-1].ms and probe["playing"] is False
    clock = browser.execute_script("return document.getElementById('clock').textContent")
    assert clock == f"{replay.events[-1].ms / 1000:.2f} s"
    # The live counters' figures are the game's, as its panel words them.
    figures = browser.execute_script(
        "return [...document.querySelectorAll('#figures tr')].map(r => r.cells[1].textContent)"
    )
    assert figures[0] == f"{replay.ms / 1000:.3f} s"
    assert figures[1] == str(replay.bbbv)


def test_a_hostile_name_is_text_and_runs_nothing_and_nothing_is_loaded_from_outside(
    browser: Any, replays: dict[str, tuple[Replay, Path]], folder: Path
) -> None:
    from selenium.common.exceptions import NoAlertPresentException

    replay, _ = replays["ours-beginner"]
    hostile = replay.replace(player=HOSTILE, tournament="</script><script>alert(2)</script>")
    target = folder / "hostile.html"
    target.write_text(page_of(hostile, caption=HOSTILE), encoding="utf-8")
    browser.get_log("performance")  # (what the loads before asked for: not this test's)
    probe = load(browser, target.as_uri() + "?t=end")
    assert probe["ready"], probe
    name = browser.execute_script("return document.getElementById('name').textContent")
    assert name == HOSTILE
    tournament = browser.execute_script("return document.getElementById('tournament').textContent")
    assert tournament == "</script><script>alert(2)</script>"
    assert browser.execute_script("return document.images.length") == 1  # the sheet alone
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text  # noqa: B018
    # Every request the page made: the page itself, and its data: pictures and fonts.
    for name in ("avf-arbiter", "evf-wang"):
        load(browser, replays[name][1].as_uri() + "?t=3")
    asked = requests(browser)
    assert asked, "the network log is not being kept"
    pages = {target.as_uri(), *(replays[n][1].as_uri() for n in ("avf-arbiter", "evf-wang"))}
    outside = [
        url for url in asked if not url.startswith("data:") and url.split("?")[0] not in pages
    ]
    assert outside == []
    assert not [e for e in browser.get_log("browser") if "Content Security Policy" in e["message"]]


def test_the_page_opens_from_a_plain_static_host_and_asks_it_for_nothing_more(
    browser: Any, replays: dict[str, tuple[Replay, Path]], folder: Path
) -> None:
    """The published viewer as a static host serves it (Python's http.server on
    loopback, as GitHub Pages would: a folder's index.html), opened by a link: it
    plays the link's game, and the one request the host hears is for the page."""
    import functools
    import http.server
    import threading

    site = folder / "site"
    (site / "replay").mkdir(parents=True)
    (site / "replay" / "index.html").write_text(page(), encoding="utf-8")
    heard: list[str] = []

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            heard.append(self.path)

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(site))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/replay/"
        browser.get_log("performance")
        probe = load(browser, link(replays["evf-wang"][0], base=base + "?t=end"))
        assert probe["ready"], probe
        name = browser.execute_script("return document.getElementById('name').textContent")
        assert name == "王嘉宁"
        asked = [url for url in requests(browser) if not url.startswith("data:")]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
    assert asked == [base + "?t=end"] and heard == ["/replay/?t=end"], (asked, heard)


def requests(browser: Any) -> list[str]:
    """The URLs the browser asked for since the log was last read."""
    urls = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def test_the_share_link_opens_the_same_game_at_the_same_moment(
    browser: Any, replays: dict[str, tuple[Replay, Path]], folder: Path
) -> None:
    viewer = folder / "viewer" / "index.html"
    viewer.parent.mkdir()
    viewer.write_text(page(), encoding="utf-8")
    replay, saved = replays["evf-wang"]
    opened = open_replay(EVF_WANG)
    shared = link(replay, opened.caption, base=viewer.as_uri())
    fragment = shared.split("#", 1)[1]
    at = shared.split("#", 1)[0] + "?zoom=2&t=2.5#" + fragment
    probe = load(browser, at)
    assert probe["ready"] and probe["time"] == 2_500, probe
    name, when = browser.execute_script(
        "return ['name', 'date'].map(id => document.getElementById(id).textContent)"
    )
    assert name == "王嘉宁" and when == "2024-08-10 18:06 UTC"  # (the file's own words)
    by_link = page_board(browser)
    assert not differs(by_link, game_board(replay, 2_500, 2))
    load(browser, f"{saved.as_uri()}?zoom=2&t=2.5")
    assert not differs(by_link, page_board(browser))


def test_a_second_link_opened_in_the_same_tab_shows_its_own_replay(
    browser: Any, replays: dict[str, tuple[Replay, Path]], folder: Path
) -> None:
    """A link differs from the one before only in its fragment, which a browser
    follows without loading the page again: the page reads the new replay all the
    same (it showed the first link's game)."""
    viewer = folder / "same-tab.html"
    viewer.write_text(page(), encoding="utf-8")
    players = [replays[name][0].player for name in ("ours-beginner", "evf-wang")]
    assert players[0] != players[1] == "王嘉宁"
    for name, player in zip(("ours-beginner", "evf-wang"), players, strict=True):
        probe = load(browser, link(replays[name][0], base=viewer.as_uri() + "?t=end"))
        assert probe["ready"], (name, probe)
        shown = browser.execute_script("return document.getElementById('name').textContent")
        assert shown == player, name


@pytest.mark.parametrize(
    ("languages", "spoken"), [("de-AT,de", "de"), ("zh-TW,zh-Hant,pl-PL", "pl"), ("fr-FR", "ja")]
)
def test_the_page_speaks_the_browsers_language_else_the_one_it_was_made_in(
    replays: dict[str, tuple[Replay, Path]], folder: Path, languages: str, spoken: str
) -> None:
    """A link opens the viewer the release made (in English) in the browser of the
    one it was sent to: the page's own words are in the first of the browser's
    languages it has (as the game reads a system's), else in the page's maker's."""
    from game import language

    language.use("ja")
    try:
        made = folder / f"made-in-ja-{spoken}.html"
        made.write_text(page(), encoding="utf-8")
        _, words = language.catalog(spoken)
    finally:
        language.use(language.ENGLISH)
    for browser in chrome(folder / f"profile-{spoken}", languages):
        shared = link(replays["ours-beginner"][0], base=made.as_uri() + "?t=end")
        assert load(browser, shared)["ready"]
        said = browser.execute_script(
            "return [document.documentElement.lang, document.getElementById('play').textContent,"
            " document.querySelector('[data-word=speed]').textContent,"
            " document.getElementById('seek').getAttribute('aria-label'),"
            " document.getElementById('back').title]"
        )
        assert said == [
            spoken.replace("_", "-"),
            *map(words.gettext, ("Play", "Speed", "Time", "Step back")),
        ]
        assert said[1] != "Play"
        # (the Beginner's player has no name: the title names the game)
        assert replays["ours-beginner"][0].player == ""
        assert browser.title.startswith(words.gettext("Minesweeper") + ": "), browser.title
        load(browser, f"{made.as_uri()}#r1.AAAz")
        line = browser.execute_script("return document.getElementById('error').textContent")
        assert line.startswith(words.gettext("This replay cannot be shown:")), line


@pytest.mark.parametrize(
    ("width", "height", "ratio"),
    [
        (375, 667, 1),
        (375, 667, 2),
        (375, 667, 3),
        (412, 860, 2.625),
        (667, 375, 1),
        (768, 1024, 2),
        (1280, 800, 1.25),
        (1920, 1080, 1),
    ],
    ids=[
        "phone@1",
        "phone@2",
        "phone@3",
        "android@2.625",
        "phone-sideways@1",
        "tablet@2",
        "laptop@1.25",
        "desktop",
    ],
)
def test_the_board_fits_crisp_and_the_controls_are_on_the_first_screen(
    browser: Any,
    replays: dict[str, tuple[Replay, Path]],
    width: int,
    height: int,
    ratio: float,
) -> None:
    """On a phone, a tablet and a desktop, at 1, 1.25, 2, 2.625 and 3 device pixels a
    CSS pixel:
    the Expert board at the largest whole zoom (in device pixels) that fits the
    width and leaves room for the controls under it, each of its pixels one of the
    screen's (the screenshot is the canvas), the controls and the seek bar on the
    first screen (a board too tall even at zoom 1 scrolls in its own box: sideways,
    the controls were off the screen); where there is room beside the board, the
    figures too (at 1920x1080 they were under the fold)."""
    from PIL import Image

    replay, target = replays["ours-expert"]
    ms = moments_of(replay)[0]
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": ratio, "mobile": width < 800},
    )
    try:
        probe = load(browser, f"{target.as_uri()}?t={ms / 1000}")
        assert probe["ready"], probe
        laid = browser.execute_script(
            "document.getElementById('trail').hidden = true;"
            "const at = (id) => document.getElementById(id).getBoundingClientRect();"
            "const b = at('board'), c = at('bar'), f = at('figures');"
            "return {left: b.left, top: b.top, w: b.width, h: b.height, bar: c.bottom, "
            "figures: f.bottom, figuresRight: f.right, inner: [innerWidth, innerHeight], "
            "whole: ((s) => s.clientWidth >= b.width && s.clientHeight >= b.height)"
            "(document.getElementById('stage')), "
            "dpr: devicePixelRatio}"
        )
        browser.execute_async_script(  # (the frame drawn on the screen before it is shot)
            "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(done));"
        )
        shot = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
        canvas = page_board(browser)  # (before the window is given back: it fits again)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert laid["dpr"] == ratio and laid["inner"] == [width, height], laid
    zoom = probe["zoom"]
    # (each canvas a whole number of CSS and of device pixels, from a whole device pixel)
    for css, device in ((laid["w"], canvas.width), (laid["h"], canvas.height)):
        assert abs(css * ratio - device) < 1e-6, (canvas.size, laid)
    for css in (laid["left"], laid["top"]):
        assert abs(css * ratio - round(css * ratio)) < 0.05, laid  # (layout: 1/64 px)
    room = (width - 24) * ratio
    assert zoom == 1 or canvas.width <= room, laid
    assert (
        canvas.width // zoom * (zoom + 1) > room
        or laid["bar"] + canvas.height // zoom / ratio > height
    )
    assert laid["bar"] <= height, laid  # (the controls and the seek bar on the first screen)
    assert laid["whole"] or zoom == 1, laid
    box = [round(v * ratio) for v in (laid["left"], laid["top"])]
    seen = shot.crop((box[0], box[1], box[0] + canvas.width, box[1] + canvas.height))
    if laid["whole"]:  # (the board not scrolled in its box)
        assert not differs(seen, canvas), (width, ratio)  # (crisp: one pixel each)
    if width >= 1024:
        assert laid["figures"] <= height and laid["figuresRight"] <= width, laid


def test_a_window_turned_or_resized_fits_the_board_again_at_its_moment(
    browser: Any, replays: dict[str, tuple[Replay, Path]]
) -> None:
    """A phone turned, a window made smaller: the board takes the zoom the window now
    has room for, at the moment it was at, pixel for pixel the game's renderer's (it
    kept the zoom it opened with: the Expert board at zoom 3 in a window with room for
    2, the controls off the screen)."""
    from selenium.webdriver.support.ui import WebDriverWait

    replay, target = replays["ours-expert"]
    ms = moments_of(replay)[0]

    def window(width: int, height: int) -> None:
        browser.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )

    try:
        window(1920, 1080)
        probe = load(browser, f"{target.as_uri()}?t={ms / 1000}")
        assert probe["zoom"] == 3, probe
        for width, height, zoom in ((1100, 900, 2), (1920, 1080, 3)):
            window(width, height)
            WebDriverWait(browser, 5).until(
                lambda b, zoom=zoom: b.execute_script("return __replay.player.zoom") == zoom
            )
            assert browser.execute_script("return __replay.player.time") == ms
            assert not differs(page_board(browser), game_board(replay, ms, zoom)), (width, zoom)
            bar = browser.execute_script(
                "return document.getElementById('bar').getBoundingClientRect().bottom"
            )
            assert bar <= height
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_keys_play_and_step_after_the_seek_bar_was_used(
    browser: Any, replays: dict[str, tuple[Replay, Path]]
) -> None:
    """Space plays and pauses and the arrow keys step a move with the seek bar in
    focus, as everywhere else on the page (a player drags the bar, then presses
    Space: nothing happened, and an arrow moved the game on by one millisecond)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    replay, target = replays["ours-expert"]
    load(browser, f"{target.as_uri()}?t=5")
    state = "const p = __replay.player; return [p.playing, p.time, document.activeElement.id]"
    moves = sorted({e.ms for e in replay.events if e.move is not None})
    ActionChains(browser).click(browser.find_element(By.ID, "seek")).perform()
    playing, at, focused = browser.execute_script(state)
    assert focused == "seek" and not playing
    ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()
    assert browser.execute_script(state)[:2] == [False, min(m for m in moves if m > at)]
    ActionChains(browser).send_keys(Keys.ARROW_LEFT).perform()
    assert browser.execute_script(state)[1] == max(m for m in moves if m <= at)
    ActionChains(browser).send_keys(Keys.SPACE).perform()
    assert browser.execute_script(state)[0] is True
    ActionChains(browser).send_keys(Keys.SPACE).perform()
    assert browser.execute_script(state)[0] is False


def test_a_finger_drags_the_timeline_and_reaches_the_buttons(
    browser: Any, replays: dict[str, tuple[Replay, Path]]
) -> None:
    """On a phone (touch), a finger dragged along the 3BV timeline takes the game to
    where it is lifted (the browser took the drag for a pan and the game stopped a
    few steps on: 4.3 s of 39), a tap on Play plays and pauses, and the buttons are at least
    44 CSS pixels each way (they were 32 high)."""
    from selenium.webdriver.support.ui import WebDriverWait

    target = replays["ours-expert"][1]
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 375, "height": 667, "deviceScaleFactor": 2, "mobile": True},
    )
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})

    def touch(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    try:
        load(browser, f"{target.as_uri()}?t=5")
        sizes = browser.execute_script(
            "return ['back', 'play', 'on', 'speed'].map(id => {"
            "const r = document.getElementById(id).getBoundingClientRect();"
            "return [r.width, r.height, r.left + r.width / 2, r.top + r.height / 2]; })"
        )
        assert all(w >= 44 and h >= 44 for w, h, _, _ in sizes), sizes
        for playing in (True, False):
            touch("touchStart", *sizes[1][2:])
            touch("touchEnd", *sizes[1][2:])
            WebDriverWait(browser, 5).until(
                lambda b, playing=playing: (
                    b.execute_script("return __replay.player.playing") is playing
                )
            )
        left, top, width, height = browser.execute_script(
            "const r = document.getElementById('timeline').getBoundingClientRect();"
            "return [r.left, r.top, r.width, r.height]"
        )
        x, y = left + 20, top + height / 2
        touch("touchStart", x, y)
        for step in range(1, 11):
            touch("touchMove", x + step * 20, y)
        touch("touchEnd", x + 200, y)
        start, end = replay_span(browser)
        at = browser.execute_script("return __replay.player.time")
        wanted = start + (end - start) * 220 / width
        assert abs(at - wanted) < (end - start) / 50, (at, wanted)
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def replay_span(browser: Any) -> tuple[int, int]:
    """The page's first and last moment's times (its seek bar's ends)."""
    start, end = browser.execute_script("const h = __replay.player.h; return [h.start, h.end]")
    return int(start), int(end)


def test_every_expert_games_link_opens_the_same_game_at_the_same_moment(
    browser: Any, folder: Path
) -> None:
    """Each Expert replay we have (ours and the community's), by the link the game
    makes (<= 8,000 characters, its trail thinned if need be): the page's board at a
    moment with a button held is the game's renderer's, and where the link thinned
    the trail, its clock and figures are those of the whole replay's text."""
    viewer = folder / "experts" / "index.html"
    viewer.parent.mkdir()
    viewer.write_text(page(), encoding="utf-8")
    thinned = 0
    games = set()
    seen: set[str] = set()
    for path in expert_replays(viewer.parent):
        opened = open_replay(path)
        replay = opened.replay
        if replay.events in games:
            continue  # (one game under other names: its length is test_web_data's)
        games.add(replay.events)
        worked = WebReplay(replay, opened.caption)
        shared = link_of(worked, base=viewer.as_uri())
        assert len(shared.replace(viewer.as_uri(), VIEWER_URL)) <= 8_000, path.name
        ms = moments_of(replay)[0]
        base, fragment = shared.split("#", 1)
        seen.update(fragment)
        probe = load(browser, f"{base}?zoom=1&t={ms / 1000}#{fragment}")
        assert probe["ready"] and probe["time"] == ms, (path.name, probe)
        assert not differs(page_board(browser), game_board(replay, ms, 1)), path.name
        by_link = shown(browser)
        whole = worked.pack()
        if fragment != LINK_PREFIX + whole:
            thinned += 1
            load(browser, f"{base}?zoom=1&t={ms / 1000}#{LINK_PREFIX}{whole}")
            assert shown(browser) == by_link, path.name
    assert thinned >= 1  # (the busiest games' links thin their trails)
    assert set(ALPHABET) <= seen  # (each of the text's characters came through a link)


def shown(browser: Any) -> list[str]:
    """The page's clock, LED-free words: its clock, player and figures."""
    said: list[str] = browser.execute_script(
        "return ['clock', 'player', 'figures'].map(id => document.getElementById(id).innerText)"
    )
    return said


@pytest.mark.parametrize(
    "spoil",
    [
        lambda text: text[:40] + ("A" if text[40] != "A" else "B") + text[41:],
        lambda text: text[: len(text) // 2],
        lambda text: text + "AAAA",
        lambda text: "!!<script>" + text,
        lambda text: "",
    ],
    ids=["a-character-changed", "cut-short", "longer", "not-base64", "empty"],
)
def test_a_tampered_link_shows_one_line(
    browser: Any, replays: dict[str, tuple[Replay, Path]], folder: Path, spoil: Any
) -> None:
    viewer = folder / "tampered.html"
    if not viewer.exists():
        viewer.write_text(page(), encoding="utf-8")
    replay, _ = replays["ours-beginner"]
    text = link(replay, base="").split("#", 1)[1].removeprefix(LINK_PREFIX)
    probe = load(browser, f"{viewer.as_uri()}#{LINK_PREFIX}{spoil(text)}")
    assert probe["error"] and not probe["ready"], probe
    shown = browser.execute_script(
        "const e = document.getElementById('error'); "
        "return [e.hidden, e.textContent, document.getElementById('player').hidden, "
        "document.body.innerText.trim()]"
    )
    hidden, line, player_hidden, everything = shown
    assert not hidden and player_hidden
    assert line.startswith("This replay cannot be shown:") and "\n" not in line
    assert everything == line  # the one line is all the page shows


@pytest.mark.parametrize(
    ("form", "said"),
    [
        (
            "r1.",
            "the link was made by an older version of the game, which this page no longer reads",
        ),
        ("r3.", "the link was made by a newer version of the game than this page"),
        ("r10.", "the link was made by a newer version of the game than this page"),
        ("x2.", "the link is not a replay link of this page"),
    ],
)
def test_a_link_of_another_form_says_whether_it_is_older_or_newer(
    browser: Any, replays: dict[str, tuple[Replay, Path]], folder: Path, form: str, said: str
) -> None:
    """A link of the page's first form (or of a form to come) says so, not that it is
    no replay link."""
    viewer = folder / "forms.html"
    if not viewer.exists():
        viewer.write_text(page(), encoding="utf-8")
    text = link(replays["ours-beginner"][0], base="").split("#", 1)[1].removeprefix(LINK_PREFIX)
    probe = load(browser, f"{viewer.as_uri()}#{form}{text}")
    assert probe["error"] == f"This replay cannot be shown: {said}.", probe


def read(browser: Any, text: str) -> str:
    """What the page's own reader makes of a packed text: ok, or damaged and why."""
    said: str = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "__replay.read(arguments[0]).then(done, (e) => done('error: ' + e));",
        text,
    )
    return said


def repacked(data: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    return to_text(packer.compress(data) + packer.flush())


def test_the_pages_reader_says_ok_or_damaged_of_anything_fuzzed(
    browser: Any, replays: dict[str, tuple[Replay, Path]], folder: Path
) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    viewer = folder / "fuzz.html"
    viewer.write_text(page(), encoding="utf-8")
    load(browser, viewer.as_uri())  # (no replay: the one line; its reader is there)
    browser.set_script_timeout(10)
    text = link(replays["ours-beginner"][0], base="").split("#", 1)[1].removeprefix(LINK_PREFIX)
    data = zlib.decompress(from_text(text), -15)
    assert read(browser, text).startswith("ok: ")

    @settings(
        max_examples=60,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(
        st.one_of(
            st.lists(st.tuples(st.integers(0, len(data) - 1), st.integers(0, 255)), max_size=6).map(
                lambda spoils: repacked(spoil(data, spoils))
            ),
            st.integers(0, len(data)).map(lambda cut: repacked(data[:cut])),
            st.binary(max_size=400).map(repacked),
            st.text("ABCDEFabcdef0123456789-_", max_size=200),
            st.text(ALPHABET, max_size=200),
            st.text(ALPHABET, max_size=200).map(lambda text: text + END),
        )
    )
    def check(fuzzed: str) -> None:
        said = read(browser, fuzzed)
        assert said.startswith(("ok: ", "damaged: ")), said

    check()


def test_the_pages_link_reader_says_ok_damaged_or_why_not_of_any_fragment(
    browser: Any, replays: dict[str, tuple[Replay, Path]], folder: Path
) -> None:
    """The fragment as a browser hands it over (after '#': the form's prefix, escapes
    a chat program added, what was cut or pasted), read by the page's own code: a
    link whose characters were escaped (%XX, any of them) reads as the link; anything
    else is ok, damaged or one reason why not, never a script's error or a hang."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    viewer = folder / "fuzz-links.html"
    viewer.write_text(page(), encoding="utf-8")
    load(browser, viewer.as_uri())
    browser.set_script_timeout(10)
    fragment = link(replays["ours-beginner"][0], base="").split("#", 1)[1]
    whole = read_link(browser, fragment)
    assert whole.startswith("ok: "), whole

    def escaped(picks: list[int]) -> str:
        out = list(fragment)
        for pick in picks:
            at = pick % len(out)
            if len(out[at]) == 1:
                out[at] = f"%{ord(out[at]):02X}"
        return "".join(out)

    pieces = st.sampled_from(
        [LINK_PREFIX, "r1.", "r3.", "r99999999.", "%", "%2", "%ZZ", "%E0%A4%A", "z"]
    )

    @settings(
        max_examples=50,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(
        st.one_of(
            st.lists(st.integers(0, 10**6), min_size=1, max_size=20).map(
                lambda p: ("same", escaped(p))
            ),
            st.integers(0, len(fragment)).map(lambda cut: ("any", fragment[:cut])),
            st.lists(st.one_of(pieces, st.text(max_size=30)), max_size=8).map(
                lambda parts: ("any", "".join(parts))
            ),
            st.tuples(pieces, st.text(ALPHABET + "%", max_size=300)).map(
                lambda parts: ("any", "".join(parts))
            ),
        )
    )
    def check(case: tuple[str, str]) -> None:
        kind, hash_ = case
        said = read_link(browser, hash_)
        if kind == "same":
            assert said == whole, (hash_, said)
        assert said.startswith(("ok: ", "damaged: ", "fails: ")), (hash_, said)
        assert "\n" not in said

    check()


def read_link(browser: Any, fragment: str) -> str:
    """What the page's own code makes of a link's fragment (after '#')."""
    said: str = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "__replay.readLink(arguments[0]).then(done, (e) => done('error: ' + e));",
        fragment,
    )
    return said


def spoil(data: bytes, spoils: list[tuple[int, int]]) -> bytes:
    changed = bytearray(data)
    for at, value in spoils:
        changed[at] = value
    return bytes(changed)
