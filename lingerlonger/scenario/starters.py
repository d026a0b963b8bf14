"""Starter scenarios for ``lingerlonger new``: valid as written, for an author to edit.

Two shapes: a seeded deal (52 cards) and its first trick, or a small position (two
cards a hand, two in the stock) and its first trick, which is far easier to change by
hand. Both carry a ``say:`` to rewrite on the first play and on the check after the
trick, and tags that the library accepts (scenarios/README.md).

>>> from lingerlonger.scenario.replay import check
>>> hand = position_starter(Rules(), players=4, seed=1)
>>> check(hand), [len(cards) for cards in hand.hands.values()], len(hand.stock)
([], [2, 2, 2, 2], 2)
>>> hand.tags
('drawing', 'standard')
"""

from __future__ import annotations

import random
from dataclasses import replace

from lingerlonger.computer.players import make_player
from lingerlonger.computer.task_judge import TaskGoal, judge, right_answers
from lingerlonger.game.cards import DECK, Suit, sort_hand
from lingerlonger.game.engine import Play, apply, from_position, legal_cards, shuffled_deck
from lingerlonger.game.rules import VARIANTS, Rules
from lingerlonger.scenario import Expect, Location, Scenario, Step, StepKind
from lingerlonger.scenario.model import Task, Text
from lingerlonger.scenario.recording import record_hand
from lingerlonger.scenario.replay import replay, trick_outcome
from lingerlonger.words.i18n import SOURCE_LANGUAGE, translate
from lingerlonger.words.narration import rules_text

__all__ = ["deal_starter", "position_starter", "task_starter", "starter_header", "starter_tags"]

#: Starter steps come from no file; they all carry this place.
WRITTEN = Location("<new>", 1, 1)
#: Cards in each hand, and in the stock, of a starter position.
POSITION_HAND, POSITION_STOCK = 2, 2


def starter_header(file: str, position: bool, lang: str = SOURCE_LANGUAGE, task: bool = False) -> str:
    """The comments on top of a starter, in ``lang``: how to check it, and what each key means
    (the keys themselves are the format's, the same in every language)."""
    check, watch = translate("starter.check", lang), translate("starter.watch", lang)
    width = max(len(check), len(watch)) + 2
    lines = [f"{check:<{width}}lingerlonger check {file}", f"{watch:<{width}}lingerlonger replay {file}", ""]
    lines += translate("starter.position-setup" if position else "starter.deal-setup", lang).split("\n")
    lines += translate("starter.end", lang).split("\n")
    if task:
        lines += translate("starter.task", lang).split("\n")
    return "".join(f"# {line}".rstrip() + "\n" for line in lines)


def starter_tags(rules: Rules) -> tuple[str, ...]:
    """A topic, the profile, and for variants "variant" with each one's name."""
    variants = tuple(name for name in VARIANTS if name in rules.variants)
    return ("drawing", rules.profile) + (("variant", *variants) if variants else ())


def _title(rules: Rules, players: int, seed: int, lang: str) -> str:
    """The rules in the title in words of ``lang`` (``rules:`` below keeps the format's spec)."""
    return translate("starter.title", lang, rules=rules_text(rules, lang), players=players, seed=seed)


def _for_an_author(scenario: Scenario, after_trick: int, lang: str) -> Scenario:
    """Words to rewrite, in ``lang``: a summary, a say on the first play and on the check after
    the trick; a scenario in another language than English says so (``lang:``)."""
    steps = list(scenario.steps)
    first = steps[0]
    steps[0] = replace(first, say=translate("starter.say-lead", lang, seat=first.seat, card=first.card))
    steps[after_trick] = replace(steps[after_trick], say=translate("starter.say-trick", lang))
    return replace(
        scenario,
        summary=translate("starter.summary", lang),
        tags=starter_tags(scenario.rules),
        steps=tuple(steps),
        lang=None if lang == SOURCE_LANGUAGE else lang,
    )


def deal_starter(rules: Rules, players: int, seed: int, lang: str = SOURCE_LANGUAGE) -> Scenario:
    """A seeded deal and its first trick, played by computer players."""
    rng = random.Random(seed)
    names = tuple("ABCDEF"[:players])
    seats = [make_player("random", random.Random(rng.getrandbits(64))) for _ in names]
    hand = record_hand(
        rules, names, players - 1, shuffled_deck(rng), seats, title=_title(rules, players, seed, lang), tricks=1
    )
    expect = next(index for index, step in enumerate(hand.steps) if step.kind == StepKind.EXPECT)
    return _for_an_author(hand, expect, lang)


def position_starter(rules: Rules, players: int, seed: int, lang: str = SOURCE_LANGUAGE) -> Scenario:
    """Two cards a hand, two in the stock, and a first trick of seeded legal plays."""
    rng = random.Random(seed)
    names = tuple("ABCDEF"[:players])
    cards = rng.sample(DECK, POSITION_HAND * players + POSITION_STOCK)
    named_now = rules.has_trump and not rules.grand_coup  # grand coup: named after trick one
    trump = rng.choice(list(Suit)) if named_now else None
    hands = {
        name: tuple(sort_hand(cards[seat * POSITION_HAND : (seat + 1) * POSITION_HAND], trump))
        for seat, name in enumerate(names)
    }
    stock = tuple(cards[POSITION_HAND * players :])
    state = from_position(rules, names, dealer=names[-1], leader=names[0], hands=hands, stock=stock, trump=trump)
    plays = []
    while not state.history and not state.is_over:  # the first trick
        card = rng.choice(sorted(legal_cards(state)))
        seat = state.to_act
        assert seat is not None  # the hand is not over
        plays.append(Step(StepKind.PLAY, WRITTEN, seat=names[seat], card=card))
        state, _ = apply(state, Play(seat, card))
    scenario = Scenario(
        title=_title(rules, players, seed, lang),
        rules=rules,
        players=names,
        dealer=names[-1],
        steps=tuple(plays),
        where=WRITTEN,
        hands=hands,
        stock=stock,
        trump=trump,
        leader=names[0],
    )
    trick = trick_outcome([event for frame in replay(scenario).frames for event in frame.events], names)
    check = Step(
        StepKind.EXPECT,
        WRITTEN,
        expect=Expect(
            trick_winner=trick.winner,
            drawn=trick.drawn,
            out=trick.out,
            given=frozenset({"trick_winner", "drawn", "out"}),
        ),
    )
    return _for_an_author(replace(scenario, steps=(*scenario.steps, check)), len(plays), lang)


def task_starter(rules: Rules, players: int, seed: int, lang: str = SOURCE_LANGUAGE) -> Scenario:
    """A starter position whose second seat gets a task after the lead: win the trick if the
    card played next surely wins it, lose it if it surely loses, else play any legal card."""
    hand = position_starter(rules, players, seed, lang)
    lead, answer = hand.steps[0], hand.steps[1]
    state, _ = hand.start()
    state, _ = apply(state, state.play(f"{lead.seat} {lead.card}"))
    seat = answer.seat
    assert seat is not None  # the second step plays
    for goal in (TaskGoal.WIN_TRICK, TaskGoal.LOSE_TRICK, TaskGoal.LEGAL):
        right = right_answers(judge(state, seat, goal))
        if str(answer.card) in right:
            break
    words = {key: Text(translate(f"starter.task-{key}", lang)) for key in ("hint", "right", "wrong")}
    task = Task(
        f"my-task-{seed}",
        seat,
        goal,
        WRITTEN,
        accept=right,
        hints=(words["hint"],),
        right=words["right"],
        wrong=words["wrong"],
    )
    step = Step(StepKind.TASK, WRITTEN, say=translate("starter.say-task", lang), task=task)
    return replace(hand, steps=(lead, step, *hand.steps[1:]))
