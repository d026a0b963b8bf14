"""The bad corpus: every mistake is refused in one located line, at the offending value.

Each file in tests/bad/ starts with ``# expect: LINE:COLUMN MESSAGE [schema: reject|accept]``:
the place of the offending token (worked out when the file was written, from the token
itself), a piece of the message a user must see, and whether the JSON Schema alone can
tell (tests/test_schema.py reads the same header).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from corpora import BAD_FILES, expectation
from hypothesis import given, settings
from hypothesis import strategies as st

from lingerlonger.scenario import ScenarioError, iter_documents
from lingerlonger.scenario.replay import check
from lingerlonger.words.i18n import LANGUAGES, translate

BAD = Path(__file__).resolve().parent / "bad"
#: What the book's Rules and Scenario format references and the issue require the corpus to
#: cover, by file name.
REQUIRED = {
    "syntax-error",
    "unknown-key",
    "wrong-type",
    "duplicated-card-deck",
    "duplicated-card-position",
    "unknown-card",
    "both-setup-forms",
    "no-setup",
    "two-players",
    "seven-players",
    "deck-51",
    "unknown-variant",
    "out-of-turn",
    "revoke",
    "choose-trump-not-grand-coup",
    "choose-trump-too-early",
    "wrong-expect",
    "wrong-result",
    "object-tag",
    "alias-bomb",
}


def first_failure(path: Path) -> ScenarioError | None:
    """What ``lingerlonger check`` reports first: a refused document, or a failed replay."""
    with open(path, encoding="utf-8") as source:
        for item in iter_documents(source, str(path)):
            failures = [item] if isinstance(item, ScenarioError) else check(item)
            if failures:
                return failures[0]
    return None


def test_the_corpus_covers_what_the_issue_lists():
    assert {path.stem for path in BAD_FILES} >= REQUIRED


@pytest.mark.parametrize("path", BAD_FILES, ids=lambda path: path.stem)
def test_each_bad_file_is_refused_at_the_offending_value(path):
    line, column, message, _ = expectation(path)
    failure = first_failure(path)
    assert failure is not None, f"{path.name} was accepted"
    assert (failure.where.line, failure.where.column) == (line, column), str(failure)
    assert message in failure.message
    assert str(failure) == failure.text("en")
    assert failure.text("en").startswith(f"{path}:{line}:{column}: {failure.message}")
    assert "\n" not in str(failure)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_colon_in_a_text_gets_the_books_hint_in_the_readers_language(lang):
    failure = first_failure(BAD / "colon-in-say.yaml")
    hint = translate("load.quote-colon", lang)
    assert (failure.hint == "load.quote-colon" and '": "' in hint) or "«: »" in hint
    assert failure.text(lang).endswith(". " + hint)
    assert failure.text(lang).startswith(f"{BAD / 'colon-in-say.yaml'}:13:17: ")
    assert ("YAML syntax error" in failure.text(lang)) == (lang == "en")
    other = first_failure(BAD / "syntax-error.yaml")  # an unclosed list: no such hint
    assert other.hint is None and other.text(lang).startswith(f"{BAD / 'syntax-error.yaml'}:6:7: ")


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("path", BAD_FILES, ids=lambda path: path.stem)
def test_each_bad_file_is_refused_in_each_language(path, lang):
    # The same place, then the same refusal in the reader's words, not the English ones.
    failure = first_failure(path)
    said = failure.text(lang)
    assert said.startswith(f"{failure.where}: ") and "\n" not in said
    assert failure.message not in said
    assert said.split(": ", 1)[1] != failure.text("en").split(": ", 1)[1]


def test_the_revoke_names_the_rule_and_the_hand():
    failure = first_failure(BAD / "revoke.yaml")
    assert failure.message == "B must follow ♣: holds 7♣, 9♣, so cannot play K♠"


GOOD_TEXTS = [
    path.read_text(encoding="utf-8") for path in sorted((Path(__file__).resolve().parent / "good").glob("*.yaml"))
]
PIECES = [
    "",
    " ",
    "\n",
    "- ",
    ": ",
    "[",
    "]",
    "{",
    "}",
    ", ",
    "#",
    "&a ",
    "*a",
    "!!str ",
    "!x ",
    "'",
    '"',
    "null",
    "~",
    "1",
    "-1",
    "1.5",
    "true",
    "No",
    "x-",
    "K♣",
    "10♥",
    "Z",
    "none",
    "|",
    ">",
    "\t",
    "---\n",
    "?",
    "%",
    "play",
    "expect",
    "legal",
    "drawn",
    "trump",
    "0x10",
    "\\",
    "é",
    "\x07",
]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_edit_of_a_good_file_loads_or_is_refused_in_one_located_line(data):
    text = data.draw(st.sampled_from(GOOD_TEXTS))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        if data.draw(st.booleans()):
            text = text[:at] + data.draw(st.sampled_from(PIECES)) + text[at:]
        else:
            text = text[:at] + text[at + data.draw(st.integers(1, 6)) :]
    for item in iter_documents(text, "edited.yaml"):
        failures = [item] if isinstance(item, ScenarioError) else check(item)
        for failure in failures:
            assert re.match(r"edited\.yaml:\d+:\d+: \S", str(failure)) and "\n" not in str(failure)
