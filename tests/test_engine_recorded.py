"""The engine against the 400 hands recorded by an independent implementation (tests/recorded/).

An engine-level oracle check: deal each ``deck``, apply every play and trump choice, and
compare each ``expect`` (trick winner, cards drawn, seats out over that trick, including
instant-elimination's at-once exits) and the ``result``. The full scenario checker lives
with the scenario module; this test needs only PyYAML and the engine.
"""

import pytest
import yaml
from golden_data import RECORDED

from lingerlonger.game.cards import parse_cards
from lingerlonger.game.engine import apply, deal
from lingerlonger.game.events import Drew, Eliminated, TrickWon
from lingerlonger.game.rules import Rules

EXPECT_KEYS = {"trick_winner", "drawn", "out"}
#: libyaml's safe loader when PyYAML has it (ten times faster), else the pure-Python one.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def rules_of(spec):
    if isinstance(spec, str):
        return Rules.parse(spec)
    return Rules.of(spec["profile"], spec.get("variants", ()), spec.get("hand_size"))


def what_happened(state, events):
    """The recorded ``expect`` keys, read from the events of one trick."""
    names = state.players
    won = [event for event in events if isinstance(event, TrickWon)]
    return {
        "trick_winner": names[won[-1].seat] if won else None,
        "drawn": {names[event.seat]: list(event.cards) for event in events if isinstance(event, Drew)},
        "out": {names[event.seat] for event in events if isinstance(event, Eliminated)},
    }


def recorded_expectation(expect):
    unknown = set(expect) - EXPECT_KEYS
    assert not unknown, f"this oracle test does not know the expect keys {sorted(unknown)}"
    wanted = {}
    if "trick_winner" in expect:
        wanted["trick_winner"] = expect["trick_winner"]
    if "drawn" in expect:
        wanted["drawn"] = {seat: list(parse_cards(cards)) for seat, cards in expect["drawn"].items()}
    if "out" in expect:
        wanted["out"] = set(expect["out"])
    return wanted


def replay(hand):
    """Play one recorded hand; return the number of expectations checked."""
    state, _ = deal(rules_of(hand["rules"]), hand["players"], hand["dealer"], hand["deck"])
    events, checked = [], 0
    for number, step in enumerate(hand["steps"], 1):
        where = f"{hand['title']}, step {number}"
        if "play" in step:
            state, new = apply(state, state.play(step["play"]))
            events += new
        elif "choose_trump" in step:
            state, new = apply(state, state.choose(step["choose_trump"]))
            events += new
        if "expect" in step:
            wanted = recorded_expectation(step["expect"])
            happened = what_happened(state, events)
            assert {key: happened[key] for key in wanted} == wanted, where
            events, checked = [], checked + 1
    result = hand["result"]
    assert (state.name(state.winner), state.reason) == (result["winner"], result["reason"]), hand["title"]
    return checked


@pytest.mark.parametrize("path", RECORDED, ids=lambda path: path.stem)
def test_engine_replays_recorded_hands(path):
    with path.open(encoding="utf-8") as stream:
        hands = [hand for hand in yaml.load_all(stream, Loader=SAFE_LOADER) if hand]
    assert hands, f"{path} holds no hands"
    for hand in hands:
        assert replay(hand) > 0, f"{hand['title']} checks nothing"
