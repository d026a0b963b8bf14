"""The Voilà app's page, as chromium's console sees it: no warning and no error while it loads
and while each tab is opened (Voilà's JupyterLab, its widget manager and jupyterlab_widgets must
agree on versions: book/app/constraints.txt pins the three together), and the file button reads
"Open a scenario file" in the reader's language, never "(0)" after it.

Voilà is started like `make app` does, by the ``voila_app`` fixture of conftest.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROUND_TRIP_MS, VOILA_READY_MS

from lingerlonger.words.i18n import LANGUAGES, translate, ui

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
LESSON = REPO / "scenarios" / "06-last-card-saves.yaml"


def console_of(page) -> list[str]:
    """Every warning and error the page's console gets from now on."""
    said: list[str] = []
    page.on(
        "console",
        lambda msg: (
            msg.type in ("warning", "error") and said.append(f"{msg.type}: {msg.text} at {msg.location.get('url')}")
        ),
    )
    page.on("pageerror", lambda error: said.append(f"uncaught: {error}"))
    return said


def open_app_in(page, url: str, lang: str) -> None:
    page.goto(f"{url}?lang={lang}", wait_until="load", timeout=VOILA_READY_MS)
    page.locator(".ll-go-next").first.wait_for(state="visible", timeout=VOILA_READY_MS)


def test_the_app_loads_and_opens_every_tab_with_no_console_warning(voila_app, browser_page):
    page, log = browser_page
    said = console_of(page)
    open_app_in(page, voila_app, "ru")
    tabs = (".ll-browser", ".ll-hand-player", ".ll-family-table", ".ll-position-editor", ".ll-learn-tab")
    for tab, shown in enumerate(tabs):
        page.locator(".ll-app .lm-TabBar-tab").nth(tab).click()
        page.locator(shown).wait_for(state="visible", timeout=ROUND_TRIP_MS)
    # the Learn tab answers: a tap on an answer button, its verdict said
    page.locator(".ll-learn-tab .ll-answers button").first.click()
    page.locator(".ll-learn-tab .ll-feedback").wait_for(state="visible", timeout=ROUND_TRIP_MS)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1000)
    assert not said, (
        "the app's page logs:\n"
        + "\n".join(said)
        + "\n(version warnings: are book/app/constraints.txt's versions installed? "
        "pip install -r requirements.lock)"
    )
    log.assert_clean()


def upload_words(page) -> str:
    return page.locator(".ll-app .widget-upload").inner_text().strip()


def test_the_file_button_says_what_it_does_in_each_language_with_no_count(voila_app, browser_page):
    page, log = browser_page
    open_app_in(page, voila_app, "ru")
    button = page.locator(".ll-app .widget-upload")
    assert upload_words(page) == ui("upload", "ru")
    for lang in LANGUAGES:
        page.locator(".ll-app-language select").select_option(label=translate("language.name", lang))
        button.filter(has_text=re.compile(rf"^\W*{re.escape(ui('upload', lang))}$")).wait_for(timeout=ROUND_TRIP_MS)
        page.wait_for_timeout(100)  # the count would come with the same redraw
        assert upload_words(page) == ui("upload", lang), lang
    with page.expect_file_chooser() as chooser:
        button.click()
    chooser.value.set_files(str(LESSON))
    page.locator(".ll-browser .ll-message").first.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    page.wait_for_timeout(300)
    assert upload_words(page) == ui("upload", LANGUAGES[-1])  # the message line says which file
    log.assert_clean()
