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
- hard: the same search with a larger budget; the last choice of its turn (which card to
  store where, or the build medium passed over) is played out in sampled worlds
  (``view.sample_world``): the opponents' turns and its own next turn with medium's plan;
  the choice that gains it the most cards against the others wins. Deterministic for a
  seed: every sample comes from the bot's own generator. (Two more ideas are written and
  measured, and off because they lost games: ``chains``, weighing the chains opponents
  could build from a pile and its own next turn, and ``stop_early``.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.engine import Action, Rng
from cardtable.games.spite_malice import (
    BUILD_SLOTS,
    CAP,
    END,
    HAND_SIZE,
    NO_WILD_VALUES,
    PHASE_GIVE,
    UP,
    Source,
    SpiteMaliceState,
    bordered_deck,
    build_code,
    card_value,
    give_code,
    hand_source,
    is_wild,
    parse,
    plain_deck,
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
W_SELF = 4.0  # hard: the chance of reaching its UP card next turn
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
        draw_odds: dict[int | None, float] | None = None,
    ):
        self.needs = needs
        self.hand = hand
        self.up = up
        self.stores = stores
        self.danger = danger  # value -> how much leaving a pile needing it costs
        # value -> the chance one drawn card has it; hard also weighs its own next turn
        self.draw_odds = draw_odds

    @classmethod
    def from_observation(cls, obs: dict[str, Any], chains: bool = False) -> Turn:
        """``chains``: weigh the chains opponents could build to their UP card (hard)."""
        seat = obs["seat"]
        odds = None
        if chains:
            counts, total = unseen_counts(obs)
            odds = {value: count / total for value, count in counts.items()}
        return cls(
            list(obs["needs"]),
            list(obs["hand"]),
            obs["up_cards"][seat],
            [list(pile) for pile in obs["store_piles"][seat]],
            chain_danger(obs) if chains else danger_of(obs["up_cards"], obs["cards_left"], seat),
            odds,
        )

    @classmethod
    def from_state(cls, state: SpiteMaliceState, seat: int) -> Turn:
        return cls(
            [state.need(p) for p in range(1, BUILD_SLOTS + 1)],
            list(state.hands[seat]),
            state.ups[seat][-1] if state.ups[seat] else None,
            [list(pile) for pile in state.stores[seat]],
            danger_of(
                [up[-1] if up else None for up in state.ups],
                [state.cards_left(s) for s in range(state.players)],
                seat,
            ),
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
            self.draw_odds,
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
        """What the Build Piles left like this give the opponents (negative), and for
        hard what they promise its own next turn."""
        score = -sum(self.danger.get(need, 0.0) for need in set(self.needs))
        if self.draw_odds is not None:
            score += W_SELF * self.own_chance()
        return score

    def own_chance(self) -> float:
        """The chance of building from some Build Pile up to the UP card next turn, if
        nobody touches the piles: Store Pile cards first, then hand cards, then the
        chance that the cards drawn hold each missing value."""
        assert self.draw_odds is not None
        target = card_value(self.up) if self.up is not None else None
        if target is None:
            return 0.0
        draws = HAND_SIZE - max(0, len(self.hand) - 1)
        best = 0.0
        for start in set(self.needs):
            if start > target or start == 1:
                continue
            chance = 1.0
            tops = [list(pile) for pile in self.stores]
            held = [card_value(card) for card in self.hand]
            for need in range(start, target):
                pile = next((p for p in tops if p and card_value(p[-1]) == need), None)
                if pile is not None:
                    pile.pop()
                elif need in held:
                    held.remove(need)
                else:
                    chance *= min(0.9, draws * self.draw_odds.get(need, 0.0))
                if chance < 0.01:
                    break
            best = max(best, chance)
        return best


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


def unseen_counts(obs: dict[str, Any]) -> tuple[dict[int | None, int], int]:
    """How many cards of each value (``None``: Wilds) the seat has not seen anywhere."""
    counts: dict[int | None, int] = {}
    for card in bordered_deck() + plain_deck():
        value = card_value(card)
        counts[value] = counts.get(value, 0) + 1
    seen = list(obs["hand"]) + [c for c in obs["up_cards"] if c is not None]
    seen += [c for piles in obs["store_piles"] for pile in piles for c in pile]
    seen += [c for pile in obs["build_piles"] for c in pile]
    for card in seen:
        counts[card_value(card)] -= 1
    return counts, max(1, sum(counts.values()))


def chain_danger(obs: dict[str, Any]) -> dict[int, float]:
    """value -> the cost of leaving a Build Pile needing it, counting the chains each
    opponent could build from it to their UP card: the Store Pile cards they show, and
    the chance that their hand holds each missing value (or a Wild)."""
    seat, players = obs["seat"], obs["players"]
    counts, total = unseen_counts(obs)
    danger: dict[int, float] = {}
    for step in range(1, players):
        other = (seat + step) % players
        card = obs["up_cards"][other]
        if card is None:
            continue
        weight = DANGER[min(step, len(DANGER)) - 1]
        if obs["cards_left"][other] <= CLOSE:
            weight *= 1.6
        hand = obs["hand_counts"][other] if step > 1 else HAND_SIZE
        target = card_value(card)
        wild_chance = min(0.9, hand * counts.get(None, 0) / total)
        for start in range(2, CAP + 1):
            if target is not None and start > target:
                break
            chance = 1.0
            tops = [list(pile) for pile in obs["store_piles"][other]]
            need = start
            wild_used = False
            while target is not None and need < target and chance > 0.02:
                pile = next((p for p in tops if p and card_value(p[-1]) == need), None)
                if pile is not None:
                    pile.pop()
                else:
                    held = min(0.85, hand * counts.get(need, 0) / total)
                    if not wild_used and need not in NO_WILD_VALUES:
                        held = held + (1 - held) * wild_chance
                        wild_used = True
                    chance *= held
                need += 1
            if target is None:
                chance = 0.5
            danger[start] = danger.get(start, 0.0) + weight * chance
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


def medium_choice(
    view: SeatView, rng: Rng, budget: int, chains: bool = False
) -> tuple[Action, Plan | None]:
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
    plan = search(Turn.from_observation(obs, chains), budget)
    if plan.codes and plan.codes[0] in codes:
        return Action(plan.codes[0]), plan
    stall = stall_spite(view)
    if stall is not None:
        return stall, plan
    builds = [a for a in legal if a.code.startswith(("build", "wild"))]
    store = best_store(view, rng)
    if store is not None:
        return store, plan
    if END in codes:
        return Action(END), plan
    # A 2 that must be played: the best-scoring build.
    return (builds[0] if builds else rng.choice(legal)), plan


class EasySpiteMaliceBot(Bot):
    """Builds what it can, its UP card first; stores at random; never spites."""

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


def fast_turn(state: SpiteMaliceState, seat: int, budget: int) -> None:
    """Play ``seat``'s whole turn in a sampled world with medium's plan (no spite, no
    observation built): used by hard's look-ahead."""
    for _ in range(60):
        if state.is_over or state.current != seat:
            return
        legal = state.legal_actions(seat)
        codes = [a.code for a in legal]
        if state.phase == PHASE_GIVE:
            left = [state.cards_left(s) for s in range(state.players)]
            others = [s for s in range(state.players) if s != seat]
            state.apply(seat, give_code(min(others, key=lambda s: left[s])))
            continue
        plan = search(Turn.from_state(state, seat), budget)
        if plan.codes and plan.codes[0] in codes:
            state.apply(seat, plan.codes[0])
            continue
        stores = [c for c in codes if c.startswith("store")]
        if stores:
            state.apply(seat, max(stores, key=lambda code: fast_store_score(state, seat, code)))
        elif END in codes:
            state.apply(seat, END)
        else:
            builds = [c for c in codes if c.startswith(("build", "wild"))]
            state.apply(seat, builds[0] if builds else codes[0])


def fast_store_score(state: SpiteMaliceState, seat: int, code: str) -> float:
    move = parse(code)
    pile = state.stores[seat][(move.pile or 1) - 1]
    needs = [state.need(p) for p in range(1, BUILD_SLOTS + 1)]
    return store_score(move.card or "", pile, state.hands[seat], needs)


def plays_up(plan: Plan) -> bool:
    """Whether a plan plays the UP card (as a build, a Wild or a Wild's cover)."""
    up = Source(UP)
    for code in plan.codes:
        move = parse(code)
        if move.source == up or move.cover == up:
            return True
    return False


class HardSpiteMaliceBot(MediumSpiteMaliceBot):
    """Medium's plan with a bigger search; then, where its turn ends (which card to store
    where, or the build medium passed over), each choice is played out in sampled worlds:
    every opponent's turn and its own next turn with medium's plan. The choice that gains
    the most cards against the others wins. (``stop_early`` and ``chains`` lost games in
    trials and are off.)"""

    level = "hard"
    budget = 1500
    reaction = (0.3, 0.8)
    worlds = 4
    candidates = 3
    roll_budget = 60  # the opponents' plans in a roll-out
    own_budget = 200  # its own
    stop_early = False  # weigh stopping against medium's builds (it lost games: off)
    # Weigh the opponents' chains and its own next turn in the plan (``chain_danger``,
    # ``Turn.own_chance``): in paired trials on the sim's games it won fewer games than
    # medium's plain danger (see benchmarks/bots.md), so it is off.
    chains = False

    def choose(self, view: SeatView) -> Action:
        action, plan = medium_choice(view, self.rng, self.budget, chains=self.chains)
        obs = view.observation
        legal = view.legal_actions
        if obs["phase"] == PHASE_GIVE or len(legal) == 1 or action.code.startswith("spite"):
            return action
        if plan is not None and plays_up(plan):
            return action  # a plan that plays the UP card is never worth holding back
        candidates = self.candidates_for(view, action)
        if len(candidates) <= 1:
            return action
        totals = [0.0] * len(candidates)
        clock = self.think_clock(self.worlds)
        while clock.more():
            world = view.sample_world(self.rng)
            for index, candidate in enumerate(candidates):
                trial = world.copy()
                trial.apply(view.seat, candidate.code)
                totals[index] += self.roll_out(trial, view.seat)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def candidates_for(self, view: SeatView, action: Action) -> list[Action]:
        """Medium's choice first, then: the best way to stop now (when it builds), or the
        next-best stores and the build it passed over (when it stores)."""
        obs = view.observation
        seat = view.seat
        piles = obs["store_piles"][seat]
        stores = [a for a in view.legal_actions if a.code.startswith("store")]
        stores.sort(
            key=lambda a: (
                -store_score(
                    parse(a.code).card or "",
                    piles[(parse(a.code).pile or 1) - 1],
                    obs["hand"],
                    obs["needs"],
                )
            )
        )
        if action.code.startswith(("build", "wild")):
            return [action] + stores[:1] if self.stop_early else [action]
        out = [action] + [a for a in stores if a != action][: self.candidates - 1]
        builds = [a for a in view.legal_actions if a.code.startswith("build")]
        return out + builds[:1]

    def roll_out(self, state: SpiteMaliceState, seat: int) -> float:
        """Finish this turn, the opponents' turns and our next one with medium's plan;
        the cards we gained against the others (a win or loss counts most)."""
        before = [state.cards_left(s) for s in range(state.players)]
        turns = 0
        passed_me = False
        while not state.is_over and turns < state.players + 1:
            actor = state.current
            budget = self.own_budget if actor == seat else self.roll_budget
            if actor == seat and passed_me:
                fast_turn(state, actor, budget)
                break
            passed_me = passed_me or actor != seat
            fast_turn(state, actor, budget)
            turns += 1
        if state.is_over and state.winner is not None:
            return 50.0 if state.winner == seat else -50.0
        gained = [before[s] - state.cards_left(s) for s in range(state.players)]
        others = [gained[s] for s in range(state.players) if s != seat]
        return 2.0 * gained[seat] - sum(others) / len(others) - 0.5 * max(others)


BOTS: dict[str, type[Bot]] = {
    "easy": EasySpiteMaliceBot,
    "medium": MediumSpiteMaliceBot,
    "hard": HardSpiteMaliceBot,
}
