"""A review's permuted copy (lingerlonger/scenario/review_copy.py) asks the same question:
on every frame of every library scenario (hand-made positions and deals, every variant) and
on every course exercise, the judge's verdicts on the copy are the original's, mapped."""

from __future__ import annotations

from pathlib import Path

import pytest

from lingerlonger.computer.task_judge import CARD_GOALS, SEAT_GOALS, TaskError, TaskGoal, judge
from lingerlonger.game.cards import Suit, parse_suit
from lingerlonger.game.engine import ChooseTrump, Play, apply
from lingerlonger.game.events import TrickWon
from lingerlonger.scenario import load, loads
from lingerlonger.scenario.course import read_course
from lingerlonger.scenario.library import lesson_folder
from lingerlonger.scenario.model import StepKind, Text
from lingerlonger.scenario.replay import replay
from lingerlonger.scenario.review_copy import (
    Permutation,
    keeps_seating,
    names_a_suit,
    permuted,
    rename_suit_words,
    review_copies,
    review_copy,
    review_permutation,
    review_seed,
)
from lingerlonger.views.course_page import REVIEW_COPIES

LIBRARY = sorted(lesson_folder().glob("*.yaml"))
SEEDS = (1, 2, 3)
BUT_WIN_HAND = frozenset(TaskGoal) - {TaskGoal.WIN_HAND}
#: win-hand searches the rest of the hand: judged where few cards are left.
SMALL_ENOUGH = 9


def library_scenarios():
    for path in LIBRARY:
        for scenario in load(path):
            yield pytest.param(scenario, id=f"{path.stem}#{scenario.index}")


def verdicts(state, seat, goal, **extra) -> dict[str, tuple[bool, int | None]] | None:
    try:
        return {verdict.answer: (verdict.right, verdict.rule) for verdict in judge(state, seat, goal, **extra)}
    except TaskError:
        return None


def goals_at(state, events):
    """Every goal that can be asked of this state: (seat, goal, options)."""
    seat = state.to_act
    if seat is not None and state.namer is None:
        cards_left = sum(len(hand) for hand in state.hands)
        for goal in CARD_GOALS:
            if goal is TaskGoal.WIN_HAND:
                if cards_left <= SMALL_ENOUGH:
                    yield seat, goal, {"against": "tips"}
            else:
                yield seat, goal, {}
    if state.namer is not None:
        yield state.namer, TaskGoal.NAME_TRUMP, {"accept": ["♠", "♦"]}
    if any(isinstance(event, TrickWon) for event in events) or state.is_over:
        for goal in SEAT_GOALS:
            yield 0, goal, {"events": events}


def assert_same_verdicts(original, copy, change: Permutation, goals=frozenset(TaskGoal)) -> int:
    """Frame by frame, every goal: the copy's verdicts are the original's, mapped. Returns how many."""
    first, second = replay(original), replay(copy)
    assert second.ok == first.ok
    assert len(first.frames) == len(second.frames)
    compared = 0
    for before, after in zip(first.frames, second.frames, strict=True):
        for seat, goal, options in goals_at(before.state, list(before.events)):
            if goal not in goals:
                continue
            if goal is TaskGoal.NAME_TRUMP:
                mapped_options = {"accept": [str(change.suit(parse_suit(suit))) for suit in options["accept"]]}
            elif "events" in options:
                mapped_options = {"events": list(after.events)}
            else:
                mapped_options = options
            new_seat = after.state.players.index(change.names[before.state.players[seat]])
            expected = verdicts(before.state, seat, goal, **options)
            got = verdicts(after.state, new_seat, goal, **mapped_options)
            if expected is None:
                assert got is None, (goal, before.index)
                continue
            mapped = {change.answer(goal, answer): verdict for answer, verdict in expected.items()}
            assert got == mapped, (goal, before.index, before.state)
            compared += 1
    return compared


@pytest.mark.slow
@pytest.mark.parametrize("scenario", library_scenarios())
def test_every_frame_of_a_library_scenario_is_judged_the_same_once_permuted(scenario):
    """win-hand's computer players break ties by the suits' order: its copies keep the suits."""
    compared = 0
    for seed in SEEDS:
        change = review_permutation(scenario.players, seed)
        compared += assert_same_verdicts(
            scenario, permuted(scenario, change), change, set(TaskGoal) - {TaskGoal.WIN_HAND}
        )
        change = review_permutation(scenario.players, seed, keep_suits=True)
        compared += assert_same_verdicts(scenario, permuted(scenario, change), change)
    assert compared > 0


POSITION = """
format: 1
title: {en: Diamonds were led, ru: Вышли в бубны}
rules: standard
players: [Ana, Bruno, Carla, Dani]
dealer: Dani
hands: {Ana: [Q♦, 5♣, 9♥], Bruno: [3♦, K♦, 8♣], Carla: [4♣, J♥, 2♠], Dani: [7♦, A♠, 6♥]}
stock: [10♣, 5♥, 3♠]
trump: ♠
leader: Ana
steps:
  - play: Ana Q♦
    say: {en: Ana leads the Q♦ and Bruno answers., ru: "Ana выходит с Q♦, Bruno отвечает."}
  - play: Bruno K♦
    say: {en: Spades are trump., ru: Пики — козыри.}
  - expect: {legal: {Carla: [4♣, J♥, 2♠]}}
    ask: {question: {en: What may Carla play after Bruno's K♦?}, answer: {legal: [4♣, J♥, 2♠]}}
"""


def test_a_copy_maps_every_card_seat_and_text_and_renames_suit_words():
    scenario = loads(POSITION)[0]
    change = Permutation(
        {Suit.SPADES: Suit.HEARTS, Suit.HEARTS: Suit.CLUBS, Suit.DIAMONDS: Suit.SPADES, Suit.CLUBS: Suit.DIAMONDS},
        {"Ana": "Bruno", "Bruno": "Carla", "Carla": "Dani", "Dani": "Ana"},
        ("Ana", "Bruno", "Carla", "Dani"),
    )
    copy = permuted(scenario, change)
    assert copy.trump is Suit.HEARTS and copy.leader == "Bruno" and copy.dealer == "Ana"
    assert [str(card) for card in copy.hands["Bruno"]] == ["Q♠", "5♦", "9♣"]
    assert [(step.seat, str(step.card)) for step in copy.steps[:2]] == [("Bruno", "Q♠"), ("Carla", "K♠")]
    assert copy.steps[0].say == "Bruno leads the Q♠ and Carla answers."
    assert copy.steps[0].say.in_("ru") == "Bruno выходит с Q♠, Carla отвечает."
    assert copy.steps[1].say == "Hearts are trump.", "a text naming a suit in words names the copy's"
    assert copy.steps[1].say.in_("ru") == "Червы — козыри."
    assert copy.title == "Spades were led" and copy.title.in_("ru") == "Вышли в пики", "the title too"
    legal_seat, legal_cards = copy.steps[2].expect.legal
    assert legal_seat == "Dani" and sorted(map(str, legal_cards)) == sorted(["4♦", "J♣", "2♥"])
    assert copy.steps[2].ask.question == "What may Dani play after Carla's K♠?"
    assert replay(copy).ok


@pytest.mark.parametrize(
    "text",
    ["Spades are trump", "Espadas são trunfo", "El triunfo es picas", "Пики — козыри", "у него нет бубен", "трефовый"],
)
def test_suit_words_are_found_in_every_language(text):
    assert names_a_suit(Text(text)) and not names_a_suit(Text("Ana leads the Q♦."))


SWAP = {Suit.SPADES: Suit.CLUBS, Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.SPADES, Suit.CLUBS: Suit.HEARTS}


@pytest.mark.parametrize(
    ("text", "renamed"),
    [
        ("Spades are trump; Dani has no clubs and one heart.", "Clubs are trump; Dani has no hearts and one diamond."),
        (
            "e nenhuma espada é mais alta; todas as copas ganham às espadas",
            "e nenhum pau é mais alto; todos os ouros ganham aos paus",
        ),
        ("Dani tem paus; uma carta de ouros", "Dani tem copas; uma carta de espadas"),
        (
            "ninguna pica es más alta; todas las picas; el trébol pequeño",
            "ningún trébol es más alto; todos los tréboles; el corazón pequeño",
        ),
        (
            "У Bruno черв нет; дают бубну; пиковый король; Пики — козыри",
            "У Bruno бубен нет; дают пику; трефовый король; Трефы — козыри",
        ),
    ],
)
def test_suit_words_are_renamed_in_the_same_form_with_the_words_that_agree(text, renamed):
    assert rename_suit_words(text, SWAP) == renamed


def test_every_course_review_copy_keeps_every_text_in_every_language():
    """Issue 41: a copy rewrote none of the texts that name suits in words, it dropped them (on
    main, 19 copies lost the text said after a right answer, 9 after a wrong one)."""
    lost = []
    for unit in read_course(Path(lesson_folder()) / "course").units:
        for exercise in unit.exercises:
            [task] = [step.task for step in exercise.steps if step.task is not None]
            copies = [copy for copy, _ in review_copies(exercise, task.id, REVIEW_COPIES)]
            for step, copied in ((step, copy.steps[at]) for copy in copies for at, step in enumerate(exercise.steps)):
                pairs = [("say", step.say, copied.say)]
                if step.task is not None and copied.task is not None:
                    pairs += [
                        ("right", step.task.right, copied.task.right),
                        ("wrong", step.task.wrong, copied.task.wrong),
                    ]
                    pairs += [("hints", len(step.task.hints), len(copied.task.hints))]
                lost += [
                    f"{task.id}: {what}"
                    for what, was, now in pairs
                    if bool(was) != bool(now) or (isinstance(was, int) and was != now)
                ]
                for what, was, now in pairs:
                    if (
                        isinstance(was, Text)
                        and isinstance(now, Text)
                        and set(was.translations) != set(now.translations)
                    ):
                        lost.append(f"{task.id}: {what} translations")
    assert not lost, f"{len(lost)}: {lost}"


@pytest.mark.parametrize("seed", range(20))
def test_a_review_copy_changes_every_suit_and_every_name_and_keeps_the_order_round_the_table(seed):
    """Every name changes but Bruno's: he is the only man at the table (issue 41 §3)."""
    scenario = loads(POSITION)[0]
    _, change = review_copy(scenario, seed)
    assert all(change.suits[suit] is not suit for suit in Suit)
    assert sorted(change.suits.values()) == list(Suit)
    assert all(change.names[name] != name for name in scenario.players if name != "Bruno")
    assert change.names["Bruno"] == "Bruno"
    turned = [change.names[name] for name in scenario.players]
    start = change.players.index(turned[0])
    assert list(change.players[start:] + change.players[:start]) == turned, "the same order round the table"
    assert review_copy(scenario, seed)[1] == change, "the same seed, the same copy"


def state_before(scenario, at: int):
    """The table when step ``at`` comes, and the events of the last play before it."""
    state, events = scenario.start()
    for step in scenario.steps[:at]:
        if step.kind == StepKind.PLAY:
            state, events = apply(state, Play(state.players.index(step.seat), step.card))
        elif step.kind == StepKind.CHOOSE_TRUMP:
            state, events = apply(state, ChooseTrump(state.players.index(step.seat), step.suit))
    return state, list(events)


def course_exercises():
    """Each exercise with each seed; a best-chance one with the first only: its copies keep every
    card and seat and move only the names (``keeps_seating``), and its measurement is the
    costliest of the course's."""
    return [
        pytest.param(seed, exercise, id=f"{seed}-{unit.id}#{exercise.index}")
        for seed in SEEDS
        for unit in read_course(Path(lesson_folder()) / "course").units
        for exercise in unit.exercises
        if seed == SEEDS[0] or not keeps_seating(exercise)
    ]


@pytest.mark.parametrize(("seed", "exercise"), course_exercises())
def test_a_course_exercise_permuted_has_the_mapped_right_answers(exercise, seed):
    copy, change = review_copy(exercise, seed)
    [(at, step)] = [(at, step) for at, step in enumerate(exercise.steps) if step.kind == StepKind.TASK]
    task, copied = step.task, copy.steps[at].task
    assert replay(exercise).ok and replay(copy).ok
    before, events = state_before(exercise, at)
    after, copied_events = state_before(copy, at)
    # judged as check judges it: a best-chance task's deals are dealt from its id
    options = {"against": task.against, "choices": task.choices, "accept": task.accept, "deals": task.deals}
    copied_options = {"against": copied.against, "choices": copied.choices, "accept": copied.accept}
    options["seed"] = task.id
    copied_options.update(deals=copied.deals, seed=copied.id)
    if task.goal in SEAT_GOALS:
        options["events"], copied_options["events"] = events, copied_events
    expected = judge(before, task.seat, task.goal, **options)
    got = judge(after, copied.seat, copied.goal, **copied_options)
    right = {change.answer(task.goal, verdict.answer) for verdict in expected if verdict.right}
    assert {verdict.answer for verdict in got if verdict.right} == right
    if task.accept is not None:
        assert set(copied.accept) == right


def test_a_review_seed_is_the_same_in_every_build_and_differs_by_task():
    assert review_seed("follow-must") == 3_603_834_321  # crc32: no per-process salt, unlike hash()
    assert len({review_seed(f"task-{n}") for n in range(100)}) == 100
    assert review_seed("follow-must", 1) != review_seed("follow-must")
