"""One conformance test for every registered game, at every player count, over many seeds
(OpenSpiel's random_sim_test, for our contract). A game gets all of it by registering.

Random legal play to the end, run by the referee (``cardtable.play``) like any match; at
every decision: cards are conserved, every seat to act has a legal move, ``check`` says
None exactly for the legal codes (on random, mutated and junk codes, for every seat), a
refused move changes nothing and says why, a ``copy()`` is independent of its original
both ways, no observation shows a card its seat cannot see, and the same seed and actions
give the same events.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from cardtable.engine import IllegalAction, MatchRecord, Rng
from cardtable.games import registry
from cardtable.play import Referee
from cardtable.strategy import Bot

SEEDS = range(6)
MAX_STEPS = 12_000

# Every game at every player count and seed; in the everyday tier only the first seed at
# the fewest and the most players.
CASES = [
    pytest.param(
        info.id,
        players,
        seed,
        marks=(
            ()
            if seed == SEEDS[0] and players in (info.min_players, info.max_players)
            else pytest.mark.slow
        ),
    )
    for info in registry.all()
    for players in range(info.min_players, info.max_players + 1)
    for seed in SEEDS
]


def snapshot(state):
    """Everything observable about a state, to prove a refused move changed nothing."""
    return (
        json.dumps([state.observation(s) for s in range(state.players)], sort_keys=True),
        sorted((name, tuple(zone.cards)) for name, zone in state.zones().items()),
        tuple(state.history),
        state.card_counts(),
    )


# Words and numbers a mutated code may take: every verb and keyword of the games, numbers
# small, negative, huge and spelled oddly, and a few cards.
WORDS = [
    "play", "dir", "swap", "with", "punish", "bid", "hit", "draw", "as", "up", "down", "W",
    "pass", "0", "1", "6", "7", "12", "15", "16", "-1", "-5", "07", "99", "10000000000000000000",
    "1.5", "HIT-HAND", "R3", "G-CUT", "Y-FLIP", "HIT-2", "ZZ", "", "７",
]  # fmt: skip


def codes_to_try(state, seat, legal, rng):
    """Codes around the legal ones: each legal code, the same with one word changed, added
    or dropped, other seats' codes, spacing and case variants, and plain junk."""
    tries = set(legal)
    for other in range(state.players):
        tries.update(a.code for a in state.legal_actions(other))
    for code in list(tries)[:40]:
        words = code.split(" ")
        at = rng.randint(0, len(words) - 1)
        tries.add(" ".join(words[:at] + [rng.choice(WORDS)] + words[at + 1 :]))
        tries.add(" ".join(words[:at] + words[at + 1 :]))
        tries.add(" ".join(words + [rng.choice(WORDS)]))
        tries.add(" ".join(words[:2] + words[1:]))  # one card more of the same
        for index, word in enumerate(words):
            if word.lstrip("-").isdigit():  # a neighbouring number
                for step in (-1, 1):
                    tries.add(
                        " ".join(words[:index] + [str(int(word) + step)] + words[index + 1 :])
                    )
        tries.add(code.upper())
        tries.add(f" {code}")
        tries.add(code.replace(" ", "  "))
    for _ in range(12):
        tries.add(" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 5))))
    tries.update(["", " ", "play", "bid", "swap with", "punish", "play W as", "dir sideways"])
    return sorted(tries)


class Harness(Bot):
    """The random player of the conformance run, seated by the referee like any bot.

    Not a player: a test harness that also holds the whole state, to check the contract
    at every decision it is asked for. It plays uniformly at random among the legal
    moves; a move that seats not to act may make too (a fake-out slap) is mostly left out,
    taken one time in twenty: played as often as a real move it stalls a game forever."""

    def __init__(self, rng, state, deck, checks):
        super().__init__(rng)
        self.state, self.deck, self.checks = state, deck, checks
        self.check_rng = rng.spawn("check")
        self.decisions = 0
        self.failures: list[Exception] = []

    def reaction_delay(self, view):
        # In a timed window: hit at a random moment, or (one time in three) not at all.
        return None if self.rng.random() < 1 / 3 else self.rng.uniform(0.0, 3.0)

    def choose(self, view):
        # The referee would replace a bot that raises by a random move: a failed check is
        # kept to fail the test after the run.
        try:
            return self.decide(view)
        except Exception as failure:
            self.failures.append(failure)
            raise

    def decide(self, view):
        state = self.state
        self.decisions += 1
        assert state.card_counts() == self.deck, "cards not conserved"
        assert state.to_act, "a game that is not over must have a seat to act"
        for seat in state.to_act:
            assert state.legal_actions(seat), f"seat {seat} must act but has no legal move"
        if self.checks and self.decisions % 3 == 0:
            check_every_code(state, self.check_rng)
            check_copies(state, view.seat, self.check_rng)
            check_secrets(state, self.check_rng.spawn(self.decisions))
        json.dumps(view.observation)
        legal = view.legal_actions
        out_of_turn = {
            action.code
            for other in range(state.players)
            if other not in state.to_act
            for action in state.legal_actions(other)
        }
        in_turn = [action for action in legal if action.code not in out_of_turn]
        if in_turn and len(in_turn) < len(legal) and self.rng.random() < 0.95:
            return self.rng.choice(in_turn)
        return self.rng.choice(legal)


def check_every_code(state, rng):
    """(a) ``check`` is None exactly for the legal codes, for every seat; a refused move
    says why and changes nothing."""
    before = snapshot(state)
    for seat in range(state.players):
        legal = {a.code for a in state.legal_actions(seat)}
        for code in codes_to_try(state, seat, legal, rng):
            reason = state.check(seat, code)
            assert (reason is None) == (code in legal), (seat, code, reason)
            if reason is not None:
                assert isinstance(reason, str) and reason.strip(), "a refusal says why"
                assert "\n" not in reason
                if " ".join(code.split()) not in legal:  # apply reads spacing loosely
                    with pytest.raises(IllegalAction) as refused:
                        state.apply(seat, code)
                    assert refused.value.reason
    for seat in (-1, state.players, True, "0"):
        assert state.check(seat, "hit") is not None
    assert snapshot(state) == before, "a refused move changed the state"


def check_copies(state, seat, rng):
    """(b) A copy is independent: moves applied to it leave the original as it was."""
    before = snapshot(state)
    twin = state.copy()
    assert snapshot(twin) == before
    for _ in range(3):
        if twin.is_over:
            break
        if twin.window is not None:
            twin.close_window()
            continue
        mover = twin.to_act[0]
        twin.apply(mover, rng.choice(twin.legal_actions(mover)))
    assert twin.history != state.history
    assert snapshot(state) == before, "a move on a copy changed the original"


def check_secrets(state, rng):
    for viewer in range(state.players):
        world = state.sample_hidden(viewer, rng.spawn(viewer))
        assert world.observation(viewer) == state.observation(viewer), (
            f"seat {viewer}'s observation depends on cards it cannot see"
        )
        assert [a.code for a in world.legal_actions(viewer)] == [
            a.code for a in state.legal_actions(viewer)
        ]
        # The zones sample_hidden_zones hands back are the world's own, after the reshuffle
        # (the soak builds the world's observation from them), and the same sample.
        twin, zones = state.sample_hidden_zones(viewer, rng.spawn(viewer))
        held = {name: list(zone.cards) for name, zone in zones.items()}
        assert held == {name: zone.cards for name, zone in twin.zones().items()}
        assert held == {name: zone.cards for name, zone in world.zones().items()}


def play_through(info, players, seed, checks=True):
    state = info.new_game(players=players, seed=seed)
    deck = Counter(info.full_deck(players))
    assert state.card_counts() == deck, "setup must hold every card exactly once"
    bots = [Harness(Rng(f"play/{seed}/{s}"), state, deck, checks) for s in range(players)]
    events_seen = []
    referee = Referee(state, bots, ["random"] * players)
    referee.run(max_steps=MAX_STEPS, on_events=lambda ev: events_seen.append(list(map(str, ev))))
    for bot in bots:
        if bot.failures:
            raise bot.failures[0]
    assert state.card_counts() == deck
    assert state.result is not None
    assert len(state.result.scores) == players
    assert sorted(s for place in state.result.ranking for s in place) == list(range(players))
    return referee, events_seen


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_random_play_keeps_every_rule_of_the_contract(game_id, players, seed):
    info = registry.get(game_id)
    referee, events = play_through(info, players, seed)
    state = referee.state
    # The same seed and actions give the same game, event for event.
    record = MatchRecord.from_json(referee.record().to_json())
    replayed = registry.replay(record)
    assert replayed.history == state.history
    assert snapshot(replayed) == snapshot(state)
    again, events_again = play_through(info, players, seed, checks=False)
    assert events_again == events
    assert again.state.history == state.history


def test_a_copy_is_independent_of_its_original_both_ways():
    for info in registry.all():
        state = info.new_game(info.min_players, seed=3)
        twin = state.copy()
        before = snapshot(twin)
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
        assert snapshot(twin) == before, f"{info.id}: a move on the original changed its copy"
        assert twin.history == [] and state.history
        drawn = state.rng.getstate()
        twin.rng.random()
        assert state.rng.getstate() == drawn, f"{info.id}: the copy shares its generator"


def test_the_harness_checks_every_kind_of_code():
    # The mutations reach refusals of every shape: a code of another seat, a changed word,
    # junk and spacing; and the legal codes themselves.
    state = registry.get("mean").new_game(3, seed=1)
    seat = state.to_act[0]
    legal = {a.code for a in state.legal_actions(seat)}
    tried = codes_to_try(state, seat, legal, Rng(1))
    assert legal <= set(tried)
    assert "" in tried and any(code.startswith(" ") for code in tried)
    assert any("10000000000000000000" in code for code in tried)
    assert len([code for code in tried if code not in legal]) > 3 * len(legal)
