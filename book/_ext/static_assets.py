"""Script-tag fixes for the static book (a local Sphinx extension, see _config.yml).

1. Jupyter Book 1 adds every ``.js``/``.css`` file found under ``_static/`` to
   ``html_js_files``/``html_css_files``, i.e. to every page, in directory
   order. The vendored widget scripts (``_static/vendor/``, 3.6 MB) must load
   only on pages that embed widgets, once each and require.js first: myst-nb
   does exactly that from ``nb_ipywidgets_js``. So drop them from the global
   lists.

2. myst-nb adds the widget state (``<script type="application/vnd.jupyter.
   widget-state+json">``, every model of the page's notebook) and those
   scripts to any page whose notebook holds widget state, even when no output
   shows a widget view: a ScenarioPlayer's output also carries text/html,
   which the html builder prefers (``nb_mime_priority_overrides``). So on a
   page whose resolved doctree has no widget view, drop both: hundreds of kB
   of unused JSON and 3.6 MB of script.

3. Sphinx 7 (Jupyter Book 1 pins ``sphinx~=7.0``) emits an inline script that
   an extension adds after the builder started (sphinx-thebe's
   ``const THEBE_JS_URL = ...``, sphinx-togglebutton's selector) twice, once
   as filename ``None`` and once as ``''``; the second ``const`` throws
   "Identifier 'THEBE_JS_URL' has already been declared" in the browser.
   So drop repeated script entries from each page.
"""

from docutils import nodes

VENDOR_PREFIX = "vendor/"
WIDGET_STATE_TYPE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW_TYPE = "application/vnd.jupyter.widget-view+json"


def _keep(entry) -> bool:
    name = entry[0] if isinstance(entry, (tuple, list)) else entry
    return not str(name).startswith(VENDOR_PREFIX)


def _drop_vendor_assets(app, config):
    config.html_js_files = [e for e in config.html_js_files if _keep(e)]
    config.html_css_files = [e for e in config.html_css_files if _keep(e)]


def _shows_widget_view(doctree) -> bool:
    """Whether any output kept for this builder is a widget view (myst-nb
    renders one as a raw HTML ``<script type=WIDGET_VIEW_TYPE>``)."""
    return any(WIDGET_VIEW_TYPE in node.astext() for node in doctree.findall(nodes.raw))


def _is_widget_script(script, widget_files) -> bool:
    """The widget state, or one of ``nb_ipywidgets_js`` (a page's script names
    a file under ``_static/`` as ``_static/<key>``)."""
    name = str(getattr(script, "filename", None) or "").removeprefix("_static/")
    return name in widget_files or getattr(script, "attributes", {}).get("type") == WIDGET_STATE_TYPE


def _drop_unused_widget_scripts(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files")
    if not scripts or doctree is None or _shows_widget_view(doctree):
        return
    widget_files = set(app.config.nb_ipywidgets_js)
    scripts[:] = [script for script in scripts if not _is_widget_script(script, widget_files)]


def _script_key(script):
    attributes = getattr(script, "attributes", {})
    return (
        getattr(script, "filename", script) or "",
        getattr(script, "priority", 500),
        tuple(sorted((k, str(v)) for k, v in attributes.items())),
    )


def _drop_repeated_scripts(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files")
    if not scripts:
        return
    seen, unique = set(), []
    for script in scripts:
        key = _script_key(script)
        if key not in seen:
            seen.add(key)
            unique.append(script)
    scripts[:] = unique


def setup(app):
    app.connect("config-inited", _drop_vendor_assets)
    # After myst-nb's handler (priority 500) has added the page's widget scripts.
    app.connect("html-page-context", _drop_unused_widget_scripts, priority=900)
    app.connect("html-page-context", _drop_repeated_scripts, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
