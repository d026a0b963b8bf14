"""The published book offline (`make book` first), as a classroom uses it:

* served, one visit keeps the page it opened, nothing more: with the network cut, the page
  opens again and its replay steps;
* "Keep this book offline" (every page's footer) keeps the whole site, every language and
  live mode, with its size, its progress and a done state; then a page never visited, in
  another language, opens with the network cut, and live mode starts there;
* a newly published build replaces the copy, downloading only what changed;
* opened as a file (the site copied to a USB stick), every replay steps, and what needs a
  server (live mode, the checker, the position editor, keeping the book) says so in the
  reader's language, with the command that serves the site."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
from conftest import REPO, counter, counting, first_visit, go_live, record, serve, take_new_worker

from lingerlonger.words.i18n import template, translate

pytestmark = pytest.mark.browser

CACHES = "() => caches.keys()"
CACHED = (
    "() => caches.keys().then(names => caches.open(names[0]))"
    ".then(cache => cache.keys()).then(requests => requests.map(request => request.url))"
)
PHONE = {"width": 360, "height": 740}
CHAPTER = {"en": "book/02-dealing.html", "ru": "ru/book/02-dealing.html"}


def replay_chapter(site) -> str:
    """A chapter (not the one first opened) with a replay in it."""
    return next(
        path.relative_to(site).as_posix()
        for path in sorted((site / "book").glob("*.html"))
        if 'class="ll-replay"' in path.read_text(encoding="utf-8") and path.name != "index.html"
    )


def steps(player, lang: str) -> None:
    """The replay loads, and Next shows the next step: the counter moves on, the table changes."""
    player.scroll_into_view_if_needed()
    player.locator(".ll-counter").wait_for(state="visible", timeout=15_000)
    stage = player.locator(".ll-stage")
    before, at = stage.inner_html(), counter(player)
    player.locator("[data-go=next]").click()
    assert counter(player) == at + 1
    assert stage.inner_html() != before
    word = template("ui.counter", lang).split("{", 1)[0].strip()  # "step", "шаг"
    assert player.locator(".ll-counter").inner_text().startswith(word)


def test_after_one_visit_the_page_and_its_replay_work_with_the_network_cut(book_html, chromium, tmp_path):
    with serve(book_html) as base:
        chapter = replay_chapter(book_html)
        context, page, log = first_visit(chromium, base + chapter)
        shown = page.locator(".ll-replay").first
        shown.scroll_into_view_if_needed()  # its frames load when it shows: kept then
        shown.locator(".ll-counter").wait_for(state="visible", timeout=20_000)
        [cache] = page.evaluate(CACHES)
        context.set_offline(True)
        response = page.goto(base + chapter, wait_until="load")
        assert response is not None and response.ok and response.from_service_worker
        player = page.locator(".ll-replay").first
        player.scroll_into_view_if_needed()
        counter = player.locator(".ll-counter")
        counter.wait_for(state="visible", timeout=20_000)
        player.locator("[data-go=next]").click()
        assert counter.inner_text().startswith("step 1 of")
        page.screenshot(path=str(tmp_path / "offline.png"))
        assert page.evaluate(CACHES) == [cache]
        log.assert_clean()
        context.close()


LEARN = "ru/book/learn.html"
#: The exercises whose bodies wait in their unit's file: [task id, the file's address], one a unit.
UNIT_TASKS = """() => [...new Map([...document.querySelectorAll('[data-ll-task]:not([data-ll-review-of])')]
    .map(task => [task.querySelector(':scope > template[data-ll-task-body]'), task.dataset.llTask])
    .filter(([body]) => body && body.dataset.llSrc).map(([body, id]) => [body.dataset.llSrc, id])).entries()]
    .map(([src, id]) => [id, src])"""


def test_a_learn_unit_loaded_online_is_drawn_offline_and_one_never_loaded_says_so(book_html, chromium):
    with serve(book_html) as base:
        context, page, log = first_visit(chromium, base + LEARN, viewport=PHONE)
        (loaded, src), (never, _) = page.evaluate(UNIT_TASKS)[:2]
        page.locator(f'[data-ll-goto="{loaded}"]').click()
        page.locator(f'[data-ll-task="{loaded}"] .ll-answers button').first.wait_for()
        name = src.rsplit("/", 1)[1]
        page.wait_for_function(f"() => ({CACHED})().then(urls => urls.some(url => url.endsWith('/{name}')))")
        context.set_offline(True)
        assert page.url.endswith("#ll-task-" + loaded)  # the address names it: drawn at once on a reload
        response = page.reload(wait_until="load")
        assert response is not None and response.from_service_worker
        page.locator(f'[data-ll-task="{loaded}"] .ll-answers button').first.wait_for()
        page.evaluate("id => { location.hash = 'll-task-' + id; }", never)  # its unit's file was never loaded
        line = page.locator(f'[data-ll-task="{never}"] .ll-task-loading')
        line.locator("[data-ll-action=unit-retry]").wait_for()
        assert translate("learn.unit-failed", "ru") in line.inner_text()
        assert log.page_errors == [] and log.external_requests() == []
        context.close()


def test_keep_this_book_offline_keeps_the_whole_site_and_live_mode(book_html, chromium, tmp_path):
    with serve(book_html) as base:
        context, page, log = first_visit(chromium, base + "ru/book/index.html", viewport=PHONE)
        control = page.locator("[data-ll-keep]")
        button = control.locator("[data-ll-action=keep-offline]")
        button.scroll_into_view_if_needed()
        assert button.inner_text() == translate("site.keep-offline", "ru")
        assert re.search(r"\d+ МБ", control.locator(".ll-keep-size").inner_text())
        page.screenshot(path=str(tmp_path / "keep-ru-phone.png"))
        # Every status the control shows, as it shows it.
        page.evaluate(
            """el => { window.llSeen = [];
            new MutationObserver(() => window.llSeen.push(el.textContent))
              .observe(el, {childList: true, characterData: true, subtree: true}); }""",
            control.locator(".ll-keep-status").element_handle(),
        )
        button.click()
        page.wait_for_selector("[data-ll-keep][data-ll-kept=whole]", timeout=240_000)
        assert control.locator(".ll-keep-status").inner_text() == translate("site.keep-done", "ru")
        progress = template("site.keep-progress", "ru").split("{", 1)[0]
        assert any(seen.startswith(progress) for seen in page.evaluate("window.llSeen"))
        assert button.is_hidden()
        page.screenshot(path=str(tmp_path / "keep-ru-phone-done.png"))

        kept = {url[len(base) :] for url in page.evaluate(CACHED)}
        listed = re.findall(r'^\["([^"]+)"', (book_html / "sw.js").read_text(encoding="utf-8"), re.M)
        every = {path.relative_to(book_html).as_posix() for path in book_html.rglob("*") if path.is_file()}
        assert len(listed) > 300 and set(listed) <= every and not set(listed) - kept
        assert {"_live/pyodide/pyodide.asm.wasm", "book/07-endings.html", "handouts/index.html"} <= kept
        units = {name for name in every if re.fullmatch(r"(\w\w/)?_static/learn/\w\w-[\w-]+\.[0-9a-f]{12}\.js", name)}
        assert len(units) >= 10 and units <= kept  # every Learn unit's file, of every language built

        context.set_offline(True)
        response = page.goto(base + "book/07-endings.html", wait_until="load")  # never visited, another language
        assert response is not None and response.ok and response.from_service_worker
        steps(page.locator(".ll-replay").first, "en")
        player = go_live(page)
        assert player.get_attribute("data-ll-live") == "ready"
        log.assert_clean()
        context.close()


def test_a_new_build_replaces_the_offline_copy_downloading_only_what_changed(book_html, chromium, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(book_html, site)
    handler = counting()
    with serve(site, handler) as base:
        context, page, log = first_visit(chromium, base + "book/index.html")
        page.locator("[data-ll-action=keep-offline]").click()
        page.wait_for_selector("[data-ll-keep][data-ll-kept=whole]", timeout=240_000)
        [old] = page.evaluate(CACHES)
        chapter = site / "book" / "03-trump.html"
        chapter.write_text(
            chapter.read_text(encoding="utf-8").replace("</body>", "<p id=new-build>new</p></body>"), encoding="utf-8"
        )
        run = subprocess.run(
            [sys.executable, str(REPO / "book" / "_ext" / "site_pack.py"), str(site)], capture_output=True, text=True
        )
        assert run.returncode == 0, run.stderr
        new = "ll-site-" + re.search(r"var VERSION = '(\w+)'", (site / "sw.js").read_text()).group(1)
        assert new != old
        handler.sent.clear()
        take_new_worker(page)  # it carried the copy over, then dropped the old one
        assert page.evaluate(CACHES) == [new]
        assert {path for path, _ in handler.sent} == {"sw.js", "book/03-trump.html"}, sorted(
            path for path, _ in handler.sent
        )
        context.set_offline(True)
        page.goto(base + "book/03-trump.html", wait_until="load")
        assert page.locator("#new-build").count() == 1, "the offline copy is the old build"
        page.goto(base + "ru/book/05-drawing.html", wait_until="load")  # kept whole, still whole
        log.assert_clean()
        context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_opened_as_a_file_every_replay_of_a_chapter_steps(book_html, browser_page, lang):
    page, log = browser_page
    page.goto((book_html / CHAPTER[lang]).as_uri(), wait_until="load")
    players = page.locator(".ll-replay")
    assert players.count() >= 2
    for at in range(players.count()):
        steps(players.nth(at), lang)
    assert "Failed to fetch" not in page.locator("body").inner_text()
    log.assert_clean()


def test_opened_as_a_file_what_needs_a_server_says_so_in_russian(book_html, chromium, tmp_path):
    context = chromium.new_context(viewport=PHONE)
    page = context.new_page()
    log = record(page)
    folder = str(book_html)

    def said(note) -> str:
        note.wait_for(state="visible", timeout=10_000)
        text = note.inner_text()
        assert "make serve" in text and f"python3 -m http.server -d {folder}" in text, text
        assert "http://localhost:8000/" in text and "веб-сервер" in text, text
        return text

    page.goto((book_html / CHAPTER["ru"]).as_uri(), wait_until="load")
    player = page.locator(".ll-replay").first
    steps(player, "ru")
    player.locator("[data-ll-action=live]").click()
    text = said(player.locator(".ll-needs-server"))
    assert text.startswith(translate("site.needs-server-live", "ru"))
    page.screenshot(path=str(tmp_path / "file-live-ru.png"))

    control = page.locator("[data-ll-keep]")
    control.locator("[data-ll-action=keep-offline]").click()
    assert said(control.locator(".ll-needs-server")).startswith(translate("site.needs-server-keep", "ru"))

    page.goto((book_html / "ru/book/check-a-scenario.html").as_uri(), wait_until="load")
    said(page.locator("[data-ll-checker] .ll-needs-server"))

    page.goto((book_html / "ru/book/set-up-a-position.html").as_uri(), wait_until="load")
    page.locator("[data-ll-deck-card]").first.click()
    status = page.locator(".ll-position-status")
    page.wait_for_function("el => el.textContent.includes('make serve')", arg=status.element_handle())
    assert "веб-сервер" in status.inner_text()
    log.assert_clean()
    context.close()
