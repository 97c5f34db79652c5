"""Run in a network namespace of its own (tests/netns.py) by
tests/test_window_lan_race.py: two headless game processes (tests/race_player.py)
race with no broker named, the embedded default: Ada hosts (her game runs the broker
and announces the room), Bob joins by the code alone (his game finds hers on the
network). Each player writes what it saw to its JSON file in the folder given."""

from __future__ import annotations

import sys
from pathlib import Path

from test_window_live_race import player


def main() -> None:
    tmp = Path(sys.argv[1])
    host = player(tmp, "Ada", 0.2, "win", "--race", "host")
    assert host.stdout is not None
    code = host.stdout.readline().strip()
    guest = player(tmp, "Bob", 0.4, "win", "--race", "join", code)
    failed = False
    for process in (guest, host):
        _, err = process.communicate(timeout=120)
        if process.returncode != 0 or "Traceback" in err:
            print(err, file=sys.stderr)
            failed = True
    print(code)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
