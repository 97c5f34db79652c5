"""Make the ladder again: choose each level's seed with the solver (game/core/ladder.py,
``choose_picks``) and write the result into ``PICKS`` there.

Run it after a change to the no-guess generator or the solver changes the boards a
seed deals (tests/test_ladder.py then fails: the kept picks are no longer the ones
the solver chooses). Every player's ladder changes with it.

    python tools/make_ladder.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.core import ladder  # noqa: E402

HOME = ROOT / "game" / "core" / "ladder.py"


def main() -> None:
    picks = ladder.choose_picks()
    text = HOME.read_text(encoding="utf-8")
    kept = '    "' + picks[:50] + '"\n    "' + picks[50:] + '"\n'
    new, count = re.subn(r"(PICKS = \(\n)(.*?)(\)\n)", rf"\g<1>{kept}\g<3>", text, flags=re.S)
    if count != 1:
        raise SystemExit("PICKS not found in game/core/ladder.py")
    HOME.write_text(new, encoding="utf-8")
    print(f"{'unchanged' if new == text else 'written'}: {picks}")


if __name__ == "__main__":
    main()
