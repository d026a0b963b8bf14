"""Issue 40, §§ 3, 5, 6 and 7 on the built Russian book (`make book` first): what a screen
reader hears (every replay step's teaching text; cards and suits in words, never by their
symbols; the Learn page's reasons and done exercises), where the focus goes after an action
(never to <body>), the keyboard and sight (the position editor's deck as one tab stop, the
checker's errors tied to its text box, focus rings, the system's dark mode) and a shared link
opened in the reader's language. Each page is one browser context, its states walked in it."""

from __future__ import annotations

import re

import pytest
from conftest import LIVE_BOOT_MS, heard_lines, live_page, serve, tab_to, wcag_violations
from conftest import LISTEN as PLAYER_LISTEN

from lingerlonger.words.i18n import translate
from lingerlonger.words.narration import aloud

pytestmark = pytest.mark.browser

#: Everything the page's live regions say from now on (conftest's LISTEN, on the whole page).
LISTEN = f"() => ({PLAYER_LISTEN})(document.body)"
SYMBOLS = re.compile(r"[♠♥♦♣]")
ON_BODY = "() => !document.activeElement || document.activeElement === document.body"


def heard(page) -> list[str]:
    return [text for _, text in heard_lines(page)]


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", aloud(text, "ru").lower()))


def test_every_replay_step_says_its_teaching_text_with_cards_in_words_and_show_the_answer_keeps_the_focus(
    book_html, chromium
):
    """Chapter 04 in Russian, stepped by the arrow keys: each step says its author's words and
    its question (not only the narration; two steps said nothing at all), no card or suit by its
    symbol ("выходит с Q♦"); "Show the answer" gives the focus to the answer, not to <body>."""
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, "ru/book/04-tricks.html", viewport={"width": 1280, "height": 720})
        page.evaluate(LISTEN)
        steps_with_words = 0
        for nth in range(page.locator(".ll-replay").count()):
            player = page.locator(".ll-replay").nth(nth)
            player.scroll_into_view_if_needed()
            player.locator(".ll-stage").wait_for(state="attached", timeout=20_000)
            player.locator(".ll-stage").focus()
            last = int(player.locator("input[type=range]").get_attribute("max"))
            for _ in range(last):
                before = len(heard(page))
                page.keyboard.press("ArrowRight")
                said = heard(page)[before:]
                teaching = player.locator(".ll-stage .ll-say, .ll-stage .ll-quiz > p").all_inner_texts()
                assert said, f"replay {nth}, step {player.locator('.ll-counter').inner_text()}: nothing said"
                for text in teaching:
                    steps_with_words += 1
                    missing = words(text) - words(" ".join(said))
                    assert not missing, f"{text!r} not said: {said}"
                reveal = player.locator(".ll-stage [data-ll-reveal]")
                if reveal.count() and reveal.first.is_visible():
                    reveal.first.focus()
                    page.keyboard.press("Enter")
                    assert not page.evaluate(ON_BODY), "Show the answer left the focus on <body>"
                    assert page.evaluate("() => document.activeElement.classList.contains('ll-answer')")
                    player.locator(".ll-stage").focus()
        assert steps_with_words >= 3
        said = heard(page)
        assert [line for line in said if SYMBOLS.search(line)] == []
        assert any(re.search(r"\b(туз|король|дама|валет|десятка|девятка|восьмёрка|семёрка)\b", line) for line in said)
        log.assert_clean()
        context.close()
