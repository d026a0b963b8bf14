"""The Voilà app's family table in chromium: two people and two computers play a hand to
its end at one screen. While one person is to play, the other's cards are never face up
in the page (read from the DOM), the pass screen stays until its owner taps, and while
the computers play their cards one by one, no hand is face up; the score table counts
the hand at its end, and only then offers it as a lesson: the download passes
`lingerlonger check` and plays the cards the people played.

Voilà is started like `make app` does, by the ``voila_app`` fixture of conftest.py.
"""

from __future__ import annotations

import re

import pytest
from conftest import (
    FAMILY_SETTLED,
    OTHER_VOICE,
    ROUND_TRIP_MS,
    VOILA_READY_MS,
    assert_hand_on_screen,
    eventually,
    open_app,
    plays_of,
    record,
    saved_lesson,
)

from lingerlonger.views.table_html import TEXT_STYLE
from lingerlonger.words.i18n import ui

pytestmark = pytest.mark.browser

#: Face-up cards in the seats' hands (the trick and the cut are drawn elsewhere). With
#: no trump, no card in a hand is public, so between two turns there is none at all.
FACE_UP = ".ll-stage .ll-seat .ll-hand .ll-card:not(.ll-back)"

#: Each time the page says a computer is thinking, count the face-up cards in the hands
#: (the table is drawn before the words change, so they are read together).
WATCH_THE_COMPUTERS = (
    """(table) => {
  const watched = window.llWatched = {thinking: 0, leaks: []};
  let last = "";
  new MutationObserver(() => {
    const note = table.querySelector(".ll-turn-note:not(.ll-yours)");
    const text = note ? note.textContent : "";
    if (text && text !== last) {
      watched.thinking += 1;
      const up = table.querySelectorAll(%r).length;
      if (up) watched.leaks.push(`${text}: ${up} cards face up`);
    }
    last = text;
  }).observe(table, {subtree: true, childList: true, characterData: true});
}"""  # noqa: UP031 (the script's braces: a format string would double each)
    % FACE_UP
)


SETTLED = FAMILY_SETTLED  # conftest's


def changed(page, element, before: str) -> None:
    page.wait_for_function(
        "([element, before]) => element.innerHTML !== before",
        arg=[element.element_handle(), before],
        timeout=ROUND_TRIP_MS,
    )


def test_two_people_pass_the_device_and_never_see_each_others_cards(voila_app, browser_page, tmp_path):
    page, log = browser_page
    open_app(page, voila_app)
    page.get_by_role("tab", name="Family table").click()
    table = page.locator(".ll-family-table")
    table.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    people = [table.get_by_role("textbox", name=f"Seat {seat}").input_value() for seat in (1, 2)]
    table.get_by_label("no trump").check()
    table.get_by_label("Computer speed").select_option(label="quick")  # their cards one by one
    table.evaluate(WATCH_THE_COMPUTERS)
    table.get_by_role("button", name=re.compile("Start the match")).click()

    stage, end = table.locator(".ll-stage"), table.locator(".ll-end")
    reveal, cards = table.locator(".ll-reveal"), table.locator(".ll-card-row button:visible")
    saves = table.locator(".ll-save-lesson")
    passes, turns, mine, step = [], [], {name: [] for name in people}, -1
    for _ in range(300):
        page.wait_for_function(SETTLED, arg=[table.element_handle(), step], timeout=ROUND_TRIP_MS)
        assert table.locator(OTHER_VOICE).count() == 0  # the voice says the turn or the pass once
        if end.is_visible():
            break
        assert saves.count() == 0  # the hand in play is never offered
        if reveal.is_visible():  # the pass screen: nobody's cards
            name = re.search(r"I am (.+) — show my cards", reveal.inner_text()).group(1)
            assert name in people
            passes.append(name)
            assert table.locator(FACE_UP).count() == 0
            assert cards.count() == 0 and table.locator(".ll-yours").count() == 0
            assert table.locator(".ll-stage .ll-backs").count() >= 1  # backs and counts only
            before = stage.inner_html()
            reveal.click()
            changed(page, stage, before)
            continue
        viewer = table.locator(".ll-stage .ll-seat.ll-viewer")
        me = viewer.locator(".ll-name").inner_text()
        assert me in people and me in table.locator(".ll-yours").inner_text()
        assert passes and passes[-1] == me  # only the one who tapped sees their cards
        turns.append(me)
        assert viewer.locator(".ll-card:not(.ll-back)").count() > 0
        other = table.locator(".ll-stage .ll-seat:not(.ll-viewer)")
        assert other.locator(".ll-hand .ll-card:not(.ll-back)").count() == 0
        assert not reveal.is_visible()
        step = int(table.locator(".ll-yours").get_attribute("data-ll-step"))
        mine[me].append(cards.first.inner_text().replace(TEXT_STYLE, "").strip())
        cards.first.click()
    assert end.is_visible() and re.search(r"wins the hand", end.inner_text())
    assert set(turns) == set(people) and len(passes) >= 2
    watched = page.evaluate("() => window.llWatched")
    assert watched["thinking"] >= 2 and watched["leaks"] == []

    score = table.locator(".ll-score")
    won = [int(cell) for cell in score.locator("tfoot tr").first.locator("td").all_inner_texts()]
    assert sorted(won) == [0, 0, 0, 1]
    assert score.locator("tbody tr").count() == 1
    assert table.locator(".ll-stage .ll-backs").count() == 0  # the whole table, at the end

    # the hand over is offered as a lesson: the cards each person played, checked
    lesson, _ = saved_lesson(page, saves, tmp_path, label="Hand 1", hand=1)
    for name in people:
        assert plays_of(lesson, "_".join(name.split())) == mine[name]
    assert lesson.result.winner in "_".join(end.inner_text().split())

    table.get_by_role("button", name=re.compile("Next hand")).click()
    score.locator("tbody tr.ll-score-now").wait_for(timeout=ROUND_TRIP_MS)
    assert score.locator("tbody tr").count() == 2
    reveal.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    assert table.locator(FACE_UP).count() == 0
    assert saves.all_inner_texts() == ["Hand 1"]  # hand 2 is in play: no link for it

    page.wait_for_load_state("networkidle")
    log.assert_clean()


# --- one tap never ends a match; the hand comes on screen (issue 22, point 7) -------------------


def start_and_show_cards(page, url: str, lang: str):
    """The app in ``lang``, the family table's match started (two people, two computers) and
    the first person's "It's me, show my cards" tapped; the table, once the hand is drawn."""
    page.goto(f"{url}?lang={lang}", wait_until="load", timeout=VOILA_READY_MS)
    page.get_by_role("tab", name=ui("tab-table", lang)).click()
    table = page.locator(".ll-family-table")
    table.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    table.get_by_role("button", name=re.compile(re.escape(ui("start-match", lang)))).click()
    reveal = table.locator(".ll-reveal")
    reveal.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    # the pass screen at the top of the screen, as its reader sees it, then the tap
    table.locator(".ll-pass").evaluate("box => box.scrollIntoView({block: 'start'})")
    reveal.click()
    table.locator(".ll-yours").wait_for(timeout=ROUND_TRIP_MS)
    return table


def test_new_match_asks_first_and_cancel_keeps_the_match_in_russian(voila_app, browser_page, tmp_path):
    page, log = browser_page
    page.set_viewport_size({"width": 1280, "height": 720})
    table = start_and_show_cards(page, voila_app, "ru")
    assert_hand_on_screen(page, table, "1280×720")
    page.screenshot(path=str(tmp_path / "family-ru-1280.png"))

    # "New match" is under the score, away from the cards
    again = table.get_by_role("button", name=re.compile(re.escape(ui("new-match", "ru"))))
    score_bottom = table.locator(".ll-score").evaluate("e => e.getBoundingClientRect().bottom")
    assert again.evaluate("e => e.getBoundingClientRect().top") > score_bottom
    step = table.locator(".ll-yours").get_attribute("data-ll-step")

    question = table.get_by_text(ui("confirm-new-match", "ru"))
    again.click()
    question.wait_for(timeout=ROUND_TRIP_MS)
    page.wait_for_function("() => document.activeElement.textContent.trim() === 'Отмена'", timeout=ROUND_TRIP_MS)
    page.keyboard.press("Enter")  # Cancel, from the keyboard
    question.wait_for(state="hidden", timeout=ROUND_TRIP_MS)
    page.wait_for_timeout(500)
    assert table.locator(".ll-yours").get_attribute("data-ll-step") == step  # the match goes on
    assert table.locator(".ll-card-row button:visible").count() > 0
    assert not table.get_by_role("button", name=re.compile(re.escape(ui("start-match", "ru")))).is_visible()

    again.click()
    question.wait_for(timeout=ROUND_TRIP_MS)
    page.wait_for_function("() => document.activeElement.textContent.trim() === 'Отмена'", timeout=ROUND_TRIP_MS)
    page.keyboard.press("Shift+Tab")  # to "Yes"
    assert page.evaluate("() => document.activeElement.textContent.trim()") == "Да"
    page.keyboard.press("Enter")
    table.get_by_role("button", name=re.compile(re.escape(ui("start-match", "ru")))).wait_for(timeout=ROUND_TRIP_MS)
    assert not table.locator(".ll-stage").is_visible()
    log.assert_clean()


def test_its_me_brings_the_hand_and_its_buttons_on_a_phone_screen(voila_app, chromium, tmp_path):
    for width, height, lang in ((360, 740, "ru"), (390, 844, "pt")):
        context = chromium.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True)
        page = context.new_page()
        log = record(page)
        try:
            table = start_and_show_cards(page, voila_app, lang)
            assert_hand_on_screen(page, table, f"{width}×{height} {lang}")
            page.screenshot(path=str(tmp_path / f"family-{lang}-{width}.png"))
            # a card played: the next person's pass screen is on screen as well
            first = table.locator(".ll-reveal").inner_text()
            table.locator(".ll-card-row button:visible").first.click()
            table.locator(".ll-reveal").filter(has_not_text=first).wait_for(timeout=ROUND_TRIP_MS)

            def pass_screen_on_screen(table=table, width=width, height=height, lang=lang):
                box = table.locator(".ll-pass").evaluate(
                    "e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; }"
                )
                assert box[0] >= 0 and box[1] <= box[2], f"{width}×{height} {lang}: the pass screen is off screen {box}"

            eventually(page, pass_screen_on_screen)
            log.assert_clean()
        finally:
            context.close()
