"""The live players in a notebook and the Voilà app, as ipywidgets views of ``lingerlonger.session``.

- ``kit``: the widget kit (buttons, rows, HTML boxes, timers, the message line);
- ``scenario``: ``ScenarioPlayer``, step through a scenario, with its ``quiz`` and
  ``what_if_panel`` boxes;
- ``hand``: ``HandPlayer``, play one seat against computer players;
- ``table``: ``FamilyTable``, pass-and-play: several people at one screen, a match;
- ``review_box``: ``ReviewBox``, a hand's review after it ends (the hand and the table), with
  "Practise this";
- ``position``: ``PositionEditor``, a position set up by tapping cards, played on and saved;
- ``browser``: ``ScenarioGallery`` and ``ScenarioBrowser``, choosing what to play;
- ``app``: ``LingerLongerApp``, the four in tabs for the Voilà app (``book/app/app.md``).

The players' logic lives in ``lingerlonger.session`` (no widgets); every failure a reader
can cause (a bad file, an illegal card, a bug in a callback) ends as a friendly message in
the page, never as a traceback.
"""

from lingerlonger.session import Plan, action_of, find_scenarios, next_action, planned_action, scenario_library, what_if
from lingerlonger.views.widgets.app import LingerLongerApp
from lingerlonger.views.widgets.controls import PLAYER_CSS
from lingerlonger.views.widgets.family_table import FamilyTable
from lingerlonger.views.widgets.hand import HandPlayer
from lingerlonger.views.widgets.lesson_picker import ScenarioBrowser, ScenarioGallery
from lingerlonger.views.widgets.position_editor import PositionEditor
from lingerlonger.views.widgets.scenario_player import ScenarioPlayer

__all__ = [
    "ScenarioPlayer",
    "ScenarioGallery",
    "HandPlayer",
    "FamilyTable",
    "PositionEditor",
    "ScenarioBrowser",
    "LingerLongerApp",
    "Plan",
    "action_of",
    "next_action",
    "planned_action",
    "what_if",
    "scenario_library",
    "find_scenarios",
    "PLAYER_CSS",
]
