"""Argument types shared by the command-line tools (``cli`` and the lab's ``tournament``)."""

from __future__ import annotations

import argparse

from .rules import Rules, RulesError


def rules_spec(spec: str) -> Rules:
    """``profile[+variant...]`` as ``Rules``; argparse shows the reason a spec is refused."""
    try:
        return Rules.parse(spec)
    except RulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return value
