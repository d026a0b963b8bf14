"""An author's Markdown (a scenario's ``summary:`` and ``say:``), read by one parser,
markdown-it in CommonMark mode: as HTML for the pages and the widgets, as text for a terminal.

Raw HTML in an author's text is escaped, never passed on. The reference rule (``[a]: url``
definitions) is off: in markdown-it-py 3 its cost grows with the square of the text. With it
off and a text at most ``limits.MAX_TEXT_CHARS`` long, a text renders in bounded time and memory.

>>> markdown_lines("C wins with **the 2♥** and\\ndraws *first*.\\n\\n- one\\n- [two](https://x.org)")
['C wins with the 2♥ and', 'draws first.', '', '- one', '- two (https://x.org)']
>>> markdown_lines("**Bold**", bold=lambda text: f"<{text}>")
['<Bold>']
"""

from __future__ import annotations

from collections.abc import Callable

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML

from lingerlonger.game.visible_text import visible
from lingerlonger.scenario.limits import MAX_TEXT_CHARS

__all__ = ["markdown_html", "markdown_paragraphs", "markdown_lines"]

_MARKDOWN = MarkdownIt("commonmark", {"html": False}).disable("reference")


def markdown_html(text: str | None) -> str:
    """An author's Markdown as HTML, raw HTML escaped; a text longer than the loader allows
    (made in Python, not read from a file) is cut to that length."""
    return _MARKDOWN.render(text[:MAX_TEXT_CHARS]) if text else ""


def markdown_paragraphs(text: str | None) -> list[str]:
    """An author's Markdown as the HTML of each block's words, for a printed line (the
    sheets): bold, emphasis, code and links kept, raw HTML escaped, a paragraph, a heading
    or a list item each one string, with no element around it."""
    if not text:
        return []
    tokens = _MARKDOWN.parse(text[:MAX_TEXT_CHARS])
    render = _MARKDOWN.renderer
    assert isinstance(render, RendererHTML)  # markdown-it's own, which renders inline tokens
    return [
        render.renderInline(token.children or [], _MARKDOWN.options, {})
        if token.type == "inline"
        else render.render([token], _MARKDOWN.options, {}).rstrip("\n")
        for token in tokens
        if token.type in ("inline", "fence", "code_block")
    ]


def _plain(text: str) -> str:
    return text


def markdown_lines(text: str | None, *, bold: Callable[[str], str] = _plain) -> list[str]:
    """An author's Markdown as lines for a terminal: the author's line breaks kept, a blank
    line between paragraphs, ``- `` (or ``1. ``) before a list item, a link's address after
    its words. What the author wrote is made ``visible`` (no escape sequence of a file reaches
    the terminal); ``bold`` then marks strong text and headings (a terminal's bold, or nothing)."""
    if not text:
        return []
    lines = [""]
    lists: list[int | None] = []  # the open lists: the next item's number, None when bulleted
    strong = heading = 0
    item_started = False  # a list item's marker is written, its first paragraph not yet
    for token in _MARKDOWN.parse(text[:MAX_TEXT_CHARS]):
        kind = token.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            if not lists and not item_started:
                _new_line(lines, blank=True)
            lists.append(int(token.attrGet("start") or 1) if kind == "ordered_list_open" else None)
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif kind == "list_item_open":
            number = lists[-1]
            if number is not None:
                lists[-1] = number + 1
            _new_line(lines, blank=False)
            lines[-1] = "  " * (len(lists) - 1) + ("- " if number is None else f"{number}. ")
            item_started = True
        elif kind in ("paragraph_open", "heading_open", "fence", "code_block", "hr"):
            if not item_started:
                _new_line(lines, blank=not lists)
            item_started = False
            heading += kind == "heading_open"
            if kind in ("fence", "code_block"):
                lines[-1] += visible(token.content.rstrip("\n").split("\n")[0])
                lines.extend(visible(line) for line in token.content.rstrip("\n").split("\n")[1:])
            elif kind == "hr":
                lines[-1] += "---"
        elif kind == "heading_close":
            heading -= 1
        elif kind == "inline":
            indent = "  " * len(lists)
            children = token.children or []
            for child in children:
                if child.type in ("strong_open", "strong_close"):
                    strong += 1 if child.type == "strong_open" else -1
                elif child.type in ("softbreak", "hardbreak"):
                    lines.append(indent)
                elif child.type == "link_close" and child.meta.get("href"):
                    lines[-1] += f" ({child.meta['href']})"
                elif child.type == "link_open":
                    href = visible(str(child.attrGet("href") or ""))
                    following = children[children.index(child) + 1 :]
                    shown = "".join(t.content for t in following[:1])
                    closing = next(t for t in following if t.type == "link_close")
                    closing.meta["href"] = "" if href in (shown, f"mailto:{shown}") else href
                elif child.type in ("text", "code_inline"):
                    words = visible(child.content)
                    lines[-1] += bold(words) if (strong or heading) and words.strip() else words
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def _new_line(lines: list[str], blank: bool) -> None:
    """A block starts on a line of its own, after a blank line (``blank``) when text came before."""
    if lines[-1].strip():
        lines.append("")
        if blank:
            lines.append("")
