"""Nothing lost, nothing written as if it were fine, no traceback (issue 17); and the app's
upload stays responsive under every class of hostile file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from corpora import CORPUS, HOSTILE, LARGE

from lingerlonger.command_line import commands as cli
from lingerlonger.scenario import ScenarioError, iter_scenarios, load, read_upload
from lingerlonger.scenario.author_names import skeleton
from lingerlonger.scenario.file_reading import open_source
from lingerlonger.scenario.limits import MAX_DOCUMENT_BYTES, MAX_UPLOAD_SCENARIOS
from lingerlonger.scenario.writer import SCHEMA_NAME, write
from lingerlonger.views.widgets import HandPlayer, ScenarioBrowser

REPO = Path(__file__).resolve().parents[1]
BAD = REPO / "tests" / "bad"
RECORDED = REPO / "tests" / "recorded" / "equal-hands.yaml"
#: The command as a user runs it, with this checkout's package first on the path.
COMMAND = [sys.executable, "-m", "lingerlonger.command_line.commands"]
ENVIRONMENT = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}


def _run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


# --- sheet --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["revoke.yaml", "wrong-expect.yaml", "wrong-result.yaml"])
def test_a_sheet_of_a_scenario_that_does_not_check_is_not_written(capsys, tmp_path, name):
    code, out, err = _run(capsys, "sheet", BAD / name)
    assert code == 1 and out == ""
    assert f"{BAD / name}:" in err and "no sheet written" in err
    target = tmp_path / "page.html"
    code, out, err = _run(capsys, "sheet", BAD / name, "-o", target)
    assert code == 1 and not target.exists() and "no sheet written" in err


def test_a_sheet_of_a_refused_file_says_so_on_stderr_only(capsys):
    code, out, err = _run(capsys, "sheet", BAD / "alias-bomb.yaml")
    assert code == 1 and out == "" and f"{BAD / 'alias-bomb.yaml'}:5:16:" in err


# --- writing -------------------------------------------------------------------------------


def test_a_stream_written_back_to_the_file_it_is_read_from_is_kept_whole(tmp_path):
    path = tmp_path / "hands.yaml"
    shutil.copy(RECORDED, path)
    before = load(path)
    with open_source(str(path)) as source:
        write(path, iter_scenarios(source, str(path)))
    assert load(path) == before
    assert [child.name for child in tmp_path.iterdir()] == ["hands.yaml"]  # no temporary left


def test_a_write_that_fails_half_way_leaves_the_old_file_as_it_was(tmp_path):
    path = tmp_path / "hands.yaml"
    shutil.copy(RECORDED, path)
    original = path.read_bytes()

    def scenarios_then_a_failure():
        yield from load(RECORDED)[:3]
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write(path, scenarios_then_a_failure())
    assert path.read_bytes() == original
    assert [child.name for child in tmp_path.iterdir()] == ["hands.yaml"]


# --- nothing that writes a file replaces a scenario without --force (issue 39) ---------------

LESSON = REPO / "scenarios" / "03-follow-suit.yaml"
#: Every command that writes a file, as the command line that writes it to TARGET.
WRITERS = {
    "sheet": ["sheet", LESSON, "-o"],
    "simulate": ["simulate", "--games", "2", "-o"],
    "new": ["new", "--position", "-o"],
    "schema": ["schema", "-o"],
    "tournament": ["tournament", "--hands", "3", "--workers", "1", "-q", "-o"],
}
#: Scenarios by their name, and by what they hold whatever their name.
SCENARIO_NAMES = ["lesson.yaml", "lesson.yml", "LESSON.YAML", "lesson", "lesson.txt", "lesson.html", "hands.csv"]


def _scenario_at(path: Path) -> bytes:
    content = LESSON.read_bytes()
    path.write_bytes(content)
    return content


@pytest.mark.parametrize("name", SCENARIO_NAMES)
@pytest.mark.parametrize("command", sorted(WRITERS))
def test_no_command_writes_over_a_scenario_without_force(capsys, tmp_path, command, name):
    target = tmp_path / name
    before = _scenario_at(target)
    code, _, err = _run(capsys, *WRITERS[command], target)
    assert code == 2 and target.read_bytes() == before
    assert err == (
        f"lingerlonger {command}: {target} is a scenario file: writing there would replace it. "
        "Choose another name, or add --force to replace it\n"
    )
    assert sorted(child.name for child in tmp_path.iterdir()) == [name]  # nothing beside it either
    code, _, err = _run(capsys, *WRITERS[command], target, "--force")
    assert code == 0 and target.read_bytes() != before, err


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_scenario_is_not_replaced_through_a_folder_or_a_link(capsys, tmp_path, command):
    lesson = tmp_path / "lesson.yaml"
    before = _scenario_at(lesson)
    link = tmp_path / "out.html"
    link.symlink_to(lesson)
    code, _, err = _run(capsys, *WRITERS[command], link)
    assert code == 2 and lesson.read_bytes() == before and link.is_symlink()
    assert f"{link} is a scenario file" in err


def test_schema_into_a_folder_does_not_replace_a_scenario_named_as_the_schema(capsys, tmp_path):
    (tmp_path / SCHEMA_NAME).write_text("format: 1\ntitle: mine\n", encoding="utf-8")
    code, _, err = _run(capsys, "schema", "-o", tmp_path)
    assert code == 2 and f"{tmp_path / SCHEMA_NAME} is a scenario file" in err
    assert (tmp_path / SCHEMA_NAME).read_text(encoding="utf-8") == "format: 1\ntitle: mine\n"


@pytest.mark.parametrize("how", ["same", "relative", "symlink", "hard link"])
def test_a_sheet_never_replaces_the_lesson_it_prints(capsys, tmp_path, monkeypatch, how):
    lesson = tmp_path / "lesson.yaml"
    before = _scenario_at(lesson)
    monkeypatch.chdir(tmp_path)
    target = {"same": lesson, "relative": Path("lesson.yaml")}.get(how, tmp_path / "page.html")
    if how == "symlink":
        target.symlink_to(lesson)
    elif how == "hard link":
        os.link(lesson, target)
    code, _, err = _run(capsys, "sheet", lesson, "-o", target)
    assert code == 2 and lesson.read_bytes() == before
    assert err == (
        f"lingerlonger sheet: {target} is the very file this command reads: writing there would replace it. "
        "Choose another name, or add --force to replace it\n"
    )


@pytest.mark.parametrize("command", sorted(set(WRITERS) - {"new"}))
def test_a_file_that_is_no_scenario_is_still_replaced_without_force(capsys, tmp_path, command):
    target = tmp_path / "old-output.html"
    target.write_text("<p>last week's sheet</p>\nformat of the day: 1 page\n", encoding="utf-8")
    code, _, err = _run(capsys, *WRITERS[command], target)
    assert code == 0, err
    assert "last week" not in target.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["pt", "es", "ru"])
def test_the_refusal_to_replace_a_scenario_is_said_in_the_readers_language(capsys, tmp_path, lang):
    target = tmp_path / "lesson.yaml"
    _scenario_at(target)
    code, _, err = _run(capsys, "simulate", "-o", target, "--lang", lang)
    assert code == 2 and str(target) in err and "--force" in err
    assert "scenario file" not in err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="a system without /dev/full")
@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "3"],
        ["demo", "--seed", "1"],
        ["check", "scenarios"],
        ["replay", "scenarios/06-last-card-saves.yaml"],
    ],
)
def test_a_full_stdout_gives_one_line_on_stderr(argv):
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            COMMAND + argv, stdout=full, stderr=subprocess.PIPE, text=True, cwd=REPO, env=ENVIRONMENT, timeout=120
        )
    assert done.returncode == 1
    assert done.stderr.splitlines() == [f"lingerlonger {argv[0]}: No space left on device"]


# --- what is not a file: a pipe, a device, a socket, a folder given as a file (issue 39) -------

#: Each read runs as the reader runs it, in a process of its own, so that a read that waits
#: for ever fails the test rather than hanging it.
NO_HANG = 60
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="a system without named pipes")


def _command(*argv, cwd=REPO) -> subprocess.CompletedProcess:
    return subprocess.run(
        COMMAND + [str(arg) for arg in argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**ENVIRONMENT, "LINGERLONGER_LANG": "en"},
        timeout=NO_HANG,
    )


@needs_fifo
@pytest.mark.parametrize("command", ["check", "replay", "sheet"])
def test_a_named_pipe_is_refused_at_once(tmp_path, command):
    pipe = tmp_path / "lesson.yaml"
    os.mkfifo(pipe)
    done = _command(command, pipe, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert f"{pipe}:1:1: this is a named pipe (FIFO), not a file" in done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    assert sorted(child.name for child in tmp_path.iterdir()) == ["lesson.yaml"]  # no sheet written


@needs_fifo
def test_a_named_pipe_in_a_folder_is_refused_and_the_other_files_checked(tmp_path):
    shutil.copy(REPO / "scenarios" / "03-follow-suit.yaml", tmp_path / "good.yaml")
    (tmp_path / "deeper").mkdir()
    os.mkfifo(tmp_path / "deeper" / "pipe.yml")
    done = _command("check", tmp_path)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert lines[0] == (
        f"{tmp_path / 'deeper' / 'pipe.yml'}:1:1: this is a named pipe (FIFO), not a file: "
        "scenarios are read from files (check takes folders too)"
    )
    assert lines[1].startswith("1 failure in 1 of 2 scenarios") and "(2 files)" in lines[1]  # the pipe counts


@needs_fifo
def test_the_apps_library_lists_a_named_pipe_as_a_file_it_cannot_read(tmp_path):
    shutil.copy(REPO / "scenarios" / "03-follow-suit.yaml", tmp_path / "03-good.yaml")
    os.mkfifo(tmp_path / "04-pipe.yaml")
    script = (
        "import sys; from pathlib import Path; from lingerlonger.session.sources import scenario_library; "
        "entries, problems = scenario_library(Path(sys.argv[1])); "
        "print(len(entries)); print(*(problem.text('en') for problem in problems), sep='\\n')"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, env=ENVIRONMENT, timeout=NO_HANG
    )
    count, problem = done.stdout.splitlines()
    assert int(count) >= 1 and problem.startswith(f"{tmp_path / '04-pipe.yaml'}:1:1: this is a named pipe")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="a system without /dev/zero")
@pytest.mark.parametrize("command", ["check", "replay", "sheet"])
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused_before_it_is_read(tmp_path, command, device):
    done = _command(command, device, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == (
        f"{device}:1:1: this is a device, not a file: scenarios are read from files (check takes folders too)"
    )


@pytest.mark.parametrize("command", ["replay", "sheet"])
def test_a_folder_given_as_the_file_is_refused(tmp_path, command):
    done = _command(command, tmp_path, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith(f"{tmp_path}:1:1: this is a folder, not a file")


def test_a_socket_is_refused(tmp_path):
    socket = pytest.importorskip("socket")
    if not hasattr(socket, "AF_UNIX"):
        pytest.skip("a system without Unix sockets")
    folder = Path(tempfile.mkdtemp(prefix="ll"))  # a socket's path is short (108 bytes)
    try:
        with socket.socket(socket.AF_UNIX) as server:
            server.bind(str(folder / "s.yaml"))
            done = _command("check", folder / "s.yaml", cwd=tmp_path)
    finally:
        shutil.rmtree(folder)
    assert done.returncode == 2 and "this is a socket, not a file" in done.stderr


# The tournament's output and Ctrl-C: tests/test_lab.py.


# --- the app's upload ----------------------------------------------------------------------

UPLOADS = {name: (HOSTILE / name).read_bytes() for name in CORPUS} | {
    name: content for name, (content, *_) in LARGE.items() if len(content) <= MAX_DOCUMENT_BYTES
}


@pytest.fixture(scope="module")
def browser():
    return ScenarioBrowser(REPO / "scenarios")


@pytest.mark.parametrize("name", sorted(UPLOADS))
def test_the_app_refuses_a_hostile_upload_and_then_steps_a_normal_scenario(browser, name):
    browser.open_upload(name, UPLOADS[name])
    message = browser.message.value
    assert "Something went wrong" not in message and "Traceback" not in message
    expected = CORPUS.get(name, "refused")
    if expected is None:
        assert "Opened" in message
    else:
        assert "cannot be opened" in message and f"{name}:" in message
        if isinstance(expected, tuple):
            assert f"{name}:{expected[0]}:{expected[1]}:" in message
    browser.choose("worked example: the last card")
    player = browser.player
    player.go_first()
    player.go_next()
    assert player.at == 1 and player.run.scenario.title.startswith("The worked example")


def test_the_app_refuses_a_file_over_the_upload_limit(browser):
    browser.open_upload("big.yaml", b"#" * (MAX_DOCUMENT_BYTES + 1))
    assert "big.yaml" in browser.message.value and "2,000,000" in browser.message.value


def test_the_app_opens_at_most_a_hundred_scenarios_of_one_file():
    one = (HOSTILE / "variation-selectors.yaml").read_text(encoding="utf-8")
    assert len(read_upload(("---\n" + one).encode() * MAX_UPLOAD_SCENARIOS, "many.yaml")) == 100
    with pytest.raises(ScenarioError) as refused:
        read_upload(("---\n" + one).encode() * (MAX_UPLOAD_SCENARIOS + 1), "many.yaml")
    assert refused.value.where.line == 1 + (MAX_UPLOAD_SCENARIOS * (one.count("\n") + 1)) + 1
    assert f"at most {MAX_UPLOAD_SCENARIOS}" in refused.value.message


@pytest.mark.parametrize(
    "typed, shown",
    [("Ana", "Ana"), ("Eli\u202e\x1b[2J", "Eli[2J"), ("\u0410na", "\u0410na"), ("  Bo \u200b b ", "Bo b")],
)
def test_a_player_name_loses_invisible_characters_and_never_twins_a_computer_player(typed, shown):
    hand = HandPlayer(delay=0, seed=1)
    hand.players.value = 6
    hand.your_name.value = typed
    hand.new_hand()
    names = hand.state.players
    assert names[hand.you] == shown and hand.message.value == ""
    assert len({skeleton(name) for name in names}) == 6
