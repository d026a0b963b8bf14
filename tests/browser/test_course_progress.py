"""The course's progress panel in a browser, on a phone (360×740), in Russian: on the built
Learn page (`make book` first), and on a minimal course page (tests/browser/pages/
progress_panel.html) made into an offline site by the book's own site_offline.py, so that the
service worker, the files and the panel are those of the book.

On the built Russian Learn page: an exercise answered right, then a reload with the network
cut keeps it done; export, reset and import bring it back; a tampered file is refused with
nothing changed.

On the minimal page:

* a reload with the network cut keeps the progress, and so does a new build (a task gone, a
  task added: the ids that stay keep their progress);
* export, reset (asked first) and import bring it back; a tampered file is refused with a
  Russian message and nothing changed; a link carries the progress to a new browser;
* every control is reached with Tab and has a name; Escape answers "keep it" to the reset.
"""

from __future__ import annotations

import contextlib
import json
import sys
from datetime import datetime
from pathlib import Path

import jinja2
import pytest
from conftest import REPO, first_visit, serve, take_new_worker, unavailable
from markupsafe import Markup

from lingerlonger.views.course_progress import (
    PROGRESS_CSS,
    PROGRESS_CSS_NAME,
    PROGRESS_JS,
    PROGRESS_JS_NAME,
    progress_panel_html,
)
from lingerlonger.words.i18n import translate

sys.path.insert(0, str(REPO / "book" / "_ext"))
from site_offline import keep_control_html, make_offline

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "accept_downloads": True}
PAGE = "ru/book/learn.html"
ORDER = ["deal-1", "deal-2", "trump-1", "trump-2"]
PANEL = "[data-ll-progress-panel]"
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
STATUS, ALERT = "[data-ll-progress-status]", "[data-ll-progress-alert]"


def build_site(site: Path, order: list[str]) -> None:
    """The test course as a published site: its page, the shared files, the offline worker."""
    (site / "_static").mkdir(parents=True, exist_ok=True)
    (site / "_static" / PROGRESS_JS_NAME).write_text(PROGRESS_JS, encoding="utf-8")
    (site / "_static" / PROGRESS_CSS_NAME).write_text(PROGRESS_CSS, encoding="utf-8")
    page = site / PAGE
    page.parent.mkdir(parents=True, exist_ok=True)
    template = jinja2.Environment(loader=jinja2.FileSystemLoader(Path(__file__).parent / "pages"), autoescape=True)
    page.write_text(
        template.get_template("progress_panel.html").render(
            lang="ru",
            root="../../",
            order=order,
            reviews=order[1:2],
            panel=progress_panel_html("ru", order=order),
            keep=Markup(keep_control_html("ru")),
        ),
        encoding="utf-8",
    )
    make_offline(site, [page])


@pytest.fixture
def site(tmp_path):
    folder = tmp_path / "site"
    build_site(folder, ORDER)
    with serve(folder) as base:
        yield folder, base


def solve(page, task: str, stars: int, mistakes: int = 0, hints: int = 0) -> None:
    """What the Learn page does once a task is solved."""
    page.evaluate(
        "([id, stars, mistakes, hints]) => document.querySelector('[data-ll-progress-panel]')"
        ".llProgress.record(id, {stars, mistakes, hints})",
        [task, stars, mistakes, hints],
    )


def done_of(page) -> tuple[str, str, str]:
    bar = page.locator("[data-ll-progress]")
    return bar.get_attribute("data-done"), bar.get_attribute("data-total"), bar.inner_text().strip()


def said(page, region: str, expected: str | None = None) -> str:
    """What ``region`` says once it says something, or ``expected`` when given: a new message
    replaces the one before it, which a read in between would take for the answer. (If it never
    says ``expected``, the caller's assert shows what it says.)"""
    with contextlib.suppress(Exception):  # playwright's TimeoutError: the assert says the rest
        page.wait_for_function(
            "([region, expected]) => { const said = document.querySelector(region).innerText.trim();"
            " return expected === null ? said !== '' : said === expected; }",
            arg=[region, expected],
            timeout=10_000,
        )
    return page.locator(region).inner_text()


def asked_and_loaded(page, *changes: str) -> None:
    """A file or a link read: the panel asks first, saying what would change (``changes``, in
    order), with "Don't load" focused, and nothing is written until the reader says yes."""
    ask = page.locator("[data-ll-import-ask]")
    ask.wait_for(state="visible", timeout=10_000)
    assert page.evaluate("() => document.activeElement.dataset.llAction") == "import-no"
    assert ask.locator("[data-ll-import-changes] li").all_inner_texts() == list(changes)
    page.locator("[data-ll-action=import-yes]").click()
    assert ask.is_hidden()
    assert page.evaluate("() => document.activeElement.dataset.llAction") == "import-undo"


def stored(page) -> str | None:
    return page.evaluate("() => localStorage.getItem('ll-course-progress')")


def answer_right(page) -> str:
    """Answers the exercise on screen with a right answer, as a learner taps it; its id."""
    task_id = page.locator("[data-ll-task]:visible").first.get_attribute("data-ll-task")
    task = page.locator(f'[data-ll-task="{task_id}"]')
    data = json.loads(task.locator("script.ll-task-data").text_content())
    assert data["kind"] != "seats", "the course opens with an exercise answered by one tap"
    right = {answer for answer, (ok, _) in data["verdicts"].items() if ok}
    for button in task.locator(".ll-answers button").all():
        values = button.evaluate("b => [...b.attributes].filter(a => a.name.startsWith('data-ll-')).map(a => a.value)")
        if right & set(values):
            button.click()
            break
    else:
        raise AssertionError(f"no button answers {right}")
    page.wait_for_function(
        "id => document.querySelector(`[data-ll-task='${id}']`).dataset.llState === 'done'", arg=task_id
    )
    return task_id


@pytest.fixture
def learn_site(book_html):
    if not (book_html / PAGE).is_file():
        unavailable(f"{PAGE} is not built (the Learn page, branch learn-page): run `make book`")
    with serve(book_html) as base:
        yield base


def test_on_the_learn_page_progress_stays_offline_and_moves_by_file(learn_site, chromium, tmp_path):
    context, page, log = first_visit(chromium, learn_site + PAGE, **PHONE)
    task = answer_right(page)
    done = page.locator("[data-ll-progress]").get_attribute("data-done")
    assert int(done) >= 1
    context.set_offline(True)
    response = page.reload(wait_until="load")
    assert response is not None and response.ok and response.from_service_worker
    assert page.locator(f'[data-ll-task="{task}"]').get_attribute("data-ll-state") == "done"
    assert page.locator("[data-ll-progress]").get_attribute("data-done") == done

    with page.expect_download() as download:
        page.locator("[data-ll-action=export]").click()
    saved = tmp_path / "progress.json"
    download.value.save_as(saved)
    before = stored(page)
    page.locator("[data-ll-action=reset]").click()
    page.locator("[data-ll-action=reset-yes]").click()
    assert page.locator("[data-ll-progress]").get_attribute("data-done") == "0"
    assert page.locator(f'[data-ll-task="{task}"]').get_attribute("data-ll-state") is None
    page.locator("[data-ll-action=import]").set_input_files(str(saved))
    asked_and_loaded(page, translate("progress.import-done", "ru", count=int(done)))
    assert said(page, STATUS, expected := translate("progress.imported", "ru", count=int(done))) == expected
    assert page.locator(f'[data-ll-task="{task}"]').get_attribute("data-ll-state") == "done"
    assert stored(page) == before

    file = json.loads(saved.read_text(encoding="utf-8"))
    file["data"]["tasks"]["never-solved"] = file["data"]["tasks"][task]  # progress not earned
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(file), encoding="utf-8")
    page.locator("[data-ll-action=import]").set_input_files(str(tampered))
    assert said(page, ALERT, expected := translate("progress.refused-checksum", "ru")) == expected
    assert stored(page) == before
    assert page.locator("[data-ll-progress]").get_attribute("data-done") == done
    log.assert_clean()
    context.close()


def test_a_reload_with_the_network_cut_and_a_new_build_keep_the_progress(site, chromium):
    folder, base = site
    context, page, log = first_visit(chromium, base + PAGE, **PHONE)
    assert done_of(page) == ("0", "4", translate("progress.count", "ru", done=0, total=4))
    solve(page, "deal-1", 3)
    solve(page, "trump-1", 2, mistakes=1)
    assert done_of(page) == ("2", "4", "Сделано 2 из 4")
    context.set_offline(True)
    response = page.reload(wait_until="load")
    assert response is not None and response.ok and response.from_service_worker
    assert done_of(page) == ("2", "4", "Сделано 2 из 4")
    page.locator("[data-ll-action=continue]").click()  # after trump-1, the next undone one
    assert page.evaluate("() => document.activeElement.dataset.llTask") == "trump-2"
    context.set_offline(False)

    build_site(folder, ["deal-1", "deal-3", "trump-1", "trump-2", "follow-1"])  # deal-2 gone, two new
    take_new_worker(page)
    page.reload(wait_until="load")
    assert done_of(page) == ("2", "5", "Сделано 2 из 5")
    log.assert_clean()
    context.close()


def test_export_reset_import_and_a_tampered_file(site, chromium, tmp_path):
    _, base = site
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    page.goto(base + PAGE, wait_until="load")
    solve(page, "deal-1", 3)
    solve(page, "deal-2", 1, mistakes=2, hints=1)
    with page.expect_download() as download:
        page.locator("[data-ll-action=export]").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name.startswith("linger-longer-progress-") and saved.suffix == ".json"
    assert said(page, STATUS, expected := translate("progress.exported", "ru", name=saved.name)) == expected
    before = stored(page)

    page.locator("[data-ll-action=reset]").click()
    ask = page.locator("[data-ll-reset-ask]")
    assert ask.is_visible() and translate("progress.reset-ask", "ru") in ask.inner_text()
    assert page.evaluate("() => document.activeElement.dataset.llAction") == "reset-no"
    page.keyboard.press("Escape")  # "keep it"
    assert ask.is_hidden() and done_of(page)[0] == "2"
    page.locator("[data-ll-action=reset]").click()
    page.locator("[data-ll-action=reset-yes]").click()
    assert done_of(page)[:2] == ("0", "4")
    assert said(page, STATUS, expected := translate("progress.reset-done", "ru")) == expected

    page.locator("[data-ll-action=import]").set_input_files(str(saved))
    asked_and_loaded(page, "ещё 2 сделанных упражнения")
    assert said(page, STATUS, expected := translate("progress.imported", "ru", count=2)) == expected
    assert done_of(page)[:2] == ("2", "4")
    assert stored(page) == before
    page.locator("[data-ll-action=import]").set_input_files(str(saved))  # again: nothing to load, nothing asked
    assert said(page, STATUS, expected := translate("progress.import-nothing", "ru")) == expected
    assert page.locator("[data-ll-import-ask]").is_hidden()

    file = json.loads(saved.read_text(encoding="utf-8"))
    file["data"]["tasks"]["deal-2"]["s"] = 3  # more stars than earned: the checksum no longer matches
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(file), encoding="utf-8")
    page.locator("[data-ll-action=import]").set_input_files(str(tampered))
    assert said(page, ALERT, expected := translate("progress.refused-checksum", "ru")) == expected
    assert stored(page) == before and done_of(page)[:2] == ("2", "4")
    broken = tmp_path / "broken.json"
    broken.write_text(saved.read_text(encoding="utf-8")[:-20], encoding="utf-8")
    page.locator("[data-ll-action=import]").set_input_files(str(broken))
    assert said(page, ALERT, expected := translate("progress.refused-json", "ru")) == expected
    assert stored(page) == before
    context.close()


def test_a_link_carries_the_progress_to_another_browser(site, chromium):
    _, base = site
    context = chromium.new_context(**PHONE)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(base + PAGE, wait_until="load")
    solve(page, "trump-2", 2, hints=1)
    page.locator("[data-ll-action=copy-link]").click()
    assert said(page, STATUS, expected := translate("progress.link-copied", "ru")) == expected
    link = page.locator("[data-ll-link]").input_value()
    assert link.startswith(base + PAGE + "#progress=")
    assert page.evaluate("() => navigator.clipboard.readText()") == link

    other = chromium.new_context(**PHONE).new_page()
    other.goto(link, wait_until="load")
    asked_and_loaded(other, "ещё 1 сделанное упражнение")
    assert said(other, STATUS, expected := translate("progress.imported", "ru", count=1)) == expected
    assert done_of(other)[:2] == ("1", "4")
    assert "#" not in other.url, "the fragment is dropped once read"
    other.goto(link[:-8] + "AAAAAAAA", wait_until="load")  # a damaged link: refused, nothing changed
    assert said(other, ALERT).startswith("Не загружено, ваши успехи не изменились")
    assert done_of(other)[:2] == ("1", "4")
    other.context.close()
    context.close()


def test_a_task_solved_with_a_mistake_is_due_for_review_the_next_day_in_its_permuted_copy(site, chromium):
    _, base = site
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    page.clock.install(time=datetime(2026, 12, 1, 10, 0))
    page.goto(base + PAGE, wait_until="load")
    solve(page, "deal-2", 2, mistakes=1)
    review = page.locator("[data-ll-action=review]")
    assert review.is_hidden() and page.locator("[data-ll-review-none]").inner_text() == "Сегодня повторять нечего."
    assert "через 3, 7, 14, 30 и 60 дней" in page.locator(".ll-progress-how").inner_text()
    page.clock.set_system_time(datetime(2026, 12, 2, 9, 0))
    page.reload(wait_until="load")
    assert (
        review.inner_text() == translate("progress.review-due", "ru", count=1) == "На повторение сегодня: 1 упражнение"
    )
    review.press("Enter")
    assert page.evaluate("() => document.activeElement.dataset.llTask") == "deal-2-again"
    context.close()


def test_every_control_is_reached_with_tab_and_named(site, chromium):
    _, base = site
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    page.goto(base + PAGE, wait_until="load")
    page.locator(PANEL).wait_for()
    assert page.get_by_role("progressbar", name="Сделано 0 из 4").count() == 1, "the bar is named by its words"
    reached = []
    for _ in range(12):
        page.keyboard.press("Tab")
        reached.append(
            page.evaluate(
                "() => { const at = document.activeElement; const label = at.closest('label');"
                " return [at.dataset.llAction || at.tagName, (label || at).innerText.trim()]; }"
            )
        )
    actions = [action for action, _ in reached]
    for action in ("continue", "export", "import", "copy-link", "reset"):
        assert action in actions, reached
    assert all(name for action, name in reached if action in {"continue", "export", "import", "copy-link", "reset"})
    at = actions.index("continue")
    page.evaluate("() => document.querySelector('[data-ll-action=continue]').focus()")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.dataset.llTask") == "deal-1", reached[at]
    context.close()


def test_axe_finds_no_wcag_22_aa_violation_in_the_panel_light_or_dark_with_its_questions_open(site, chromium):
    """Issue 27: axe-core, every WCAG 2.2 A and AA rule, on the panel with the reset question and
    the link open and a refusal said."""
    _, base = site
    if not AXE.is_file():
        unavailable(f"{AXE} is missing: run `make assets`")
    for scheme in ("light", "dark"):
        context = chromium.new_context(**PHONE, color_scheme=scheme)
        page = context.new_page()
        page.goto(base + PAGE, wait_until="load")
        solve(page, "deal-2", 1, mistakes=1, hints=2)
        page.locator("[data-ll-action=copy-link]").click()
        page.locator("[data-ll-action=reset]").click()
        page.evaluate("() => { location.hash = 'progress=AAAA'; }")
        said(page, ALERT)
        link = page.evaluate("() => llCourseProgress.open({order: []}).link('x')").split("#")[1]
        page.evaluate("([link]) => { localStorage.clear(); location.hash = link; }", [link])
        page.locator("[data-ll-import-ask]").wait_for(state="visible")  # the import's question open too
        page.add_script_tag(path=str(AXE))
        results = page.evaluate(
            "() => axe.run('[data-ll-progress-panel]', {runOnly: {type: 'tag', values: "
            "['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']}, resultTypes: ['violations']})"
        )
        assert [(v["id"], [node["target"] for node in v["nodes"]]) for v in results["violations"]] == [], scheme
        context.close()


def test_a_forged_link_waits_for_the_readers_yes_and_can_be_undone(site, chromium):
    """Issue 39: a link's checksum is no secret. A forged link that would mark every exercise
    done (and drop the review schedule) says so and changes nothing until the reader says yes;
    "Don't load" (or Escape) leaves everything as it was, and Undo after a yes puts it back."""
    _, base = site
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    page.goto(base + PAGE, wait_until="load")
    solve(page, "deal-1", 1, mistakes=2)  # due for review tomorrow
    before = stored(page)
    day = page.evaluate("() => llCourseProgress.today(Date.now()) + 1")
    data = {
        "tasks": {id_: {"s": 3, "m": 0, "h": 0, "n": 1, "t": day} for id_ in ORDER},
        "last": None,
        "own": [],
        "skills": {},
    }
    forged = page.evaluate(
        "data => '#progress=' + llCourseProgress.base64url(JSON.stringify({format: llCourseProgress.FORMAT,"
        " v: llCourseProgress.VERSION, data, sum: llCourseProgress.checksum(data)}))",
        data,
    )
    for answer in ("import-no", "Escape"):
        page.goto(base + PAGE + forged, wait_until="load")
        ask = page.locator("[data-ll-import-ask]")
        ask.wait_for(state="visible")
        assert ask.locator("li").all_inner_texts() == [
            "ещё 3 сделанных упражнения",
            "больше звёзд в 1 упражнении",
            "новые дни повторения для 1 упражнения",
        ]
        assert stored(page) == before and done_of(page)[:2] == ("1", "4"), "nothing written before the yes"
        if answer == "Escape":
            page.keyboard.press("Escape")
        else:
            page.locator("[data-ll-action=import-no]").click()
        assert said(page, STATUS, expected := translate("progress.import-declined", "ru")) == expected
        assert stored(page) == before and "#" not in page.url
    page.goto(base + PAGE + forged, wait_until="load")
    changes = ("ещё 3 сделанных упражнения", "больше звёзд в 1 упражнении", "новые дни повторения для 1 упражнения")
    asked_and_loaded(page, *changes)
    assert done_of(page)[:2] == ("4", "4")
    page.keyboard.press("Enter")  # Undo has the focus
    assert said(page, STATUS, expected := translate("progress.undone", "ru")) == expected
    assert stored(page) == before and done_of(page)[:2] == ("1", "4")
    assert page.locator("[data-ll-action=import-undo]").is_hidden()
    context.close()
