"""What the Heck? against outside opponents: Hol's der Geier / Raj strategies that others
published, written here from their descriptions, and the runs that seat them at our table.

What the Heck? is Alex Randolph's *Hol's der Geier* (1988; in English *Raj*): fifteen
Point Cards -5..10, Player Cards 1..15, ties cancel, an all-tie carries the pot over. The
strategies below were published for that game (or for Goofspiel, its two-player
ancestor); no code of theirs is reproduced: each is written from what its source says
it does, and what had to change for What the Heck? is said at the class.

- ``ross``: the matching strategy of Goofspiel. S. M. Ross, "Goofspiel -- the game of
  pure strategy", Journal of Applied Probability 8 (1971) 621-625, shows that against an
  opponent who bids at random the best a player can do is to bid the card that matches
  the prize. Deterministic: copies of it bid alike.
- ``buzzard``: the rules of ``IntelligentBuzzardPlayer``, an entry in the 2010 Hol's der
  Geier course tournament framework (github.com/ohein/UltimateGeier,
  ``HolsDerGeier2010Version3/src/player/IntelligentBuzzardPlayer.java``; read, not copied:
  its licence is not stated). Its comments describe it: on a vulture (negative) card play
  the lowest card; when the highest mouse card still to come is up and the opponent still
  holds our highest card, play a middle card; a mouse card in the upper half of those still
  to come gets our highest card; any other a middle card. Deterministic.
- ``montecarlo``: the Raj robot of boardspace.net (boardspace.net/english/about_raj.html:
  "monte-carlo style rollouts are used"): every card in hand is tried against roll-outs in
  which every other player, and we ourselves after this round, bid uniformly at random;
  the card with the most wins is played. It draws from its own seeded generator.

Not for: the app's own bots (``cardtable.strategy.what_the_heck``); these exist to
measure them. Run from the repository root (figures: ``benchmarks/bots.md``)::

    PYTHONPATH=. python benchmarks/wth_outside.py strength ross,hard,hard,hard ross-vs-3hard
    PYTHONPATH=. python benchmarks/wth_outside.py times 20

``strength SEATS NAME [GAMES] [--seed S]`` plays GAMES (default 2,000) seeded games
exactly as ``cardtable sim what-the-heck --seats SEATS --seed S --jobs 1`` would (S: 1
unless given; seed 1 holds the measured games, screen on another), with these
strategies registered as extra levels, and writes ``benchmarks/results/wth-NAME.json``.
``times MATCHES [--timed]`` times every decision of the hard bot in four-player matches
against three mediums in CPU time (``time.process_time``): p50, p95 and max, written to
``benchmarks/results/wth-hard-times[-timed].json``; ``--timed`` plays hard as the table
does (searching until its think budget is spent on the wall clock).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from cardtable.cli import _one_game, _print_sim, summarise
from cardtable.engine import Action
from cardtable.games import registry
from cardtable.games.what_the_heck.rules import winning_bid
from cardtable.games.what_the_heck.vocabulary import POINT_CARDS, bid_code
from cardtable.strategy import Bot, SeatView, levels, make_bots, register_bots, view_for
from cardtable.strategy.what_the_heck import BOTS, points_to_come
from cardtable.ui.launch import Launch

RESULTS = Path(__file__).parent / "results"


def nearest_card(hand: list[int], wanted: int) -> int:
    """The card in ``hand`` closest to ``wanted``, the higher one on a tie."""
    return min(hand, key=lambda card: (abs(card - wanted), -card))


def _stake_order() -> dict[int, int]:
    """Every Point Card value to a Player Card 1..15 by the size of its stake: the
    smallest stake (-1) gets the 1, the 10 gets the 15; a positive card outranks the
    negative card of the same size."""
    values = sorted((int(card) for card in POINT_CARDS), key=lambda v: (abs(v), v > 0))
    return {value: index + 1 for index, value in enumerate(values)}


_MATCHED = _stake_order()


class RossMatchBot(Bot):
    """Ross's matching strategy, adapted.

    Goofspiel's prizes are all positive and every prize value has a bidding card of the
    same value, so the matched card is the prize's own. What the Heck? has fifteen Point
    Cards -5..10 for fifteen Player Cards 1..15, and a negative card is "won" by the
    lowest bid, so matching goes by stake: the Point Cards ordered by how much rides on
    them (-1 the least, 10 the most) are matched one to one to the Player Cards 1..15.
    Dodging a -5 thus takes a high card (the 9), as taking a 5 does (the 10). A carried
    pot is matched by its total's stake (beyond 10: the 15). A card already spent is
    replaced by the nearest one left, the higher on a tie.
    """

    level = "ross"

    def choose(self, view: SeatView) -> Action:
        obs = view.observation
        hand = [int(card) for card in obs["hand"]]
        total = obs["center_total"]
        wanted = _MATCHED.get(total, 15 if total > 0 else 9)
        return Action(bid_code(nearest_card(hand, wanted)))


class BuzzardBot(Bot):
    """The 2010 tournament framework's ``IntelligentBuzzardPlayer``, from its comments.

    Adapted: the original plays two-player matches and tracks "the opponent's" cards; here
    "the opponent still holds our highest card" means any other player does. Its "middle
    card" is the card at half the number of Point Cards still to come, counted down from
    our highest (as its comments say). The original removes the Point Card on the table
    from its list before asking where that card stands in the list, so in the code as
    written the two mouse-card rules never fire and every mouse card gets the middle card;
    we play the rules as its comments describe them. A carried pot is judged by its total.
    """

    level = "buzzard"

    def choose(self, view: SeatView) -> Action:
        obs = view.observation
        hand = sorted((int(card) for card in obs["hand"]), reverse=True)
        total = obs["center_total"]
        if total < 0:
            return Action(bid_code(hand[-1]))
        upcoming = sorted(points_to_come(obs) + [total], reverse=True)
        middle = hand[min(len(hand) - 1, len(upcoming) // 2)]
        others = [
            [int(card) for card in obs["remaining"][seat]]
            for seat in range(obs["players"])
            if seat != view.seat
        ]
        if total >= upcoming[0] and any(hand[0] in other for other in others):
            return Action(bid_code(middle))
        if upcoming.index(total) < len(upcoming) / 2:
            return Action(bid_code(hand[0]))
        return Action(bid_code(middle))


class MonteCarloBot(Bot):
    """The boardspace.net Raj robot as its page describes it: Monte Carlo roll-outs.

    Each card in hand is played in ``rollouts`` random continuations: this round every
    other player bids a random card of theirs, later rounds everyone (ourselves too) bids
    at random, the Point Cards to come in a random order. The card with the most wins
    (a shared first place counting a share) is played; ties go to the lower card.
    Adapted: What the Heck?'s carried pots and the last round's unclaimed pot follow our
    rules. The page gives no roll-out count; 40 per card keeps a decision near 100 ms.
    """

    level = "montecarlo"
    rollouts = 40

    def choose(self, view: SeatView) -> Action:
        obs = view.observation
        hand = sorted(int(card) for card in obs["hand"])
        if len(hand) == 1:
            return Action(bid_code(hand[0]))
        remaining = [sorted(int(c) for c in obs["remaining"][s]) for s in range(obs["players"])]
        pot = [int(card) for card in obs["zones"]["center"]["cards"]]
        upcoming = points_to_come(obs)
        wins = dict.fromkeys(hand, 0.0)
        for card in hand:
            for _ in range(self.rollouts):
                scores = obs["scores"]
                wins[card] += self._rollout(card, view.seat, remaining, scores, pot, upcoming)
        best = max(hand, key=lambda card: (wins[card], -card))
        return Action(bid_code(best))

    def _rollout(self, first, seat, remaining, scores, pot, upcoming) -> float:
        rng = self.rng
        hands = [list(h) for h in remaining]
        score = list(scores)
        pot = list(pot)
        order = list(upcoming)
        rng.shuffle(order)
        while True:
            bids = {}
            for s, hand in enumerate(hands):
                bids[s] = first if (s == seat and first is not None) else rng.choice(hand)
                hand.remove(bids[s])
            first = None
            winner, _ = winning_bid(bids, sum(pot))
            if winner is not None:
                score[winner] += sum(pot)
                pot = []
            if not order:
                break
            pot.append(order.pop())
        top = max(score)
        return 1.0 / score.count(top) if score[seat] == top else 0.0


OUTSIDE = {"ross": RossMatchBot, "buzzard": BuzzardBot, "montecarlo": MonteCarloBot}


def register_outside() -> None:
    """Adds the outside strategies to What the Heck?'s levels, in this process only."""
    levels("what-the-heck")  # the catalog first, so ours are added, not replaced
    register_bots("what-the-heck", {**BOTS, **OUTSIDE})


def strength(seats_text: str, name: str, games: int = 2000, seed: int = 1) -> dict:
    """Games 0, 1, 2 ... of ``cardtable sim`` with these seats and ``seed``, one process;
    the summary is rewritten every 50 games, so a run cut short still says what it played.
    Seed 1 plays the measured games; screen changes on another seed (``--seed``), so that
    the measured games are not the ones a change was picked on."""
    register_outside()
    seats = tuple(seats_text.split(","))
    launch = Launch("what-the-heck", len(seats), seats, seed, {})
    started = time.process_time()
    wins = [0.0] * len(seats)
    scores = [0] * len(seats)
    for index in range(games):
        shares, points = _one_game((launch, index, False))
        wins = [total + share for total, share in zip(wins, shares, strict=True)]
        scores = [total + score for total, score in zip(scores, points, strict=True)]
        if (index + 1) % 50 and index + 1 != games:
            continue
        summary = summarise(launch, wins, scores, index + 1)
        summary["cpu_seconds"] = round(time.process_time() - started)
        summary["command"] = (
            f"PYTHONPATH=. python benchmarks/wth_outside.py strength {seats_text} {name} {games}"
            + (f" --seed {seed}" if seed != 1 else "")
        )
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / f"wth-{name}.json").write_text(json.dumps(summary, indent=1) + "\n")
    _print_sim(summary)
    return summary


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def times(matches: int, level: str = "hard", timed: bool = False) -> dict:
    """CPU time of each decision of the ``level`` bot in seat 0 against three mediums."""
    register_outside()
    info = registry.get("what-the-heck")
    seats = [level, "medium", "medium", "medium"]
    cpu: list[float] = []
    for match in range(matches):
        seed = f"times/{match}"
        state = info.new_game(4, seed)
        bots = make_bots("what-the-heck", seats, seed, timed=timed)
        while not state.is_over:
            seat = state.to_act[0]
            view = view_for(state, seat)
            if seat == 0:
                start = time.process_time()
                action = bots[0].choose(view)
                cpu.append(time.process_time() - start)
            else:
                action = bots[seat].choose(view)
            state.apply(seat, action)
    result = {
        "level": level,
        "timed": timed,
        "matches": matches,
        "decisions": len(cpu),
        "cpu_ms_p50": round(1000 * percentile(cpu, 0.5), 1),
        "cpu_ms_p95": round(1000 * percentile(cpu, 0.95), 1),
        "cpu_ms_max": round(1000 * max(cpu), 1),
    }
    result["command"] = "PYTHONPATH=. python benchmarks/wth_outside.py times " + (
        f"{matches} --timed" if timed else f"{matches}"
    )
    RESULTS.mkdir(exist_ok=True)
    name = f"wth-{level}-times{'-timed' if timed else ''}.json"
    (RESULTS / name).write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    args = sys.argv[1:]
    seed = 1
    if "--seed" in args:
        at = args.index("--seed")
        seed = int(args[at + 1])
        del args[at : at + 2]
    if args[:1] == ["strength"]:
        strength(args[1], args[2], int(args[3]) if len(args) > 3 else 2000, seed)
    elif args[:1] == ["times"]:
        times(int(args[1]), timed="--timed" in args)
    else:
        print(__doc__)
