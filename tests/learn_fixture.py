"""A small hand-written course for the Learn page's tests, independent of the course's files:
three positions, each answer judged by the engine (computer/task_judge.py), one task of each
answer kind but the suit (name-trump)."""

from __future__ import annotations

from lingerlonger.computer.task_judge import judge
from lingerlonger.game.engine import apply, from_position
from lingerlonger.game.rules import Rules
from lingerlonger.views.course_page import LearnTask, LearnUnit

PLAYERS = ["Ana", "Bruno", "Carla"]


def _after_lead(lead: str, hands: dict[str, str]):
    state = from_position(
        Rules(), PLAYERS, dealer="Carla", leader="Ana", hands=hands, stock=["5♣", "8♠", "4♠"], trump="♥"
    )
    return apply(state, state.play(lead))[0]


def units() -> tuple[LearnUnit, ...]:
    follow = _after_lead("Ana K♣", {"Ana": "K♣ 7♦", "Bruno": "3♣ Q♠ 2♥", "Carla": "9♣ 6♦"})
    win = _after_lead("Ana 7♦", {"Ana": "7♦ A♠", "Bruno": "9♦ 3♦ K♠", "Carla": "5♦ 2♣"})
    done, _ = apply(win, win.play("Bruno 9♦"))
    done, events = apply(done, done.play("Carla 5♦"))  # Bruno wins the trick and draws
    choices = ({"en": "yes", "ru": "да"}, {"en": "no", "ru": "нет"})
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
                    verdicts=judge(follow, 1, "legal"),
                ),
                LearnTask(
                    id="win-1",
                    state=win,
                    seat=1,
                    goal="win-trick",
                    right={"en": "9♦ beats 7♦ and Carla's 5♦.", "ru": "9♦ старше 7♦ и 5♦ Карлы."},
                    verdicts=judge(win, 1, "win-trick"),
                ),
            ),
        ),
        LearnUnit(
            id="winner",
            title={"en": "Who wins", "pt": "Quem ganha", "es": "Quién gana", "ru": "Кто берёт взятку"},
            chapter="04-tricks",
            tasks=(
                LearnTask(
                    id="winner-1", state=done, seat=0, goal="trick-winner", verdicts=judge(done, 0, "trick-winner")
                ),
                LearnTask(
                    id="drawn-1", state=done, seat=0, goal="drawn", verdicts=judge(done, 0, "drawn", events=events)
                ),
                LearnTask(
                    id="choice-1",
                    state=done,
                    seat=0,
                    goal="choice",
                    question={"en": "Is 9♦ a trump?", "ru": "9♦ — козырь?"},
                    choices=choices,
                    verdicts=judge(done, 0, "choice", choices=choices, accept=["1"]),
                ),
            ),
        ),
    )
