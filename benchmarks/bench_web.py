"""The web replay page (game/flows/web_page.py, web/): how large a page is, how soon
it draws its first board, and what a frame's script costs when it plays at 8x, in
headless chromium (Debian's, through chromium-driver, as tests/test_web_page.py
drives it), each beside a yardstick measured in the same run.

Run: python benchmarks/bench_web.py

- Size (targets: a Beginner game's page <= 200 kB, an Expert record's <= 400 kB),
  beside the viewer page with no replay in it (the fixed part: code, style, sheet,
  font) and the replay file's own size.
- First drawn board (target <= 300 ms after the page starts loading): the page's
  own probe, performance.now() when its board is drawn (the page's time origin is
  the start of its navigation), the median of 5 loads; beside a bare page of one
  canvas and one inline script that fills it, loaded the same way.
- A frame's script at 8x (target <= 2 ms): the page's own measure of each
  requestAnimationFrame callback (performance.now() around it) while an Expert
  record plays at 8x from the start to the end; median, 95th centile and largest;
  beside an empty callback measured the same way in the same page.
- The share link of each Expert replay in the tests' data (target <= 8,000
  characters): its length, the trail it kept, beside the same bytes' base64url and
  the link with the whole trail (what the saved page keeps).

A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import base64
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import unquote

from window_env import ROOT  # first: the environment pygame starts in

sys.path.insert(0, str(ROOT / "tests"))

# isort: split
from web_browser import AVF_EXPERT, EVF_WANG, RMV_EXPERT, chrome, expert_replays, load

from game.flows.web_data import POINTER_MS, WebReplay
from game.flows.web_page import LINK_PREFIX, LINK_THINNING, link_of, page, page_of
from game.flows.web_text import from_text, in_link
from game.replay.files import open_replay

RMV_BEGINNER = RMV_EXPERT.with_name("beg.rmv")
BARE = """<!doctype html><html><head><meta charset="utf-8"></head><body>
<canvas id="c" width="480" height="320"></canvas><script>
const c = document.getElementById("c").getContext("2d");
c.fillStyle = "#c0c0c0"; c.fillRect(0, 0, 480, 320);
window.__replay = {ready: true, sinceNavigation: performance.now()};
</script></body></html>"""
EMPTY_FRAMES = """
const done = arguments[arguments.length - 1], times = [];
let n = 0;
function frame() {
  const began = performance.now();
  times.push(performance.now() - began);
  if (++n < 120) requestAnimationFrame(frame); else done(times);
}
requestAnimationFrame(frame);
"""


def kb(size: int) -> str:
    return f"{size / 1000:.1f} kB"


def links(folder: Path) -> None:
    """Each Expert replay's link, beside its bytes in base64url and its whole trail."""
    for path in expert_replays(folder):
        opened = open_replay(path)
        worked = WebReplay(opened.replay, opened.caption)
        shared = link_of(worked)
        text = shared.split("#", 1)[1].removeprefix(LINK_PREFIX)
        kept = next(ms for ms in LINK_THINNING if in_link(worked.pack(ms)) == text)
        whole = len(shared) - len(text) + len(worked.pack())
        b64 = len(base64.urlsafe_b64encode(from_text(unquote(text))).rstrip(b"="))
        trail = "the whole trail" if kept == POINTER_MS else f"the trail at {kept} ms"
        print(
            f"link, {path.name[:40]}: {len(shared)} characters with {trail} (target <= 8000;"
            f" yardstick: its bytes in base64url {b64 + len(shared) - len(text)}, "
            f"the whole trail {whole})"
        )


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="minesweeper-bench-web-"))
    links(folder)
    viewer = folder / "viewer.html"
    viewer.write_text(page(), encoding="utf-8")
    print(f"yardstick: the viewer page with no replay: {kb(len(viewer.read_bytes()))}")
    pages = {}
    for label, path, target in (
        ("Beginner (RMV)", RMV_BEGINNER, 200),
        ("Beginner (EVF, 王嘉宁)", EVF_WANG, 200),
        ("Expert record (AVF, 49.25 s)", AVF_EXPERT, 400),
    ):
        opened = open_replay(path)
        began = time.perf_counter()
        html = page_of(opened.replay, opened.caption)
        made_ms = (time.perf_counter() - began) * 1000
        out = folder / f"{path.stem[:20]}.html"
        out.write_text(html, encoding="utf-8")
        pages[label] = out
        size = len(out.read_bytes())
        print(
            f"page size, {label}: {kb(size)} (target <= {target} kB; its replay file "
            f"{kb(path.stat().st_size)}; made in {made_ms:.0f} ms)"
        )
    bare = folder / "bare.html"
    bare.write_text(BARE, encoding="utf-8")

    for driver in chrome(folder / "profile"):
        expert = pages["Expert record (AVF, 49.25 s)"]
        for label, url in (
            ("the Expert record's page", expert.as_uri() + "?t=0"),
            ("the Beginner page", pages["Beginner (RMV)"].as_uri() + "?t=0"),
            ("yardstick: a bare page filling one canvas", bare.as_uri()),
        ):
            times = []
            for _ in range(5):
                load(driver, url)
                times.append(driver.execute_script("return __replay.sinceNavigation"))
            print(
                f"first drawn board, {label}: median {statistics.median(times):.0f} ms after "
                f"the load started (of {', '.join(f'{t:.0f}' for t in times)}; target <= 300)"
            )

        load(driver, expert.as_uri() + "?t=0")
        driver.set_script_timeout(30)
        empty = driver.execute_async_script(EMPTY_FRAMES)
        driver.execute_script(
            "const p = __replay.player; p.speed = 8; __replay.frames.length = 0; p.play();"
        )
        end = driver.execute_script("return __replay.player.h.end")
        while driver.execute_script("return __replay.player.playing"):
            time.sleep(0.2)
        frames = sorted(driver.execute_script("return __replay.frames"))
        reached = driver.execute_script("return __replay.player.time")
        centile = frames[int(len(frames) * 0.95)]
        print(
            f"a frame's script at 8x, the Expert record ({len(frames)} frames, to "
            f"{reached / 1000:.2f} of {end / 1000:.2f} s): median {statistics.median(frames):.3f}"
            f" ms, 95th centile {centile:.3f} ms, largest {frames[-1]:.3f} ms (target <= 2)"
        )
        print(
            f"yardstick: an empty frame callback in the same page ({len(empty)} frames): "
            f"median {statistics.median(empty):.3f} ms, largest {max(empty):.3f} ms"
        )


if __name__ == "__main__":
    main()
