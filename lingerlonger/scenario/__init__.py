"""The scenario format and files: a lesson read, checked, replayed, recorded and written back.

- ``model``: what a scenario becomes (``Scenario``, ``Step``, ``Expect``, ``Ask``...), plain values;
- ``located_yaml``: YAML read as located nodes, every refusal a ``ScenarioError`` at its line and column;
- ``format1``: those nodes built into a ``Scenario`` (``load``, ``loads``, ``read_upload``);
- ``file_reading``: a file read a piece at a time, within ``limits``; ``writer``: the canonical form;
- ``author_names``: the seat names an author may write; ``hand_seat_names``: the names at a hand
  against the computer; ``library``: the lessons that come with the package, and ``nearest``,
  the one search up the folder tree;
- ``task_step``: a ``task:`` step read; ``task_check``: a task judged on the table, the author's
  ``accept`` proved, and the task said as a quiz question; ``review_lesson``: a hand's review made
  into an exercise ("Practise this") and into the asks of a saved lesson;
- ``review_copy``: a review's exercise with its suits and seats permuted, its texts too;
  ``review_position``: where the goal allows it, a review's new deal for the same rule;
  ``review_rounds``: the review copies built with the page, then a fresh one each later round;
- ``replay``: the frames a reader steps through, every expectation checked; ``recording``: hands
  recorded as scenarios; ``starters``: templates for ``lingerlonger new``; ``safe_write``: a file
  replaced only once complete; ``scenario.schema.json``: the format for editors.

It imports the game, the words and the computer players.
"""

from lingerlonger.scenario.format1 import iter_documents, iter_scenarios, load, loads, read_upload
from lingerlonger.scenario.located_yaml import scalar_type
from lingerlonger.scenario.model import (
    ANSWER_KINDS,
    ASK_KEYS,
    EXPECT_KEYS,
    FORMAT,
    POSITION_KEYS,
    RESULT_KEYS,
    RULES_KEYS,
    STEP_ACTIONS,
    STEP_KEYS,
    TOP_KEYS,
    AnswerKind,
    Ask,
    Expect,
    Location,
    Result,
    Scenario,
    ScenarioError,
    Step,
    StepKind,
    Text,
    in_language,
    versions,
    written_in,
)

__all__ = [
    "FORMAT",
    "Location",
    "ScenarioError",
    "Expect",
    "Ask",
    "Step",
    "StepKind",
    "AnswerKind",
    "Result",
    "Scenario",
    "iter_documents",
    "iter_scenarios",
    "loads",
    "load",
    "read_upload",
    "EXPECT_KEYS",
    "STEP_ACTIONS",
    "TOP_KEYS",
    "RULES_KEYS",
    "RESULT_KEYS",
    "POSITION_KEYS",
    "ASK_KEYS",
    "ANSWER_KINDS",
    "STEP_KEYS",
    "scalar_type",
    "Text",
    "in_language",
    "versions",
    "written_in",
]
