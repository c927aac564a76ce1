"""Bots for Hit the Deck: easy, medium and hard.

All three decide from the seat's observation: their hand, the face-up discard pile, the
call in force, the direction, and how many cards each player holds. Not for: the rules
(``cardtable.games.hit_the_deck``) or the clock (the referee, ``cardtable.play``, asks a
bot for its reaction delay and keeps the time).

- easy: plays any card that fits, often the first it sees. It sometimes forgets to call
  its own Hand card in time, and is sometimes fooled into slapping a Hit card that is not
  a Hand (a fake-out, through ``out_of_turn``).
- medium: sheds its costly cards first, keeps the colour and number it holds most of,
  saves Hit cards for when the next player is nearly out, cuts that player, and flips for
  an extra turn.
- hard: medium's play, and it also counts the cards it has not seen. It calls the number or
  colour the others are least likely to hold (and that it holds itself). It hits the deck
  the moment its own Hand card lands (its hand is at the pile already: the others must
  see the card first), so it is never the last to hit its own card, and each of its Hand
  cards costs someone else four cards whenever it plays it. So it keeps a Hand card (it
  goes on anything) while a number card keeps as many of its cards playable.

How quickly each level slaps a card it did not play is its reaction profile
(``cardtable.strategy.reaction``: on average easy 1.15 s, medium 0.68 s, hard 0.42 s),
drawn anew for every slap. Hard's hit on its own Hand card is no reaction and keeps its
time (``HardBot.own_card_hit``) under ``--equal-slap`` too.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from cardtable.engine import Action, Rng
from cardtable.games.hit_the_deck.state import HitTheDeckState
from cardtable.games.hit_the_deck.tables import fits
from cardtable.games.hit_the_deck.vocabulary import (
    ANNOUNCE,
    ANNOUNCE_SECONDS,
    CUT,
    DRAW,
    FLIP,
    HAND,
    HIT,
    HIT_COLOUR,
    HIT_NUMBER,
    NUMBER,
    SLAP_SECONDS,
    card,
    full_deck,
    parse,
    play_code,
)

from .base import Bot, RandomBot, SeatView
from .reaction import EQUAL, PROFILES, ReactionProfile, profile_for
from .search import ismcts


def plays(view: SeatView) -> list[str]:
    """The cards this seat may play now."""
    moves = [parse(code) for code in view.codes]
    return [str(move.card) for move in moves if move.kind == "play"]


def unseen(obs: dict[str, Any]) -> Counter[str]:
    """Cards this seat cannot see: the deck less its hand and the discard pile it sees
    (all of it, or only the top after a Flip). They are in the piles or in other hands."""
    discard = obs["zones"]["discard"]
    left = Counter(full_deck())
    left.subtract(obs["hand"])
    left.subtract(discard.get("cards") or [discard["top"]])
    return +left


def next_seat(obs: dict[str, Any], seat: int, steps: int = 1) -> int:
    return (seat + steps * obs["direction"]) % obs["players"]


class HitTheDeckBot(Bot):
    """What the three levels share: the slap timing and the turn structure."""

    def choose(self, view: SeatView) -> Action:
        candidates = plays(view)
        if not candidates:
            # Only a player who cannot play draws; never slap the deck on purpose.
            return DRAW if DRAW in view.legal_actions else view.legal_actions[0]
        if len(candidates) == 1:
            return Action(play_code(candidates[0]))
        return Action(play_code(self.pick(view, candidates)))

    def pick(self, view: SeatView, candidates: list[str]) -> str:
        scored = [(self.worth(view, code), -index, code) for index, code in enumerate(candidates)]
        return max(scored)[2]

    def worth(self, view: SeatView, code: str) -> float:
        """How good playing ``code`` is; by default, shed the costliest card."""
        return float(card(code).points)

    def reaction_delay(self, view: SeatView) -> float | None:
        if view.observation["window"] is None or not view.legal_actions:
            return None
        return self.reaction_time()


class EasyBot(HitTheDeckBot):
    level = "easy"
    forgets_own_card = 0.08  # how often it does not call its own Hand card in time
    fooled = 0.12  # how often a Hit card that is not a Hand makes it slap anyway

    def pick(self, view: SeatView, candidates: list[str]) -> str:
        # No plan: half the time the first card that fits, otherwise any of them.
        if self.rng.random() < 0.5:
            return candidates[0]
        return self.rng.choice(candidates)

    def reaction_delay(self, view: SeatView) -> float | None:
        delay = super().reaction_delay(view)
        slap = view.observation["slap"]
        own_card = delay is not None and slap.get("card_player") == view.seat
        if own_card and self.rng.random() < self.forgets_own_card:
            return self.rng.uniform(ANNOUNCE_SECONDS + 0.1, SLAP_SECONDS - 0.1)
        return delay

    def out_of_turn(self, view: SeatView) -> tuple[float, Action] | None:
        landed = view.observation["landed"]
        if view.observation["window"] is not None or landed is None:
            return None
        if landed["seat"] == view.seat or not card(landed["card"]).is_hit:
            return None
        if card(landed["card"]).kind == HAND or HIT not in view.legal_actions:
            return None
        if self.rng.random() >= self.fooled:
            return None
        return self.reaction_time(), HIT


class MediumBot(HitTheDeckBot):
    level = "medium"
    hand_card_bonus = 1.0  # a slap round is a fair race for a bot of average speed

    def worth(self, view: SeatView, code: str) -> float:
        obs = view.observation
        hand = list(obs["hand"])
        hand.remove(code)
        if not hand:
            return 1000.0  # going out ends the hand
        played = card(code)
        counts = obs["hand_counts"]
        after = next_seat(obs, view.seat)
        danger = max(0, 4 - counts[after])  # the next player is close to going out
        value = float(played.points)
        # Keep options: how many of the cards left would follow this card.
        value += 1.5 * sum(1 for other in hand if fits(other, code, None))
        if played.kind == CUT:
            value += 3.0 * danger + (6.0 if obs["players"] == 2 else 1.0)
        elif played.kind == FLIP:
            value += 6.0  # the Flip player plays again
        elif played.kind in (HIT_NUMBER, HIT_COLOUR):
            value += self.call_worth(view, code, hand, danger)
        elif played.kind == HAND:
            value += self.hand_card_bonus
        return value

    def call_worth(self, view: SeatView, code: str, hand: list[str], danger: int) -> float:
        """Hit cards are kept for when they hurt: the next player is nearly out, or this
        bot is (a call it can meet itself when it comes round)."""
        if danger >= 2 or len(hand) <= 2:
            return 4.0 + 2.0 * danger
        return -9.0


class HardBot(MediumBot):
    """Medium's play with hard's judgement (``worth``, ``call_worth``) as the prior of the
    one search (``HitTheDeckSearch``), which decides every turn with a choice of card, Hit
    cards and their calls included; ``rounds`` sampled worlds (its think budget on the
    table, four times both for expert). Its slap: hard's (``own_card_hit``)."""

    level = "hard"
    think_budget = 0.150
    searches = True
    # The search's settings (``HitTheDeckSearch``):
    rounds = 24  # worlds per search without a think budget (tests, sim)
    depth = 8  # turns a roll-out plays before its hand is judged
    scale = 50.0  # points of lead over the others' mean worth a value of 1 (0.5: even)
    # A hand in play is judged by this share of its points and the rest by its size (its
    # cards at the deck's mean points): which cards are shed is the prior's business.
    points_weight = 0.0
    temperature = 0.5  # the prior: exp((worth - best worth) / temperature)
    exploration = 0.5
    # The moves weighed: the legal ones whose worth by the seat's judgement comes within
    # this many points of its best (every legal move: an infinite margin). Weighing them
    # all made hard weaker at equal slap (3.0 points of score a match over 2,000 matches).
    margin = 2.0
    # A slap round it starts costs someone else (it hits its own Hand card at once), at any
    # time; meanwhile the card goes on anything, so it is in no hurry to play it (at equal
    # slap, -6 beat +6 by 1.5 points of win share over 6,000 matches: benchmarks/bots.md).
    hand_card_bonus = -6.0
    # Seconds after its own Hand card lands that it hits the deck (its call): the hand
    # that played the card is at the pile already, so this is no reaction to a card seen.
    own_card_hit: float | None = 0.2

    def reaction_delay(self, view: SeatView) -> float | None:
        delay = super().reaction_delay(view)
        own_card = view.observation["slap"].get("card_player") == view.seat
        if delay is not None and own_card and self.own_card_hit is not None:
            return min(delay, self.own_card_hit)
        return delay

    def worth(self, view: SeatView, code: str) -> float:
        value = super().worth(view, code)
        played = card(code)
        if value >= 1000.0 or played.kind != NUMBER:
            return value
        # A number card the next players can hardly follow: count what has not been seen.
        obs = view.observation
        unknown = unseen(obs)
        total = max(1, sum(unknown.values()))
        followers = sum(n for other, n in unknown.items() if fits(other, code, None))
        after = next_seat(obs, view.seat)
        danger = max(0, 4 - obs["hand_counts"][after])
        return value - (2.0 + 2.0 * danger) * followers / total

    def call_worth(self, view: SeatView, code: str, hand: list[str], danger: int) -> float:
        obs = view.observation
        played = card(code)
        unknown = unseen(obs)
        total = max(1, sum(unknown.values()))
        if played.kind == HIT_NUMBER:
            meets = [c for c in unknown.elements() if card(c).kind == NUMBER]
            meets = [c for c in meets if card(c).number == played.calls]
            mine = [c for c in hand if card(c).kind == NUMBER and card(c).number == played.calls]
        else:
            meets = [c for c in unknown.elements() if card(c).colour == played.calls]
            meets = [c for c in meets if not card(c).is_hit]
            mine = [c for c in hand if card(c).colour == played.calls and not card(c).is_hit]
        scarcity = 1.0 - len(meets) / total * (5.0 if played.kind == HIT_NUMBER else 2.5)
        value = 6.0 * scarcity + (3.0 if mine else -2.0)
        if danger >= 2 or len(hand) <= 2:
            return value + 4.0 + 2.0 * danger
        return value - 8.0

    def fallback(self, view: SeatView) -> Action:
        return super().choose(view)  # medium's play with hard's judgement

    def choose(self, view: SeatView) -> Action:
        candidates = plays(view)
        if len(candidates) < 2:
            return super().choose(view)  # a draw, or the one card that may go
        worths = [self.worth(view, code) for code in candidates]
        if sorted(worths)[-2] < max(worths) - self.margin:
            return super().choose(view)  # no other card comes close: nothing to weigh
        game = HitTheDeckSearch(self, view.seat, view.observation["hand_number"])
        return ismcts(view, game, self.think_clock(self.rounds), self.rng, self.exploration)


#: A card's mean points over the whole deck (what a card of unknown kind will score).
MEAN_POINTS = sum(card(code).points for code in full_deck()) / len(full_deck())


def world_view(world: HitTheDeckState, seat: int) -> SeatView:
    """What the policies read to choose a card, straight from a world (the search's tree
    and roll-outs: a whole observation would cost more than the choice)."""
    observation = {
        "hand": world.hands[seat],
        "hand_counts": [len(hand) for hand in world.hands],
        "direction": world.direction,
        "players": world.players,
        "zones": {"discard": {"cards": world.discard_pile}},
    }
    return SeatView(seat, observation, world.legal_actions(seat))


class HitTheDeckSearch:
    """Hit the Deck for the one search (``cardtable.strategy.search.ismcts``), from the
    point of view of ``seat`` (the searching hard bot ``bot``).

    - ``moves``: the legal moves of a turn (a card to play, a Hit card with its call, or
      the draw) whose worth by the seat's judgement is within ``margin`` of its best
      (hard's ``worth`` for the searching seat, medium's for the others); never a
      fake-out; none in a slap round (a race, not a choice).
    - ``prior``: the searching seat's own judgement (hard's ``worth``) for its own turns,
      medium's for the others', as exp((worth - best) / ``temperature``).
    - ``rollout``: everyone plays medium's card for ``depth`` turns or to the end of the
      hand; a slap round is raced as the referee would: every seat hits after a reaction
      drawn from a profile (the searching seat's own, hard hitting its own Hand card after
      ``own_card_hit``; the others medium's, the average player, or everybody the one
      ``--equal-slap`` sets), the announce deadline and the round's end included.
    - ``value``: a finished match's winners 1 (shared first places share it); else each
      seat's points this hand (its hand held at the end, or as it stands discounted by its
      chance of going out first, one over its cards squared), as its lead over the
      others' mean: 0.5 + lead / (2 ``scale``), kept within [0, 1].
    """

    def __init__(self, bot: HardBot, seat: int, hand_number: int):
        self.bot = bot
        self.seat = seat
        self.hand_number = hand_number  # the hand the search starts in
        self.policy = MediumBot(Rng("hit-the-deck search"))  # medium's choice draws nothing
        own = bot.reaction or profile_for(bot.level)
        self.others: ReactionProfile = bot.reaction or PROFILES[EQUAL]
        self.own = own

    def moves(self, world: HitTheDeckState, seat: int) -> list[Action]:
        if world.window is not None:
            return []
        legal = [action for action in world.legal_actions(seat) if action != HIT]
        if len(legal) < 2:
            return legal
        worths = self.worths(world, seat, legal)
        best = max(worths)
        return [
            a for a, worth in zip(legal, worths, strict=True) if worth >= best - self.bot.margin
        ]

    def worths(self, world: HitTheDeckState, seat: int, moves: list[Action]) -> list[float]:
        """Each play's worth by the seat's judgement (hard's for the searching seat,
        medium's for the others)."""
        view = world_view(world, seat)
        judge = self.bot if seat == self.seat else self.policy
        return [judge.worth(view, str(parse(action.code).card)) for action in moves]

    def prior(self, world: HitTheDeckState, seat: int, moves: list[Action]) -> list[float] | None:
        if len(moves) < 2:
            return None
        worths = self.worths(world, seat, moves)
        best = max(worths)
        return [math.exp((worth - best) / self.bot.temperature) for worth in worths]

    def rollout(self, world: HitTheDeckState, rng: Rng) -> None:
        hand = self.hand_number
        turns = 0
        while not world.is_over and world.hand_number == hand:
            if world.window is not None:
                self.race(world, rng)
                continue
            if turns >= self.bot.depth:
                return
            seat = world.turn
            world.apply(seat, self.policy.choose(world_view(world, seat)))
            turns += 1

    def race(self, world: HitTheDeckState, rng: Rng) -> None:
        """Run the open slap round to its close, every seat hitting after its reaction."""
        slap = world.slap
        assert slap is not None  # raced only while a slap round is open
        own_hit = self.bot.own_card_hit
        arrivals = []
        for seat in world.to_act:
            delay = (self.own if seat == self.seat else self.others).draw(rng)
            if seat == self.seat == slap.card_player and own_hit is not None:
                delay = min(delay, own_hit)
            arrivals.append((delay, seat))
        arrivals.sort()
        for delay, seat in arrivals:
            if world.window is None or delay > SLAP_SECONDS:
                break
            if delay > ANNOUNCE_SECONDS and world.window.deadlines:
                world.time_up(ANNOUNCE)
            world.apply(seat, HIT)
        if world.window is not None:
            if world.window.deadlines:
                world.time_up(ANNOUNCE)
            world.close_window()

    def value(self, world: HitTheDeckState) -> list[float]:
        players = world.players
        if world.is_over:
            result = world.result
            assert result is not None
            return [result.win_share(seat) for seat in range(players)]
        if world.hand_number != self.hand_number:
            likely = [float(points) for points in world.hand_scores[self.hand_number - 1]]
        else:
            chances = [1.0 / max(1, len(hand)) ** 2 for hand in world.hands]
            whole = sum(chances)
            weight = self.bot.points_weight
            likely = [
                (
                    weight * sum(card(code).points for code in hand)
                    + (1 - weight) * MEAN_POINTS * len(hand)
                )
                * (1.0 - chance / whole)
                for hand, chance in zip(world.hands, chances, strict=True)
            ]
        total = sum(likely)
        scale = 2.0 * self.bot.scale
        values = []
        for seat in range(players):
            lead = (total - likely[seat]) / (players - 1) - likely[seat]
            values.append(min(1.0, max(0.0, 0.5 + lead / scale)))
        return values


class RandomHitTheDeckBot(RandomBot):
    """The uniform baseline for Hit the Deck: on its turn it plays or draws, choosing
    uniformly among those real moves; in a slap round it hits after its reaction time
    (the random level's profile: erratic); out of turn it is faked out (slaps the deck for
    nothing and draws two) after one move in fifty (``FAKE_OUT_RATE``). A fake-out is
    always legal, so a bot that chose it as often as a card would grow its hand for ever
    and the game never end.
    """

    FAKE_OUT_RATE = 0.02

    def choose(self, view: SeatView) -> Action:
        real = [action for action in view.legal_actions if action != HIT]
        return self.rng.choice(real or view.legal_actions)

    def out_of_turn(self, view: SeatView) -> tuple[float, Action] | None:
        # The draw before the look at the table (a whole observation, made only one time in
        # fifty): the referee asks only while no slap round is open, so the draws are the
        # ones it made when it looked first.
        if "hit" not in view.codes or self.rng.random() >= self.FAKE_OUT_RATE:
            return None
        if view.observation["window"] is not None:
            return None
        return self.reaction_time(), HIT


BOTS: dict[str, type[Bot]] = {
    "random": RandomHitTheDeckBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}
