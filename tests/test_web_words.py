"""The web replay page speaks one language (docs/WEB.md): a link made in English and
opened in a browser that asks for German or Japanese shows every word in the
browser's language, the figures' labels, the words around their numbers, their
decimal mark and the mode line as well as the controls: the same text as a link of
the same game made in that language. A link made before the page had its replay's
words in each language (no "keys" in its header) still opens, in its maker's words.
Headless chromium (tests/web_browser.py), a browser for each language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from web_browser import chrome, load, ours_expert

from game import language
from game.flows.web_data import WebReplay
from game.flows.web_page import PLURAL_TABLE, link_of, page, plural_of
from game.replay.files import open_replay
from game.rules import Board
from game.words import WEB_FIGURES

READ = (
    "const rows = [...document.querySelectorAll('#figures tr')];"
    "return {labels: rows.map((r) => r.cells[0].textContent),"
    " values: rows.map((r) => r.cells[1].textContent),"
    " mode: document.getElementById('mode').textContent,"
    " play: document.getElementById('play').textContent, title: document.title,"
    " clock: document.getElementById('clock').textContent}"
)


def made_in(code: str, worked: Any) -> Any:
    """A replay worked out (its words, the header) in one of our languages."""
    language.use(code)
    try:
        return worked()
    finally:
        language.use(language.ENGLISH)


@pytest.mark.parametrize(("code", "asks"), [("de", "de-DE,de"), ("ja", "ja-JP,ja")])
def test_a_link_made_in_english_reads_wholly_in_the_browsers_language(
    tmp_path: Path, code: str, asks: str
) -> None:
    replay = open_replay(ours_expert(tmp_path)).replay
    viewer = tmp_path / "viewer.html"
    viewer.write_text(page(), encoding="utf-8")
    # (a moment mid-game: the 3BV "of" its total, the clicks, the path in cells)
    at = f"{viewer.as_uri()}?t={replay.ms / 2000:.3f}"
    english = link_of(WebReplay(replay), at)
    theirs = link_of(made_in(code, lambda: WebReplay(replay)), at)
    old = WebReplay(replay)
    for key in ("keys", "lang", "named"):
        del old.header[key]  # (a link made before: its maker's words alone)
    for browser in chrome(tmp_path / f"profile-{code}", asks):
        assert load(browser, theirs)["ready"]
        wanted = browser.execute_script(READ)
        assert load(browser, english)["ready"]
        shown = browser.execute_script(READ)
        assert load(browser, link_of(old, at))["ready"]
        before = browser.execute_script(READ)
    english_labels = made_in(language.ENGLISH, lambda: WebReplay(replay).header["labels"])
    assert shown == wanted, (shown, wanted)
    assert shown["labels"] != english_labels
    assert any(" of " in value for value in before["values"]), before
    assert not any(" of " in value or " left, " in value for value in shown["values"]), shown
    assert before["labels"] == english_labels and before["mode"].startswith("Expert: ")
    assert before["play"] == shown["play"] != "Play"  # (the controls are the browser's)
    mark = "," if code in language.DECIMAL_COMMA else "."
    assert shown["clock"] == f"{replay.ms / 2000:.2f} s".replace(".", mark), shown["clock"]


def test_the_pages_plural_table_is_each_catalogs_rule_for_every_board() -> None:
    """The page picks the mode line's plural form from a table of 200 (a larger n:
    that of 100 + n % 100): for our five languages, their catalogs' own rule for every
    count of mines a board can have."""
    largest = 250_000
    for code in language.LANGUAGES:
        rule = plural_of(language.catalog(code)[1])
        table = [rule(n) for n in range(PLURAL_TABLE)]
        for n in range(largest + 1):
            assert rule(n) == table[n if n < PLURAL_TABLE else 100 + n % 100], (code, n)


def test_the_header_names_its_figures_and_mode_by_key(tmp_path: Path) -> None:
    replay = open_replay(ours_expert(tmp_path)).replay
    header = made_in("pl", lambda: WebReplay(replay).header)
    assert header["keys"] == list(WEB_FIGURES) and header["lang"] == "pl"
    assert header["named"] == ["expert", replay.rules.mode.value]
    assert Board(header["rows"], header["cols"], header["mines"]).difficulty.value == "expert"


def test_the_pages_reader_of_a_headers_words_says_ok_or_damaged_of_anything(
    tmp_path: Path,
) -> None:
    """A header whose keys, language and names are anything (JSON of any shape, the
    names of an object's own properties, another language's) is read in a German
    browser, where the replay's words are put into German: ok or damaged, never a
    script's error."""
    from hypothesis import HealthCheck, example, given, settings
    from hypothesis import strategies as st
    from test_window_replay import write_replay

    viewer = tmp_path / "viewer.html"
    viewer.write_text(page(), encoding="utf-8")
    worked = WebReplay(open_replay(write_replay(tmp_path)).replay)
    made = dict(worked.header)
    names = st.sampled_from(
        ["__proto__", "constructor", "toString", "de", "ja", "en", "pl", "zh_CN", "time"]
    )
    words = st.one_of(names, st.text(max_size=8))
    anything = st.recursive(
        st.none() | st.booleans() | st.integers() | words,
        lambda inner: st.lists(inner, max_size=14) | st.dictionaries(words, inner, max_size=3),
        max_leaves=20,
    )
    browsers = chrome(tmp_path / "profile", "de-DE,de")
    browser = next(browsers)
    try:
        load(browser, viewer.as_uri())
        browser.set_script_timeout(10)

        @settings(
            max_examples=40,
            deadline=None,
            derandomize=True,
            suppress_health_check=[HealthCheck.function_scoped_fixture],
        )
        @given(
            st.fixed_dictionaries(
                {},
                optional={
                    "keys": st.one_of(anything, st.lists(words, min_size=12, max_size=12)),
                    "lang": st.one_of(anything, names),
                    "named": st.one_of(anything, st.lists(words, min_size=2, max_size=2)),
                },
            )
        )
        @example({"keys": ["__proto__", *WEB_FIGURES[1:]], "lang": "en", "named": ["a", "b"]})
        @example({"keys": list(WEB_FIGURES), "lang": "__proto__", "named": ["expert", "win7"]})
        def check(fields: dict[str, Any]) -> None:
            header = dict(made)
            for key in ("keys", "lang", "named"):
                header.pop(key)
            header.update(fields)
            worked.header = header
            said = browser.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "__replay.read(arguments[0]).then(done, (e) => done('error: ' + e));",
                worked.pack(),
            )
            assert said.startswith(("ok: ", "damaged: ")), (fields, said)
            if fields.get("named") in (["a", "b"], ["expert", "win7"]):  # (the examples)
                assert said.startswith("ok: "), (fields, said)

        check()
    finally:
        browsers.close()
