"""The review in the app (views/widgets/review_box.py), driven without a browser: "Review" once a
hand you played is over, a progress bar that moves a decision at a time, the shared panel,
"Practise this" adding the exercise to the Learn tab, "Save as lesson" asking at each mistake;
and at the family table, each person's review behind the pass screen, shown only to them."""

from __future__ import annotations

import base64
import re

import pytest
from markupsafe import escape

ipywidgets = pytest.importorskip("ipywidgets")

from review_fixture import ace_lead, random_hand, reviewed  # noqa: E402

from lingerlonger.computer.review import VERDICTS  # noqa: E402
from lingerlonger.scenario import StepKind, loads  # noqa: E402
from lingerlonger.session.family_table import PERSON  # noqa: E402
from lingerlonger.views.widgets import FamilyTable, HandPlayer, LingerLongerApp  # noqa: E402
from lingerlonger.views.widgets import review_box as box_module  # noqa: E402
from lingerlonger.words.i18n import ui  # noqa: E402


@pytest.fixture(autouse=True)
def no_time_budget(monkeypatch):
    """Reviews without a time budget: the same review whatever the machine's load."""
    monkeypatch.setattr(box_module, "REVIEW_BUDGET_S", None)


def visible(widget) -> bool:
    return widget.layout.display != "none"


def moments_in(html: str) -> list[str]:
    """The verdict of each moment of a review panel."""
    return re.findall(r'data-ll-moment data-ll-verdict="([a-z]+)"', html)


def played_out(player: HandPlayer) -> HandPlayer:
    for _ in range(200):
        if player.state.is_over:
            return player
        assert not visible(player.review_box.toggle)  # no review while the hand is in play
        [*_, last] = [button for button in player.cards.buttons if visible(button)]
        last.click()  # the last card of the hand's order: not the first one's play
    pytest.fail("the hand did not end")


def saved_lesson(link_html: str):
    data = re.search(r"base64,([A-Za-z0-9+/=]+)", link_html)
    assert data is not None
    [lesson] = loads(base64.b64decode(data[1]).decode("utf-8"))
    return lesson


def test_review_appears_when_the_hand_ends_and_shows_every_decision_with_a_progress_bar():
    player = played_out(HandPlayer(delay=0, seed=7, players=4))
    box = player.review_box
    assert visible(box.toggle) and "ll-action-review" in box.toggle._dom_classes
    assert box.toggle.description == ui("review", "en") and not box.panel.value
    moved = []
    box.progress.observe(lambda change: moved.append(change["new"]), "value")
    box.toggle.click()
    review = box.review
    assert review is not None and review.moments
    assert moved == list(range(1, len(review.moments) + 1))  # one decision at a time
    assert box.progress.max == len(review.moments) and box.progress.description
    assert "data-ll-review" in box.panel.value
    verdicts = moments_in(box.panel.value)
    assert verdicts == [moment.verdict for moment in review.moments] and set(verdicts) <= set(VERDICTS)
    assert not visible(box.working) and visible(box.panel)
    assert box.toggle.description == ui("app-review-hide", "en")
    box.toggle.click()  # hidden again: no recomputing when it is shown again
    assert not box.panel.value and not visible(box.practise)
    box.toggle.click()
    assert box.review is review and moments_in(box.panel.value) == verdicts
    player.deal.click()  # a new hand: nothing to review until it is over
    assert not visible(box.toggle) and not box.panel.value and box.review is None
    # the box hides its own parts only (a layout shared with the rest of the player would hide it too)
    assert all(map(visible, (player.stage, player.status, player.narration, player.help_line, player.cards.box)))


def test_every_review_control_has_a_name_in_the_readers_language():
    player = played_out(HandPlayer(delay=0, seed=7, players=4))
    player.review_box.toggle.click()
    player.set_language("pt")
    box = player.review_box
    assert box.toggle.description == ui("app-review-hide", "pt")
    assert box.progress.description == ui("app-review-working", "pt")
    assert ui("review-title", "pt", name=player.state.players[0]) in box.panel.value  # drawn again in pt
    names = [button.description for button in box.practise_buttons]
    assert len(names) == len(box.review.moments) and all(name.startswith("Praticar isto: ") for name in names)
    assert all(button.tooltip == button.description for button in box.practise_buttons)


def test_practise_this_adds_the_exercise_to_the_learn_tab_once():
    app = LingerLongerApp()
    app.tabs.selected_index = 1
    player = played_out(app.hand)
    player.review_box.toggle.click()
    assert app.learn is None  # made when an exercise comes
    first = player.review_box.practise_buttons[0]
    first.click()
    assert app.learn is not None
    _, task = app.learn.tasks[-1]
    moment = player.review_box.review.moments[0]
    assert task.id.startswith("review-") and task.own_view and task.state == moment.state
    assert {verdict.right for verdict in task.verdicts} >= {True}
    count = len(app.learn.tasks)
    first.click()  # once is enough
    assert len(app.learn.tasks) == count and first.icon == "check"
    assert "Learn" in player.review_box.message.value
    app.learn.go(count - 1)  # the exercise is drawn as the seat saw it: the others' hands face down
    assert "ll-backs" in app.learn.task_view.value


def test_show_this_moment_opens_the_hand_there_in_the_scenario_tab_as_the_seat_saw_it():
    app = LingerLongerApp()
    app.tabs.selected_index = 1
    player = played_out(app.hand)
    box = player.review_box
    box.toggle.click()
    assert len(box.show_buttons) == len(box.review.moments) > 0
    assert box.show_buttons[0].description.startswith("Show this moment: trick ")
    assert 'data-ll-action="review-open"' not in box.panel.value  # no script answers it in a widget
    moment = box.review.moments[-1]
    box.show_buttons[-1].click()
    shown = app.browser.player.model
    assert app.tabs.selected_index == 0 and shown.at == moment.step and shown.seat == box.review.seat
    assert shown.frame.state == moment.state  # the state the review judged
    # every card of the hand may be tried (one the rules refuse is answered with its rule), the
    # ones the review weighed (the legal ones) among them
    tryable = {str(choice) for choice in shown.tryable()}
    assert tryable == {str(card) for card in moment.state.hands[box.review.seat]}
    assert {str(value.card) for value in moment.values} <= tryable
    assert "at the moment" in app.message.value
    assert not any(button.description.startswith("Show") for button in FamilyTable().review_box.show_buttons)


def test_a_hand_alone_keeps_what_is_practised_for_the_session():
    player = played_out(HandPlayer(delay=0, seed=7, players=4))
    player.review_box.toggle.click()
    player.review_box.practise_buttons[-1].click()
    [exercise] = player.review_box.practised
    assert exercise.steps[-1].kind == StepKind.TASK
    assert ui("app-review-kept", "en", moment="")[:20] in player.review_box.message.value


def test_save_as_lesson_asks_for_the_better_card_at_each_mistake_once_reviewed():
    hand = random_hand()  # seed 9: its third decision is a mistake
    player = HandPlayer(delay=0, seed=1, players=3)
    player.model = hand
    player._render()
    assert not any(step.kind == StepKind.ASK for step in saved_lesson(player.save.value).steps)
    player.review_box.toggle.click()
    review = player.review_box.review
    assert review == reviewed(hand, deals=box_module.REVIEW_DEALS)
    mistakes = review.counts["mistake"]
    assert mistakes >= 1
    asks = [step.ask for step in saved_lesson(player.save.value).steps if step.kind == StepKind.ASK]
    assert len(asks) == mistakes


# --- the family table ---------------------------------------------------------------------------


def title(name: str) -> str:
    """A review's title as the panel's HTML holds it (escaped)."""
    return str(escape(ui("review-title", "en", name=name)))


def finished_table(seed: int = 3) -> FamilyTable:
    table = FamilyTable(players=4, people=2, seed=seed, delay=0)
    table.start.click()
    for _ in range(400):
        if table.model.state.is_over:
            return table
        assert not visible(table.review_people) and not table.review_box.panel.value
        if visible(table.pass_box):
            table.reveal.click()
        else:
            table.cards.buttons[0].click()
    pytest.fail("the hand did not end")


def test_each_person_opens_only_their_own_review_behind_the_pass_screen(monkeypatch):
    focused = []  # the keyboard's focus follows: to "it is me", then to the review's own button
    monkeypatch.setattr(ipywidgets.Button, "focus", lambda button: focused.append(button))
    table = finished_table()
    names = table.model.names
    people = table.model.reviewable
    assert people == (0, 1) and table.model.kinds[:2] == (PERSON, PERSON)
    shown = [button for button in table.review_buttons if visible(button)]
    assert [button.description for button in shown] == [ui("app-review-for", "en", name=names[s]) for s in people]
    assert all("ll-action-review" in button._dom_classes for button in shown)
    shown[0].click()  # Ana's review: first the pass screen, and no review on the page
    assert visible(table.review_pass) and names[0] in table.review_pass_text.value
    urgent = re.search(r'data-ll-kind="assertive"[^>]*>(.*?)</div>', table.voice.feed.value, re.S)[1]
    assert str(escape(ui("app-review-pass", "en", name=names[0]))) in urgent  # and said aloud, at once
    assert table.review_reveal.description == ui("app-review-show", "en", name=names[0])
    assert not table.review_box.panel.value and not visible(table.review_box.toggle)
    assert focused[-1] is table.review_reveal
    table.review_reveal.click()
    assert focused[-1] is table.review_box.toggle and visible(table.review_box.toggle)
    panel = table.review_box.panel.value
    assert "data-ll-review" in panel and title(names[0]) in panel
    assert title(names[1]) not in panel
    assert not visible(table.review_pass) and table.model.holder == 0
    shown[1].click()  # Bruno's asked for: Ana's goes from the page before the pass screen shows
    assert not table.review_box.panel.value and visible(table.review_pass) and names[1] in table.review_pass_text.value
    table.review_reveal.click()
    assert title(names[1]) in table.review_box.panel.value
    table.review_box.toggle.click()  # "Hide the review"
    assert table.model.reviewing is None and not table.review_box.panel.value and not visible(table.review_pass)
    table.next.click()
    assert not visible(table.review_people) and not table.review_box.panel.value
    assert all(map(visible, (table.stage, table.score, table.narration, table.pass_text, table.cards.box)))


def test_a_computers_seat_has_no_review_to_ask_for():
    table = finished_table()
    model = table.model
    assert 2 not in model.reviewable and model.ask_review(2) is model
    assert model.close_review().open_review() == model.close_review()  # nothing asked: nothing shown


def test_a_position_set_up_after_a_hand_gets_a_review_of_its_own():
    player = HandPlayer(delay=0, seed=7, players=3)
    for high in ("A♥", "K♥"):  # two positions, each played in three actions, one hand's number
        start, actions = ace_lead(high)
        player.state = start
        player._render()
        assert not visible(player.review_box.toggle)
        for action in actions:  # A's two cards (B's is the computer's)
            if action.seat == 0:
                player.play(action)
        assert player.state.is_over and player.model.actions == tuple(actions)
        if player.review_box.is_open:
            player.review_box.toggle.click()
        player.review_box.toggle.click()
        [moment] = player.review_box.review.moments
        assert moment.state == start and moment.verdict == "mistake"
