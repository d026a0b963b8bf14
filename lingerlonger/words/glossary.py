"""The game's words, one per idea and language, read from ``locale/glossary.json``.

Each idea (trick, trump, to lead, a seat, the app...) has one word or phrase in English,
Portuguese (European), Spanish and Russian, taken from the source texts' own words where
they have one, and the variants that are refused, as regular expressions: a word that
changes from one page to the next, a verb used for two opposite things ("salir" for both
leading and going out), a Brazilian word in the European Portuguese. ``tests/test_glossary``
runs :func:`refused_in` on every catalog, ``.po`` file and lesson; chapter 13 prints the
table from :func:`rows`. Like ``i18n``, it imports nothing of the game.

>>> [found.variant for found in refused_in("Ana sale de la mano.", "es")]
['sale de la mano']
>>> refused_in("Ana queda fuera de la mano.", "es")
[]
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = ["Refusal", "ideas", "refused_in", "without_quotations", "plain_words", "rows"]

#: A quotation of a source is kept as the source wrote it (issue 24, §3), so its words are
#: not checked: a span in double quotes (straight, curly, « », „ “) of at least this many
#: words. A shorter quoted span is a label of our own ("«Salir»") and is checked.
QUOTATION_WORDS = 5
_QUOTED = re.compile(r'"(?:[^"\n]|\n(?!\s*\n))*"|“[^”]*”|«[^»]*»|„[^“”]*[“”]')

#: Code (`match-to-5`, a key, a command) is no word of a language: it is not checked either.
_CODE = re.compile(r"`[^`\n]*`")


@dataclass(frozen=True)
class Refusal:
    """A refused variant found in a text: the idea, the word to use instead, and what matched."""

    idea: str
    term: str
    variant: str
    pattern: str

    def __str__(self) -> str:
        return f"{self.variant!r} ({self.idea}: write {self.term!r})"


@functools.cache
def ideas() -> tuple[Mapping[str, Any], ...]:
    """Every idea of the glossary, in its file's order (the order of chapter 13's table)."""
    text = (resources.files("lingerlonger.words") / "locale" / "glossary.json").read_text(encoding="utf-8")
    return tuple(json.loads(text)["ideas"])


@functools.cache
def _patterns(lang: str) -> tuple[tuple[Mapping[str, Any], re.Pattern[str]], ...]:
    return tuple(
        (idea, re.compile(pattern, re.IGNORECASE)) for idea in ideas() for pattern in idea["refused"].get(lang, ())
    )


def without_quotations(text: str) -> str:
    """``text`` with each quotation of a source (a quoted span of QUOTATION_WORDS words or more)
    and each `code` span blanked out, at the same length so that positions still hold.

    >>> without_quotations('000: "um jogador é eliminado do jogo" and «Salir» in `code`.')
    '000:                                  and «Salir» in       .'
    """

    def blank(match: re.Match[str]) -> str:
        span = match.group(0)
        return " " * len(span) if len(span.split()) >= QUOTATION_WORDS else span

    return _CODE.sub(lambda match: " " * len(match.group(0)), _QUOTED.sub(blank, text))


#: Emphasis around words (``**abre**``, ``*sai*``, ``__x__``) and a role's name hide nothing:
#: the checked text is read without them, its lines joined (issue 44: "**abre** a primeira
#: vaza" went through).
_EMPHASIS = re.compile(r"(?<!\\)(\*{1,3}|_{2})(?=\S)|(?<=\S)(\*{1,3}|_{2})")
_SPACES = re.compile(r"\s+")


def plain_words(text: str) -> str:
    r"""``text`` as a reader reads it: no emphasis markers, every run of spaces and line breaks one space.

    >>> plain_words("O dador **abre** a\n  primeira vaza.")
    'O dador abre a primeira vaza.'
    """
    return _SPACES.sub(" ", _EMPHASIS.sub("", text))


def refused_in(text: str, lang: str) -> list[Refusal]:
    """The refused variants of ``lang`` that ``text`` uses, outside quotations of the sources,
    through markup and line breaks."""
    checked = plain_words(without_quotations(text))
    return [
        Refusal(idea["id"], idea[lang], match.group(0), pattern.pattern)
        for idea, pattern in _patterns(lang)
        for match in pattern.finditer(checked)
    ]


def rows(lang: str) -> Iterator[tuple[str, str, str, str, str]]:
    """Chapter 13's table: for each idea of the game, its English word, its meaning in ``lang``
    (English when the glossary has none in ``lang``), and its Portuguese, Spanish and Russian words."""
    for idea in ideas():
        if idea["table"]:
            meaning = idea["meaning"].get(lang, idea["meaning"]["en"])
            yield idea["en"], meaning, idea["pt"], idea["es"], idea["ru"]
