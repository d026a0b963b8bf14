"""Live mode's level menu (issue 41): the levels the page offers are the app's, in the reader's
language, and a new hand is dealt against the level picked; anything else is refused in words."""

from __future__ import annotations

import json

import pytest

from lingerlonger.computer.players import PLAYER_KINDS
from lingerlonger.views.live_mode.endpoints import serve


def call(name: str, **args: object) -> dict:
    return json.loads(serve(name, json.dumps(args)))


def test_the_levels_are_the_apps_in_the_readers_language():
    answer = call("levels", lang="pt")
    assert answer["label"] == "Adversários"
    assert [kind for kind, _ in answer["levels"]] == list(PLAYER_KINDS)
    assert dict(answer["levels"])["tips"] == "Ocasionais (seguem as dicas)"


@pytest.mark.parametrize("level", ["random", "strong"])
def test_a_new_hand_is_dealt_against_the_level_picked(level, monkeypatch):
    from lingerlonger.session import HandModel

    dealt = []
    real = HandModel.deal.__func__  # type: ignore[attr-defined]

    def deal(cls, *args, **kwargs):
        dealt.append(kwargs["opponents"])
        return real(cls, *args, **kwargs)

    monkeypatch.setattr(HandModel, "deal", classmethod(deal))
    answer = call("new_hand", players=4, level=level, seed=3, lang="en")
    assert "session" in answer and dealt == [level]


@pytest.mark.parametrize("level", ["expertest", 3, "__proto__"])
def test_a_level_the_app_does_not_offer_is_refused_in_the_readers_words(level):
    answer = call("new_hand", players=4, level=level, lang="ru")
    assert "error" in answer and "level" in answer["error"]
