"""``lingerlonger check | replay | simulate | new | schema | demo``: located lines on stderr,
exit codes (1 a failed check, 2 a usage error), help in plain words, never a traceback."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from lingerlonger import cli
from lingerlonger.i18n import LANGUAGES, translate
from lingerlonger.narrate import reason_text
from lingerlonger.replay import check
from lingerlonger.scenario import load
from lingerlonger.scenario.writer import SCHEMA_HINT, SCHEMA_NAME, schema_file
from corpora import tag_vocabulary
from golden_data import RECORDED_DIR

TESTS = Path(__file__).resolve().parent
GOOD, BAD = TESTS / "good", TESTS / "bad"
LIBRARY = TESTS.parent / "scenarios"


def run(capsys, *argv: str) -> tuple[int, list[str], str]:
    code = cli.main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def run_err(capsys, *argv: str) -> tuple[int, list[str], list[str]]:
    """Like ``run``, with stderr as lines too."""
    code, out, err = run(capsys, *argv)
    return code, out, err.splitlines()


# --- check --------------------------------------------------------------------------

def test_check_accepts_the_good_corpus(capsys):
    code, lines, _ = run(capsys, "check", GOOD)
    assert code == 0
    assert lines == ["8 scenarios in 6 files: all pass"]


def test_check_prints_one_located_line_per_failure_and_a_summary(capsys):
    bad = sorted(BAD.glob("*.yaml"))
    code, out, lines = run_err(capsys, "check", BAD, GOOD / "position-grand-coup.yaml")
    assert code == 1 and out == []  # every error on stderr, nothing on stdout
    failures, summary = lines[:-1], lines[-1]
    assert len(failures) == len(bad)
    assert [line.split(":", 1)[0] for line in failures] == [str(path) for path in bad]
    assert all(line.split(":")[1].isdigit() and line.split(":")[2].isdigit() for line in failures)
    scenarios = len(bad) + 1 + 1  # one bad file holds a good scenario before its bad one
    assert summary == f"{len(bad)} failures in {len(bad)} of {scenarios} scenarios ({len(bad) + 1} files)"
    assert not any("Traceback" in line for line in lines)


def test_check_reports_every_failed_expectation_of_a_scenario(tmp_path, capsys):
    text = (GOOD / "position-worked-example.yaml").read_text(encoding="utf-8")
    path = tmp_path / "two-mistakes.yaml"
    path.write_text(text.replace("stock_size: 0", "stock_size: 1").replace("\n  winner: C", "\n  winner: A"),
                    encoding="utf-8")
    code, _, lines = run_err(capsys, "check", path)
    assert code == 1
    assert [line.split(": ", 1)[1] for line in lines[:2]] == [
        "expect: stock_size: expected 1 in the stock, but it holds 0",
        "result: expected winner A, but C won (exhaustion)"]
    assert lines[2] == "2 failures in 1 of 1 scenario (1 file)"


def test_check_refuses_missing_paths_empty_folders_and_empty_files(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    (tmp_path / "blank.yaml").write_text("# nothing here\n", encoding="utf-8")
    code, out, lines = run_err(capsys, "check", tmp_path / "nope.yaml", tmp_path / "empty",
                               tmp_path / "blank.yaml")
    assert code == 2 and out == []  # a missing path is a usage error
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
    code, out, lines = run_err(capsys, "simulate", *argv)
    assert code == 2 and out == [] and len(lines) == 1
    assert lines[0].startswith("lingerlonger simulate: ") and message in lines[0]


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
    code, out, lines = run_err(capsys, "new", "-o", path)
    assert code == 2 and out == [] and "exists" in lines[0]


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
    assert lines[-1] == "C wins the hand: they drew the last card of the stock."
    assert "\033[" not in text  # not a terminal: no colour


def test_replay_for_one_seat_hides_the_other_hands(capsys):
    code, lines, _ = run(capsys, "replay", GOOD / "deal-every-key.yaml", "--seat", "Bo")
    assert code == 0
    assert "  Ann  5 cards  <- to act" in lines and "  Bo   A♠ 4♠ 5♦ 10♣ 3♣" in lines
    assert "  On draws 4 cards." in lines and "  Bo draws 6♥, 4♥, A♦, 7♦ (24 cards left in the stock)." in lines


def test_check_speaks_russian_when_asked(capsys):
    code, out, lines = run_err(capsys, "check", BAD / "revoke.yaml", BAD / "unknown-key.yaml",
                               BAD / "nope.yaml", "--lang", "ru")
    assert code == 2 and out == []
    revoke = next(line for line in lines if line.startswith(f"{BAD / 'revoke.yaml'}:13:11: "))
    assert "нужно дать масть ♣: у игрока B есть 7♣, 9♣, поэтому K♠ класть нельзя" in revoke
    assert f"{BAD / 'nope.yaml'}: такого файла или папки нет" in lines
    assert lines[-1] == "ошибок: 3; сценариев с ошибками: 2 (сценариев: 2, файлов: 2)"
    english = re.compile(r"\b(the|is|not|expected|must|of|in|no|failures?)\b")
    assert not any(english.search(line.split(": ", 1)[1]) for line in lines), lines


def test_check_follows_the_terminal_language_and_lang_wins(capsys, monkeypatch):
    for name in ("LINGERLONGER_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    code, _, lines = run_err(capsys, "check", BAD / "deck-51.yaml")
    assert code == 1 and "deck: um baralho tem 52 cartas diferentes, este tem 51" in lines[0]
    assert lines[-1] == "1 falha em 1 de 1 cenário (1 arquivo)"
    code, _, lines = run_err(capsys, "check", BAD / "deck-51.yaml", "--lang", "es")
    assert "deck: una baraja tiene 52 cartas distintas, esta tiene 51" in lines[0]


def test_a_usage_error_is_said_in_the_language_asked_for(capsys):
    code, out, lines = run_err(capsys, "replay", GOOD / "position-grand-coup.yaml", "--seat", "Q",
                               "--lang", "pt")
    assert (code, out) == (2, [])
    assert lines == ["lingerlonger replay: --seat Q: esse lugar não existe (os lugares são N, E, S, W, X)"]


def test_replay_picks_a_scenario_of_a_stream(capsys):
    code, lines, _ = run(capsys, "replay", GOOD / "stream-notations.yaml", "--index", 3)
    assert code == 0 and lines[0] == "Out at once"
    code, out, lines = run_err(capsys, "replay", GOOD / "stream-notations.yaml", "--index", 4)
    assert code == 2 and out == [] and lines == [
        f"lingerlonger replay: {GOOD / 'stream-notations.yaml'}:1:1: there is no scenario number 4 "
        "in this file"]


def test_replay_of_a_failing_scenario_ends_with_the_located_failure(capsys):
    code, out, lines = run_err(capsys, "replay", BAD / "revoke.yaml")
    assert code == 1 and out[0] == "B does not follow suit"
    assert lines == [f"{BAD / 'revoke.yaml'}:13:11: B must follow ♣: holds 7♣, 9♣, so cannot play K♠"]


def test_replay_of_a_refused_file_and_of_a_missing_one(capsys):
    code, out, lines = run_err(capsys, "replay", BAD / "alias-bomb.yaml")
    assert code == 1 and out == [] and lines[0].startswith(f"{BAD / 'alias-bomb.yaml'}:5:16: the alias")
    code, out, lines = run_err(capsys, "replay", BAD / "missing.yaml")
    assert code == 2 and out == []
    assert lines == [f"lingerlonger replay: {BAD / 'missing.yaml'}: No such file or directory"]
    code, out, lines = run_err(capsys, "replay", GOOD / "position-grand-coup.yaml", "--seat", "Q")
    assert code == 2 and out == [] and len(lines) == 1 and "no such seat" in lines[0]


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
    assert result.stderr.splitlines()[0].endswith("B must follow ♣: holds 7♣, 9♣, so cannot play K♠")
    assert result.stdout == ""


# --- every say, and the end in words (issue 11, §4 and §6) ----------------------------

EVERY_SAY = GOOD / "position-every-say.yaml"


def says_of(path: Path) -> list[str]:
    """Every say: of a file's first scenario, in order, as the loader read them."""
    return [step.say for step in load(path)[0].steps if step.say]


def test_replay_shows_the_say_of_every_step_even_an_expect(capsys):
    code, lines, _ = run(capsys, "replay", EVERY_SAY)
    assert code == 0
    said = says_of(EVERY_SAY)
    assert len(said) == 6
    for text in said:
        assert f"  > {text}" in lines
    # An expect's say is told with the step it checks: after C's 9♣ ends the trick.
    trick_end, trump = lines.index("-- Step 3: C plays 9♣ --"), lines.index("-- Step 4: A names ♠ (spades) trump --")
    assert trick_end < lines.index("  > Said on an expect after the trick.") < trump
    assert lines.index("  > Said on the first expect, about the position itself.") < lines.index(
        "-- Step 1: A plays K♣ --")


def test_replay_shows_a_questions_choices_explanation_and_hint(capsys):
    code, lines, _ = run(capsys, "replay", EVERY_SAY, "--lang", "es")
    assert code == 0
    assert "    " + translate("quiz.choices", "es", choices="Yes / No") in lines
    assert "    Every player still holds cards." in lines
    assert "    Without trump, the highest club wins." in lines
    assert "    " + translate("quiz.hint", "es", hint="Clubs will be led, and there is no trump yet.") in lines


@pytest.mark.parametrize("lang", LANGUAGES)
def test_replay_ends_with_the_reason_in_words_in_the_chosen_language(capsys, lang):
    code, lines, _ = run(capsys, "replay", GOOD / "position-worked-example.yaml", "--lang", lang)
    assert code == 0
    assert reason_text("exhaustion", lang) in lines[-1] and "exhaustion" not in lines[-1]
    assert lines[-1].startswith("C ")


# --- demo ---------------------------------------------------------------------------

def test_demo_without_a_seed_prints_the_one_that_deals_the_same_hand_again(capsys):
    code, first, _ = run(capsys, "demo", "--players", 3, "--rules", "equal-hands")
    assert code == 0 and "None" not in "\n".join(first)
    command = first[1].split(": ", 1)[1]
    assert command.startswith("lingerlonger demo --rules equal-hands --players 3 --seed ")
    code, again, _ = run(capsys, *command.split()[1:])
    assert code == 0 and again == first


def test_demo_speaks_the_language_asked_for(capsys):
    code, lines, _ = run(capsys, "demo", "--seed", 5, "--lang", "pt")
    assert code == 0
    assert lines[0] == translate("cli.demo-title", "pt", rules="standard", count=4, seed=5)
    assert any(line.startswith("D dá ") for line in lines)  # the deal, told in Portuguese


# --- help ---------------------------------------------------------------------------

COMMANDS = ("demo", "check", "replay", "sheet", "simulate", "new", "schema", "tournament")


def help_text(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit) as exit_:
        cli.main([*argv, "--help"])
    assert exit_.value.code == 0
    return capsys.readouterr().out


def test_help_names_every_command_in_plain_words(capsys):
    text = help_text(capsys)
    registered = set(cli.build_parser()._subparsers._group_actions[0].choices)
    assert registered == set(COMMANDS)
    for command in COMMANDS:
        assert f"    {command}" in text
    assert "``" not in text and ":doc:" not in text and "Exit status" in text


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_says_what_it_does_without_markup(capsys, command):
    text = help_text(capsys, command)
    assert not re.search(r"``|:\w+:`|\.\. \w+::", text)  # no reStructuredText
    description = text.split("\n\n")[1]
    assert len(description.split()) >= 12  # a sentence or more, not just the usage line
    assert "example" in text


# --- errors and exit statuses --------------------------------------------------------

def test_a_missing_file_is_one_line_on_stderr_and_a_usage_error(capsys, tmp_path):
    for command in ("replay", "sheet"):
        code, out, lines = run_err(capsys, command, tmp_path / "nope.yaml")
        assert (code, out) == (2, [])
        assert lines == [f"lingerlonger {command}: {tmp_path / 'nope.yaml'}: No such file or directory"]


def test_a_refused_scenario_is_a_failed_check_on_stderr(capsys):
    code, out, lines = run_err(capsys, "sheet", BAD / "two-players.yaml")
    assert (code, out) == (1, [])
    assert len(lines) == 1 and lines[0].startswith(f"{BAD / 'two-players.yaml'}:")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_colon_in_a_say_gets_the_quote_hint_in_the_language_asked_for(capsys, lang):
    code, out, lines = run_err(capsys, "replay", BAD / "colon-in-say.yaml", "--lang", lang)
    assert (code, out) == (1, [])
    problem = translate("error.scenario.yaml-syntax", lang,
                        problem="mapping values are not allowed in this context")
    assert lines == [f"{BAD / 'colon-in-say.yaml'}:13:17: {problem}. {translate('load.quote-colon', lang)}"]


# --- schema and the schema line ------------------------------------------------------

def test_schema_prints_the_schema_and_writes_it_where_written_files_find_it(capsys, tmp_path):
    code, lines, _ = run(capsys, "schema")
    assert code == 0 and json.loads("\n".join(lines)) == json.loads(
        schema_file().read_text(encoding="utf-8"))
    path = tmp_path / "lesson.yaml"
    assert run(capsys, "new", "--position", "--seed", 2, "-o", path)[0] == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == [f"# yaml-language-server: $schema={SCHEMA_NAME}", SCHEMA_HINT]
    assert run(capsys, "schema", "-o", tmp_path)[0] == 0
    assert json.loads((tmp_path / SCHEMA_NAME).read_text(encoding="utf-8")) == json.loads(
        schema_file().read_text(encoding="utf-8"))
    assert run(capsys, "new", "--position", "--seed", 2, "-o", path, "--force")[0] == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == f"# yaml-language-server: $schema={SCHEMA_NAME}" and lines[1] != SCHEMA_HINT
    assert "site-packages" not in lines[0] and ".." not in lines[0]


def test_simulate_writes_no_path_into_the_install(capsys, tmp_path):
    path = tmp_path / "hands.yaml"
    assert run(capsys, "simulate", "-o", path)[0] == 0
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    assert first == f"# yaml-language-server: $schema={SCHEMA_NAME}"


# --- new --position ------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["standard", "equal-hands+draw-per-card", "standard+grand-coup",
                                  "standard+no-trump+instant-elimination"])
def test_new_position_is_a_small_position_that_checks_with_tags_the_library_accepts(
        capsys, tmp_path, spec):
    path = tmp_path / "mine.yaml"
    code, _, _ = run(capsys, "new", "--position", "--rules", spec, "--players", 3, "--seed", 4,
                     "-o", path)
    assert code == 0
    [scenario] = load(path)
    assert check(scenario) == [] and not scenario.is_deal
    assert all(len(cards) <= 2 for cards in scenario.hands.values()) and len(scenario.stock) <= 2
    assert scenario.steps[-1].kind == "expect" and scenario.steps[-1].say
    assert "# hands " in path.read_text(encoding="utf-8")  # the comments explain this form
    tags = set(scenario.tags)
    assert tags <= tag_vocabulary()
    assert tags & {"standard", "equal-hands"} == {scenario.rules.profile}
    assert set(scenario.rules.variants) <= tags and ("variant" in tags) == bool(scenario.rules.variants)


def test_new_deal_uses_tags_the_library_accepts(capsys):
    code, lines, _ = run(capsys, "new", "--rules", "equal-hands+long-hand", "--seed", 3)
    assert code == 0
    tags = next(line for line in lines if line.startswith("tags: "))
    assert tags == "tags: [drawing, equal-hands, variant, long-hand]"
    assert set(tags[7:-1].split(", ")) <= tag_vocabulary()


def test_tournament_usage_errors_go_to_stderr_with_status_2(capsys):
    code, out, lines = run_err(capsys, "tournament", "--players", 3, "--seats", "tips,random")
    assert (code, out) == (2, []) and lines == ["lingerlonger tournament: 2 player kinds for 3 seats: "
                                                "give one kind, or one per seat"]


def test_replay_shows_a_summary_on_its_own_lines_not_as_escapes(capsys):
    code, lines, _ = run(capsys, "replay", LIBRARY / "13-standard-endgame.yaml")
    assert code == 0 and not any("\\x0a" in line for line in lines)
    assert any(line.startswith("without drawing until the hand ends") for line in lines)


def test_demo_speaks_the_terminals_language_unless_told(capsys, monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES", "LINGERLONGER_LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "pt_PT.UTF-8")  # read when the parser is built, as at start-up
    code, portuguese, _ = run(capsys, "demo", "--seed", 3)
    code_en, english, _ = run(capsys, "demo", "--seed", 3, "--lang", "en")
    assert (code, code_en) == (0, 0)
    assert any(" sai com " in line for line in portuguese)
    assert any(" leads " in line for line in english) and not any(" sai com " in line for line in english)
