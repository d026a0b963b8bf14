"""Issue 40, §§ 3, 5, 6 and 7 on the built Russian book (`make book` first): what a screen
reader hears (every replay step's teaching text; cards and suits in words, never by their
symbols; the Learn page's reasons and done exercises), where the focus goes after an action
(never to <body>), the keyboard and sight (the position editor's deck as one tab stop, the
checker's errors tied to its text box, focus rings, the system's dark mode) and a shared link
opened in the reader's language. Each page is one browser context, its states walked in it."""

from __future__ import annotations

import re

import pytest
from conftest import (
    FAMILY_SETTLED,
    FOCUSED,
    LEGAL_CARD,
    LIVE_BOOT_MS,
    REPO,
    ROUND_TRIP_MS,
    VOILA_READY_MS,
    heard_lines,
    live_page,
    open_tab,
    press_on_table,
    serve,
    tab_to,
    wait_until_still,
    wcag_violations,
)
from conftest import LISTEN as PLAYER_LISTEN

from lingerlonger.words.i18n import translate, ui
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
            for _ in range(last + 1):  # one more at the last step: said again, not nothing
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
    open_tab(page, ui("tab-table", "ru"))
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
    assert wcag_violations(page, within=".ll-app") == []  # the match over, its score and its lesson
    said = heard(page)
    assert said and [line for line in said if SYMBOLS.search(line)] == []
    context.close()


# --- the book by keyboard alone, in Russian: a live hand and the coach, then the Learn page ------

#: The first card of a Learn exercise's answers the page judges wrong and right: (wrong, right).
ANSWERS = """task => {
  const data = JSON.parse(task.querySelector('script.ll-task-data').textContent).verdicts;
  const entries = Object.entries(data);
  return [entries.find(([, [ok]]) => !ok)?.[0] ?? null, entries.find(([, [ok]]) => ok)?.[0] ?? null];
}"""
ANSWER = "[data-ll-card], [data-ll-suit], [data-ll-seat], [data-ll-choice]"


def press_answer(page, task, answer: str) -> None:
    """Tab to the exercise's answer ``answer`` (by its hook's value) and press Enter."""
    hook = task.evaluate(
        "(task, answer) => [...task.querySelectorAll('.ll-answers button')].find(b => "
        "[b.dataset.llCard, b.dataset.llSuit, b.dataset.llSeat, b.dataset.llChoice].includes(answer))"
        " ?.getAttributeNames().find(n => /^data-ll-(card|suit|seat|choice)$/.test(n))",
        answer,
    )
    tab_to(page, f'[data-ll-task="{task.get_attribute("data-ll-task")}"] [{hook}="{answer}"]', most=120)
    page.keyboard.press("Enter")


def test_in_russian_a_live_hand_and_the_coach_then_three_exercises_by_keyboard_say_everything_in_words(
    book_html, chromium
):
    with serve(book_html) as base:
        context, page, log = live_page(
            chromium, base, "ru/book/06-last-card.html", viewport={"width": 1280, "height": 720}
        )
        page.evaluate(LISTEN)
        tab_to(page, "[data-ll-action=live]")
        page.keyboard.press("Enter")
        assert not page.evaluate(ON_BODY), "Try it live left the focus on <body> while the engine starts"
        page.wait_for_selector(".ll-replay[data-ll-live=ready]", timeout=LIVE_BOOT_MS)
        player = page.locator(".ll-replay[data-ll-live=ready]")
        assert not page.evaluate(ON_BODY)
        # the coach, by keyboard: its chances said as phrases, not run together ("J♥15%")
        tab_to(page, "[data-ll-action=coach]", most=30)
        page.keyboard.press("Enter")
        player.locator(".ll-live-out .ll-coach").wait_for(state="visible", timeout=30_000)
        coach = [line for line in heard(page) if "%" in line]
        assert coach and not re.search(r"[^\W\d]\d|[♠♥♦♣]", coach[-1]), coach  # "валет червей, 15 %"
        tab_to(page, "[data-ll-action=new-hand]", most=30)
        page.keyboard.press("Enter")
        page.wait_for_function(
            "el => el.classList.contains('ll-live-hand')", arg=player.element_handle(), timeout=LIVE_BOOT_MS
        )
        stage = player.locator(".ll-stage")
        for _ in range(60):
            page.wait_for_function(
                "stage => stage.querySelector('.ll-turn-note, .ll-end')", arg=stage.element_handle(), timeout=20_000
            )
            assert not page.evaluate(ON_BODY), "a card played left the focus on <body>"
            if stage.locator(".ll-end").count():
                break
            tab_to(page, f".ll-stage {LEGAL_CARD}", most=30)
            press_on_table(page, stage)
        assert stage.locator(".ll-end").count() == 1
        # (axe judges these states, a hand over and its coach's chances, light and dark: test_axe_every_state.py)
        page.emulate_media(color_scheme="dark")  # the reader chose nothing: the system's dark
        page.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
        page.emulate_media(color_scheme="light")
        said = heard(page)
        assert [line for line in said if SYMBOLS.search(line)] == []
        assert sum(bool(re.search(r"\b(выходит|даёт масть|козыряет|сбрасывает карту): ", line)) for line in said) >= 4
        log.assert_clean()

        # three exercises of the Learn page: a wrong answer says why, a done one is named done
        page.goto(base + "ru/book/learn.html", wait_until="load")
        live = page.locator("[data-ll-live]")
        done = 0
        for task_id in page.eval_on_selector_all(
            "[data-ll-task]:not([data-ll-review-of])", "tasks => tasks.map(t => t.dataset.llTask)"
        ):
            if done == 3:
                break
            page.locator(f'[data-ll-goto="{task_id}"]').focus()
            page.keyboard.press("Enter")
            task = page.locator(f'[data-ll-task="{task_id}"]')
            task.locator(".ll-answers").wait_for(state="visible", timeout=10_000)
            wrong, right = task.evaluate(ANSWERS)
            if wrong is None or right is None or task.get_attribute("data-ll-kind") == "seats":
                continue
            press_answer(page, task, wrong)
            task.and_(page.locator("[data-ll-verdict=wrong]")).wait_for(timeout=10_000)
            assert not page.evaluate(ON_BODY)
            page.wait_for_function("() => document.querySelector('[data-ll-live]').textContent.length > 0")
            reason = task.locator(
                ".ll-feedback-more .ll-say, .ll-feedback-more .ll-rule, .ll-feedback-more .ll-line > p"
            )
            assert reason.count(), f"{task_id}: a wrong answer with no reason on the page"
            told = live.inner_text()
            assert not words(reason.first.inner_text()) - words(told), (task_id, told)  # the reason, not "see below"
            page.keyboard.press("Enter")  # Retry, focused
            press_answer(page, task, right)
            task.and_(page.locator("[data-ll-verdict=right]")).wait_for(timeout=10_000)
            assert not page.evaluate(ON_BODY)
            link = page.locator(f'[data-ll-goto="{task_id}"]')
            name = link.get_attribute("aria-label")
            assert translate("learn.stars", "ru", count=2) in name, (
                name
            )  # done, and how well: not only "Упражнение 1 из 51"
            done += 1
        assert done == 3
        log.assert_clean()
        context.close()


# --- the position editor's deck, the checker's errors: keyboard and screen reader ---------------

TABS_THROUGH_DECK = (
    """() => [...document.querySelectorAll('[data-ll-deck-card]')].filter(card => card.tabIndex >= 0).length"""
)


def test_the_position_editors_deck_is_one_tab_stop_with_arrow_keys_and_placing_a_card_is_said_and_play_keeps_the_focus(
    book_html, chromium
):
    """Dealing 16 cards took 76 Tabs: the deck is one stop, the arrows move through it (along a
    suit, to the next suit), Enter places the card and the status says which card went where;
    "Play from here" leaves the focus on the table, not on <body>."""
    with serve(book_html) as base:
        context, page, log = live_page(
            chromium, base, "ru/book/set-up-a-position.html", viewport={"width": 1280, "height": 720}
        )
        editor = page.locator("[data-ll-position-editor]")
        assert page.evaluate(TABS_THROUGH_DECK) == 1
        tab_to(page, "[data-ll-deck-card]", most=60)
        first = page.evaluate("() => document.activeElement.dataset.llDeckCard")
        page.keyboard.press("Tab")  # out of the deck at once: one stop for 52 cards
        assert not page.evaluate("() => document.activeElement.matches('[data-ll-deck-card]')")
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("() => document.activeElement.dataset.llDeckCard") == first
        page.keyboard.press("ArrowRight")
        second = page.evaluate("() => document.activeElement.dataset.llDeckCard")
        assert second != first and second[-1] == first[-1]  # along the suit
        page.keyboard.press("ArrowDown")
        below = page.evaluate("() => document.activeElement.dataset.llDeckCard")
        assert below[-1] != first[-1]  # the next suit
        status = editor.locator(".ll-position-status")
        editor.locator("[data-ll-field=players]").select_option("3")
        editor.locator("[data-ll-place]").nth(3).wait_for(timeout=LIVE_BOOT_MS)
        for place in ("0", "0", "1", "stock", "stock"):  # two cards for A, one for B, two in the stock
            editor.locator(f"[data-ll-place='{place}']").click()
            editor.locator(f"[data-ll-place='{place}'][aria-pressed=true]").wait_for(timeout=20_000)
            tab_to(page, "[data-ll-deck-card]", most=60)  # back into the deck: its one stop
            page.keyboard.press("ArrowRight")
            card = page.evaluate("() => document.activeElement.dataset.llDeckCard")
            page.keyboard.press("Enter")
            editor.locator(f"[data-ll-placed-card='{card}']").wait_for(timeout=LIVE_BOOT_MS)
            name = editor.locator(f"[data-ll-placed-card='{card}'] [aria-label]").get_attribute("aria-label")
            page.wait_for_function(
                "([box, name]) => box.textContent.startsWith(name + ':')",
                arg=[status.element_handle(), name],
                timeout=20_000,
            )
            assert page.evaluate("() => document.activeElement.matches('[data-ll-deck-card]')")  # still in the deck
            assert page.evaluate(TABS_THROUGH_DECK) == 1
        play = editor.locator("[data-ll-action=position-play]")
        page.wait_for_function("button => !button.disabled", arg=play.element_handle(), timeout=20_000)
        play.focus()
        page.keyboard.press("Enter")
        editor.locator(".ll-position-out .ll-replay").wait_for(timeout=20_000)
        assert not page.evaluate(ON_BODY), "Play from here left the focus on <body>"
        page.wait_for_selector(".ll-position-out .ll-replay[data-ll-live=ready]", timeout=LIVE_BOOT_MS)
        assert not page.evaluate(ON_BODY)
        log.assert_clean()
        context.close()


def test_a_checker_error_is_tied_to_its_text_box(book_html, chromium):
    with serve(book_html) as base:
        context, page, log = live_page(
            chromium, base, "ru/book/check-a-scenario.html", viewport={"width": 1280, "height": 720}
        )
        box = page.locator("[data-ll-checker] textarea")
        box.fill("format: 1\ntitle: x\nrules: nonsense\n")
        problem = page.locator(".ll-editor-problem")
        problem.wait_for(state="visible", timeout=LIVE_BOOT_MS)
        assert box.get_attribute("aria-invalid") == "true"
        described = box.get_attribute("aria-describedby")
        assert described and page.locator(f"#{described}").inner_text() == problem.inner_text() != ""
        box.fill((REPO / "scenarios" / "03-follow-suit.yaml").read_text(encoding="utf-8"))
        page.locator("[data-ll-checker] .ll-checker-out .ll-replay").wait_for(timeout=LIVE_BOOT_MS)
        assert box.get_attribute("aria-invalid") is None and box.get_attribute("aria-describedby") is None
        log.assert_clean()
        context.close()


# --- sight: focus rings, the exercise shown, the system's dark mode -----------------------------

RING = """el => { const s = getComputedStyle(el);
  return [s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2, s.outlineStyle, s.outlineWidth, s.outlineColor,
          s.borderWidth, s.fontWeight, s.textDecorationLine].join('|'); }"""


def test_the_contents_toggle_shows_a_ring_the_current_exercise_another_and_the_system_dark_mode_is_followed(
    book_html, chromium
):
    with serve(book_html) as base:
        context = chromium.new_context(color_scheme="dark", viewport={"width": 1280, "height": 720})
        page = context.new_page()
        page.goto(base + "ru/book/learn.html", wait_until="load")
        # no choice of the reader's kept: the system's dark mode
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        tab_to(page, "[data-ll-nav]", most=300)
        assert page.locator("[data-ll-nav]").evaluate(RING).startswith("true|"), (
            "the Contents toggle shows no focus ring"
        )
        current = page.locator(".ll-unit-tasks a[aria-current]")
        shown = current.evaluate(RING)
        tab_to(page, ".ll-unit-tasks a:not([aria-current])", most=200)
        focused = page.evaluate(f"() => ({RING})(document.activeElement)")
        assert focused.startswith("true|") and shown.split("|")[1:4] != focused.split("|")[1:4], (shown, focused)
        assert wcag_violations(page) == []
        # the landing page in dark mode: "Your progress" readable (it was 1.33:1)
        page.goto(base + "ru/book/index.html", wait_until="load")
        page.locator("[data-ll-progress-panel]").wait_for(state="visible")
        assert wcag_violations(page) == []
        context.close()


# --- every control of a replay and of live mode: the focus never falls to <body> ---------------

#: Number every control of ``root`` that the keyboard reaches (data-ll-walk), in the page's order.
NUMBER_CONTROLS = """root => {
  root.querySelectorAll('[data-ll-walk]').forEach(el => delete el.dataset.llWalk);
  const all = [...root.querySelectorAll('button, input, select, summary, [tabindex="0"]')]  // a link leaves the page
    .filter(el => el.offsetParent && !el.disabled && el.tabIndex >= 0);
  all.forEach((el, nth) => el.dataset.llWalk = nth);
  return all.length;
}"""


def press_every_control(page, root: str, skip: str = "") -> list[str]:
    """Press each control of ``root`` with the key that works it (Enter; Space for a box; an
    arrow for a menu or a slider), one after the other; those after which the focus fell to
    <body>, as their outer HTML."""
    count = page.locator(root).evaluate(NUMBER_CONTROLS)
    fell = []
    for nth in range(count):
        kind = page.evaluate(
            """([root, nth, skip]) => {
              const el = document.querySelector(`${root} [data-ll-walk="${nth}"]`);
              if (!el || !el.offsetParent || el.disabled || (skip && el.matches(skip))) return null;
              el.focus();
              return el.type || el.tagName.toLowerCase();
            }""",
            [root, nth, skip],
        )
        if kind is None:  # gone with a redraw, hidden or disabled since
            continue
        control = page.locator(f'{root} [data-ll-walk="{nth}"]')
        page.keyboard.press(
            {"checkbox": "Space", "select-one": "ArrowDown", "range": "ArrowRight", "text": "End"}.get(kind, "Enter")
        )
        wait_until_still(page)
        if page.evaluate(ON_BODY):
            fell.append(control.evaluate("el => el.outerHTML.slice(0, 120)") if control.count() == 1 else f"#{nth}")
        if page.evaluate("() => document.documentElement.classList.contains('ll-presenting-page')"):
            page.keyboard.press("Escape")
    return fell


def test_every_control_of_a_replay_and_of_live_mode_keeps_the_focus_off_the_page(book_html, chromium):
    with serve(book_html) as base:
        context, page, log = live_page(
            chromium, base, "ru/book/04-tricks.html", viewport={"width": 1280, "height": 720}
        )
        player = page.locator(".ll-replay").nth(2)  # with a question: its answer behind a button
        player.scroll_into_view_if_needed()
        player.locator(".ll-stage").wait_for(state="attached", timeout=20_000)
        page.evaluate("el => el.id = el.id || 'll-walked'", player.element_handle())
        root = f"#{player.get_attribute('id')}"
        for _ in range(3):  # every step's controls: the first, one with the question, the last
            assert press_every_control(page, root, "[data-ll-action=live]") == []
            player.locator(".ll-stage").focus()
            page.keyboard.press("ArrowRight")
        player.locator("[data-ll-action=live]").focus()
        page.keyboard.press("Enter")
        assert not page.evaluate(ON_BODY)
        page.wait_for_selector(f"{root}[data-ll-live=ready]", timeout=LIVE_BOOT_MS)
        assert press_every_control(page, root, "[data-ll-action=review], [data-ll-action=share]") == []
        log.assert_clean()
        context.close()
