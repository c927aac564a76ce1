"""What a bot is and what it sees.

A bot gets a ``SeatView``: its seat's observation, its legal actions, and a way to sample
whole worlds consistent with that observation (for search). It never gets the true state.
Not for: the bots of a particular game (see the per-game modules).
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from cardtable.engine import Rng

from .reaction import ReactionProfile, profile_for

if TYPE_CHECKING:
    from cardtable.engine import Action, GameState


class SeatView:
    """Everything a bot may use to decide, for one seat: ``seat``, ``observation``,
    ``legal_actions`` and ``sample_world``. ``observation`` may be given as a function
    that makes it: it is then made when a bot first reads it (a random bot never does)."""

    def __init__(
        self,
        seat: int,
        observation: dict[str, Any] | Callable[[], dict[str, Any]],
        legal_actions: list[Action],
        _sampler: Callable[[Rng], GameState] | None = None,
    ):
        self.seat = seat
        self._observation = observation
        self.legal_actions = legal_actions
        self._sampler = _sampler

    def __repr__(self) -> str:
        return f"SeatView(seat={self.seat}, legal_actions={self.legal_actions!r})"

    @property
    def observation(self) -> dict[str, Any]:
        made = self._observation
        if callable(made):
            made = self._observation = made()
        return made

    def sample_world(self, rng: Rng) -> GameState:
        """A whole game state consistent with this observation, hidden cards drawn at
        random from what the seat cannot see (the state's ``sample_hidden``)."""
        if self._sampler is None:
            raise RuntimeError("this view was made without a world sampler")
        return self._sampler(rng)

    @property
    def codes(self) -> list[str]:
        return [action.code for action in self.legal_actions]


def view_for(state: GameState, seat: int) -> SeatView:
    """The view a bot at ``seat`` gets of ``state`` (its observation made when first read:
    the bot decides before the state changes)."""
    return SeatView(
        seat=seat,
        observation=partial(state.observation, seat),
        legal_actions=state.legal_actions(seat),
        _sampler=lambda rng: state.sample_hidden(seat, rng),
    )


class ThinkClock:
    """How long a search goes on: a fixed number of rounds (the same seed, the same move:
    tests and ``cardtable sim``), or, with a think budget, as many rounds as fit in it (the
    table: the bot is as strong as the machine allows and never slower than its budget).

    ``while clock.more(): ...`` runs one round per pass, at least one. With a budget it
    stops when one more round, half again as long as the longest so far, would overrun it,
    and after ``most`` rounds when that is given.

    A search sets ``best`` to what it would answer if stopped now; with a budget, the
    clock tells it to ``report`` (set by the bot pool's worker) every ``REPORT_EVERY``
    seconds, so the table can play the best move found so far when a starved search has
    not answered by the budget's end.
    """

    REPORT_EVERY = 0.02  # seconds between two reports of the best move so far
    # Where the best move so far goes (the worker sets it while a decision runs).
    report: Callable[[Any], None] | None = None

    def __init__(
        self,
        rounds: int,
        budget: float | None,
        started: float | None = None,
        most: int | None = None,
    ):
        self.rounds = rounds
        self.budget = budget
        self.most = most
        self.done = 0
        self._last = time.perf_counter()
        # ``started``: when the decision was asked for (``time.perf_counter``), if before
        # now: the time it waited to be taken up counts against the budget.
        self.started = self._last if started is None else min(started, self._last)
        self.longest = 0.0
        self.best: Callable[[], Any] | None = None
        self._reported = self._last

    def more(self) -> bool:
        if self.budget is None:
            go = self.done < self.rounds
        else:
            now = time.perf_counter()
            if self.done:
                self.longest = max(self.longest, now - self._last)
                report = ThinkClock.report
                if report and self.best and now - self._reported >= self.REPORT_EVERY:
                    self._reported = now
                    report(self.best())
            self._last = now
            # Half a round to spare: on a busy machine one round can run long.
            go = self.done == 0 or now - self.started + 1.5 * self.longest <= self.budget
            if self.most is not None and self.done >= self.most:
                go = False
        self.done += go
        return go


class Bot(ABC):
    """A player the computer plays. ``rng`` is its own seeded generator.

    ``think_budget`` is the level's setting: the seconds its search may take on one move,
    on the wall clock (None: a level that does not search; every level that searches has
    one, and answers with the best move found when it is spent). A bot made with
    ``timed=True`` (the table) searches until the budget is spent; otherwise (tests,
    ``cardtable sim``) its search runs a fixed number of roll-outs, so the same seed gives
    the same game.
    ``budget_scale`` multiplies both (the expert level: four times hard's).

    In a race (a slap round, a move out of turn) it reacts after ``reaction_time()``
    seconds, drawn from its level's profile (``cardtable.strategy.reaction``) or from
    ``reaction`` when that is set (``--equal-slap`` gives every bot the same).
    """

    level = "bot"
    think_budget: float | None = None
    budget_scale = 1
    # Whether this bot's moves come from a search (``think_clock``): only then does a game
    # offer an expert level above it (a four-fold search of nothing would be hard renamed).
    searches = False
    # Every search of this bot runs this many rounds instead of its level's own (None: the
    # level's own). ``make_bot(..., rounds=N)`` sets it: the soak runs hard seats with a few.
    # It is not scaled: it says how many rounds, whatever the level.
    search_rounds: int | None = None
    # The reaction profile instead of the level's own (None: the level's own).
    reaction: ReactionProfile | None = None
    # When the decision being made was asked for (``time.perf_counter``, the same clock in
    # every process of the machine), set by whoever hands it on (the bot pool): a timed
    # search's budget runs from then. None: from the moment its search begins.
    asked_at: float | None = None
    # The part of the think budget a search may spend when it is the whole decision: the
    # rest is for the answer's trip back to the table (the bot and its move pickled, sent
    # and read) and for a last round that a busy machine stretches.
    search_share = 0.9

    def __init__(self, rng: Rng, timed: bool = False):
        self.rng = rng
        self.timed = timed

    def think_clock(
        self, rounds: int, share: float | None = None, started: float | None = None
    ) -> ThinkClock:
        """The clock of one search: ``rounds`` rounds (``search_rounds`` when that is
        set), or the think budget when timed; both times ``budget_scale``. ``share``: the
        part of the budget this search may spend (``search_share`` when not given),
        counted from ``started`` (a ``time.perf_counter``: when the decision began), else
        from the moment the decision was asked for (``asked_at``), else from now."""
        if self.search_rounds is not None:
            return ThinkClock(self.search_rounds, None)
        budget = self.think_budget if self.timed else None
        scale = self.budget_scale
        if budget is None:
            return ThinkClock(rounds * scale, None)
        share = self.search_share if share is None else share
        return ThinkClock(rounds * scale, budget * scale * share, self.budget_began(started))

    def budget_began(self, now: float | None = None) -> float | None:
        """When the decision's budget began: when it was asked for (``asked_at``) if that
        is known and earlier, else ``now``."""
        if self.asked_at is None:
            return now
        return self.asked_at if now is None else min(self.asked_at, now)

    def budget_clock(self, rounds: int, started: float | None, share: float = 1.0) -> ThinkClock:
        """A clock for the last part of a decision, which must end by ``share`` of the
        think budget (what is left of it, from ``started``): ``rounds`` rounds at the
        most, and exactly ``rounds`` when not timed (not scaled, not ``search_rounds``: the
        same seed, the same move)."""
        budget = self.think_budget if self.timed else None
        if budget is None:
            return ThinkClock(rounds, None)
        budget *= self.budget_scale * share
        return ThinkClock(rounds, budget, self.budget_began(started), most=rounds)

    def reaction_time(self) -> float:
        """Seconds this bot takes to react in a race, drawn from its own generator."""
        return (self.reaction or profile_for(self.level)).draw(self.rng)

    @abstractmethod
    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal_actions``."""

    def fallback(self, view: SeatView) -> Action | None:
        """A level that searches: the move it makes at once, without searching (its own
        quick judgement, medium's way), played when its decision does not come back in
        time (``cardtable.play``: a worker starved or stuck) instead of a random move.
        None for a level whose choice is quick already."""
        return None

    def reaction_delay(self, view: SeatView) -> float | None:
        """For a timed window (a slap round): seconds until this bot acts, or ``None`` to
        let it pass. The default bot does not race."""
        return None

    def out_of_turn(self, view: SeatView) -> tuple[float, Action] | None:
        """Asked after each move outside a timed window: a move this bot makes without
        waiting for its turn and how many seconds after that move it makes it (an easy
        bot fooled into slapping a card), or ``None``, the usual answer. The move fires
        only if nothing has changed meanwhile."""
        return None

    def think_time(self) -> float:
        """How long the table lets this bot seem to think, in seconds (ui pacing only)."""
        return 0.6


class RandomBot(Bot):
    """Plays a uniformly random legal action: the baseline every other bot must beat."""

    level = "random"

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal_actions)

    def reaction_delay(self, view: SeatView) -> float | None:
        return self.reaction_time()


#: How many times hard's search the expert level makes.
EXPERT_SCALE = 4


def expert_of(hard: type[Bot]) -> type[Bot]:
    """A game's expert level: its hard bot with ``EXPERT_SCALE`` times the search (rounds
    and think budget, through ``think_clock``). One class per hard bot."""
    expert = _EXPERTS.get(hard)
    if expert is None:

        class Expert(hard):  # type: ignore[valid-type, misc]
            __doc__ = f"{hard.__name__} with {EXPERT_SCALE} times the search: the expert level."
            level = "expert"
            budget_scale = EXPERT_SCALE

            def __reduce__(self):
                # Made here, not found in a module: it goes to the bot pool's processes as
                # its hard bot's class and its state, and is made again there.
                return _expert_again, (hard, self.__dict__)

        Expert.__name__ = Expert.__qualname__ = f"Expert{hard.__name__}"
        Expert.__module__ = hard.__module__
        expert = _EXPERTS[hard] = Expert
    return expert


_EXPERTS: dict[type[Bot], type[Bot]] = {}


def _expert_again(hard: type[Bot], state: dict[str, Any]) -> Bot:
    expert = expert_of(hard)
    bot = expert.__new__(expert)
    bot.__dict__.update(state)
    return bot
