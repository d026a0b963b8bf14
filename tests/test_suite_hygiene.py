"""The test suite's own rules: modules stand alone, property tests never skip by returning,
and the slow tests can be left out (``-m "not slow"``)."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

TESTS = Path(__file__).resolve().parent
TEST_MODULES = sorted(TESTS.rglob("test_*.py"))


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def test_no_test_module_imports_another():
    """Shared helpers live in plain modules (corpora, golden_data) or a conftest's fixtures."""
    for path in TEST_MODULES:
        for node in ast.walk(_tree(path)):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            imported = [name for name in names if name.split(".")[-1].startswith("test_") or name.startswith("tests")]
            assert not imported, f"{path.relative_to(TESTS)} imports {imported}"


def test_no_property_test_returns_early():
    """A ``return`` in a ``@given`` test passes an example unchecked: ``assume`` discards it."""
    for path in TEST_MODULES:
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.FunctionDef) and any(
                isinstance(decorator, ast.Call) and getattr(decorator.func, "id", "") == "given"
                for decorator in node.decorator_list
            ):
                returns = [sub.lineno for sub in ast.walk(node) if isinstance(sub, ast.Return)]
                assert not returns, f"{path.name}::{node.name} returns at lines {returns}"


def test_the_slow_marker_is_declared_so_that_it_can_be_deselected():
    config = tomllib.loads((TESTS.parent / "pyproject.toml").read_text(encoding="utf-8"))
    markers = config["tool"]["pytest"]["ini_options"]["markers"]
    assert any(marker.startswith("slow:") for marker in markers)


def test_no_two_test_modules_share_a_name():
    """pytest imports a test module by its name (rootdir-less import mode): two files named alike in
    tests/ and tests/browser/ make the whole run fail to collect one of them."""
    names: dict[str, list[str]] = {}
    for path in TESTS.rglob("test_*.py"):
        names.setdefault(path.name, []).append(str(path.relative_to(TESTS)))
    assert {name: paths for name, paths in names.items() if len(paths) > 1} == {}
