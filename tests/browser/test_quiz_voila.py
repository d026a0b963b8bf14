"""The done-when of issue 7 in the Voilà app: a Portuguese-speaking family opens the app,
switches to Portuguese, and answers the quiz on the 2♥ example (a wrong answer shows the
hint and the rule, a right one goes on), with the narration and the app's own words
(tabs, menus, buttons, counter) in Portuguese."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROUND_TRIP_MS, click_and_wait, counter, open_worked_example

from lingerlonger.scenario import load
from lingerlonger.scenario.replay import replay
from lingerlonger.words.i18n import translate

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
WORKED = load(REPO / "scenarios" / "06-last-card-saves.yaml")[0]
#: The frames that ask questions (before the next play is shown), and the questions, as a
#: Portuguese reader sees them (the lesson is written in four languages).
ASKING = [frame for frame in replay(WORKED).frames if frame.asks][:2]
ASKED = [frame.index for frame in ASKING]
WHICH_CARDS, (WHO_WINS, WHAT_NEXT) = (
    ASKING[0].asks[0].in_language("pt"),
    (ask.in_language("pt") for ask in ASKING[1].asks),
)
PT = lambda msg_id, **values: translate(msg_id, "pt", **values)  # noqa: E731


def counter_last(player) -> int:
    return int(re.findall(r"\d+", player.locator(".ll-counter").inner_text())[-1])


def step_to(player, target: int) -> None:
    """Click Next until the counter shows ``target``, waiting for each step to arrive."""
    while counter(player) < target:
        click_and_wait(player, PT("ui.next-short"), counter(player) + 1)


def test_switch_to_portuguese_and_answer_the_quiz_on_the_worked_example(voila_app, browser_page):
    page, log = browser_page
    player, stage = open_worked_example(page, voila_app)

    # the language switch, at the top of the app: the table, the player's controls and the
    # app's own words speak Portuguese
    page.locator(".ll-app-language select").select_option(label="Português")
    player.get_by_label(PT("player.quiz-mode")).wait_for(timeout=ROUND_TRIP_MS)
    stage.get_by_text("Monte", exact=True).wait_for(timeout=ROUND_TRIP_MS)
    for tab in ("ui.tab-scenario", "ui.tab-play"):
        page.get_by_role("tab", name=PT(tab)).wait_for(timeout=ROUND_TRIP_MS)
    page.get_by_label(PT("ui.pick"), exact=True).wait_for(timeout=ROUND_TRIP_MS)
    player.get_by_role("button", name=re.compile(rf"^\W*{PT('ui.next-short')}$")).wait_for(timeout=ROUND_TRIP_MS)
    assert re.fullmatch(PT("ui.counter", at=r"\d+", last=r"\d+"), player.locator(".ll-counter").inner_text())
    assert not player.locator(".ll-language").is_visible()  # one language menu, for the app
    player.get_by_label(PT("player.quiz-mode")).check()

    # stepping on stops at the question: the next play stays hidden
    quiz = player.locator(".ll-quiz-box")
    step_to(player, ASKED[0])
    quiz.get_by_text(WHICH_CARDS.question).wait_for(timeout=ROUND_TRIP_MS)
    assert "B assiste com o 3♣" not in stage.inner_text()
    asked_at = counter(player)

    # a wrong answer: the hint and the rule, in Portuguese; no step forward
    answers = quiz.locator(".ll-quiz-answers")
    answers.get_by_role("button", name=re.compile("^Q♠")).click()
    quiz.get_by_role("button", name=PT("quiz.check")).click()
    feedback = quiz.locator(".ll-quiz-feedback")
    feedback.wait_for(timeout=ROUND_TRIP_MS)
    assert PT("quiz.wrong") in feedback.inner_text()
    assert PT("quiz.hint", hint=WHICH_CARDS.hint) in feedback.inner_text()
    assert "A regra: Quem tem o naipe de saída tem de assistir" in feedback.inner_text()
    assert counter(player) == asked_at

    # the right answer goes on, and the narration is Portuguese
    answers.get_by_role("button", name=re.compile("Q♠")).click()  # unpick
    answers.get_by_role("button", name=re.compile("^3♣")).click()
    quiz.get_by_role("button", name=PT("quiz.check")).click()
    player.locator(".ll-counter", has_text=PT("ui.counter", at=asked_at + 1, last=counter_last(player))).wait_for(
        timeout=ROUND_TRIP_MS
    )
    player.get_by_text(PT("quiz.right")).wait_for(timeout=ROUND_TRIP_MS)
    assert "B assiste com o 3♣." in stage.inner_text()

    # "who wins this trick?": wrong (D), then right (C); then "what happens to C?", asked in
    # Portuguese and judged by meaning; only then does C's trump win, in Portuguese
    step_to(player, ASKED[1])
    quiz.get_by_text(WHO_WINS.question).wait_for(timeout=ROUND_TRIP_MS)
    answers.get_by_role("button", name="D", exact=True).click()
    quiz.get_by_text("A regra: Ganha a vaza o trunfo mais alto").wait_for(timeout=ROUND_TRIP_MS)
    answers.get_by_role("button", name="C", exact=True).click()
    quiz.get_by_text(WHAT_NEXT.question).wait_for(timeout=ROUND_TRIP_MS)
    answers.get_by_role("button", name=WHAT_NEXT.choice, exact=True).click()
    stage.get_by_text("C ganha a vaza com o trunfo 2♥.").wait_for(timeout=ROUND_TRIP_MS)
    assert "C compra o 9♦" in stage.inner_text()

    page.wait_for_load_state("networkidle")
    log.assert_clean()
