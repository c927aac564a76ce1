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
  leaves (``plain_hard_choice``). It spites when medium would, but never DUMPs a player
  who is not on turn (they draw five new cards anyway) and BURYs, rather than DUMPs, a
  player on turn whose UP card would go next (``hard_spite_choice``). Where that plain
  play has a close alternative (holding back a build that gains the plan little, or a
  build the plan passed over) the one ISMCTS (``cardtable.strategy.search``) decides
  between them over sampled hidden hands, stacks and draws, every seat playing on with
  its plan to the end of hard's next turn (``SpiteMaliceSearch``); the plain move keeps
  a strong prior. Figures:
  ``benchmarks/bots.md`` (the search has not been shown to win more games than plain
  play; it does not win fewer).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.engine import Action, Rng
from cardtable.games.spite_malice.state import SpiteMaliceState
from cardtable.games.spite_malice.vocabulary import (
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
from .search import ismcts

# The weights of a finished plan (tuned on seeded games).
W_UP = 12.0  # per UP card played
W_STORE = 1.3  # per Store Pile card played
W_HAND = 0.5  # per hand card played
W_WILD = 3.0  # per Wild spent
W_GO_AGAIN = 2.5  # the hand built out: five new cards
W_CAP = 0.8  # a pile capped (a Malice card to give)
DANGER = (3.5, 2.2, 1.6, 1.2)  # a pile left at an opponent's UP value, by turn order
CLOSE = 3  # an opponent with this many cards left is close to winning
MAX_ROLLOUT_MOVES = 200  # a roll-out that runs longer is judged where it stands


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


def search(turn: Turn, budget: int, firsts: dict[str, float] | None = None) -> Plan:
    """The best sequence of builds from ``turn`` (depth first, ``budget`` positions).
    ``firsts``, if given, gets the best score found for each first move (hard's search
    weighs the runners-up)."""
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
            if firsts is not None:
                first = codes[0] if codes else code
                firsts[first] = max(score, firsts.get(first, score))
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
    # In the order of the legal actions: a set's order would change from run to run.
    spites = [code for code in view.codes if code.startswith("spite")]
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


def hard_spite_choice(view: SeatView, out_of_turn: bool) -> Action | None:
    """Hard's Spite: medium's judgement of when (``spite_choice``), with the card that
    does what it is played for. A DUMP hurts only the player on turn, in the middle of
    their chain (anyone else draws five new cards at the start of their turn, so a DUMP
    only swaps their hand); and when that player's UP card would go on a Build Pile next,
    a BURY stops it where a DUMP would not. Otherwise a MALICE (one more card to play), or
    a BURY; no Spite rather than a DUMP that changes nothing."""
    action = spite_choice(view, out_of_turn)
    if action is None:
        return None
    move = parse(action.code)
    if move.spite != "DUMP":
        return action
    obs = view.observation
    target = move.target or 0
    codes = set(view.codes)
    if out_of_turn and target == obs["current"]:
        up = obs["up_cards"][target]
        playable = up is not None and (is_wild(up) or card_value(up) in obs["needs"])
        bury = spite_code("BURY", target)
        if playable and bury in codes and obs["cards_left"][target] > 1:
            return Action(bury)
        return action
    for kind in ("MALICE", "BURY"):
        code = spite_code(kind, target)
        if code in codes:
            return Action(code)
    return None


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


def medium_choice(
    view: SeatView,
    rng: Rng,
    budget: int,
    firsts: dict[str, float] | None = None,
    spite: Callable[[SeatView, bool], Action | None] = spite_choice,
) -> tuple[Action, Plan | None]:
    """Medium's move (and the plan it follows, if building); ``firsts`` as for ``search``;
    ``spite``: the Spite judgement (hard's is ``hard_spite_choice``)."""
    obs = view.observation
    legal = view.legal_actions
    codes = {action.code for action in legal}
    if len(legal) == 1:
        return legal[0], None
    if obs["phase"] == PHASE_GIVE:
        return Action(give_code(leader(obs, view.seat))), None
    spited = spite(view, False)
    if spited is not None:
        return spited, None
    plan = search(Turn.from_observation(obs), budget, firsts)
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
    spite = staticmethod(spite_choice)  # its Spite judgement, in turn and out of turn

    def choose(self, view: SeatView) -> Action:
        return medium_choice(view, self.rng, self.budget)[0]

    def out_of_turn(self, view: SeatView) -> tuple[float, Action] | None:
        if not view.legal_actions:
            return None
        action = self.spite(view, True)
        if action is None:
            return None
        return (self.reaction_time(), action)


def plays_up_card(code: str) -> bool:
    """Whether the move ``code`` plays the UP card (as a build, a Wild or a Wild's cover)."""
    move = parse(code)
    return Source(UP) in (move.source, move.cover)


def up_first(plan: Plan | None, codes: set[str]) -> Action | None:
    """The move of ``plan`` that plays the UP card, if it can be played right now."""
    if plan is None:
        return None
    return next(
        (Action(code) for code in plan.codes if code in codes and plays_up_card(code)), None
    )


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


def plain_hard_choice(
    view: SeatView, rng: Rng, budget: int, firsts: dict[str, float] | None = None
) -> tuple[Action, Plan | None]:
    """Hard's move without search: medium's plan, played in the order that gives the
    others no Spite window (the UP card the moment the plan can play it: a card that lands
    while the builder's UP card is playable is when a medium spites them mid-chain), and a
    BURY at the next player before the turn ends when their UP card would go straight onto
    a Build Pile it leaves."""
    action, plan = medium_choice(view, rng, budget, firsts, hard_spite_choice)
    if action.code.startswith("spite"):
        return action, plan
    up = up_first(plan, set(view.codes))
    if up is not None:
        return up, plan
    if action.code.startswith("store") or action.code == END:
        bury = bury_the_next(view)
        if bury is not None:
            return bury, plan
    return action, plan


def plays_up(plan: Plan | None) -> bool:
    """Whether ``plan`` plays the UP card."""
    return plan is not None and any(plays_up_card(code) for code in plan.codes)


def world_observation(state: SpiteMaliceState, seat: int) -> dict[str, Any]:
    """What ``seat`` sees of a sampled world, in the observation's words, only the parts
    the bots read (roll-outs ask at every move, and a whole observation costs more than
    the move). Search makes it from worlds sampled from its own view, never the true
    state."""
    return {
        "seat": seat,
        "players": state.players,
        "phase": state.phase,
        "current": state.current,
        "needs": [len(pile) + 1 for pile in state.builds],
        "hand": state.hands[seat],
        "up_cards": [up[-1] if up else None for up in state.ups],
        "store_piles": state.stores,
        "cards_left": [state.cards_left(other) for other in range(state.players)],
        "hand_counts": [len(hand) for hand in state.hands],
        "draw_count": len(state.draw),
        "discard_count": len(state.discard),
    }


def situation(obs: dict[str, Any]) -> tuple:
    """Everything in an observation that the bots' choice for its seat depends on."""
    seat = obs["seat"]
    return (
        seat,
        obs["phase"],
        obs["current"],
        tuple(obs["needs"]),
        tuple(sorted(obs["hand"])),
        tuple(obs["up_cards"]),
        tuple(tuple(pile) for pile in obs["store_piles"][seat]),
        tuple(obs["cards_left"]),
        tuple(obs["hand_counts"]),
        obs["draw_count"] == 0 and obs["discard_count"] == 0,
    )


def ranked_stores(view: SeatView) -> list[tuple[float, str]]:
    """The legal stores and their ``store_score``, the best first."""
    obs = view.observation
    piles = obs["store_piles"][view.seat]
    scored = []
    for action in view.legal_actions:
        move = parse(action.code)
        if move.kind == "store":
            card, pile = move.card or "", piles[(move.pile or 1) - 1]
            scored.append((store_score(card, pile, obs["hand"], obs["needs"]), action.code))
    scored.sort(key=lambda item: -item[0])
    return scored


class SpiteMaliceSearch:
    """Spite & Malice for the one search (``cardtable.strategy.search.ismcts``), from the
    point of view of ``seat`` (the searching hard bot).

    - ``moves``: for ``seat`` on its own turn, hard's plain move (``plain_hard_choice``)
      and, unless that plays the UP card (never held back), a Spite or a Malice card,
      the moves that come close to it by the plan's own measure: stopping now (the best
      store) when the plan builds for less than ``margin``, the best build the plan
      passed over when it stores (within ``margin`` of building nothing), a BURY at the
      next player, as far as ``kinds`` has them; ``width`` at most. For everyone else
      medium's move: the tree follows how the others play, the search decides only its
      own moves.
    - ``prior``: hard's plain move weighs ``lead`` against 1 for each other move.
    - ``rollout``: every seat plays on with its plan (hard's plain play for ``seat``,
      medium's for the others), Spite out of turn included, from the sampled hands,
      stacks and Draw Pile, until ``seat``'s next turn has ended (``own_turn``) or begins.
    - ``value``: a finished game's winner 1 (shared first places share it); before
      that each seat's share of exp(-``sharpness`` x cards left), an UP card that a
      Build Pile takes now counting ``reach`` cards less.

    The choices are worked out once per situation (in every sampled world ``seat`` sees
    the same turn as in the real one; hidden cards only change what follows).
    """

    def __init__(self, seat: int, rng: Rng, settings: Any):
        """``settings``: the hard bot (or its class), whose ``budget``, ``roll_budget``,
        ``margin``, ``width``, ``kinds``, ``lead``, ``own_turn``, ``sharpness``, ``reach``
        and Spite judgement (``spite``) the search follows."""
        self.seat = seat
        self.rng = rng
        self.plan_budget: int = settings.budget
        self.roll_budget: int = settings.roll_budget
        self.margin: float = settings.margin
        self.width: int = settings.width
        self.kinds: tuple[str, ...] = settings.kinds
        self.lead: float = settings.lead
        self.own_turn: bool = settings.own_turn
        self.sharpness: float = settings.sharpness
        self.reach: float = settings.reach
        self.own_spite: Callable[[SeatView, bool], Action | None] = settings.spite
        self.known: dict[tuple, tuple[list[Action], list[float]]] = {}
        self.start: int | None = None  # the root's length of history

    def choices(self, view: SeatView) -> tuple[list[Action], list[float]]:
        """The moves the tree weighs for ``view`` and their priors."""
        obs = view.observation
        key = situation(obs)
        known = self.known.get(key)
        if known is not None:
            return known
        seat = view.seat
        if seat != self.seat or obs["current"] != seat:
            known = [medium_choice(view, self.rng, self.roll_budget)[0]], [1.0]
        else:
            # The real turn's choices get the whole plan search; those of sampled turns
            # (after the first move), the roll-outs' smaller one.
            known = self.own_choices(view, self.roll_budget if self.known else self.plan_budget)
        self.known[key] = known
        return known

    def own_choices(self, view: SeatView, budget: int) -> tuple[list[Action], list[float]]:
        """Hard's plain move first, then its close alternatives (see the class). A plan
        that plays the UP card, a Spite card, a Malice card: no choice."""
        firsts: dict[str, float] = {}
        action, plan = plain_hard_choice(view, self.rng, budget, firsts)
        obs = view.observation
        codes = set(view.codes)
        if (
            obs["phase"] == PHASE_GIVE
            or action.code.startswith("spite")
            or plays_up(plan)
            or len(codes) == 1
        ):
            return [action], [1.0]
        stop = Turn.from_observation(obs).leave_score()  # the plan's score of building nothing
        best = plan.score if plan is not None and plan.codes else stop
        out = [action.code]
        building = action.code.startswith(("build", "wild"))
        if "hold" in self.kinds and building and best - stop < self.margin:
            out += [code for _, code in ranked_stores(view)[:1]]  # hold back
        if "passed" in self.kinds and not building:
            # The build the plan passed over (it would leave a pile an opponent wants).
            ranked = sorted(firsts, key=lambda code: -firsts[code])
            out += [c for c in ranked if c in codes and firsts[c] >= stop - self.margin][:1]
        bury = spite_code("BURY", (view.seat + 1) % obs["players"])
        if "bury" in self.kinds and bury in codes:
            out.append(bury)
        out = list(dict.fromkeys(out))[: self.width]
        return [Action(code) for code in out], [self.lead] + [1.0] * (len(out) - 1)

    def moves(self, world: SpiteMaliceState, seat: int) -> list[Action]:
        if self.start is None:  # the first world asked about: the root
            self.start = len(world.history)
        return self.choices(self.world_view(world, seat))[0]

    def prior(self, world: SpiteMaliceState, seat: int, moves: list[Action]) -> list[float]:
        return self.choices(self.world_view(world, seat))[1]

    @staticmethod
    def world_view(world: SpiteMaliceState, seat: int) -> SeatView:
        return SeatView(seat, world_observation(world, seat), world.legal_actions(seat))

    def rollout(self, world: SpiteMaliceState, rng: Rng) -> None:
        """Every seat plays on with its plan until ``seat``'s next turn has ended (or, not
        ``own_turn``, begins), counted from the search's root whatever the tree played."""
        ends = 2 if self.own_turn else 1  # the root turn's end, then the next turn's
        start = len(world.history) if self.start is None else self.start
        ended = sum(1 for seat, code in world.history[start:] if self.ends_turn(seat, code))
        for _ in range(MAX_ROLLOUT_MOVES):
            if world.is_over or ended >= ends and (self.own_turn or world.current == self.seat):
                return
            seat = world.current
            view = self.world_view(world, seat)
            if seat == self.seat:
                action = plain_hard_choice(view, rng, self.roll_budget)[0]
            else:
                action = medium_choice(view, rng, self.roll_budget)[0]
            world.apply(seat, action)
            if self.ends_turn(seat, action.code):
                ended += 1
            elif world.spite_open and world.current == seat:
                self.spite_back(world)

    def ends_turn(self, seat: int, code: str) -> bool:
        """Whether ``seat``'s move ``code`` is the searching seat ending its turn."""
        return seat == self.seat and (code == END or code.startswith("store"))

    def spite_back(self, world: SpiteMaliceState) -> None:
        """The others' Spite out of turn after a card lands (the first who would; the
        searching seat by its own judgement, the others by medium's)."""
        for step in range(1, world.players):
            seat = (world.current + step) % world.players
            if not any(is_wild(card) for card in world.hands[seat]):
                continue
            view = SpiteMaliceSearch.world_view(world, seat)
            judge = self.own_spite if seat == self.seat else spite_choice
            action = judge(view, True)
            if action is not None:
                world.apply(seat, action)
                return

    def value(self, world: SpiteMaliceState) -> list[float]:
        players = world.players
        if world.is_over:
            result = world.result
            first = result.ranking[0] if result is not None else list(range(players))
            return [1.0 / len(first) if seat in first else 0.0 for seat in range(players)]
        needs = {len(pile) + 1 for pile in world.builds}
        weights = []
        for seat in range(players):
            left: float = world.cards_left(seat)
            up = world.ups[seat][-1] if world.ups[seat] else None
            if up is not None and (is_wild(up) or card_value(up) in needs):
                left -= self.reach
            weights.append(math.exp(-self.sharpness * left))
        total = sum(weights)
        return [weight / total for weight in weights]


class HardSpiteMaliceBot(MediumSpiteMaliceBot):
    """Hard's plain play (``plain_hard_choice``); where it has a close alternative
    (holding back, a build passed over) the one ISMCTS decides, with
    ``SpiteMaliceSearch`` and ``rounds`` sampled worlds (its think budget on the table).
    Spite (in turn and out of turn): medium's judgement of when, hard's of which card
    (``hard_spite_choice``), a little quicker."""

    level = "hard"
    spite = staticmethod(hard_spite_choice)
    think_budget = 0.150
    searches = True
    # The search's settings (``SpiteMaliceSearch``):
    rounds = 16  # worlds per search without a think budget (tests, sim)
    roll_budget = 15  # positions of the plan search in the tree and the roll-outs
    margin = 1.0  # how close to hard's plain move (by the plan's score) a move is weighed
    width = 3  # moves weighed at most
    # The alternatives weighed: "hold" (stop building), "passed" (a build the plan passed
    # over); "bury" (a BURY at the next player whenever hard holds one) lost games.
    kinds: tuple[str, ...] = ("hold", "passed")
    lead = 10.0  # hard's plain move's prior against 1 for each other move
    own_turn = True  # roll-outs play its own next turn too
    sharpness = 0.5  # value: exp(-sharpness x cards left) ...
    reach = 0.5  # ... an UP card a Build Pile takes now counting this much less
    exploration = 0.7

    def fallback(self, view: SeatView) -> Action:
        return super().choose(view)  # medium's plan, with hard's Spite

    def choose(self, view: SeatView) -> Action:
        game = SpiteMaliceSearch(view.seat, self.rng, self)
        moves = game.choices(view)[0]
        if len(moves) == 1:
            return moves[0]
        return ismcts(view, game, self.think_clock(self.rounds), self.rng, self.exploration)


BOTS: dict[str, type[Bot]] = {
    "easy": EasySpiteMaliceBot,
    "medium": MediumSpiteMaliceBot,
    "hard": HardSpiteMaliceBot,
}
