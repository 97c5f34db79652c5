"""The web replay page's controls stay where they are when Play becomes Pause (and
back): the button is as wide as the wider of its two words in the page's language
(docs/WEB.md). Headless chromium (tests/web_browser.py), in English, where "Pause" is
the wider, and in Polish, where "Odtwórz" (play) is."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_window_replay import write_replay
from web_browser import chrome, load

from game.flows.web_page import page_of
from game.replay.files import open_replay

PLACES = (
    "return ['back', 'play', 'on', 'speed', 'clock', 'seek'].map((id) => {"
    " const box = document.getElementById(id).getBoundingClientRect();"
    " return [id, Math.round(box.left * 64), Math.round(box.top * 64),"
    " id === 'clock' ? 0 : Math.round(box.width * 64)]; })"
)
"""Each control's place and width (the clock's words grow as it runs), in 64ths of a
CSS pixel."""


@pytest.mark.parametrize("asks", ["en-US,en", "pl-PL,pl"])
def test_the_controls_stay_put_when_play_becomes_pause(tmp_path: Path, asks: str) -> None:
    opened = open_replay(write_replay(tmp_path))
    saved = tmp_path / "page.html"
    saved.write_text(page_of(opened.replay, opened.caption), encoding="utf-8")
    for browser in chrome(tmp_path / "profile", asks):
        assert load(browser, f"{saved.as_uri()}?t=0")["ready"]
        word = browser.execute_script("return document.getElementById('play').textContent")
        before = browser.execute_script(PLACES)
        browser.execute_script("document.getElementById('speed').value = '0.25'")
        browser.find_element("id", "play").click()
        turned = browser.execute_script("return document.getElementById('play').textContent")
        during = browser.execute_script(PLACES)
        browser.find_element("id", "play").click()
        after = browser.execute_script(PLACES)
    assert turned != word, (word, turned)  # (it did turn: Play, then Pause)
    assert during == before == after, (before, during, after)
