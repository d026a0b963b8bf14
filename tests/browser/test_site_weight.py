"""The published site stays light (bench/site.py prints the figures): the gallery's replays
are fetched one by one when opened, every page shares one copy of the player's script, and
nothing unused is published."""

from __future__ import annotations

import pytest

from conftest import BOOK_HTML

pytestmark = pytest.mark.browser

GALLERY = "book/11-gallery.html"


def test_the_gallery_fetches_a_replay_only_when_it_is_opened(book_site, book_html, browser_page):
    page, log = browser_page
    page.goto(book_site + GALLERY, wait_until="load")
    page.wait_for_load_state("networkidle")
    replays = page.locator(".ll-replay")
    assert replays.count() >= 20
    assert not [url for url in log.requests if "/replays/" in url], "replays fetched before opening"
    html = (book_html / GALLERY).read_text(encoding="utf-8")
    assert html.count("ll-replay.js") == 1 and "data-ll-asset" not in html and "<template" not in html

    item = page.locator("details.ll-gallery-item").nth(2)
    item.locator("summary").click()
    player = item.locator(".ll-replay")
    player.locator(".ll-counter").wait_for(state="visible", timeout=20_000)
    assert len([url for url in log.requests if "/replays/" in url]) == 1
    before = player.locator(".ll-stage").inner_html()
    player.get_by_role("button", name="Next step").click()
    assert player.locator(".ll-counter").inner_text().startswith("step 1 of")
    assert player.locator(".ll-stage").inner_html() != before
    log.assert_clean()


def test_the_site_publishes_no_unused_file(book_html):
    published = [path.relative_to(book_html).as_posix() for path in book_html.rglob("*") if path.is_file()]
    unused = [name for name in published
              if name.endswith((".map", ".po", ".mo", ".inv")) or name.startswith(("_sources/", "_static/vendor/"))
              or name.endswith("fontawesome.js")]
    assert not unused, f"published but never used: {unused[:10]}"
    assert (BOOK_HTML / "_static" / "ll-replay.js").is_file()
