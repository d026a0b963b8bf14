"""The book's own words in its chapters' code, in the page's language, from the book's catalogs.

A chapter's code cell prints, tables and glues some words of its own ("Refused:", a table's
column heads). They are written in English inside ``_()``, and each language's book reads
their translation from ``locales/LANG/LC_MESSAGES/code.po``, the gettext catalog of the
``code`` domain, which translators edit like the chapters' other ``.po`` files
(``make pot`` extracts every ``_("…")`` of the chapters' code cells into ``code.pot`` and
merges it into each language's ``code.po``). A string that has no translation yet, or only a
fuzzy one, is printed in English, as gettext does::

    from lingerlonger.words.chapter_words import _, number, percent
    print(_("Refused:"), said(refusal))
    print(_("{name} wins the match,").format(name=winner))

The page's language is ``LINGERLONGER_LANG`` (set by each language's book build). The
catalogs are found in the ``locales/`` folder of the working directory or a folder above it
(a chapter runs in ``book/``), else beside the package, or where ``LINGERLONGER_LOCALES``
says. The ``.po`` reader is a small one of its own: the package needs no Babel at runtime.
"""

from __future__ import annotations

import ast
import functools
import os
from pathlib import Path

from lingerlonger.game.errors import Message
from lingerlonger.words.i18n import (
    DEFAULT_LANGUAGE,
    SOURCE_LANGUAGE,
    check_language,
    error_text,
    format_number,
    format_percent,
)
from lingerlonger.words.people import Name, local_names

__all__ = ["LANG", "DOMAIN", "_", "number", "percent", "said", "seats", "locale_folder", "read_po", "messages"]

#: The page's language (the book build's ``LINGERLONGER_LANG``).
LANG = DEFAULT_LANGUAGE
#: The gettext domain of the chapters' code: ``locales/LANG/LC_MESSAGES/code.po``.
DOMAIN = "code"


def locale_folder(start: Path | None = None) -> Path | None:
    """The book's ``locales/`` folder: ``$LINGERLONGER_LOCALES``, else the first ``locales/``
    in ``start`` (the working directory) or above it, else the one beside the package. (The
    words may not import the scenario layer, whose ``library.nearest`` the others use.)"""
    if os.environ.get("LINGERLONGER_LOCALES"):
        return Path(os.environ["LINGERLONGER_LOCALES"])
    start = (start or Path.cwd()).resolve()
    for folder in (start, *start.parents, Path(__file__).resolve().parents[2]):
        if (folder / "locales").is_dir():
            return folder / "locales"
    return None


def read_po(text: str) -> dict[str, str]:
    """The translated messages of a ``.po`` text: msgid → msgstr (a ``msgctxt`` is joined to the
    id with ``\\x04`` as gettext does). Fuzzy, untranslated and obsolete entries are left out.

    >>> read_po('#, fuzzy\\nmsgid "a"\\nmsgstr "b"\\n\\nmsgid ""\\n"Hand "\\n"sizes:"\\nmsgstr "Mãos:"\\n')
    {'Hand sizes:': 'Mãos:'}
    """
    found: dict[str, str] = {}
    entry: dict[str, str] = {}
    flags: set[str] = set()
    field: str | None = None

    def close() -> None:
        if entry.get("msgid") and entry.get("msgstr") and "fuzzy" not in flags:
            key = entry["msgid"] if "msgctxt" not in entry else f"{entry['msgctxt']}\x04{entry['msgid']}"
            found[key] = entry["msgstr"]
        entry.clear()
        flags.clear()

    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#~"):  # obsolete entries are no translation
            continue
        if line.startswith("#"):
            if "msgstr" in entry:  # the comments of the next entry
                close()
            if line.startswith("#,"):
                flags.update(flag.strip() for flag in line[2:].split(","))
            continue
        if line.startswith('"'):
            if field is not None:
                entry[field] += ast.literal_eval(line)
            continue
        keyword, _, value = line.partition(" ")
        if keyword in ("msgctxt", "msgid") and "msgstr" in entry:
            close()
        field = {"msgstr[0]": "msgstr"}.get(keyword, keyword)
        if field in ("msgctxt", "msgid", "msgstr"):
            entry[field] = ast.literal_eval(value.strip())
        else:
            field = None
    close()
    return found


@functools.cache
def messages(lang: str = LANG, domain: str = DOMAIN) -> dict[str, str]:
    """The book's translations of one gettext domain in ``lang`` (none for English)."""
    if check_language(lang) == SOURCE_LANGUAGE:
        return {}
    folder = locale_folder()
    path = folder / lang / "LC_MESSAGES" / f"{domain}.po" if folder else None
    if path is None or not path.is_file():
        return {}
    return read_po(path.read_text(encoding="utf-8"))


def _(message: str, lang: str = LANG) -> str:
    """``message`` (English, as written in the chapter) in ``lang``: its translation in
    ``code.po``, else the English itself."""
    return messages(lang).get(message, message)


def seats(*names: str) -> list[Name]:
    """The seats ``names`` as the page's reader names them: ``seats("Ana", "Bruno")`` is
    ``['Аня', 'Боря']`` on a Russian page (``people.local_names``), each knowing its gender.

    >>> from lingerlonger.words.people import local_name
    >>> seats("Ana", "Carla") == [local_name("Ana", LANG), local_name("Carla", LANG)]
    True
    """
    return list(local_names(names, LANG))


def number(value: float, digits: int = 1, lang: str = LANG) -> str:
    """A decimal as the page's language writes it (8.2, 8,2)."""
    return format_number(value, lang, digits)


def percent(share: float, digits: int = 0, lang: str = LANG) -> str:
    """A share as a percentage in the page's language (45%, 45 %)."""
    return format_percent(share, lang, digits)


def said(error: Message, lang: str = LANG) -> str:
    """A refusal of the engine (``IllegalAction``, ``RulesError``) in the page's language;
    ``str()`` of one is English."""
    text = getattr(error, "text", None)
    return text(lang) if callable(text) else error_text(error, lang)
