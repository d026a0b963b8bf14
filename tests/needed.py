"""What a test needs from the machine: missing, the test is skipped, and fails under ``CI=true``
(where nothing may skip)."""

from __future__ import annotations

import os
import shutil

import pytest


def missing(why: str) -> None:
    """Skip the test, or fail it under ``CI=true``: ``why`` says what is missing and how to get it."""
    if os.environ.get("CI", "").lower() in {"true", "1"}:
        pytest.fail(f"{why} (CI=true)")
    pytest.skip(why)


def node() -> str:
    """The path of node (the browser's scripts run under it)."""
    found = shutil.which("node")
    if found is None:
        missing("node is not installed")
    assert found is not None  # missing() does not return
    return found
