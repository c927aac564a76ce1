"""Control matchups for the Hit the Deck bot figures (benchmarks/bots-hit-the-deck.md).

Not the headline figures (those come from ``cardtable sim``): two questions they leave
open. How strong is hard against a random player that never fakes out (the registered
random bot is faked out after one move in fifty)? How much
of hard's edge over medium is its slap speed, and how much its card play (hard slowed to
medium's speed)?

Usage: .venv/bin/python benchmarks/hit_the_deck_controls.py [GAMES]   (default 500)
"""

from __future__ import annotations

import sys

from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.play import Referee
from cardtable.strategy.hit_the_deck import HardBot, MediumBot, RandomHitTheDeckBot
from cardtable.strategy.reaction import profile_for


class CarefulRandomBot(RandomHitTheDeckBot):
    """Random legal play, but it never slaps the deck outside a slap round."""

    FAKE_OUT_RATE = 0.0


class SlowHardBot(HardBot):
    """Hard's card play at medium's slap speed, and without its Hand-card eagerness."""

    reaction = profile_for("medium")
    hand_card_bonus = MediumBot.hand_card_bonus


def win_shares(first: type, others: type, games: int) -> list[float]:
    wins = [0.0] * 4
    for index in range(games):
        seed = f"controls/{index}"
        state = registry.get("hit-the-deck").new_game(4, seed)
        bots = [first(Rng(f"{seed}/0"))] + [others(Rng(f"{seed}/{s}")) for s in (1, 2, 3)]
        Referee(state, bots).run()
        winners = state.result.winners if state.result else []
        for seat in winners:
            wins[seat] += 1 / len(winners)
    return [round(w / games, 4) for w in wins]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    print(f"{games} four-player matches to 100 each; seat 0 first")
    print("hard vs careful random:", win_shares(HardBot, CarefulRandomBot, games))
    print("medium vs careful random:", win_shares(MediumBot, CarefulRandomBot, games))
    print("hard at medium's speed vs medium:", win_shares(SlowHardBot, MediumBot, games))


if __name__ == "__main__":
    main()
