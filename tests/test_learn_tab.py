"""The app's Learn tab (views/widgets/learn.py): the same exercises and verdicts as the Learn
page, answered with the widget's buttons; stars as the page counts them, none in class mode."""

from __future__ import annotations

from learn_fixture import units

from lingerlonger.views.course_page import stars_for
from lingerlonger.views.table_html import TableStyle
from lingerlonger.views.widgets.learn import LearnTab


def tab(lang: str = "ru") -> LearnTab:
    return LearnTab(units=units(), style=TableStyle.of(lang))


def press(learn: LearnTab, name: str) -> None:
    [button] = [button for button in learn.answers.children if button.description == name]
    button.click()


def test_stars_count_hints_and_mistakes():
    assert [stars_for(0, 0), stars_for(1, 0), stars_for(0, 1), stars_for(1, 1), stars_for(0, 3)] == [3, 2, 2, 1, 1]


def test_a_wrong_card_then_the_right_one_gives_two_stars_named_in_the_readers_language():
    learn = tab()
    learn.go(1)  # win-1: Bruno to win the trick
    assert [button.description for button in learn.answers.children] == ["девятка бубен", "тройка бубен", "король пик"]
    press(learn, "тройка бубен")
    assert "Не то" in learn.feedback.value and "правило 9" in learn.feedback.value
    assert "Ana берёт взятку" in learn.feedback.value  # the engine's line, its last table and words
    assert learn.retry.layout.display != "none"
    learn.retry.click()
    press(learn, "девятка бубен")
    assert "Верно" in learn.feedback.value and learn.stars == {"win-1": 2}
    assert "2 звезды из 3" in learn.task_view.value and "Сделано 1 из 5" in learn.progress.value


def test_class_mode_counts_no_stars():
    learn = tab("en")
    learn.class_mode.value = True
    press(learn, "3 of clubs")
    assert learn.stars == {} and "ll-large" in learn.task_view.value


def test_several_seats_are_picked_then_checked():
    learn = tab("en")
    learn.go(3)  # drawn-1: Bruno drew
    press(learn, "Bruno")
    assert learn.check.layout.display != "none"
    learn.check.click()
    assert "Right!" in learn.feedback.value and learn.stars == {"drawn-1": 3}
