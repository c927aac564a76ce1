"""Registers every game with the registry. One line per game."""

from .copycat import INFO as COPYCAT
from .hit_the_deck import INFO as HIT_THE_DECK
from .mean import INFO as MEAN
from .registry import register
from .spite_malice import INFO as SPITE_MALICE
from .what_the_heck import INFO as WHAT_THE_HECK

register(WHAT_THE_HECK)
register(MEAN)
register(HIT_THE_DECK)
register(COPYCAT)
register(SPITE_MALICE)
