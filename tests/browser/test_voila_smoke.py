"""The Voila app (book/app/app.md, served as by `make app`) works offline.

The ``voila_app`` fixture (conftest.py) starts Voila like `make app` does and yields its URL.
"""

from __future__ import annotations

import pytest

from conftest import VOILA_READY_MS

pytestmark = pytest.mark.browser


def test_app_shows_its_widgets_without_leaving_the_machine(voila_app, browser_page):
    page, log = browser_page
    page.goto(voila_app, wait_until="load", timeout=VOILA_READY_MS)

    # Voila runs the notebook in a kernel, then the widget manager draws its outputs.
    page.locator(".jupyter-widgets").first.wait_for(state="visible", timeout=VOILA_READY_MS)
    page.wait_for_load_state("networkidle")

    assert any("/voila/templates/linger/static/vendor/fontawesome/" in url for url in log.requests), \
        "Font Awesome should come from the linger template"
    log.assert_clean()
