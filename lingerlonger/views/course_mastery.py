"""The Learn page's mastery: which rules and tips each exercise practises, and the words of the
chart and of "Practise my weak spots" that ``static/learn/course_mastery.js`` draws from the progress
store (``static/learn/course_progress.js`` keeps each skill's answers: right first time, with hints,
wrong).

A skill is ``rule-N`` (a rule of the Rules reference) or ``tip-N`` (a tip of chapter 10). An
exercise practises the rule that decides it (the rule its right answer keeps, else the one its
wrong answers break: the hint's rule) and, for a strategy exercise (an id ``tip-...``), the tip its
id names.

>>> from lingerlonger.computer.task_judge import Verdict
>>> skills_of("follow-2", [Verdict("A♠", False, 8), Verdict("2♥", True, None)])
['rule-8']
>>> skills_of("tip-keep-trump", [Verdict("A♣", True, None)])
['tip-3']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from lingerlonger.computer.task_judge import Verdict
from lingerlonger.words.i18n import translate

__all__ = ["skills_of", "mastery_words", "MASTERY_JS", "TIP_WORDS"]

MASTERY_JS = (Path(__file__).parent / "static" / "learn" / "course_mastery.js").read_text(encoding="utf-8")
#: The tip a strategy exercise's id names, by the first of these words in it (chapter 10's
#: numbering): the stock as a clock, winning tricks while it is full, keeping high trumps,
#: throwing the weakest card, reading voids, leading long suits after a draw.
TIP_WORDS = (
    ("trump", 3),
    ("discard", 4),
    ("weak", 4),
    ("void", 5),
    ("long", 6),
    ("stock", 1),
    ("clock", 1),
    ("full", 2),
    ("win", 2),
)
#: The tips, whose names the page carries (the reader's own exercises practise them).
TIPS = range(1, 7)
#: A rule or tip's mastery levels (course_progress.js's MASTERY_LEVELS split them).
LEVELS = ("weak", "learning", "strong")


def skills_of(task_id: str, verdicts: Sequence[Verdict]) -> list[str]:
    """The rules and tips an exercise practises (see the module's docstring)."""
    ruled = [(verdict.rule, verdict.right) for verdict in verdicts if verdict.rule is not None]
    deciding = [rule for rule, right in ruled if right] or [rule for rule, _ in ruled]
    skills = [f"rule-{min(deciding)}"] if deciding else []
    if task_id.startswith("tip-"):
        words = task_id.split("-")[1:]
        tip = next((number for word, number in TIP_WORDS if word in words), None)
        if tip is not None:
            skills.append(f"tip-{tip}")
    return skills


def _name(skill: str, lang: str) -> str:
    kind, number = skill.split("-")
    if kind == "rule":
        return translate("learn.rule", lang, rule=number)
    return translate(f"review.idea.tip-{number}", lang)


def mastery_words(skills: Iterable[str], lang: str) -> dict[str, object]:
    """What course_mastery.js says, in ``lang``: each skill's name (the page's and every tip),
    the levels, and the practice's sentences."""
    named = sorted({*skills, *(f"tip-{tip}" for tip in TIPS)})

    def say(key: str, **values: object) -> str:
        return translate(f"learn.mastery-{key}", lang, **values)

    return {
        "lang": lang,
        "skills": {skill: _name(skill, lang) for skill in named},
        "own_skills": [f"tip-{tip}" for tip in TIPS],
        "levels": {level: say(f"level-{level}") for level in LEVELS},
        "practise": say("practise"),
        "practise_next": say("practise-next"),
        "none_weak": say("none-weak"),
        "empty": say("empty", skills="{skills}"),
        "start": say("start", skills="{skills}", exercises="{exercises}"),
        "risen": say("risen", skills="{skills}"),
        "exercises": _forms("learn.mastery-exercises", lang),
    }


def _forms(key: str, lang: str) -> dict[str, str]:
    """A plural message's forms as the catalog writes them ("{count}" left for the page)."""
    from lingerlonger.words.i18n import template

    forms = template(key, lang)
    assert not isinstance(forms, str)  # a plural message
    return dict(forms)
