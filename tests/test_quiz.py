"""Quiz steps (``ask:``) and ``lang:`` in format 1: loading, checking against the engine,
frames, writing back, the schema, the CLI and the library's quizzes."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from corpora import QUIZ_HEAD as HEAD

from lingerlonger.command_line.commands import main
from lingerlonger.game.cards import parse_cards
from lingerlonger.scenario import ScenarioError, load, loads
from lingerlonger.scenario.replay import answer_text, check, replay
from lingerlonger.scenario.writer import dump, schema_file

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = ROOT / "scenarios"
SCHEMA = json.loads(schema_file().read_text(encoding="utf-8"))


def scenario(steps: str, head: str = HEAD):
    [one] = loads(head + steps, "quiz.yaml")
    return one


def failures(steps: str) -> list[str]:
    return [str(failure) for failure in check(scenario(steps))]


GOOD = """\
  - play: A K♣
  - ask:
      question: Which cards may B play?
      answer: {legal: [3♣]}
      hint: B holds a club.
      wrong: Look at the led suit.
  - play: B 3♣
  - play: C 2♥
    ask:
      question: What should C play?
      answer: {card: 2♥}
  - ask:
      question: Who wins this trick?
      answer: {winner: C}
  - play: D A♣
  - ask:
      question: What happens to C?
      answer: {choice: C draws and stays in}
      choices: [C is out, C draws and stays in]
"""


def test_a_quiz_scenario_loads_and_checks():
    quiz = scenario(GOOD)
    assert check(quiz) == []
    asks = [step.ask for step in quiz.steps if step.ask is not None]
    assert [ask.kind for ask in asks] == ["legal", "card", "winner", "choice"]
    assert asks[0].cards == frozenset(parse_cards("3♣")) and asks[0].hint == "B holds a club."
    assert asks[2].seat == "C" and asks[3].choices == ("C is out", "C draws and stays in")


def test_questions_sit_on_the_frame_before_the_play_they_hide():
    run = replay(scenario(GOOD))
    asked = {frame.index: [ask.kind for ask in frame.asks] for frame in run.frames if frame.asks}
    # frame 1: after A K♣ (B to play); frame 2: after B 3♣ (C to play); frame 3: after
    # C 2♥ (D to play, who wins?); frame 4: after D A♣, the trick is over.
    assert asked == {1: ["legal"], 2: ["card"], 3: ["winner"], 4: ["choice"]}
    assert run.frames[1].state.players[run.frames[1].state.to_act] == "B"
    # a bare question makes no frame of its own: one frame per play, plus the start
    assert len(run.frames) == 5


@pytest.mark.parametrize(
    "steps, message",
    [
        (
            "  - play: A K♣\n  - ask: {question: Q, answer: {legal: [3♣, Q♠]}}\n",
            "quiz.yaml:12:40: ask: answer: legal: expected B may play Q♠, 3♣, but the legal cards are 3♣",
        ),
        (
            "  - play: A K♣\n  - ask: {question: Q, answer: {card: [Q♠]}}\n",
            "quiz.yaml:12:39: ask: answer: card: Q♠ may not be played by B here (the legal cards are 3♣)",
        ),
        (
            "  - ask: {question: Q, answer: {card: [7♦]}}\n    play: A K♣\n",
            "quiz.yaml:11:39: ask: answer: card: the step plays K♣, which is not an accepted answer (7♦)",
        ),
        (
            "  - ask: {question: Q, answer: {winner: D}}\n  - play: A K♣\n  - play: B 3♣\n"
            "  - play: C 2♥\n  - play: D A♣\n",
            "quiz.yaml:11:41: ask: answer: winner: expected D, but C wins the trick",
        ),
        (
            "  - ask: {question: Q, answer: {winner: C}}\n  - play: A K♣\n",
            "quiz.yaml:11:41: ask: answer: winner: C is the answer, but no trick is completed after this question",
        ),
    ],
)
def test_a_wrong_answer_fails_the_check_where_it_is_written(steps, message):
    assert failures(steps) == [message]


@pytest.mark.parametrize(
    "steps, message",
    [
        ("  - ask: {answer: {winner: C}}\n", "ask: missing question"),
        ("  - ask: {question: Q}\n", "ask: missing answer"),
        ("  - ask: {question: Q, answer: {seat: C}}\n", "ask: answer: give exactly one of legal, card"),
        ("  - ask: {question: Q, answer: {winner: Z}}\n", "ask: answer: winner: no seat 'Z'"),
        ("  - ask: {question: Q, answer: {choice: x}}\n", "needs choices"),
        ("  - ask: {question: Q, answer: {choice: x}, choices: [y, z]}\n", "'x' is not one of the choices"),
        ("  - ask: {question: Q, answer: {winner: C}, choices: [y, z]}\n", "choices go with an answer"),
        ("  - ask: {question: Q, answer: {card: []}}\n", "name at least one card"),
        ("  - ask: {question: Q, answer: {winner: C}, tip: x}\n", "ask: unknown key 'tip'"),
    ],
)
def test_malformed_questions_are_refused_with_a_located_message(steps, message):
    with pytest.raises(ScenarioError) as refused:
        scenario(steps)
    assert message in refused.value.message
    assert refused.value.where.line == 11


def test_lang_is_read_checked_and_written():
    assert scenario("  - play: A K♣\n", HEAD.replace("rules:", "lang: pt\nrules:")).lang == "pt"
    with pytest.raises(ScenarioError, match="lang: 'fr' is not a language"):
        scenario("  - play: A K♣\n", HEAD.replace("rules:", "lang: fr\nrules:"))


def test_quizzes_and_lang_survive_writing_and_reading_back():
    original = scenario(GOOD, HEAD.replace("rules:", "lang: es\nrules:"))
    text = dump([original])
    assert "lang: es" in text and "answer: {legal: [3♣]}" in text
    assert loads(text) == [original]


def test_the_schema_accepts_the_quiz_and_refuses_two_kinds_of_answer():
    validator = jsonschema.Draft7Validator(SCHEMA)
    document = yaml.safe_load(HEAD.replace("rules:", "lang: ru\nrules:") + GOOD)
    assert list(validator.iter_errors(document)) == []
    document["steps"][1]["ask"]["answer"] = {"legal": ["3♣"], "winner": "C"}
    assert list(validator.iter_errors(document))
    document["steps"][1]["ask"]["answer"] = {"legal": ["3♣"]}
    document["lang"] = "fr"
    assert list(validator.iter_errors(document))


def test_answers_in_words():
    asks = [step.ask for step in scenario(GOOD).steps if step.ask]
    assert [answer_text(ask) for ask in asks] == ["3♣", "2♥", "C", "C draws and stays in"]
    assert answer_text(asks[0], "ru") == "3♣"


def test_check_command_reports_a_wrong_answer_with_its_place(tmp_path, capsys):
    path = tmp_path / "wrong.yaml"
    path.write_text(HEAD + "  - play: A K♣\n  - ask: {question: Q, answer: {legal: [Q♠]}}\n", encoding="utf-8")
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()  # a failed check is an error: on stderr
    assert err[0].startswith(f"{path}:12:40: ask: answer: legal: expected B may play Q♠")


def test_replay_command_speaks_the_language_asked_for(capsys):
    path = LIBRARY / "06-last-card-saves.yaml"
    assert main(["replay", str(path), "--lang", "pt"]) == 0
    out = capsys.readouterr().out
    assert "C ganha a vaza com o trunfo 2♥." in out and "Resposta: 3♣" in out
    assert main(["replay", str(path), "--lang", "ru"]) == 0
    assert "C берёт взятку козырем: 2♥." in capsys.readouterr().out  # the card after a colon keeps its case
    assert main(["replay", str(LIBRARY / "29-ultima-carta-em-portugues.yaml")]) == 0
    assert "Início: a posição" in capsys.readouterr().out  # the scenario's own lang: pt


def test_the_library_has_quizzes_in_at_least_eight_lessons_including_the_worked_example():
    quizzed = {
        path.name
        for path in LIBRARY.glob("*.yaml")
        if any(step.ask for scenario in load(path) for step in scenario.steps)
    }
    assert len(quizzed) >= 8, quizzed
    assert "06-last-card-saves.yaml" in quizzed
    kinds = {
        step.ask.kind
        for path in LIBRARY.glob("*.yaml")
        for scenario in load(path)
        for step in scenario.steps
        if step.ask
    }
    assert kinds == {"legal", "card", "winner", "choice"}


def test_the_portuguese_worked_example_is_the_english_one_in_portuguese():
    [english] = load(LIBRARY / "06-last-card-saves.yaml")
    [portuguese] = load(LIBRARY / "29-ultima-carta-em-portugues.yaml")
    assert portuguese.lang == "pt" and english.lang is None
    plays = lambda s: [(step.seat, step.card) for step in s.steps if step.kind == "play"]  # noqa: E731
    assert plays(portuguese) == plays(english)
    assert (portuguese.hands, portuguese.stock, portuguese.trump) == (english.hands, english.stock, english.trump)

    def asks(s):
        return [(step.ask.kind, step.ask.cards, step.ask.seat) for step in s.steps if step.ask]

    assert asks(portuguese) == asks(english)


# --- the players ---------------------------------------------------------------------------


def test_the_static_player_shows_the_question_and_its_hint_with_its_answer_behind_a_button():
    from lingerlonger.views.page_replay import frame_html
    from lingerlonger.views.table_html import TableStyle

    frame = replay(scenario(GOOD)).frames[1]
    page = frame_html(frame, style=TableStyle.of("es"))
    question, hidden = page.split('class="ll-quiz"')[1].split('<div class="ll-answer" hidden>')
    assert "Which cards may B play?" in question and "Mostrar la respuesta" in question
    assert "3♣" not in question and "Respuesta: 3♣" in hidden
    # the hint is offered before the answer, folded under its own summary
    hint = question.split('<details class="ll-hint">')[1]
    assert hint.index("Mostrar una pista") < hint.index("B holds a club.") < hint.index('class="ll-reveal"')
    assert "B holds a club." not in hidden
    assert "A abre con el K♣." in page  # the narration follows the style's language
    assert "ll-quiz" not in frame_html(frame, quiz=False)


def test_the_live_player_hides_the_next_play_until_the_question_is_answered():
    from lingerlonger.views.widgets import ScenarioPlayer

    player = ScenarioPlayer(scenario(GOOD))
    player.language.value = "ru"
    player.quiz_on.value = True
    player.go_last()
    assert player.at == 1 and "Ответьте на вопрос" in player.message.value
    player.answer("Q♠")
    assert player.at == 1 and "Подсказка: B holds a club." in player.quiz_feedback.value
    assert "Правило: У кого есть масть выхода" in player.quiz_feedback.value
    player.answer("3♣")
    assert player.at == 2 and "Верно!" in player.message.value
    assert "B даёт масть: 3♣." in player.stage.value
    player.answer("K♣")  # C does not hold it: wrong, stays
    assert player.at == 2
    player.answer("2♥")
    assert player.at == 3
    player.quiz_on.value = False  # quiz mode off: nothing stops the replay
    player.go_last()
    assert player.at == player.last_index


def test_projector_and_four_colour_toggles_restyle_the_table():
    from lingerlonger.views.widgets import ScenarioPlayer

    player = ScenarioPlayer(scenario(GOOD))
    player.projector.value = True
    player.four_colour.value = True
    assert "ll-large" in player.stage.value and "ll-four-colour" in player.stage.value
    assert "ll-projector" in player._dom_classes


def test_a_scenario_in_portuguese_opens_in_portuguese():
    from lingerlonger.views.widgets import ScenarioPlayer

    player = ScenarioPlayer(LIBRARY / "29-ultima-carta-em-portugues.yaml")
    assert player.language.value == "pt" and player.language.description == "Idioma"
    player.go_last()
    assert "Monte" in player.stage.value
