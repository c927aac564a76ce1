"""The What the Heck? table (``table``) and its card painter (``cards``)."""

from .table import WhatTheHeckTable

__all__ = ["WhatTheHeckTable"]
