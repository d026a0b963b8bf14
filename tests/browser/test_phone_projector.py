"""The book's static player on the screens a class uses: phones (360×740, 390×844) and a projector
(1280×720). Measured in chromium: after each Next the new table, the card just played and every
line of its words are on screen, not under the step bar nor under the page's sticky header, in
the normal view and with the Projector option, in English, Portuguese and Russian; the bar keeps
to one row; the presenter view fits the screen with no scrolling, keeps one table size from step
to step with the questions under the table, hides the sidebars and steps with a clicker's keys;
print shows key positions, never buttons. Screenshots go to pytest's tmp_path for a look."""

from __future__ import annotations

import pytest
from conftest import BOOK_HTML, FRAME, WORKED, built_pages, in_language, quiz_replay, wait_until_still

from lingerlonger.views.page_replay import button_name, ui
from lingerlonger.words.i18n import translate

pytestmark = pytest.mark.browser

PHONE, PROJECTOR = {"width": 360, "height": 740}, {"width": 1280, "height": 720}
PHONE_390 = {"width": 390, "height": 844}
#: Where the player's parts are on screen, and what covers its top (the page's sticky header).
LAYOUT = """root => {
  const box = el => {
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const stage = root.querySelector('.ll-stage'), header = document.querySelector('.bd-header');
  return {table: box(stage.querySelector('.ll-table')), words: box(stage.querySelector('.ll-words')),
          bar: box(root.querySelector('.ll-controls')), next: box(root.querySelector('[data-go=next]')),
          header: header && getComputedStyle(header).position === 'sticky' ? box(header).bottom : 0,
          height: innerHeight, width: innerWidth,
          scrolls: document.scrollingElement.scrollHeight > innerHeight + 1
                   && getComputedStyle(document.documentElement).overflow !== 'hidden'};
}"""


def replay_chapter() -> str:
    """The chapter with the most replays (several players, several lengths of words)."""
    pages = built_pages()
    return max(
        pages,
        key=lambda name: (
            (BOOK_HTML / name).read_text(encoding="utf-8").count('class="ll-replay"')
            if name.startswith("book/") and "gallery" not in name
            else -1
        ),
    )


def open_player(browser_page, book_site, viewport, lang="en", nth=0, name=None):
    page, log = browser_page
    page.set_viewport_size(viewport)
    page.goto(book_site + in_language(lang, name or replay_chapter()), wait_until="load")
    player = page.locator(".ll-replay").nth(nth)
    player.scroll_into_view_if_needed()
    player.locator(".ll-counter").wait_for(state="visible", timeout=20_000)
    player.locator(".ll-replay-title").scroll_into_view_if_needed()
    return page, log, player


def assert_in_view(layout: dict, what: str) -> None:
    """The table and its words lie between the header and the step bar, the bar on screen."""
    top, bar = layout["header"], layout["bar"]
    assert bar["top"] >= 0 and bar["bottom"] <= layout["height"] + 1, f"{what}: the step bar is off screen {bar}"
    assert layout["next"]["bottom"] <= layout["height"] + 1, f"{what}: Next is off screen"
    assert layout["table"]["top"] >= top - 1, f"{what}: the table's top is hidden ({layout['table']} under {top})"
    assert layout["words"]["bottom"] <= bar["top"] + 1, (
        f"{what}: the words are under the bar ({layout['words']}, {bar})"
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_on_a_phone_each_next_shows_the_table_and_its_words(book_site, browser_page, tmp_path, lang):
    page, log, player = open_player(browser_page, book_site, PHONE, lang)
    next_button = player.locator("[data-go=next]")
    for step in range(1, 4):
        next_button.click()
        wait_until_still(page)
        assert_in_view(player.evaluate(LAYOUT), f"step {step}")
        assert player.locator(".ll-counter").inner_text().split()[1] == str(step)
    page.screenshot(path=str(tmp_path / f"phone-{lang}.png"))
    log.assert_clean()


@pytest.mark.parametrize("viewport", [PROJECTOR, PHONE], ids=["1280x720", "360x740"])
def test_the_presenter_view_fills_the_screen_and_steps_with_a_clicker(book_site, browser_page, tmp_path, viewport):
    page, log, player = open_player(browser_page, book_site, viewport)
    counter = player.locator(".ll-counter")
    player.locator("[data-go=present]").click()
    wait_until_still(page)
    layout = player.evaluate(LAYOUT)
    assert not layout["scrolls"], "the page scrolls behind the presenter view"
    layout["header"] = 0  # the view covers the page's header
    assert_in_view(layout, "presenter view")
    assert layout["table"]["bottom"] <= layout["bar"]["top"] + 1, "the table runs under the bar"
    assert layout["table"]["right"] <= layout["width"] + 1
    covered = page.evaluate("""() => ['.bd-sidebar-primary', '.bd-sidebar-secondary', '.bd-header'].every(sel => {
        const el = document.querySelector(sel);
        if (!el || !el.getClientRects().length) return true;
        const r = el.getBoundingClientRect(), x = Math.min(innerWidth - 1, Math.max(0, r.left + r.width / 2));
        const y = Math.min(innerHeight - 1, Math.max(0, r.top + Math.min(r.height, innerHeight) / 2));
        return document.elementFromPoint(x, y).closest('.ll-replay') !== null; })""")
    assert covered, "a sidebar or the header shows through the presenter view"
    page.screenshot(path=str(tmp_path / f"presenter-{viewport['width']}.png"))

    steps = []
    for key in ("PageDown", "PageDown", "Space", "ArrowRight", "PageUp", "ArrowLeft"):
        page.keyboard.press(key)
        steps.append(int(counter.inner_text().split()[1]))
    assert steps == [1, 2, 3, 4, 3, 2]
    assert_in_view({**player.evaluate(LAYOUT), "header": 0}, "presenter view after stepping")
    page.keyboard.press("Escape")
    assert "ll-presenting" not in (player.get_attribute("class") or "")
    log.assert_clean()


def test_printing_a_chapter_prints_key_positions_not_buttons(book_site, browser_page):
    page, log, player = open_player(browser_page, book_site, PROJECTOR)
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    page.emulate_media(media="print")
    assert player.locator(".ll-print .ll-table").count() >= 2, "no key positions printed"
    assert not player.locator(".ll-controls").is_visible() and not player.locator("button").first.is_visible()
    assert not page.locator(".ll-replay button:visible").count(), "a replay's button would print"
    log.assert_clean()


# --- every step of every replay of a chapter: the table, its last card and its words on screen ---

#: What must be seen after a step, each part's box; ``top`` is what the page's sticky headers
#: cover, ``bar`` the step bar's top.
SEEN = """root => {
  const box = el => { const r = el.getBoundingClientRect();
                      return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const stage = root.querySelector('.ll-stage'), cards = stage.querySelectorAll('.ll-trick .ll-card');
  const lines = [...stage.querySelectorAll('.ll-say p, .ll-say li, .ll-narration li')];
  const headers = [...document.querySelectorAll('.bd-header, .bd-header-article')].filter(el =>
    ['sticky', 'fixed'].includes(getComputedStyle(el).position) && el.getBoundingClientRect().top <= 1);
  return {top: Math.max(0, ...headers.map(el => el.getBoundingClientRect().bottom)),
          bar: root.querySelector('.ll-controls').getBoundingClientRect(), width: innerWidth, height: innerHeight,
          parts: [['the table', box(stage.querySelector('.ll-table'))],
                  ...(cards.length ? [['the card just played', box(cards[cards.length - 1])]] : []),
                  ...lines.map(line => [JSON.stringify(line.textContent.slice(0, 50)), box(line)])]};
}"""


#: Each replay of the page from ``first`` ([replay, step]) to ``last`` (or the end), as a reader
#: steps it: the replay brought on screen and its frames loaded, then Next pressed (scrolled to
#: first if it is not on screen, as Playwright's click would), and after each press what SEEN
#: finds, as [replay, step, seen].
WALK = (
    """async ({first, last}) => {
  const seen = """
    + SEEN
    + """;
  const frame = """
    + FRAME
    + """;
  const replays = [...document.querySelectorAll('.ll-replay')], steps = [];
  for (let nth = first[0]; nth < replays.length; nth++) {
    const root = replays[nth], begun = nth === first[0] && first[1] > 1;
    if (!begun) {
      root.scrollIntoViewIfNeeded(true);
      for (let waited = 0; !root.querySelector('.ll-counter')?.checkVisibility(); waited++) {
        if (waited > 1200) throw new Error(`replay ${nth}: its steps did not load`);
        await frame();
      }
    }
    for (let step = begun ? first[1] : 1; step < Number(root.dataset.frames); step++) {
      if (last && (nth > last[0] || (nth === last[0] && step > last[1]))) return steps;
      const next = root.querySelector('[data-go=next]');
      next.scrollIntoViewIfNeeded(true);
      next.click();  // replay.js scrolls at once; a frame for what waits for one (a resize)
      await frame();
      steps.push([nth, step, seen(root)]);
    }
  }
  return steps;
}"""
)


def hidden_parts(seen: dict) -> list[str]:
    """The parts of a step that are not between the header and the step bar, on screen."""
    bar = seen["bar"]
    hidden = [] if bar["top"] >= 0 and bar["bottom"] <= seen["height"] + 1 else [f"the step bar {bar}"]
    shown = f"visible {seen['top']:.0f}–{bar['top']:.0f}"
    return hidden + [
        f"{what} at {box['top']:.0f}–{box['bottom']:.0f} px ({shown})"
        for what, box in seen["parts"]
        if box["top"] < seen["top"] - 1
        or box["bottom"] > bar["top"] + 1
        or box["left"] < -1
        or box["right"] > seen["width"] + 1
    ]


def tick_projector(player) -> None:
    """The Projector option (chapter 13 tells teachers to tick it); every replay of the page follows."""
    player.locator("details.ll-classroom > summary").click()
    player.locator("input[data-look=ll-large]").check()
    player.locator("details.ll-classroom > summary").click()


@pytest.mark.parametrize(
    ("lang", "viewport", "projector"),
    [
        ("en", PROJECTOR, False),
        ("ru", PROJECTOR, False),
        ("pt", PROJECTOR, True),
        ("ru", PROJECTOR, True),
        ("en", PHONE, False),
        ("ru", PHONE, False),
        ("pt", PHONE_390, False),
        ("ru", PHONE_390, False),
    ],
    ids=[
        "en-1280x720",
        "ru-1280x720",
        "pt-1280x720-projector",
        "ru-1280x720-projector",
        "en-360x740",
        "ru-360x740",
        "pt-390x844",
        "ru-390x844",
    ],
)
def test_after_each_next_the_table_its_last_card_and_every_line_are_above_the_bar(
    book_site, browser_page, tmp_path, lang, viewport, projector
):
    page, log, player = open_player(browser_page, book_site, viewport, lang, name=WORKED)
    if projector:
        tick_projector(player)
    # Every replay of the page stepped to its end, in the page (WALK): a round trip per step
    # was most of this test's time. The first three steps, then a look, then the rest.
    steps = page.evaluate(WALK, {"first": [0, 1], "last": [0, 3]})
    page.screenshot(path=str(tmp_path / f"step-{lang}-{viewport['width']}.png"))
    steps += page.evaluate(WALK, {"first": [0, 4], "last": None})
    frames = [int(frames) for frames in page.locator(".ll-replay").evaluate_all("rs => rs.map(r => r.dataset.frames)")]
    assert [(nth, step) for nth, step, _ in steps] == [
        (nth, step) for nth, count in enumerate(frames) for step in range(1, count)
    ], "not every step of every replay was seen"
    hidden = [f"replay {nth}, step {step}: {part}" for nth, step, seen in steps for part in hidden_parts(seen)]
    assert not hidden, "\n".join(hidden)
    log.assert_clean()


@pytest.mark.parametrize("lang", ["en", "pt", "es", "ru"])
def test_the_step_bar_keeps_to_one_row_on_a_projector(book_site, browser_page, lang):
    _page, log, player = open_player(browser_page, book_site, PROJECTOR, lang, name=WORKED)
    for _ in range(int(player.get_attribute("data-frames")) - 1):  # the longest count, "step 10 of 10"
        player.locator("[data-go=next]").click()
    rows = player.locator(".ll-controls > *").evaluate_all(
        "parts => parts.map(part => { const r = part.getBoundingClientRect(); return [r.top, r.bottom]; })"
    )
    assert max(top for top, _ in rows) < min(bottom for _, bottom in rows), f"the bar wraps: {rows}"
    log.assert_clean()


# --- the presenter view on a phone, at the questions ------------------------------------------


def presenting_questions(browser_page, book_site, viewport, lang):
    """The worked example's replay with questions, in the presenter view."""
    page, log, player = open_player(browser_page, book_site, viewport, lang, nth=quiz_replay(lang), name=WORKED)
    player.locator("[data-go=present]").click()
    wait_until_still(page)
    return page, log, player


#: The table's box and every other part of the stage (words, questions) as boxes.
STAGE = """root => {
  const box = el => { const r = el.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; };
  const stage = root.querySelector('.ll-stage'), table = stage.querySelector('.ll-table');
  return {table: box(table), parts: [...stage.children].filter(el => el !== table).map(el => [el.className, box(el)]),
          stage: box(stage), quiz: stage.querySelectorAll('.ll-quiz').length};
}"""


@pytest.mark.parametrize(
    ("lang", "viewport"),
    [("en", PHONE), ("ru", PHONE), ("ru", PHONE_390)],
    ids=["en-360x740", "ru-360x740", "ru-390x844"],
)
def test_the_presenter_view_keeps_its_table_still_with_the_questions_under_it(
    book_site, browser_page, tmp_path, lang, viewport
):
    page, log, player = presenting_questions(browser_page, book_site, viewport, lang)
    tables, asked = [], 0
    for step in range(int(player.get_attribute("data-frames"))):
        seen = player.evaluate(STAGE)
        tables.append(seen["table"])
        asked += seen["quiz"]
        top, bottom, left, right = seen["table"]
        for name, (part_top, part_bottom, part_left, part_right) in seen["parts"]:
            overlap = (
                part_top < bottom - 1 and part_bottom > top + 1 and part_left < right - 1 and part_right > left + 1
            )
            assert not overlap, f"step {step}: {name} {seen['parts']} covers the table {seen['table']}"
        assert not seen["parts"] or seen["parts"][0][1][0] < seen["stage"][1] - 20, f"step {step}: no words on screen"
        if seen["quiz"]:
            page.screenshot(path=str(tmp_path / f"presenter-quiz-{lang}-{step}.png"))
        page.keyboard.press("PageDown")
    assert asked, "no question was shown"
    assert len({round(bottom) for _, bottom, _, _ in tables}) == 1, f"the table's bottom moves: {tables}"
    assert len({round(right - left) for _, _, left, right in tables}) == 1, f"the table's width changes: {tables}"
    log.assert_clean()


# --- on a phone: Play and Next look different; the hint comes before the answer --------------

#: How alike two buttons' icons are as drawn (shared ink over all ink, 1 for the same shape).
ALIKE = """async ([one, two]) => {
  const ink = async button => {
    const svg = [...button.querySelectorAll('svg')].find(icon => icon.getClientRects().length);
    const image = new Image(), canvas = document.createElement('canvas');
    canvas.width = canvas.height = 32;
    // Chromium 150's serializer names the SVG namespace itself, older ones did not: a second
    // xmlns would be an XML error (the image then cannot be decoded).
    const text = new XMLSerializer().serializeToString(svg);
    image.src = 'data:image/svg+xml,' + encodeURIComponent(
      text.slice(0, text.indexOf('>')).includes(' xmlns=') ? text : text.replace('<svg', '<svg xmlns="http://www.w3.org/2000/svg"'));
    await image.decode();
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0, 32, 32);
    return context.getImageData(0, 0, 32, 32).data.filter((_, i) => i % 4 === 3).map(alpha => alpha > 127);
  };
  const [a, b] = [await ink(one), await ink(two)];
  let both = 0, either = 0;
  a.forEach((value, i) => { both += value && b[i]; either += value || b[i]; });
  return both / either;
}"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_on_a_phone_play_and_next_have_icons_of_their_own_and_their_names(book_site, browser_page, lang):
    page, log, player = open_player(browser_page, book_site, PHONE, lang, name=WORKED)
    play = player.get_by_role("button", name=ui("play", lang), exact=True)
    next_button = player.get_by_role("button", name=button_name(ui("next-short", lang), ui("next", lang)), exact=True)
    assert play.is_visible() and next_button.is_visible()
    assert not player.locator("[data-go=next] .ll-word").first.evaluate("word => word.offsetWidth > 1"), "words shown"
    alike = page.evaluate(ALIKE, [play.element_handle(), next_button.element_handle()])
    assert alike < 0.6, f"Play and Next look alike ({alike:.0%} of their ink is shared)"
    log.assert_clean()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_questions_hint_is_offered_before_its_answer(book_site, browser_page, lang):
    _page, log, player = open_player(browser_page, book_site, PHONE, lang, nth=quiz_replay(lang), name=WORKED)
    quiz = player.locator(".ll-stage .ll-quiz").first
    while not quiz.count():
        player.locator("[data-go=next]").click()
    hint, answer = quiz.locator(".ll-hint"), quiz.locator(".ll-answer")
    assert hint.count() == 1, "no hint offered before the answer"
    assert hint.locator("summary").inner_text() == translate("quiz.show-hint", lang)
    assert not answer.is_visible() and not hint.locator("p").is_visible()
    assert hint.evaluate("hint => hint.compareDocumentPosition(hint.parentNode.querySelector('.ll-reveal'))") & 4
    hint.locator("summary").click()
    assert hint.locator("p").is_visible() and not answer.is_visible(), "the hint needs the answer first"
    log.assert_clean()


# --- one language per screen ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_replay_speaks_the_pages_language_and_has_no_menu_of_its_own(book_site, browser_page, lang):
    page, log = browser_page
    page.set_viewport_size(PROJECTOR)
    # a replay's own pick of Portuguese (in the address, as it was kept) no longer wins over the page
    page.goto(book_site + in_language(lang, WORKED) + "?lang=pt", wait_until="load")
    player = page.locator(".ll-replay").first
    player.scroll_into_view_if_needed()
    counter = player.locator(".ll-counter")
    counter.wait_for(state="visible", timeout=20_000)
    last = int(player.get_attribute("data-frames")) - 1
    assert counter.inner_text() == ui("counter", lang, at=0, last=last)
    assert player.locator(".ll-stage .ll-table").get_attribute("lang") == lang
    assert not page.locator("select[data-lang-picker]").count(), "a replay has a language menu of its own"
    log.assert_clean()


# --- a teacher never loses their place ---------------------------------------------------------

#: Where the replay is once the presenter view is left, and what has the focus.
PLACE = """root => {
  const header = document.querySelector('.bd-header'), r = root.getBoundingClientRect();
  const covered = header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().bottom : 0;
  const focused = document.activeElement;
  return {top: r.top, covered, height: innerHeight, focus: focused === document.body ? 'body'
          : (focused.dataset.go || focused.tagName), inside: root.contains(focused)};
}"""


@pytest.mark.parametrize(("lang", "viewport"), [("pt", PROJECTOR), ("ru", PHONE)], ids=["pt-1280x720", "ru-360x740"])
def test_leaving_the_presenter_view_comes_back_to_the_replay_with_the_focus_on_it(
    book_site, browser_page, tmp_path, lang, viewport
):
    page, log, player = open_player(browser_page, book_site, viewport, lang, nth=1)
    present = player.locator("[data-go=present]")
    for leave in ("Escape", "button", "Escape after the last step"):
        present.click()
        wait_until_still(page)
        if leave == "button":
            present.click()
        else:
            if "last" in leave:
                page.keyboard.press("End")
                player.locator("[data-go=last]").wait_for(state="attached")
                assert player.locator("[data-go=next]").is_disabled()
                assert page.evaluate("() => document.activeElement !== document.body"), "the focus fell to the page"
            page.keyboard.press("Escape")
        page.wait_for_function("root => !root.classList.contains('ll-presenting')", arg=player.element_handle())
        wait_until_still(page)
        place = player.evaluate(PLACE)
        page.screenshot(path=str(tmp_path / f"left-{lang}-{leave[:6]}.png"))
        assert place["covered"] - 1 <= place["top"] <= place["height"] * 0.15, f"{leave}: the replay is off at {place}"
        assert place["inside"] and place["focus"] == "present", f"{leave}: the focus is on {place['focus']}"
    log.assert_clean()


@pytest.mark.parametrize(("lang", "viewport"), [("pt", PHONE), ("ru", PHONE_390)], ids=["pt-360x740", "ru-390x844"])
def test_next_stays_under_the_finger_from_step_to_step(book_site, browser_page, lang, viewport):
    page, log, player = open_player(browser_page, book_site, viewport, lang, name=WORKED)
    next_button = player.locator("[data-go=next]")
    where = []
    for _ in range(min(8, int(player.get_attribute("data-frames")) - 1)):
        next_button.click()
        wait_until_still(page)
        where.append(round(next_button.bounding_box()["y"]))
    assert max(where) - min(where) <= 4, f"Next moves from step to step: {where}"  # it moved up to 217 px
    log.assert_clean()


#: In the presenter view, every question's words, hint and answer buttons of the step shown: their
#: boxes, the screen's height and the bar's top.
ASKED = """root => {
  const bar = root.querySelector('.ll-controls').getBoundingClientRect().top;
  const parts = [...root.querySelectorAll('.ll-stage .ll-quiz :is(p, summary, button)')];
  return {bar, more: root.classList.contains('ll-more-below'), parts: parts.map(el => {
    const r = el.getBoundingClientRect();
    return [el.tagName, Math.round(r.top), Math.round(r.bottom), Math.round(r.height)]; })};
}"""


@pytest.mark.parametrize(
    ("lang", "viewport"),
    [("pt", PROJECTOR), ("ru", PHONE), ("ru", {"width": 1920, "height": 1080})],
    ids=["pt-1280x720", "ru-360x740", "ru-1920x1080"],
)
def test_the_presenter_view_shows_a_steps_questions_hint_and_answers_whole(
    book_site, browser_page, tmp_path, lang, viewport
):
    page, log, player = presenting_questions(browser_page, book_site, viewport, lang)
    asked = 0
    for step in range(int(player.get_attribute("data-frames"))):
        seen = player.evaluate(ASKED)
        if seen["parts"]:
            asked += 1
            page.screenshot(path=str(tmp_path / f"asked-{lang}-{viewport['width']}-{step}.png"))
            hidden = [part for part in seen["parts"] if part[2] > seen["bar"] + 1 or part[1] < 0]
            if hidden and viewport["width"] < 768:  # too many words for a phone even small: a sign of them
                assert seen["more"], f"step {step}: under the bar with no sign of them: {hidden}"
                continue
            assert not hidden, f"step {step}: off the screen, under the bar at {seen['bar']}: {hidden}"
            if viewport["width"] >= 1920:
                small = [part for part in seen["parts"] if part[0] == "BUTTON" and part[3] < 48]
                assert not small, f"step {step}: answer buttons too small for a projector: {small}"
        page.keyboard.press("PageDown")
        wait_until_still(page)
    assert asked, "no question was shown"
    log.assert_clean()
