"""Hostile and careless input (issue 17): nothing hangs, nothing runs away with memory,
nothing is lost, and every refusal is located and readable.

The corpus is ``tests/hostile/`` (small files, one per trick) plus the large inputs
made below (too large to keep in the repository). Each one is refused, or accepted, the
same way by the loader, by ``lingerlonger check`` and by the app's upload. The work a
refusal costs is measured as memory (tracemalloc) and as the part of the file read,
never as time.
"""

from __future__ import annotations

import contextlib
import io
import re
import tracemalloc
from pathlib import Path

import pytest
from corpora import CORPUS, HOSTILE, LARGE

from lingerlonger.command_line import commands as cli
from lingerlonger.scenario import ScenarioError, iter_documents
from lingerlonger.scenario.file_reading import BoundedSource
from lingerlonger.scenario.limits import MAX_DOCUMENT_BYTES

#: What a terminal acts on: C0 and C1 controls, DEL, and the bidirectional controls.
TERMINAL_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


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


# --- a file's name and what was typed, shown and never obeyed (issue 39) ---------------------

#: File names a terminal would act on: an escape sequence (a window title, clearing the screen),
#: a C1 control (CSI), DEL, a bell, bidirectional overrides and isolates, a line break, a tab.
HOSTILE_NAMES = {
    "title": "t\x1b]0;pwned\x07",
    "clear": "c\x1b[2J\x1b[H",
    "csi": "c1\x9b2J",
    "del": "d\x7fel",
    "bell": "b\x07",
    "override": "o\u202eevil",
    "isolate": "i\u2066x\u2069",
    "mark": "m\u200fx\u061c",
    "line": "l\nfake line",
    "tab": "t\tx",
}
LESSON = Path(__file__).resolve().parents[1] / "scenarios" / "03-follow-suit.yaml"


def _escaped(name: str) -> str:
    return "".join(
        f"\\x{ord(char):02x}"
        if ord(char) < 0x100 and not char.isprintable()
        else f"\\u{ord(char):04x}"
        if not char.isprintable()
        else char
        for char in name
    )


def _shown_visibly(text: str, name: str, lines: int = 1) -> None:
    assert not TERMINAL_UNSAFE.search(text), repr(text)
    assert "\t" not in text and len(text.splitlines()) == lines, repr(text)
    assert _escaped(name) in text, (repr(text), _escaped(name))


WRITES = {
    "sheet": ["sheet", LESSON, "-o"],
    "simulate": ["simulate", "-o"],
    "new": ["new", "-o"],
    "schema": ["schema", "-o"],
    "tournament": ["tournament", "--hands", "2", "--workers", "1", "-q", "-o"],
}


@pytest.mark.parametrize("kind", sorted(HOSTILE_NAMES))
@pytest.mark.parametrize("command", sorted(WRITES))
def test_the_success_line_shows_a_hostile_file_name_visibly(capsys, tmp_path, command, kind):
    name = HOSTILE_NAMES[kind] + ".csv"
    code, out, err = _run(capsys, *WRITES[command], tmp_path / name)
    assert code == 0, err
    assert (tmp_path / name).exists()
    out = out if command != "tournament" else out.splitlines()[-1]
    _shown_visibly(out, name)
    assert not TERMINAL_UNSAFE.search(err)


@pytest.mark.parametrize("kind", sorted(HOSTILE_NAMES))
def test_check_and_replay_errors_show_a_hostile_file_name_visibly(capsys, tmp_path, kind):
    name = HOSTILE_NAMES[kind] + ".yaml"
    (tmp_path / name).write_text("format: 1\ntitle: [\n", encoding="utf-8")
    for command in ("check", "replay", "sheet"):
        code, _, err = _run(capsys, command, tmp_path / name)
        assert code == 1
        _shown_visibly(err.splitlines()[0] + "\n", name)
    code, _, err = _run(capsys, "check", tmp_path / ("missing-" + name))
    assert code == 2
    _shown_visibly(err, name, lines=2)


@pytest.mark.parametrize("kind", sorted(HOSTILE_NAMES))
def test_what_was_typed_is_shown_visibly_in_a_refusal(capsys, tmp_path, kind):
    typed = HOSTILE_NAMES[kind]
    code, _, err = _run(capsys, "replay", LESSON, "--seat", typed)
    assert code == 2
    _shown_visibly(err, typed)
    code, _, err = _run(capsys, "tournament", "--hands", "2", "-q", "-o", tmp_path / typed / "hands.csv")
    assert code == 2
    _shown_visibly(err, typed)
    for argv in (["check", "--" + typed], ["demo", "--rules", typed], ["replay", LESSON, "--lang", typed]):
        with contextlib.suppress(SystemExit):  # argparse's refusal, or a path that is not there
            cli.main([str(arg) for arg in argv])
        err = capsys.readouterr().err
        assert not TERMINAL_UNSAFE.search(err), repr(err)
        assert _escaped(typed) in err or repr(typed)[1:-1] in err, repr(err)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="a system without /dev/zero")
@pytest.mark.parametrize("command", ["check", "replay", "sheet"])
def test_dev_zero_is_refused_at_once(capsys, command):
    code, out, err = _run(capsys, command, "/dev/zero")
    assert code == 2  # no file: what was asked for cannot be read (tests/test_hostile_io.py)
    assert "/dev/zero:1:1: this is a device, not a file" in out + err


@pytest.mark.parametrize("name", [name for name in sorted(LARGE) if name != "NUL-stream"])
def test_check_refuses_each_large_input_in_one_located_line(capsys, tmp_path, name):
    content, line, column, _ = LARGE[name]
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(content)
    code, out, err = _run(capsys, "check", path)
    assert code == 1 and out == "" and err.splitlines()[0].startswith(f"{path}:{line}:{column}: ")
    assert "Traceback" not in out + err and "internal error" not in out + err
