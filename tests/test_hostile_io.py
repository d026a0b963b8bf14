"""Nothing lost, nothing written as if it were fine, no traceback (issue 17); and the app's
upload stays responsive under every class of hostile file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from corpora import CORPUS, HOSTILE, LARGE

from lingerlonger.command_line import commands as cli
from lingerlonger.scenario import ScenarioError, iter_scenarios, load, read_upload
from lingerlonger.scenario.author_names import skeleton
from lingerlonger.scenario.file_reading import open_source
from lingerlonger.scenario.limits import MAX_DOCUMENT_BYTES, MAX_UPLOAD_SCENARIOS
from lingerlonger.scenario.writer import write
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
