"""Registers every game's bots. One line per game."""

from . import register_bots
from .copycat import BOTS as COPYCAT_BOTS
from .hit_the_deck import BOTS as HIT_THE_DECK_BOTS
from .mean import BOTS as MEAN_BOTS
from .spite_malice import BOTS as SPITE_MALICE_BOTS
from .what_the_heck import BOTS as WHAT_THE_HECK_BOTS

register_bots("what-the-heck", WHAT_THE_HECK_BOTS)
register_bots("hit-the-deck", HIT_THE_DECK_BOTS)
register_bots("mean", MEAN_BOTS)
register_bots("copycat", COPYCAT_BOTS)
register_bots("spite-malice", SPITE_MALICE_BOTS)
