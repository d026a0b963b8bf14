"""The Voilà app's position editor in chromium, on a phone: three players, cards tapped into two hands
and the stock, a problem said and put right, the position saved (the download passes
`lingerlonger check` and holds the hands tapped), then played on from: a card tried, the
hand played to its end, a step back, the branch saved, and back to the setup as it was.

Voilà is started like `make app` does, by the ``voila_app`` fixture of conftest.py.
"""

from __future__ import annotations

import re

import pytest
from conftest import ROUND_TRIP_MS, counter, open_app, plays_of, saved_lesson

from lingerlonger.game.cards import parse_card

pytestmark = pytest.mark.browser

HANDS = {"A": "A♥ K♣ 7♦", "B": "2♥ 5♣"}
STOCK = "Q♠ J♠"
ONE_TOO_MANY = "9♦"
PHONE = {"width": 360, "height": 740}


def deck_card(editor, card: str, placed: bool | None = None):
    """The deck's button for ``card`` (its label ends in a text-style selector); only while
    it is placed (True) or in the deck (False), if asked."""
    state = {None: "", True: ".ll-placed", False: ":not(.ll-placed)"}[placed]
    return editor.locator(f".ll-deck-card{state}").filter(has_text=re.compile(rf"^{re.escape(card)}\ufe0e?$"))


def place_box(editor, name: str):
    """The drawn hand (or the stock) whose name starts with ``name``."""
    return editor.locator(".ll-place").filter(
        has=editor.page.locator(".ll-place-name", has_text=re.compile("^" + re.escape(name)))
    )


def tap(editor, place: str, cards: str) -> None:
    """Aim at ``place`` (a seat's name, or Stock), then tap each card, waiting for the kernel
    to mark it placed."""
    editor.locator(".ll-target-menu").get_by_role("button", name=place, exact=True).click()
    editor.locator(".ll-place.ll-target").filter(
        has=editor.page.locator(".ll-place-name", has_text=re.compile("^" + re.escape(place)))
    ).wait_for(timeout=ROUND_TRIP_MS)
    for card in cards.split():
        deck_card(editor, card, placed=False).click()
        deck_card(editor, card, placed=True).wait_for(timeout=ROUND_TRIP_MS)


#: How many of the deck's cards the Tab key stops at.
STOPS = "() => [...document.querySelectorAll('.ll-app .ll-deck-card')].filter(card => card.tabIndex >= 0).length"
#: The text of the focused element, and the deck's Tab stops.
FOCUS_AND_STOPS = f"() => [document.activeElement.textContent.replace(/\\ufe0e/g, ''), ({STOPS})()]"


def deck_is_one_tab_stop_walked_by_the_arrows(page) -> None:
    """As on the book's editor: 52 Tab stops took 76 Tabs to deal 16 cards (issue 40)."""
    page.wait_for_function(f"() => ({STOPS})() === 1")
    page.locator(".ll-app .ll-deck-card[tabindex='0']").focus()
    assert page.evaluate(FOCUS_AND_STOPS) == ["2♠", 1]  # the deck's first card: spades, from the two
    said = []
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "End", "Home"):
        page.keyboard.press(key)
        said.append(page.evaluate(FOCUS_AND_STOPS))
    assert said == [["3♠", 1], ["3♥", 1], ["2♥", 1], ["2♠", 1], ["A♣", 1], ["2♠", 1]]


def test_build_a_position_by_tapping_cards_save_it_and_play_on(voila_app, browser_page, tmp_path):
    page, log = browser_page
    page.set_viewport_size(PHONE)
    open_app(page, voila_app)
    labels = page.locator(".ll-app .lm-TabBar-tabLabel")
    assert labels.count() == 5 and labels.evaluate_all(  # on a phone, every tab's whole title
        "labels => labels.every(label => label.scrollWidth <= label.clientWidth)"
    )
    page.get_by_role("tab", name="Set up a position").click()
    editor = page.locator(".ll-position-editor")
    editor.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    deck_is_one_tab_stop_walked_by_the_arrows(page)
    editor.get_by_role("button", name="3", exact=True).click()
    place_box(editor, "D").wait_for(state="detached", timeout=ROUND_TRIP_MS)  # four seats, then three
    assert editor.locator(".ll-target-menu button").count() == 4  # A, B, C and the stock

    problems, play = editor.locator(".ll-problems"), editor.get_by_role("button", name=re.compile("Play from here"))
    tap(editor, "A", HANDS["A"] + " " + ONE_TOO_MANY)
    problems.get_by_text("at least two players must hold cards").wait_for(timeout=ROUND_TRIP_MS)
    tap(editor, "B", HANDS["B"])
    tap(editor, "Stock", STOCK)
    problems.get_by_text("A holds 4 cards, more than the 3 each player is dealt").wait_for(timeout=ROUND_TRIP_MS)
    assert play.is_disabled() and editor.locator(".ll-save-lesson").count() == 0
    assert "4/3" in place_box(editor, "A").inner_text()

    deck_card(editor, ONE_TOO_MANY, placed=True).click()  # a second tap takes it back
    editor.get_by_text("Ready: press “Play from here”").wait_for(timeout=ROUND_TRIP_MS)
    assert problems.count() == 0 and play.is_enabled()
    assert "(45)" in editor.locator(".ll-deck-label").inner_text()

    lesson, _ = saved_lesson(page, editor.locator(".ll-save-lesson"), tmp_path, label="Save position", kind="position")
    assert {seat: " ".join(map(str, cards)) for seat, cards in lesson.hands.items() if cards} == HANDS
    assert " ".join(map(str, lesson.stock)) == STOCK and lesson.leader == "A" and not lesson.steps

    play.click()
    player = editor.locator(".ll-player").filter(has=page.locator(".ll-replay-title"))
    player.get_by_role("heading", name=re.compile("A position set up on")).wait_for(timeout=ROUND_TRIP_MS)
    tried = player.locator(".ll-what-if .ll-card-row button:visible")
    tried.nth(len(HANDS["A"].split()) - 1).wait_for(timeout=ROUND_TRIP_MS)
    labels = [text.replace("\ufe0e", "").strip() for text in tried.all_inner_texts()]
    assert sorted(labels) == sorted(HANDS["A"].split())
    card = labels[0]
    tried.first.click()
    banner = player.locator(".ll-banner")
    banner.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    assert counter(player) == 1
    player.get_by_role("button", name=re.compile(r"^\W*Last$")).click()
    player.locator(".ll-counter", has_text=re.compile(r"^\D*(\d+)\D+\1\s*$")).wait_for(timeout=ROUND_TRIP_MS)
    last = counter(player)
    player.get_by_role("button", name=re.compile(r"^\W*Back$")).click()
    player.locator(".ll-counter", has_text=re.compile(rf"^\D*{last - 1}\D")).wait_for(timeout=ROUND_TRIP_MS)

    branch, _ = saved_lesson(page, banner.locator(".ll-save-lesson"), tmp_path)
    assert plays_of(branch, "A")[0] == card and branch.result is not None
    assert branch.hands["A"] == tuple(map(parse_card, HANDS["A"].split()))

    editor.get_by_role("button", name=re.compile("Back to the setup")).click()
    editor.locator(".ll-places").wait_for(state="visible", timeout=ROUND_TRIP_MS)
    assert "3/3" in place_box(editor, "A").inner_text()

    page.wait_for_load_state("networkidle")
    log.assert_clean()
