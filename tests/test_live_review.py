"""Live mode's review of a finished hand (endpoints ``review`` and ``review_moment``), through
the worker's one door, ``serve``: one choice reviewed per call, the panel with the last, a
moment opened as a table with a what-if; a wrong argument or a lost session said in the
reader's words."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from lingerlonger.game.cards import parse_card
from lingerlonger.scenario import StepKind, loads
from lingerlonger.views.live_mode import endpoints as live
from lingerlonger.views.live_mode.endpoints import SessionLost
from lingerlonger.words.i18n import error_text
from lingerlonger.words.narration import card_name

WORKED = Path(__file__).resolve().parents[1] / "scenarios" / "06-last-card-saves.yaml"
#: A card the seat to act may play (a refused one is ``data-ll-refused``).
LEGAL = re.compile(r'data-ll-card="([^"]+)"')
DEALS = 2  # the review's numbers do not matter here, only its steps


def call(function: str, **args) -> dict:
    """A call as the worker makes it: through ``serve``, JSON text both ways."""
    return json.loads(live.serve(function, json.dumps(args)))


def played_hand(lang: str = "en", seed: int = 3) -> tuple[int, dict]:
    """A new hand against the computer played to its end by its first legal card each time."""
    dealt = call("new_hand", players=4, seed=seed, lang=lang)
    shown = dealt
    for _ in range(60):
        if shown.get("over"):
            return dealt["session"], shown
        shown = call("hand_play", session=dealt["session"], card=LEGAL.search(shown["html"])[1], lang=lang)
    raise AssertionError("the hand did not end")


def reviewed(start: dict, lang: str, deals: int = DEALS) -> tuple[dict, list[dict]]:
    """The review begun with ``start``'s arguments, then advanced to its end; every answer."""
    answers = [call("review", **start, lang=lang, deals=deals)]
    while "html" not in answers[-1]:
        assert len(answers) < 60
        answers.append(call("review", review=answers[-1]["review"], lang=lang))
    return answers[-1], answers


def test_a_finished_hand_is_reviewed_one_choice_per_call_and_the_last_call_brings_the_panel():
    hand, last = played_hand("pt")
    assert last["over"] is True
    done, answers = reviewed({"hand": hand}, "pt")
    total = answers[0]["total"]
    assert total >= 1 and [answer["done"] for answer in answers] == list(range(total + 1))
    assert {answer["total"] for answer in answers} == {total}
    assert answers[0]["said"] == f"A rever a mão: escolha 1 de {total}…"  # the bar's words, the reader's
    assert "data-ll-review" in done["html"] and done["html"].count("data-ll-moment") == total
    assert "Mostrar este momento" in done["html"]
    assert set(re.findall(r'data-ll-verdict="(\w+)"', done["html"])) <= {
        "good",
        "inaccuracy",
        "mistake",
        "unlucky",
        "close",
    }


def test_a_moment_opens_as_a_table_with_a_what_if_and_the_branch_played_out_is_reviewed_too():
    hand, _ = played_hand()
    done, _ = reviewed({"hand": hand}, "en")
    step = int(re.search(r'data-ll-action="review-open" data-ll-step="(\d+)"', done["html"])[1])
    opened = call("review_moment", review=done["review"], step=step, lang="en")
    assert opened["at"] == step
    frame = call("frame", session=opened["session"], at=step, lang="en")["html"]
    played = re.search(r" chose (.+?)\.<", done["html"][done["html"].index(f'data-ll-step="{step}"') :])[1]
    other = next(card for card in LEGAL.findall(frame) if card_name(parse_card(card), "en") != played)
    tried = call("what_if", session=opened["session"], at=step, card=other, lang="en")
    assert tried["frames"] and tried["branch"] and tried["reviewable"] is True
    branch_review, _ = reviewed({"branch": tried["branch"]}, "en")
    assert "data-ll-review" in branch_review["html"]


def test_save_as_lesson_after_a_review_asks_for_the_better_card_before_each_mistake(monkeypatch):
    """A finished review saved ("Save as lesson"): the hand as played, with an ``ask:`` before
    each of the panel's mistakes, the better card its answer; an unfinished review is refused."""
    # The same review on any machine: its deals' seed fixed, and no time budget to cut them short.
    monkeypatch.setattr(live.sessions, "NUMBERS", random.Random(1))
    monkeypatch.setattr(live, "REVIEW_BUDGET_S", None)
    hand, _ = played_hand("en", seed=6)
    done, _ = reviewed({"hand": hand}, "en", deals=200)  # enough deals for the verdicts to separate
    mistakes = len(re.findall(r'data-ll-moment data-ll-verdict="mistake"', done["html"]))
    assert mistakes >= 1  # the first legal card each time: a hand with a mistake, on this seed
    plain = call("save_lesson", hand=hand, lang="en", site="https://example.org/")
    saved = call("save_lesson", review=done["review"], lang="en", site="https://example.org/")
    [lesson], [hand_lesson] = loads(saved["text"]), loads(plain["text"])
    asks = [step for step in lesson.steps if step.kind is StepKind.ASK]
    assert len(asks) == mistakes and not [step for step in hand_lesson.steps if step.kind is StepKind.ASK]

    def plays(scenario):  # the hand as played: the same cards in the same order
        return [(step.seat, step.card, step.suit) for step in scenario.steps if step.kind is not StepKind.ASK]

    assert plays(lesson) == plays(hand_lesson)
    begun = call("review", hand=hand, lang="en", deals=DEALS)
    refused = call("save_lesson", review=begun["review"], lang="en", site="https://example.org/")
    wanted = error_text(live.LiveRequestError("live.bad-request", name="review"), "en")
    assert set(refused) == {"error"} and wanted in refused["error"].replace("&#34;", '"')


@pytest.mark.parametrize(
    ("arguments", "name"),
    [
        ({"deals": 0}, "deals"),
        ({"deals": "many"}, "deals"),
        ({"deals": 10_000}, "deals"),
        ({"unfinished": True}, "hand"),
        ({"review": "a hand"}, "session"),
    ],
)
def test_a_wrong_argument_is_refused_with_a_code_in_the_readers_words(arguments, name):
    hand, _ = played_hand("es")
    if arguments.pop("unfinished", False):
        hand = call("new_hand", players=4, seed=1, lang="es")["session"]
    if arguments.get("review") == "a hand":
        arguments = {"review": hand}  # a session of another kind
    answer = call("review", hand=hand, lang="es", **arguments)
    refused = live.LiveRequestError("live.bad-request", name=name)
    assert set(answer) == {"error"} and error_text(refused, "es") in answer["error"].replace("&#34;", '"')


def test_a_step_that_is_no_moment_of_the_review_is_refused():
    hand, _ = played_hand()
    done, _ = reviewed({"hand": hand}, "en")
    answer = call("review_moment", review=done["review"], step=999, lang="ru")
    assert set(answer) == {"error"} and "step" in answer["error"]


def test_a_lost_review_says_so_in_the_readers_words():
    hand, _ = played_hand()
    begun = call("review", hand=hand, lang="ru", deals=DEALS)
    live._SESSIONS.clear()  # what a new worker holds
    for answer in (call("review", review=begun["review"], lang="ru"), call("review", hand=hand, lang="ru")):
        assert answer["lost"] is True and error_text(SessionLost(), "ru") in answer["error"]


def test_the_endpoints_load_the_review_only_when_a_review_is_asked_for():
    """The build's snapshot imports the endpoints (book/_ext/live_snapshot.mjs), and every
    reader downloads it: the review's modules, which a first start does not need, are
    imported at the first review."""
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, lingerlonger.views.live_mode.endpoints; print(sorted(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "lingerlonger.views.live_mode.endpoints" in loaded
    assert "hand_review" not in loaded and "review_panel" not in loaded and "computer.review" not in loaded


def test_practise_this_keeps_the_moment_as_data_and_the_worker_draws_it_as_a_learn_task():
    """The exercise the page keeps in the reader's progress is data: its id, the moment in words
    and a scenario file's text, no markup. The worker reads that text like any scenario file and
    draws it as a Learn task (the page judges it with no further call), its table as the seat saw
    it; a text that is not that exercise is refused in the reader's words, never drawn."""
    hand, _ = played_hand("pt")
    done, _ = reviewed({"hand": hand}, "pt")
    steps = [int(step) for step in re.findall(r'data-ll-action="review-practise" data-ll-step="(\d+)"', done["html"])]
    assert steps and len(steps) == done["html"].count("data-ll-moment")  # one button per moment
    answer = call("practise", review=done["review"], step=steps[-1], lang="pt")
    assert set(answer) == {"id", "moment", "lesson", "lang", "said", "refused"} and answer["lang"] == "pt"
    assert re.fullmatch(r"review-[0-9a-f]{8}-\d+", answer["id"]) and answer["id"].endswith(f"-{steps[-1]}")
    assert "<" not in answer["lesson"] and "<" not in answer["moment"]  # data: no markup kept
    assert f"id: {answer['id']}" in answer["lesson"] and "«Das suas revisões»" in answer["said"]
    drawn = call("practice_task", id=answer["id"], lesson=answer["lesson"], moment=answer["moment"], lang="pt")
    article = drawn["html"]
    assert article.startswith(f'<article class="ll-task" id="ll-task-{answer["id"]}" data-ll-task="{answer["id"]}"')
    assert "data-ll-practice" in article and article.rstrip().endswith("</article>")
    assert "ll-backs" in article  # the others' hands face down
    data = json.loads(re.search(r'<script type="application/json" class="ll-task-data">(.+?)</script>', article)[1])
    assert data["kind"] == "choice" and any(right for right, _ in data["verdicts"].values())
    assert "Das suas revisões" in article and answer["moment"] in article
    named = call("practice_task", id=answer["id"], lesson=answer["lesson"], moment="<img src=x onerror=1>", lang="pt")
    assert "<img" not in named["html"] and "&lt;img src=x onerror=1&gt;" in named["html"]  # a name is text
    for lesson, task_id in (
        ("title: [", answer["id"]),  # not YAML
        (answer["lesson"], "review-00000000-1"),  # another exercise's id
        (answer["lesson"] + answer["lesson"], answer["id"]),  # two scenarios
        (answer["lesson"].replace("goal: choice", "goal: nonsense"), answer["id"]),  # not a valid task
    ):
        refused = call("practice_task", id=task_id, lesson=lesson, moment="x", lang="ru")
        assert set(refused) == {"error"} and "ll-task" not in refused["error"]
    again = call("practise", review=done["review"], step=steps[-1], lang="pt")
    assert again["id"] == answer["id"]  # the same moment, the same exercise: kept once
    for step, name in ((999, "step"), ("x", "step")):
        refused = call("practise", review=done["review"], step=step, lang="en")
        assert set(refused) == {"error"} and name in refused["error"]
    live._SESSIONS.clear()
    assert call("practise", review=done["review"], step=steps[-1], lang="ru")["lost"] is True
