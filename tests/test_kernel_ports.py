"""The language builds of `make book` run side by side; each one's kernels take their ports from
a block of its own (book/_ext/kernel_ports.py), so two kernels started at the same moment by two
builds cannot be handed the same port (a fresh-clone CI run lost a build so)."""

from __future__ import annotations

import contextlib
import socket
import sys
from pathlib import Path

import pytest
from jupyter_client.connect import LocalPortCache

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "book" / "_ext"))

import kernel_ports  # noqa: E402
from translations import LANGUAGES  # noqa: E402


@pytest.fixture
def port_finder(monkeypatch: pytest.MonkeyPatch):
    """``setup`` for a language, as its build runs it; jupyter_client's own finder put back after."""
    monkeypatch.setattr(LocalPortCache, "find_available_port", LocalPortCache.find_available_port)

    def for_language(lang: str) -> LocalPortCache:
        monkeypatch.setenv("LINGERLONGER_LANG", lang)
        kernel_ports.setup(object())
        return LocalPortCache()

    return for_language


def test_each_language_has_a_block_of_its_own_below_the_ports_the_system_hands_out() -> None:
    blocks = [set(kernel_ports.port_block(lang)) for lang in LANGUAGES]
    assert sum(map(len, blocks)) == len(set().union(*blocks))
    ephemeral = Path("/proc/sys/net/ipv4/ip_local_port_range")
    if ephemeral.exists():
        lowest = int(ephemeral.read_text().split()[0])
        assert max(max(block) for block in blocks) < lowest


def test_two_builds_kernels_never_share_a_port(port_finder) -> None:
    taken = {}
    for lang in ("en", "ru"):
        cache = port_finder(lang)
        taken[lang] = {cache.find_available_port("127.0.0.1") for _ in range(25)}
        assert len(taken[lang]) == 25
        assert taken[lang] <= set(kernel_ports.port_block(lang))
    assert not taken["en"] & taken["ru"]


def test_a_port_in_use_or_just_let_go_is_not_picked(port_finder) -> None:
    cache = port_finder("es")
    first_port = kernel_ports.port_block("es")[0]
    with socket.socket() as busy:
        with contextlib.suppress(OSError):  # else another program holds it: busy all the same
            busy.bind(("127.0.0.1", first_port))
        picked = cache.find_available_port("127.0.0.1")
    assert picked != first_port
    cache.return_port(picked)
    assert cache.find_available_port("127.0.0.1") != picked
