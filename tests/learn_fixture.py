"""A small hand-written course for the Learn page's tests, until the course's own files (and
the engine's judge) are there: three positions, every answer's verdict written by hand the
way computer/task_judge.py gives it (tests/test_course_page.py checks them with the engine)."""

from __future__ import annotations

from dataclasses import dataclass

from lingerlonger.game.engine import apply, from_position
from lingerlonger.game.rules import Rules
from lingerlonger.views.course_page import LearnTask, LearnUnit

PLAYERS = ["Ana", "Bruno", "Carla"]


@dataclass(frozen=True)
class Verdict:
    answer: str
    right: bool
    rule: int | None = None
    line: tuple[str, ...] = ()


def _after_lead(lead: str, hands: dict[str, str]):
    state = from_position(
        Rules(), PLAYERS, dealer="Carla", leader="Ana", hands=hands, stock=["5♣", "8♠", "4♠"], trump="♥"
    )
    return apply(state, state.play(lead))[0]


def units() -> tuple[LearnUnit, ...]:
    follow = _after_lead("Ana K♣", {"Ana": "K♣ 7♦", "Bruno": "3♣ Q♠ 2♥", "Carla": "9♣ 6♦"})
    win = _after_lead("Ana 7♦", {"Ana": "7♦ A♠", "Bruno": "9♦ 3♦ K♠", "Carla": "5♦ 2♣"})
    done = apply(win, win.play("Bruno 9♦"))[0]
    done = apply(done, done.play("Carla 5♦"))[0]
    return (
        LearnUnit(
            id="tricks",
            title={"en": "Following suit", "pt": "Assistir", "es": "Asistir", "ru": "Ходить в масть"},
            chapter="04-tricks",
            tasks=(
                LearnTask(
                    id="follow-1",
                    state=follow,
                    seat=1,
                    goal="legal",
                    say={"en": "Ana led a club.", "ru": "Ана пошла с трефы."},
                    hints=({"en": "Look at the led suit.", "ru": "Посмотрите на масть первой карты."},),
                    verdicts=(Verdict("3♣", True), Verdict("Q♠", False, 8), Verdict("2♥", False, 8)),
                ),
                LearnTask(
                    id="win-1",
                    state=win,
                    seat=1,
                    goal="win-trick",
                    right={"en": "9♦ beats 7♦ and Carla's 5♦.", "ru": "9♦ старше 7♦ и 5♦ Карлы."},
                    verdicts=(
                        Verdict("9♦", True),
                        Verdict("3♦", False, 9, ("Bruno 3♦", "Carla 5♦")),
                        Verdict("K♠", False, 8),
                    ),
                ),
            ),
        ),
        LearnUnit(
            id="winner",
            title={
                "en": "Who wins a trick",
                "pt": "Quem ganha a vaza",
                "es": "Quién gana la baza",
                "ru": "Кто берёт взятку",
            },
            chapter="04-tricks",
            tasks=(
                LearnTask(
                    id="winner-1",
                    state=done,
                    seat=0,
                    goal="trick-winner",
                    verdicts=(Verdict("Ana", False, 9), Verdict("Bruno", True), Verdict("Carla", False, 9)),
                ),
                LearnTask(
                    id="out-1",
                    state=done,
                    seat=0,
                    goal="drawn",
                    verdicts=(Verdict("Ana", False, 11), Verdict("Bruno", True, 11), Verdict("Carla", False, 11)),
                ),
                LearnTask(
                    id="choice-1",
                    state=done,
                    seat=0,
                    goal="choice",
                    question={"en": "Is 9♦ a trump?", "ru": "9♦ — козырь?"},
                    choices=({"en": "yes", "ru": "да"}, {"en": "no", "ru": "нет"}),
                    verdicts=(Verdict("0", False, 6), Verdict("1", True)),
                ),
            ),
        ),
    )
