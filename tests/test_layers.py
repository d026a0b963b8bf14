"""The package's shape: folders in layers, data flowing one way, and no import cycle.

The graph is read from the source, so the test needs no module to run, and it counts every
import: at module level, inside functions, under ``TYPE_CHECKING`` and through
``importlib.import_module("lingerlonger…")``. A late import is still a dependency.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "lingerlonger"

#: The folders, lowest first. Each may import itself and the folders above it in this table,
#: never one below (ARCHITECTURE.md says the same in words).
LAYERS = (
    "game",  # cards, rules, the declared game, events, the engine, the play loop, the match
    "words",  # i18n, narration, the glossary, the book's words: the reader's language
    "computer",  # computer players, inference, the coach, the playout kernel, statistics
    "scenario",  # the scenario format and files: reading, format 1, writing, replaying, recording
    "session",  # what a reader is doing, as values (no widgets, no HTML)
    "views",  # HTML, widgets, live mode in the browser: nothing below imports them
    "lab",  # tournaments, their tallies, files and plots
    "class_server",  # a live class served from the teacher's laptop (the `class` extra)
    "command_line",  # the `lingerlonger` command
)
#: What may import the views besides the views. (Anything may import the package's entry,
#: ``lingerlonger``, whose own imports are the game's alone.)
VIEW_USERS = ("views", "class_server", "command_line")
MAX_TOP_ENTRIES = 12


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(tree: ast.AST, name: str, is_package: bool, modules: set[str]) -> set[str]:
    """Every module of the package that ``tree`` imports, wherever the import is written."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()

    def add(target: str, names: list[str]) -> None:
        for alias in names:
            found.add(f"{target}.{alias}" if f"{target}.{alias}" in modules else target)

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            add(target, [alias.name for alias in node.names])
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
        ):
            found.add(node.args[0].value)
    return {target for target in found if target in modules and target != name}


@functools.cache
def import_graph() -> dict[str, set[str]]:
    """Read once for the whole module: every test below asks the same source the same question."""
    paths = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    return {
        name: imports_of(ast.parse(path.read_text(encoding="utf-8")), name, path.name == "__init__.py", set(paths))
        for name, path in paths.items()
    }


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    found, state = [], {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = "open"
        for target in sorted(graph[node]):
            if state.get(target) == "open":
                found.append([*path[path.index(target) :], target])
            elif target not in state:
                visit(target, [*path, target])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return found


def test_no_import_cycle_anywhere():
    assert cycles(import_graph()) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c", "a"]]


def test_every_import_is_counted():
    source = (
        "import typing\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from lingerlonger.b import B\n"
        "def late():\n    from lingerlonger import c\n    import lingerlonger.d\n"
        "    importlib.import_module('lingerlonger.e')\n"
    )
    modules = {"lingerlonger.a", "lingerlonger.b", "lingerlonger.c", "lingerlonger.d", "lingerlonger.e"}
    assert imports_of(ast.parse(source), "lingerlonger.a", False, modules) == modules - {"lingerlonger.a"}


def test_every_module_lives_in_a_layer():
    loose = [
        name
        for name in import_graph()
        if layer_of(name) is None and name not in ("lingerlonger", "lingerlonger.__main__")
    ]
    assert loose == []


def test_each_folder_opens_with_what_it_holds_and_may_import():
    for layer in LAYERS:
        doc = ast.get_docstring(ast.parse((PACKAGE / layer / "__init__.py").read_text(encoding="utf-8")))
        assert doc and "import" in doc, f"lingerlonger/{layer}/__init__.py must say what it may import"


@pytest.mark.parametrize("layer", LAYERS)
def test_a_layer_imports_only_itself_and_the_layers_before_it(layer):
    allowed = set(LAYERS[: LAYERS.index(layer) + 1])
    graph = import_graph()
    wrong = {
        f"{name} imports {target}"
        for name, targets in graph.items()
        if layer_of(name) == layer
        for target in targets
        if layer_of(target) not in allowed and target != "lingerlonger"
    }
    assert not wrong


def test_nothing_but_the_views_and_the_command_line_imports_the_views():
    wrong = {
        f"{name} imports {target}"
        for name, targets in import_graph().items()
        for target in targets
        if layer_of(target) == "views" and layer_of(name) not in VIEW_USERS
    }
    assert not wrong


def test_the_package_entry_imports_only_the_game():
    assert {layer_of(target) for target in import_graph()["lingerlonger"]} <= {"game"}


def test_the_top_of_the_package_stays_small():
    entries = [path.name for path in PACKAGE.iterdir() if path.name != "__pycache__"]
    assert len(entries) <= MAX_TOP_ENTRIES, sorted(entries)


def test_no_module_is_longer_than_600_lines():
    long = {
        path.name: n
        for path in PACKAGE.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 600
    }
    assert not long


def test_importing_the_session_loads_no_ipywidgets_nor_html():
    # A fresh interpreter: the in-browser player (Pyodide) loads this package alone.
    code = (
        "import sys, lingerlonger.session; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'IPython', 'jinja2')"
        " or m.startswith('lingerlonger.views')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=PACKAGE.parent
    ).stdout
    assert out.strip() == "[]"
