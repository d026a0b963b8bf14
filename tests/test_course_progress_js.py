"""The course's progress store in the browser (lingerlonger/views/static/course_progress.js):
its own unit tests, tests/js/*.test.js, run by node's test runner (no npm package needed)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

JS_TESTS = Path(__file__).parent / "js"


def test_progress_store_under_node():
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI", "").lower() in {"true", "1"}:
            pytest.fail("node is needed for tests/js (CI=true)")
        pytest.skip("node is not installed")
    files = sorted(str(path) for path in JS_TESTS.glob("*.test.js"))
    assert files, "no JS test file found"
    run = subprocess.run([node, "--test", *files], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout
