"""The ``{ui}`` role: a chapter names a control by its catalog key, and the page shows the label
the screen shows, in the page's language.

``{ui}`ui.show-legal``` is rendered as **Show legal cards** in English and **Cartas jogáveis**
in Portuguese, from ``lingerlonger/words/locale/LANG.json``: a chapter can no longer call a
button by a name the screen does not use ("Mostrar as cartas que podem ser jogadas" for
"Cartas jogáveis"). The translators keep the role as written (``tests/test_translations.py``
holds the markup), and ``tests/test_ui_labels.py`` fails on a control named in bold instead.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst.states import Inliner

SOURCE_LANGUAGE = "en"


def label(key: str, lang: str) -> str:
    """The catalog's label ``key`` in ``lang``: a whole text, with no placeholder to fill.

    >>> label("ui.show-legal", "en"), label("table.out", "ru")
    ('Show legal cards', 'вне игры')
    """
    from lingerlonger.words.i18n import placeholders, template

    text = template(key, lang)
    if not isinstance(text, str) or placeholders(text):
        raise ValueError(f"{key!r} is no label: it has plural forms or placeholders")
    return text


def ui_role(name, rawtext, text, lineno, inliner: Inliner, options=None, content=None):
    """``{ui}`KEY``` as the label in bold; an unknown key is an error of the build (``-W``)."""
    lang = inliner.document.settings.env.config.language or SOURCE_LANGUAGE
    try:
        shown = label(text.strip(), lang)
    except (ValueError, LookupError) as error:
        message = inliner.reporter.error(f"{{ui}} role: {error}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    return [nodes.strong(rawtext, shown, classes=["ll-ui"])], []


def setup(app):
    app.add_role("ui", ui_role)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
