"""What a reader is doing, as values, with no widgets and no HTML: what every view reads.

- ``stepping``: a scenario's timeline, where the reader is, a what-if branch and the quiz;
- ``hand``: a hand against the computers; ``family_table``: several people at one screen;
- ``position``: a position set up by tapping cards; ``save_lesson``: a hand saved as a lesson;
- ``sources``: where the scenarios come from.

It imports the game, the words, the computer players and the scenario format; never a view, never
ipywidgets, so it is cheap to load (live mode runs it in the browser).
"""

from lingerlonger.session.family_table import TableModel
from lingerlonger.session.hand import HandModel
from lingerlonger.session.position import STOCK, Position
from lingerlonger.session.sources import find_scenarios, replay_of, scenario_library
from lingerlonger.session.stepping import (
    BRANCH_PLAYER,
    COACH_BUDGET_S,
    Note,
    Plan,
    PlanPlayer,
    Question,
    Refused,
    ScenarioModel,
    action_of,
    advice,
    next_action,
    planned_action,
    refusal,
    what_if,
)

__all__ = [
    "ScenarioModel",
    "HandModel",
    "TableModel",
    "Position",
    "STOCK",
    "Question",
    "Note",
    "Refused",
    "Plan",
    "PlanPlayer",
    "action_of",
    "next_action",
    "planned_action",
    "what_if",
    "advice",
    "refusal",
    "BRANCH_PLAYER",
    "COACH_BUDGET_S",
    "find_scenarios",
    "scenario_library",
    "replay_of",
]
