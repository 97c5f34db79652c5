"""records.json documents for tests: the file the versions before the history
wrote (the game only reads it now, once, into the history)."""

from __future__ import annotations

from game.persist.records import Records, Stats
from game.rules import Difficulty

LEGACY_PRESETS = (Difficulty.BEGINNER, Difficulty.INTERMEDIATE, Difficulty.EXPERT)
"""The presets records.json knew (the ranked Beginner came after it)."""


def stats_doc(stats: Stats) -> dict[str, object]:
    """One difficulty's counters as records.json held them."""
    return {
        "played": stats.played,
        "won": stats.won,
        "current_streak": stats.current_streak,
        "longest_streak": stats.longest_streak,
        "total_win_ms": stats.total_win_ms,
    }


def records_doc(records: Records) -> dict[str, object]:
    """The records.json document of these records (version 1)."""
    return {
        "version": 1,
        "last_name": records.last_name,
        "best_times": {
            preset.value: [
                {"name": t.name, "date": t.date.isoformat(), "ms": t.ms}
                for t in records.best_times[preset]
            ]
            for preset in LEGACY_PRESETS
        },
        "stats": {
            d.value: stats_doc(records.stats[d]) for d in (*LEGACY_PRESETS, Difficulty.CUSTOM)
        },
    }
