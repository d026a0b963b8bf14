"""Markup lives in template files and is escaped once, by Jinja2 (issue 23, part 2).

- No Python string of the package holds an HTML tag: the views render
  ``lingerlonger/views/templates/`` through ``views/templating.py``.
- Nothing but ``views/templating.py`` escapes by hand (``html.escape``, MarkupSafe's
  ``escape``) or imports ``html``; trust is given in Python with ``Markup(...)``, never with
  a template's ``|safe``.
- No inline event handler (``onclick=…``): the pages' scripts listen for ``data-ll-*`` hooks.
- What an author writes reaches every view as text, never as markup.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from lingerlonger.scenario import loads
from lingerlonger.scenario.replay import replay
from lingerlonger.session.stepping import ScenarioModel
from lingerlonger.views.page_replay import quiz_html, replay_html
from lingerlonger.views.print_sheet import rules_sheet_html, scenario_sheet_html
from lingerlonger.views.shared_panels import answers_html
from lingerlonger.views.templating import TEMPLATES
from lingerlonger.words.i18n import LANGUAGES

PACKAGE = Path(__file__).resolve().parent.parent / "lingerlonger"
#: HTML's elements (and the SVG ones the views draw): "<string>" or "<State …>" in a
#: message or a repr is not markup.
ELEMENTS = frozenset(
    re.findall(
        r"\w+",
        """
    a abbr address article aside audio b bdi bdo blockquote body br button canvas caption
    cite code col colgroup data datalist dd del details dfn dialog div dl dt em fieldset
    figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hr html i iframe img input
    ins kbd label legend li link main mark menu meta meter nav noscript object ol optgroup
    option output p picture pre progress q rp rt ruby s samp script section select slot
    small source span strong style sub summary sup table tbody td template textarea tfoot
    th thead time title tr track u ul var video wbr svg path g circle rect line polyline
    polygon use symbol""",
    )
)
TAG = re.compile(r"<\s*/?\s*([a-zA-Z][a-zA-Z0-9-]*)[\s/>]")
HANDLER = re.compile(r"\son[a-z]+\s*=", re.I)
TEMPLATING = "views/templating.py"


def _modules() -> dict[str, ast.Module]:
    return {
        path.relative_to(PACKAGE).as_posix(): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
    }


MODULES = _modules()


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the string constants that stand alone as statements: docstrings (and
    the like), which may show markup as an example."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }


def tags_in(tree: ast.Module) -> list[str]:
    """Each string constant of ``tree`` (f-strings' literal parts too) that holds a tag."""
    skip = _docstrings(tree)
    return [
        f"line {node.lineno}: {node.value[:60]!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and any(name.lower() in ELEMENTS for name in TAG.findall(node.value))
    ]


def hand_escapes_in(tree: ast.Module) -> list[str]:
    """Each import of ``html``, of MarkupSafe's or the templating module's ``escape``, and
    each call of something named ``escape`` reached through ``html``, ``markupsafe`` or
    ``Markup``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names if a.name.split(".")[0] == "html"]
        elif isinstance(node, ast.ImportFrom) and node.module:
            module = node.module.split(".")
            names = {alias.name for alias in node.names}
            if module[0] == "html" or (module[-1] in ("markupsafe", "templating") and "escape" in names):
                found.append(f"line {node.lineno}: from {node.module} import {', '.join(sorted(names))}")
        elif (
            isinstance(node, ast.Attribute)
            and node.attr == "escape"
            and isinstance(node.value, ast.Name)
            and node.value.id in ("html", "markupsafe", "Markup", "templating")
        ):
            found.append(f"line {node.lineno}: {node.value.id}.escape")
    return found


def _findings(check) -> dict[str, list[str]]:
    return {name: found for name, tree in MODULES.items() if name != TEMPLATING and (found := check(tree))}


def test_no_python_string_holds_an_html_tag():
    found = _findings(tags_in)
    assert found == {}, "markup belongs in lingerlonger/views/templates/"


def test_nothing_but_the_templating_module_escapes_by_hand():
    found = _findings(hand_escapes_in)
    assert found == {}, "Jinja2 escapes; give trust with Markup(...) where a fragment is already safe"


def test_the_checks_see_a_tag_and_a_hand_escape():
    tree = ast.parse('"""<b>a docstring may show one</b>"""\nimport html\nx = f"<li>{html.escape(y)}</li>"\n')
    assert [line.split(":")[0] for line in tags_in(tree)] == ["line 3", "line 3"]  # <li> and </li>
    assert tags_in(ast.parse('where = "<string>"\nshown = f"<State {state}>"')) == []
    assert hand_escapes_in(tree) == ["line 2: import html", "line 3: html.escape"]
    assert hand_escapes_in(ast.parse("from markupsafe import Markup, escape\nMarkup.escape(x)")) == [
        "line 1: from markupsafe import Markup, escape",
        "line 2: Markup.escape",
    ]


# --- the templates ---------------------------------------------------------------------------


TEMPLATE_FILES = sorted(TEMPLATES.rglob("*.html"))


@pytest.mark.parametrize("path", TEMPLATE_FILES, ids=lambda path: path.relative_to(TEMPLATES).as_posix())
def test_a_template_has_no_inline_handler_and_trusts_nothing_itself(path):
    text = path.read_text(encoding="utf-8")
    assert not HANDLER.search(text), "a page's script listens for a data-ll-* hook instead"
    assert not re.search(r"\|\s*safe\b|autoescape\s+false", text), "trust is given in Python, with Markup(...)"


HOSTILE = "<img src=x onerror=alert(1)>"
LESSON = f"""format: 1
title: "{HOSTILE} title"
summary: "{HOSTILE} summary"
rules: standard
players: [A, B, C]
dealer: C
hands: {{A: [K♣, 7♦], B: [3♣, Q♠], C: [2♥, 9♣]}}
stock: [5♦, 8♠]
trump: ♥
leader: A
steps:
  - say: "{HOSTILE} say"
  - ask:
      question: "{HOSTILE} question"
      answer: {{choice: "{HOSTILE} yes"}}
      choices: ["{HOSTILE} yes", "no"]
      hint: "{HOSTILE} hint"
      wrong: "{HOSTILE} wrong"
  - play: A K♣
"""


def _hostile_views() -> dict[str, str]:
    [scenario] = loads(LESSON)
    run = replay(scenario)
    model = ScenarioModel.of(run, quiz=True).go(1)
    wrong = model.pick(1)  # "no": the feedback shows the author's "wrong:"
    return {
        "replay": replay_html(run, languages=LANGUAGES, include_css=False),
        "quiz": quiz_html(run.frames[1].asks[0]),
        "sheet": scenario_sheet_html(scenario),
        "live quiz": answers_html(model),
        "live quiz, answered wrong": answers_html(wrong),
    }


@pytest.mark.parametrize("view", ["replay", "quiz", "sheet", "live quiz", "live quiz, answered wrong"])
def test_an_authors_markup_is_shown_as_text_in_every_view(view):
    shown = _hostile_views()[view]
    assert "<img" not in shown and "&lt;img src=x onerror=alert(1)&gt;" in shown


def test_the_pages_buttons_have_no_inline_handler():
    # "Show the answer" and the rules sheet's Print: replay.js and sheet.js listen instead.
    [scenario] = loads(LESSON)
    assert "data-ll-reveal" in quiz_html(replay(scenario).frames[1].asks[0])
    assert "data-ll-print" in rules_sheet_html("en")
    for page in (_hostile_views()["replay"], rules_sheet_html("pt")):
        assert not re.search(r"<[^>]*\son[a-z]+\s*=", page)
