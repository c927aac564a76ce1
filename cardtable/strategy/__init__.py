"""The bots: a random baseline, per-game heuristics and search. Pure Python.

``make_bot(game_id, level, rng)`` is how everything else gets a bot; ``levels(game_id)``
lists what a game offers (every game whose hard bot searches also offers expert: hard with
four times the search); ``LEVEL_WORDS`` says in a line what each level is. A bot sees only its
seat's ``SeatView``.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine import Rng

from .base import EXPERT_SCALE, Bot, RandomBot, SeatView, ThinkClock, expert_of, view_for
from .reaction import EQUAL, PROFILES, ReactionProfile

_BOTS: dict[str, dict[str, type[Bot]]] = {}

#: What each level is, in a line (the rules help lists a game's levels with these).
LEVEL_WORDS = {
    "random": "makes any legal move at random: the baseline every other level must beat.",
    "easy": "a casual player: a simple plan, and now and then a slip.",
    "medium": "a steady player who plays the game's common sense.",
    "hard": "the strongest judgement: it weighs what the others may hold and, where the "
    "game allows, searches ahead.",
    "expert": "hard with four times the thinking, for a real fight: it may take a moment "
    "longer over a move.",
}


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


def register_bots(game_id: str, bots: dict[str, type[Bot]]) -> None:
    """``bots`` by level; random is added in front if the game has none of its own, and
    expert (``expert_of`` its hard bot) after hard when hard searches (``Bot.searches``):
    a game whose hard bot plays by judgement alone offers no expert, which would be hard
    under another name."""
    table = {"random": RandomBot, **bots}
    if "hard" in table and "expert" not in table and table["hard"].searches:
        table["expert"] = expert_of(table["hard"])
    _BOTS[game_id] = table


def levels(game_id: str) -> list[str]:
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
    "races",
    "register_bots",
    "view_for",
]
