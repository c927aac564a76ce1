"""Bots for Spite & Malice: easy, medium and hard.

Every bot decides from its seat's ``SeatView`` only: its hand, every UP card, Store Pile
and Build Pile, pile and stack sizes. Not for: the rules (``cardtable.games.spite_malice``).

- easy: builds whatever it can (its UP card first), stores at random, never spites.
- medium: plans its turn: searches the sequences of builds from hand, UP card and Store
  Pile tops (Wilds with their covers) and keeps the one that plays the most UP cards,
  then frees Store Piles, goes again, and leaves no Build Pile at the value an opponent's
  UP card needs (the next player most of all); keeps Wilds for its UP card; stores in
  descending runs; spites (in turn and out of turn) when an opponent is close to winning
  or in the middle of a chain towards their UP card; gives Malice cards to the leader.
- hard: medium's plan, played in an order that gives the others no Spite window: its UP
  card goes the moment the plan can play it (a card that lands while the builder's UP
  card is playable is when a medium spites them mid-chain); and before it ends its turn
  it BURYs the next player when their UP card would go straight onto a Build Pile it
  leaves. Roll-outs of sampled worlds (the hard before) won no more games than medium
  and are gone: see ``benchmarks/bots.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.engine import Action, Rng
from cardtable.games.spite_malice import (
    CAP,
    END,
    NO_WILD_VALUES,
    PHASE_GIVE,
    UP,
    Source,
    build_code,
    card_value,
    give_code,
    hand_source,
    is_wild,
    parse,
    spite_code,
    spite_kind,
    store_source,
    wild_code,
)

from .base import Bot, SeatView

# The weights of a finished plan (tuned on seeded games).
W_UP = 12.0  # per UP card played
W_STORE = 1.3  # per Store Pile card played
W_HAND = 0.5  # per hand card played
W_WILD = 3.0  # per Wild spent
W_GO_AGAIN = 2.5  # the hand built out: five new cards
W_CAP = 0.8  # a pile capped (a Malice card to give)
DANGER = (3.5, 2.2, 1.6, 1.2)  # a pile left at an opponent's UP value, by turn order
CLOSE = 3  # an opponent with this many cards left is close to winning


@dataclass
class Plan:
    """A sequence of build moves and how good the position after it is."""

    codes: tuple[str, ...]
    score: float


class Turn:
    """What a seat knows of its own turn, in the form the plan search needs: the Build
    Piles' needs, its hand, UP card (``None`` once played: the next is unknown) and
    Store Piles."""

    def __init__(
        self,
        needs: list[int],
        hand: list[str],
        up: str | None,
        stores: list[list[str]],
        danger: dict[int, float],
    ):
        self.needs = needs
        self.hand = hand
        self.up = up
        self.stores = stores
        self.danger = danger  # value -> how much leaving a pile needing it costs

    @classmethod
    def from_observation(cls, obs: dict[str, Any]) -> Turn:
        seat = obs["seat"]
        return cls(
            list(obs["needs"]),
            list(obs["hand"]),
            obs["up_cards"][seat],
            [list(pile) for pile in obs["store_piles"][seat]],
            danger_of(obs["up_cards"], obs["cards_left"], seat),
        )

    def sources(self) -> list[tuple[str, str]]:
        out = [(hand_source(card), card) for card in dict.fromkeys(self.hand)]
        if self.up is not None:
            out.append((UP, self.up))
        for index, pile in enumerate(self.stores):
            if pile:
                out.append((store_source(index + 1), pile[-1]))
        return out

    def pile_for(self, value: int) -> int | None:
        for index, need in enumerate(self.needs):
            if need == value and value != 1:
                return index + 1
        return None

    def moves(self) -> list[tuple[str, list[tuple[str, int]]]]:
        """(code, [(source, pile)...]) for each distinct build move now."""
        out = []
        sources = self.sources()
        for source, card in sources:
            value = card_value(card)
            if value is None:
                continue
            pile = self.pile_for(value)
            if pile is not None:
                out.append((build_code(source, pile), [(source, pile)]))
        wilds = [(s, c) for s, c in sources if is_wild(c)]
        # Hand Wilds build alike: spend the one whose Spite is worth least.
        hand_wilds = sorted((s for s, c in wilds if s != UP), key=wild_order)
        choices = hand_wilds[:1] + [s for s, c in wilds if s == UP]
        if wilds:
            done: set[int] = set()
            for index, need in enumerate(self.needs):
                if need in NO_WILD_VALUES or need in done:
                    continue
                done.add(need)
                covers = [s for s, c in sources if card_value(c) == need + 1]
                for wild in choices:
                    for cover in covers:
                        if wild == UP and cover == UP:
                            continue
                        code = wild_code(wild, need, index + 1, cover)
                        out.append((code, [(wild, index + 1), (cover, index + 1)]))
        return out

    def after(self, steps: list[tuple[str, int]]) -> tuple[Turn, dict[str, int]]:
        turn = Turn(
            list(self.needs),
            list(self.hand),
            self.up,
            [list(p) for p in self.stores],
            self.danger,
        )
        gained = {"up": 0, "store": 0, "hand": 0, "wild": 0, "cap": 0}
        for source, pile in steps:
            if source == UP:
                card = turn.up
                turn.up = None
                gained["up"] += 1
            elif source.startswith("hand"):
                card = source.split()[1]
                turn.hand.remove(card)
                gained["hand"] += 1
            else:
                card = turn.stores[int(source.split()[1]) - 1].pop()
                gained["store"] += 1
            if card is not None and is_wild(card):
                gained["wild"] += 1
            turn.needs[pile - 1] += 1
            if turn.needs[pile - 1] > CAP:
                turn.needs[pile - 1] = 1
                gained["cap"] += 1
        return turn, gained

    def key(self) -> tuple:
        return (
            tuple(sorted(self.needs)),
            tuple(sorted(self.hand)),
            self.up,
            tuple(len(p) for p in self.stores),
        )

    def leave_score(self) -> float:
        """What the Build Piles left like this give the opponents (negative)."""
        return -sum(self.danger.get(need, 0.0) for need in set(self.needs))


def wild_order(source: str) -> int:
    """Which hand Wild to build with first: MALICE, then DUMP, then BURY."""
    return ("MALICE", "DUMP", "BURY").index(spite_kind(source.split()[1]))


def danger_of(ups: list[str | None], left: list[int], seat: int) -> dict[int, float]:
    """value -> the cost of leaving a Build Pile needing it: an opponent's UP card, the
    next player's most, more for an opponent close to winning."""
    players = len(ups)
    danger: dict[int, float] = {}
    for step in range(1, players):
        other = (seat + step) % players
        card = ups[other]
        if card is None or is_wild(card):
            continue
        weight = DANGER[min(step, len(DANGER)) - 1]
        if left[other] <= CLOSE:
            weight *= 1.6
        value = card_value(card) or 0
        danger[value] = danger.get(value, 0.0) + weight
    return danger


def search(turn: Turn, budget: int) -> Plan:
    """The best sequence of builds from ``turn`` (depth first, ``budget`` positions)."""
    best = Plan((), turn.leave_score())
    seen: set[tuple] = set()
    count = 0

    def visit(node: Turn, codes: tuple[str, ...], totals: dict[str, int]) -> None:
        nonlocal best, count
        count += 1
        if count > budget:
            return
        for code, steps in node.moves():
            child, gained = node.after(steps)
            key = child.key()
            if key in seen:
                continue
            seen.add(key)
            sums = {name: totals[name] + gained[name] for name in totals}
            score = (
                W_UP * sums["up"]
                + W_STORE * sums["store"]
                + W_HAND * sums["hand"]
                - W_WILD * sums["wild"]
                + W_CAP * sums["cap"]
                + (W_GO_AGAIN if not child.hand and turn.hand else 0.0)
                + child.leave_score()
            )
            if score > best.score + 1e-9:
                best = Plan(codes + (code,), score)
            if child.up is None and sums["up"] > totals["up"]:
                # The next UP card is unknown: plan again once it is turned.
                if score >= best.score - 1e-9:
                    best = Plan(codes + (code,), score)
                continue
            if not child.hand and node.hand:
                continue  # Go Again draws five unknown cards: plan again then
            visit(child, codes + (code,), sums)

    visit(turn, (), {"up": 0, "store": 0, "hand": 0, "wild": 0, "cap": 0})
    return best


def store_score(card: str, pile: list[str], hand: list[str], needs: list[int]) -> float:
    """How good storing ``card`` on ``pile`` is: descending runs, high cards first,
    never burying a card that could soon be played."""
    value = card_value(card) or 0
    score = 0.08 * value
    if not pile:
        score += 1.5
    else:
        top = card_value(pile[-1]) or 0
        if top == value + 1:
            score += 3.0
        elif top == value:
            score += 1.2
        elif top > value:
            score += 1.6 - 0.15 * (top - value)
        else:
            score -= 2.5 + 0.2 * (value - top)
        if top in needs:
            score -= 3.0
    # Keep in hand what the Build Piles will soon want.
    if any(0 <= value - need <= 2 for need in needs):
        score -= 1.0
    if hand.count(card) > 1:
        score += 0.5
    return score


def best_store(view: SeatView, rng: Rng) -> Action | None:
    obs = view.observation
    seat = view.seat
    stores = obs["store_piles"][seat]
    best: tuple[float, str] | None = None
    for action in view.legal_actions:
        move = parse(action.code)
        if move.kind != "store":
            continue
        score = store_score(
            move.card or "", stores[(move.pile or 1) - 1], obs["hand"], obs["needs"]
        )
        score += rng.uniform(0.0, 1e-6)
        if best is None or score > best[0]:
            best = (score, action.code)
    return None if best is None else Action(best[1])


def leader(obs: dict[str, Any], seat: int) -> int:
    """The opponent with the fewest cards left (the next in turn order on a tie)."""
    players = obs["players"]
    order = [(seat + step) % players for step in range(1, players)]
    return min(order, key=lambda s: (obs["cards_left"][s], order.index(s)))


def spite_choice(view: SeatView, out_of_turn: bool) -> Action | None:
    """A Spite card worth playing now: at an opponent close to winning, or at the player
    on turn in the middle of a chain towards their UP card. Keeps a Wild it needs for its
    own UP card."""
    obs = view.observation
    seat = view.seat
    legal = {action.code for action in view.legal_actions}
    spites = [code for code in legal if code.startswith("spite")]
    if not spites:
        return None
    mine = obs["up_cards"][seat]
    wilds = sum(1 for card in obs["hand"] if is_wild(card))
    needs = obs["needs"]
    urgent = any(obs["cards_left"][s] <= 2 for s in range(obs["players"]) if s != seat)
    if mine is not None and not is_wild(mine) and wilds <= 1 and not urgent:
        value = card_value(mine) or 0
        if any(0 < value - need <= 3 for need in needs) and obs["cards_left"][seat] > 2:
            return None  # the Wild may carry us to our UP card
    current = obs["current"]
    best: tuple[float, str] | None = None
    for code in spites:
        move = parse(code)
        target = move.target or 0
        left = obs["cards_left"][target]
        up = obs["up_cards"][target]
        up_playable = up is not None and (is_wild(up) or (card_value(up) or 0) in needs)
        close = left <= CLOSE
        chain = target == current and out_of_turn and up_playable
        if not (close or chain):
            continue
        score = 0.0
        if move.spite == "BURY":
            score = 4.0 if up_playable else 1.5
            if left <= 1:
                score = 0.0  # nothing under it
        elif move.spite == "DUMP":
            score = 0.6 * obs["hand_counts"][target] + (2.0 if target == current else 0.0)
        else:
            score = 2.5 if close else 1.0
        score += 2.0 / max(1, left)
        if best is None or score > best[0]:
            best = (score, code)
    if best is None or best[0] < 2.0:
        return None
    return Action(best[1])


def stall_spite(view: SeatView) -> Action | None:
    """With the Draw and Discard Piles both empty nothing new comes into play unless
    someone spites: BURY the opponent with the most cards left (a new UP card for the
    table), else a MALICE at the leader, else a DUMP (its cards come back round)."""
    obs = view.observation
    if obs["draw_count"] or obs["discard_count"]:
        return None
    spites = [parse(a.code) for a in view.legal_actions if a.code.startswith("spite")]
    if not spites:
        return None
    lead = leader(obs, view.seat)
    left = obs["cards_left"]

    def rank(move: Any) -> tuple[int, int]:
        order = ("BURY", "MALICE", "DUMP").index(move.spite or "")
        target = move.target or 0
        if move.spite == "BURY":
            return (order, -left[target])
        return (order, 0 if target == lead else 1)

    best = min(spites, key=rank)
    return Action(spite_code(best.spite or "", best.target or 0))


def medium_choice(view: SeatView, rng: Rng, budget: int) -> tuple[Action, Plan | None]:
    """Medium's move (and the plan it follows, if building)."""
    obs = view.observation
    legal = view.legal_actions
    codes = {action.code for action in legal}
    if len(legal) == 1:
        return legal[0], None
    if obs["phase"] == PHASE_GIVE:
        return Action(give_code(leader(obs, view.seat))), None
    spite = spite_choice(view, out_of_turn=False)
    if spite is not None:
        return spite, None
    plan = search(Turn.from_observation(obs), budget)
    if plan.codes and plan.codes[0] in codes:
        return Action(plan.codes[0]), plan
    stall = stall_spite(view)
    if stall is not None:
        return stall, plan
    builds = [a for a in legal if a.code.startswith(("build", "wild"))]
    store = best_store(view, rng)
    if store is not None:
        return store, plan
    if builds and obs["draw_count"] == 0 and obs["discard_count"] == 0:
        # Draws have stopped and the hand is empty: a pass would only give the table back
        # as it was, and with every other player stuck the game would pass round forever.
        return builds[0], plan
    if END in codes:
        return Action(END), plan
    # A 2 that must be played: the best-scoring build.
    return (builds[0] if builds else rng.choice(legal)), plan


class EasySpiteMaliceBot(Bot):
    """Builds what it can, its UP card first; stores at random; plays a Wild only when it
    could otherwise only pass with nothing to store (a hand of 2s and Wilds: passing would
    give the table back as it was, and a table of such players would pass round for ever),
    and spites only then, when it has no Wild to play."""

    level = "easy"

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        obs = view.observation
        if obs["phase"] == PHASE_GIVE:
            return self.rng.choice(legal)
        builds = [a for a in legal if a.code.startswith("build")]
        ups = [a for a in builds if parse(a.code).source == parse(build_code(UP, 1)).source]
        if ups:
            return ups[0]
        if builds and self.rng.random() < 0.8:
            return self.rng.choice(builds)
        rest = [a for a in legal if not a.code.startswith(("spite", "build", "wild"))]
        if [a.code for a in rest] == [END]:
            wilds = [a for a in legal if a.code.startswith("wild")]
            spites = [a for a in legal if a.code.startswith("spite")]
            rest = wilds or spites or rest
        return self.rng.choice(rest or legal)


class MediumSpiteMaliceBot(Bot):
    """Plans its turn with ``search``; see the module docstring."""

    level = "medium"
    budget = 400
    reaction = (0.4, 1.0)  # seconds before a Spite out of turn

    def choose(self, view: SeatView) -> Action:
        return medium_choice(view, self.rng, self.budget)[0]

    def out_of_turn(self, view: SeatView) -> tuple[float, Action] | None:
        if not view.legal_actions:
            return None
        action = spite_choice(view, out_of_turn=True)
        if action is None:
            return None
        return (self.rng.uniform(*self.reaction), action)


def up_first(plan: Plan | None, codes: set[str]) -> Action | None:
    """The move of ``plan`` that plays the UP card (as a build, a Wild or a Wild's cover),
    if it can be played right now."""
    if plan is None:
        return None
    up = Source(UP)
    for code in plan.codes:
        move = parse(code)
        if (move.source == up or move.cover == up) and code in codes:
            return Action(code)
    return None


def bury_the_next(view: SeatView) -> Action | None:
    """A BURY at the next player when their UP card would go straight onto one of the
    Build Piles we leave them: it turns up the next card of their stack before they can
    play it."""
    obs = view.observation
    following = (view.seat + 1) % obs["players"]
    code = spite_code("BURY", following)
    up = obs["up_cards"][following]
    if code not in view.codes or up is None:
        return None
    if is_wild(up) or card_value(up) in obs["needs"]:
        return Action(code)
    return None


class HardSpiteMaliceBot(MediumSpiteMaliceBot):
    """Medium's plan, played in the order that gives the others no Spite window: the UP
    card goes the moment it can (a card that lands while the builder's UP card is playable
    lets a medium spite them mid-chain); and before it ends its turn it BURYs the next
    player when their UP card is within reach of the piles it leaves."""

    level = "hard"
    reaction = (0.3, 0.8)

    def choose(self, view: SeatView) -> Action:
        action, plan = medium_choice(view, self.rng, self.budget)
        if action.code.startswith("spite"):
            return action
        up = up_first(plan, set(view.codes))
        if up is not None:
            return up
        if action.code.startswith("store") or action.code == END:
            bury = bury_the_next(view)
            if bury is not None:
                return bury
        return action


BOTS: dict[str, type[Bot]] = {
    "easy": EasySpiteMaliceBot,
    "medium": MediumSpiteMaliceBot,
    "hard": HardSpiteMaliceBot,
}
