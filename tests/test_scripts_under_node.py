"""The browser's scripts that run under node too, by their own unit tests in tests/js, run by
node's test runner: the course's progress store and the reader's own exercises
(static/learn/course_progress.js, practice_queue.js: *.test.js) and
how live mode restores its snapshot (static/live/live-restore.mjs, *.test.mjs; it needs the npm
Pyodide of `make assets`)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import needed

JS_TESTS = Path(__file__).parent / "js"


def test_progress_store_under_node():
    node = needed.node()
    files = sorted(str(path) for path in (*JS_TESTS.glob("*.test.js"), *JS_TESTS.glob("*.test.mjs")))
    assert files, "no JS test file found"
    run = subprocess.run([node, "--test", *files], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout
