"""The worst a scenario file can cost within the bounds of ``lingerlonger/scenario/limits.py``.

Builds the largest inputs the limits let through (or just fail to), then, for each,
prints the CPU time and the peak memory (tracemalloc, in a second run) of:

- ``check``: what ``lingerlonger check`` does (bounded read, load, replay, compare);
- ``upload``: what the app does with an upload (read, open at most 100, replay each);
- ``render``: every ``say:`` and the summary as HTML, the Markdown of the static player.

The inputs: 500 steps, as many of them with a 2,000-character text of the worst Markdown
found (emphasis openers, brackets) as the 50,000 characters of Markdown allow; 2 MB of
100-digit numbers; a 2 MB document
whose very last value is wrong; and an endless line (refused after 2 MB).

Usage: ``python bench/limits.py [--rounds 3]``. Prints figures; times nothing as a test.
"""

from __future__ import annotations

import argparse
import io
import time
import tracemalloc
from collections.abc import Callable

from lingerlonger.game.cards import DECK
from lingerlonger.scenario import ScenarioError, iter_documents, read_upload
from lingerlonger.scenario.file_reading import BoundedSource
from lingerlonger.scenario.limits import (
    MAX_DOCUMENT_BYTES,
    MAX_MARKDOWN_CHARS,
    MAX_NUMBER_DIGITS,
    MAX_STEPS,
    MAX_TEXT_CHARS,
    MAX_VALUES,
)
from lingerlonger.scenario.replay import check
from lingerlonger.views.page_replay import markdown_html

#: A deal of the deck in its fixed order: the steps that follow only talk.
HEAD = f"""format: 1
title: The largest scenario the limits allow
rules: standard
players: [A, B, C, D]
dealer: D
deck: [{", ".join(str(card) for card in DECK)}]
"""
WORST_MARKDOWN = ("*a ", "[", "*[", "![a")


def _text(pattern: str) -> str:
    """A double-quoted YAML text of exactly MAX_TEXT_CHARS characters of ``pattern``."""
    return '"' + (pattern * MAX_TEXT_CHARS)[:MAX_TEXT_CHARS].replace("\\", "\\\\") + '"'


def inputs() -> dict[str, bytes]:
    """The largest files the limits allow, by name."""
    texts = (MAX_MARKDOWN_CHARS - MAX_STEPS) // MAX_TEXT_CHARS - 1  # and the summary: all allowed
    says = "".join(
        f"  - say: {_text(WORST_MARKDOWN[i % len(WORST_MARKDOWN)])}\n" for i in range(texts)
    ) + "  - say: a\n" * (MAX_STEPS - texts)
    fitting = min(MAX_VALUES - 60, (MAX_DOCUMENT_BYTES - 1000) // (MAX_NUMBER_DIGITS + 2))
    numbers = ", ".join(["9" * MAX_NUMBER_DIGITS] * fitting)
    filler = "x-filler: [" + ", ".join(["a" * 90] * (MAX_VALUES - 60)) + "]\n"
    return {
        f"{MAX_STEPS} steps, {MAX_MARKDOWN_CHARS:,} characters of worst Markdown": (
            HEAD + f"summary: {_text('*a ')}\nsteps:\n" + says
        ).encode(),
        f"{fitting:,} values of {MAX_NUMBER_DIGITS}-digit numbers": (
            HEAD + f"x-numbers: [{numbers}]\nsteps: []\n"
        ).encode(),
        "2 MB, wrong at the last value": (HEAD + filler + "steps: []\nresult: {winner: Z}\n").encode(),
        "an endless line": b"title: " + b"a" * (MAX_DOCUMENT_BYTES + 1_000_000),
    }


def run_check(content: bytes) -> int:
    """What ``lingerlonger check`` does with one file; the number of failures."""
    failures = 0
    for item in iter_documents(BoundedSource(io.BytesIO(content), "bench.yaml"), "bench.yaml"):
        failures += 1 if isinstance(item, ScenarioError) else len(check(item))
    return failures


def run_upload(content: bytes) -> int:
    """What the app does with an upload; the number of failures."""
    try:
        return sum(len(check(scenario)) for scenario in read_upload(content, "bench.yaml"))
    except ScenarioError:
        return 1


def run_render(content: bytes) -> int:
    """Every author text of the file as HTML; the characters made."""
    made = 0
    for item in iter_documents(BoundedSource(io.BytesIO(content), "bench.yaml"), "bench.yaml"):
        if not isinstance(item, ScenarioError):
            made += len(markdown_html(item.summary)) + sum(len(markdown_html(step.say)) for step in item.steps)
    return made


def measure(work: Callable[[bytes], int], content: bytes, rounds: int) -> tuple[float, float]:
    """The fastest CPU time of ``rounds`` runs, and the peak traced memory of one more."""
    best = float("inf")
    for _ in range(rounds):
        started = time.process_time()
        work(content)
        best = min(best, time.process_time() - started)
    tracemalloc.start()
    try:
        work(content)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return best, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"Worst cases within the limits (best of {args.rounds}, CPU time on one core; peak memory traced):")
    worst_time = worst_memory = 0.0
    for name, content in inputs().items():
        print(f"{name} ({len(content) / 1e6:.2f} MB): {run_check(content)} failure(s)")
        for label, work in (("check", run_check), ("upload", run_upload), ("render", run_render)):
            if label == "upload" and len(content) > MAX_DOCUMENT_BYTES:
                continue  # the app refuses it by its size before reading it
            seconds, peak = measure(work, content, args.rounds)
            worst_time, worst_memory = max(worst_time, seconds), max(worst_memory, peak)
            print(f"  {label:<7} {seconds:6.2f} s  {peak / 1e6:7.1f} MB")
    print(f"worst: {worst_time:.2f} s, {worst_memory / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
