"""The app as a service for a class: the coach keeps quiet while a quiz question waits, and a
new upload starts afresh (no scenario nor message of the last one stays on screen)."""

from __future__ import annotations

from pathlib import Path

from lingerlonger.views.widgets import ScenarioBrowser, ScenarioPlayer

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = ROOT / "scenarios"
WITH_QUESTIONS = LIBRARY / "03-follow-suit.yaml"
BAD = ROOT / "tests" / "bad"


def odds_shown(player: ScenarioPlayer) -> bool:
    """Whether the coach's figures are on screen: its panel, or a percentage on a card."""
    return bool(player.advice.value) or any("%" in button.description for button in player.cards.buttons)


def test_the_coach_is_hidden_while_a_quiz_question_waits():
    player = ScenarioPlayer(WITH_QUESTIONS)
    player.coach_on.value = True
    player.quiz_on.value = True
    while player.model.question is None:
        player.go_next()
    assert not odds_shown(player), "the coach's odds give the answer away"
    player.quiz_on.value = False  # no question waits now: the coach speaks again
    assert odds_shown(player)


def test_a_new_upload_clears_the_last_scenario_and_its_messages():
    browser = ScenarioBrowser(LIBRARY)
    browser.choose("follow")
    shown = browser.player.run.scenario.title
    browser.player.go_next()
    bad = next(path for path in sorted(BAD.glob("*.yaml")))
    browser.open_upload(bad.name, bad.read_bytes())
    first_error = browser.message.value
    browser.open_upload("other.yaml", b"title: [unclosed")
    assert browser.player.run is None and browser.picker.value is None
    assert "other.yaml" in browser.message.value and first_error not in browser.message.value
    assert not browser.player.message.value and shown not in browser.player.header.value
