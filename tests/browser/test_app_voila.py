"""The Voilà app in chromium, as a new user meets it: step through the worked example,
try an illegal card, open a bad file, play a hand to its end; nothing leaves the machine.

Voilà is started like `make app` does, by the ``voila_app`` fixture of
conftest.py, on a free loopback port.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import VOILA_READY_MS
from lingerlonger.scenario import load

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
WORKED_TITLE = load(REPO / "scenarios" / "06-last-card-saves.yaml")[0].title
BAD_FILE = REPO / "tests" / "bad" / "seven-players.yaml"
BAD_WHERE = "seven-players.yaml:5:10"        # its "# expect:" comment
ROUND_TRIP_MS = 15_000


def open_app(page, url: str) -> None:
    page.goto(url, wait_until="load", timeout=VOILA_READY_MS)
    page.get_by_role("button", name="Next").first.wait_for(state="visible", timeout=VOILA_READY_MS)


def open_worked_example(page, url: str):
    """Open the app, pick the worked example (rule 16); returns its player and stage."""
    open_app(page, url)
    return pick_worked_example(page)


def pick_worked_example(page):
    """Pick the worked example in the app's menu; returns its player and stage."""
    picker = page.get_by_label("Scenario")
    values = picker.locator("option").evaluate_all("options => options.map(o => o.value)")
    picker.select_option(value=next(value for value in values if WORKED_TITLE in value))
    player = page.locator(".ll-player").filter(has=page.get_by_role("heading", name=WORKED_TITLE))
    player.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    # the title follows the reader's language: from now on, the scenario tab's one player
    player = page.locator(".ll-browser .ll-player").first
    return player, player.locator(".ll-stage")


def counter(player) -> int:
    """The step shown, read from "step 3 of 7" in whatever language the player speaks."""
    return int(re.search(r"(\d+)\D+\d+", player.locator(".ll-counter").inner_text()).group(1))


def click_and_wait(player, name: str, expected_step: int) -> None:
    # The accessible name is the Font Awesome glyph (a private-use character) then the word.
    player.get_by_role("button", name=re.compile(rf"^\W*{name}$")).click()
    player.locator(".ll-counter", has_text=re.compile(rf"^\D*{expected_step}\D+\d+\s*$")).wait_for(
        timeout=ROUND_TRIP_MS)


def test_step_through_the_worked_example_try_a_card_and_open_a_bad_file(
        voila_app, browser_page):
    page, log = browser_page
    player, stage = open_worked_example(page, voila_app)

    at = counter(player)
    while "C wins the trick" not in stage.inner_text():
        click_and_wait(player, "Next", at + 1)
        at += 1
    assert "C draws 9♦" in stage.inner_text()

    click_and_wait(player, "Back", at - 1)
    assert "C draws 9♦" not in stage.inner_text()

    click_and_wait(player, "First", 0)
    while "What if B played" not in player.inner_text():
        at = counter(player)
        click_and_wait(player, "Next", at + 1)
    player.get_by_role("button", name=re.compile("^Q♠")).click()
    player.get_by_text("B must follow ♣: holds 3♣, so cannot play Q♠").wait_for(timeout=ROUND_TRIP_MS)

    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name=re.compile("Open a scenario file")).click()
    chooser.value.set_files(str(BAD_FILE))
    page.get_by_text(BAD_WHERE, exact=False).wait_for(timeout=ROUND_TRIP_MS)

    page.wait_for_load_state("networkidle")
    log.assert_clean()


def test_play_a_hand_to_its_end(voila_app, browser_page):
    page, log = browser_page
    open_app(page, voila_app)
    page.get_by_role("tab", name="Play a hand").click()
    hand = page.locator(".ll-hand-player")
    hand.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    hand.get_by_label("Computer speed").select_option(label="instant")

    stage, cards = hand.locator(".ll-stage"), hand.locator(".ll-card-row button:visible")
    end = hand.locator(".ll-end")
    for _ in range(300):
        hand.locator(".ll-yours, .ll-end").first.wait_for(timeout=ROUND_TRIP_MS)
        if end.is_visible():
            break
        before = stage.inner_html()
        cards.first.click()
        page.wait_for_function("([element, before]) => element.innerHTML !== before",
                               arg=[stage.element_handle(), before], timeout=ROUND_TRIP_MS)
    assert re.search(r"wins? the hand", end.inner_text())

    hand.get_by_role("button", name="New hand").click()
    end.wait_for(state="hidden", timeout=ROUND_TRIP_MS)

    page.wait_for_load_state("networkidle")
    log.assert_clean()
