"""The course's progress panel and the scripts that keep progress in the reader's browser.

Progress lives in the browser only (``static/learn/course_progress.js``: localStorage, a versioned,
checksummed format, the review schedule); ``static/learn/course_progress_panel.js`` draws the panel
this module renders. The Learn page (``course_page``) puts ``progress_panel_html`` on the page
and serves ``PROGRESS_JS`` as a file, loaded with ``src`` so that the offline worker keeps it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from lingerlonger.views.templating import Markup, render
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, catalog, language_tag, template

_STATIC = Path(__file__).parent / "static" / "learn"
#: The store (its review schedule first), the reader's own exercises (from their reviews), then
#: the panel that uses the store: one file to serve (``_static/ll-course-progress.js``).
PROGRESS_JS = "".join(
    (_STATIC / name).read_text(encoding="utf-8")
    for name in ("review_schedule.js", "course_progress.js", "practice_queue.js", "course_progress_panel.js")
)
PROGRESS_CSS = (_STATIC / "course_progress.css").read_text(encoding="utf-8")
PROGRESS_JS_NAME, PROGRESS_CSS_NAME = "ll-course-progress.js", "ll-course-progress.css"


def progress_words(lang: str) -> dict[str, object]:
    """Every ``progress.*`` message in ``lang`` as written (the panel's script fills them)."""
    return {key: template(key, lang) for key in catalog(lang) if key.startswith("progress.")}


def script_json(value: object) -> Markup:
    """``value`` as JSON inside a ``<script>`` element: no ``</`` in it may close it early."""
    return Markup(json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/"))


def progress_panel_html(
    lang: str = DEFAULT_LANGUAGE, *, order: Sequence[str] | None = None, learn_href: str | None = None
) -> Markup:
    """The panel: done out of total, Continue, Review due, Export, Import, Copy link, Reset.

    ``order``, the course's task ids in order, lets the panel bind itself on load (else the
    page calls ``llCourseProgress.panel``); ``learn_href`` is where Continue goes from a page
    without the tasks (the landing page).

    >>> html = progress_panel_html("ru", order=["deal-1"])
    >>> 'data-ll-order="[&#34;deal-1&#34;]"' in html and 'lang="ru"' in html
    True
    """
    words = progress_words(lang)
    return render(
        "course/progress_panel.html",
        lang=language_tag(lang),
        order=None if order is None else json.dumps(list(order)),
        learn_href=learn_href,
        say=lambda key: words[key],
        words=script_json(words),
    )
