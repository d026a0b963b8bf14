"""``lingerlonger check | replay | simulate | new | schema | demo``: located lines on stderr,
exit codes (1 a failed check, 2 a usage or input error, 3 a bug), help in plain words, never a traceback."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from corpora import tag_vocabulary
from golden_data import RECORDED_DIR

from lingerlonger.command_line import commands as cli
from lingerlonger.computer.players import PLAYER_KINDS
from lingerlonger.game.declared import SetupError
from lingerlonger.scenario import load
from lingerlonger.scenario.replay import check
from lingerlonger.scenario.writer import SCHEMA_HINT, SCHEMA_NAME, schema_file
from lingerlonger.words.i18n import LANGUAGES, translate
from lingerlonger.words.narration import reason_text

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
    assert lines == ["13 scenarios in 7 files: all pass"]


def test_check_prints_one_located_line_per_failure_and_a_summary(capsys):
    bad = sorted(BAD.glob("*.yaml"))
    code, out, lines = run_err(capsys, "check", BAD, GOOD / "position-grand-coup.yaml")
    assert code == 1 and out == []  # every error on stderr, nothing on stdout
    failures, summary = lines[:-1], lines[-1]
    assert len(failures) == len(bad)
    assert [line.split(":", 1)[0] for line in failures] == [str(path) for path in bad]
    assert all(line.split(":")[1].isdigit() and line.split(":")[2].isdigit() for line in failures)
    scenarios = len(bad) + 1 + 2  # two bad files hold a good scenario before their bad one
    assert summary == f"{len(bad)} failures in {len(bad)} of {scenarios} scenarios ({len(bad) + 1} files)"
    assert not any("Traceback" in line for line in lines)


def test_check_reports_every_failed_expectation_of_a_scenario(tmp_path, capsys):
    text = (GOOD / "position-worked-example.yaml").read_text(encoding="utf-8")
    path = tmp_path / "two-mistakes.yaml"
    path.write_text(
        text.replace("stock_size: 0", "stock_size: 1").replace("\n  winner: C", "\n  winner: A"), encoding="utf-8"
    )
    code, _, lines = run_err(capsys, "check", path)
    assert code == 1
    assert [line.split(": ", 1)[1] for line in lines[:2]] == [
        "expect: stock_size: expected 1 in the stock, but it holds 0",
        "result: expected winner A, but C won (exhaustion)",
    ]
    assert lines[2] == "2 failures in 1 of 1 scenario (1 file)"


def test_check_refuses_missing_paths_empty_folders_and_empty_files(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    (tmp_path / "blank.yaml").write_text("# nothing here\n", encoding="utf-8")
    code, out, lines = run_err(capsys, "check", tmp_path / "nope.yaml", tmp_path / "empty", tmp_path / "blank.yaml")
    assert code == 2 and out == []  # a missing path is a usage error
    assert lines[:3] == [
        f"{tmp_path / 'nope.yaml'}: no such file or folder",
        f"{tmp_path / 'empty'}: no scenario files (*.yaml) in this folder",
        f"{tmp_path / 'blank.yaml'}:1:1: no scenario in this file",
    ]


def test_check_accepts_the_recorded_hands(capsys):
    code, lines, _ = run(capsys, "check", RECORDED_DIR)
    assert (code, lines) == (0, ["400 scenarios in 10 files: all pass"])


def test_check_accepts_the_scenario_library(capsys):
    code, lines, _ = run(capsys, "check", LIBRARY)
    assert code == 0 and lines[-1].endswith("all pass")


# --- simulate -----------------------------------------------------------------------


def test_simulate_writes_a_stream_that_checks(tmp_path, capsys):
    path = tmp_path / "games.yaml"
    code, _, _ = run(
        capsys,
        "simulate",
        "--rules",
        "standard+draw-per-card+no-trump",
        "--players",
        5,
        "--seed",
        7,
        "--games",
        12,
        "-o",
        path,
    )
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


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--players", "3", "--seats", "tips,random"], "2 player kinds for 3 seats"),
        (["--rules", "standard+random-trump", "--players", "4", "--seats", "wizard"], "unknown player"),
    ],
)
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
    code, _, _ = run(capsys, "new", "--rules", "equal-hands+grand-coup", "--players", 5, "--seed", 11, "-o", path)
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
    assert code == 2 and out == [] and "is a scenario file" in lines[0]


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
    code, out, lines = run_err(
        capsys, "check", BAD / "revoke.yaml", BAD / "unknown-key.yaml", BAD / "nope.yaml", "--lang", "ru"
    )
    assert code == 2 and out == []
    revoke = next(line for line in lines if line.startswith(f"{BAD / 'revoke.yaml'}:13:11: "))
    assert "нужно дать масть (♣): B держит 7♣, 9♣, поэтому нельзя класть эту карту: K♠" in revoke
    assert f"{BAD / 'nope.yaml'}: такого файла или папки нет" in lines
    # the missing file is one of the scenarios with errors; one colon per line, counts in words
    assert lines[-1] == "3 ошибки, сценариев с ошибками — 3 (3 сценария, 3 файла)"
    english = re.compile(r"\b(the|is|not|expected|must|of|in|no|failures?)\b")
    assert not any(english.search(line.split(": ", 1)[-1]) for line in lines), lines


def test_check_counts_a_file_it_could_not_read_among_the_scenarios_with_errors(capsys, tmp_path):
    empty = tmp_path / "empty.yaml"
    empty.write_text("", encoding="utf-8")
    code, _, lines = run_err(capsys, "check", tmp_path / "missing.yaml")
    assert code == 2 and lines[-1] == "1 failure in 1 of 1 scenario (1 file)"
    code, _, lines = run_err(capsys, "check", empty, "--lang", "ru")
    assert code == 1 and lines[-1] == "1 ошибка, сценариев с ошибками — 1 (1 сценарий, 1 файл)"
    assert all(line.count(":") <= 1 for line in lines[-1:])


def test_check_follows_the_terminal_language_and_lang_wins(capsys, monkeypatch):
    for name in ("LINGERLONGER_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    code, _, lines = run_err(capsys, "check", BAD / "deck-51.yaml")
    assert code == 1 and "deck: um baralho tem 52 cartas diferentes, este tem 51" in lines[0]
    assert lines[-1] == "1 falha em 1 de 1 cenário (1 ficheiro)"
    code, _, lines = run_err(capsys, "check", BAD / "deck-51.yaml", "--lang", "es")
    assert "deck: una baraja tiene 52 cartas distintas, esta tiene 51" in lines[0]


def test_a_usage_error_is_said_in_the_language_asked_for(capsys):
    code, out, lines = run_err(capsys, "replay", GOOD / "position-grand-coup.yaml", "--seat", "Q", "--lang", "pt")
    assert (code, out) == (2, [])
    assert lines == ["lingerlonger replay: --seat Q: esse lugar não existe (os lugares são N, E, S, W, X)"]


def test_replay_picks_a_scenario_of_a_stream(capsys):
    code, lines, _ = run(capsys, "replay", GOOD / "stream-notations.yaml", "--index", 3)
    assert code == 0 and lines[0] == "Out at once"
    code, out, lines = run_err(capsys, "replay", GOOD / "stream-notations.yaml", "--index", 4)
    assert (
        code == 2
        and out == []
        and lines
        == [f"lingerlonger replay: {GOOD / 'stream-notations.yaml'}:1:1: there is no scenario number 4 in this file"]
    )


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
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(cli, "check_scenario", broken)
    code, _, err = run(capsys, "check", GOOD)
    assert code == 3  # not 1: a failed check is the scenario's fault, a bug is ours
    assert err.startswith("lingerlonger check: internal error: RuntimeError: boom. ") and err.count("\n") == 1
    assert "report" in err and "Traceback" not in err
    code, _, err = run(capsys, "check", "--lang", "ru", GOOD)
    assert code == 3 and err.startswith("lingerlonger check: внутренняя ошибка: RuntimeError: boom. ")
    assert "Traceback" not in err


def test_any_refusal_that_escapes_a_command_is_a_usage_error_in_the_readers_words(capsys, monkeypatch):
    """A coded error is the reader's doing wherever it is raised: exit status 2 (its class's
    ``exit_code``) and its catalog message, never "internal error"."""

    def refusing(args):
        raise SetupError("setup.card-twice", card="K♣")

    monkeypatch.setattr(cli, "schema_command", refusing)
    code, out, lines = run_err(capsys, "--lang", "pt", "schema")
    assert (code, out, lines) == (2, [], ["lingerlonger schema: K♣ aparece duas vezes"])


def test_the_installed_command_exits_3_on_a_bug_and_2_on_a_usage_error(tmp_path):
    """The real ``lingerlonger`` process, a bug injected through its start-up (``sitecustomize``)."""
    (tmp_path / "sitecustomize.py").write_text(
        "import lingerlonger.command_line.commands as cli\n"
        "def broken(args):\n    raise KeyError('boom')\n"
        "cli.schema_command = broken\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}

    def status(*argv: str) -> subprocess.CompletedProcess:
        command = [sys.executable, "-m", "lingerlonger", *argv]
        return subprocess.run(command, capture_output=True, text=True, encoding="utf-8", env=env)

    bug = status("schema")
    assert bug.returncode == 3 and "internal error: KeyError" in bug.stderr and "Traceback" not in bug.stderr
    usage = status("replay", str(GOOD / "position-grand-coup.yaml"), "--seat", "Q")
    assert usage.returncode == 2 and "Traceback" not in usage.stderr


def test_the_installed_command(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "lingerlonger.command_line.commands", "check", str(BAD / "revoke.yaml")],
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
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
        "-- Step 1: A plays K♣ --"
    )


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
    assert lines[0] == translate("cli.demo-title", "pt", rules="padrão", count=4, seed=5)  # rules in words
    assert any(line.startswith("D dá ") for line in lines)  # the deal, told in Portuguese
    command = lines[1].split(": ", 1)[1]  # the command that deals it again keeps the language
    assert command == "lingerlonger demo --rules standard --players 4 --seed 5 --lang pt"
    code, again, _ = run(capsys, *command.split()[1:])
    assert code == 0 and again == lines


# --- help ---------------------------------------------------------------------------

COMMANDS = ("demo", "check", "replay", "sheet", "simulate", "new", "schema", "tournament", "class")


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
    problem = translate("error.scenario.yaml-syntax", lang, problem=translate("error.yaml.mapping-values", lang))
    assert lang == "en" or "mapping values" not in problem  # PyYAML's English, said in the reader's words
    assert lines == [f"{BAD / 'colon-in-say.yaml'}:13:17: {problem}. {translate('load.quote-colon', lang)}"]


# --- schema and the schema line ------------------------------------------------------


def test_schema_prints_the_schema_and_writes_it_where_written_files_find_it(capsys, tmp_path):
    code, lines, _ = run(capsys, "schema")
    assert code == 0 and json.loads("\n".join(lines)) == json.loads(schema_file().read_text(encoding="utf-8"))
    path = tmp_path / "lesson.yaml"
    assert run(capsys, "new", "--position", "--seed", 2, "-o", path)[0] == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == [f"# yaml-language-server: $schema={SCHEMA_NAME}", SCHEMA_HINT]
    assert run(capsys, "schema", "-o", tmp_path)[0] == 0
    assert json.loads((tmp_path / SCHEMA_NAME).read_text(encoding="utf-8")) == json.loads(
        schema_file().read_text(encoding="utf-8")
    )
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


@pytest.mark.parametrize(
    "spec", ["standard", "equal-hands+draw-per-card", "standard+grand-coup", "standard+no-trump+instant-elimination"]
)
def test_new_position_is_a_small_position_that_checks_with_tags_the_library_accepts(capsys, tmp_path, spec):
    path = tmp_path / "mine.yaml"
    code, _, _ = run(capsys, "new", "--position", "--rules", spec, "--players", 3, "--seed", 4, "-o", path)
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
    assert (code, out) == (2, []) and lines == [
        "lingerlonger tournament: 2 player kinds for 3 seats: give one kind, or one per seat"
    ]


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


# --- the terminal in Russian: no English word but the format's own ------------------

#: What may stay Latin in Russian output: the format's keys and codes (a file is written in
#: them in every language), commands and their options, file names, and these.
FORMAT_WORDS = {
    "YAML",
    "Markdown",
    "json",
    "yaml",
    "yaml-language-server",
    "lingerlonger",
    "FILE",
    "NAME",
    "SPEC",
    "SEED",
    "COMMAND",
    "LIST",
    "PATH",
    "none",
    "drawing",
    "standard",
    "hand",
    "size",
    "sizes",
    "new",
    "position",
    "scenario",
    "schema",
    "check",
    "replay",
    "demo",
    "sheet",
    "simulate",
    "tournament",
    "class",
    "KINDS",
    "ADDRESS",
}


#: Latin words a translated --help keeps besides the format's (``latin_words``): the options'
#: metavars, the player kinds, the tools, formats and streams it names, and the game's other name.
HELP_WORDS = {
    "LANG",
    "HTML",
    "JSON",
    "stdout",
    "stderr",
    "Dask",
    "Parquet",
    "parquet",
    "csv",
    "pip",
    "install",
    "pyarrow",
    "cluster",
    "VS",
    "Code",
    "Neovim",
    "Helix",
    "Ctrl",
    "Sift",
    "Smoke",
} | set(PLAYER_KINDS)


def latin_words(text: str) -> set[str]:
    """The Latin-script words of a Russian text, less quotes (of other languages, «…», or of what
    was typed, '…'), paths and the format's own words (keys, reasons, rules, commands, options)."""
    from lingerlonger.game.events import END_REASONS
    from lingerlonger.game.rules import PROFILES, VARIANTS
    from lingerlonger.scenario.model import EXPECT_KEYS, POSITION_KEYS, RESULT_KEYS, STEP_KEYS, TOP_KEYS

    text = re.sub(r"«[^»]*»|'[^'\n]*'", "", text)  # quotes: another language's words, what was typed
    text = re.sub(r"\S*/\S*|\S+\.ya?ml\b|--?[\w-]+", "", text)  # paths, options
    allowed = (
        FORMAT_WORDS
        | set(END_REASONS)
        | set(TOP_KEYS)
        | set(STEP_KEYS)
        | set(EXPECT_KEYS)
        | set(RESULT_KEYS)
        | set(POSITION_KEYS)
        | set(PROFILES)
        | set(VARIANTS)
    )
    allowed |= {part for key in allowed for part in re.split("[_-]", key)}
    return set(re.findall(r"[A-Za-z][A-Za-z'_-]{2,}", text)) - allowed


def test_latin_words_finds_english():
    assert latin_words("нет: mapping values are not allowed; lingerlonger check my/file.yaml «Ganhar»") == {
        "mapping",
        "values",
        "are",
        "not",
        "allowed",
    }


@pytest.mark.parametrize(
    "argv",
    [
        ("replay", LIBRARY / "06-last-card-saves.yaml", "--lang", "ru"),
        (
            "check",
            BAD / "colon-in-say.yaml",
            BAD / "syntax-error.yaml",
            BAD / "two-players.yaml",
            BAD / "missing.yaml",
            "--lang",
            "ru",
        ),
        ("demo", "--lang", "ru", "--seed", 3),
        ("demo", "--lang", "ru", "--players", 9),  # argparse's usage error
        ("demo", "--lang", "ru", "--rules", "standard+nope"),  # the package's refusal, through argparse
        ("new", "--lang", "ru", "--seed", 1),
        ("new", "--lang", "ru", "--position", "--players", 3, "--seed", 2),
        ("replay", "--lang", "ru"),  # a missing argument
        ("check", "--lang", "ru", "--bogus"),  # an unknown one
        ("check", "--lang", "ru", "--languages", "xx"),  # a value the command's own type refuses
        ("tournament", "--lang", "ru", "--hands", 0),  # a count below 1
        ("replay", LIBRARY / "06-last-card-saves.yaml", "--index", "two", "--lang", "ru"),
        ("replay", "--lang", "ru", "--help"),
    ],
    ids=lambda argv: " ".join(map(str, argv)).replace(str(TESTS.parent) + "/", ""),
)
def test_the_cli_in_russian_says_no_english_word(capsys, argv):
    try:
        _code, out, err = run(capsys, *argv)
        text = "\n".join(out) + "\n" + err
    except SystemExit:  # argparse: a usage error, or --help
        captured = capsys.readouterr()
        text = captured.out + captured.err
    assert re.search("[а-яё]", text), text[:300]
    assert latin_words(text) - HELP_WORDS == set(), text[:2000]


# --- every command's --help in the reader's language ---------------------------------


def help_in(capsys, monkeypatch, lang: str, command: tuple[str, ...], by_terminal: bool = False) -> str:
    """``lingerlonger [COMMAND] --help`` in ``lang``: asked with --lang, or by the terminal (LANG)."""
    for name in ("LINGERLONGER_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", f"{lang}_{lang.upper()}.UTF-8" if by_terminal else "C.UTF-8")
    with pytest.raises(SystemExit) as exit_:  # --help first: the main parser has no --lang
        cli.main([*command, "--help", *(() if by_terminal else ("--lang", lang))])
    assert exit_.value.code == 0
    return capsys.readouterr().out


def words_of_help(text: str) -> set[str]:
    """The Latin-script words of a help but its example commands and the tokens it may keep."""
    prose = "\n".join(line for line in text.splitlines() if not re.match(r"\s+lingerlonger ", line))
    return latin_words(prose) - HELP_WORDS


def test_words_of_help_finds_english_but_not_examples_or_tokens():
    assert words_of_help(
        "примеры:\n  lingerlonger demo --seed 4 --lang ru\nплохо: FILE.csv, tips, pip install pyarrow, see the file"
    ) == {"see", "the", "file"}


HELPS = [(), *((command,) for command in COMMANDS)]
#: English words that are Portuguese or Spanish words too ("regras de base", "se não for indicado",
#: "no terminal", "un editor", "error de uso"), and the game's name, which both keep.
SHARED_WORDS = {"base", "for", "terminal", "editor", "error", "linger", "longer"}


@pytest.mark.parametrize("by_terminal", [False, True], ids=["--lang ru", "LANG=ru_RU"])
@pytest.mark.parametrize("command", HELPS, ids=lambda command: " ".join(command) or "main")
def test_every_help_in_russian_says_no_english_word(capsys, monkeypatch, command, by_terminal):
    text = help_in(capsys, monkeypatch, "ru", command, by_terminal)
    assert text.startswith("использование: lingerlonger") and "параметры:" in text, text[:300]
    if command != ("schema",):  # its one example in --help has no words around it but the heading
        assert "примеры:" in text
    assert words_of_help(text) == set(), text


@pytest.mark.parametrize("lang", ["pt", "es"])
@pytest.mark.parametrize("command", HELPS, ids=lambda command: " ".join(command) or "main")
def test_every_help_in_portuguese_and_spanish_says_no_english_word(capsys, monkeypatch, command, lang):
    english = {word.lower() for word in words_of_help(help_in(capsys, monkeypatch, "en", command))} - SHARED_WORDS
    assert len(english) > 10  # the English help is words, which the other languages must not keep
    text = help_in(capsys, monkeypatch, lang, command, by_terminal=lang == "es")
    assert text.startswith("uso: lingerlonger") and ("opções:" if lang == "pt" else "opciones:") in text
    kept = {word for word in words_of_help(text) if word.lower() in english}
    assert kept == set(), text


def test_the_english_help_keeps_its_words_and_examples(capsys, monkeypatch):
    text = help_in(capsys, monkeypatch, "en", ("check",))
    assert "FILE:LINE:COLUMN: message, on stderr" in text and "  lingerlonger check scenarios/\n" in text
    assert "examples:" in text and "the lessons that come with lingerlonger" in " ".join(text.split())
    text = help_in(capsys, monkeypatch, "en", ("tournament",))
    assert "95% interval" in text and "%%" not in text and "(default: 1000)" in text
    assert "expert,tips,random,random --hands 2000\n" in text  # an example is never wrapped
    text = help_in(capsys, monkeypatch, "en", ("simulate",))
    assert "draw-per-card" in text and "(random, tips, expert, strong; default: random)" in " ".join(text.split())


def test_a_help_follows_the_language_of_the_command_line_it_is_asked_on(capsys, monkeypatch):
    russian = help_in(capsys, monkeypatch, "ru", ("sheet",))
    english = help_in(capsys, monkeypatch, "en", ("sheet",))  # the parser's texts were put back
    assert "язык листа" in russian and "the sheet's language" in english
    assert "язык" not in english and "sheet's" not in russian


def test_a_count_below_one_is_refused_in_the_readers_language(capsys):
    from lingerlonger.command_line.options import OptionError, positive_int

    with pytest.raises(argparse.ArgumentTypeError) as refusal:
        positive_int("0")
    assert isinstance(refusal.value.__cause__, OptionError) and refusal.value.__cause__.code == "cli.positive-int"
    assert str(refusal.value) == "expected a whole number of at least 1, not '0'"
    for lang, words in [
        ("pt", "era esperado um número inteiro"),
        ("es", "se esperaba un número entero"),
        ("ru", "нужно целое число не меньше 1, а не 'x'"),
    ]:
        with pytest.raises(SystemExit):
            run(capsys, "simulate", "--games", "x", "--lang", lang)
        assert words in capsys.readouterr().err


def test_the_terminal_language_speaks_argparse_without_lang(capsys, monkeypatch):
    for name in ("LINGERLONGER_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    with pytest.raises(SystemExit):
        run(capsys, "replay")
    err = capsys.readouterr().err
    assert "использование: lingerlonger replay" in err and "не хватает обязательных аргументов: FILE" in err


def test_a_sheet_in_russian_says_no_english_word(capsys, tmp_path):
    from html.parser import HTMLParser

    class Words(HTMLParser):
        def __init__(self):
            super().__init__()
            self.parts, self.hidden = [], 0

        def handle_starttag(self, tag, attrs):
            self.hidden += tag in ("style", "script")
            self.parts += [value for name, value in attrs if name in ("aria-label", "title", "alt") and value]

        def handle_endtag(self, tag):
            self.hidden -= tag in ("style", "script")

        def handle_data(self, data):
            if not self.hidden:
                self.parts.append(data)

    page = tmp_path / "sheet.html"
    assert run(capsys, "sheet", LIBRARY / "06-last-card-saves.yaml", "--lang", "ru", "-o", page)[0] == 0
    words = Words()
    words.feed(page.read_text(encoding="utf-8"))
    assert latin_words("\n".join(words.parts)) == set()


def test_help_messages_keep_argparse_fields_and_say_percent_as_argparse_wants():
    """An option's help and a command's summary are argparse help strings (``%(default)s``, ``%%``);
    a description and an epilog are printed as written, so a % there is one %."""
    from lingerlonger.words.i18n import catalog

    fields = lambda text: sorted(re.findall(r"%\(\w+\)s", text))  # noqa: E731
    english = {key: text for key, text in catalog("en").items() if key.startswith("cli.")}
    helps = [key for key in english if key.startswith(("cli.help.", "cli.summary."))]
    assert len(helps) > 40
    for lang in LANGUAGES:
        for key in english:
            text = catalog(lang)[key]
            if key in helps:
                assert "%" not in re.sub(r"%\(\w+\)s|%%", "", text), (lang, key)
                assert fields(text) == fields(english[key]), (lang, key)
            elif key.startswith(("cli.about", "cli.epilog", "cli.examples")):
                assert "%%" not in text and "%(" not in text, (lang, key)


def test_argparse_messages_keep_their_placeholders():
    from lingerlonger.command_line.parser import ARGPARSE_MESSAGES
    from lingerlonger.words.i18n import catalog

    fields = lambda text: sorted(re.findall(r"%(?:\(\w+\))?[sr]", text))  # noqa: E731
    for english, key in ARGPARSE_MESSAGES.items():
        for lang in LANGUAGES:
            assert fields(catalog(lang)[key]) == fields(english), (lang, key)


# --- one language per screen; --lang in either place (issue 22, §10 and §11) ----------

#: A lesson written in Russian only, with Markdown in its summary and its say.
RUSSIAN_LESSON = """\
format: 1
title: Последняя карта
summary: |
  Червы — **козыри**, и у Бори
  только одна карта.
lang: ru
rules: equal-hands
players: [Саша, Аня, Боря]
dealer: Боря
hands: {Саша: [7♦, K♣], Аня: [Q♠, 3♣], Боря: [2♥]}
stock: [5♠, A♣, 9♦]
trump: ♥
leader: Саша
steps:
  - play: Саша K♣
    say: Саша ходит **с короля**.
"""


@pytest.fixture
def russian_lesson(tmp_path) -> Path:
    path = tmp_path / "last-card.yaml"
    path.write_text(RUSSIAN_LESSON, encoding="utf-8")
    return path


@pytest.fixture
def english_terminal(monkeypatch):
    for name in ("LINGERLONGER_LANG", "LC_ALL", "LC_MESSAGES", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")


def test_lang_before_the_command_is_accepted_by_every_command(capsys, english_terminal, tmp_path):
    code, lines, _ = run(capsys, "--lang", "ru", "demo", "--seed", 5)
    assert code == 0 and lines[0].startswith("Лингер-лонгер")
    code, _, err = run(capsys, "--lang", "pt", "check", BAD / "deck-51.yaml")
    assert code == 1 and "falha" in err
    # after the command too, for every command; the one after the command wins
    assert run(capsys, "--lang", "ru", "demo", "--seed", 5, "--lang", "pt")[1][0].startswith("Linger Longer")
    assert run(capsys, "simulate", "--games", 1, "--lang", "ru")[0] == 0
    assert run(capsys, "schema", "--lang", "ru", "-o", tmp_path)[0] == 0


@pytest.mark.parametrize(
    "lang, words", [("en", "the language of the help"), ("pt", "o idioma da ajuda"), ("ru", "язык справки")]
)
def test_the_main_help_lists_lang_in_the_readers_language(capsys, monkeypatch, lang, words):
    text = help_in(capsys, monkeypatch, lang, ())
    assert "[--lang {en,pt,es,ru}]" in text.splitlines()[0] and words in " ".join(text.split())


def test_replay_speaks_the_lessons_language_under_an_english_terminal(capsys, english_terminal, russian_lesson):
    code, lines, _ = run(capsys, "replay", russian_lesson)
    assert code == 0
    assert lines[2] == "равные руки | игроки Саша, Аня, Боря | сдающий Боря"
    assert "  Саша выходит: K♣." in lines and not any("leads" in line for line in lines)
    # --lang says otherwise, before or after the command
    for argv in (("replay", russian_lesson, "--lang", "en"), ("--lang", "en", "replay", russian_lesson)):
        assert "  Саша leads K♣." in run(capsys, *argv)[1]


def test_a_lesson_written_in_the_terminals_language_is_replayed_in_it(capsys, monkeypatch, english_terminal):
    lesson = LIBRARY / "29-ultima-carta-em-portugues.yaml"  # lang: pt, every text in four languages
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert run(capsys, "replay", lesson)[1][0] == "Пример: последняя карта ещё может спасти"
    monkeypatch.setenv("LANG", "C.UTF-8")  # no language: the lesson's own
    assert run(capsys, "replay", lesson)[1][0] == "O exemplo: a última carta ainda pode salvar"
    monkeypatch.setenv("LINGERLONGER_LANG", "es")  # this program's own setting asks, as --lang does
    assert run(capsys, "replay", lesson)[1][0] == "El ejemplo: la última carta todavía puede salvar"


def test_replay_shows_markdown_as_a_terminal_does(capsys, monkeypatch, english_terminal, russian_lesson):
    code, lines, _ = run(capsys, "replay", russian_lesson)
    assert code == 0 and not any("**" in line for line in lines)
    assert "Червы — козыри, и у Бори" in lines and "  > Саша ходит с короля." in lines
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)  # a terminal: bold, as bold
    lines = run(capsys, "replay", russian_lesson)[1]
    assert "Червы — \033[1mкозыри\033[22m, и у Бори" in lines and "  > Саша ходит \033[1mс короля\033[22m." in lines
    monkeypatch.setenv("NO_COLOR", "1")
    assert "Червы — козыри, и у Бори" in run(capsys, "replay", russian_lesson)[1]


def test_replay_never_passes_an_escape_sequence_through_markdown(capsys, english_terminal, tmp_path, monkeypatch):
    path = tmp_path / "evil.yaml"
    path.write_text(
        RUSSIAN_LESSON.replace("с короля", "\\e]0;pwned\\a")
        .replace("say: Саша", 'say: "Саша')
        .replace("**.\n", '**."\n'),
        encoding="utf-8",
    )
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    code, lines, _ = run(capsys, "replay", path)
    assert code == 0 and "  > Саша ходит \033[1m\\x1b]0;pwned\\x07\033[22m." in lines


def test_sheet_into_a_terminal_writes_a_file_and_says_how_to_print_it(
    capsys, monkeypatch, english_terminal, russian_lesson, tmp_path
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    code, lines, _ = run(capsys, "sheet", russian_lesson, "--lang", "pt")
    written = tmp_path / "last-card-sheet.html"
    assert code == 0 and written.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert lines == [translate("cli.sheet-written", "pt", path="last-card-sheet.html", url=written.as_uri())]
    assert not any("<" in line for line in lines)


def test_sheet_into_a_pipe_writes_the_page_alone(capsys, english_terminal, russian_lesson):
    code, out, err = run(capsys, "sheet", russian_lesson)
    assert code == 0 and err == "" and out[0] == "<!DOCTYPE html>" and '<html lang="ru">' in out[1]


def test_sheet_with_o_says_what_it_wrote_in_the_readers_language(capsys, english_terminal, russian_lesson, tmp_path):
    page = tmp_path / "out.html"
    code, lines, _ = run(capsys, "--lang", "es", "sheet", russian_lesson, "-o", page)
    assert code == 0 and page.is_file()
    assert lines == [f"Hoja escrita en {page}. Abra {page.as_uri()} en un navegador e imprímala (Ctrl+P) en A4."]
    code, lines, _ = run(capsys, "sheet", russian_lesson, "-o", page)  # the lesson's language
    assert lines == [translate("cli.sheet-written", "ru", path=page, url=page.as_uri())]


@pytest.mark.parametrize("lang", ["en", "pt", "ru"])
def test_a_command_that_writes_a_file_says_so_in_the_readers_language(capsys, english_terminal, tmp_path, lang):
    lesson, hands = tmp_path / "mine.yaml", tmp_path / "hands.yaml"
    assert run(capsys, "--lang", lang, "new", "-o", lesson)[1] == [translate("cli.new-written", lang, path=lesson)]
    assert run(capsys, "simulate", "--games", 2, "-o", hands, "--lang", lang)[1] == [
        translate("cli.simulate-written", lang, count=2, path=hands)
    ]
    schema = tmp_path / SCHEMA_NAME
    assert run(capsys, "--lang", lang, "schema", "-o", tmp_path)[1] == [
        translate("cli.schema-written", lang, path=schema, line=f"# yaml-language-server: $schema={SCHEMA_NAME}")
    ]
    assert lesson.is_file() and hands.is_file() and schema.is_file()


def test_a_progress_bar_says_no_english_word(capsys, english_terminal):
    code, _, err = run(capsys, "tournament", "--hands", 20, "--lang", "ru")
    bar = [line for line in err.replace("\r", "\n").splitlines() if line.startswith("tournament:")]
    assert code == 0 and bar and not any(re.search(r"hand|it/s", line) for line in bar), bar


def test_the_title_new_writes_names_the_rules_in_the_readers_words(capsys):
    def title(lang):
        code, lines, _ = run(capsys, "new", "--rules", "equal-hands+no-trump", "--seed", 1, "--lang", lang)
        assert code == 0
        return next(line for line in lines if line.startswith("title: "))[7:].strip('"')

    assert title("ru") == "Новый сценарий (равные руки + без козыря, игроков: 4, зерно 1)"
    assert title("pt") == "Um cenário novo (mãos iguais + sem trunfo, 4 jogadores, semente 1)"
