"""Issue 40, §§ 3, 5, 6 and 7 on the built Russian book (`make book` first): what a screen
reader hears (every replay step's teaching text; cards and suits in words, never by their
symbols; the Learn page's reasons and done exercises), where the focus goes after an action
(never to <body>), the keyboard and sight (the position editor's deck as one tab stop, the
checker's errors tied to its text box, focus rings, the system's dark mode) and a shared link
opened in the reader's language. Each page is one browser context, its states walked in it."""

from __future__ import annotations

import re

import pytest
from conftest import FOCUSED, ROUND_TRIP_MS, VOILA_READY_MS, heard_lines, live_page, serve, tab_to, wait_until_still
from conftest import LISTEN as PLAYER_LISTEN

from lingerlonger.words.i18n import ui
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
        context, page, log = live_page(
            chromium, base, "ru/book/04-tricks.html", viewport={"width": 1280, "height": 720}
        )
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


# --- the app: its language from the browser, the family table by keyboard alone ----------------

#: The family table has drawn a screen: the pass screen, a person's turn past ``step``, or the end.
FAMILY_SETTLED = """([table, step]) => {
  const note = table.querySelector(".ll-end, .ll-yours");
  if (note) return Number(note.dataset.llStep) > step;
  const pass = table.querySelector(".ll-reveal");
  return Boolean(pass && pass.offsetParent && !table.querySelector(".ll-turn-note"));
}"""


def test_the_app_opens_in_the_browsers_russian_and_a_family_match_is_played_by_keyboard_with_focus_kept(
    voila_app, chromium
):
    """A Russian browser opens the app in Russian (no ?lang=). At the family table, Start,
    "It's me" and each card are pressed with Enter: after each, once the table is drawn again,
    the focus is on something of the table (never <body>), and what the table says names no
    card or suit by its symbol."""
    context = chromium.new_context(locale="ru-RU", viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(voila_app, wait_until="load", timeout=VOILA_READY_MS)
    tab = page.get_by_role("tab", name=ui("tab-table", "ru"))
    tab.wait_for(timeout=VOILA_READY_MS)
    assert page.get_by_role("tab", name=ui("tab-play", "ru")).count() == 1  # the app speaks Russian
    tab_to(page, "[role=tab]")
    for _ in range(10):  # the tabs' own keys: arrows move along them, Enter opens one
        if page.evaluate("(name) => document.activeElement.textContent.includes(name)", ui("tab-table", "ru")):
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    table = page.locator(".ll-family-table")
    table.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    page.evaluate(LISTEN)
    tab_to(page, ".ll-family-table select")
    while not page.evaluate(
        "() => document.activeElement.closest('.widget-dropdown')?.textContent.includes('" + ui("pace", "ru") + "')"
    ):
        page.keyboard.press("Tab")
    page.keyboard.type(ui("pace-instant", "ru")[0])  # typed, the menu picks "мгновенная"
    tab_to(page, ".ll-family-table button.ll-start, .ll-family-table .ll-start button, .ll-family-table button")
    while ui("start-match", "ru") not in page.evaluate("() => document.activeElement.textContent"):
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    step, presses = -1, 0
    for _ in range(200):
        page.wait_for_function(FAMILY_SETTLED, arg=[table.element_handle(), step], timeout=ROUND_TRIP_MS)
        wait_until_still(page)
        assert not page.evaluate(ON_BODY), f"after press {presses} the focus fell to <body>"
        assert table.evaluate("t => t.contains(document.activeElement)"), page.evaluate(FOCUSED)
        if table.locator(".ll-end").count():
            break
        if table.locator(".ll-reveal").is_visible():
            tab_to(page, ".ll-family-table .ll-reveal", most=40)
        else:
            step = int(table.locator(".ll-yours").get_attribute("data-ll-step"))
            tab_to(page, ".ll-family-table .ll-card-row button", most=40)
        page.keyboard.press("Enter")
        presses += 1
    assert table.locator(".ll-end").count() == 1 and presses >= 4
    said = heard(page)
    assert said and [line for line in said if SYMBOLS.search(line)] == []
    context.close()
