"""The package's shape: data flows one way, so no module imports one that imports it back.

The graph is read from the source (module-level imports; an import inside a function is a
deliberate late dependency and is not counted), so the test needs no module to run.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "lingerlonger"
#: The engine layer: the game and nothing else (no words, formats or views).
ENGINE_LAYER = {"lingerlonger.cards", "lingerlonger.rules", "lingerlonger.game", "lingerlonger.events",
                "lingerlonger.engine", "lingerlonger.playout", "lingerlonger.visible",
                "lingerlonger.errors"}  # refusals as codes and values, no words


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
                for alias in node.names:
                    found = f"{target}.{alias.name}"
                    graph[name].add(found if found in modules else target)
            elif isinstance(node, ast.Import):
                graph[name] |= {alias.name for alias in node.names if alias.name in modules}
    return {name: {target for target in targets if target in modules and target != name}
            for name, targets in graph.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    found, state = [], {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = "open"
        for target in sorted(graph[node]):
            if state.get(target) == "open":
                found.append(path[path.index(target):] + [target])
            elif target not in state:
                visit(target, path + [target])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return found


def test_no_module_imports_one_that_imports_it_back():
    assert cycles(import_graph()) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c", "a"]]


def test_the_engine_layer_imports_only_itself():
    graph = import_graph()
    for name in ENGINE_LAYER:
        assert graph[name] <= ENGINE_LAYER | {"lingerlonger"}, f"{name} imports {graph[name] - ENGINE_LAYER}"


#: What the players' model may never import: the widgets and the HTML views sit above it.
VIEWS = ("lingerlonger.widgets", "lingerlonger.render", "lingerlonger.static_replay",
         "lingerlonger.presenter", "lingerlonger.panels", "lingerlonger.live")


def test_the_player_model_imports_no_view():
    graph = import_graph()
    reached, todo = set(), [name for name in graph if name.startswith("lingerlonger.player")]
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo += graph[name]
    assert not {name for name in reached if name.startswith(VIEWS)}


def test_importing_the_player_model_loads_no_ipywidgets():
    # A fresh interpreter: the in-browser player (Pyodide) loads this package alone.
    code = ("import sys, lingerlonger.player; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'IPython')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=PACKAGE.parent).stdout
    assert out.strip() == "[]"
