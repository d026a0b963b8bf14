"""The Voila app (book/app/app.md, served as by `make app`) works offline.

The ``voila_app`` fixture (conftest.py) starts Voila like `make app` does and yields its URL.
"""

from __future__ import annotations

import re

import pytest
from conftest import VOILA_READY_MS

from lingerlonger.words.i18n import translate, ui

pytestmark = pytest.mark.browser


def test_app_shows_its_widgets_without_leaving_the_machine(voila_app, browser_page):
    page, log = browser_page
    page.goto(voila_app, wait_until="load", timeout=VOILA_READY_MS)

    # Voila runs the notebook in a kernel, then the widget manager draws its outputs.
    page.locator(".jupyter-widgets").first.wait_for(state="visible", timeout=VOILA_READY_MS)
    page.wait_for_load_state("networkidle")

    assert any("/voila/templates/linger/static/vendor/fontawesome/" in url for url in log.requests), (
        "Font Awesome should come from the linger template"
    )
    log.assert_clean()


def test_a_link_with_lang_opens_the_app_in_that_language(voila_app, browser_page):
    page, log = browser_page
    page.goto(voila_app + "?lang=ru", wait_until="load", timeout=VOILA_READY_MS)
    next_word = re.compile(rf"^\W*{ui('next-short', 'ru')}$")  # after the Font Awesome glyph
    page.get_by_role("button", name=next_word).wait_for(state="visible", timeout=VOILA_READY_MS)
    assert page.get_by_role("tab", name=ui("tab-play", "ru")).is_visible()
    menu = page.locator(".ll-app-language select")
    assert menu.evaluate("select => select.selectedOptions[0].textContent") == translate("language.name", "ru")
    # The page itself (the linger template): its language, and the game's name in the tab.
    assert page.evaluate("[document.documentElement.lang, document.title]") == ["ru", translate("game.name", "ru")]
    log.assert_clean()
