"""The Class page's builder (views/class_page.py, issue 42) and the student's panel on the Learn
page (views/class_student.py): the hooks the issue names, every exercise's answers in words with
their verdicts and rules for the teacher's summary, words in every language, the npm QR encoder
bundled into a script. The whole round in a browser: tests/browser/test_class.py; the codec of
assignments and results: tests/js/class_codec.test.js."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import needed
import pytest
from learn_fixture import units

from lingerlonger.views.class_page import ClassPage, class_html, exercise_data
from lingerlonger.views.class_student import student_panel_html
from lingerlonger.views.course_page import course_html
from lingerlonger.views.table_html import TableStyle
from lingerlonger.words.i18n import LANGUAGES, catalog

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "book" / "_ext"))
import npm_bundle  # noqa: E402 - book/_ext is no package
import site_assets  # noqa: E402


def data_of(html: str) -> dict:
    return json.loads(re.search(r"<script type=\"application/json\" data-ll-class-data>(.*?)</script>", html, re.S)[1])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_has_the_hooks_and_no_learn_task(lang):
    html = str(class_html(units(), lang))
    assert re.match(r"<section [^>]*\bdata-ll-class\b", html) and site_assets.CLASS_ROOT.search(html)
    for hook in ('data-ll-action="make-assignment"', "data-ll-assignment-link", 'data-ll-action="add-results"'):
        assert hook in html, hook
    # the acceptance checks find the Learn page by its tasks and this one by its root: never the other way
    assert "data-ll-task=" not in html and not site_assets.LEARN_ROOT.search(html)
    boxes = re.findall(r'<input type="checkbox" value="([^"]+)"', html)
    assert boxes == [task.id for unit in units() for task in unit.tasks]


def test_every_exercise_ships_its_answers_in_words_with_verdict_and_rule():
    html = str(class_html(units(), "ru"))
    shipped = {exercise["id"]: exercise for exercise in data_of(html)["exercises"]}
    for unit in units():
        for task in unit.tasks:
            answers = shipped[task.id]["answers"]
            assert set(answers) == {verdict.answer for verdict in task.verdicts}
            for verdict in task.verdicts:
                right, rule, name = answers[verdict.answer]
                assert (right, rule) == (verdict.right, verdict.rule) and name


def test_a_card_is_named_in_words_in_the_page_language():
    unit = units()[0]
    task = next(t for t in unit.tasks if any(len(v.answer) > 1 and v.answer[-1] in "♠♥♦♣" for v in t.verdicts))
    card = next(v.answer for v in task.verdicts if v.answer[-1] in "♠♥♦♣")
    named = exercise_data(task, unit, 1, TableStyle.of("ru").speaking("ru"))["answers"][card][2]
    assert not set("♠♥♦♣") & set(named) and re.search("[а-я]", named)


def test_the_page_tells_look_alike_names_apart_as_seat_names_do():
    shapes = data_of(str(class_html(units(), "ru")))["sameShape"]
    assert shapes["А"] == "A" and shapes["о"] == "o"  # Cyrillic А and о are drawn as Latin A and o


def test_an_outside_title_is_escaped_where_the_page_carries_it():
    html = str(class_html(units(), "en", titles={units()[0].tasks[0].id: "</script><b>x</b>"}))
    assert "</script><b>" not in html
    assert data_of(html)["exercises"][0]["title"] == "</script><b>x</b>"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_learn_page_carries_the_hidden_hand_in_panel(lang):
    html = str(course_html(units(), lang))
    panel = re.search(r"<section class=\"ll-class-student\"[^>]*>", html)[0]
    assert " hidden" in panel and "data-ll-pupil-name" in html and 'data-ll-action="hand-in"' in html
    assert "data-ll-result-link" in html
    assert not site_assets.CLASS_ROOT.search(html), "the acceptance check would take the Learn page for the Class page"
    # the name field comes before the progress panel's own text field (a first text field is the name)
    assert html.index("data-ll-pupil-name") < html.index("data-ll-link")
    words = re.search(r"<script type=\"application/json\" data-ll-class-words>(.*?)</script>", html, re.S)[1]
    words = json.loads(words)
    assert set(words) == {key for key in catalog(lang) if key.startswith("class.")}
    assert str(student_panel_html(lang)) in html


def test_every_refusal_the_codec_gives_is_worded():
    codes = set(re.findall(r"refused\('([a-z-]+)'", (REPO / "lingerlonger/views/static/class/codec.js").read_text()))
    names = set(re.findall(r"return '(name-[a-z-]+)'", (REPO / "lingerlonger/views/static/class/codec.js").read_text()))
    assert codes >= {"damaged", "too-long", "malformed", "too-many"} and len(names) == 4
    for lang in LANGUAGES:
        for code in codes:
            assert f"class.refused-{code}" in catalog(lang), (lang, code)
        for name in names:
            assert f"class.{name}" in catalog(lang), (lang, name)


def test_the_qr_encoder_is_bundled_from_npm_into_one_script_that_runs_alone(tmp_path):
    node = needed.node()
    if not (npm_bundle.NODE_MODULES / "qrcode").is_dir():
        needed.missing("npm's qrcode is not installed: make assets")
    script = tmp_path / "ll-qrcode.js"
    script.write_text(npm_bundle.class_scripts()["ll-qrcode.js"], encoding="utf-8")
    run = subprocess.run(
        [
            node,
            "-e",
            f"global.self = global; require({json.dumps(str(script))});"
            "const c = self.llQRCode.create('https://example.org/ru/book/class.html#ll-result=1.ab12cd', "
            "{errorCorrectionLevel: 'M'}); console.log(c.modules.size, c.modules.get(0, 0))",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    size, corner = run.stdout.split()
    assert int(size) >= 21 and corner in {"1", "true"}  # a finder pattern's corner is dark


def test_the_russian_class_page_names_the_seats_as_the_learn_page_does(tmp_path):
    """Native reading 2026-12-05: the Russian Class page listed «Ana: сыграйте карту, которой
    можно ходить.», where the Learn page (and the pupil) says Аня."""
    (tmp_path / "course.yaml").write_text(
        "units:\n  - {id: deal, title: {en: Deal, pt: Dar, es: Reparto, ru: Сдача},"
        " chapter: 02-dealing, file: 01-deal.yaml}\n",
        encoding="utf-8",
    )
    (tmp_path / "01-deal.yaml").write_text((REPO / "scenarios/course/01-deal.yaml").read_text(encoding="utf-8"))
    goals = [exercise["goal"] for exercise in data_of(ClassPage(tmp_path, lang="ru")._repr_html_())["exercises"]]
    assert "Аня: сыграйте карту, которой можно ходить." in goals
    assert not any(re.search(r"\b(Ana|Bruno|Carla|Dani)\b", goal) for goal in goals), goals
