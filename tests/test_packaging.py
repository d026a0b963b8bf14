"""The package installs anywhere: what each part imports is declared, the lock pins all
of it, and a wheel built from a plain clone's files works in a venv with the app (slow)."""

from __future__ import annotations

import ast
import functools
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from lingerlonger import __version__
from lingerlonger.command_line.commands import main
from lingerlonger.scenario.course import INDEX as COURSE_INDEX
from lingerlonger.scenario.library import lesson_folder

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "lingerlonger"
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
CORE = [Requirement(text) for text in PROJECT["project"]["dependencies"]]
EXTRAS = {
    name: [Requirement(text) for text in texts] for name, texts in PROJECT["project"]["optional-dependencies"].items()
}
GROUPS = {name: [Requirement(text) for text in texts] for name, texts in PROJECT["dependency-groups"].items()}
#: The app's Voila template: where a wheel installs it, and where the repository keeps it.
TEMPLATE = "share/jupyter/voila/templates/linger"
TEMPLATE_SOURCE = "book/app/jupyter/voila/templates/linger"
FONT_SUFFIXES = (".woff", ".woff2", ".ttf", ".otf", ".eot")


# --- what each module imports is declared ---------------------------------------------


def _module_file(name: str) -> Path:
    relative = Path(*name.split("."))
    package = REPO / relative / "__init__.py"
    return package if package.is_file() else (REPO / relative).with_suffix(".py")


@functools.cache
def _imports(name: str, *, lazy: bool) -> tuple[set[str], set[str]]:
    """(lingerlonger modules, other top-level modules) that module ``name`` imports: at
    import time, or with ``lazy`` also inside functions (an optional feature's imports)."""
    path = _module_file(name)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    nodes = ast.walk(tree) if lazy else _import_time_nodes(tree.body)
    ours, theirs = set(), set()
    for node in nodes:
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(filter(None, [base, node.module]))
            targets = [module, *(f"{module}.{alias.name}" for alias in node.names)]
        else:
            continue
        for target in targets:
            if target.split(".")[0] == "lingerlonger":
                if _module_file(target).is_file():
                    ours.add(target)
            elif target and target.split(".")[0] not in sys.stdlib_module_names | {"__future__"}:
                theirs.add(target.split(".")[0])
    return ours, theirs


def _import_time_nodes(body):
    """The statements run when a module is imported: not function bodies, not TYPE_CHECKING."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from _import_time_nodes(node.orelse)
            continue
        yield node
        for field in ("body", "orelse", "finalbody", "handlers"):
            yield from _import_time_nodes(getattr(node, field, []))


def third_party_closure(root: str, *, lazy: bool = False) -> set[str]:
    """Every third-party top-level module that importing ``root`` imports, through our own."""
    seen, todo, found = set(), [root], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        ours, theirs = _imports(name, lazy=lazy)
        found |= theirs
        parents = {name.rsplit(".", depth)[0] for depth in range(1, name.count(".") + 1)}
        todo += (ours | parents) - seen
    return found


@functools.cache
def _providers() -> dict[str, list[str]]:
    return packages_distributions()


def distributions(modules: set[str]) -> set[str]:
    """The installed distributions that provide these top-level modules."""
    providers = _providers()
    missing = modules - providers.keys()
    assert not missing, f"imported but not installed here: {sorted(missing)}"
    return {canonicalize_name(dist) for module in modules for dist in providers[module]}


def declared(requirements) -> set[str]:
    return {canonicalize_name(req.name) for req in requirements} - {"lingerlonger"}


def every_module() -> list[str]:
    return sorted(
        ".".join(path.relative_to(REPO).with_suffix("").parts).removesuffix(".__init__")
        for path in PACKAGE.rglob("*.py")
    )


def test_the_command_line_needs_only_the_core_dependencies():
    needed = distributions(third_party_closure("lingerlonger.command_line.commands"))
    assert "markdown-it-py" in needed  # replay shows say: Markdown as a terminal shows it
    assert needed <= declared(CORE)


def test_the_widgets_need_only_the_widgets_extra():
    needed = distributions(third_party_closure("lingerlonger.views.widgets"))
    assert "ipywidgets" in needed
    assert needed <= declared(CORE + EXTRAS["widgets"])


def test_the_app_extra_brings_the_widgets_and_voila():
    assert {"lingerlonger[widgets]", "voila"} <= {
        f"{req.name}[{','.join(req.extras)}]" if req.extras else req.name for req in EXTRAS["app"]
    }


@pytest.mark.parametrize("module", every_module())
def test_everything_a_module_imports_is_declared_by_the_package(module):
    """Imports inside functions count too: an optional feature names the extra it needs."""
    everything = CORE + [req for reqs in EXTRAS.values() for req in reqs]
    assert distributions(third_party_closure(module, lazy=True)) <= declared(everything)


def test_test_and_docs_tools_are_not_what_a_user_installs():
    tools = declared([req for reqs in GROUPS.values() for req in reqs])
    users = declared(CORE + [req for reqs in EXTRAS.values() for req in reqs])
    assert {"pytest", "jupyter-book"} <= tools and not tools & users


# --- requirements.txt, the dependency groups and the lock agree ------------------------


def _requirement_lines(path: Path) -> list[str]:
    lines = (line.split("#")[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def test_requirements_txt_installs_every_part_and_every_group():
    lines = _requirement_lines(REPO / "requirements.txt")
    [editable] = [line for line in lines if line.startswith("-e ")]
    assert editable.startswith("-e .[") and set(editable[5:-1].split(",")) == set(EXTRAS)
    listed = sorted(str(Requirement(line)) for line in lines if not line.startswith("-"))
    assert listed == sorted(str(req) for reqs in GROUPS.values() for req in reqs)


def test_the_lock_pins_everything_with_hashes_and_within_the_bounds():
    text = (REPO / "requirements.lock").read_text(encoding="utf-8")
    pins = dict(re.findall(r"^([A-Za-z0-9][\w.-]*)==(\S+) \\$", text, re.M))
    pinned = {canonicalize_name(name): version for name, version in pins.items()}
    assert len(pins) == text.count("==") and len(pins) <= text.count("--hash=sha256:")
    everything = CORE + [req for reqs in (*EXTRAS.values(), *GROUPS.values()) for req in reqs]
    for req in everything:
        if req.name == "lingerlonger":
            continue
        name = canonicalize_name(req.name)
        assert name in pinned, f"{req} is not in requirements.lock: run `make lock`"
        assert req.specifier.contains(pinned[name]), f"{req}: the lock pins {pinned[name]}"
    assert "lingerlonger" not in pinned and "-e " not in text  # CI installs it with --no-deps


def test_ci_installs_the_lock_with_a_pinned_hashed_uv():
    """.ci/run installs uv from .ci/installer.lock (one pin, its files hashed), then the lock with it,
    hashes required: the speed of uv, not a looser install."""
    installer = (REPO / ".ci" / "installer.lock").read_text(encoding="utf-8")
    assert re.findall(r"^([\w.-]+)==\S+ \\$", installer, re.M) == ["uv"], installer
    assert installer.count("--hash=sha256:") >= 1
    run = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install --progress-bar off --require-hashes -r .ci/installer.lock" in run
    uv_install = re.search(r"^python -m uv pip install .*?(?<!\\)$", run, re.M | re.S)
    assert uv_install and "--require-hashes -r requirements.lock" in uv_install.group(0), uv_install
    # compiled as pip compiles: with PYTHONDONTWRITEBYTECODE, no process would keep what it compiled
    assert "--compile-bytecode" in uv_install.group(0) and "python -m compileall -q lingerlonger" in run
    assert run.index(".ci/installer.lock") < run.index("-r requirements.lock")


# --- the command line: --version, and check with no path -------------------------------


def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"lingerlonger {__version__}\n"


def counted_files(summary: str) -> int:
    """How many files `lingerlonger check` says it read, pass or fail."""
    [count] = re.findall(r"\b(\d+) files?\b", summary.splitlines()[-1])
    return int(count)


def library_files(folder: Path) -> int:
    """How many scenario files a lesson library holds: its lessons and the course's units (the
    course index, course/course.yaml, is no scenario)."""
    return sum(1 for path in folder.rglob("*.yaml") if path.name != COURSE_INDEX)


def test_check_with_no_path_checks_the_lesson_library(capsys):
    main(["check"])
    out, err = capsys.readouterr()
    files = library_files(lesson_folder())
    assert files > 20 and counted_files(out + err) == files


def test_the_library_is_the_checkouts_scenarios_folder():
    assert lesson_folder() == REPO / "scenarios"


# --- a wheel from a plain clone, in a venv --------------------------------------------


def _run(*command, cwd: Path, env: dict[str, str], check: bool = True):
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, env=env, text=True, capture_output=True, timeout=600
    )
    if check:
        assert done.returncode == 0, f"{command}: {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


def tracked_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True)
    return [name for name in listed.stdout.decode().split("\0") if (REPO / name).is_file()]


def copy_tracked_files(target: Path) -> None:
    """What a clone holds: the tracked files as they are now (no node_modules, no `make assets`)."""
    for name in tracked_files():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, target / name, follow_symlinks=False)


@pytest.mark.slow
def see_these_packages(venv: Path) -> None:
    """Let `venv` import what this Python has installed, after its own packages. Plain folder
    lines: the .pth files in those folders (this checkout's editable install) are not run."""
    scheme = {"base": str(venv), "platbase": str(venv)}
    folders = dict.fromkeys(sysconfig.get_path(kind) for kind in ("purelib", "platlib"))
    own = Path(sysconfig.get_path("purelib", scheme="venv", vars=scheme))
    (own / "these-tests-packages.pth").write_text("".join(f"{folder}\n" for folder in folders), encoding="utf-8")


def test_a_wheel_from_the_tracked_files_alone_installs_with_the_app_and_checks_its_lessons(tmp_path):
    """Offline on purpose: the wheel is built with the setuptools installed here (no build
    isolation), and the venv sees the packages of the Python running the tests (a .pth file
    naming its package folders) so that `pip install --no-index "...whl[app]"` finds Voila and
    ipywidgets without an index: pip still resolves every requirement of [app] and fails on one
    that is missing or out of bounds. Not --system-site-packages: from a venv that would be the
    base Python's packages, which may hold none of them. The venv has no pip of its own
    (ensurepip would bring an old setuptools): this pip installs into it (--python)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "LINGERLONGER_SCENARIOS"}
    }
    source, dist, venv, elsewhere = (tmp_path / name for name in ("src", "dist", "venv", "cwd"))
    for folder in (source, elsewhere):
        folder.mkdir()
    copy_tracked_files(source)
    _run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-deps",
        "--no-build-isolation",
        "--no-index",
        "-w",
        dist,
        source,
        cwd=elsewhere,
        env=env,
    )
    [wheel] = dist.glob("lingerlonger-*.whl")

    # The app's template, as tracked, and no icon font anywhere in the wheel.
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    data = f"lingerlonger-{__version__}.data/data/"
    template = {name.removeprefix(data + f"{TEMPLATE}/") for name in names if name.startswith(data + f"{TEMPLATE}/")}
    tracked = {
        name.removeprefix(f"{TEMPLATE_SOURCE}/") for name in tracked_files() if name.startswith(f"{TEMPLATE_SOURCE}/")
    }
    # and the book's table script, which the app's tables use too (its one copy is the package's)
    assert template == tracked | {"static/table-voice.js"}
    assert {"index.html.j2", "static/icons.css", "static/icons/play.svg"} <= template
    assert not [name for name in names if name.lower().endswith(FONT_SUFFIXES) or "fontawesome" in name.lower()]

    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=elsewhere, env=env)
    see_these_packages(venv)
    python = venv / "bin/python"
    install = (sys.executable, "-m", "pip", "--python", python, "install", "--no-index")
    _run(*install, f"{wheel}[app]", cwd=elsewhere, env=env)
    command = venv / "bin/lingerlonger"

    found = _run(
        python,
        "-c",
        "import lingerlonger.views.widgets, voila; "
        "from lingerlonger.scenario.library import lesson_folder; "
        "from voila.paths import collect_static_paths; "
        "print(lingerlonger.views.widgets.__file__); print(lesson_folder()); "
        "print(collect_static_paths(['voila'], 'linger')[0])",
        cwd=elsewhere,
        env=env,
    )
    module, lessons, static = found.stdout.splitlines()
    assert module.startswith(str(venv)) and lessons.startswith(str(venv))  # the wheel's, not this checkout's
    assert Path(static) == venv / TEMPLATE / "static" and (Path(static) / "icons.css").is_file()
    assert _run(command, "--version", cwd=elsewhere, env=env).stdout == f"lingerlonger {__version__}\n"
    helped = _run(python, "-m", "lingerlonger", "--help", cwd=elsewhere, env=env)
    assert helped.stdout.startswith("usage: lingerlonger")

    checked = _run(command, "check", cwd=elsewhere, env=env, check=False)
    assert counted_files(checked.stdout + checked.stderr) == library_files(source / "scenarios")
    assert checked.returncode == 0, f"the packaged lessons fail:\n{checked.stdout}{checked.stderr}"

    missing = _run(command, "replay", "no-such-lesson.yaml", cwd=elsewhere, env=env, check=False)
    assert missing.returncode != 0 and missing.stdout == ""
    assert len(missing.stderr.splitlines()) == 1 and "no-such-lesson.yaml" in missing.stderr

    # An editable install reads the lessons where they are: the checkout's scenarios/.
    _run(*install, "--no-deps", "--no-build-isolation", "-e", source, cwd=elsewhere, env=env)
    found = _run(
        python,
        "-c",
        "from lingerlonger.scenario.library import lesson_folder; print(lesson_folder())",
        cwd=elsewhere,
        env=env,
    )
    assert found.stdout == f"{source / 'scenarios'}\n"
