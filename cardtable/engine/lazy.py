"""A package's names imported from their modules when first asked for (SPEC 1's lazy
loading): ``__getattr__ = lazy.attributes(__name__, {"Name": "module", ...})``. The app's
start-up imports only the modules its title needs (``benchmarks/packaging.md``)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any


def attributes(package: str, home: dict[str, str]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package``: each name in ``home`` from its module there."""

    def __getattr__(name: str) -> Any:
        if name not in home:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{home[name]}", package), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
