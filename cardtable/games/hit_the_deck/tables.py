"""Hit the Deck's tables, made once: the deck in order, every play as its one shared
``Action``, and what may go on each top card and what meets each demand, worked out from
the rules (``fits_plainly``, ``Demand.met_by``) and looked up on every turn (``fits``).
"""

from __future__ import annotations

from cardtable.engine import Action

from .vocabulary import COLOURS, NUMBERS, Demand, fits_plainly, full_deck, play_code

DECK_ORDER = {code: index for index, code in enumerate(dict.fromkeys(full_deck()))}
SORTED_DECK = tuple(sorted(full_deck(), key=DECK_ORDER.__getitem__))
DECK_SIZE = len(SORTED_DECK)
PLAYS = {code: Action(play_code(code)) for code in DECK_ORDER}
# What may go on each top card with no demand in force, and what meets each demand:
# worked out once from the rules (``vocabulary``), looked up on every turn.
FITS_ON = {
    top: frozenset(code for code in DECK_ORDER if fits_plainly(code, top)) for top in DECK_ORDER
}
MEETS = {
    (kind, value): frozenset(code for code in DECK_ORDER if Demand(kind, value).met_by(code))
    for kind, values in (("colour", COLOURS), ("number", NUMBERS))
    for value in values
}


def fits(code: str, top: str, demand: Demand | None) -> bool:
    """Whether ``code`` may go on ``top`` with ``demand`` in force.

    >>> fits("R-CUT", "R3", None), fits("R-CUT", "B3", None), fits("HIT-2", "B3", None)
    (True, False, True)
    >>> fits("R-CUT", "HIT-HAND", None)
    True
    """
    if demand is not None:
        return code in MEETS[demand.kind, demand.value]
    return code in FITS_ON[top]
