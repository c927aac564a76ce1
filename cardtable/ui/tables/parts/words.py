"""Words a table puts together from the players' names and counts, in plain English:
"3 cards", "Ann, Bo and Cy", "You take" / "Ann takes".

Game-agnostic; a table's own phrases stay in the table. Not for announcements (the
rules write those, ``engine.words`` fills in the names).
"""

from __future__ import annotations


def count(number: int, thing: str) -> str:
    """``1 card``, ``3 cards``, ``-1 pt``, ``0 pts``."""
    return f"{number} {thing}" + ("" if abs(number) == 1 else "s")


def and_names(names: list[str]) -> str:
    """ "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    return (
        ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + (names[-1] if names else "")
    )


def agree(name: str, verb: str) -> str:
    """``Ada takes`` / ``You take``: a name with a verb that agrees."""
    return f"{name} {verb}" if name.lower() == "you" else f"{name} {verb}s"
