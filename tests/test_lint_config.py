"""The type checker's configuration (pyproject.toml, run by ``make lint``) does what it says:
strict for the game, the words, the scenario format and the session, and only there."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

mypy_main = pytest.importorskip("mypy.main")
from mypy.options import PER_MODULE_OPTIONS  # noqa: E402 (mypy is a development dependency: skipped without it)

MYPY = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "mypy"
]
STRICT_FOLDERS = {"lingerlonger.game.*", "lingerlonger.words.*", "lingerlonger.scenario.*", "lingerlonger.session.*"}


def test_no_override_says_strict():
    """mypy reads ``strict = true`` in an override as the global flag: every module, views
    and lab too, would be checked strictly."""
    assert not [override["module"] for override in MYPY["overrides"] if "strict" in override]


def test_the_strict_folders_get_every_flag_of_mypy_strict():
    """Each flag ``--strict`` turns on is set for the strict folders, in their override or for
    every module; a flag a new mypy adds to ``--strict`` shows up here."""
    [strict] = [override for override in MYPY["overrides"] if set(override["module"]) == STRICT_FOLDERS]
    _, _, strict_flags = mypy_main.define_options()
    setting = {**MYPY, **strict}
    assert [(flag, setting.get(flag)) for flag, _ in strict_flags] == strict_flags
    # an override holds only per-module flags (mypy ignores any other there)
    assert not [flag for flag in strict if flag != "module" and flag not in PER_MODULE_OPTIONS]
