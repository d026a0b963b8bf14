"""The student's side of the Class page, drawn on the Learn page: a first name and "Hand in".

The Learn page carries it hidden; ``static/class/student.js`` shows it when the page is opened
with an assignment's link (``learn.html#ll-assignment=...``), limits the page to the
assignment's exercises, records each first answer, and hands in a result as a link, a QR code
and a file (``static/class/codec.js`` writes it). Nothing leaves the student's device unless
they give it.
"""

from __future__ import annotations

import json
from pathlib import Path

from lingerlonger.views.templating import Markup, render
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, catalog, template

_STATIC = Path(__file__).parent / "static" / "class"
#: The codec and the QR drawing that both sides share, then each side's own script.
SHARED_JS = ("codec.js", "qr.js")
CLASS_CSS = (_STATIC / "class.css").read_text(encoding="utf-8")
STUDENT_JS = "".join((_STATIC / name).read_text(encoding="utf-8") for name in (*SHARED_JS, "student.js"))
STUDENT_JS_NAME, CLASS_CSS_NAME = "ll-class-student.js", "ll-class.css"


def class_words(lang: str = DEFAULT_LANGUAGE) -> Markup:
    """Every ``class.*`` message in ``lang`` as written (the scripts fill them), as JSON for a
    ``<script>`` element."""
    words = {key: template(key, lang) for key in catalog(lang) if key.startswith("class.")}
    return Markup(json.dumps(words, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/"))


def student_panel_html(lang: str = DEFAULT_LANGUAGE) -> Markup:
    """The hand-in panel, hidden until an assignment's link opens the Learn page."""
    return render("class/student.html", say=lambda key: template(key, lang), words=class_words(lang))
