"""The small markdown subset of the rules help, drawn on a surface: headings, bullets,
numbered items, paragraphs and **bold**, wrapped to a width. Not a general markdown
renderer, and not for scrolling (``scenes.rules``)."""

from __future__ import annotations

import re

import pygame

from . import theme

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def markdown_blocks(source: str) -> list[tuple[str, str, str]]:
    """Parse the subset into (kind, marker, text) blocks: kind is h1, h2, h3, bullet,
    number or para; wrapped source lines are joined to their item."""
    blocks: list[tuple[str, str, str]] = []
    for raw in source.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            blocks.append(("gap", "", ""))
            continue
        heading = re.match(r"^(#{1,3})\s+(.*)$", stripped)
        number = re.match(r"^(\d+)[.)]\s+(.*)$", stripped)
        if heading:
            blocks.append((f"h{len(heading.group(1))}", "", heading.group(2)))
        elif stripped[:2] in ("- ", "* "):
            blocks.append(("bullet", "•", stripped[2:]))
        elif number:
            blocks.append(("number", f"{number.group(1)}.", number.group(2)))
        elif blocks and (
            blocks[-1][0] == "para"
            or (line.startswith(" ") and blocks[-1][0] in ("bullet", "number"))
        ):
            kind, marker, words = blocks[-1]
            blocks[-1] = (kind, marker, f"{words} {stripped}")
        else:
            blocks.append(("para", "", stripped))
    return blocks


def _runs(words: str) -> list[tuple[str, bool, bool]]:
    """Split text with ``**bold**`` spans into (word, bold, space before) triples, so
    punctuation right after a bold word stays attached to it."""
    runs: list[tuple[str, bool, bool]] = []
    position = 0

    previous = ""

    def add(text: str, bold: bool) -> None:
        nonlocal previous
        for index, word in enumerate(text.split()):
            spaced = index > 0 or text[:1].isspace() or previous[-1:].isspace() or not runs
            runs.append((word, bold, spaced))
        previous = text

    for match in _BOLD.finditer(words):
        add(words[position : match.start()], False)
        add(match.group(1), True)
        position = match.end()
    add(words[position:], False)
    return runs


def render_markdown(surface: pygame.Surface, source: str, y: int, width: int) -> int:
    """Draw the markdown subset from ``y``; returns the height of the whole text."""
    top = y
    sizes = {"h1": 30, "h2": 23, "h3": 20}
    body = 18
    for kind, marker, words in markdown_blocks(source):
        if kind == "gap":
            y += 8
            continue
        if kind in sizes:
            y += 10
            size = sizes[kind]
            theme.text(surface, words.replace("**", ""), (0, y), size, theme.GOLD, True)
            y += size + 12
            continue
        indent = 28 if kind in ("bullet", "number") else 0
        if marker:
            theme.text(surface, marker, (6, y), body, theme.GOLD, True)
        x = indent
        line_height = body + 8
        space = theme.fonts().get(body).size(" ")[0]
        # Runs with no space between them ("**Wilds**.") wrap as one word.
        groups: list[list[tuple[str, bool]]] = []
        for word, bold, spaced in _runs(words):
            if spaced or not groups:
                groups.append([])
            groups[-1].append((word, bold))
        for index, group in enumerate(groups):
            widths = [theme.fonts().get(body, bold).size(word)[0] for word, bold in group]
            if index:
                x += space
            if x + sum(widths) > width and x > indent:
                x = indent
                y += line_height
            for (word, bold), word_width in zip(group, widths, strict=True):
                if -line_height < y < surface.get_height() + line_height:
                    font = theme.fonts().get(body, bold)
                    theme.text(surface, word, (x, y), body, theme.INK, bold, font=font)
                x += word_width
        y += line_height + 4
    return y - top
