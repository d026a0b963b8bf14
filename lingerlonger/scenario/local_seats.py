"""A lesson's seats named in the reader's language: Ana, Bruno, Carla and Dani are Аня, Боря,
Саша and Вера to a Russian reader (``words.people``), or whatever the lesson's ``names:`` says.

``named_in(scenario, lang)`` is the same lesson with every seat renamed wherever the file
names one (the players, the dealer, a position's hands and leader, each step's seat, each
``expect:``, question, task and result), so that the table, the narration, the questions and
the author's words all say the same name, and the engine replays it as before. Each name
also carries its grammatical gender (``people.Name``), which the catalogs' messages agree with.

>>> from lingerlonger.scenario import loads
>>> scenario = loads(open("scenarios/02-trump-reveal.yaml", encoding="utf-8").read())[0]
>>> named_in(scenario, "ru").players, named_in(scenario, "ru").dealer
(('Аня', 'Боря', 'Саша', 'Вера'), 'Боря')
>>> portuguese = named_in(scenario, "pt")  # the same names, each with its gender
>>> portuguese.players == scenario.players, [name.gender for name in portuguese.players]
(True, ['f', 'm', 'f', 'f'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TypeVar

from lingerlonger.scenario.model import Ask, Expect, Result, Scenario, Step, Task
from lingerlonger.words.people import local_names

__all__ = ["named_in"]

Key = TypeVar("Key")


def named_in(scenario: Scenario, lang: str) -> Scenario:
    """``scenario`` with its seats named as a reader of ``lang`` names them (itself when no
    name changes and no gender is known; the seats keep their names when two would share one)."""
    said = local_names(scenario.players, lang, scenario.names)
    if tuple(map(str, said)) == scenario.players and all(name.gender is None for name in said):
        return scenario
    new = dict(zip(scenario.players, said, strict=True))

    def seat(name: str | None) -> str | None:
        return None if name is None else new.get(name, name)

    def keys(mapping: Mapping[str, Key] | None) -> dict[str, Key] | None:
        return None if mapping is None else {new.get(name, name): value for name, value in mapping.items()}

    def expect(check: Expect | None) -> Expect | None:
        if check is None:
            return None
        return replace(
            check,
            trick_winner=seat(check.trick_winner),
            drawn=keys(check.drawn),
            out=None if check.out is None else frozenset(new.get(name, name) for name in check.out),
            hand_sizes=keys(check.hand_sizes),
            leader=seat(check.leader),
            legal=None if check.legal is None else (new.get(check.legal[0], check.legal[0]), check.legal[1]),
        )

    def ask(question: Ask | None) -> Ask | None:
        return None if question is None else replace(question, seat=seat(question.seat))

    def task(it: Task | None) -> Task | None:
        if it is None:
            return None
        accept = None if it.accept is None else tuple(new.get(answer, answer) for answer in it.accept)
        return replace(it, seat=new.get(it.seat, it.seat), accept=accept)

    def step(one: Step) -> Step:
        return replace(one, seat=seat(one.seat), expect=expect(one.expect), ask=ask(one.ask), task=task(one.task))

    result: Result | None = scenario.result
    if result is not None:
        result = replace(result, winner=seat(result.winner))
    return replace(
        scenario,
        players=tuple(said),
        dealer=new[scenario.dealer],
        hands=keys(scenario.hands),
        leader=seat(scenario.leader),
        steps=tuple(map(step, scenario.steps)),
        result=result,
    )
