"""Hostile and careless input (issue 17): nothing hangs, nothing runs away with memory,
nothing is lost, and every refusal is located and readable.

The corpus is ``tests/hostile/`` (small files, one per trick) plus the large inputs
made below (too large to keep in the repository). Each one is refused, or accepted, the
same way by the loader, by ``lingerlonger check`` and by the app's upload. The work a
refusal costs is measured as memory (tracemalloc) and as the part of the file read,
never as time.
"""

from __future__ import annotations

import io
import re
import tracemalloc
from pathlib import Path

import pytest

from lingerlonger import cli
from lingerlonger.limits import (MAX_CHOICES, MAX_DOCUMENT_BYTES, MAX_MARKDOWN_CHARS, MAX_STEPS,
                                 MAX_TAGS, MAX_TEXT_CHARS, MAX_VALUES)
from lingerlonger.scenario import ScenarioError, iter_documents
from lingerlonger.source import BoundedSource
from test_quiz import HEAD as QUIZ_HEAD

HOSTILE = Path(__file__).resolve().parent / "hostile"

#: file → (line, column, words the message must hold); None: the file is a fine scenario.
CORPUS = {
    "binary.yaml": (2, 118, ["not UTF-8", "0x80"]),
    "card-fullwidth.yaml": (7, 13, ["not a card", "rank"]),
    "card-long-s.yaml": (7, 13, ["not a card", "suit 'ſ'"]),
    "card-spaced.yaml": (15, 26, ["'1 0 ♥' is not a card"]),
    "homoglyph-greek-seats.yaml": (4, 23, ["look the same", "(Latin)", "(Greek)"]),
    "homoglyph-play.yaml": (11, 11, ["no seat 'A'", "A (Latin)", "А (Cyrillic)"]),
    "homoglyph-seats.yaml": (4, 23, ["look the same", "A (Latin)", "А (Cyrillic)"]),
    "latin1-line2.yaml": (2, 11, ["0xE9", "Latin-1"]),
    "number-count-too-large.yaml": (12, 26, ["stock_size", "from 0 to 52", "53"]),
    "number-format.yaml": (1, 9, ["5,000 digits"]),
    "number-hand-size.yaml": (3, 39, ["5,000 digits"]),
    "number-hand-sizes.yaml": (12, 30, ["5,001 digits"]),
    "number-stock-size.yaml": (12, 26, ["5,000 digits"]),
    "number-x-key.yaml": (12, 10, ["5,000 digits"]),
    "seat-bidi.yaml": (4, 20, ["U+202E", "invisible"]),
    "seat-escape.yaml": (4, 20, ["U+001B", "control"]),
    "seat-zero-width.yaml": (4, 20, ["U+200B"]),
    "terminal-c1.yaml": None,
    "terminal-clipboard.yaml": None,
    "terminal-in-error.yaml": (11, 11, ["not a card", "\\x1b[2J"]),
    "terminal-title.yaml": None,
    "truncated-utf8.yaml": (2, 13, ["0xC3", "not UTF-8"]),
    "utf16-be-no-bom.yaml": (1, 1, ["NUL", "UTF-16 (big-endian)"]),
    "utf16-bom.yaml": (1, 1, ["0xFF", "UTF-16 (little-endian)"]),
    "utf16-le-no-bom.yaml": (1, 2, ["NUL", "UTF-16 (little-endian)"]),
    "variation-selectors.yaml": None,
}
#: What a terminal acts on: C0 and C1 controls, DEL, and the bidirectional controls.
TERMINAL_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")

HEAD = QUIZ_HEAD.removesuffix("steps:\n")  # a small position, ready for more keys


def _large() -> dict[str, tuple[bytes, int, int, list[str]]]:
    """Inputs too large to keep as files: content, line, column and words of the refusal."""
    seats = ", ".join(f"P{i}" for i in range(60_000))
    choices = ", ".join(f"c{i}" for i in range(40_000))
    ask = "steps:\n  - ask: {question: Which?, answer: {choice: c1}, choices: [%s]}\n"
    emphasis = '"' + "*a " * 50_000 + '"'
    references = '"' + "[a]:\\n" * 6_000 + '"'
    return {
        "60000-seats": ((HEAD.replace("[A, B, C, D]", f"[{seats}]") + "steps: []\n").encode(),
                        4, 148_829, [f"more than {MAX_VALUES:,} values"]),
        "7-seats": ((HEAD.replace("[A, B, C, D]", "[A, B, C, D, E, F, G]") + "steps: []\n").encode(),
                    4, 10, ["3 to 6 players, not 7"]),
        "40000-choices": ((HEAD + ask % choices).encode(), 11, 148_519, ["values"]),
        "11-choices": ((HEAD + ask % ", ".join(f"c{i}" for i in range(11))).encode(), 11, 60,
                       [f"11 items, but at most {MAX_CHOICES}"]),
        f"{MAX_STEPS + 1}-steps": ((HEAD + "steps:\n" + "  - say: hi\n" * (MAX_STEPS + 1)).encode(),
                                   11, 3, [f"at most {MAX_STEPS}"]),
        f"{MAX_TAGS + 1}-tags": ((HEAD + f"tags: [{', '.join('t' * (MAX_TAGS + 1))}]\nsteps: []\n")
                                 .encode(), 10, 7, [f"at most {MAX_TAGS}"]),
        "53-cards": (HEAD.replace("[9♦, 4♠, J♥]", "[" + ", ".join(["9♦"] * 53) + "]").encode()
                     + b"steps: []\n", 7, 8, ["53 items, but at most 52"]),
        "60000-characters-of-markdown": ((HEAD + "steps:\n" + f"  - say: {'a' * MAX_TEXT_CHARS}\n" * 30)
                                         .encode(), 11 + MAX_MARKDOWN_CHARS // MAX_TEXT_CHARS, 10,
                                         [f"more than {MAX_MARKDOWN_CHARS:,} characters"]),
        "150kB-emphasis": ((HEAD + f"summary: {emphasis}\nsteps: []\n").encode(), 10, 10,
                           [f"at most {MAX_TEXT_CHARS:,}"]),
        "30kB-references": ((HEAD + f"summary: {references}\nsteps: []\n").encode(), 10, 10,
                            [f"at most {MAX_TEXT_CHARS:,}"]),
        "900000-x-values": ((HEAD + "x-data: [" + "1," * 900_000 + "1]\nsteps: []\n").encode(),
                            10, 39_924, ["values"]),
        "3MB-line": (b"title: " + b"a" * 3_000_000, 1, 2_015_233, ["without a new scenario"]),
        "NUL-stream": (b"\x00" * 3_000_000, 1, 1, ["NUL", "binary"]),
    }


LARGE = _large()


def _refusal(content: bytes, name: str) -> ScenarioError | None:
    """The first refusal of a file read the way ``check`` reads it, or None."""
    for item in iter_documents(BoundedSource(io.BytesIO(content), name), name):
        if isinstance(item, ScenarioError):
            return item
    return None


def _assert_located(error: ScenarioError | None, name: str, line: int, column: int, words) -> None:
    assert error is not None, f"{name} was accepted"
    assert (error.where.line, error.where.column) == (line, column), str(error)
    for word in words:
        assert word in error.message, (word, str(error))


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_the_hostile_corpus_is_refused_at_the_right_place(name):
    content = (HOSTILE / name).read_bytes()
    expected = CORPUS[name]
    error = _refusal(content, name)
    if expected is None:
        assert error is None, str(error)
    else:
        _assert_located(error, name, *expected)


def test_every_file_of_the_corpus_has_an_expectation():
    assert sorted(path.name for path in HOSTILE.glob("*.yaml")) == sorted(CORPUS)


@pytest.mark.parametrize("name", sorted(LARGE))
def test_a_large_input_is_refused_early_with_little_memory(name):
    content, line, column, words = LARGE[name]
    tracemalloc.start()
    try:
        error = _refusal(content, name)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    _assert_located(error, name, line, column, words)
    # A refusal holds a piece of the file and the values counted so far, never the whole:
    # at most 2 MB of text plus 20,000 small values (a real hand needs about 500).
    assert peak < 24_000_000, f"{name}: {peak:,} bytes at the peak"


def test_a_stream_with_no_end_is_read_only_up_to_the_bound():
    class Endless(io.RawIOBase):
        """Like /dev/zero but of a valid character, counting what is asked of it."""

        given = 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer) -> int:
            buffer[:] = b"a" * len(buffer)
            self.given += len(buffer)
            return len(buffer)

    endless = Endless()
    error = _refusal_of_stream(io.BufferedReader(endless), "endless.yaml")
    assert "without a new scenario" in error.message
    assert endless.given <= MAX_DOCUMENT_BYTES + (1 << 17)


def _refusal_of_stream(raw, name):
    for item in iter_documents(BoundedSource(raw, name), name):
        if isinstance(item, ScenarioError):
            return item
    raise AssertionError("accepted")


def test_a_long_stream_of_small_scenarios_is_not_refused():
    good = (HOSTILE / "variation-selectors.yaml").read_text(encoding="utf-8")
    stream = ("---\n" + good) * ((MAX_DOCUMENT_BYTES // len(good.encode())) + 50)
    assert len(stream.encode()) > MAX_DOCUMENT_BYTES
    items = list(iter_documents(BoundedSource(io.BytesIO(stream.encode()), "s.yaml"), "s.yaml"))
    assert not any(isinstance(item, ScenarioError) for item in items)


# --- the command line ------------------------------------------------------------------------

def _run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", sorted(CORPUS))
@pytest.mark.parametrize("command", ["check", "replay"])
def test_the_terminal_never_receives_a_control_character(capsys, name, command):
    code, out, err = _run(capsys, command, HOSTILE / name)
    assert not TERMINAL_UNSAFE.search(out + err), repr((out + err)[:300])
    assert "Traceback" not in out + err
    expected = CORPUS[name]
    assert code == (0 if expected is None else 1)
    if expected is not None:
        line, column, _ = expected
        assert f"{name}:{line}:{column}:" in out + err


def test_replay_shows_the_escapes_of_a_title_visibly(capsys):
    code, out, _ = _run(capsys, "replay", HOSTILE / "terminal-title.yaml")
    assert code == 0 and out.splitlines()[0] == r"Clear \x1b[2J\x1b[H and retitle \x1b]0;pwned\x07"
    code, out, _ = _run(capsys, "replay", HOSTILE / "terminal-clipboard.yaml")
    assert r"copy \x1b]52;c;cm0gLXJmIH4=\x07 done" in out


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="a system without /dev/zero")
@pytest.mark.parametrize("command", ["check", "replay", "sheet"])
def test_dev_zero_is_refused_at_once(capsys, command):
    code, out, err = _run(capsys, command, "/dev/zero")
    assert code == 1
    assert "/dev/zero:1:1: not UTF-8 text: a NUL byte" in out + err


@pytest.mark.parametrize("name", [name for name in sorted(LARGE) if name != "NUL-stream"])
def test_check_refuses_each_large_input_in_one_located_line(capsys, tmp_path, name):
    content, line, column, _ = LARGE[name]
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(content)
    code, out, err = _run(capsys, "check", path)
    assert code == 1 and out == "" and err.splitlines()[0].startswith(f"{path}:{line}:{column}: ")
    assert "Traceback" not in out + err and "internal error" not in out + err
