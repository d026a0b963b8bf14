"""The app's play tab with the keyboard alone (issue 27): the tab reached, a new hand dealt and
played to its end with Tab and Enter, and the hand's live region, [data-ll-announce], naming
every card played, in order, in words, as the book's table does (test_keyboard.py)."""

from __future__ import annotations

import pytest
from conftest import (
    FOCUSED,
    LISTEN,
    OTHER_VOICE,
    PLAY,
    ROUND_TRIP_MS,
    heard_lines,
    in_words,
    new_hand_in_play_tab,
    next_turn,
    open_app,
    open_tab,
    tab_to,
    wait_until_still,
)

from lingerlonger.views.table_html import TEXT_STYLE

pytestmark = pytest.mark.browser

#: Is the focus on a card button before the row's last one shown?
LAST_CARD_NOT_FOCUSED = """() => { const shown = [...document.querySelectorAll('.ll-hand-player .ll-card-row button')]
  .filter(button => button.offsetParent); return shown.indexOf(document.activeElement) < shown.length - 1; }"""


def test_the_play_tab_plays_a_whole_hand_with_tab_and_enter_and_says_every_card_in_order(browser_page, voila_app):
    page, log = browser_page
    open_app(page, voila_app)
    open_tab(page, "Play a hand")  # the tabs' own keys: arrows move along them, Enter opens one
    hand = page.locator(".ll-hand-player")
    hand.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    hand.evaluate(LISTEN)
    # the computers at once: their speed picked from its menu with the keyboard
    tab_to(page, ".ll-hand-player select")
    page.keyboard.press("i")  # typed, the menu picks "instant"
    assert hand.get_by_label("Computer speed").input_value() == "instant"
    tab_to(page, ".ll-hand-player .ll-deal")
    new_hand_in_play_tab(hand, lambda: page.keyboard.press("Enter"))
    pressed: list[str] = []
    step: int | None = -1
    for _ in range(60):  # a hand has at most 52 cards
        step = next_turn(hand, step)
        wait_until_still(page)  # a button shown again is relabelled on a later frame than the note
        assert hand.locator(OTHER_VOICE).count() == 0  # the voice says the turn once
        if step is None:
            break
        you = hand.locator(".ll-stage .ll-viewer .ll-name").inner_text()
        # the focus stayed in the hand once a card was played: never <body>
        assert hand.evaluate("hand => hand.contains(document.activeElement)"), page.evaluate(FOCUSED)
        tab_to(page, ".ll-hand-player .ll-card-row button", most=30)
        while page.evaluate(LAST_CARD_NOT_FOCUSED):  # the hand's last card: its button is hidden once played
            page.keyboard.press("Tab")
        ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineWidth")
        assert float(ring.removesuffix("px")) >= 2, f"the focused card's ring is {ring}: hardly seen"
        pressed.append(page.evaluate("() => document.activeElement.textContent").replace(TEXT_STYLE, "").strip())
        page.keyboard.press("Enter")
    assert hand.locator(".ll-end").count() == 1, "the hand did not end"
    said = [text for kind, text in heard_lines(page) if kind == "polite"]
    assert len([line for line in said if " wins the hand" in line]) == 1, said[-3:]  # who won, said once
    plays = [(play["name"], play["card"]) for play in map(PLAY.match, said) if play]
    cards = [card for _, card in plays]
    assert len(cards) == len(set(cards)) > len(pressed) > 0  # each card once; the computers' too
    assert [card for name, card in plays if name == you] == [in_words(card) for card in pressed]
    # whose turn it is, said after the plays that led to it, politely (an assertive line would
    # make a screen reader drop the plays it has not said yet)
    turns = [kind for kind, text in heard_lines(page) if text.startswith("Your turn")]
    assert turns and set(turns) == {"polite"}, turns
    log.assert_clean()
