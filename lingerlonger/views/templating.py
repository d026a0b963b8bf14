"""The one place markup is made: Jinja2 templates in ``views/templates/``, escaped once.

Every view renders its HTML with ``render("name.html", **values)``. Autoescaping is on for
every template, so an author's text (a seat name, a ``say:``) is escaped by the template
engine and nowhere else; a fragment already rendered is passed on as ``Markup`` and is not
escaped twice. No other module builds a tag in a string or calls ``html.escape``.

>>> str(render("_doctest.html", name="<b>Ana</b>"))
'<span class="ll-name">&lt;b&gt;Ana&lt;/b&gt;</span>'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from lingerlonger.words.people import Name

__all__ = ["Markup", "escape", "render", "catalog_html", "environment", "TEMPLATES"]

TEMPLATES = Path(__file__).parent / "templates"


@cache
def environment() -> jinja2.Environment:
    """One environment for the process: templates are compiled once, then reused."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,  # every template, whatever its name: nothing unescaped by accident
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        undefined=jinja2.StrictUndefined,  # a value a template needs and was not given is a bug
    )


def render(name: str, /, **values: Any) -> Markup:
    """Template ``name`` with ``values``: safe HTML, to embed in another template as it is."""
    return Markup(environment().get_template(name).render(**values))


def catalog_html(words: Callable[..., str], /, *args: object, **values: object) -> Markup:
    """A catalog message whose own markup (``<strong>``, a link) is trusted, with ``values``
    (a seat's name, a count) escaped: ``catalog_html(ui, "waiting", "pt", name=seat)``.

    >>> from lingerlonger.words.i18n import ui
    >>> str(catalog_html(ui, "waiting", "en", name="<i>Ana</i>"))
    '&lt;i&gt;Ana&lt;/i&gt; is thinking…'
    """
    return Markup(words(*args, **{name: _escaped(value) for name, value in values.items()}))


def _escaped(value: object) -> str:
    """``value`` escaped for HTML; a person's name keeps its gender, which the message agrees with."""
    said = escape(value)
    gender = getattr(value, "gender", None)
    return Name(said, gender) if gender is not None else said
