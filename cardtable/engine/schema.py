"""Schemas for data from outside: what a file or a message may hold.

A schema is a ``Check``: a function of ``(value, where)`` that returns the value as kept
(known fields only, of the right types) or raises ``BadValue`` saying, in a few words and
naming ``where``, what is wrong. The files in the user's folder (``cardtable.storage``) and
the seat protocol's messages (``cardtable.play.protocol``) are checked by these same
pieces: one place for both. Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .errors import brief

SANE = 10**12  # no count or setting anywhere near this

Check = Callable[[Any, str], Any]


class Damaged(ValueError):
    """What is wrong with data from outside, in a few words (it could not be read)."""

    wording = "could not be read"


class BadValue(Damaged):
    """Data that reads but holds a value of the wrong kind, in a few words naming where."""

    wording = "has a bad value"


def number(low: float, high: float, whole: bool = False) -> Check:
    """A number (an int for ``whole``) brought into ``[low, high]``; beyond a sane size,
    not finite, or of another type is a bad value."""
    kind = "a whole number" if whole else "a number"

    def check(value: Any, where: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, int | float) or abs(value) > SANE:
            raise BadValue(f"{where} must be {kind} from {low:g} to {high:g}")
        if whole and not isinstance(value, int):
            raise BadValue(f"{where} must be {kind} from {low:g} to {high:g}")
        if value != value:  # NaN
            raise BadValue(f"{where} must be {kind} from {low:g} to {high:g}")
        kept = min(high, max(low, value))
        return int(kept) if whole else float(kept)

    return check


def whole(low: int, high: int) -> Check:
    """A whole number in ``[low, high]``: anything else, a value out of range included,
    is a bad value (nothing is brought into range: a seat number out of range is wrong)."""

    def check(value: Any, where: str) -> int:
        if type(value) is not int or not low <= value <= high:
            raise BadValue(f"{where} must be a whole number from {low} to {high}")
        return value

    return check


def flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise BadValue(f"{where} must be true or false")
    return value


def text(limit: int) -> Check:
    def check(value: Any, where: str) -> str:
        if not isinstance(value, str) or len(value) > limit:
            raise BadValue(f"{where} must be a text of at most {limit} characters")
        return value

    return check


def choice(*allowed: str) -> Check:
    """One of the texts ``allowed``."""

    def check(value: Any, where: str) -> str:
        if value not in allowed or not isinstance(value, str):
            raise BadValue(f"{where} must be one of {', '.join(allowed)}, not {brief(value)}")
        return value

    return check


def nullable(item: Check) -> Check:
    """``None`` or what ``item`` keeps."""

    def check(value: Any, where: str) -> Any:
        return None if value is None else item(value, where)

    return check


def list_of(item: Check, most: int, exactly: int | None = None) -> Check:
    def check(value: Any, where: str) -> list[Any]:
        if not isinstance(value, list) or len(value) > most:
            raise BadValue(f"{where} must be a list of at most {most} items")
        if exactly is not None and len(value) != exactly:
            raise BadValue(f"{where} must be a list of {exactly} items")
        return [item(entry, f"{where}[{index}]") for index, entry in enumerate(value)]

    return check


def mapping(key: str, value: Check, most: int) -> Check:
    """An object whose keys match the pattern ``key`` and whose values pass ``value``."""
    pattern = re.compile(key)

    def check(data: Any, where: str) -> dict[str, Any]:
        if not isinstance(data, dict) or len(data) > most:
            raise BadValue(f"{where} must be an object of at most {most} entries")
        for name in data:
            if not isinstance(name, str) or not pattern.fullmatch(name):
                raise BadValue(f"{where} has an entry named {brief(name)}")
        return {name: value(entry, f"{where}.{name}") for name, entry in data.items()}

    return check


def record(
    known: dict[str, Check], required: bool = False, optional: tuple[str, ...] = ()
) -> Check:
    """An object with the fields in ``known`` (others dropped); with ``required`` every one
    of them but those named ``optional`` must be there."""

    def check(data: Any, where: str) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise BadValue(f"{where} must be an object")
        missing = (
            [name for name in known if name not in data and name not in optional]
            if required
            else []
        )
        if missing:
            raise BadValue(f"{where or 'it'} has no {', '.join(missing)}")
        kept: dict[str, Any] = {}
        for name, field_check in known.items():
            if name in data:
                kept[name] = field_check(data[name], f"{where}.{name}" if where else name)
        return kept

    return check


def _plain_scalar(item: Any, where: str, chars: int) -> bool:
    """Whether ``item`` is a plain scalar (``None``, a truth value, a sane number, a text
    of at most ``chars`` characters); a number or text beyond those bounds is refused."""
    kind = type(item)
    if item is None or kind is bool:
        return True
    if kind is int:
        if abs(item) > SANE:
            raise BadValue(f"{where} holds a number beyond {SANE}")
        return True
    if kind is float:
        if item != item or abs(item) > SANE:
            raise BadValue(f"{where} holds a number that is not finite or sane")
        return True
    if kind is str:
        if len(item) > chars:
            raise BadValue(f"{where} holds a text of more than {chars} characters")
        return True
    return False


def plain_data(depth: int = 12, items: int = 20_000, chars: int = 10_000) -> Check:
    """Any JSON value of at most ``depth`` levels, ``items`` values in all and texts of
    at most ``chars`` characters, with object keys that are texts: data whose shape
    belongs to a game (an observation, a result), kept whole but bounded."""

    def check(value: Any, where: str) -> Any:
        count = 0

        def walk(item: Any, level: int) -> None:
            nonlocal count
            count += 1
            if count > items:
                raise BadValue(f"{where} holds more than {items} values")
            if _plain_scalar(item, where, chars):
                return
            kind = type(item)
            if level >= depth:
                raise BadValue(f"{where} is nested more than {depth} deep")
            if kind is list:
                for entry in item:
                    walk(entry, level + 1)
                return
            if kind is dict:
                for key, entry in item.items():
                    if type(key) is not str or len(key) > chars:
                        raise BadValue(f"{where} has a key that is not a short text")
                    walk(entry, level + 1)
                return
            raise BadValue(f"{where} holds {kind.__name__}, which is not plain data")

        walk(value, 0)
        return value

    return check
