"""Accessibility fixes for what the theme and myst-nb write around the chapters.

tests/browser/test_book_pages.py runs axe-core on every page and fails on any
serious or critical violation. These come from the tools, not from the book,
and no configuration option turns them off:

1. pydata-sphinx-theme's search field and colour-mode buttons carry an
   accessible name that differs from what they show (WCAG 2.5.3, axe
   ``label-content-name-mismatch``): ``templates/`` holds the two components,
   fixed, and comes first in ``templates_path``.
2. myst-nb names the ``<summary>`` of a ``hide-input`` cell "Toggle hidden
   content" while it shows "Show the code" (same rule): its HTML
   visitor is wrapped to drop that aria-label (and to translate what it shows).
3. A chapter that wraps a wide table in its own ``overflow-x:auto`` box makes
   a region that scrolls but cannot take keyboard focus (axe
   ``scrollable-region-focusable``). The theme makes ``.cell_output > .output``
   focusable when it scrolls; ``SCROLL_FOCUS_JS`` does the same for any
   scrolling box inside an output, on load and on resize.

And for a reader on a phone or a tablet (tests/browser/test_theme_nav.py):

4. The theme's script binds the ☰ button to the first ``.primary-toggle`` of the page (and
   "on this page" to the first ``.secondary-toggle``): pydata-sphinx-theme's top bar held
   hidden copies of both, so the visible ones did nothing. ``_config.yml`` empties that bar
   (``navbar_persistent: []``); ``templates/toggle-*-sidebar.html`` name the buttons in the
   page's language, and ``static/ll-theme.js`` keeps their ``aria-expanded`` and
   ``aria-controls``, names the dialogs and gives focus back to the button on closing.
5. The theme's "Back to top" pill floats at the foot of the screen, where a replay's step
   bar sticks: ``static/ll-theme.js`` hides it while a replay or an editor is on screen.

And in the reader's language (tests/browser/test_theme_words.py): the themes' words go
through the sidebar's catalog, ``locales/LANG/LC_MESSAGES/sphinx.po``, which comes before
the themes' own catalogs (pydata-sphinx-theme has no Portuguese). Words a theme writes
untranslated get a template here (``author``, ``page-toc``, ``sbt-sidebar-nav``, ``layout``:
"Main", "Page", "By", "Contents"); the search field's placeholder, myst-nb's words over a
hidden cell (``THEME_MESSAGES``, added to sphinx.pot by code_messages.py) and
sphinx-copybutton's words (``layout.html``, handed over by ``static/ll-theme.js``) too.
"""

from pathlib import Path

TEMPLATES = Path(__file__).parent / "templates"
HIDDEN_INPUT_LABEL = ' aria-label="Toggle hidden content"'
#: myst-nb's words over a hidden code cell, and the search field's placeholder (Jupyter Book's
#: is English), said in the page's language through the sidebar's catalog (sphinx.po;
#: code_messages.py adds them to sphinx.pot, as the gettext build does not see them).
CODE_PROMPTS = ("Show the code", "Hide the code")
SEARCH_TEXT = "Search this book…"
#: Words of the theme's and Sphinx's own templates that the gettext build leaves out of
#: sphinx.pot, though the pages say them through sphinx.po: without them here, `make pot` marks
#: their translations obsolete and every translated page says them in English again.
TEMPLATE_WORDS = (
    "Back to top",
    "Skip to main content",
    "Link to this heading",
    "next page",
    "previous page",
    "Version warning",
    "Please activate JavaScript to enable the search functionality.",
    "© Copyright %(copyright)s.",
)
THEME_MESSAGES = (*CODE_PROMPTS, SEARCH_TEXT, *TEMPLATE_WORDS)

SCROLL_FOCUS_JS = """
document.addEventListener("DOMContentLoaded", () => {
  const mark = "data-ll-scroll-focus";
  const update = () => {
    for (const box of document.querySelectorAll(".cell_output .output *")) {
      if (box.hasAttribute("tabindex") && !box.hasAttribute(mark)) continue;
      const style = getComputedStyle(box);
      const scrolls = (/auto|scroll/.test(style.overflowX) && box.scrollWidth > box.clientWidth)
        || (/auto|scroll/.test(style.overflowY) && box.scrollHeight > box.clientHeight);
      if (scrolls) { box.tabIndex = 0; box.setAttribute(mark, ""); }
      else if (box.hasAttribute(mark)) { box.removeAttribute("tabindex"); box.removeAttribute(mark); }
    }
  };
  let pending;
  window.addEventListener("resize", () => { clearTimeout(pending); pending = setTimeout(update, 300); });
  update();
});
"""


def _search_text(app, pagename, templatename, context, doctree):
    from sphinx.locale import get_translation

    context["theme_search_bar_text"] = get_translation("sphinx")(SEARCH_TEXT)


def _templates_first(app, config):
    config.templates_path.insert(0, str(TEMPLATES))


def setup(app):
    app.setup_extension("myst_nb")  # its node must be registered before it is overridden
    from myst_nb.sphinx_ import HideCodeCellNode, depart_HideCellInput, visit_HideCellInput
    from sphinx.locale import get_translation

    def visit_hidden_input(translator, node):
        say = get_translation("sphinx")
        node["prompt_show"], node["prompt_hide"] = say(node["prompt_show"]), say(node["prompt_hide"])
        start = len(translator.body)
        visit_HideCellInput(translator, node)
        translator.body[start:] = [part.replace(HIDDEN_INPUT_LABEL, "") for part in translator.body[start:]]

    app.add_node(HideCodeCellNode, override=True, html=(visit_hidden_input, depart_HideCellInput))
    app.connect("config-inited", _templates_first)
    app.connect("html-page-context", _search_text)
    app.add_js_file(None, body=SCROLL_FOCUS_JS)
    app.add_js_file("ll-theme.js", defer="defer")  # from static/, which site_assets serves
    return {"parallel_read_safe": True, "parallel_write_safe": True}
