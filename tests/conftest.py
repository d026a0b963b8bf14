"""Paths every test module shares (import them with ``from conftest import …``)."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
#: The 400 hands recorded by an independent implementation of the rules (golden data, never skipped).
RECORDED_DIR = TESTS / "recorded"
RECORDED = sorted(RECORDED_DIR.glob("*.yaml"))
assert len(RECORDED) == 10, f"{RECORDED_DIR} must hold the ten recorded rule sets"
