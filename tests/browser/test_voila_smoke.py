"""The Voila app (book/app/app.md, served as by `make app`) works offline.

The ``voila_app`` fixture (conftest.py) starts Voila like `make app` does and yields its URL.
"""

from __future__ import annotations

import re

import pytest
from conftest import VOILA_READY_MS

from lingerlonger.words.i18n import translate, ui

pytestmark = pytest.mark.browser


#: Each icon shown (ipywidgets' <i class="fa fa-NAME">): its classes, the drawing its mask
#: shows (static/icons.css) and the size of that drawing.
SHOWN_ICONS = """() => [...document.querySelectorAll('.fa')].filter(icon => icon.offsetParent).map(icon => {
  const drawn = getComputedStyle(icon, '::before');
  return [icon.className, drawn.maskImage || drawn.webkitMaskImage,
          parseFloat(drawn.width), parseFloat(drawn.height)];
})"""
FONT_FILE = re.compile(r"\.(woff2?|ttf|otf|eot)(\?|$)")


def test_app_shows_its_widgets_without_leaving_the_machine(voila_app, browser_page):
    page, log = browser_page
    page.goto(voila_app, wait_until="load", timeout=VOILA_READY_MS)

    # Voila runs the notebook in a kernel, then the widget manager draws its outputs.
    page.locator(".jupyter-widgets").first.wait_for(state="visible", timeout=VOILA_READY_MS)
    page.wait_for_load_state("networkidle")

    # Each icon is its SVG file of the linger template, and no icon font is loaded. (The play
    # tab's settings are an Accordion: ipywidgets gives it a caret icon.)
    icons = page.evaluate(SHOWN_ICONS)
    page.get_by_role("tab", name=ui("tab-play", "en")).click()
    page.locator(".fa-caret-right").first.wait_for(state="visible", timeout=VOILA_READY_MS)
    icons += page.evaluate(SHOWN_ICONS)
    assert {"fa-step-forward", "fa-folder-open", "fa-caret-right"} <= {
        name for classes, *_ in icons for name in classes.split()
    }
    for classes, mask, width, height in icons:
        name = re.search(r"\bfa-(?!fw\b)([a-z-]+)", classes).group(1)
        assert mask.endswith(f'/voila/templates/linger/static/icons/{name}.svg")'), (classes, mask)
        assert width > 0 and height > 0, classes
    assert any(url.endswith("/voila/templates/linger/static/icons/step-forward.svg") for url in log.requests)
    assert not [url for url in log.requests if FONT_FILE.search(url)], "the page loaded a font"
    log.assert_clean()


def test_a_link_with_lang_opens_the_app_in_that_language(voila_app, browser_page):
    page, log = browser_page
    page.goto(voila_app + "?lang=ru", wait_until="load", timeout=VOILA_READY_MS)
    next_word = re.compile(rf"^\W*{ui('next-short', 'ru')}$")
    page.get_by_role("button", name=next_word).wait_for(state="visible", timeout=VOILA_READY_MS)
    assert page.get_by_role("tab", name=ui("tab-play", "ru")).is_visible()
    menu = page.locator(".ll-app-language select")
    assert menu.evaluate("select => select.selectedOptions[0].textContent") == translate("language.name", "ru")
    # The page itself (the linger template): its language, and the game's name in the tab.
    assert page.evaluate("[document.documentElement.lang, document.title]") == ["ru", translate("game.name", "ru")]
    log.assert_clean()
