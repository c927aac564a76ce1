"""The bots: a random baseline, per-game heuristics and search. Pure Python.

``make_bot(game_id, level, rng)`` is how everything else gets a bot. ``levels(game_id)``
lists what a game offers at its setup and on the command line: only the levels that
benchmarks on several seeds show stronger than the one below (``catalog.OFFERED``, the one
place that says so). ``playable(game_id)`` lists every level a game's bots can play: also
expert (hard with four times the search, for every game whose hard bot searches), which
a saved game or record may name and ``cardtable sim`` measures. ``LEVEL_WORDS`` says in a
line what each level is. A bot sees only its seat's ``SeatView``.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine import Rng

from .base import EXPERT_SCALE, Bot, RandomBot, SeatView, ThinkClock, expert_of, view_for
from .reaction import EQUAL, PROFILES, ReactionProfile

_BOTS: dict[str, dict[str, type[Bot]]] = {}
_OFFERED: dict[str, tuple[str, ...]] = {}

#: What each level is, in a line (the rules help lists a game's levels with these, and the
#: setup says what the level under the pointer is).
LEVEL_WORDS = {
    "random": "any legal move at random, the baseline every level must beat.",
    "easy": "a casual player with a simple plan, who slips now and then.",
    "medium": "a steady player who plays the game's common sense.",
    "hard": "the strongest level, weighing what the others may hold and searching ahead.",
    "expert": "hard with four times the thinking, not measured stronger than hard: kept only "
    "for games saved with it.",
}

#: The level whose move a hint shows, at this computer or for a player at another.
HINT_LEVEL = "hard"


def levels_help(game_id: str) -> str:
    """The rules help's section on a game's computer players: each level it offers in a
    line, and for a game whose bots race, how fast each level reacts (markdown)."""
    lines = ["## The computer players", ""]
    lines += [f"- **{level}**: {LEVEL_WORDS.get(level, '')}" for level in levels(game_id)]
    if races(game_id):
        offered = [level for level in levels(game_id) if level in PROFILES]
        paces = ", ".join(f"{level} {PROFILES[level].mean:.2f} s" for level in offered)
        separate = (
            " Strength and speed are separate: expert thinks longer than hard but is no quicker."
            if "expert" in offered
            else ""
        )
        lines += [
            "",
            "In a race (a slap, a move out of turn) each level reacts at a human pace, "
            f"drawn afresh each time; on average {paces}.{separate}",
        ]
    return "\n".join(lines) + "\n"


def register_bots(
    game_id: str, bots: dict[str, type[Bot]], offered: Sequence[str] | None = None
) -> None:
    """``bots`` by level; random is added in front if the game has none of its own, and
    expert (``expert_of`` its hard bot) after hard when hard searches (``Bot.searches``):
    a game whose hard bot plays by judgement alone has no expert, which would be hard
    under another name. ``offered``: the levels the game offers (``levels``), when not all
    of them; registering again without it leaves what is offered as it was."""
    table: dict[str, type[Bot]] = {"random": RandomBot, **bots}
    if "hard" in table and "expert" not in table and table["hard"].searches:
        table["expert"] = expert_of(table["hard"])
    if offered is not None:
        unknown = [level for level in offered if level not in table]
        if unknown:
            raise KeyError(f"{game_id} cannot offer {', '.join(unknown)}: it has no such bot")
        _OFFERED[game_id] = tuple(offered)
    _BOTS[game_id] = table


def levels(game_id: str) -> list[str]:
    """The levels a game offers at its setup and on the command line, weakest first."""
    every = playable(game_id)  # the catalog loaded first: it says what is offered
    offered = _OFFERED.get(game_id)
    return [level for level in every if offered is None or level in offered]


def usual_level(game_id: str) -> str:
    """The level a bot seat gets until another is chosen (the setup; ``cardtable play``
    and ``watch`` without ``--seats``): medium where the game offers it, else the offered
    level nearest below it."""
    offered = levels(game_id)
    return next((level for level in ("medium", "easy", "random") if level in offered), offered[-1])


def playable(game_id: str) -> list[str]:
    """Every level the game's bots can play, weakest first: those it offers and any it
    no longer offers (expert), which a saved game or record may name and ``cardtable
    sim`` measures."""
    _load()
    return list(_BOTS.get(game_id, {"random": RandomBot}))


def races(game_id: str) -> bool:
    """Whether the game's bots ever race: react in a timed window (a slap round) or make
    a move out of turn. Only then does their reaction profile matter."""
    _load()
    table = _BOTS.get(game_id, {})
    return any(
        bot.reaction_delay is not Bot.reaction_delay or bot.out_of_turn is not Bot.out_of_turn
        for bot in table.values()
        if bot is not RandomBot  # the generic baseline answers for any game
    )


def make_bot(
    game_id: str,
    level: str,
    rng: Rng,
    timed: bool = False,
    rounds: int | None = None,
    reaction: ReactionProfile | None = None,
) -> Bot:
    """A bot of ``level``; ``timed``: its search uses its think budget (the table), not a
    fixed number of roll-outs (tests and ``sim``: the same seed, the same game).
    ``rounds``: every search it makes runs that many rounds (sampled worlds) instead of
    its level's own, fixed whether timed or not (the soak exercises the hard bots' code
    at a small cost); levels that do not search ignore it. ``reaction``: the profile it
    reacts by instead of its level's own."""
    _load()
    table = _BOTS.get(game_id, {"random": RandomBot})
    if level not in table:
        raise KeyError(f"no {level!r} bot for {game_id} (levels: {', '.join(table)})")
    if rounds is not None and (type(rounds) is not int or rounds < 1):
        raise ValueError(f"a search needs at least 1 round, not {rounds!r}")
    bot = table[level](rng, timed=timed)
    bot.search_rounds = rounds
    bot.reaction = reaction
    return bot


def make_bots(
    game_id: str,
    levels: Sequence[str],
    seed: int | str,
    timed: bool = False,
    rounds: int | None = None,
    equal_slap: bool = False,
) -> list[Bot]:
    """One bot per seat at the given levels, each with its own generator from ``seed``
    (the table and ``cardtable sim`` seed them alike, so a seed gives the same game);
    ``timed`` and ``rounds`` as for ``make_bot``; ``equal_slap``: every bot reacts by the
    same profile (medium's), so only their play differs."""
    reaction = PROFILES[EQUAL] if equal_slap else None
    return [
        make_bot(
            game_id,
            level,
            Rng(f"bot/{seed}/{seat}/{level}"),
            timed=timed,
            rounds=rounds,
            reaction=reaction,
        )
        for seat, level in enumerate(levels)
    ]


def _load() -> None:
    if _BOTS:
        return
    from . import catalog  # noqa: F401  (registers every game's bots)


__all__ = [
    "EXPERT_SCALE",
    "HINT_LEVEL",
    "LEVEL_WORDS",
    "Bot",
    "RandomBot",
    "ReactionProfile",
    "SeatView",
    "ThinkClock",
    "levels",
    "levels_help",
    "make_bot",
    "make_bots",
    "playable",
    "races",
    "register_bots",
    "usual_level",
    "view_for",
]
