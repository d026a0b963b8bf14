"""Rulings are told apart from rules everywhere: numbered in the Rules reference, listed again in
chapter 07, and the readings of rule 13 (out at once) marked as readings and rulings.

The sources' own sentences are the rules; where the book decides what they leave open, a reader
must see that it is a decision of ours (book/rules-reference.md says why for each one).
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

REPO = Path(__file__).resolve().parents[1]
REFERENCE = (REPO / "book" / "rules-reference.md").read_text(encoding="utf-8")
ENDINGS = (REPO / "book" / "07-endings.md").read_text(encoding="utf-8")
TRANSLATIONS = ("pt", "es", "ru")


def _section(text: str, heading: str) -> str:
    """The text under a heading, up to the next heading of the same or a higher level."""
    start = text.index(heading)
    level = heading.split(" ", 1)[0]
    rest = text[start + len(heading) :]
    stop = re.search(rf"^#{{1,{len(level)}}} ", rest, flags=re.M)
    return rest[: stop.start()] if stop else rest


def test_every_ruling_of_the_reference_is_in_chapter_07_with_its_number():
    labels = [int(n) for n in re.findall(r"^\(ruling-(\d+)\)=$", REFERENCE, flags=re.M)]
    headings = [int(n) for n in re.findall(r"^### Ruling (\d+)\. ", REFERENCE, flags=re.M)]
    listed = [int(n) for n in re.findall(r"^### (\d+)\. ", _section(ENDINGS, "## Every ruling"), flags=re.M)]
    assert labels == headings == listed == list(range(1, len(labels) + 1))


def test_rule_13_is_called_a_reading_and_its_three_details_rulings():
    rule = _section(REFERENCE, "### Rule 13.")
    assert "**Our reading.**" in rule
    for number in (13, 14, 15):
        assert f"<ruling-{number}>" in rule, f"rule 13 does not point at ruling {number}"
    titles = {int(n): title for n, title in re.findall(r"^### Ruling (\d+)\. (.+)$", REFERENCE, flags=re.M)}
    assert "stays in the trick" in titles[13]
    assert "abandoned" in titles[14]
    assert "resolved" in titles[15]


def test_the_conflict_between_the_sources_is_said_where_rule_13_is_taught():
    quote = "o vencedor de uma vaza é sempre único"  # the Portuguese rules' "Vitória" (ruling 1)
    rule, chapter = (
        " ".join(_section(text, heading).split())
        for text, heading in ((REFERENCE, "### Rule 13."), (ENDINGS, "## Out at once"))
    )
    assert "Where the sources conflict" in rule
    assert quote in rule and quote in chapter


def test_the_landing_page_says_that_the_mid_trick_end_is_the_standard_rules():
    summary = _section((REPO / "book" / "index.md").read_text(encoding="utf-8"), "## The game in one minute")
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", " ".join(summary.split())) if "middle of a trick" in s]
    assert sentences and all("standard rules" in s for s in sentences), sentences


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_new_rulings_are_translated_as_rulings(lang):
    catalog = polib.pofile(str(REPO / "locales" / lang / "LC_MESSAGES" / "book" / "rules-reference.po"))
    word = {"pt": "Decisão", "es": "Decisión", "ru": "Решение"}[lang]
    for number in (13, 14, 15):
        entry = next(e for e in catalog if e.msgid.startswith(f"Ruling {number}. "))
        assert entry.msgstr.startswith(f"{word} {number}. ") and "fuzzy" not in entry.flags
