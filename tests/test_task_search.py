"""The task searches (computer/task_search.py): exact, and bounded by one budget per file (issue 39).

The fast search (one card of each set that plays alike) must give the plain search's
verdicts, refutations included, on random positions. The files the issue names (six
players with one seat holding every trump, eight such tasks, win-hand tasks from full
deals) and a few more are built here, and each is proved or refused, at the task that ran
out, within the budget: counted in nodes, never in seconds (bench/task_search.py times them).
"""

from __future__ import annotations

import importlib
import json
import random

import pytest
from corpora import deals_to, dealt_file, trump_holder_file

from lingerlonger.command_line import commands as cli
from lingerlonger.computer import task_search
from lingerlonger.computer.task_judge import SearchBudget, TaskError, TaskGoal, judge
from lingerlonger.game.engine import apply, legal_actions, new_hand
from lingerlonger.game.rules import Rules
from lingerlonger.scenario import loads
from lingerlonger.scenario.replay import check, replay
from lingerlonger.views.live_mode import endpoints as live

replay_module = importlib.import_module("lingerlonger.scenario.replay")

RULE_SETS = [
    "standard",
    "equal-hands",
    "standard+draw-per-card",
    "standard+no-trump",
    "standard+grand-coup",
    "standard+instant-elimination",
    "standard+trump-lead",
    "equal-hands+long-hand",
]


def random_positions(seed: int, count: int):
    """Positions met in random play (seeded): a seat to play a card, anywhere in a hand."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        rules, players = Rules.parse(rng.choice(RULE_SETS)), rng.randint(3, 6)
        if not deals_to(rules, players):
            continue
        state, _ = new_hand(rules, players, dealer=players - 1, seed=rng)
        for _ in range(rng.randint(0, 30)):
            if state.is_over:
                break
            state, _ = apply(state, rng.choice(legal_actions(state)))
        if state.is_over or state.namer is not None:
            continue
        found += 1
        yield state


@pytest.mark.parametrize("goal", [TaskGoal.WIN_TRICK, TaskGoal.LOSE_TRICK, TaskGoal.STAY_IN])
def test_the_fast_trick_search_gives_the_plain_searchs_verdicts(goal):
    for state in random_positions(39, 60):
        plain_budget, fast_budget = SearchBudget(), SearchBudget()
        plain = judge(state, state.to_act, goal, budget=plain_budget, fast=False)
        assert judge(state, state.to_act, goal, budget=fast_budget) == plain, state
        assert fast_budget.used <= plain_budget.used


def test_the_fast_win_hand_search_gives_the_plain_searchs_verdicts():
    compared = 0
    for state in random_positions(40, 60):
        try:
            budget = SearchBudget(20_000)
            plain = judge(state, state.to_act, TaskGoal.WIN_HAND, against="tips", budget=budget, fast=False)
        except TaskError:
            continue  # too large for the plain search in a test
        assert judge(state, state.to_act, TaskGoal.WIN_HAND, against="tips") == plain, state
        compared += 1
    assert compared >= 40


# --- the hostile files: proved or refused within the budget --------------------------------------


HOSTILE_FILES = {
    "6 players, every trump, win-trick": trump_holder_file(1, ["win-trick"]),
    "6 players, every trump, stay-in": trump_holder_file(1, ["stay-in"]),
    "6 players, every trump, eight tasks": trump_holder_file(2, ["win-trick", "stay-in"] * 4),
    "6 players, another seat holds every trump": trump_holder_file(3, ["lose-trick", "stay-in"], holder=3),
    "5 players, mixed goals": trump_holder_file(4, ["win-trick", "lose-trick", "stay-in", "legal"], players=5),
    "3 players with a stock": trump_holder_file(5, ["win-trick", "stay-in"], players=3, stock=13),
    "four win-hand tasks from full deals": dealt_file([1, 2, 3, 4], players=4, rules="standard+draw-per-card"),
    "four win-hand tasks, long hands": dealt_file([0, 1, 2, 3], players=3, rules="standard+long-hand"),
}


def checked(text: str, budget: SearchBudget):
    """Every failure of a file's scenarios, replayed with one budget, and their replays."""
    runs = [replay(scenario, budget) for scenario in loads(text, "hostile.yaml")]
    return [failure for run in runs for failure in run.failures], runs


@pytest.mark.parametrize("name", sorted(HOSTILE_FILES))
def test_a_file_of_large_searches_is_proved_or_refused_within_its_budget(name):
    budget = SearchBudget()
    failures, runs = checked(HOSTILE_FILES[name], budget)
    ran_out = [failure for failure in failures if failure.code == "replay.task.search-too-large"]
    assert budget.used <= budget.nodes + task_search.HAND_NODE
    if not ran_out:
        assert not budget.spent
        assert all(frame.verdicts for run in runs for frame in run.frames if frame.task is not None)
    else:
        tasks = [frame.task for run in runs for frame in run.frames if frame.task is not None and not frame.verdicts]
        assert [failure.where for failure in ran_out] == [task.where for task in tasks]


def test_one_seat_holding_every_trump_costs_a_few_nodes_not_a_whole_trick_tree():
    # Before: every card of every other seat was tried, 13 × (1 + 7 + … + 7⁵) plays per task.
    budget = SearchBudget()
    failures, _ = checked(HOSTILE_FILES["6 players, every trump, eight tasks"], budget)
    assert failures == [] and budget.used < 1_000


def test_the_tasks_of_a_file_share_one_budget_and_the_one_that_runs_out_is_named_at_its_place():
    text = dealt_file([3, 4, 6], players=5, rules="standard+draw-per-card")
    alone = []
    for scenario in loads(text, "f.yaml"):
        budget = SearchBudget()
        assert check(scenario, budget) == []
        alone.append(budget.used)
    budget = SearchBudget(alone[0] + alone[1] // 2)  # enough for the first task, not for the second
    failures, runs = checked(text, budget)
    second, third = (next(frame.task for frame in run.frames if frame.task) for run in runs[1:])
    assert [failure.where for failure in failures] == [second.where, third.where]  # nothing half-checked passes
    assert {failure.code for failure in failures} == {"replay.task.search-too-large"}
    said = failures[0].text("en")
    assert said.startswith(f"hostile.yaml:{second.where.line}:{second.where.column}: ")
    assert "d1" in said and "win-hand" in said
    assert next(frame for frame in runs[0].frames if frame.task).verdicts  # the first was proved
    assert not any(frame.verdicts or frame.asks for run in runs[1:] for frame in run.frames if frame.task)


def test_a_trick_search_counts_against_the_budget_too():
    with pytest.raises(TaskError) as refused:
        state, _ = new_hand(Rules(), 6, dealer=5, seed=3)
        judge(state, state.to_act, TaskGoal.WIN_TRICK, budget=SearchBudget(2), fast=False)
    assert refused.value.code == "task.search-too-large"


# --- every surface: one budget for a file ---------------------------------------------------------


TWO_TASKS = dealt_file([3, 4], players=5, rules="standard+draw-per-card")


@pytest.fixture(scope="module")
def two_tasks_used():
    """The nodes each task of ``TWO_TASKS`` takes alone."""
    used = []
    for scenario in loads(TWO_TASKS, "x.yaml"):
        budget = SearchBudget()
        assert replay(scenario, budget).ok
        used.append(budget.used)
    return used


@pytest.fixture
def small_budget(monkeypatch, two_tasks_used):
    """``TWO_TASKS``, under a file budget that either task fits in, but not both."""
    monkeypatch.setattr(task_search, "FILE_SEARCH_BUDGET", max(two_tasks_used) + min(two_tasks_used) // 2)
    return TWO_TASKS


def test_lingerlonger_check_gives_each_file_one_budget(small_budget, tmp_path, capsys):
    first, second = small_budget.split("---\n")
    for name, text in [("one.yaml", first), ("two.yaml", second)]:
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert cli.main(["check", str(tmp_path / "one.yaml"), str(tmp_path / "two.yaml")]) == 0
    both = tmp_path / "both.yaml"
    both.write_text(small_budget, encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["check", str(both)]) == 1
    err = capsys.readouterr().err
    assert f"{both}:" in err and "d1" in err and "share a search of" in err


def test_live_modes_checker_gives_the_file_one_budget(small_budget):
    answer = json.loads(live.serve("check_file", json.dumps({"text": small_budget, "name": "x.yaml", "lang": "en"})))
    second = next(step.task for step in loads(small_budget, "x.yaml")[1].steps if step.task)
    assert answer["ok"] is False
    assert (answer["line"], answer["column"]) == (second.where.line, second.where.column)


def test_the_apps_upload_judges_each_task_once(monkeypatch):
    pytest.importorskip("ipywidgets")
    from lingerlonger.views.widgets.lesson_picker import ScenarioBrowser

    judged = []
    real = replay_module.judge_task

    def counting(state, task, events, budget):
        judged.append(task.id)
        return real(state, task, events, budget)

    monkeypatch.setattr(replay_module, "judge_task", counting)
    browser = ScenarioBrowser()
    browser.open_upload("tasks.yaml", trump_holder_file(1, ["win-trick", "stay-in"]).encode("utf-8"))
    assert judged == ["t0", "t1"]  # before: the first scenario's again, when the menu opened it
    assert browser.player.model.run.frames[-1].verdicts
