"""A review's new deal: an exercise with its suits and seats permuted, the same idea to solve again.

The engine treats the four suits alike and only the seats' order round the table matters, so
renaming suits consistently (trump, every card, every step, every accepted answer) and moving
the seats round the table with their names rotated among them gives a position the judge
decides the same way, mapped: its right answers are the original's right answers, mapped
(tests/test_review_copy.py proves it on hand-made positions and on every course exercise).

The author's texts follow: suit symbols and seat names are mapped. A text that names a suit in
words ("Spades are trump", "бубны") cannot be mapped in four languages and their cases, so the
copy leaves it out (a ``say:``, a hint, what is said after an answer). An exercise whose
choices name a suit in words keeps its suits, and so do a ``win-hand`` and a ``best-chance``
task: their computer players (``tips``) break ties between equal cards by the suits' order, so
a permuted deal is not always the same fight. Its seats still move, except in a ``best-chance``
task, whose deals of the unseen cards are dealt seat by seat (its names still move).
"""

from __future__ import annotations

import dataclasses
import random
import re
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lingerlonger.computer.task_judge import CARD_GOALS, CHANCE_GOALS, SEAT_GOALS, TaskGoal
from lingerlonger.game.cards import SUIT_SYMBOLS, Card, Suit, parse_card, parse_suit
from lingerlonger.scenario.model import Ask, Expect, Scenario, Step, Task, Text

__all__ = [
    "Permutation",
    "permuted",
    "review_copy",
    "review_permutation",
    "keeps_suits",
    "keeps_seating",
    "names_a_suit",
    "review_seed",
]

#: Suit words in the four languages, by their stems (every case and number of a Russian noun,
#: adjectives such as "пиковый"): only to leave a text out, so a false alarm costs little.
SUIT_WORDS = re.compile(
    r"\b(?:spade|heart|diamond|club|espada|copa|ouro|pau|pica|coraz[oó]n|corazones|diamante|tr[ée]bol"
    r"|пик|черв|бубн|бубен|треф)\w*",
    re.IGNORECASE,
)
SUIT_SIGNS = {symbol: Suit(index) for index, symbol in enumerate(SUIT_SYMBOLS)}


@dataclass(frozen=True)
class Permutation:
    """How a copy differs: ``suits[s]`` is what suit ``s`` becomes; ``names[old]`` is a seat's
    new name; ``players`` the new seating (the same order round the table, turned)."""

    suits: Mapping[Suit, Suit]
    names: Mapping[str, str]
    players: tuple[str, ...]

    def card(self, card: Card) -> Card:
        return Card.of(card.rank, self.suits[card.suit])

    def suit(self, suit: Suit) -> Suit:
        return self.suits[suit]

    def answer(self, goal: TaskGoal | str, answer: str) -> str:
        """A judge's answer (a card, a suit, a seat, a choice's index) as it is in the copy."""
        goal = TaskGoal(goal)
        if goal in CARD_GOALS or (goal in CHANCE_GOALS and len(answer) > 1):
            return str(self.card(parse_card(answer)))
        if goal is TaskGoal.NAME_TRUMP or goal in CHANCE_GOALS:
            return str(self.suit(parse_suit(answer)))
        if goal in SEAT_GOALS:
            return self.names[answer]
        return answer

    def text(self, text: str) -> str:
        """Suit symbols and seat names mapped, all at once (names are rotated among themselves)."""
        signs = {symbol: str(self.suits[suit]) for symbol, suit in SUIT_SIGNS.items()}
        words = sorted(self.names, key=len, reverse=True)
        pattern = re.compile("|".join([*(rf"(?<!\w){re.escape(name)}(?!\w)" for name in words), "[♠♥♦♣]"]))
        return pattern.sub(lambda found: signs.get(found[0]) or self.names[found[0]], text)


def names_a_suit(text: str | None) -> bool:
    """Whether any version of ``text`` names a suit in words (symbols are mapped, words are not)."""
    if text is None:
        return False
    versions = [str(text), *(text.translations.values() if isinstance(text, Text) else ())]
    return any(SUIT_WORDS.search(version) for version in versions)


def _text(text: Any, change: Permutation) -> Any:
    """An author's text with its symbols and names mapped, in every language it is written in."""
    if text is None:
        return None
    if isinstance(text, Text):
        translations = {lang: change.text(version) for lang, version in text.translations.items()}
        return Text(change.text(str(text)), translations, text.where)
    return change.text(text)


def _told(text: Any, change: Permutation) -> Any:
    """A text the copy shows only when it names no suit in words."""
    return None if names_a_suit(text) else _text(text, change)


def _cards(cards: Sequence[Card], change: Permutation) -> tuple[Card, ...]:
    return tuple(change.card(card) for card in cards)


def _expect(expect: Expect, change: Permutation) -> Expect:
    seat = change.names.__getitem__
    return dataclasses.replace(
        expect,
        trick_winner=None if expect.trick_winner is None else seat(expect.trick_winner),
        drawn=None if expect.drawn is None else {seat(k): _cards(v, change) for k, v in expect.drawn.items()},
        out=None if expect.out is None else frozenset(change.names[name] for name in expect.out),
        hand_sizes=None if expect.hand_sizes is None else {seat(k): v for k, v in expect.hand_sizes.items()},
        leader=None if expect.leader is None else seat(expect.leader),
        legal=None
        if expect.legal is None
        else (change.names[expect.legal[0]], frozenset(change.card(c) for c in expect.legal[1])),
    )


def _ask(ask: Ask, change: Permutation) -> Ask:
    return dataclasses.replace(
        ask,
        question=_text(ask.question, change),
        cards=frozenset(change.card(card) for card in ask.cards),
        seat=None if ask.seat is None else change.names[ask.seat],
        choice=_text(ask.choice, change),
        choices=tuple(_text(choice, change) for choice in ask.choices),
        hint=_told(ask.hint, change),
        wrong=_told(ask.wrong, change),
    )


def _task(task: Task, change: Permutation) -> Task:
    """A ``task:``: its seat, accepted answers and texts mapped."""
    accept = task.accept
    return dataclasses.replace(
        task,
        seat=change.names[task.seat],
        accept=None if accept is None else tuple(change.answer(task.goal, answer) for answer in accept),
        choices=tuple(_text(choice, change) for choice in task.choices),
        hints=tuple(_text(hint, change) for hint in task.hints if not names_a_suit(hint)),
        right=_told(task.right, change),
        wrong=_told(task.wrong, change),
    )


def _step(step: Step, change: Permutation) -> Step:
    values: dict[str, Any] = {
        "seat": None if step.seat is None else change.names[step.seat],
        "card": None if step.card is None else change.card(step.card),
        "suit": None if step.suit is None else change.suit(step.suit),
        "expect": None if step.expect is None else _expect(step.expect, change),
        "say": _told(step.say, change),
        "ask": None if step.ask is None else _ask(step.ask, change),
    }
    if step.task is not None:
        values["task"] = _task(step.task, change)
    return dataclasses.replace(step, **values)


def permuted(scenario: Scenario, change: Permutation) -> Scenario:
    """``scenario`` with its suits and seats permuted by ``change`` (see the module's doc)."""
    names = change.names
    result = scenario.result
    if result is not None and result.winner is not None:
        result = dataclasses.replace(result, winner=names[result.winner])
    return dataclasses.replace(
        scenario,
        title=_text(scenario.title, change),
        summary=_text(scenario.summary, change),
        players=change.players,
        dealer=names[scenario.dealer],
        deck=None if scenario.deck is None else _cards(scenario.deck, change),
        hands=None if scenario.hands is None else {names[k]: _cards(v, change) for k, v in scenario.hands.items()},
        stock=_cards(scenario.stock, change),
        trump=None if scenario.trump is None else change.suit(scenario.trump),
        leader=None if scenario.leader is None else names[scenario.leader],
        result=result,
        steps=tuple(_step(step, change) for step in scenario.steps),
    )


def keeps_suits(scenario: Scenario) -> bool:
    """Whether a copy must keep the suits: choices that name a suit in words, or a ``win-hand``
    or ``best-chance`` task, whose computer players break ties by the suits' order (its seats
    still move)."""
    for step in scenario.steps:
        task = step.task
        if task is not None and task.goal in (TaskGoal.WIN_HAND, *CHANCE_GOALS):
            return True
        choices = [*(step.ask.choices if step.ask else ()), *(task.choices if task is not None else ())]
        if any(names_a_suit(choice) for choice in choices):
            return True
    return False


def keeps_seating(scenario: Scenario) -> bool:
    """Whether a copy must keep every seat where it sits (names still move): a ``best-chance``
    task, whose deals of the unseen cards are dealt seat by seat round the table, so that a
    turned table is measured on other deals and an answer near the line could change sides."""
    return any(step.task is not None and step.task.goal in CHANCE_GOALS for step in scenario.steps)


def review_permutation(
    players: Sequence[str], seed: int, *, keep_suits: bool = False, keep_seating: bool = False
) -> Permutation:
    """The permutation of a review, the same for the same ``seed`` (a build makes the same
    pages): no suit left in place (unless ``keep_suits``), the seats turned round the table
    (unless ``keep_seating``) and each seat given another's name."""
    rng = random.Random(seed)
    suits = list(Suit)
    while not keep_suits and any(new == old for new, old in zip(suits, Suit, strict=True)):
        rng.shuffle(suits)
    count = len(players)
    rename, turn = rng.randrange(1, count), rng.randrange(count)
    turn = 0 if keep_seating else turn
    names = {name: players[(at + rename) % count] for at, name in enumerate(players)}
    seating = [""] * count
    for at, name in enumerate(players):
        seating[(at + turn) % count] = names[name]
    return Permutation(dict(zip(Suit, suits, strict=True)), names, tuple(seating))


def review_seed(task_id: str, round_: int = 0) -> int:
    """The seed of a task's ``round_``-th review copy: stable from build to build (no ``hash()``,
    which Python salts per process), different from task to task."""
    return zlib.crc32(f"{task_id}#{round_}".encode())


def review_copy(scenario: Scenario, seed: int) -> tuple[Scenario, Permutation]:
    """A permuted copy of ``scenario`` for a review, and how it was permuted."""
    change = review_permutation(
        scenario.players, seed, keep_suits=keeps_suits(scenario), keep_seating=keeps_seating(scenario)
    )
    return permuted(scenario, change), change
