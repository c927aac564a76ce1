"""Registers every game's bots. One line per game."""

from . import register_bots
from .what_the_heck import BOTS as WHAT_THE_HECK_BOTS

register_bots("what-the-heck", WHAT_THE_HECK_BOTS)
