"""Every game there is, in the order the app lists them. One line per game.

Imports the games and nothing else: the registry reads this list (no import back)."""

from .copycat import INFO as COPYCAT
from .hit_the_deck import INFO as HIT_THE_DECK
from .mean import INFO as MEAN
from .spite_malice import INFO as SPITE_MALICE
from .what_the_heck import INFO as WHAT_THE_HECK

GAMES = (WHAT_THE_HECK, MEAN, HIT_THE_DECK, COPYCAT, SPITE_MALICE)
