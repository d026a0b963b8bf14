"""Kernel ports of one language's build, apart from every other language's.

``make book`` builds the languages side by side, each running its chapters in kernels of its
own. jupyter_client finds a kernel's five ports by binding port 0 and letting it go, so two
builds starting kernels at the same moment can be handed the same free port, and the second
kernel dies before it answers ("Address already in use"). Here each language takes its ports
from a block of its own (below Linux's ephemeral range, where port 0 hands out ports), in turn,
so that two builds never pick the same port and a port just let go is not picked again at once.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator

from jupyter_client.connect import LocalPortCache
from translations import LANGUAGES

FIRST_PORT = 20000
BLOCK = 1000


def port_block(lang: str) -> range:
    """The ports a language's kernels may use: one block per language of ``LANGUAGES``.

    >>> port_block("en"), port_block("ru")
    (range(20000, 21000), range(23000, 24000))
    """
    start = FIRST_PORT + BLOCK * LANGUAGES.index(lang)
    return range(start, start + BLOCK)


def turns(block: range) -> Iterator[int]:
    """The ports of ``block`` in turn, going round it for ever."""
    while True:
        yield from block


def bindable(ip: str, port: int) -> bool:
    probe = socket.socket()
    try:
        probe.bind((ip, port))
    except OSError:
        return False
    finally:
        probe.close()
    return True


def setup(app: object) -> dict[str, object]:
    block = port_block(os.environ.get("LINGERLONGER_LANG", LANGUAGES[0]))
    next_port = turns(block)
    any_free_port = LocalPortCache.find_available_port

    def find_available_port(cache: LocalPortCache, ip: str) -> int:
        for _ in block:
            port = next(next_port)
            if port not in cache.currently_used_ports and bindable(ip, port):
                cache.currently_used_ports.add(port)
                return port
        return any_free_port(cache, ip)  # the whole block taken: as jupyter_client would

    LocalPortCache.find_available_port = find_available_port  # type: ignore[method-assign]
    return {"parallel_read_safe": True, "parallel_write_safe": True}
