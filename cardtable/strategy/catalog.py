"""Registers every game's bots and says which levels each game offers. One line per game.

``OFFERED`` is the one place that says what a game offers at its setup and on the command
line. The project's ruling: a level is offered only where benchmarks on several seeds show
it stronger than the one below it (each level against three of the one below:
``benchmarks/levels.py``, its figures in ``benchmarks/results/levels.json`` and
``benchmarks/bots.md``; ``tests/strategy/test_levels_offered.py`` holds every offered
level to them). A level a game has but does not offer (expert: hard with four times the
search, not measured stronger than hard) still plays where a saved game or record names
it, and ``cardtable sim`` measures it.
"""

from . import register_bots
from .copycat import BOTS as COPYCAT_BOTS
from .hit_the_deck import BOTS as HIT_THE_DECK_BOTS
from .mean import BOTS as MEAN_BOTS
from .spite_malice import BOTS as SPITE_MALICE_BOTS
from .what_the_heck import BOTS as WHAT_THE_HECK_BOTS

UP_TO_HARD = ("random", "easy", "medium", "hard")

#: The levels each game offers, weakest first (the figures: benchmarks/bots.md, "The levels
#: each game offers"). What the Heck?'s medium does no better than its easy against three
#: easy bots, and Hit the Deck's easy does worse than random (it is the slowest to slap):
#: neither is offered there.
OFFERED = {
    "what-the-heck": ("random", "easy", "hard"),
    "hit-the-deck": ("random", "medium", "hard"),
    "mean": UP_TO_HARD,
    "copycat": UP_TO_HARD,
    "spite-malice": UP_TO_HARD,
}

register_bots("what-the-heck", WHAT_THE_HECK_BOTS, OFFERED["what-the-heck"])
register_bots("hit-the-deck", HIT_THE_DECK_BOTS, OFFERED["hit-the-deck"])
register_bots("mean", MEAN_BOTS, OFFERED["mean"])
register_bots("copycat", COPYCAT_BOTS, OFFERED["copycat"])
register_bots("spite-malice", SPITE_MALICE_BOTS, OFFERED["spite-malice"])
