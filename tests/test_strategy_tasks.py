"""Strategy tasks (book/scenario-format.md, "Strategy tasks"): ``win-hand`` against any play,
a sure win, and ``best-chance``, judged from what the seat can know; both proved by ``check``
exactly, and refused, located, when a file's ``accept`` or its cost says otherwise."""

from __future__ import annotations

import pytest

from lingerlonger.computer.statistics import wilson_interval
from lingerlonger.computer.task_judge import MAX_DEALS, TaskGoal, example_world, judge, right_answers
from lingerlonger.computer.task_search import AnySearch, SearchBudget
from lingerlonger.game.engine import apply, from_position, legal_actions
from lingerlonger.game.rules import Rules
from lingerlonger.scenario import ScenarioError, loads
from lingerlonger.scenario.replay import replay

# The old tip-discard-weak: Bruno's 6♥ wins only if Ana, after the A♠, leads her 4♣ rather
# than the 10♠ she draws; a competent Ana wins whatever Bruno throws.
OLD_DISCARD = """\
format: 1
title: T
rules: equal-hands
players: [Ana, Bruno, Carla]
dealer: Carla
hands: {{Ana: [A♠, 4♣], Bruno: [A♣, 6♥], Carla: [9♥, 3♥]}}
stock: [10♠, 8♣]
trump: ♠
leader: Ana
steps:
  - play: Ana A♠
"""
CARELESS = OLD_DISCARD + "  - task: {{id: t1, seat: Bruno, goal: win-hand, against: {against}, accept: [{accept}]}}\n"

# Ana leads; one card of the stock is left, so this trick's winner wins the hand (rule 20).
SURE = """\
format: 1
title: T
rules: equal-hands
players: [Ana, Bruno, Carla, Dani]
dealer: Dani
hands: {{Ana: [2♦, A♠, K♠], Bruno: [10♦, J♥, 3♠], Carla: [5♦, K♥, 4♠], Dani: [2♠, 4♣, 9♦]}}
stock: [6♦]
trump: ♣
leader: Ana
steps:
  - task: {{id: t2, seat: Ana, goal: win-hand, against: any, accept: [{accept}]}}
"""


def _state(text: str):
    [scenario] = loads(text)
    return replay(scenario)


def _failures(text: str) -> list[ScenarioError]:
    [scenario] = loads(text)
    return list(replay(scenario).failures)


def test_a_card_that_wins_only_against_careless_play_is_refused_where_accept_is():
    assert _failures(CARELESS.format(against="tips", accept="6♥")) == []
    [error] = _failures(CARELESS.format(against="any", accept="6♥"))
    assert error.code == "replay.task.accept-differs" and error.where.line == 12
    assert "wrongly accepted 6♥" in str(error)


def test_a_file_that_misses_a_sure_win_is_refused():
    # the A♠ wins the trick whatever the others play; so does the K♠ (Dani must follow with the 2♠)
    assert _failures(SURE.format(accept="A♠, K♠")) == []
    [error] = _failures(SURE.format(accept="A♠"))
    assert error.code == "replay.task.accept-differs" and "missing K♠" in str(error)


def test_the_refutation_of_a_wrong_card_is_a_defence_played_out_that_the_seat_loses():
    state = _discard_state()
    verdicts = judge(state, "Bruno", TaskGoal.WIN_HAND, against="any")
    assert right_answers(verdicts) == ()
    for verdict in verdicts:
        assert verdict.line[0] == f"Bruno {verdict.answer}"
        end = state
        for play in verdict.line:
            end, _ = apply(end, end.play(play))
        assert end.is_over and end.players[end.winner] != "Bruno"


def _random_positions(count: int):
    import random

    rng = random.Random(7)
    from lingerlonger.game.cards import CARDS

    for _ in range(count):
        players = rng.choice([3, 4])
        size = rng.choice([2, 3])
        deck = list(CARDS)
        rng.shuffle(deck)
        names = ["A", "B", "C", "D"][:players]
        hands = {name: " ".join(map(str, deck[i * size : (i + 1) * size])) for i, name in enumerate(names)}
        stock = " ".join(map(str, deck[players * size : players * size + rng.choice([0, 1, 2])]))
        profile = rng.choice(["standard", "equal-hands"])
        yield from_position(
            Rules.parse(profile),
            names,
            dealer=names[-1],
            leader="A",
            trump=rng.choice("♠♥♦♣"),
            hands=hands,
            stock=stock,
        )


def _sure_win_by_brute_force(state, seat: int) -> bool:
    """Every line, no classes, no memory: the definition itself."""
    if state.is_over:
        return state.winner == seat
    results = (_sure_win_by_brute_force(apply(state, action)[0], seat) for action in legal_actions(state))
    return any(results) if state.to_act == seat else all(results)


def test_the_fast_search_against_any_agrees_with_every_line_tried():
    for state in _random_positions(25):
        seat = state.to_act
        for action in legal_actions(state):
            after = apply(state, action)[0]
            fast = AnySearch(seat, SearchBudget()).won_end(after) is not None
            assert fast == _sure_win_by_brute_force(after, seat), (state, action)


def test_a_search_against_any_past_the_budget_is_refused_as_the_others_are():
    state = next(_random_positions(1))
    with pytest.raises(Exception, match="positions") as caught:
        judge(state, state.to_act, TaskGoal.WIN_HAND, against="any", budget=SearchBudget(3))
    assert caught.value.code == "task.search-too-large"


# --- best-chance ----------------------------------------------------------------------------


def _discard_state(ana: str = "4♣", carla: str = "9♥ 3♥", stock: str = "10♠ 8♣"):
    """OLD_DISCARD after Ana's A♠ (the cards Bruno cannot see may be changed)."""
    state = from_position(
        Rules.parse("equal-hands"),
        ["Ana", "Bruno", "Carla"],
        dealer="Carla",
        leader="Ana",
        trump="♠",
        hands={"Ana": f"A♠ {ana}", "Bruno": "A♣ 6♥", "Carla": carla},
        stock=stock,
    )
    return apply(state, state.play("Ana A♠"))[0]


def test_best_chance_is_the_best_card_and_every_card_whose_interval_overlaps_it():
    verdicts = judge(_discard_state(), "Bruno", TaskGoal.BEST_CHANCE, against="tips", deals=400, seed="t")
    chances = {verdict.answer: verdict.chance for verdict in verdicts}
    assert all(deals == 400 for _, deals in chances.values())
    best = max(chances, key=lambda answer: chances[answer][0])
    best_low = wilson_interval(*chances[best])[0]
    for verdict in verdicts:
        assert verdict.right == (wilson_interval(*verdict.chance)[1] >= best_low)
    assert best in right_answers(verdicts)


def test_best_chance_is_judged_from_what_the_seat_can_know_not_the_hidden_cards():
    state = _discard_state()
    # Ana and Carla's hidden cards changed: Bruno sees nothing different, and neither may the verdicts
    other = _discard_state(ana="2♦", carla="K♦ J♥", stock="3♦ 7♣")
    first = judge(state, "Bruno", TaskGoal.BEST_CHANCE, deals=200, seed="same")
    second = judge(other, "Bruno", TaskGoal.BEST_CHANCE, deals=200, seed="same")
    assert [(v.answer, v.right, v.chance) for v in first] == [(v.answer, v.right, v.chance) for v in second]


def test_best_chance_is_seeded_by_the_task_id():
    state = _discard_state()
    once = judge(state, "Bruno", TaskGoal.BEST_CHANCE, deals=200, seed="a")
    again = judge(state, "Bruno", TaskGoal.BEST_CHANCE, deals=200, seed="a")
    assert once == again


def test_a_wrong_best_chance_card_is_shown_with_a_deal_where_it_loses_and_the_best_wins():
    state = _discard_state()
    verdicts = judge(state, "Bruno", TaskGoal.BEST_CHANCE, deals=300, seed="t")
    [wrong] = [verdict for verdict in verdicts if not verdict.right]
    *hands, _stock = wrong.example
    assert tuple(map(str, state.hands[1])) == hands[1]  # the seat's own hand is its own
    world = example_world(state, wrong)
    assert world is not None and world.hands[0] != state.hands[0]  # a deal of Ana's hidden card
    for line, winner in ((wrong.line, False), (wrong.best_line, True)):
        end = world
        for play in line:
            end, _ = apply(end, end.play(play))
        assert end.is_over and (end.winner == 1) is winner


BEST = OLD_DISCARD + "  - task: {{id: best-1, seat: Bruno, goal: best-chance, {rest}}}\n"


def test_check_proves_a_best_chance_accept_exactly():
    verdicts = judge(_discard_state(), "Bruno", TaskGoal.BEST_CHANCE, deals=500, seed="best-1")
    right = ", ".join(right_answers(verdicts))
    assert _failures(BEST.format(rest=f"deals: 500, accept: [{right}]")) == []
    wrong = next(verdict.answer for verdict in verdicts if not verdict.right)
    [error] = _failures(BEST.format(rest=f"deals: 500, accept: [{wrong}]"))
    assert error.code == "replay.task.accept-differs" and error.where.line == 12


@pytest.mark.parametrize(
    ("rest", "code"),
    [
        ("deals: 0", "scenario.too-small"),
        (f"deals: {MAX_DEALS + 1}", "scenario.task-too-many-deals"),
        ("deals: many", "scenario.not-whole"),
        ("deals: 1e400", "scenario.not-whole"),
        ("against: random", "scenario.task-against-unknown"),
        ("against: any", "scenario.task-against-unknown"),
        ("accept: [♥]", None),  # a suit is read; the engine then finds it no answer here
        ("accept: [X♥]", "scenario.in"),
    ],
)
def test_a_bad_best_chance_is_refused_at_its_value(rest, code):
    text = BEST.format(rest=rest)
    if code is None:
        [error] = _failures(text)
        assert error.code == "replay.task.accept-differs"
        return
    with pytest.raises(ScenarioError) as caught:
        loads(text)
    value = rest.split(": ", 1)[1].strip("[]")
    column = text.splitlines()[11].index(value) + 1
    assert caught.value.code == code and (caught.value.where.line, caught.value.where.column) == (12, column)


def test_deals_on_another_goal_is_refused():
    with pytest.raises(ScenarioError) as caught:
        loads(CARELESS.format(against="any", accept="A♣").replace("accept:", "deals: 10, accept:"))
    assert caught.value.code == "scenario.task-deals-not-best-chance"


def test_a_measurement_past_ten_seconds_is_refused_before_it_starts_located_at_deals():
    # strong players decide by playing 320 deals out themselves: 10,000 of them would take hours
    [error] = _failures(BEST.format(rest=f"against: strong, deals: {MAX_DEALS}"))
    assert error.code == "replay.task.chance-too-large" and error.where.line == 12
    assert "10 seconds" in str(error)


def test_best_chance_where_trump_is_to_be_named_measures_each_suit():
    """Under grand coup the first trick's winner names trump (rule 25): any suit is legal, and
    best-chance measures each one."""
    state = from_position(
        Rules.of("standard", ("grand-coup",)),
        ["Ana", "Bruno", "Carla"],
        dealer="Carla",
        leader="Ana",
        trump=None,
        hands={"Ana": "10♠ 6♣", "Bruno": "2♥ 8♣", "Carla": "J♠ K♥ Q♥"},
        stock="A♣ 2♠ 10♦",
    )
    for play in ("Ana 10♠", "Bruno 2♥", "Carla J♠"):
        state, _ = apply(state, state.play(play))
    assert state.namer == 2
    verdicts = judge(state, "Carla", TaskGoal.BEST_CHANCE, deals=200, seed="gc")
    assert [verdict.answer for verdict in verdicts] == ["♠", "♥", "♦", "♣"]
    assert all(verdict.chance is not None and verdict.chance[1] == 200 for verdict in verdicts)
    assert right_answers(verdicts)


def test_a_tip_outside_chapter_10s_six_is_refused_at_its_value():
    with pytest.raises(ScenarioError) as caught:
        loads(BEST.format(rest="tip: 7"))
    assert caught.value.code == "scenario.task-no-such-tip" and caught.value.where.line == 12
    [scenario] = loads(BEST.format(rest="tip: 4, deals: 50"))
    assert scenario.steps[1].task.tip == 4
