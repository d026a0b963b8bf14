"""The players as values, with no widgets: what every view of a scenario or a hand reads.

``model``: a scenario's timeline, the what-if branch and the quiz; ``hand``: a hand you
play against the computers; ``table``: a match of several people at one screen
(pass-and-play) and the computers; ``position``: a position set up by clicking; ``sources``:
where the scenarios come from. The views
(``lingerlonger.widgets``, ``static_replay``, a page in the browser) sit above; this
package imports no ipywidgets, so it is cheap to load.
"""

from .hand import HandModel
from .model import (BRANCH_PLAYER, COACH_BUDGET_S, Note, Plan, PlanPlayer, Question, Refused,
                    ScenarioModel, action_of, advice, next_action, planned_action, refusal, what_if)
from .position import STOCK, Position
from .table import TableModel
from .sources import find_scenarios, replay_of, scenario_library

__all__ = ["ScenarioModel", "HandModel", "TableModel", "Position", "STOCK", "Question", "Note", "Refused", "Plan", "PlanPlayer",
           "action_of", "next_action", "planned_action", "what_if", "advice", "refusal",
           "BRANCH_PLAYER", "COACH_BUDGET_S", "find_scenarios", "scenario_library", "replay_of"]
