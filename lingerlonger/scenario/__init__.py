"""Scenario files, format 1: the model, the located YAML reader, the format-1 builder, the writer.

- ``model``: what a scenario becomes (``Scenario``, ``Step``, ``Expect``, ``Ask``...), plain values;
- ``reader``: YAML read as located nodes, every refusal a ``ScenarioError`` at its line and column;
- ``format1``: those nodes built into a ``Scenario`` (``load``, ``loads``, ``iter_documents``);
- ``writer``: a ``Scenario`` written back in the canonical form.

Views and the replay import the model and the loading functions from here.
"""

from .format1 import iter_documents, iter_scenarios, load, loads
from .model import (ANSWER_KINDS, ASK_KEYS, EXPECT_KEYS, FORMAT, POSITION_KEYS, RESULT_KEYS,
                    RULES_KEYS, STEP_ACTIONS, STEP_KEYS, TOP_KEYS, Ask, Expect, Location, Result,
                    Scenario, ScenarioError, Step)
from .reader import scalar_type

__all__ = ["FORMAT", "Location", "ScenarioError", "Expect", "Ask", "Step", "Result", "Scenario",
           "iter_documents", "iter_scenarios", "loads", "load", "EXPECT_KEYS", "STEP_ACTIONS",
           "TOP_KEYS", "RULES_KEYS", "RESULT_KEYS", "POSITION_KEYS", "ASK_KEYS", "ANSWER_KINDS",
           "STEP_KEYS", "scalar_type"]
