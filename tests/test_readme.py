"""The README is for newcomers: what the project is, a picture of the table, the two commands
of the quick start, how to look at the book and start the app, and links into the book.
What it and the two documents beside it (CONTRIBUTING.md, ARCHITECTURE.md) name exists:
the make targets, the files and the links."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")
DOCUMENTS = ("README.md", "CONTRIBUTING.md", "ARCHITECTURE.md")
MAKEFILE = (REPO / "Makefile").read_text(encoding="utf-8")


def code_blocks(text: str) -> list[str]:
    return re.findall(r"^```(?:bash|sh)?\n(.*?)^```", text, re.M | re.S)


def commands(block: str) -> list[str]:
    """A block's commands, less their comments."""
    return [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]


def make_targets() -> set[str]:
    return set(re.findall(r"^([a-z][\w-]*):", MAKEFILE, re.M)) | {
        f"book-{lang}" for lang in re.search(r"BOOK_LANGUAGES := (.*)", MAKEFILE)[1].split()
    }


def test_the_quick_start_is_two_commands_that_build_the_book_and_run_the_tests():
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    [block] = code_blocks(section)
    build, test = commands(block)
    assert build.startswith("python3 -m venv .venv && .venv/bin/pip install -r requirements.txt")
    assert build.endswith("&& make book") and test == "make test"
    assert (REPO / "requirements.txt").is_file()


def test_the_readme_says_how_to_look_at_the_book_and_start_the_app():
    assert "make serve" in README and "http://localhost:8000/" in README and "make app" in README
    assert "_build/html/index.html" in README and "live mode" in README.lower()
    assert "make serve" in MAKEFILE.split("\nbook-%:")[0].split("\nbook:")[1]  # what make book ends with
    assert len(README.splitlines()) <= 90, "a newcomer's page: the rest goes to CONTRIBUTING or ARCHITECTURE"


def test_the_readme_shows_the_table_in_a_small_picture():
    [image] = re.findall(r"!\[[^\]]+\]\(([^)]+\.png)\)", README)
    path = REPO / image
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size < 150_000


def test_the_readme_links_into_the_book():
    links = set(re.findall(r"\]\((book/[\w.-]+\.md)\)", README))
    assert {"book/13-teaching.md", "book/12-writing-scenarios.md"} <= links
    assert "CONTRIBUTING.md#publishing-the-book" in README and "lingerlonger --help" in README


@pytest.mark.parametrize("name", DOCUMENTS)
def test_every_make_target_a_document_names_exists(name):
    text = (REPO / name).read_text(encoding="utf-8")
    named = set(re.findall(r"(?:^|[`(]|&& )make ([a-z][\w-]*)", text, re.M))
    assert named <= make_targets(), named - make_targets()


def anchors(text: str) -> set[str]:
    """GitHub's anchors for a Markdown file's headings."""
    return {
        re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        for heading in re.findall(r"^#+ (.*)$", text, re.M)
    }


@pytest.mark.parametrize("name", DOCUMENTS)
def test_every_link_and_path_a_document_names_exists(name):
    text = (REPO / name).read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#:]*)(?:#([\w-]+))?\)", text):
        path, anchor = target
        file = REPO / (path or name)
        assert file.exists(), f"{name} links to {path}, which is not there"
        if anchor:
            assert anchor in anchors(file.read_text(encoding="utf-8")), f"{name}: no #{anchor} in {path or name}"
    # every file named in backquotes, less placeholders (LANG, DATE, NN, USER...)
    for path in re.findall(r"`((?:[\w.-]+/)*[\w-]+\.(?:py|md|yml|yaml|json|js|css|toml|txt|lock|html))`", text):
        if re.search(r"[A-Z]{2,}|\*", path) or ("/" not in path and not (REPO / path).exists()):
            continue  # a placeholder, or a bare name such as app.ipynb's
        if path.startswith("_build/"):
            continue  # what make book writes: not in a fresh clone
        assert (REPO / path).exists() or (REPO / "lingerlonger" / path).exists(), f"{name} names {path}"


def test_the_architecture_names_every_module_of_the_package():
    text = (REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")
    package = REPO / "lingerlonger"
    modules = {path.stem for path in package.rglob("*.py")} - {"__init__", "__main__"}
    folders = {path.parent.name for path in package.rglob("__init__.py")} - {"lingerlonger"}
    named = set(re.findall(r"`([\w]+)/?`", text))
    assert modules | folders <= named, sorted((modules | folders) - named)


#: Where the code may cite a document: the package, the tests, the benches, the book's extensions.
CODE_FOLDERS = ("lingerlonger", "tests", "bench", "book/_ext")


def test_every_document_the_code_cites_is_in_the_repository():
    """A comment or docstring that sends the reader to a document (``book/rules-reference.md``,
    ``ARCHITECTURE.md``) names one that is here: the rules are the book's, not a lost file's."""
    missing = set()
    for folder in CODE_FOLDERS:
        for path in (REPO / folder).rglob("*"):
            if path.suffix not in {".py", ".yaml", ".yml", ".js", ".mjs", ".css"} or "node_modules" in path.parts:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")  # a few test files are not UTF-8
            for name in re.findall(r"(?<![\w/.-])((?:[\w-]+/)+[\w-]+\.md|[A-Z][A-Z_]+\.md)\b", text):
                if not (REPO / name).is_file():
                    missing.add(f"{path.relative_to(REPO)}: {name}")
    assert not missing, sorted(missing)
