"""The book with the keyboard alone and the table's voice (`make book` first): a whole hand
against the computer played with Tab and Enter, its [data-ll-announce] transcript naming
every card played, in order; each command key answered in the live region, only while the
table has the focus, and not once turned off (WCAG 2.1.4)."""

from __future__ import annotations

import re

import pytest
from conftest import (
    LEGAL_CARD,
    LIVE_BOOT_MS,
    OTHER_VOICE,
    PLAY,
    heard_lines,
    in_words,
    live_page,
    press_on_table,
    serve,
    tab_to,
)
from conftest import LISTEN as PLAYER_LISTEN

pytestmark = pytest.mark.browser

CHAPTER = "book/06-last-card.html"
#: Everything the page's live regions say from now on (conftest's LISTEN, on the whole page).
LISTEN = f"() => ({PLAYER_LISTEN})(document.body)"


#: What a stage says last, as table-voice.js words it: whose turn it is, or who won the hand.
URGENT = """stage => stage.querySelector('.ll-turn-note.ll-yours, .ll-end').textContent.replace(/\\s+/g, ' ').trim()"""


def heard(page, politeness: str | None = None) -> list[str]:
    return [text for kind, text in heard_lines(page) if politeness in (None, kind)]


def test_a_whole_hand_is_played_with_tab_and_enter_and_every_card_is_said_in_order(book_html, chromium, tmp_path):
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, CHAPTER)
        page.evaluate(LISTEN)
        tab_to(page, "[data-ll-action=live]")
        page.keyboard.press("Enter")
        page.wait_for_selector(".ll-replay[data-ll-live=ready]", timeout=LIVE_BOOT_MS)
        player = page.locator(".ll-replay[data-ll-live=ready]")
        assert page.evaluate("() => document.activeElement !== document.body"), "Try it live left the focus nowhere"
        tab_to(page, "[data-ll-action=new-hand]", most=20)
        page.keyboard.press("Enter")
        stage = player.locator(".ll-stage")
        shown, pressed = [], []  # the narration on screen after each answer; the cards pressed
        for _ in range(60):  # a hand has at most 52 cards
            page.wait_for_function(
                "stage => stage.querySelector('.ll-turn-note, .ll-end')", arg=stage.element_handle(), timeout=20_000
            )
            shown += [in_words(line) for line in stage.locator(".ll-narration li").all_inner_texts()]
            urgent = stage.evaluate(URGENT)  # your turn, or who won: after the plays, politely
            if shown and urgent.startswith(shown[-1]):  # the end's banner opens with who won: said once
                urgent = urgent.removeprefix(shown[-1]).strip()
            shown.append(urgent)
            assert stage.locator(OTHER_VOICE).count() == 0  # the voice says the turn once
            if stage.locator(".ll-end").count():
                break
            # the focus came back to the table by itself: a card, never <body>
            assert page.evaluate("s => s.contains(document.activeElement)", stage.element_handle())
            tab_to(page, f".ll-stage {LEGAL_CARD}", most=30)
            you = stage.locator(".ll-viewer .ll-name").inner_text()
            pressed.append(page.evaluate("() => document.activeElement.dataset.llCard"))
            press_on_table(page, stage)
        assert stage.locator(".ll-end").count() == 1, "the hand did not end"
        said = heard(page, "polite")
        # every line of the narration was said, in order, its cards in words, each turn after
        # the plays that led to it (an assertive one would make a screen reader drop them)
        assert said == shown
        assert len([line for line in said if " wins the hand" in line]) == 1  # who won, said once
        assert heard(page, "assertive") == []
        plays = [(play["name"], play["card"]) for play in map(PLAY.match, said) if play]
        cards = [card for _, card in plays]
        assert len(cards) == len(set(cards)) > len(pressed) > 0  # each card once; the computers' too
        # the cards pressed, in the order pressed, are the ones said as yours
        assert [card for name, card in plays if name == you] == [in_words(card) for card in pressed]
        assert said.count("Your turn: choose a card.") == len(pressed)
        page.screenshot(path=str(tmp_path / "keyboard-hand.png"))
        log.assert_clean()
        context.close()


#: Each command key, what it answers (its name in data-ll-keys) and how its English answer reads.
COMMAND_KEYS = {
    "h": ("hand", r"^\w+'s hand: ((spades|hearts|diamonds|clubs)(, trump)?: [\w ,]+; )*.+\.$"),
    "c": ("trick", r"^(On the table: \w+ played .+|No card on the table yet)\.$"),
    "t": ("trump", r"^(Trump: (spades|hearts|diamonds|clubs)|Trump is not named yet|This game has no trump)\.$"),
    "s": ("stock", r"^\d+ cards? in the stock\.$"),
    "p": ("scores", r"^\w+: \d+ tricks?, \d+ cards? won(; \w+(, out)?: \d+ tricks?, \d+ cards? won)+$"),
    "w": ("turn", r"^\w+ (to lead|to play|wins the trick|wins the hand)"),
    "l": ("last-trick", r"^(Last trick, won by \w+: .+|No trick has been won yet)\.$"),
}
REPLAY = "book/04-tricks.html"  # its first replay: a trick under way at step 2, one won later


def stepped_table(page, steps: int):
    """The first replay, its table focused with Tab, then stepped with the right arrow."""
    page.evaluate(LISTEN)
    player = page.locator(".ll-replay").first
    tab_to(page, ".ll-replay .ll-stage")
    for _ in range(steps):
        page.keyboard.press("ArrowRight")
    return player


def last_said(page):
    return (heard(page) or [""])[-1]


@pytest.mark.parametrize("key", sorted(COMMAND_KEYS))
def test_each_command_key_says_its_answer_while_the_table_has_the_focus(book_html, chromium, key):
    name, reads = COMMAND_KEYS[key]
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, REPLAY)
        player = stepped_table(page, 6)
        before = len(heard(page))
        page.keyboard.press(key)
        answer = player.locator(".ll-stage .ll-table").evaluate(f"table => JSON.parse(table.dataset.llKeys)[{name!r}]")
        assert heard(page)[before:] == [answer], f"{key} said {heard(page)[before:]}"
        assert re.search(reads, answer), answer
        page.keyboard.press(key.upper())  # Shift is no modifier here: H says the hand as h does
        assert last_said(page) == answer
        log.assert_clean()
        context.close()


def test_question_mark_lists_the_keys_and_stepping_says_the_narration(book_html, chromium):
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, REPLAY)
        player = stepped_table(page, 0)
        page.keyboard.press("?")
        assert last_said(page).startswith("Keys, while the table has focus: H the hand")
        for _ in range(8):  # to a step whose narration says something
            page.keyboard.press("ArrowRight")
            narration = player.locator(".ll-stage .ll-narration li").all_inner_texts()
            if narration:
                break
        said, lines = heard(page), [in_words(line) for line in narration]
        # the narration, in order, among what the step says (with its author's words and question)
        assert narration and any(said[at : at + len(lines)] == lines for at in range(len(said)))
        assert any(re.search(r"\b(queen|king|ace|jack|\d+) of \w+", line) for line in heard(page)), heard(page)
        assert page.evaluate("() => document.activeElement.classList.contains('ll-stage')")
        log.assert_clean()
        context.close()


def test_command_keys_act_only_on_the_table_and_can_be_turned_off_for_good(book_html, chromium):
    """WCAG 2.1.4: a single key acts only while the table has the focus, and a box turns
    them all off, kept across pages."""
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, REPLAY)
        player = stepped_table(page, 2)
        tab_to(page, ".ll-replay [data-go=next]", most=10)  # the step bar: not the table
        before = heard(page)
        page.keyboard.press("h")
        assert heard(page) == before
        player.locator("details.ll-classroom > summary").press("Enter")
        tab_to(page, ".ll-replay [data-ll-keys-on]", most=20)
        page.keyboard.press("Space")  # off
        assert not player.locator("[data-ll-keys-on]").is_checked()
        page.reload(wait_until="load")
        assert not page.locator(".ll-replay [data-ll-keys-on]").first.is_checked()  # the choice kept
        stepped_table(page, 2)
        before = heard(page)
        page.keyboard.press("h")
        page.keyboard.press("s")
        assert heard(page) == before
        log.assert_clean()
        context.close()
