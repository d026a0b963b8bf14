"""``lingerlonger check | replay | simulate | new``: located lines, exit codes, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lingerlonger import cli
from lingerlonger.replay import check
from lingerlonger.scenario import load
from conftest import RECORDED_DIR

TESTS = Path(__file__).resolve().parent
GOOD, BAD = TESTS / "good", TESTS / "bad"
LIBRARY = TESTS.parent / "scenarios"


def run(capsys, *argv: str) -> tuple[int, list[str], str]:
    code = cli.main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


# --- check --------------------------------------------------------------------------

def test_check_accepts_the_good_corpus(capsys):
    code, lines, _ = run(capsys, "check", GOOD)
    assert code == 0
    assert lines == ["6 scenarios in 4 files: all pass"]


def test_check_prints_one_located_line_per_failure_and_a_summary(capsys):
    bad = sorted(BAD.glob("*.yaml"))
    code, lines, err = run(capsys, "check", BAD, GOOD / "position-grand-coup.yaml")
    assert code == 1
    failures, summary = lines[:-1], lines[-1]
    assert len(failures) == len(bad)
    assert [line.split(":", 1)[0] for line in failures] == [str(path) for path in bad]
    assert all(line.split(":")[1].isdigit() and line.split(":")[2].isdigit() for line in failures)
    scenarios = len(bad) + 1 + 1  # one bad file holds a good scenario before its bad one
    assert summary == f"{len(bad)} failures in {len(bad)} of {scenarios} scenarios ({len(bad) + 1} files)"
    assert "Traceback" not in err


def test_check_reports_every_failed_expectation_of_a_scenario(tmp_path, capsys):
    text = (GOOD / "position-worked-example.yaml").read_text(encoding="utf-8")
    path = tmp_path / "two-mistakes.yaml"
    path.write_text(text.replace("stock_size: 0", "stock_size: 1").replace("\n  winner: C", "\n  winner: A"),
                    encoding="utf-8")
    code, lines, _ = run(capsys, "check", path)
    assert code == 1
    assert [line.split(": ", 1)[1] for line in lines[:2]] == [
        "expect: stock_size: expected 1 in the stock, but it holds 0",
        "result: expected winner A, but C won (exhaustion)"]
    assert lines[2] == "2 failures in 1 of 1 scenario (1 file)"


def test_check_refuses_missing_paths_empty_folders_and_empty_files(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    (tmp_path / "blank.yaml").write_text("# nothing here\n", encoding="utf-8")
    code, lines, _ = run(capsys, "check", tmp_path / "nope.yaml", tmp_path / "empty",
                         tmp_path / "blank.yaml")
    assert code == 1
    assert lines[:3] == [f"{tmp_path / 'nope.yaml'}: no such file or folder",
                         f"{tmp_path / 'empty'}: no scenario files (*.yaml) in this folder",
                         f"{tmp_path / 'blank.yaml'}:1:1: no scenario in this file"]


def test_check_accepts_the_recorded_hands(capsys):
    code, lines, _ = run(capsys, "check", RECORDED_DIR)
    assert (code, lines) == (0, ["400 scenarios in 10 files: all pass"])


def test_check_accepts_the_scenario_library(capsys):
    code, lines, _ = run(capsys, "check", LIBRARY)
    assert code == 0 and lines[-1].endswith("all pass")


# --- simulate -----------------------------------------------------------------------

def test_simulate_writes_a_stream_that_checks(tmp_path, capsys):
    path = tmp_path / "games.yaml"
    code, _, _ = run(capsys, "simulate", "--rules", "standard+draw-per-card+no-trump",
                     "--players", 5, "--seed", 7, "--games", 12, "-o", path)
    assert code == 0
    hands = load(path)
    assert len(hands) == 12 and all(check(hand) == [] for hand in hands)
    assert hands[0].title == "Random hand 1 of seed 7 (standard+draw-per-card+no-trump, 5 players)"
    code, lines, _ = run(capsys, "check", path)
    assert (code, lines) == (0, ["12 scenarios in 1 file: all pass"])


def test_simulate_is_deterministic_and_writes_to_stdout(capsys):
    code, first, _ = run(capsys, "simulate", "--seed", 3, "--games", 2, "-o", "-")
    assert code == 0 and first[0].startswith("# yaml-language-server: $schema=")
    _, second, _ = run(capsys, "simulate", "--seed", 3, "--games", 2)
    assert first == second
    _, other, _ = run(capsys, "simulate", "--seed", 4, "--games", 2)
    assert first != other


def test_simulate_with_computer_players(capsys):
    code, lines, _ = run(capsys, "simulate", "--players", 3, "--seats", "tips,random,tips")
    assert code == 0 and "title: Hand 1 of seed 0 (standard, 3 players; tips, random, tips)" in lines


@pytest.mark.parametrize("argv, message", [
    (["--players", "3", "--seats", "tips,random"], "2 player kinds for 3 seats"),
    (["--rules", "standard+random-trump", "--players", "4", "--seats", "wizard"], "unknown player"),
])
def test_simulate_refuses_bad_seats(capsys, argv, message):
    code, lines, _ = run(capsys, "simulate", *argv)
    assert code == 1 and message in lines[0]


def test_a_bad_rules_spec_is_a_usage_error_not_a_traceback(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["simulate", "--rules", "standard+jokers"])
    assert exit_.value.code == 2
    assert "unknown variant 'jokers'" in capsys.readouterr().err


# --- new ----------------------------------------------------------------------------

def test_new_writes_a_starter_that_checks(tmp_path, capsys):
    path = tmp_path / "mine.yaml"
    code, _, _ = run(capsys, "new", "--rules", "equal-hands+grand-coup", "--players", 5,
                     "--seed", 11, "-o", path)
    assert code == 0
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=")
    assert f"lingerlonger check {path}" in text
    [scenario] = load(path)
    assert check(scenario) == []
    assert scenario.players == ("A", "B", "C", "D", "E") and scenario.result is None
    plays = [step for step in scenario.steps if step.kind == "play"]
    assert len(plays) == 5 and plays[0].say and scenario.steps[-1].kind == "expect"
    code, lines, _ = run(capsys, "new", "-o", path)
    assert code == 1 and "exists" in lines[0]


def test_new_without_a_seed_names_its_seed(capsys):
    code, lines, _ = run(capsys, "new")
    assert code == 0
    title = next(line for line in lines if line.startswith("title: "))
    seed = int(title.rsplit("seed ", 1)[1].rstrip(")"))
    _, again, _ = run(capsys, "new", "--seed", seed)
    assert again == lines


# --- replay -------------------------------------------------------------------------

def test_replay_shows_the_board_the_narration_and_the_authors_words(capsys):
    code, lines, _ = run(capsys, "replay", GOOD / "position-worked-example.yaml")
    assert code == 0
    text = "\n".join(lines)
    assert lines[0] == "The last card can still save you"
    assert "-- Step 3: C plays 2♥ --" in lines
    assert "  C has no clubs and trumps with 2♥." in lines
    assert "  > C has no clubs: the 2♥ is a trump." in lines
    assert "  C  2♥  <- to act" in lines
    assert "  trump ♥ | stock 0 | trick: A K♣, B 3♣, C 2♥, D A♣" in lines
    assert lines[-1] == "C wins the hand (exhaustion)."
    assert "\033[" not in text  # not a terminal: no colour


def test_replay_for_one_seat_hides_the_other_hands(capsys):
    code, lines, _ = run(capsys, "replay", GOOD / "deal-every-key.yaml", "--seat", "Bo")
    assert code == 0
    assert "  Ann  5 cards  <- to act" in lines and "  Bo   A♠ 4♠ 5♦ 10♣ 3♣" in lines
    assert "  On draws 4 cards." in lines and "  Bo draws 6♥, 4♥, A♦, 7♦ (24 cards left in the stock)." in lines


def test_replay_picks_a_scenario_of_a_stream(capsys):
    code, lines, _ = run(capsys, "replay", GOOD / "stream-notations.yaml", "--index", 3)
    assert code == 0 and lines[0] == "Out at once"
    code, lines, err = run(capsys, "replay", GOOD / "stream-notations.yaml", "--index", 4)
    assert code == 1 and not lines and err.splitlines() == [
        f"{GOOD / 'stream-notations.yaml'}:1:1: there is no scenario number 4 in this file"]


def test_replay_of_a_failing_scenario_ends_with_the_located_failure(capsys):
    code, lines, _ = run(capsys, "replay", BAD / "revoke.yaml")
    assert code == 1
    assert lines[-1] == f"{BAD / 'revoke.yaml'}:13:11: B must follow ♣: holds 7♣, 9♣, so cannot play K♠"


def test_replay_of_a_refused_file_and_of_a_missing_one(capsys):
    code, lines, _ = run(capsys, "replay", BAD / "alias-bomb.yaml")
    assert code == 1 and lines[0].startswith(f"{BAD / 'alias-bomb.yaml'}:5:16: the alias")
    code, lines, err = run(capsys, "replay", BAD / "missing.yaml")
    assert code == 1 and not lines and err.splitlines() == [
        f"lingerlonger replay: {BAD / 'missing.yaml'}: No such file or directory"]
    code, lines, _ = run(capsys, "replay", GOOD / "position-grand-coup.yaml", "--seat", "Q")
    assert code == 1 and "no such seat" in lines[0]


def test_replay_colours_red_suits_on_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    code, lines, _ = run(capsys, "replay", GOOD / "position-worked-example.yaml")
    assert code == 0
    assert "  C  \033[31m2♥\033[0m  <- to act" in lines
    assert "  B  Q♠ 3♣" in lines  # black suits stay plain


# --- never a traceback --------------------------------------------------------------

def test_an_unexpected_error_is_one_line_asking_for_a_report(capsys, monkeypatch):
    def broken(scenario):
        raise RuntimeError("boom")

    monkeypatch.setattr(cli, "check_scenario", broken)
    code, _, err = run(capsys, "check", GOOD)
    assert code == 1
    assert err.splitlines()[0] == "lingerlonger check: internal error: RuntimeError: boom"
    assert "report" in err and "Traceback" not in err


def test_the_installed_command(tmp_path):
    result = subprocess.run([sys.executable, "-m", "lingerlonger.cli", "check", str(BAD / "revoke.yaml")],
                            capture_output=True, text=True, encoding="utf-8")
    assert result.returncode == 1
    assert result.stdout.splitlines()[0].endswith("B must follow ♣: holds 7♣, 9♣, so cannot play K♠")
    assert result.stderr == ""
