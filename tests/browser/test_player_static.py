"""The static replay player in chromium: it steps, plays and stays on the machine.

Two pages: one written here from ``replay_html`` (always available), and the
chapter of the built book that shows the worked example, rule 16 (needs
`make book`). Both are opened with the internet cut (only 127.0.0.1 answers),
and once a page has loaded, stepping must not make a single request.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import BOOK_HTML, is_local, serve, unavailable

from lingerlonger.scenario import load
from lingerlonger.scenario.replay import replay
from lingerlonger.views.page_replay import replay_html, ui
from lingerlonger.words.i18n import translate

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
WORKED = REPO / "scenarios" / "06-last-card-saves.yaml"
WORKED_TITLE = load(WORKED)[0].title
LAST = len(replay(load(WORKED)[0]).frames) - 1


@pytest.fixture(scope="module")
def static_site(tmp_path_factory):
    """A page with two replays (the worked example first), served on 127.0.0.1."""
    folder = tmp_path_factory.mktemp("static")
    players = "".join(
        replay_html(replay(load(path)[0])) for path in (WORKED, REPO / "scenarios" / "03-follow-suit.yaml")
    )
    (folder / "index.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width">'
        '<link rel="icon" href="data:,"><title>Replays</title></head>'
        f"<body>{players}</body></html>",
        encoding="utf-8",
    )
    with serve(folder) as url:
        yield url + "index.html"


def worked_player(page):
    player = page.locator(".ll-replay").filter(has=page.locator(".ll-replay-title", has_text=WORKED_TITLE)).first
    player.wait_for(state="visible", timeout=20_000)
    player.scroll_into_view_if_needed()  # the book fetches a replay's frames as it nears the screen
    player.locator(".ll-counter").wait_for(state="visible", timeout=20_000)
    options = player.locator("details.ll-classroom")
    if options.get_attribute("open") is None:
        options.locator("summary").click()  # speed, legal cards, language... are folded
    return player


def counter(player) -> str:
    return player.locator(".ll-counter").inner_text()


def open_cut_off(page, url: str):
    """Open ``url`` with every request outside the machine refused, as in a classroom."""
    page.route(lambda url: not is_local(url), lambda route: route.abort("internetdisconnected"))
    response = page.goto(url, wait_until="load")
    assert response is not None and response.ok
    page.wait_for_load_state("networkidle")
    return worked_player(page)


def requests_made(log) -> list[str]:
    """The page's requests, less the favicon (the browser asks for it when it pleases)."""
    return [url for url in log.requests if "favicon" not in url]


def step_through_the_worked_example(page, player) -> None:
    """Buttons, slider and keyboard, with the narration checked at each stop."""
    assert counter(player) == f"step 0 of {LAST}"
    assert player.get_by_role("button", name="First step").is_disabled()
    next_button = player.get_by_role("button", name="Next step")
    while "C wins the trick" not in player.locator(".ll-stage").inner_text():
        next_button.click()
    assert "C draws 9♦" in player.locator(".ll-stage").inner_text()
    at = int(re.search(r"step (\d+)", counter(player)).group(1))
    player.get_by_role("button", name="Back one step").click()
    assert counter(player) == f"step {at - 1} of {LAST}"
    assert "C draws 9♦" not in player.locator(".ll-stage").inner_text()

    slider = player.get_by_role("slider", name="Step")
    slider.focus()
    page.keyboard.press("End")
    assert counter(player) == f"step {LAST} of {LAST}"
    assert slider.input_value() == str(LAST)
    page.keyboard.press("Home")
    assert counter(player) == f"step 0 of {LAST}"
    player.get_by_role("button", name="Last step").click()
    assert counter(player) == f"step {LAST} of {LAST}"
    assert player.get_by_role("button", name="Next step").is_disabled()
    assert player.get_by_role("button", name="Back one step").is_enabled()
    player.get_by_role("button", name="First step").click()
    assert counter(player) == f"step 0 of {LAST}"


def test_the_worked_example_steps_with_buttons_and_slider_offline(static_site, browser_page):
    page, log = browser_page
    player = open_cut_off(page, static_site)
    loaded = requests_made(log)
    step_through_the_worked_example(page, player)
    assert requests_made(log) == loaded
    log.assert_clean()


def test_icons_are_drawn_not_missing_glyphs(static_site, browser_page):
    page, log = browser_page
    player = open_cut_off(page, static_site)
    for name in ("First step", "Back one step", "Play", "Next step", "Last step"):
        icon = player.get_by_role("button", name=name).locator("svg:visible")
        box = icon.bounding_box()
        assert box and box["width"] >= 10 and box["height"] >= 10, name
    log.assert_clean()


def test_autoplay_runs_to_the_end_and_pauses(static_site, browser_page):
    page, log = browser_page
    player = open_cut_off(page, static_site)
    player.get_by_label("Speed").select_option(label="fast")
    play = player.locator("button[data-go=play]")  # its name turns from Play to Pause
    assert play.inner_text() == "Play"
    play.click()
    assert play.get_attribute("aria-pressed") == "true" and "Pause" in play.inner_text()
    player.locator(".ll-counter", has_text=f"step {LAST} of {LAST}").wait_for(timeout=LAST * 1500)
    page.wait_for_function("b => b.getAttribute('aria-pressed') === 'false'", arg=play.element_handle(), timeout=5_000)
    assert "Play" in play.inner_text()
    log.assert_clean()


def test_legal_cards_toggle_and_try_it_live_needs_the_live_version(static_site, browser_page):
    """A page with no live mode served (a notebook's copy) says where cards can be tried."""
    page, log = browser_page
    player = open_cut_off(page, static_site)
    player.get_by_role("button", name="Next step").click()
    player.get_by_role("button", name="Next step").click()  # B must follow with 3♣
    legal = player.locator(".ll-stage .ll-card.ll-legal")
    assert legal.count() == 1
    assert legal.evaluate("card => getComputedStyle(card).transform") == "none"
    player.get_by_label("Show legal cards").check()
    assert legal.evaluate("card => getComputedStyle(card).transform") != "none"
    assert not player.locator(".ll-live-only").is_visible()
    player.get_by_role("button", name="Try it live").click()
    assert "needs the live version" in player.locator(".ll-live-only").inner_text()
    log.assert_clean()


def answer_shown_on_request(player) -> None:
    """Step to the worked example's first question: "Show the answer" gives way to its answer
    (a data-ll-reveal button that replay.js listens for; no inline handler)."""
    while not player.locator(".ll-stage .ll-quiz").count():
        player.get_by_role("button", name="Next step").click()
    quiz = player.locator(".ll-stage .ll-quiz").first
    reveal = quiz.get_by_role("button", name=translate("quiz.reveal", "en"))
    answer = quiz.locator(".ll-answer")
    assert reveal.is_visible() and not answer.is_visible()
    reveal.click()
    assert answer.is_visible() and not reveal.is_visible()
    assert answer.inner_text().startswith(translate("quiz.answer", "en", answer="").strip())


def test_show_the_answer_reveals_it(static_site, browser_page):
    page, log = browser_page
    answer_shown_on_request(open_cut_off(page, static_site))
    log.assert_clean()


def test_two_players_on_a_page_step_independently(static_site, browser_page):
    page, log = browser_page
    open_cut_off(page, static_site)
    first, second = page.locator(".ll-replay").nth(0), page.locator(".ll-replay").nth(1)
    first.get_by_role("button", name="Next step").click()
    assert counter(first).startswith("step 1 ") and counter(second).startswith("step 0 ")
    log.assert_clean()


def test_the_language_menu_switches_every_player_and_is_remembered(static_site, browser_page):
    page, log = browser_page
    player = open_cut_off(page, static_site)
    loaded = requests_made(log)
    player.get_by_role("button", name="Next step").click()
    player.get_by_role("button", name="Next step").click()  # A has led, B to follow
    player.get_by_label(translate("player.language", "en")).select_option(label="Русский")

    # the controls, the table, the narration and the step speak Russian, on the same step
    next_button = player.get_by_role("button", name=ui("next", "ru"))
    assert next_button.inner_text() == ui("next-short", "ru")
    assert counter(player) == ui("counter", "ru", at=2, last=LAST)
    stage = player.locator(".ll-stage")
    assert translate("narrate.led", "ru", name="A", card="K♣") in stage.inner_text()
    assert stage.locator(".ll-table").get_attribute("lang") == "ru"
    assert player.locator(".ll-controls").first.get_attribute("lang") == "ru"
    next_button.click()
    assert translate("narrate.followed", "ru", name="B", card="3♣") in stage.inner_text()

    # every player on the page follows, and the choice outlives a reload
    other = page.locator(".ll-replay").nth(1)
    assert other.get_by_role("button", name=ui("next", "ru")).is_visible()
    assert requests_made(log) == loaded
    page.reload(wait_until="load")
    assert worked_player(page).get_by_role("button", name=ui("next", "ru")).is_visible()
    assert counter(worked_player(page)) == ui("counter", "ru", at=0, last=LAST)
    log.assert_clean()


def test_projector_and_four_colour_deck_for_every_player_of_the_page(static_site, browser_page):
    page, log = browser_page
    page.set_viewport_size({"width": 1920, "height": 1600})  # room for the large table: a shorter screen fits it
    player = open_cut_off(page, static_site)
    table = player.locator(".ll-stage .ll-table")
    diamond = player.locator(".ll-stage .ll-card.ll-diamonds").first
    size = lambda element: float(element.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))  # noqa: E731
    colour = lambda element: element.evaluate("e => getComputedStyle(e).color")  # noqa: E731
    words, controls = player.locator(".ll-words"), player.locator(".ll-controls").first
    small, red, small_words, small_controls = size(table), colour(diamond), size(words), size(controls)

    player.get_by_label(translate("player.projector", "en")).check()
    assert size(table) > 1.4 * small
    assert size(words) >= 1.4 * small_words
    assert size(controls) >= 1.25 * small_controls  # the step bar grows with them (issue 40)
    player.get_by_label(translate("player.four-colour", "en")).check()
    assert colour(diamond) != red  # blue, as the live player's four-colour deck

    player.get_by_role("button", name="Next step").click()  # a new frame keeps the look
    assert "ll-large" in (table.get_attribute("class") or "")
    other = page.locator(".ll-replay").nth(1)
    assert "ll-four-colour" in (other.locator(".ll-stage .ll-table").get_attribute("class") or "")
    page.reload(wait_until="load")
    assert worked_player(page).get_by_label(translate("player.projector", "en")).is_checked()
    log.assert_clean()


def worked_example_chapter() -> str | None:
    """The built page (relative to _build/html) that shows the worked example's replay."""
    for path in sorted(BOOK_HTML.rglob("*.html")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if 'class="ll-replay"' in text and WORKED_TITLE in text:
            return path.relative_to(BOOK_HTML).as_posix()
    return None


def test_the_books_worked_example_steps_offline(book_site, browser_page):
    chapter = worked_example_chapter()
    if chapter is None:
        unavailable(f"no page of {BOOK_HTML} shows the replay {WORKED_TITLE!r}: run `make book`")
    page, log = browser_page
    player = open_cut_off(page, book_site + chapter)
    loaded = requests_made(log)
    step_through_the_worked_example(page, player)
    assert requests_made(log) == loaded
    log.assert_clean()


def test_the_books_answer_button_reveals_the_answer(book_site, browser_page):
    chapter = worked_example_chapter()
    if chapter is None:
        unavailable(f"no page of {BOOK_HTML} shows the replay {WORKED_TITLE!r}: run `make book`")
    page, log = browser_page
    answer_shown_on_request(open_cut_off(page, book_site + chapter))
    log.assert_clean()
