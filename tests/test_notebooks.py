"""Every chapter of the book, and the app notebook, runs under ``pytest --nbval``,
and every cell that states a rule outcome prints exactly that outcome.

The chapters are MyST Markdown with no stored outputs (the book shows what its
build executes), so each test converts one with jupytext into a temporary
``book/`` folder beside a link to ``scenarios/`` (the kernel runs in the
notebook's folder, so ``../scenarios/...`` works as in the book) and runs
nbval on it in a child pytest, with this environment's kernel.

Which outputs are compared: nbval runs in ``--nbval-lax`` mode, where a cell
is only executed (any exception fails) unless it is tagged
``nbval-check-output``. ``notebook_outputs.yaml`` lists, per chapter, the
cells that state a rule outcome (a winner, a draw, hand sizes, legal cards, a
refusal, an ending's reason...), each with the exact output it must print and
why that output follows from the rules (book/rules-reference.md). The conversion
stores that output in the cell and tags it, so a cell printing anything else fails: an engine that
changed the outcome, or a chapter that changed what it shows without the
expectation being worked out again. Each expectation was checked line by line
against the rules (its ``why``), not accepted because a run printed it; cards
that a seeded shuffle or a computer player chose are inputs there, and a
change of seed or strategy means working that entry out again. Everything else (replays, whose expectations
tests/test_scenario_library.py checks; widgets; statistics; drawings) is
executed only.

Chapters come from _toc.yml, so a new chapter is covered without editing this
file.

`make book` has run every chapter already (CI builds the book before the tests): when its
English run is of the chapter's code and of the files it reads as they are now (the record
book/_ext/notebook_inputs.py keeps), that run's outputs are compared, as nbval compares them,
instead of running the chapter again; otherwise nbval runs it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "book" / "_ext"))
from notebook_inputs import RECORD, fingerprint  # noqa: E402

#: Where the English build of `make book` keeps each chapter as it ran, and the fingerprints of
#: what each run read.
BUILT_RUNS = REPO / "_build" / "jupyter_execute"
BUILT_INPUTS = REPO / "_build" / ".jupyter_cache" / RECORD
#: What nbval leaves out when it compares a cell's outputs (its default skip_compare).
NBVAL_SKIPS = {
    "metadata",
    "traceback",
    "prompt_number",
    "output_type",
    "name",
    "execution_count",
    "application/vnd.jupyter.widget-view+json",
}
EXPECTED_OUTPUTS = Path(__file__).with_name("notebook_outputs.yaml")
APP = "book/app/app"
CHECK_TAG = "nbval-check-output"
CELL_TIMEOUT_S = 600  # chapter 10 plays thousands of hands in one cell


def toc_files(entry: dict) -> list[str]:
    """The files of a _toc.yml entry and of everything nested in it, in order."""
    files = [entry["file"]] if "file" in entry else []
    for key in ("parts", "chapters", "sections"):
        for child in entry.get(key, []):
            files += toc_files(child)
    return files


def chapters() -> list[str]:
    toc = yaml.safe_load((REPO / "_toc.yml").read_text(encoding="utf-8"))
    return [toc["root"], *toc_files(toc)]


NOTEBOOKS = [*chapters(), APP]


def expected_outputs() -> dict[str, list[dict]]:
    return yaml.safe_load(EXPECTED_OUTPUTS.read_text(encoding="utf-8"))


def stored_output(expectation: dict):
    """The nbformat output nbval compares the cell's run with."""
    from nbformat.v4 import new_output

    if "stdout" in expectation:
        return new_output("stream", name="stdout", text=expectation["stdout"])
    return new_output(
        "display_data", data={"text/html": expectation["html"], "text/plain": "<IPython.core.display.HTML object>"}
    )


def with_expected_outputs(notebook, name: str, expectations: list[dict]):
    """Store each expectation in the one code cell it names, tagged for nbval."""
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    for expectation in expectations:
        matches = [cell for cell in code if expectation["cell"] in cell.source]
        if len(matches) != 1:
            raise LookupError(
                f"{EXPECTED_OUTPUTS.name}: {name}: {len(matches)} code cells "
                f"contain {expectation['cell']!r}; it must name exactly one"
            )
        [cell] = matches
        cell.outputs = [stored_output(expectation)]
        cell.execution_count = 1  # nbval refuses stored outputs of a cell never run
        cell.metadata.setdefault("tags", []).append(CHECK_TAG)
    return notebook


def convert(name: str, root: Path) -> Path:
    """``name``.md as an .ipynb under ``root``, at the same place in the tree."""
    import jupytext
    import nbformat

    notebook = jupytext.read(REPO / f"{name}.md")
    with_expected_outputs(notebook, name, expected_outputs().get(name, []))
    path = root / f"{name}.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, path)
    return path


def has_code(path: Path) -> bool:
    import nbformat

    return any(cell.cell_type == "code" for cell in nbformat.read(path, as_version=4).cells)


@pytest.fixture(scope="module")
def notebook_root(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("notebooks")
    (root / "scenarios").symlink_to(REPO / "scenarios", target_is_directory=True)
    return root


def test_the_toc_lists_the_book():
    assert chapters()[0] == "book/index" and len(chapters()) >= 12
    assert all((REPO / f"{name}.md").is_file() for name in NOTEBOOKS)


#: The pages for programmers, whose code is what they read: chapter 12 and the API's.
CODE_SHOWN = {"book/12-writing-scenarios"}


def test_families_read_no_code_unless_they_open_it():
    """A chapter's code cell shows what it makes (in the page's language); its code, English
    identifiers and strings, stays behind a closed "Show the code" (hide-input) or is removed."""
    import jupytext

    shown = [
        f"{name}: {cell.source.splitlines()[0]}"
        for name in chapters()
        if name not in CODE_SHOWN
        for cell in jupytext.read(REPO / f"{name}.md").cells
        if cell.cell_type == "code"
        and not {"hide-input", "remove-input", "remove-cell"} & set(cell.metadata.get("tags", []))
    ]
    assert not shown, f"{len(shown)} code cells shown to families: {shown}"


def test_every_expected_output_names_one_cell_of_a_chapter():
    import jupytext

    expected = expected_outputs()
    assert set(expected) <= set(NOTEBOOKS), set(expected) - set(NOTEBOOKS)
    for name, expectations in expected.items():
        assert all({"cell", "why"} <= set(e) and len({"stdout", "html"} & set(e)) == 1 for e in expectations), name
        notebook = with_expected_outputs(jupytext.read(REPO / f"{name}.md"), name, expectations)
        checked = [cell for cell in notebook.cells if CHECK_TAG in cell.metadata.get("tags", [])]
        assert len(checked) == len(expectations), f"{name}: two expectations name the same cell"


def built_run(name: str):
    """The chapter as `make book` ran it in English, if that run is of the chapter's code cells
    and of the files they read as they are now, and ran every cell; else None."""
    import jupytext
    import nbformat

    path, source = BUILT_RUNS / f"{name}.ipynb", REPO / f"{name}.md"
    if not (path.is_file() and BUILT_INPUTS.is_file()):
        return None
    recorded = json.loads(BUILT_INPUTS.read_text(encoding="utf-8")).get(str(source))
    if recorded != fingerprint(source, REPO):
        return None
    run = [cell for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]
    code = [cell.source for cell in jupytext.read(source).cells if cell.cell_type == "code"]
    if [cell.source for cell in run] != code or any(cell.execution_count is None for cell in run):
        return None
    return run


def compared(outputs) -> dict[str, list]:
    """A cell's outputs as nbval compares them: consecutive streams joined, then every field
    but the skipped ones, a MIME bundle's types each on its own."""
    from nbval.plugin import coalesce_streams, transform_streams_for_comparison

    fields = defaultdict(list)
    for output in transform_streams_for_comparison(coalesce_streams(outputs)):
        for key, value in output.items():
            if key == "data":
                for mime, data in value.items():
                    if mime not in NBVAL_SKIPS:
                        fields[mime].append(data)
            elif key not in NBVAL_SKIPS:
                fields[key].append(value)
    return dict(fields)


@pytest.mark.slow
@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_and_prints_the_expected_outcomes(name, notebook_root):
    run = built_run(name)
    if run is not None:
        errors = [output for cell in run for output in cell.outputs if output.output_type == "error"]
        assert not errors, f"{name}.md raised in `make book`: {errors[0].ename}: {errors[0].evalue}"
        import jupytext

        expected = with_expected_outputs(jupytext.read(REPO / f"{name}.md"), name, expected_outputs().get(name, []))
        checked = [cell for cell in expected.cells if cell.cell_type == "code"]
        for cell, ran in zip(checked, run, strict=False):  # a build that stopped early ran fewer
            if CHECK_TAG in cell.metadata.get("tags", []):
                assert compared(ran.outputs) == compared(cell.outputs), f"{name}.md:\n{cell.source}"
        return
    notebook = convert(name, notebook_root)
    if not has_code(notebook):  # a reference page: nothing to run, and nbval would collect nothing
        assert name not in expected_outputs(), f"{name} has outcomes to check but no code cell"
        return
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--nbval-lax",
            "--nbval-current-env",
            f"--nbval-cell-timeout={CELL_TIMEOUT_S}",
            "-p",
            "no:cacheprovider",
            "-q",
            "--color=no",
            str(notebook),
        ],
        cwd=notebook_root,
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert run.returncode == 0, f"nbval failed on {name}.md:\n{run.stdout[-12_000:]}{run.stderr[-3_000:]}"


def test_a_run_of_other_code_or_other_inputs_is_not_taken_for_todays(tmp_path, monkeypatch):
    """built_run takes the build's run of a chapter only when it ran this code on these inputs."""
    import jupytext
    import nbformat

    name, source = "book/06-last-card", REPO / "book" / "06-last-card.md"
    monkeypatch.setitem(globals(), "BUILT_RUNS", tmp_path / "runs")
    monkeypatch.setitem(globals(), "BUILT_INPUTS", tmp_path / RECORD)

    todays = fingerprint(source, REPO)

    def build(edit=lambda cells: None, inputs=todays):
        notebook = jupytext.read(source)
        code = [cell for cell in notebook.cells if cell.cell_type == "code"]
        for count, cell in enumerate(code, 1):
            cell.execution_count = count
        edit(code)
        (tmp_path / "runs" / "book").mkdir(parents=True, exist_ok=True)
        nbformat.write(notebook, tmp_path / "runs" / f"{name}.ipynb")
        (tmp_path / RECORD).write_text(json.dumps({str(source): inputs}), encoding="utf-8")
        return built_run(name)

    assert build() is not None
    assert build(inputs="0" * 64) is None, "a package or a scenario changed since"
    assert build(lambda code: setattr(code[0], "source", code[0].source + "\n")) is None, "the code changed"
    assert build(lambda code: setattr(code[-1], "execution_count", None)) is None, "a cell was not run"


def test_outputs_are_compared_as_nbval_compares_them():
    from nbformat.v4 import new_output

    def out(*texts, name="stdout"):
        return [new_output("stream", name=name, text=text) for text in texts]

    assert compared(out("Bruno wins\n")) != compared(out("Ana wins\n"))
    assert compared(out("Bruno ", "wins\n")) == compared(out("Bruno wins\n")), "a stream comes in pieces"
    assert compared(out("Bruno wins\n") + out("careful\n", name="stderr")) != compared(out("Bruno wins\n"))
    html = {"text/html": "<b>7♥</b>", "text/plain": "<IPython.core.display.HTML object>"}
    assert compared([new_output("execute_result", data=html, execution_count=3)]) == compared(
        [new_output("display_data", data=html)]
    ), "a cell's value or a display() of it"
