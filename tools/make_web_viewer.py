"""Write the web replay viewer the release publishes with the project's GitHub Pages
(.github/workflows/release.yml): the page of game/flows/web_page.py with no replay
in it, which plays the replay a link carries in its fragment ("Copy web link", the
game's link() makes it). The page saved for one replay and this one are one page.

    python tools/make_web_viewer.py SITE_FOLDER      (writes SITE_FOLDER/replay/index.html)
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.flows.web_page import page  # noqa: E402 (the checkout's game, above)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    target = Path(argv[0]) / "replay" / "index.html"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(page(), encoding="utf-8")
    print(f"{target}: {target.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
