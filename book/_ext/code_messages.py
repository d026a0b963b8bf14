"""The book's words Sphinx's gettext build does not extract, for translators: the chapters'
``_("…")`` in their code cells → ``code.pot``, and ``_toc.yml``'s part titles → ``sphinx.pot``.

A chapter's code writes its labels as ``_("Refused:")`` (``lingerlonger.words.chapter_words``), and
each language's book reads their translations from ``locales/LANG/LC_MESSAGES/code.po``.
The sidebar translates a part's title through the theme's catalog, ``sphinx.po``, which
the gettext build writes with the theme's own words only. ``make pot`` runs this script
after that build, so that ``sphinx-intl update`` merges these messages as it merges the
chapters' prose (and keeps the part titles' translations instead of dropping them)::

    python book/_ext/code_messages.py _build/pot/_build/gettext

The messages are found with ``ast``: every call of ``_`` whose first argument is a string
written out (implicitly joined pieces count as one), in every code cell of every page of
``_toc.yml``. A message built at run time cannot be extracted: write it whole in ``_()``.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def pages(root: Path = ROOT) -> list[str]:
    """The pages of ``_toc.yml`` (without extension), the root page first."""
    import yaml

    def files(entry: dict) -> list[str]:
        found = [entry["file"]] if "file" in entry else []
        for key in ("parts", "chapters", "sections"):
            for child in entry.get(key, []):
                found += files(child)
        return found

    toc = yaml.safe_load((root / "_toc.yml").read_text(encoding="utf-8"))
    return [toc["root"], *files(toc)]


def messages_in(source: str) -> list[str]:
    """The ``_("…")`` messages of one cell's code, in order.

    >>> messages_in('print(_("Refused:"), x)\\nlabel = _("a " "b").format(n=1)\\nf(_(name))')
    ['Refused:', 'a b']
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:  # IPython syntax (a magic): no message of ours
        return []
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "_"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ]
    return [node.args[0].value for node in sorted(calls, key=lambda node: (node.lineno, node.col_offset))]


def chapter_messages(root: Path = ROOT) -> dict[str, list[str]]:
    """Every message of the book's code cells → the pages that use it, in the book's order."""
    import jupytext

    found: dict[str, list[str]] = {}
    for page in pages(root):
        notebook = jupytext.read(root / f"{page}.md")
        for cell in notebook.cells:
            if cell.cell_type == "code":
                for message in messages_in(cell.source):
                    pages_of = found.setdefault(message, [])
                    if page not in pages_of:
                        pages_of.append(page)
    return found


def part_titles(root: Path = ROOT) -> list[str]:
    """The captions of ``_toc.yml``'s parts, in order."""
    import yaml

    toc = yaml.safe_load((root / "_toc.yml").read_text(encoding="utf-8"))
    return [part["caption"] for part in toc.get("parts", []) if "caption" in part]


def write_pot(path: Path, root: Path = ROOT) -> int:
    """Write ``code.pot``; the number of messages."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(project="Linger Longer", copyright_holder="The Linger Longer project", fuzzy=False)
    found = chapter_messages(root)
    for message, where in found.items():
        catalog.add(
            message,
            auto_comments=[f"{page}.md" for page in where],
            flags=["python-brace-format"] if "{" in message else [],
        )
    _write(catalog, path)
    return len(found)


def add_part_titles(path: Path, root: Path = ROOT) -> int:
    """Add the part titles (and accessible_theme.THEME_MESSAGES) to the theme's
    ``sphinx.pot`` (written by the gettext build); the number of titles."""
    from babel.messages.pofile import read_po

    with path.open("rb") as pot:
        catalog = read_po(pot)
    titles = part_titles(root)
    for title in titles:
        catalog.add(title, auto_comments=["_toc.yml: a part's caption"])
    from accessible_theme import THEME_MESSAGES  # beside this script

    for message in THEME_MESSAGES:
        catalog.add(message, auto_comments=["book/_ext/accessible_theme.py"])
    _write(catalog, path)
    return len(titles)


def _write(catalog, path: Path) -> None:
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, catalog, width=76, no_location=True)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: code_messages.py GETTEXT_DIR (the gettext build's output)")
    gettext = Path(sys.argv[1])
    count = write_pot(gettext / "code.pot")
    titles = add_part_titles(gettext / "sphinx.pot")
    print(
        f"{count} messages of the chapters' code in {gettext / 'code.pot'}, "
        f"{titles} part titles in {gettext / 'sphinx.pot'}"
    )
