"""The book in every language of the catalogs: one English source, gettext for the rest.

English is built at the site's root and each other language under ``LANG/`` with the
same pages at the same paths (``make book``). This extension gives every page its
``<link rel="alternate" hreflang>`` to the others and a language menu in the header
that goes to the same page in another language. Sphinx translates the prose from
``locales/LANG/LC_MESSAGES``. The chapters' code runs in a kernel started with
``LINGERLONGER_LANG`` set, so tables, narration and replays come out in the page's
language too. Pages are tagged with ``i18n.language_tag`` (``<html lang="pt-PT">``: the
Portuguese is European), while folders and catalogs keep the short code.

Run as a script, it writes the configuration of one language's build:
``python book/_ext/translations.py pt > _build/config/_config.pt.yml``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

LANGUAGES = ("en", "pt", "es", "ru")
#: Each language named in itself, for the menu.
NAMES = {"en": "English", "pt": "Português", "es": "Español", "ru": "Русский"}
SOURCE_LANGUAGE = "en"
ROOT = Path(__file__).resolve().parents[2]


def page_links(pagename: str, lang: str, baseurl: str = "") -> dict[str, str]:
    """Where ``pagename`` is in each language, relative to the page (absolute with a base URL).

    >>> page_links("book/02-dealing", "pt")["en"], page_links("book/02-dealing", "pt")["ru"]
    ('../../book/02-dealing.html', '../../ru/book/02-dealing.html')
    >>> page_links("index", "en", "https://example.org/ll/")["es"]
    'https://example.org/ll/es/index.html'
    """
    to_site = baseurl or "../" * (pagename.count("/") + (lang != SOURCE_LANGUAGE))
    return {code: f"{to_site}{'' if code == SOURCE_LANGUAGE else code + '/'}{pagename}.html" for code in LANGUAGES}


def add_language_links(app, pagename, templatename, context, doctree) -> None:
    from lingerlonger.words.i18n import language_tag

    lang = app.config.language or SOURCE_LANGUAGE
    links = page_links(pagename, lang, app.config.html_baseurl or "")
    context["language"] = language_tag(lang)  # <html lang>, which Sphinx would write as the folder's code
    context["ll_code"] = lang
    context["ll_languages"] = [
        (code, language_tag(code), NAMES[code], href, code == lang) for code, href in links.items()
    ]
    context["metatags"] = context.get("metatags", "") + "".join(
        f'\n<link rel="alternate" hreflang="{language_tag(code)}" href="{href}">' for code, href in links.items()
    )


def language_config(lang: str) -> str:
    """The English ``_config.yml`` with the language set, as YAML text."""
    import yaml

    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    sphinx = config.setdefault("sphinx", {})
    sphinx.setdefault("config", {})["language"] = lang
    # Jupyter Book reads extension folders relative to the configuration file, which moves.
    sphinx["local_extensions"] = {
        name: str(ROOT / folder) for name, folder in sphinx.get("local_extensions", {}).items()
    }
    return yaml.safe_dump(config, allow_unicode=True, sort_keys=False)


def glue_in_translated_paragraphs() -> None:
    """Let a translated paragraph paste the chapter's glued values ({glue:text}`drawn_6`: text
    the chapter wrote as the page's language writes numbers, with ``booktext.number``).

    myst-nb looks glue values up in the notebook being parsed, but Sphinx parses each
    translated paragraph as a plain MyST document of its own, which has none. When a
    look-up finds nothing there, it reads the chapter's glue data, which myst-nb has just
    written beside the executed notebook (``jupyter_execute/DOC.glue.json``). Text values
    ({glue:text}) need nothing more; the book pastes no other kind into its prose.
    """
    from myst_nb.core.variables import RetrievalError, VariableOutput
    from myst_nb.ext.glue import directives, roles, utils

    retrieve = utils.retrieve_glue_data
    if getattr(retrieve, "ll_patched", False):
        return

    def retrieve_with_fallback(document, key):
        try:
            return retrieve(document, key)
        except RetrievalError:
            env = document.settings.env
            kept = Path(env.app.outdir).parent.joinpath("jupyter_execute", *f"{env.docname}.glue.json".split("/"))
            glued = json.loads(kept.read_text(encoding="utf-8")) if kept.is_file() else {}
            if key not in glued:
                raise
            return VariableOutput(
                data=glued[key]["data"], metadata=glued[key].get("metadata", {}), nb_renderer=None, vtype="glue"
            )

    retrieve_with_fallback.ll_patched = True
    for module in (utils, roles, directives):
        module.retrieve_glue_data = retrieve_with_fallback


def translate_toc_captions(app, doctree) -> None:
    """The table of contents' part titles ("The game", ...) in the page's language: they come
    from ``_toc.yml``, not from a page, so ``sphinx.po`` (the theme's words) holds them."""
    from sphinx import addnodes
    from sphinx.locale import get_translation

    translated = get_translation("sphinx")
    for toctree in doctree.findall(addnodes.toctree):
        if toctree.get("caption"):
            toctree["caption"] = translated(toctree["caption"])


def add_static_folder(app) -> None:
    app.config.html_static_path.append(str(Path(__file__).parent / "static"))


def setup(app):
    glue_in_translated_paragraphs()
    app.connect("builder-inited", add_static_folder)
    app.add_css_file("ll-languages.css")
    app.connect("html-page-context", add_language_links)
    app.connect("doctree-read", translate_toc_captions, priority=900)  # after the toc is inserted
    return {"parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in LANGUAGES[1:]:
        sys.exit(f"usage: translations.py {{{','.join(LANGUAGES[1:])}}}")
    sys.stdout.write(language_config(sys.argv[1]))
