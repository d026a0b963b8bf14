"""Issue 40, what a class and a reader who zooms see (`make book` first), each page one browser
context, its states walked in it:

- The Projector option (chapter 13 tells teachers to tick it) makes a replay's cards, its score
  line ("Tricks: 0 · Won pile: 0") and its step bar grow with its words, at 1280×720 and
  1920×1080, and every step's table, words and questions (hints, answer buttons) stay on
  screen. It once enlarged the words alone: at 1280 its cards were smaller than without it
  (32 px wide against 34), its buttons no larger.
- Zoom as a browser does it: the device scale factor 2, the viewport half as wide in CSS px
  (640×360 for 1280×720; 320 px wide for a phone of 360×740). Every text of a replay, of live
  mode and of the Learn page is at least twice its size at 100% (computed font size × scale):
  the replay's fitting once shrank the table back to its size at 100% (8 px), the table's
  narrow layout its text by an eighth. The step bar, sticky at the bottom of the screen, hides
  no line of a step's words; nothing scrolls sideways at 320 px (WCAG 1.4.10).
- The position editor on a phone (360×740, 390×844): the hand being filled and its cards stay
  on screen while cards are tapped in the deck (they were under the 52-card deck, out of
  sight), and each card placed is said in words.

Zoom is the browser's own device-metrics emulation (what Playwright's viewport uses), changed on
the page as it is, so that one page (and one start of live mode) serves both sizes.
"""

from __future__ import annotations

import re
import weakref

import pytest
from conftest import (
    LIVE_BOOT_MS,
    WORKED,
    go_live,
    in_language,
    live_page,
    quiz_replay,
    wait_until_still,
    wcag_violations,
)

pytestmark = pytest.mark.browser

PROJECTOR, WIDE = {"width": 1280, "height": 720}, {"width": 1920, "height": 1080}
PHONE, TALL_PHONE = {"width": 360, "height": 740}, {"width": 390, "height": 844}
EDITOR = "book/set-up-a-position.html"
#: What the Projector option must enlarge, at a step with cards on the table: a card's width,
#: the score line's text, the words' text, the Next button's text and height.
LOOK = """root => {
  const stage = root.querySelector('.ll-stage'), next = root.querySelector('[data-go=next]');
  const px = el => parseFloat(getComputedStyle(el).fontSize);
  return {card: stage.querySelector('.ll-table .ll-card').getBoundingClientRect().width,
          score: px(stage.querySelector('.ll-meta')), words: px(stage.querySelector('.ll-words')),
          button: px(next), height: next.getBoundingClientRect().height};
}"""
#: The screen's top that the page's sticky or fixed headers cover, as a JS expression.
COVERED = """Math.max(0, ...[...document.querySelectorAll('.bd-header, .bd-header-article')]
  .filter(el => ['sticky', 'fixed'].includes(getComputedStyle(el).position) && el.getBoundingClientRect().top <= 1)
  .map(el => el.getBoundingClientRect().bottom))"""
#: What a step shows that must be on screen, between the headers and the step bar: with
#: ``everything``, the table, the words and every question's words, hint and buttons; else the
#: lines of the step's words. Returns the parts that are not, as [what, words, top, bottom], and
#: the room between [top, bar].
HIDDEN = """(root, everything) => {
  const top = COVERED, bar = root.querySelector('.ll-controls').getBoundingClientRect().top;
  const stage = root.querySelector('.ll-stage');
  const parts = [...stage.querySelectorAll('.ll-say p, .ll-say li, .ll-narration li')];
  if (everything) {
    parts.push(stage.querySelector('.ll-table'), ...stage.querySelectorAll('.ll-quiz :is(p, summary, button)'));
  }
  return parts.filter(el => el.checkVisibility()).map(el => [el, el.getBoundingClientRect()])
    .filter(([, r]) => r.top < top - 1 || r.bottom > bar + 1 || r.right > innerWidth + 1 || r.left < -1)
    .map(([el, r]) => [el.className || el.tagName, el.textContent.slice(0, 40), Math.round(r.top),
                       Math.round(r.bottom), 'between', Math.round(top), Math.round(bar)]);
}""".replace("COVERED", COVERED)
#: Every text shown in ``root`` (an element with a text of its own, on screen and not only for a
#: screen reader), in document order, as [its class, its size in device pixels, its words];
#: null for one not shown. The same page at two sizes gives lists that match element for element
#: (what the table says aloud, added as it is said, is left out).
TEXTS = """root => [...root.querySelectorAll('*')]
  .filter(el => [...el.childNodes].some(node => node.nodeType === 3 && node.textContent.trim())
                && !el.closest('[data-ll-announce]'))
  .map(el => {
    const r = el.getBoundingClientRect(), style = getComputedStyle(el);
    const shown = r.width > 1 && r.height > 1 && style.visibility !== 'hidden' && !el.closest('[aria-hidden=true]');
    return shown ? [String(el.className || el.tagName), parseFloat(style.fontSize) * devicePixelRatio,
                    el.textContent.trim().slice(0, 30)] : null;
  })"""
SCROLLS_SIDEWAYS = "() => document.scrollingElement.scrollWidth > innerWidth + 1"


_SESSIONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def zoom(page, viewport: dict, scale: int) -> None:
    """The page at ``viewport`` CSS pixels and ``scale`` device pixels each, as the browser's
    zoom makes it (200%: half as many CSS pixels, each two device pixels); back once it is still."""
    if page not in _SESSIONS:  # one per page: a session's emulation ends with it
        _SESSIONS[page] = page.context.new_cdp_session(page)
    _SESSIONS[page].send(
        "Emulation.setDeviceMetricsOverride",
        {"width": viewport["width"], "height": viewport["height"], "deviceScaleFactor": scale, "mobile": False},
    )
    page.wait_for_function(
        "([width, scale]) => innerWidth === width && devicePixelRatio === scale", arg=[viewport["width"], scale]
    )
    wait_until_still(page)


def not_doubled(before: list, after: list) -> list[str]:
    """The texts shown at both sizes that are not at least twice as large in ``after``."""
    assert len(before) == len(after), "the page changed between the two sizes"
    shown = [(one, two) for one, two in zip(before, after, strict=True) if one and two]
    assert len(shown) >= 10, f"too few texts compared: {shown}"
    return [f"{one[0]} {one[2]!r}: {one[1]:.1f} → {two[1]:.1f} px" for one, two in shown if two[1] < 2 * one[1] - 0.01]


def assert_doubles(page, root: str, small: dict, what: str) -> None:
    """Every text of ``root`` at 200% (``small``, in CSS px) is twice its size at 100% (now)."""
    before = page.locator(root).first.evaluate(TEXTS)
    zoom(page, small, 2)
    wrong = not_doubled(before, page.locator(root).first.evaluate(TEXTS))
    assert not wrong, f"{what}: at 200% these texts are not twice their size at 100%:\n" + "\n".join(wrong)


def quiz_player(chromium, book_site: str, lang: str):
    """A new browser at 1280×720 on the worked example's chapter, at its replay with questions:
    (context, page, player)."""
    context = chromium.new_context(service_workers="block", viewport=PROJECTOR)
    page = context.new_page()
    page.goto(book_site + in_language(lang, WORKED), wait_until="load")
    player = page.locator(".ll-replay").nth(quiz_replay(lang))
    player.scroll_into_view_if_needed()
    player.locator(".ll-counter").wait_for(state="visible", timeout=20_000)
    return context, page, player


def assert_accessible(page, within: str, what: str) -> None:
    """axe finds no WCAG 2.2 AA violation in ``within`` as it is now, in the light theme and the dark."""
    for theme in ("light", "dark"):
        page.evaluate("theme => { document.documentElement.dataset.theme = theme; }", theme)
        assert wcag_violations(page, within) == [], f"{what}, {theme}"


def set_projector(player, on: bool) -> None:
    """The Projector option ticked (chapter 13 tells teachers to) or not; every replay of the page follows."""
    player.locator("details.ll-classroom > summary").click()
    player.locator("input[data-look=ll-large]").set_checked(on)
    player.locator("details.ll-classroom > summary").click()


def step_to_first(player) -> None:
    first = player.locator("[data-go=first]")
    if first.is_enabled():
        first.click()
    assert first.is_disabled()  # at the first step


# --- the Projector option ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_projector_option_makes_the_cards_the_score_line_and_the_buttons_grow_and_keeps_every_question_on_screen(
    book_site, chromium, tmp_path, lang
):
    context, page, player = quiz_player(chromium, book_site, lang)
    next_button, frames = player.locator("[data-go=next]"), int(player.get_attribute("data-frames"))
    for viewport in (PROJECTOR, WIDE):
        page.set_viewport_size(viewport)
        step_to_first(player)
        next_button.click()
        wait_until_still(page)
        small = player.evaluate(LOOK)
        set_projector(player, True)
        step_to_first(player)  # the bar's Next, as a teacher steps on
        next_button.click()
        wait_until_still(page)
        large = player.evaluate(LOOK)
        grown = {part: large[part] / small[part] for part in small}
        assert min(grown.values()) >= 1.25, f"{viewport}: grown only {grown} ({small} → {large})"
        size = f"{viewport['width']}x{viewport['height']}"
        page.screenshot(path=str(tmp_path / f"projector-{lang}-{size}.png"))
        hidden, asked = [], 0
        for step in range(1, frames):
            asked += player.locator(".ll-stage .ll-quiz").count()
            hidden += [f"step {step}: {part}" for part in player.evaluate(HIDDEN, True)]
            if step < frames - 1:
                next_button.click()
        assert asked, "no question was asked"
        assert not hidden, f"{size}, off the screen or under the bar:\n" + "\n".join(map(str, hidden))
        assert not page.evaluate(SCROLLS_SIDEWAYS)
        if viewport is PROJECTOR:
            assert_accessible(page, f"#{player.get_attribute('id')}", "with the Projector option")
        set_projector(player, False)  # off again, for the next size
    context.close()


# --- zoom and reflow -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_at_200_percent_a_replay_and_the_learn_page_double_their_text_and_the_bar_hides_no_words(
    book_site, chromium, tmp_path, lang
):
    context, page, player = quiz_player(chromium, book_site, lang)
    root = f"#{player.get_attribute('id')}"
    next_button, frames = player.locator("[data-go=next]"), int(player.get_attribute("data-frames"))
    while not player.locator(".ll-stage .ll-quiz").count():  # a step with a question, its hint and answer
        next_button.click()
    assert_doubles(page, root, {"width": 640, "height": 360}, f"{lang}, a replay at 1280×720")
    # every step stepped at 200%: its words between the page's header and the step bar
    step_to_first(player)
    hidden = []
    for step in range(1, frames):
        next_button.click()
        hidden += [f"step {step}: {part}" for part in player.evaluate(HIDDEN, False)]
        if step == 1:
            page.screenshot(path=str(tmp_path / f"zoomed-{lang}-640x360.png"))
    assert not hidden, "at 200% the step bar hides the step's words:\n" + "\n".join(map(str, hidden))
    assert_accessible(page, root, "at 200%, its words first, the table under them")
    zoom(page, PHONE, 1)
    assert_doubles(page, root, {"width": 320, "height": 370}, f"{lang}, a replay on a phone")
    assert not page.evaluate(SCROLLS_SIDEWAYS), "a replay's page scrolls sideways at 320 px"

    zoom(page, PROJECTOR, 1)
    page.goto(book_site + in_language(lang, "book/learn.html"), wait_until="load")
    page.locator(".ll-learn .ll-task .ll-table").first.wait_for(state="visible", timeout=20_000)
    assert_doubles(page, ".ll-learn", {"width": 640, "height": 360}, f"{lang}, the Learn page at 1280×720")
    zoom(page, PHONE, 1)
    assert_doubles(page, ".ll-learn", {"width": 320, "height": 370}, f"{lang}, the Learn page on a phone")
    assert not page.evaluate(SCROLLS_SIDEWAYS), "the Learn page scrolls sideways at 320 px"
    context.close()


def test_at_200_percent_live_mode_doubles_its_text_and_keeps_to_the_screens_width(book_site, chromium):
    """Live mode started once, at 1280×720 then on a phone, each zoomed to 200%: in Russian."""
    context, page, log = live_page(chromium, book_site, "ru/" + WORKED, viewport=PROJECTOR)
    player = go_live(page)
    player.locator(".ll-stage [data-ll-card]").first.wait_for(state="visible", timeout=LIVE_BOOT_MS)
    root = f"#{player.get_attribute('id')}"
    assert_doubles(page, root, {"width": 640, "height": 360}, "live mode at 1280×720")
    zoom(page, PHONE, 1)
    assert_doubles(page, root, {"width": 320, "height": 370}, "live mode on a phone")
    assert not page.evaluate(SCROLLS_SIDEWAYS), "live mode's page scrolls sideways at 320 px"
    log.assert_clean()
    context.close()


# --- the position editor on a phone ---------------------------------------------------------------

#: The hand being filled (the place aimed at), its name, whether it is whole on screen, and each
#: of its cards, whether it is whole on screen.
FILLED = """() => {
  const aimed = document.querySelector('.ll-position-aimed');
  const whole = el => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1;
  };
  const cards = [...aimed.querySelectorAll('[data-ll-placed-card]')];
  return {place: aimed.getAttribute('aria-label'), whole: whole(aimed),
          cards: cards.map(card => [card.dataset.llPlacedCard, whole(card)])};
}"""


def place(page, editor, card: str) -> str:
    """Bring the row of places ("Put into") under the page's header, the deck under it, as a
    reader scrolls to them, and tap ``card``; once it is placed, what the editor says."""
    page.evaluate(
        "() => { const places = document.querySelector('.ll-position-places');"
        " window.scrollBy(0, places.getBoundingClientRect().top - (" + COVERED + ") - 4); }"
    )
    editor.locator(f"[data-ll-deck-card='{card}']").click()
    editor.locator(f".ll-position-aimed [data-ll-placed-card='{card}']").wait_for(timeout=LIVE_BOOT_MS)
    return editor.locator(".ll-position-status").inner_text()


def test_on_a_phone_the_hand_being_filled_stays_on_screen_while_its_cards_are_placed(book_site, chromium, tmp_path):
    context, page, log = live_page(chromium, book_site, "ru/" + EDITOR, viewport=PHONE)
    editor = page.locator("[data-ll-position-editor]")
    placed: list[str] = []
    for viewport, cards, seat in ((PHONE, ["3♠", "Q♥", "4♣"], "0"), (TALL_PHONE, ["5♠", "A♣"], "3")):
        page.set_viewport_size(viewport)
        if seat != "0":
            editor.locator(f"[data-ll-place='{seat}']").click()
            editor.locator(f"[data-ll-place='{seat}'][aria-pressed=true]").wait_for(timeout=LIVE_BOOT_MS)
        for card in cards:
            said = place(page, editor, card)
            placed.append(card)
            filled = page.evaluate(FILLED)
            mine = [name for name, _ in filled["cards"]]
            assert card in mine, f"{card} is not in the hand being filled: {filled}"
            assert filled["whole"] and all(whole for _, whole in filled["cards"]), (
                f"{viewport}: after {card}, the hand being filled is off the screen: {filled}"
            )
            # said in words, where it went and how many it holds ("тройка пик: A, 1 из 4 карт")
            assert re.match(r"^[а-яё]+ [а-яё]+: ", said) and filled["place"] in said, said
        page.screenshot(path=str(tmp_path / f"editor-ru-{viewport['width']}.png"))
    assert_accessible(page, "[data-ll-position-editor]", "the hand being filled at the bottom")
    assert editor.locator("[data-ll-placed-card]").count() == len(placed)
    log.assert_clean()
    context.close()


#: The transitions and animations running now, each as "what changes, on what".
RUNNING = """() => document.getAnimations().filter(motion => motion.playState === 'running')
  .map(motion => `${motion.transitionProperty || motion.animationName} on ${motion.effect.target.tagName}`
    + `.${motion.effect.target.className}`)"""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_a_reader_who_asks_for_less_motion_sees_light_turn_dark_at_once(book_site, chromium, motion):
    """With the system's "reduce motion", light turning dark moves nothing: the theme's buttons
    faded their colour over 0.3 s. Without it, they still do (the test sees a fade when there is one)."""
    context, page, log = live_page(chromium, book_site, "book/04-tricks.html", reduced_motion=motion)
    try:
        wait_until_still(page)
        page.emulate_media(color_scheme="dark")
        page.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
        running = page.evaluate(RUNNING)
        if motion == "reduce":
            assert running == [], f"moving as light turns dark: {running}"
        else:
            assert running, "no fade seen as light turns dark: the check above would see none either"
        log.assert_clean()
    finally:
        context.close()
