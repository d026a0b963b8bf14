"""Every text a reader meets, by language: the catalogs' messages, the chapters' translations
(.po) and the lessons' texts (``from texts_by_language import …``). The glossary and the
voice tests read them all."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import polib
import yaml

from lingerlonger.words.i18n import LANGUAGES

REPO = Path(__file__).resolve().parents[1]
CATALOGS = sorted((REPO / "lingerlonger" / "words" / "locale").glob("[a-z][a-z].json"))
PO_FILES = sorted((REPO / "locales").glob("*/LC_MESSAGES/**/*.po"))
LESSONS = sorted((REPO / "scenarios").glob("**/*.yaml"))  # the lessons, the course's units and its index


def catalog_texts(path: Path) -> Iterator[tuple[str, str]]:
    """(key, text) of every message of a catalog, each plural form apart."""
    for key, message in json.loads(path.read_text(encoding="utf-8")).items():
        forms = message.items() if isinstance(message, dict) else [("", message)]
        for form, text in forms:
            yield f"{key}{f'[{form}]' if form else ''}", text


def po_texts(path: Path) -> Iterator[tuple[str, str]]:
    """(line, msgstr) of every translated entry of a .po file."""
    for entry in polib.pofile(str(path)):
        if entry.msgstr and not entry.obsolete:
            yield f"line {entry.linenum}", entry.msgstr


#: The keys whose plain text a lesson written in one language (``lang: pt``) writes in that language.
TEXT_KEYS = frozenset({"title", "summary", "say", "question", "choices", "hint", "hints", "wrong", "right"})


def lesson_texts(node: object, where: str = "", own: str | None = None) -> Iterator[tuple[str, str, str]]:
    """(lang, key, text) of every text of a lesson: a mapping from language to text, anywhere
    in it, and the plain texts of a lesson that says its ``lang:``."""
    if isinstance(node, dict) and isinstance(node.get("lang"), str) and not where:
        own = node["lang"]
    if (
        isinstance(node, str)
        and own is not None
        and own in LANGUAGES
        and where.split(".")[-1].split("[")[0] in TEXT_KEYS
    ):
        yield own, where, node
        return
    if isinstance(node, dict):
        if node and set(node) <= set(LANGUAGES) and all(isinstance(text, str) for text in node.values()):
            for lang, text in node.items():
                yield lang, where, text
            return
        for key, value in node.items():
            yield from lesson_texts(value, f"{where}.{key}" if where else str(key), own)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from lesson_texts(value, f"{where}[{index}]", own)


def lesson_file_texts(path: Path) -> Iterator[tuple[str, str, str]]:
    """(lang, where, text) of every text of a lesson file, each document of a stream numbered."""
    for number, document in enumerate(yaml.safe_load_all(path.read_text(encoding="utf-8"))):
        for lang, where, text in lesson_texts(document):
            yield lang, f"#{number + 1} {where}" if number else where, text


def every_text(lang: str) -> Iterator[tuple[str, str]]:
    """(place, text) of every text in ``lang``: its catalog, its chapters' translations, the lessons."""
    for path in CATALOGS:
        if path.stem == lang:
            yield from ((f"{path.name} {key}", text) for key, text in catalog_texts(path))
    for path in PO_FILES:
        if path.relative_to(REPO / "locales").parts[0] == lang:
            yield from ((f"{path.relative_to(REPO).as_posix()} {place}", text) for place, text in po_texts(path))
    for path in LESSONS:
        yield from ((f"{path.name} {where}", text) for own, where, text in lesson_file_texts(path) if own == lang)
