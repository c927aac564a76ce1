"""Hit the Deck's hard with some of its own rules switched off, at equal slap: which of
them cost or gain it anything against three mediums (figures: ``bots.md``).

    PYTHONPATH=. python benchmarks/hit_the_deck_variants.py [hand_card_bonus=1.0]
        [noworth] [nocall] [noownslap] [any extra `cardtable sim` option]

``hand_card_bonus=X`` sets hard's bonus for playing a Hand card; ``noworth`` and
``nocall`` give hard medium's ``worth`` and ``call_worth``; ``noownslap`` makes hard hit
its own Hand card at its reaction time, as medium does, not at once (``own_card_hit``).
The rest is passed to ``cardtable sim hit-the-deck --players 4 --seats
hard,medium,medium,medium --games 2000 --seed 1 --jobs 1 --equal-slap``.
Not for: the shipped bots (nothing here is kept).
"""

from __future__ import annotations

import sys

from cardtable.cli import main
from cardtable.strategy import hit_the_deck as bots


def run(argv: list[str]) -> int:
    passed = []
    for word in argv:
        if word == "noworth":
            bots.HardBot.worth = bots.MediumBot.worth
        elif word == "nocall":
            bots.HardBot.call_worth = bots.MediumBot.call_worth
        elif word == "noownslap":
            bots.HardBot.own_card_hit = None
        elif word.startswith("hand_card_bonus="):
            bots.HardBot.hand_card_bonus = float(word.split("=", 1)[1])
        else:
            passed.append(word)
    seats = "hard,medium,medium,medium"
    base = ["sim", "hit-the-deck", "--players", "4", "--seats", seats, "--games", "2000"]
    return main([*base, "--seed", "1", "--jobs", "1", "--equal-slap", *passed])


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
