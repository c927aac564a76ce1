"""Registers every game with the registry. One line per game."""

from .mean import INFO as MEAN
from .registry import register
from .what_the_heck import INFO as WHAT_THE_HECK

register(WHAT_THE_HECK)
register(MEAN)
