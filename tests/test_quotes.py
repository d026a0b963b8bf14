"""Quotes stay quotes (issue 44, §5): every quotation of a source in the book, written
*"…"*, is the source's words in the source's order. A quotation that leaves out or joins
parts (two bullets, a question and its answer) marks the gap with […]; an unmarked gap fails.

The sources are the four rule texts the book quotes, kept in ``tests/sources/`` as they
were given (000 and 003 Portuguese, 001 Spanish, 004 Russian).
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

REPO = Path(__file__).resolve().parents[1]
SOURCES = sorted((REPO / "tests" / "sources").glob("*.txt"))
CHAPTERS = sorted((REPO / "book").glob("*.md"))
PO_FILES = sorted((REPO / "locales").glob("*/LC_MESSAGES/book/*.po"))
#: A quotation of a source, as the book writes one: in italics and double quotes.
QUOTATION = re.compile(r'\*"([^"]+)"\*')
#: Where a quotation leaves something out: […] (or [...]).
GAP = re.compile(r"\s*\[(?:…|\.\.\.)\]\s*")


def plain(text: str) -> str:
    """Words only: a blockquote's ``>`` at a line's start and every run of spaces made one space."""
    return re.sub(r"\s+", " ", re.sub(r"\n\s*>\s?", " ", text)).strip()


@pytest.fixture(scope="module")
def sources() -> list[str]:
    assert len(SOURCES) == 4, "tests/sources holds the four rule texts"
    return [plain(path.read_text(encoding="utf-8")) for path in SOURCES]


def unquoted(quotation: str, sources: list[str]) -> list[str]:
    """The parts of ``quotation`` (split at its […]) that no source has word for word, in that order."""
    parts = [part.strip(" .,;:") for part in GAP.split(plain(quotation))]
    return [part for part in parts if part and not any(part in source for source in sources)]


def quotations(text: str) -> list[str]:
    return QUOTATION.findall(text.replace('\\"', '"'))


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda path: path.name)
def test_every_quotation_in_the_english_chapters_is_the_sources_words(path, sources):
    problems = [
        part for quotation in quotations(path.read_text(encoding="utf-8")) for part in unquoted(quotation, sources)
    ]
    assert not problems, f"not in any source word for word (a gap needs […]): {problems}"


@pytest.mark.parametrize("path", PO_FILES, ids=lambda path: path.relative_to(REPO / "locales").as_posix())
def test_every_quotation_in_the_translations_is_the_sources_words(path, sources):
    problems = [
        f"line {entry.linenum}: {part}"
        for entry in polib.pofile(str(path))
        if entry.msgstr and not entry.obsolete
        for quotation in quotations(entry.msgstr)
        for part in unquoted(quotation, sources)
    ]
    assert not problems, f"not in any source word for word (a gap needs […]): {problems}"


def test_an_unmarked_gap_fails_and_a_marked_one_passes(sources):
    """Rule 4's quote joined the seed's items 1 and 2 without a mark (reading of 2026-12-03, new 23)."""
    joined = (
        "Embaralhe o baralho de 52 cartas. O jogador à direita do distribuidor corta o baralho. Distribua as cartas"
    )
    assert unquoted(joined, sources) == [joined]
    assert not unquoted(joined.replace("baralho. Distribua", "baralho. […] Distribua"), sources)
    assert unquoted("Sai quem ganha com a última? Não se puder repor", sources)  # a question joined to its answer
    assert unquoted("O vencedor compra duas cartas", sources)  # words no source says
    assert not unquoted("Não se puder repor; resolva primeiro a vaza.", sources)
