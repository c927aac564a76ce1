"""The one search every game's hard bot uses: single-observer information-set Monte Carlo
tree search (ISMCTS, Cowling, Powley and Whitehouse 2012).

The searching seat never sees the true state. Each round deals one world consistent with
its observation (``view.sample_world``, the engine's ``sample_hidden``), walks down one
tree shared by every world, choosing among the children whose moves are legal in this
world, adds one new move, lets the game play the world on (``SearchGame.rollout``) and
credits every node on the way with the result (``SearchGame.value``) of the seat that made
its move. The move it returns is the root move tried most often.

- Nodes are keyed by ``(seat, action code)``: the same move in two worlds is one node.
- Selection is UCB1 with availability counts (a child's exploration term counts the
  rounds in which its move was legal, not its parent's visits), plus the game's optional
  prior as progressive bias (``PRIOR_WEIGHT * prior / (1 + visits)``).
- Expansion adds one untried move per round: the one with the highest prior, or with no
  prior one drawn with the search's ``rng``.
- Several seats in ``world.to_act`` (simultaneous steps): at the root the searching seat
  moves first (its own choice cannot depend on the others' hidden ones); below the root
  the seats move in seat order.
- A world in which nobody is to act (the game is over, or a timed window is open that only
  its close ends, a slap round nobody joins) is a leaf: the game's ``rollout`` decides what
  happens next (it may close the window and play on), then ``value`` judges it.
- Anytime: one round per ``clock.more()``. With a fixed-rounds clock the same ``rng`` gives
  the same move (tests and ``cardtable sim``). Equal visits go to the better mean, then
  the higher prior, then the move listed first in the seat's legal actions.

``common_worlds`` is the search's flat form, for a game whose moves differ by less than one
world's luck (MEAN!): every move is played out in the same worlds (common random numbers),
so the luck of a world touches every move alike, and the best total wins.

Not for: what a game knows (its policies, priors and evaluations are the ``SearchGame``
each game writes in its own bot module), nor observation building (a game's policy builds
what it needs, when it needs it).
"""

from __future__ import annotations

import math
from typing import Any, Protocol, TypeVar

from cardtable.engine import Action, GameState, Rng

from .base import SeatView, ThinkClock

# How much a move's prior weighs against its results, fading as the move is tried.
PRIOR_WEIGHT = 1.0


# The game's own state class: the worlds it is handed are its own game's states.
World = TypeVar("World", bound=GameState, contravariant=True)


class SearchGame(Protocol[World]):
    """A game's knowledge, given to the one search. The search hands it worlds of its own
    game (sampled from its seat's view) but knows them only as game states: hence the
    search's ``SearchGame[Any]``."""

    def moves(self, world: World, seat: int) -> list[Action]:
        """The moves the tree considers for ``seat`` at a node (the legal ones, or a
        pruned few by prior). Every one must be legal in ``world``."""
        ...

    def rollout(self, world: World, rng: Rng) -> None:
        """Play ``world`` on from here with the game's fast policy (the medium bot's
        judgement), to the end or to a depth the game chooses; it may close windows."""
        ...

    def value(self, world: World) -> list[float]:
        """Per seat, in [0, 1], higher is better: the result at the end, else an estimate."""
        ...

    def prior(self, world: World, seat: int, moves: list[Action]) -> list[float] | None:
        """Optional move priors (non-negative weights, one per move, progressive bias);
        None: uniform."""
        ...


class Node:
    """One move in the shared tree: the seat that made it, its statistics, its children."""

    __slots__ = ("seat", "visits", "total", "available", "bias", "children")

    def __init__(self, seat: int, bias: float = 0.0):
        self.seat = seat  # the seat that moved into this node (-1 for the root)
        self.visits = 0
        self.total = 0.0  # sum of that seat's values over the rounds through here
        self.available = 1  # rounds in which this move was legal where its parent was met
        self.bias = bias  # PRIOR_WEIGHT times the move's normalised prior
        self.children: dict[tuple[int, str], Node] = {}

    def score(self, exploration: float) -> float:
        """UCB1 with the availability count, plus the fading prior."""
        visits = self.visits
        return (
            self.total / visits
            + exploration * math.sqrt(math.log(self.available) / visits)
            + self.bias / (1 + visits)
        )


def ismcts(
    view: SeatView, game: SearchGame[Any], clock: ThinkClock, rng: Rng, exploration: float = 0.7
) -> Action:
    """The move ``view.seat`` should make, by as many rounds as ``clock`` allows (see the
    module docstring). Always one of ``view.legal_actions``."""
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    root = Node(-1)
    order = {action.code: index for index, action in enumerate(legal)}

    def rank(action: Action) -> tuple[int, float, float, int]:
        node = root.children.get((view.seat, action.code))
        if node is None or not node.visits:
            return (0, 0.0, 0.0, -order[action.code])
        return (node.visits, node.total / node.visits, node.bias, -order[action.code])

    clock.best = lambda: max(legal, key=rank)
    while clock.more():
        world = view.sample_world(rng)
        one_round(root, world, view.seat, game, rng, exploration)
    return clock.best()


def common_worlds(
    view: SeatView,
    game: SearchGame[Any],
    moves: list[Action],
    clock: ThinkClock,
    rng: Rng,
    head_start: float = 0.0,
) -> Action:
    """The best of ``moves`` (legal for ``view.seat``) by flat Monte Carlo in common worlds:
    each round deals one world (``view.sample_world``) and plays every move out in its own
    copy of it (``game.rollout``, then ``game.value`` for the seat). The first move is
    ``head_start`` of a win a round ahead (a game's own choice, which the others must beat
    by more than a few worlds' noise); on equal totals the move listed first wins."""
    seat = view.seat
    totals = [0.0] * len(moves)

    def best() -> Action:
        ahead = [totals[0] + head_start * clock.done, *totals[1:]]
        return moves[max(range(len(moves)), key=lambda index: (ahead[index], -index))]

    clock.best = best
    while clock.more():
        world = view.sample_world(rng)
        for index, action in enumerate(moves):
            trial = world.copy()
            trial.apply(seat, action)
            game.rollout(trial, rng)
            totals[index] += game.value(trial)[seat]
    return best()


def one_round(
    root: Node, world: GameState, me: int, game: SearchGame[Any], rng: Rng, exploration: float
) -> None:
    """One round in one world: select, expand, roll out, back-propagate."""
    path = [root]
    node = root
    seat: int | None = me
    while seat is not None:
        moves = game.moves(world, seat)
        if not moves:
            break
        children = node.children
        untried: list[Action] = []
        best: Node | None = None
        best_move: Action | None = None
        best_score = -math.inf
        for action in moves:
            child = children.get((seat, action.code))
            if child is None:
                untried.append(action)
                continue
            child.available += 1
            if child.visits:
                score = child.score(exploration)
                if score > best_score:
                    best, best_move, best_score = child, action, score
        if untried:
            action, bias = expand_choice(world, seat, moves, untried, game, rng)
            child = Node(seat, bias)
            children[(seat, action.code)] = child
            world.apply(seat, action)
            path.append(child)
            break
        if best is None or best_move is None:
            break
        world.apply(seat, best_move)
        path.append(best)
        node = best
        seat = next_to_act(world)
    game.rollout(world, rng)
    values = game.value(world)
    for visited in path:
        visited.visits += 1
        if visited.seat >= 0:
            visited.total += values[visited.seat]


def next_to_act(world: GameState) -> int | None:
    """Below the root: the lowest seat to act, or None when nobody is (a leaf)."""
    if world.is_over:
        return None
    seats = world.to_act
    return min(seats) if seats else None


def expand_choice(
    world: GameState,
    seat: int,
    moves: list[Action],
    untried: list[Action],
    game: SearchGame[Any],
    rng: Rng,
) -> tuple[Action, float]:
    """The untried move to add and its progressive bias: the move with the highest prior
    (the first listed on a tie) and its share of all the moves' priors, or with no prior
    one drawn at random and no bias."""
    priors = game.prior(world, seat, moves)
    if priors is None:
        return (untried[0] if len(untried) == 1 else rng.choice(untried)), 0.0
    weight = {action.code: p for action, p in zip(moves, priors, strict=True)}
    action = max(untried, key=lambda move: weight[move.code])
    whole = sum(priors)
    return action, (PRIOR_WEIGHT * weight[action.code] / whole if whole > 0 else 0.0)
