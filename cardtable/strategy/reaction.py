"""How fast each bot level reacts in a race: one reaction-time profile per level.

A race is any moment where the quickest player gains: Hit the Deck's slap round (who hits
last draws), a fake-out slapped out of turn, a Spite played out of turn in Spite & Malice.
Every bot draws its delay for such a moment from its level's profile, with its own seeded
generator (``Bot.reaction_time``), so a seed still gives the same game. Speed is separate
from strength: a level's card play is its own module's business, its pace is here, and
``cardtable sim ... --equal-slap`` gives every bot the same profile (``EQUAL``) to measure
strength without the speed edge. ``docs/reaction-times.md`` explains the figures.

The shape is the ex-Gaussian (Hohle 1965; Luce 1986, *Response Times*; Heathcote, Popiel
and Mewhort 1991), the usual description of human reaction times: a Gaussian body (``mu``,
``sigma``) plus an exponential tail (``tau``: the slow responses of a glance away or a
moment's doubt). Its mean is ``mu + tau``. Published figures the profiles are set against:
a simple visual reaction (press when anything appears) takes about 0.2-0.25 s in young
adults; a choice reaction (press only for the right stimulus, as a slap only on a Hand
card) about 0.35-0.45 s, longer with more to tell apart (Hick 1952); ex-Gaussian fits of
choice tasks give a ``sigma`` of some 0.03-0.06 s and a ``tau`` of 0.1-0.2 s, larger in
people who are less practised or less attentive. A slap also needs the card to be seen
landing and a hand to reach the key or the pile, which the motor part of ``mu`` includes.
These profiles are set from those ranges for each kind of player, not fitted to data
recorded at this table.

Not for: what a bot does in the race (its game's module) or the clock (the referee).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardtable.engine import Rng


@dataclass(frozen=True)
class ReactionProfile:
    """An ex-Gaussian reaction time in seconds, never below ``floor``.

    >>> profile = ReactionProfile("test", mu=0.4, sigma=0.05, tau=0.1)
    >>> round(profile.mean, 2)
    0.5
    >>> profile.draw(Rng(1)) == profile.draw(Rng(1))
    True
    """

    who: str  # the kind of player it stands for, in a few words
    mu: float  # the Gaussian body's mean: seeing, deciding and moving, when all goes well
    sigma: float  # its spread
    tau: float  # the exponential tail's mean: lapses of attention, hesitation
    # No one reacts to a card before seeing it: a faster draw is taken as this.
    floor: float = 0.18

    @property
    def mean(self) -> float:
        return self.mu + self.tau

    def draw(self, rng: Rng) -> float:
        """One reaction time from ``rng`` (three draws: a Box-Muller Gaussian and an
        exponential, from ``rng.random()`` so any seeded generator serves)."""
        u1, u2, u3 = rng.random(), rng.random(), rng.random()
        gaussian = math.sqrt(-2.0 * math.log(1.0 - u1)) * math.cos(2.0 * math.pi * u2)
        tail = -self.tau * math.log(1.0 - u3)
        return max(self.floor, self.mu + self.sigma * gaussian + tail)


#: Every level's profile. Means: hard and expert 0.42 s, medium 0.68 s, random 0.90 s,
#: easy 1.15 s.
PROFILES: dict[str, ReactionProfile] = {
    # A practised, watchful player: a choice reaction at its quick end, few lapses.
    "hard": ReactionProfile("a practised player watching the pile", 0.34, 0.04, 0.08),
    # An attentive player of average speed: a typical choice reaction with a typical tail.
    "medium": ReactionProfile("an attentive player of average speed", 0.48, 0.06, 0.20),
    # A casual player who often looks at their own cards when the moment comes.
    "easy": ReactionProfile("a casual player, often looking elsewhere", 0.70, 0.10, 0.45),
    # The baseline plays without judgement; its pace is a person's, but erratic.
    "random": ReactionProfile("anyone at all: average pace, erratic", 0.50, 0.12, 0.40),
}
# The expert thinks longer than hard, not faster: the same hands.
PROFILES["expert"] = PROFILES["hard"]

#: The profile every bot gets with ``--equal-slap``: the average player's.
EQUAL = "medium"


def profile_for(level: str) -> ReactionProfile:
    """The profile of ``level``; a level without one of its own reacts as medium does."""
    return PROFILES.get(level, PROFILES[EQUAL])
