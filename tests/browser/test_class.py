"""The Class page of the built Russian book (issue 42): the whole round, three students on phones
(390×844, each in a browser profile of their own) and the teacher at 1280×720.

The teacher makes a 5-exercise assignment; Аня, Борис and Вера do it with different mistakes and
hand in, Аня by link, Борис by file and Вера by QR code (the image her page drew, opened by the
teacher as a photo and read by the page); the teacher's table shows the three rows, the most-missed
rule and the wrong answers, and the CSV (UTF-8 with a BOM) holds the same figures. Then hostile
results (tampered, for another assignment, the same twice, oversized) are each refused with a
message and nothing stored, a newer hand-in replaces the earlier one after asking, the class is
still there after a reload (IndexedDB) and "Forget this class" removes it. Also: the page opened as
a file, and offline after a first visit; axe's WCAG 2.2 AA on both sides.

Hooks (the issue's): [data-ll-class], [data-ll-action=make-assignment], [data-ll-assignment-link],
[data-ll-action=hand-in], [data-ll-result-link], [data-ll-action=add-results], [data-ll-class-row],
[data-ll-class-rule]. The codec's hostile input under node: tests/js/class_codec.test.js.
"""

from __future__ import annotations

import base64
import csv
import io
import json
import random
import re
import sys
from pathlib import Path

import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS, COUNT_PRINTS, first_visit, record, wcag_violations

sys.path.insert(0, str(Path(__file__).parents[1]))  # tests/: the own task of class_fixture.py
from class_fixture import TASK as OWN_TASK

pytestmark = pytest.mark.browser

CLASS, LEARN = "ru/book/class.html", "ru/book/learn.html"
TEACHER = {"viewport": {"width": 1280, "height": 720}, "service_workers": "block"}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "service_workers": "block"}
STUDENTS = ("Аня", "Борис", "Вера")


def card_exercises(page) -> list[dict]:
    """Five card exercises of the course, the first two each with a wrong card decided by a rule
    (two different rules), as the page ships them."""
    data = json.loads(page.locator("[data-ll-class-data]").text_content())
    found = [e for e in data["exercises"] if e["kind"] == "card" and any(v[0] for v in e["answers"].values())]

    def wrong_rules(e):
        return {v[1] for v in e["answers"].values() if not v[0] and v[1]}

    first = next(e for e in found if wrong_rules(e))
    second = next(e for e in found if wrong_rules(e) - wrong_rules(first))
    rest = [e for e in found if e not in (first, second)][:3]
    return [first, second, *rest]  # the assignment lists them in the course's order (by "at")


def wrong_card(e: dict, rule: int | None = None) -> str:
    return next(a for a, v in e["answers"].items() if not v[0] and (rule is None or v[1] == rule))


def right_card(e: dict) -> str:
    return next(a for a, v in e["answers"].items() if v[0])


def do_assignment(page, link: str, name: str, exercises: list[dict], mistakes: dict[str, str]) -> None:
    """A student opens the link and answers each exercise: the wrong card given first, then right."""
    page.goto(link, wait_until="load")
    page.wait_for_selector("[data-ll-class-student]:not([hidden])")
    assert page.locator("[data-ll-learn] [data-ll-task]").count() == len(exercises)
    for e in exercises:
        page.click(f'[data-ll-goto="{e["id"]}"]')
        task = page.locator(f'[data-ll-task="{e["id"]}"]')
        if e["id"] in mistakes:
            task.locator(f'[data-ll-card="{mistakes[e["id"]]}"]').click()
            task.locator("[data-ll-action=retry]").click()
        task.locator(f'[data-ll-card="{right_card(e)}"]').click()
        page.wait_for_selector(f'[data-ll-task="{e["id"]}"][data-ll-verdict=right]')
    page.fill("[data-ll-pupil-name]", name)
    page.click("[data-ll-action=hand-in]")
    page.wait_for_selector("[data-ll-result-link]:visible")
    assert page.evaluate("() => document.activeElement.matches('[data-ll-class-handed]')"), "focus on the result"


@pytest.fixture(scope="module")
def round_(book_html, book_site, chromium):
    """The round as far as the students' hand-ins: (teacher page, its log, exercises, results)."""
    if not (book_html / CLASS).is_file():
        pytest.fail(f"{CLASS} was not built: the Class page is in _toc.yml")
    context = chromium.new_context(accept_downloads=True, **TEACHER)
    teacher = context.new_page()
    log = record(teacher)
    teacher.goto(book_site + CLASS, wait_until="load")
    chosen = card_exercises(teacher)
    exercises = sorted(chosen, key=lambda e: e["at"])
    for e in exercises:
        teacher.check(f'input[value="{e["id"]}"]')
    teacher.click("[data-ll-action=make-assignment]")
    assert said(teacher).startswith("Задание готово: Домашнее задание, 5 упражнений")
    link = teacher.locator("[data-ll-assignment-link]").get_attribute("href")
    assert link.startswith(book_site + LEARN + "#ll-assignment=")
    assert teacher.wait_for_selector("[data-ll-assignment-qr] img").get_attribute("src").startswith("data:image/png")
    first, second = chosen[0], chosen[1]
    rule = first["answers"][wrong_card(first)][1]
    plans = {  # Аня and Борис miss the first exercise the same way, Вера the second
        "Аня": {first["id"]: wrong_card(first)},
        "Борис": {first["id"]: wrong_card(first), second["id"]: wrong_card(second, None)},
        "Вера": {second["id"]: wrong_card(second)},
    }
    results = {}
    for name in STUDENTS:
        phone = chromium.new_context(accept_downloads=True, **PHONE)
        page = phone.new_page()
        student_log = record(page)
        do_assignment(page, link, name, exercises, plans[name])
        results[name] = {"link": page.locator("[data-ll-result-link]").get_attribute("href")}
        if name == "Борис":
            with page.expect_download() as download:
                page.click("[data-ll-action=save-result]")
            results[name]["file"] = download.value.path().read_bytes()
        if name == "Вера":  # the page's own image of its code
            src = page.wait_for_selector("[data-ll-result-qr] img").get_attribute("src")
            results[name]["png"] = base64.b64decode(src.split(",", 1)[1])
        if name == "Аня":
            # the panel (the Learn page's own exercises: tests/browser/test_learn.py)
            assert not wcag_violations(page, within="[data-ll-class-student]")
            assert page.get_by_role("button", name="К кнопке «Сдать»").count() == 1  # the banner's
        student_log.assert_clean()
        phone.close()
    heard = [add_pasted(teacher, results["Аня"]["link"])]  # by link
    teacher.set_input_files(  # by file, and by the QR code's image: two files at once
        "[data-ll-class-files]",
        [
            {"name": "Борис.txt", "mimeType": "text/plain", "buffer": results["Борис"]["file"]},
            {"name": "Вера.png", "mimeType": "image/png", "buffer": results["Вера"]["png"]},
        ],
    )
    heard.append(said(teacher))
    yield teacher, log, exercises, results, (first, rule), plans, heard, link
    context.close()


def add_pasted(page, text: str) -> str:
    """Paste into the results field and add; what the live region then says."""
    if page.locator("[data-ll-class-paste]").is_hidden():
        page.click("[data-ll-action=add-results]")
    page.fill("[data-ll-class-paste]", text)
    page.click("[data-ll-action=add-pasted]")
    return said(page)


def kept_results(page) -> list[list[str]]:
    """What the browser keeps: each class's results' texts (IndexedDB)."""
    return page.evaluate(
        """() => new Promise(done => { const open = indexedDB.open('ll-class');
        open.onsuccess = () => { const all = open.result.transaction('classes').objectStore('classes').getAll();
        all.onsuccess = () => done(all.result.map(c => c.results.map(r => r.code))); }; })"""
    )


def said(page) -> str:
    page.wait_for_function("() => document.querySelector('[data-ll-class-live]').textContent.trim() !== ''")
    text = page.locator("[data-ll-class-live]").text_content()
    page.evaluate("() => { document.querySelector('[data-ll-class-live]').textContent = ''; }")
    return text


def test_the_whole_round_link_file_and_qr_code_to_the_class_table_and_csv(round_):
    """Each test of this module leaves the class as the round made it (the tests may run apart)."""
    teacher, log, exercises, _, (first, rule), plans, heard, _ = round_
    assert "Аня" in heard[0] and "Борис" in heard[1] and "Вера" in heard[1], heard
    rows = teacher.locator("[data-ll-class-row]")
    assert sorted(rows.evaluate_all("rows => rows.map(r => r.dataset.llClassRow)")) == sorted(STUDENTS)
    # the most-missed rule first: two of three missed it, with the wrong card they gave, in words
    top = teacher.locator("[data-ll-class-rule]").first
    assert top.get_attribute("data-ll-class-rule") == f"rule-{rule}"
    wrong_name = first["answers"][wrong_card(first)][2]
    assert re.search(r"\b2 из 3\b", top.text_content()) and wrong_name in top.text_content()
    assert top.locator(f'a[href$="#rule-{rule}"]').count() == 1
    for name, plan in plans.items():  # each student's wrong first answers on their row
        row = teacher.locator(f'[data-ll-class-row="{name}"]').text_content()
        for e in exercises:
            named = e["answers"][plan[e["id"]]][2] if e["id"] in plan else None
            assert named is None or named in row, (name, named)
    # the CSV: UTF-8 with a BOM, the same stars and wrong answers
    with teacher.expect_download() as download:
        teacher.click("[data-ll-action=csv]")
    raw = download.value.path().read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    table = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert len(table) == 4 and table[0][0] == "Ученик"
    shown = teacher.evaluate(
        """() => [...document.querySelectorAll('[data-ll-class-row]')].map(row => [row.dataset.llClassRow,
            ...[...row.querySelectorAll('.ll-class-stars')].map(s => (s.textContent.match(/★/g) || []).length)])"""
    )
    in_csv = [[line[0], *(int(line[1 + 3 * i]) for i in range(len(exercises)))] for line in table[1:]]
    assert in_csv == shown
    for line in table[1:]:
        for i, e in enumerate(exercises):
            plan = plans[line[0]]
            assert line[2 + 3 * i] == (e["answers"][plan[e["id"]]][2] if e["id"] in plan else "")
    assert not wcag_violations(teacher, within="[data-ll-class]"), "the teacher's class"
    log.assert_clean()


def test_hostile_results_are_refused_and_change_nothing(round_):
    teacher, log, exercises, results, *_ = round_
    rows = teacher.locator("[data-ll-class-row]")
    before, stored = rows.count(), kept_results(teacher)
    anya = results["Аня"]["link"]
    code = anya.split("#ll-result=", 1)[1]
    assert "_02_" in code  # her first exercise: wrong, then right: two stars, no hint
    tampered = anya.replace("_02_", "_03_", 1)  # three stars written in by hand
    assert "повреждён" in add_pasted(teacher, tampered)
    assert "уже есть" in add_pasted(teacher, anya)  # the same hand-in twice
    foreign = teacher.evaluate(
        "(n) => llClassCodec.makeResult({nonce: 'zz99zz', name: 'Аня', minute: 1e8, items: Array(n).fill(null)})",
        len(exercises),
    )
    assert "другому заданию" in add_pasted(teacher, foreign)
    assert "Слишком длинно" in add_pasted(teacher, anya + "x" * 3000)
    lookalike = teacher.evaluate(  # "Aня" with a Latin A: two rows no one could tell apart
        "([code, kinds]) => { const r = llClassCodec.readResult(code, kinds).value; r.name = 'A\u043d\u044f';"
        " return llClassCodec.makeResult(r); }",
        [code, [e["kind"] for e in exercises]],
    )
    assert "выглядит так же, как Аня" in add_pasted(teacher, lookalike)
    assert rows.count() == before
    assert kept_results(teacher) == stored, "nothing refused was stored"
    # a newer hand-in of a name replaces the earlier one, after asking (and only with a yes)
    newer = teacher.evaluate(
        """([code, kinds]) => { const r = llClassCodec.readResult(code, kinds).value;
            r.minute += 5; r.items = r.items.map(() => null); return llClassCodec.makeResult(r); }""",
        [code, [e["kind"] for e in exercises]],
    )
    teacher.fill("[data-ll-class-paste]", newer)
    teacher.click("[data-ll-action=add-pasted]")
    teacher.wait_for_selector("[data-ll-class-ask]:not([hidden])")
    assert "Заменить" in said(teacher)  # the question is said, and the focus is on its yes
    assert teacher.evaluate("() => document.activeElement.dataset.llAction") == "ask-yes"
    teacher.click("[data-ll-action=ask-no]")
    assert "оставлен" in said(teacher)
    assert teacher.locator('[data-ll-class-row="Аня"] .ll-class-none').count() == 0
    teacher.fill("[data-ll-class-paste]", newer)
    teacher.click("[data-ll-action=add-pasted]")
    assert "Заменить" in said(teacher)
    teacher.click("[data-ll-action=ask-yes]")
    assert "заменён" in said(teacher)
    assert teacher.locator('[data-ll-class-row="Аня"] .ll-class-none').count() == len(exercises)
    newest = teacher.evaluate(  # and her work again, later still: the class as it was
        "([code, kinds]) => { const r = llClassCodec.readResult(code, kinds).value; r.minute += 10;"
        " return llClassCodec.makeResult(r); }",
        [code, [e["kind"] for e in exercises]],
    )
    teacher.fill("[data-ll-class-paste]", newest)
    teacher.click("[data-ll-action=add-pasted]")
    assert "Заменить" in said(teacher)
    teacher.click("[data-ll-action=ask-yes]")
    assert "заменён" in said(teacher)
    assert teacher.locator('[data-ll-class-row="Аня"] .ll-class-none').count() == 0
    log.assert_clean()


def test_the_sheet_and_the_report_print_alone(round_):
    teacher, log, *_ = round_
    teacher.evaluate(COUNT_PRINTS)
    for what, shown, away in (
        ("sheet", "[data-ll-assignment-link]", "[data-ll-class-table-box]"),
        ("report", "[data-ll-class-table-box]", "[data-ll-assignment-link]"),
    ):
        teacher.click(f"[data-ll-action=print-{what}]")
        assert teacher.evaluate("() => document.documentElement.dataset.llPrint") == what
        teacher.emulate_media(media="print")
        try:
            seen = "(el) => el.getClientRects().length > 0"
            assert teacher.locator(shown).evaluate(seen)
            assert not teacher.locator(away).evaluate(seen)
            assert not teacher.locator("[data-ll-action=add-results]").evaluate(seen)
            assert not teacher.locator("h1").first.evaluate(seen)  # nothing of the page above it
        finally:
            teacher.emulate_media(media="screen")
        teacher.evaluate("() => dispatchEvent(new Event('afterprint'))")
    assert teacher.evaluate("() => window.llPrinted") == 2
    log.assert_clean()


def test_a_review_assignment_of_what_was_missed_most(round_):
    teacher, log, _, _, (first, _rule), plans, *_ = round_
    teacher.click("[data-ll-action=review-assignment]")
    teacher.wait_for_function(
        "() => document.querySelector('[data-ll-class-heading]').textContent.startsWith('Повторение')"
    )
    missed = {id for plan in plans.values() for id in plan}
    link = teacher.locator("[data-ll-assignment-link]").get_attribute("href")
    ids = link.rsplit(".", 2)[1].split("~")
    assert ids[0] == first["id"] and set(ids) == missed, "the most missed first"
    assert teacher.locator("[data-ll-class-exercises] li").count() == len(missed)
    assert teacher.locator("[data-ll-class-row]").count() == 0, "a new class, no result yet"
    original = teacher.locator("[data-ll-class-pick] option").nth(1).get_attribute("value")
    teacher.select_option("[data-ll-class-pick]", original)  # back to the class, by its list
    assert teacher.locator("[data-ll-class-row]").count() == 3
    log.assert_clean()


def test_the_class_is_kept_over_a_reload_and_forgotten_on_request(round_, book_site, chromium):
    """In a browser of its own, in the book's dark mode (axe's verdict on it too): the assignment
    opened on the Class page by its link, a result added."""
    *_, results, _, _, _, link = round_
    context = chromium.new_context(color_scheme="dark", **TEACHER)
    context.add_init_script("localStorage.setItem('mode', 'dark'); localStorage.setItem('theme', 'dark');")
    teacher = context.new_page()
    log = record(teacher)
    teacher.goto(book_site + CLASS + "#ll-assignment=" + link.split("#ll-assignment=", 1)[1], wait_until="load")
    assert add_pasted(teacher, results["Аня"]["link"]).startswith("Результат добавлен")
    assert teacher.evaluate("() => document.documentElement.dataset.theme") == "dark"
    assert not wcag_violations(teacher, within="[data-ll-class]"), "dark"
    teacher.reload(wait_until="load")
    teacher.wait_for_selector("[data-ll-class-row]")
    assert teacher.locator("[data-ll-class-row]").count() == 1
    teacher.click("[data-ll-action=forget]")
    assert "Забыть" in said(teacher)
    teacher.click("[data-ll-action=ask-yes]")
    assert "забыт" in said(teacher)
    assert teacher.locator("[data-ll-class-row]").count() == 0
    assert teacher.locator("[data-ll-class-builder]").is_visible()
    assert teacher.evaluate("() => document.activeElement.id") == "ll-class-title"
    teacher.reload(wait_until="load")
    assert teacher.locator("[data-ll-class-builder]").is_visible()
    assert teacher.locator("[data-ll-class-row]").count() == 0 and kept_results(teacher) == []
    log.assert_clean()
    context.close()


def camera_file(modules: list[int], size: int, path) -> None:
    """A camera's picture for Chromium's fake device: the QR code's modules drawn black on white,
    8 pixels each, in the middle of a 640×480 frame (YUV4MPEG2, grey: U and V at 128)."""
    width, height, scale = 640, 480, 8
    left, top = (width - size * scale) // 2, (height - size * scale) // 2
    luma = bytearray(b"\xeb" * (width * height))
    for row in range(size):
        for col in range(size):
            if modules[row * size + col]:
                for y in range(top + row * scale, top + (row + 1) * scale):
                    start = y * width + left + col * scale
                    luma[start : start + scale] = b"\x10" * scale
    frame = b"FRAME\n" + bytes(luma) + b"\x80" * (width * height // 2)
    path.write_bytes(b"YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg\n" + frame * 2)


def test_a_result_scanned_with_the_camera(round_, book_site, chromium, tmp_path):
    """Chromium's fake camera films Вера's code: the page reads it (jsQR: Chromium on Linux has no
    BarcodeDetector) and adds her row."""
    teacher, _, _, results, *_, link = round_
    code = teacher.evaluate(
        "(text) => { const m = llQRCode.create(text, {errorCorrectionLevel: 'M'}).modules;"
        " return [Array.from(m.data), m.size]; }",
        results["Вера"]["link"],
    )
    camera_file(*code, tmp_path / "camera.y4m")
    fake = [
        f"--use-file-for-fake-video-capture={tmp_path / 'camera.y4m'}",
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
    ]
    browser = chromium.browser_type.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *fake])
    try:
        page = browser.new_context(**TEACHER).new_page()
        log = record(page)
        page.goto(book_site + CLASS + "#ll-assignment=" + link.split("#ll-assignment=", 1)[1], wait_until="load")
        page.click("[data-ll-action=add-results]")
        page.click("[data-ll-action=scan]")
        page.wait_for_selector('[data-ll-class-row="Вера"]', timeout=15_000)
        assert "Вера" in said(page)
        page.click("[data-ll-action=scan-stop]")
        assert page.locator("[data-ll-class-camera]").is_hidden()
        log.assert_clean()
    finally:
        browser.close()


def test_a_forged_assignment_is_refused_and_the_learn_page_stays_whole(book_site, chromium):
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    log = record(page)
    page.goto(book_site + LEARN + "#ll-assignment=1.ab12cd.x..deal-first-lead.0000000", wait_until="load")
    page.wait_for_selector("[data-ll-class-student]:not([hidden])")
    assert "повреждён" in page.locator("[data-ll-class-status]").text_content()
    assert page.locator("[data-ll-learn] [data-ll-task]").count() > 50  # nothing taken off the page
    assert page.locator("[data-ll-action=hand-in]").is_hidden()
    log.assert_clean()
    context.close()


def test_the_page_works_opened_as_a_file(book_html, chromium):
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    page.goto((book_html / CLASS).as_uri(), wait_until="load")
    page.locator("[data-ll-class-pick-task]").first.check()
    page.click("[data-ll-action=make-assignment]")
    link = page.locator("[data-ll-assignment-link]").get_attribute("href")
    assert link.startswith("file://")
    page.wait_for_selector("[data-ll-assignment-qr] img")  # the encoder, loaded from beside the page
    page.goto(link, wait_until="load")
    answers = page.locator("[data-ll-learn] [data-ll-task]:visible .ll-answers button")
    answers.first.click()
    page.fill("[data-ll-pupil-name]", "Аня")
    page.click("[data-ll-action=hand-in]")
    assert page.locator("[data-ll-result-link]").get_attribute("href").startswith("file://")
    page.wait_for_selector("[data-ll-result-qr] img")
    context.close()


def test_the_page_works_offline_after_a_first_visit(book_site, chromium):
    """Each side offline after its own first visit: the teacher's Class page, and the student's
    Learn page opened by the assignment's link (a first visit fetches its page alone, issue 40:
    the Learn page is not fetched for a teacher who never opened it)."""
    context, page, _ = first_visit(chromium, book_site + CLASS, **TEACHER | {"service_workers": "allow"})
    context.set_offline(True)
    page.reload(wait_until="load")
    page.locator("[data-ll-class-pick-task]").first.check()
    page.click("[data-ll-action=make-assignment]")
    page.wait_for_selector("[data-ll-assignment-qr] img")  # the QR encoder, kept offline
    link = page.locator("[data-ll-assignment-link]").evaluate("a => a.href")  # absolute
    context.close()
    context, page, _ = first_visit(chromium, link, **PHONE | {"service_workers": "allow"})
    context.set_offline(True)
    page.reload(wait_until="load")
    page.wait_for_selector("[data-ll-class-student]:not([hidden])")
    assert page.locator("[data-ll-learn] [data-ll-task]").count() == 1
    context.close()


def own_task_file(task_id: str, title: str) -> bytes:
    """A teacher's own task file: the trick of tests/class_fixture.py, with enough of the
    author's words (random, so that they pack badly) that its link is too long for one QR code."""
    words = random.Random(7)
    said = [
        " ".join("".join(words.choice("абвгдежзиклмнопрст") for _ in range(6)) for _ in range(170)) for _ in range(3)
    ]
    text = OWN_TASK.replace("own-trump", task_id).replace('Trump the <b>king</b> & "win"', title)
    steps = "".join(f"  - say: {line}\n" for line in said)
    return text.replace("steps:\n", "steps:\n" + steps).encode("utf-8")


def test_an_own_task_file_is_assigned_done_and_seen_in_the_teachers_table(round_, book_html, book_site, chromium):
    """The teacher adds a task file of their own (a bad one first: a located error, nothing added),
    assigns it with a course exercise; its link is too long for one QR code, which the page says,
    offering a file. A student does it (drawn by live mode's worker) and hands in; the teacher's
    table names it by its title, with the wrong first answer. Opened as a file, the student's page
    says the task needs the site's address, and the course's exercise still works."""
    teacher, log, exercises, *_ = round_
    original = teacher.input_value("[data-ll-class-pick]")
    teacher.click("[data-ll-action=new-assignment]")
    title = "<b>Козырь</b> & Ко"
    teacher.set_input_files(
        "[data-ll-class-own-files]",
        [
            {
                "name": "плохой.yaml",
                "mimeType": "text/yaml",
                "buffer": own_task_file("mine", title).replace(b"9\xe2\x99\xa5]", b"5\xe2\x99\xa5]"),
            }
        ],
    )
    status = teacher.locator("[data-ll-class-own-status]")
    teacher.wait_for_function(
        "() => /не добавлен/.test(document.querySelector('[data-ll-class-own-status]').textContent)", timeout=120_000
    )
    assert re.search(r"плохой\.yaml:\d+:\d+: ", status.text_content()), status.text_content()
    assert teacher.locator("[data-ll-class-own-task]").count() == 0, "a refused file changes nothing"
    teacher.set_input_files(
        "[data-ll-class-own-files]",
        [{"name": "моя.yaml", "mimeType": "text/yaml", "buffer": own_task_file("mine", title)}],
    )
    teacher.wait_for_function(
        "() => /добавлено 1/.test(document.querySelector('[data-ll-class-own-status]').textContent)"
    )
    assert teacher.locator('[data-ll-class-own-task="mine"]').text_content().startswith(title), "the title as text"
    first = exercises[0]
    teacher.check(f'input[value="{first["id"]}"]')
    teacher.click("[data-ll-action=make-assignment]")
    assert said(teacher).startswith("Задание готово: Домашнее задание, 2 упражнения")
    teacher.wait_for_selector("[data-ll-class-qr-too-long]:visible")
    assert teacher.locator("[data-ll-assignment-qr]").is_hidden()
    with teacher.expect_download() as download:
        teacher.click("[data-ll-action=save-assignment]")
    link = download.value.path().read_text(encoding="utf-8").strip()
    assert said(teacher).startswith("Сохранено: Домашнее задание")
    assert link == teacher.locator("[data-ll-assignment-link]").get_attribute("href")

    phone = chromium.new_context(**PHONE)
    page = phone.new_page()
    student_log = record(page)
    page.goto(link, wait_until="load")
    page.click('[data-ll-goto="mine"]')
    task = page.locator('[data-ll-task="mine"]')
    task.locator('[data-ll-card="5♥"]').wait_for(timeout=120_000)  # the worker drew it
    assert title in task.locator(".ll-task-title").text_content()
    assert task.locator("b").count() == 0, "the author's markup is text"
    task.locator('[data-ll-card="5♥"]').click()
    task.locator("[data-ll-action=retry]").click()
    task.locator('[data-ll-card="9♥"]').click()
    page.wait_for_selector('[data-ll-task="mine"][data-ll-verdict=right]')
    page.fill("[data-ll-pupil-name]", "Дина")
    page.click("[data-ll-action=hand-in]")
    result = page.locator("[data-ll-result-link]").get_attribute("href")
    student_log.assert_clean()
    page.goto((book_html / LEARN).as_uri() + link[link.index("#") :], wait_until="load")  # opened as a file
    page.click('[data-ll-goto="mine"]')
    assert "по его адресу" in page.locator('[data-ll-task="mine"] .ll-task-waiting').text_content()
    page.click(f'[data-ll-goto="{first["id"]}"]')
    page.locator(f'[data-ll-task="{first["id"]}"] [data-ll-card="{right_card(first)}"]').click()
    page.wait_for_selector(f'[data-ll-task="{first["id"]}"][data-ll-verdict=right]')
    phone.close()

    assert "Дина" in add_pasted(teacher, result)
    row = teacher.locator('[data-ll-class-row="Дина"]')
    assert row.locator(".ll-class-wrong").count() == 1  # her first answer to the own task, named in words
    assert f"«{title}»" in teacher.locator("[data-ll-class-head]").text_content()
    assert not wcag_violations(teacher, within="[data-ll-class]"), "the teacher's own tasks"
    log.assert_clean()
    teacher.select_option("[data-ll-class-pick]", original)  # the class of the round, as the others left it
