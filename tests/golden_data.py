"""Golden data every test module may use (``from golden_data import …``); a plain module, since
tests/browser has a conftest of its own and two modules named conftest would shadow each other."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
#: The 400 hands recorded by an independent implementation of the rules (golden data, never skipped).
RECORDED_DIR = TESTS / "recorded"
RECORDED = sorted(RECORDED_DIR.glob("*.yaml"))
assert len(RECORDED) == 10, f"{RECORDED_DIR} must hold the ten recorded rule sets"
