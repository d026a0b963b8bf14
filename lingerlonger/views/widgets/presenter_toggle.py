"""The presenter view of a live player (the app): a toggle in its step bar.

Pressed, it marks the player ``ll-presenting``; the style sheet (static/player.css) then lets
the table and its words fill the screen above the step bar, and the app's page script
(book/app/jupyter/voila/templates/linger/static/ll-app.js) asks for full screen, fits the
table to the screen and steps on a clicker's keys (PageDown, PageUp, Space, arrows), which
press the buttons marked ``ll-go-*`` here.
"""

from __future__ import annotations

import ipywidgets as widgets

from lingerlonger.words.i18n import translate

__all__ = ["add_presenter"]


def add_presenter(player) -> widgets.ToggleButton:
    """Add the toggle to a ScenarioPlayer's step bar; it speaks the player's language."""
    toggle = widgets.ToggleButton(value=False, icon="desktop", layout=widgets.Layout(width="auto"))
    toggle.add_class("ll-present")

    def relabel(lang: str) -> None:
        toggle.description = translate("ui.present-short", lang)
        toggle.tooltip = translate("ui.present", lang)

    def present(change) -> None:
        (player.add_class if change["new"] else player.remove_class)("ll-presenting")

    toggle.observe(present, "value")
    player.language.observe(lambda change: relabel(change["new"]), "value")
    relabel(player.language.value)
    for name in ("first", "back", "next", "last"):
        getattr(player, name).add_class(f"ll-go-{name}")
    player.controls.children += (toggle,)
    return toggle
