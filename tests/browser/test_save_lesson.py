"""Save as lesson and share by link, in a browser: the app's play tab and the book's live
mode give a file that ``lingerlonger check`` passes and that plays the hand played; a
shared link opens the same replay on the checker page; a corrupt one says so."""

from __future__ import annotations

import re

import pytest

from conftest import ROUND_TRIP_MS, open_app
from lingerlonger import cli
from lingerlonger.scenario import load

pytestmark = pytest.mark.browser

TEXT_STYLE = "\ufe0e"


def checked_download(download, tmp_path):
    """The downloaded lesson, saved under its name, checked as `lingerlonger check` does."""
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    assert re.fullmatch(r"hand-\d{4}-\d\d-\d\d\.yaml", path.name)
    assert cli.main(["check", str(path)]) == 0
    [lesson] = load(path)
    return lesson, path


def test_save_a_hand_played_in_the_app(voila_app, browser_page, tmp_path):
    page, log = browser_page
    open_app(page, voila_app)
    page.get_by_role("tab", name="Play a hand").click()
    hand = page.locator(".ll-hand-player")
    hand.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    hand.get_by_label("Computer speed").select_option(label="instant")

    row, cards = hand.locator(".ll-card-row"), hand.locator(".ll-card-row button:visible")
    end = hand.locator(".ll-end")
    mine = []
    for _ in range(300):
        hand.locator(".ll-yours, .ll-end").first.wait_for(timeout=ROUND_TRIP_MS)
        if end.is_visible():
            break
        before = row.inner_text()  # the card played leaves your cards: the row always changes
        mine.append(cards.first.inner_text().replace(TEXT_STYLE, "").strip())
        cards.first.click()
        page.wait_for_function("([element, before]) => element.innerText !== before",
                               arg=[row.element_handle(), before], timeout=ROUND_TRIP_MS)
    save = hand.locator(".ll-save-lesson")
    assert save.inner_text() == "Save as lesson"
    with page.expect_download() as downloaded:
        save.click()
    lesson, _ = checked_download(downloaded.value, tmp_path)

    you = lesson.players[0]
    assert [str(step.card) for step in lesson.steps if step.kind == "play" and step.seat == you] == mine
    assert lesson.result is not None and lesson.result.winner in end.inner_text().replace(" ", "_")
    assert sum(step.kind == "expect" for step in lesson.steps) >= 1
    log.assert_clean()
