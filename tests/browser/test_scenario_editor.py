"""The scenario editor on the book's checker page (`make book` first), with the live worker:
the text beside its replay (under it on a phone), checked as it is typed; a mistake is
located at its line and column, its line marked, and a button puts the caret there; the
last good replay stays dimmed while the text is broken, and follows the text again, at the
step it showed, once the mistake is fixed."""

from __future__ import annotations

import re

import pytest
from conftest import LIVE_BOOT_MS, REPO, live_page, serve

from lingerlonger.scenario import load, loads
from lingerlonger.scenario.replay import replay

pytestmark = pytest.mark.browser

CHECKER = "book/check-a-scenario.html"
LESSON = REPO / "scenarios" / "03-follow-suit.yaml"
#: A check once the engine runs: a moment's pause after typing, then the answer.
CHECK_MS = 20_000


def place(text: str, at: int) -> tuple[int, int]:
    """The 1-based line and column of character ``at`` of ``text``."""
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


def step_of(player) -> int:
    return int(re.search(r"(\d+)\D+\d+", player.locator(".ll-counter").inner_text())[1])


def caret(box) -> int:
    return box.evaluate("box => box.selectionStart")


def checker_with(chromium, base, text: str):
    """The checker page on a projector's screen with ``text`` pasted, once its replay shows:
    (context, page, log, form, box, out, player)."""
    context, page, log = live_page(chromium, base, CHECKER, viewport={"width": 1280, "height": 720})
    form = page.locator("[data-ll-checker]")
    box, out = form.locator("textarea"), form.locator(".ll-checker-out")
    box.fill(text)
    player = out.locator(".ll-replay")
    player.locator(".ll-counter").wait_for(state="visible", timeout=LIVE_BOOT_MS)
    return context, page, log, form, box, out, player


def test_edit_a_scenario_so_that_it_breaks_and_see_the_located_error(book_html, chromium, tmp_path):
    text = LESSON.read_text(encoding="utf-8")
    frames = len(replay(load(LESSON)[0]).frames)
    with serve(book_html) as base:
        # A good scenario pasted: its replay, beside the text on a projector's screen.
        context, page, log, form, box, out, player = checker_with(chromium, base, text)
        assert player.locator(".ll-counter").inner_text() == f"step 0 of {frames - 1}"
        assert form.locator(".ll-editor-numbers").inner_text().split()[-1] == str(text.count("\n") + 1)
        text_box, replay_box = box.bounding_box(), player.bounding_box()
        assert replay_box["x"] >= text_box["x"] + text_box["width"] and replay_box["y"] < text_box["y"] + 100
        for _ in range(2):
            player.locator("[data-go=next]").click()
        assert step_of(player) == 2

        # Typed in place: a card that does not exist. The caret stays where it was typed.
        at = text.index("K♦, 8♣]")
        line, column = place(text, at)
        box.evaluate("(box, at) => { box.focus(); box.setSelectionRange(at, at + 1); }", at)
        page.keyboard.type("Z")
        error = out.locator(".ll-editor-error[data-ll-error-line]")
        error.wait_for(state="visible", timeout=CHECK_MS)
        assert (error.get_attribute("data-ll-error-line"), error.get_attribute("data-ll-error-column")) == (
            str(line),
            str(column),
        )
        assert f"scenario.yaml:{line}:{column}: hands: 'Z♦' is not a card" in error.inner_text()
        assert caret(box) == at + 1
        band = form.locator(".ll-editor-band.ll-editor-error-line")
        assert band.is_visible() and band.get_attribute("data-ll-line") == str(line)
        # the band lies on the line's row: the caret's row, the text scrolled to show it
        row = box.evaluate("box => parseFloat(getComputedStyle(box).lineHeight)")
        band_top = band.bounding_box()["y"]
        expected = box.evaluate(
            "(box, line) => box.getBoundingClientRect().top + box.clientTop"
            " + parseFloat(getComputedStyle(box).paddingTop)"
            " + (line - 1) * parseFloat(getComputedStyle(box).lineHeight)"
            " - box.scrollTop",
            line,
        )
        assert abs(band_top - expected) < 2 and band.bounding_box()["height"] == pytest.approx(row, abs=1)
        # the last good replay stays, dimmed, under the error
        assert out.locator(".ll-editor-stale .ll-replay").count() == 1 and step_of(player) == 2
        assert "before the mistake" in out.locator(".ll-editor-stale-note").inner_text()
        page.screenshot(path=str(tmp_path / "editor-broken-projector.png"))

        # "Go to line 35, column 15": the caret there, from wherever it was.
        box.evaluate("box => { box.setSelectionRange(0, 0); box.scrollTop = 0; box.blur(); }")
        go = error.locator("[data-ll-action=go-to-error]")
        assert go.inner_text() == f"Go to line {line}, column {column}"
        go.click()
        assert caret(box) == at and page.evaluate("() => document.activeElement.tagName") == "TEXTAREA"
        assert band.is_visible()

        # Fixed: the replay follows the text again, at the step it showed.
        box.evaluate("(box, at) => box.setSelectionRange(at, at + 1)", at)
        page.keyboard.type("K")
        out.locator(".ll-editor-replay:not(.ll-editor-stale) .ll-replay").wait_for(timeout=CHECK_MS)
        assert error.count() == 0 and not band.is_visible()
        assert step_of(out.locator(".ll-replay")) == 2
        assert box.input_value() == text

        # A phone held upright: the text first, the replay under it.
        page.set_viewport_size({"width": 360, "height": 740})
        text_box, replay_box = box.bounding_box(), out.locator(".ll-replay").bounding_box()
        assert replay_box["y"] >= text_box["y"] + text_box["height"]
        assert text_box["x"] + text_box["width"] <= 360 and replay_box["x"] + replay_box["width"] <= 360
        # A wrong indentation, typed: located at the line that does not line up.
        at = text.index("  Carla:")
        line, _ = place(text, at)
        box.evaluate("(box, at) => { box.focus(); box.setSelectionRange(at, at); }", at)
        page.keyboard.type(" ")
        out.locator(f".ll-editor-error[data-ll-error-line='{line}'][data-ll-error-column='4']").wait_for(
            timeout=CHECK_MS
        )
        assert band.get_attribute("data-ll-line") == str(line) and caret(box) == at + 1
        page.screenshot(path=str(tmp_path / "editor-broken-phone.png"), full_page=True)
        log.assert_clean()
        context.close()


#: The contrast of a text with the first opaque background behind it (WCAG's relative luminance).
CONTRAST = """element => {
  const rgb = text => text.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => v / 255)
    .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  let behind = element, bg;
  while (behind && (bg = rgb(getComputedStyle(behind).backgroundColor)).length === 4 && bg[3] === 0)
    behind = behind.parentElement;
  if (!behind) bg = [255, 255, 255];
  const [a, b] = [lum(rgb(getComputedStyle(element).color)), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_checkers_words_read_in_dark_mode_and_its_file_button_speaks_the_readers_language(
    book_html, chromium, lang
):
    """On a phone in dark mode the checker's "Open a scenario file" was dark grey on the dark page
    (1.3:1), beside the browser's own "Choose File" in the browser's language."""
    from lingerlonger.words.i18n import translate

    with serve(book_html) as base:
        context = chromium.new_context(viewport={"width": 360, "height": 740}, color_scheme="dark")
        page = context.new_page()
        page.goto(base + (CHECKER if lang == "en" else f"{lang}/{CHECKER}"))
        page.evaluate("document.documentElement.dataset.theme = 'dark'")
        form = page.locator("[data-ll-checker]")
        for words in (
            form.locator(".ll-editor-label"),
            form.locator(".ll-checker-file span"),
            form.locator(".ll-checker-status"),
        ):
            words.evaluate("e => e.textContent || (e.textContent = 'x')")
            assert words.evaluate(CONTRAST) >= 4.5, words.evaluate("e => e.className || e.parentElement.className")
        button = form.locator(".ll-checker-file")
        assert button.inner_text().strip() == translate("ui.upload", lang)
        assert button.locator("input[type=file]").evaluate("e => getComputedStyle(e).opacity") == "0"
        box = button.bounding_box()
        assert box["height"] >= 24 and box["width"] >= 24
        context.close()


def test_make_this_a_task_by_keyboard_puts_a_task_in_the_text_at_the_step_shown(book_html, chromium):
    """A position pasted, its replay stepped to B's turn, and "Make this a task" pressed with
    the keyboard: the box then holds a task for B there, the engine's right answer, and checks."""
    text = LESSON.read_text(encoding="utf-8")
    with serve(book_html) as base:
        context, page, log, form, box, out, player = checker_with(chromium, base, text)
        player.locator("[data-go=next]").click()
        assert step_of(player) == 1
        form.locator("[data-ll-action=make-task]").focus()
        page.keyboard.press("Enter")
        page.wait_for_function("box => box.value.includes('task:')", arg=box.element_handle(), timeout=CHECK_MS)
        out.locator(".ll-replay .ll-counter").wait_for(state="visible", timeout=CHECK_MS)
        assert form.locator(".ll-checker-status").inner_text().strip()  # checked again: the file loads
        [lesson] = loads(box.input_value())
        assert replay(lesson).ok
        [task] = [step.task for step in lesson.steps if step.task is not None]
        shown = replay(load(LESSON)[0]).frames[1].state
        assert task.accept and task.seat == shown.players[shown.to_act]
        log.assert_clean()
        context.close()
