"""The Voilà app in chromium, as a new user meets it: step through the worked example,
try an illegal card, open a bad file, play a hand to its end and review it; nothing leaves the machine.

Voilà is started like `make app` does, by the ``voila_app`` fixture of
conftest.py, on a free loopback port.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROUND_TRIP_MS, click_and_wait, counter, open_worked_example, play_app_hand

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
BAD_FILE = REPO / "tests" / "bad" / "seven-players.yaml"
BAD_WHERE = "seven-players.yaml:5:10"  # its "# expect:" comment


def said(page, words: str, kind: str | None = None) -> None:
    """Wait until the app's message voice (ll-app.js) has said ``words`` (in the ``kind`` region)."""
    regions = f"[data-ll-message-voice={kind}]" if kind else "[data-ll-message-voice]"
    page.wait_for_function(
        "([regions, words]) => [...document.querySelectorAll(regions)].some(r => r.textContent.includes(words))",
        arg=[regions, words],
        timeout=ROUND_TRIP_MS,
    )


def test_step_through_the_worked_example_try_a_card_and_open_a_bad_file(voila_app, browser_page):
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
    refused = "B must follow ♣: holds 3♣, so cannot play Q♠"
    player.get_by_text(refused).wait_for(timeout=ROUND_TRIP_MS)
    said(page, refused)  # the message line is drawn anew: its words are said by the page's regions

    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name=re.compile("Open a scenario file")).click()
    chooser.value.set_files(str(BAD_FILE))
    page.locator(".ll-app").get_by_text(BAD_WHERE, exact=False).wait_for(timeout=ROUND_TRIP_MS)
    said(page, BAD_WHERE, "assertive")  # an error, at once

    page.wait_for_load_state("networkidle")
    log.assert_clean()


def test_play_a_hand_to_its_end(voila_app, browser_page):
    page, log = browser_page
    hand, _ = play_app_hand(page, voila_app)
    end = hand.locator(".ll-end")
    assert re.search(r"wins? the hand", end.inner_text())

    # "Review": a button named in words, with the hook ll-app.js gives it from its class
    review = hand.get_by_role("button", name="Review", exact=True)
    assert review.get_attribute("data-ll-action") == "review"
    review.click()
    panel = hand.locator("[data-ll-review]")
    panel.wait_for(timeout=ROUND_TRIP_MS + 2000)  # the review's own 2 s at most
    # One "Practise this" per moment: buttons of their own, drawn beside the panel (and given
    # their hook a frame later), so they are waited for, not counted at once.
    moments = panel.locator("[data-ll-moment]").count()
    page.wait_for_function(
        "([hand, count]) => hand.querySelectorAll('[data-ll-action=\"review-practise\"]').length === count",
        arg=[hand.element_handle(), moments],
        timeout=ROUND_TRIP_MS,
    )
    # "Show this moment" (with the keyboard): the hand opens at that moment in the Scenario tab,
    # as the reviewed seat saw it, and the focus goes to the what-if's first card. The panel's
    # own button, which only a script of the book's answers, is left out here.
    assert moments > 0 and panel.locator("[data-ll-action=review-open]").count() == 0
    shows = hand.locator('[data-ll-action="review-show"]')
    assert shows.count() == moments
    moment = panel.locator("[data-ll-moment]").last
    step, legal = int(moment.get_attribute("data-ll-step")), moment.locator("tbody tr").count()
    shows.last.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.closest('.ll-browser .ll-what-if')", timeout=ROUND_TRIP_MS)
    assert page.get_by_role("tab", selected=True).inner_text() == "Step through a scenario"
    browser = page.locator(".ll-browser")
    assert re.fullmatch(rf"step {step} of \d+", browser.locator(".ll-counter").inner_text())
    assert browser.locator(".ll-stage .ll-viewer .ll-name").inner_text() in panel.locator("h3").first.inner_text()
    # every card of the seat's hand may be tried there, the ones the review weighed among them
    tried = browser.locator(".ll-what-if button:visible").count()
    assert tried == browser.locator(".ll-stage .ll-viewer .ll-hand .ll-card").count() and tried >= legal > 0
    page.wait_for_function(  # and where it went is said
        "() => document.querySelector('[data-ll-message-voice=polite]').textContent.includes('at the moment')",
        timeout=ROUND_TRIP_MS,
    )

    page.get_by_role("tab", name="Play a hand").click()
    hand.get_by_role("button", name="New hand").click()
    end.wait_for(state="hidden", timeout=ROUND_TRIP_MS)

    page.wait_for_load_state("networkidle")
    log.assert_clean()
