"""Screenshots of the web replay page (docs/WEB.md) in headless chromium: five replays
(our Beginner and Expert, a Metasweeper EVF whose player is 王嘉宁, an Arbiter AVF,
an RMV), each at three moments (a third of the way, two thirds, the end), and the RMV
on a phone, written to docs/web/ as PNG. Needs Debian's chromium and chromium-driver, and Selenium.

    python tools/web_shots.py
"""

from __future__ import annotations

import io
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import conftest  # noqa: E402, F401 (headless: SDL's dummy drivers, as the tests run)
from PIL import Image  # noqa: E402
from web_browser import AVF_ARBITER, EVF_WANG, RMV_EXPERT, chrome, load, ours_game  # noqa: E402

from game.flows.web_page import page_of  # noqa: E402
from game.replay.files import open_replay  # noqa: E402

OUT = ROOT / "docs" / "web"


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="minesweeper-web-shots-"))
    replays = {
        "ours-beginner": ours_game(folder, (9, 9, 10), 7),
        "ours-expert": ours_game(folder, (16, 30, 99), 20261201),
        "evf-wang-jianing": EVF_WANG,
        "avf-arbiter": AVF_ARBITER,
        "rmv": RMV_EXPERT,
    }
    OUT.mkdir(parents=True, exist_ok=True)
    for driver in chrome(folder / "profile"):
        driver.set_window_size(1100, 1000)  # (Expert at zoom 2, Beginner at 4)
        for name, path in replays.items():
            opened = open_replay(path)
            page = folder / f"{name}.html"
            page.write_text(page_of(opened.replay, opened.caption), encoding="utf-8")
            end = opened.replay.events[-1].ms
            for label, ms in (("third", end // 3), ("two-thirds", 2 * end // 3), ("end", end)):
                load(driver, f"{page.as_uri()}?t={ms / 1000}")
                shot = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
                box = driver.execute_script(
                    "const r = document.getElementById('player').getBoundingClientRect();"
                    "return [r.right, r.bottom];"
                )
                shot = shot.crop(
                    (0, 0, min(shot.width, int(box[0]) + 12), min(shot.height, int(box[1]) + 12))
                )
                target = OUT / f"{name}-{label}.png"
                shot.quantize(colors=64, method=Image.Quantize.MEDIANCUT).save(
                    target, optimize=True
                )
                print(target.relative_to(ROOT), f"{target.stat().st_size // 1024} KB")
        # The RMV on a phone: 390x844 CSS pixels at 3 device pixels each, at its end.
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True},
        )
        load(driver, f"{(folder / 'rmv.html').as_uri()}?t=end")
        target = OUT / "phone-rmv.png"
        shot = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
        shot.quantize(colors=64, method=Image.Quantize.MEDIANCUT).save(target, optimize=True)
        print(target.relative_to(ROOT), f"{target.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
