"""axe-core's WCAG 2.2 AA verdict on every kind of page and every state a reader brings it to
(issue 40), light and dark: zero violations, whatever their impact. Four sweeps: English and
Russian on a projector (1280×720), Portuguese and Spanish (the long words) on a phone (360×740).

One sweep, for speed: one browser context per language, its one tab going from page to page and
from state to state as a reader would, live mode started once per page. Each state is judged
in light, then in dark: the site's own dark switch in English and Spanish, the system's dark
setting in Russian and Portuguese (the site follows it while the reader has chosen nothing). A
page as it loads is judged in light by tests/browser/test_book_pages.py, every page in every
language: here, in dark. A page is judged whole as it loads; a state, in the page's article, where
it happens. The projector's sweeps add a classroom: the presenter view and the Projector option at
a question, its hint and answer shown, at 1280×720 and 1920×1080, every part of the question on
the screen; the phone's add 390×844: a replay's sticky step bar, the menu and the "on this page"
drawer open. Every problem of the sweep is gathered and reported at once, each with its page
and state; screenshots of the classroom and the phone's drawers go to pytest's tmp_path."""

from __future__ import annotations

import functools
import re
import time

import pytest
from conftest import (
    LEGAL_CARD,
    LIVE_BOOT_MS,
    WORKED,
    deal_new_hand,
    go_live,
    open_what_if,
    play_live_hand,
    quiz_replay,
    serve,
    wait_until_still,
    wcag_violations,
)

pytestmark = pytest.mark.browser

#: Pages judged as they load, in dark: every kind the book has.
PAGES = [
    "book/index.html",  # the landing page (index.html sends a reader there)
    "book/02-dealing.html",  # a chapter of replays
    "book/10-strategy.html",  # a chapter of figures and tables
    "book/11-gallery.html",
    "book/12-writing-scenarios.html",  # a chapter of code
    "book/13-teaching.html",  # the rules sheet
    "book/rules-reference.html",
    "book/scenario-format.html",
    "book/keyboard.html",
    "book/learn.html",
    "book/class.html",
    "book/check-a-scenario.html",
    "book/set-up-a-position.html",
    "404.html",  # one for every language, at the site's root
]
#: A word of the game searched for, its matches highlighted on the pages found (and on the next ones).
SEARCHED = {"en": "trump", "pt": "trunfo", "es": "triunfo", "ru": "козырь"}
#: The page's own content, where every state of it happens.
ARTICLE = "article.bd-article"
MODE = "() => document.documentElement.dataset.mode"
THEME = "() => document.documentElement.dataset.theme"


#: The screens swept: a projector's, and a phone's (a phone's other size, 390×844, where the
#: layout differs: the sticky step bar, the menus' drawers).
PROJECTOR, PHONE = {"width": 1280, "height": 720}, {"width": 360, "height": 740}
PHONE_390 = {"width": 390, "height": 844}
#: The languages whose dark is the theme's own switch, pressed (the others: the system's setting).
DARK_BY_SWITCH = {"en", "es"}


class Sweep:
    """One language's tab, and every violation it met: ``judge`` each state in light and dark."""

    def __init__(self, page, base: str, lang: str, shots=None):
        self.page, self.base, self.lang, self.shots = page, base, lang, shots
        self.prefix = "" if lang == "en" else lang + "/"
        self.problems: list[str] = []
        self.judged = 0

    def open(self, path: str) -> None:
        self.where = path if path == "404.html" else self.prefix + path
        self.page.goto(self.base + self.where, wait_until="load")

    def judge(self, state: str, within: str | None = ARTICLE, light: bool = True) -> None:
        """axe on the page as it is now, in light (unless ``light`` is False), then in dark;
        ``within``: the part a state changes (by default the article: the page's header, sidebar
        and footer are judged as each page loads)."""
        page = self.page
        for nth, theme in enumerate(("light", "dark") if light else ("dark",)):
            self.theme(theme)
            if not nth:  # the state's own movement; a theme changes colours alone (axe waits for their transitions)
                wait_until_still(page)
            self.problems += [f"{self.where} {state} ({theme}): {line}" for line in wcag_violations(page, within)]
            self.judged += 1
        self.theme("light")

    def shoot(self, state: str) -> None:
        """A screenshot of the state, for a look (in pytest's tmp_path)."""
        if self.shots is not None:
            name = re.sub(r"\W+", "-", f"{self.where}-{state}").strip("-")
            self.page.screenshot(path=str(self.shots / f"{name}.png"))

    def theme(self, theme: str) -> None:
        """Light: the system's light, the reader's choice "auto". Dark: in English and Spanish the
        theme's own switch, pressed until it says dark; in Russian and Portuguese the system's
        dark setting."""
        page = self.page
        themed = page.evaluate(MODE) is not None  # a page of the theme: not the 404 page
        if theme == "dark" and self.lang in DARK_BY_SWITCH and themed:
            switch = page.locator(".theme-switch-button:visible").first
            for _ in range(3):
                if page.evaluate(MODE) == "dark":
                    break
                switch.dispatch_event("click")  # under a presenter view too
        else:
            page.emulate_media(color_scheme=theme)
            if themed and page.evaluate(MODE) != "auto":
                switch = page.locator(".theme-switch-button:visible").first
                for _ in range(3):
                    if page.evaluate(MODE) == "auto":
                        break
                    switch.dispatch_event("click")  # under a presenter view too
        if themed:
            page.wait_for_function(f"t => ({THEME})() === t", arg=theme)


def replay_quiz(sweep: Sweep) -> None:
    """A static replay stepped to its question: the hint open, the answer shown."""
    sweep.open("book/04-tricks.html")
    page = sweep.page
    reveal = page.locator(".ll-replay .ll-stage [data-ll-reveal]")
    for nth in range(page.locator(".ll-replay").count()):
        player = page.locator(".ll-replay").nth(nth)
        player.scroll_into_view_if_needed()
        player.locator(".ll-stage").focus()
        for _ in range(int(player.locator("input[type=range]").get_attribute("max"))):
            if reveal.count():
                break
            page.keyboard.press("ArrowRight")
        if reveal.count():
            break
    sweep.judge("replay at a question")
    hint = player.locator(".ll-stage .ll-quiz summary")
    if hint.count():
        hint.first.click()
    player.locator(".ll-stage [data-ll-reveal]").click()
    sweep.judge("replay's hint and answer shown")


def live_quiz_and_what_if(sweep: Sweep) -> None:
    """Live mode on chapter 04: its question answered wrong then right; a what-if."""
    page = sweep.page
    player = go_live(page)
    for _ in range(20):
        if player.locator(".ll-stage .ll-live-quiz [data-ll-answer]").count():
            break
        player.locator("[data-go=next]").click()
        wait_until_still(page)
    answers = player.locator(".ll-stage .ll-live-quiz [data-ll-answer]")
    for nth in (answers.count() - 1, 0):
        answers.nth(nth).click()
        player.locator(".ll-stage .ll-quiz-feedback, .ll-stage .ll-quiz-right").first.wait_for(timeout=20_000)
        sweep.judge(f"live question, answer {nth + 1}")
        answers = player.locator(".ll-stage .ll-live-quiz [data-ll-answer]")
        if not answers.count():
            break
    sweep.open("book/06-last-card.html")
    player = go_live(page)
    open_what_if(player)
    sweep.judge("what-if")


def live_hand(sweep: Sweep) -> None:
    """A hand against the computer: a card played, the coach open, the end, the review and a moment."""
    page = sweep.page
    player = page.locator(".ll-replay[data-ll-live=ready]")
    deal_new_hand(player)
    player.locator(f".ll-stage {LEGAL_CARD}").first.wait_for(timeout=20_000)
    player.locator(f".ll-stage {LEGAL_CARD}").first.click()
    player.locator(f".ll-stage {LEGAL_CARD}, .ll-stage .ll-end").first.wait_for(timeout=20_000)
    sweep.judge("a card played")
    coach = player.locator("[data-ll-action=coach]")
    if coach.is_visible():
        coach.click()
        player.locator(".ll-live-out .ll-coach").wait_for(state="visible", timeout=30_000)
        sweep.judge("coach open")
    play_live_hand(player)
    player.locator("[data-ll-action=review]").click()
    moments = player.locator("[data-ll-review] [data-ll-moment]")
    moments.first.wait_for(timeout=LIVE_BOOT_MS)
    sweep.judge("review")
    moments.first.locator("[data-ll-action=review-open]").click()
    player.locator(f".ll-stage {LEGAL_CARD}").first.wait_for(state="visible", timeout=20_000)
    sweep.judge("a moment of the review shown")


def position_mid_deal(sweep: Sweep) -> None:
    sweep.open("book/set-up-a-position.html")
    page = sweep.page
    editor = page.locator(".ll-position-editor").first
    editor.locator("[data-ll-deck-card]").first.wait_for(timeout=LIVE_BOOT_MS)
    place = editor.locator("[data-ll-place]").first
    place.click()
    for card in ("A♠", "7♥", "Q♦"):
        editor.locator(f"[data-ll-deck-card='{card}']").click()
        editor.locator(f"[data-ll-placed-card='{card}']").wait_for(timeout=LIVE_BOOT_MS)
    sweep.judge("position editor mid-deal")


#: An exercise's first wrong and first right answer, and the attribute its buttons carry them in.
ANSWERS = """task => {
  const data = JSON.parse(task.querySelector('script.ll-task-data').textContent);
  const entries = Object.entries(data.verdicts);
  const hook = {card: 'data-ll-card', suit: 'data-ll-suit', seat: 'data-ll-seat', choice: 'data-ll-choice'}[data.kind];
  return [entries.find(([, [ok]]) => !ok)?.[0] ?? null, entries.find(([, [ok]]) => ok)?.[0] ?? null, hook ?? null];
}"""


def learn(sweep: Sweep) -> None:
    """An exercise of cards answered wrong, then right (its stars), the mastery table, practise-weak."""
    sweep.open("book/learn.html")
    page = sweep.page
    page.wait_for_selector("[data-ll-learn].ll-learn-js")
    for task_id in page.eval_on_selector_all(
        "[data-ll-task][data-ll-kind=card]", "ts => ts.map(t => t.dataset.llTask)"
    ):
        page.locator(f'[data-ll-goto="{task_id}"]').click()
        task = page.locator(f'[data-ll-task="{task_id}"]')
        task.locator(".ll-answers").wait_for(state="visible", timeout=10_000)
        wrong, right, hook = task.evaluate(ANSWERS)
        if wrong and right:  # a card that loses, and one that wins
            break
    task.locator(f'.ll-answers [{hook}="{wrong}"]').click()
    task.and_(page.locator("[data-ll-verdict=wrong]")).wait_for(timeout=10_000)
    sweep.judge("exercise answered wrong")
    task.locator("[data-ll-action=retry]").click()
    task.locator(f'.ll-answers [{hook}="{right}"]').click()
    task.and_(page.locator("[data-ll-verdict=right]")).wait_for(timeout=10_000)
    sweep.judge("exercise answered right, its stars")
    page.locator("[data-ll-mastery]").scroll_into_view_if_needed()
    page.locator("[data-ll-action=practise-weak]").click()
    sweep.judge("mastery table, practise my weak spots")


def checker_error(sweep: Sweep) -> None:
    sweep.open("book/check-a-scenario.html")
    page = sweep.page
    page.locator("[data-ll-checker] textarea").fill("title: [unclosed\n")
    page.locator(".ll-editor-problem").first.wait_for(state="visible", timeout=LIVE_BOOT_MS)
    sweep.judge("checker with an error")


def class_round(sweep: Sweep) -> None:
    """The Class page: an assignment made; a pupil answers and hands in; the teacher adds the result."""
    sweep.open("book/class.html")
    page = sweep.page
    boxes = page.locator("[data-ll-class] input[type=checkbox]")
    for nth in range(2):
        boxes.nth(nth).check()
    page.click("[data-ll-action=make-assignment]")
    link = page.locator("[data-ll-assignment-link]").get_attribute("href")
    sweep.judge("class: an assignment made")
    page.goto(link, wait_until="load")
    sweep.where = "learn (assignment)"
    page.wait_for_selector("[data-ll-class-student]:not([hidden])")
    task_id = page.locator("[data-ll-learn] [data-ll-task]").first.get_attribute("data-ll-task")
    page.click(f'[data-ll-goto="{task_id}"]')
    task = page.locator(f'[data-ll-task="{task_id}"]')
    task.locator(".ll-answers").wait_for(state="visible", timeout=10_000)
    _, right, hook = task.evaluate(ANSWERS)
    task.locator(f'.ll-answers [{hook}="{right}"]').click()
    page.fill("[data-ll-pupil-name]", "Ana")
    page.click("[data-ll-action=hand-in]")
    result = page.locator("[data-ll-result-link]")
    result.wait_for(state="visible")
    sweep.judge("pupil handed in")
    result_link = result.get_attribute("href")
    sweep.open("book/class.html")
    page.click("[data-ll-action=add-results]")
    page.fill("[data-ll-class-paste]", result_link)
    page.click("[data-ll-action=add-pasted]")
    page.wait_for_selector("[data-ll-class-row]")
    sweep.judge("class: a result added")


#: Every part of a question (its words, hint, answer buttons, answer) that lies off the screen or
#: under the step bar: "TAG «words» at top–bottom", with the bar's top and the screen.
OFF_SCREEN = """root => {
  const bar = root.querySelector('.ll-controls').getBoundingClientRect();
  return [...root.querySelectorAll('.ll-stage :is(.ll-quiz, .ll-live-quiz, .ll-answer) :is(p, summary, button)')]
    .filter(el => el.checkVisibility()).map(el => [el, el.getBoundingClientRect()])
    .filter(([, r]) => r.top < 0 || r.bottom > bar.top + 1 || r.left < 0 || r.right > innerWidth + 1)
    .map(([el, r]) => `${el.tagName} «${el.textContent.trim().slice(0, 40)}» at ${Math.round(r.top)}–`
      + `${Math.round(r.bottom)}, ${Math.round(r.left)}–${Math.round(r.right)} px (the bar at `
      + `${Math.round(bar.top)}, the screen ${innerWidth}×${innerHeight})`);
}"""
#: A classroom's large screen (its projector's is PROJECTOR).
LARGE = {"width": 1920, "height": 1080}


def off_screen(sweep: Sweep, player, state: str) -> None:
    """Every part of the player's question off the screen or under its step bar, as a problem."""
    wait_until_still(sweep.page)
    sweep.problems += [f"{sweep.where} {state}: off the screen: {part}" for part in player.evaluate(OFF_SCREEN)]


def classroom(sweep: Sweep, screen: dict) -> None:
    """The worked example's replay with questions in the presenter view, then with the Projector
    option, at a question with its hint open and its answer shown, on ``screen``: axe on the
    replay (the rest of the page was judged as it loaded), and every part of the question on the
    screen, above the step bar."""
    sweep.open(WORKED)
    page = sweep.page
    player = page.locator(".ll-replay").nth(quiz_replay(sweep.lang))
    player.scroll_into_view_if_needed()
    player.locator(".ll-counter").wait_for(state="visible", timeout=20_000)
    # the classroom's screen first: a window in full screen (the presenter view asks for it) is
    # not resized, as a projector's screen is not while a lesson is shown
    page.set_viewport_size(screen)
    for look in ("presenter view", "Projector option"):
        player.locator("[data-go=present]").click()  # the presenter view; for the option, left
        if look == "Projector option":
            player.locator("details.ll-classroom > summary").click()
            player.locator("input[data-look=ll-large]").check()
            player.locator("details.ll-classroom > summary").click()
        if player.locator("[data-go=first]").is_enabled():
            player.locator("[data-go=first]").click()
        quiz = player.locator(".ll-stage .ll-quiz")
        while not quiz.count():
            player.locator("[data-go=next]").click()
        if look != "presenter view":
            player.locator(".ll-stage").scroll_into_view_if_needed()
        state = f"{look} at {screen['width']}×{screen['height']}"
        hint = player.locator(".ll-stage .ll-quiz summary")
        for nth in range(hint.count()):
            hint.nth(nth).click()
        off_screen(sweep, player, f"{state}, its hint open")
        reveal = player.locator(".ll-stage [data-ll-reveal]:visible")
        while reveal.count():
            reveal.first.click()
        off_screen(sweep, player, f"{state}, its answer shown")
        sweep.judge(f"{state}, a question's hint and answer shown", within=".ll-replay")
        sweep.shoot(state)
    player.locator("details.ll-classroom > summary").click()
    player.locator("input[data-look=ll-large]").uncheck()
    page.set_viewport_size(PROJECTOR)


def phone_menus(sweep: Sweep) -> None:
    """At 390×844: a replay stepped (its step bar sticks to the screen's bottom), the phone's menu
    of chapters open, then its "on this page" drawer."""
    page = sweep.page
    page.set_viewport_size(PHONE_390)
    sweep.open("book/02-dealing.html")
    player = page.locator(".ll-replay").first
    player.scroll_into_view_if_needed()
    player.locator(".ll-counter").wait_for(state="visible", timeout=20_000)
    for _ in range(3):
        player.locator("[data-go=next]").click()
    sweep.judge("390×844, a replay stepped")
    sweep.shoot("390-stepped")
    for toggle, dialog, what in (
        (".primary-toggle", "#pst-primary-sidebar-modal", "the menu of chapters"),
        (".secondary-toggle", "#pst-secondary-sidebar-modal", "the 'on this page' drawer"),
    ):
        page.locator(f"{toggle}:visible").first.click()
        page.locator(dialog).wait_for(state="visible")
        sweep.judge(f"390×844, {what} open", within=None)
        sweep.shoot(f"390-{toggle[1:]}")
        page.keyboard.press("Escape")
        page.locator(dialog).wait_for(state="hidden")
    page.set_viewport_size(PHONE)


STATES = [replay_quiz, live_quiz_and_what_if, live_hand, position_mid_deal, learn, checker_error, class_round]
#: Each sweep: a language on a screen, and the states it adds to every sweep's (pt and es: the
#: long words on a phone; en and ru: a classroom's screens, Russian's longer words on the smaller).
SWEEPS = {
    "en-1280x720": ("en", PROJECTOR, [functools.partial(classroom, screen=LARGE)]),
    "ru-1280x720": ("ru", PROJECTOR, [functools.partial(classroom, screen=PROJECTOR)]),
    "pt-360x740": ("pt", PHONE, [phone_menus]),
    "es-360x740": ("es", PHONE, [phone_menus]),
}


@pytest.mark.parametrize("sweep_id", SWEEPS)
def test_every_page_and_state_has_no_wcag_22_aa_violation_light_or_dark(book_html, chromium, tmp_path, sweep_id):
    lang, screen, more = SWEEPS[sweep_id]
    started = time.monotonic()
    with serve(book_html) as base:
        context = chromium.new_context(service_workers="block", reduced_motion="reduce", viewport=screen)
        sweep = Sweep(context.new_page(), base, lang, shots=tmp_path)
        # first: the words searched for are then marked on every page opened (Sphinx keeps them)
        sweep.open("search.html?q=" + SEARCHED[lang])
        sweep.page.locator("#search-results li").first.wait_for(timeout=20_000)
        sweep.judge("search results", within=None)
        for path in PAGES:
            sweep.open(path)
            sweep.judge("as it loads", within=None, light=False)
        for state in STATES + more:
            state(sweep)
        context.close()
    print(f"{sweep_id}: {sweep.judged} verdicts in {time.monotonic() - started:.0f} s")
    assert not sweep.problems, f"{len(sweep.problems)} violations:\n" + "\n".join(sweep.problems)
