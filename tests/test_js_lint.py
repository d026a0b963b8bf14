"""The scripts' checks of ``make lint`` (eslint.config.mjs, tsconfig.json) refuse what they are
there to refuse, and pass every script of the project: one ESLint run over every tracked script
and the fixtures of tests/js/lint_fixtures/ (which must fail, each line where it says so, and
nowhere else), one tsc run over tsconfig.json's files and the fixture that calls against its types.
The tools are the lock's (``make assets``): without them the test is skipped, and under ``CI=true``
it fails."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import needed

ROOT = Path(__file__).resolve().parents[1]
BIN = ROOT / "node_modules" / ".bin"
FIXTURES = ROOT / "tests" / "js" / "lint_fixtures"
TSC_FIXTURE = FIXTURES / "untyped_call.js"
ESLINT_FAILS, TSC_FAILS = re.compile(r"// eslint fails: (\S+)"), re.compile(r"// tsc fails: (\S+)")


def tool(name: str) -> Path:
    path = BIN / name
    needed.node()
    if not path.exists():
        needed.missing(f"no {path}: run make assets")
    return path


def tsconfig(name: str) -> dict:
    """A tsc project of the repository's root, its // comments left out (tsc reads JSON with comments)."""
    return json.loads(re.sub(r"^\s*//.*$", "", (ROOT / name).read_text(encoding="utf-8"), flags=re.M))


def expected(path: Path, marker: re.Pattern[str]) -> set[tuple[int, str]]:
    """(line, rule) of each ``// eslint fails: RULE`` (or tsc's) comment of a fixture."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return {(number, found) for number, line in enumerate(lines, 1) for found in marker.findall(line)}


def test_eslint_refuses_the_fixtures_and_passes_every_script():
    eslint = tool("eslint")
    scripts = subprocess.run(
        ["git", "ls-files", "*.js", "*.mjs", "*.cjs"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    fixtures = sorted(str(path.relative_to(ROOT)) for path in FIXTURES.glob("*.js"))
    assert "lingerlonger/views/static/learn/course.js" in scripts and fixtures
    # --no-ignore: the fixtures, which `eslint .` leaves out, are linted as browser scripts
    run = subprocess.run(
        [str(eslint), "--no-ignore", "--format", "json", *sorted(set(scripts) - set(fixtures)), *fixtures],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode in {0, 1}, run.stderr[-2000:]
    found: dict[str, set[tuple[int, str]]] = {}
    for result in json.loads(run.stdout):
        name = str(Path(result["filePath"]).relative_to(ROOT))
        found[name] = {(message["line"], message.get("ruleId") or message["message"]) for message in result["messages"]}
    assert {name: problems for name, problems in found.items() if problems and name not in fixtures} == {}
    for name in fixtures:
        assert found[name] == expected(ROOT / name, ESLINT_FAILS), name
    refused = {rule for name in fixtures for _, rule in found[name]}
    assert {"no-unsanitized/property", "no-unsanitized/method", "no-prototype-builtins"} <= refused


def test_tsc_refuses_a_call_against_the_types_and_passes_the_scripts(tmp_path):
    tsc = tool("tsc")
    config = tsconfig("tsconfig.json")
    files = [str(ROOT / name) for name in config["files"]]
    assert config["compilerOptions"]["strict"] and config["compilerOptions"]["checkJs"]
    both = tmp_path / "tsconfig.json"
    both.write_text(json.dumps({"extends": str(ROOT / "tsconfig.json"), "files": [*files, str(TSC_FIXTURE)]}))
    run = subprocess.run([str(tsc), "-p", str(both), "--pretty", "false"], capture_output=True, text=True, timeout=120)
    errors = re.findall(r"^(.+?)\((\d+),\d+\): error (TS\d+):", run.stdout, re.M)
    assert errors, run.stdout[-3000:] + run.stderr[-2000:]
    assert [error for error in errors if Path(error[0]).resolve() != TSC_FIXTURE] == []
    assert {(int(line), code) for _, line, code in errors} == expected(TSC_FIXTURE, TSC_FAILS)


def test_tsc_passes_the_workers_scripts():
    """live mode's worker, its snapshot's restoring and the service worker: a project of their own
    (tsconfig.worker.json, the webworker library), every script of a worker in it."""
    tsc = tool("tsc")
    config = tsconfig("tsconfig.worker.json")
    assert {"lingerlonger/views/static/live/live-worker.js", "book/_ext/offline/sw.template.js"} <= set(config["files"])
    run = subprocess.run(
        [str(tsc), "-p", str(ROOT / "tsconfig.worker.json"), "--pretty", "false"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]


def test_every_browser_script_is_type_checked():
    """No script of a page or a worker is left out of tsc: each is in tsconfig.json or tsconfig.worker.json."""
    checked = {name for config in ("tsconfig.json", "tsconfig.worker.json") for name in tsconfig(config)["files"]}
    scripts = subprocess.run(
        [
            "git",
            "ls-files",
            "lingerlonger/views/static/*.js",
            "lingerlonger/views/static/*.mjs",
            "book/_ext/static/*.js",
            "book/_ext/offline/*.js",
            "book/app/*.js",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert scripts
    assert sorted(set(scripts) - checked) == []
