"""Hit the Deck bots: legal moves only, decided from the seat's observation alone, slapping
at their level's human-like speed; and the referee racing a slap round on its virtual
clock (arrival order, the announce deadline, out-of-turn fake-outs)."""

from __future__ import annotations

import statistics
from functools import partial

import pytest

from cardtable.engine import Action, Rng
from cardtable.games import registry
from cardtable.games.hit_the_deck.vocabulary import ANNOUNCE_SECONDS, HAND_CARD, full_deck
from cardtable.play import Referee, make_bots
from cardtable.strategy import Bot, make_bot, playable, view_for
from cardtable.strategy.hit_the_deck import plays
from cardtable.strategy.reaction import PROFILES

GAME = registry.get("hit-the-deck")
LEVELS = playable(
    "hit-the-deck"
)  # every bot the game has, offered or not (a saved game may name it)
# The slow tier: a searching level through a whole game, and expert's every decision.
WHOLE_GAME_LEVELS = [
    pytest.param(level, marks=pytest.mark.slow) if level in ("hard", "expert") else level
    for level in LEVELS
]
DECIDING_LEVELS = [
    pytest.param(level, marks=pytest.mark.slow) if level == "expert" else level for level in LEVELS
]


def midgame(seed: int, moves: int = 25, players: int = 4):
    """A hand in progress, reached by random play without fake-outs."""
    state = GAME.new_game(players, seed=seed)
    rng = Rng(f"mid/{seed}")
    for _ in range(moves):
        if state.window is not None:
            state.close_window()
            continue
        seat = state.to_act[0]
        legal = [a for a in state.legal_actions(seat) if a.code != "hit"]
        state.apply(seat, rng.choice(legal))
    return state


def test_the_game_has_random_easy_medium_hard_and_expert_bots():
    # Hard decides its cards by the one search: expert is that search four times over.
    assert LEVELS == ["random", "easy", "medium", "hard", "expert"]


def run_window(state, bots):
    """Race the open slap round on the referee's virtual clock, to its close."""
    ref = Referee(state, bots)
    window = state.window.id
    events = []
    while state.window is not None and state.window.id == window:
        events += ref.advance(ref.next_due())
    return events


@pytest.mark.parametrize("level", WHOLE_GAME_LEVELS)
def test_bots_choose_only_legal_moves_through_a_whole_match(level, capsys):
    state = GAME.new_game(3, seed=7, options={"target": 40})
    bots = [make_bot("hit-the-deck", level, Rng(f"t/{s}")) for s in range(3)]
    Referee(state, bots).run(max_steps=20_000)
    assert state.is_over
    # The referee replaces a refused bot move with a random one and says so: it never did.
    assert "failed" not in capsys.readouterr().err


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_bot_never_slaps_the_deck_on_its_own_turn(level):
    bot = make_bot("hit-the-deck", level, Rng("x"))
    for seed in range(6):
        state = midgame(seed)
        if state.window is None:
            seat = state.to_act[0]
            assert bot.choose(view_for(state, seat)).code != "hit"


@pytest.mark.parametrize("level", DECIDING_LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_bot_decides_the_same_whatever_the_cards_it_cannot_see(level, seed):
    state = midgame(seed)
    seat = state.to_act[0] if state.window is None else 0
    world = state.sample_hidden(seat, Rng(f"other/{seed}"))
    assert world.draw_pile != state.draw_pile
    assert world.observation(seat) == state.observation(seat)
    first = make_bot("hit-the-deck", level, Rng("same"))
    second = make_bot("hit-the-deck", level, Rng("same"))
    assert first.choose(view_for(state, seat)) == second.choose(view_for(world, seat))
    assert first.out_of_turn(view_for(state, seat)) == second.out_of_turn(view_for(world, seat))


def slap_open():
    """Seat 1 has just played a Hit the Deck with a Hand card."""
    for seed in range(200):
        state = midgame(seed, moves=0)
        seat = state.to_act[0]
        if state.window is None and "play HIT-HAND" in [a.code for a in state.legal_actions(seat)]:
            state.apply(seat, "play HIT-HAND")
            return state
    raise AssertionError("no seed deals a Hand card to the first player")


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "random"])
def test_bots_slap_after_their_levels_reaction_time(level):
    state = slap_open()
    card_player = state.observation(0)["slap"]["card_player"]
    seat = (card_player + 1) % state.players
    bot = make_bot("hit-the-deck", level, Rng("speed"))
    twin = Rng("speed")
    profile = PROFILES[level]
    delays = [bot.reaction_delay(view_for(state, seat)) for _ in range(400)]
    # Each slap is a fresh draw from the level's profile, from the bot's own generator.
    assert delays == [profile.draw(twin) for _ in range(400)]
    assert len(set(delays)) == len(delays)
    assert abs(statistics.fmean(delays) - profile.mean) < 0.1


def test_the_quicker_levels_slap_first_on_average():
    state = slap_open()
    seat = (state.observation(0)["slap"]["card_player"] + 1) % state.players

    def mean_delay(level: str) -> float:
        bot = make_bot("hit-the-deck", level, Rng(level))
        return statistics.fmean(bot.reaction_delay(view_for(state, seat)) for _ in range(400))

    assert mean_delay("hard") < mean_delay("medium") < mean_delay("easy")


def test_with_equal_slap_every_level_slaps_at_mediums_pace():
    state = slap_open()
    seat = (state.observation(0)["slap"]["card_player"] + 1) % state.players
    bots = make_bots("hit-the-deck", ["hard", "easy", "random", "medium"], 3, equal_slap=True)
    for bot in bots:
        twin = Rng(bot.rng.seed)
        delays = [bot.reaction_delay(view_for(state, seat)) for _ in range(50)]
        assert delays == [PROFILES["medium"].draw(twin) for _ in range(50)]


def test_an_easy_bot_is_sometimes_fooled_by_a_hit_card_that_is_not_a_hand():
    for seed in range(300):
        state = midgame(seed, moves=0)
        seat = state.to_act[0]
        calls = [a.code for a in state.legal_actions(seat) if a.code.startswith("play HIT-")]
        calls = [code for code in calls if code != "play HIT-HAND"]
        if state.window is None and calls:
            state.apply(seat, calls[0])
            break
    watcher = (seat + 2) % state.players
    view = view_for(state, watcher)
    easy = make_bot("hit-the-deck", "easy", Rng("fooled"))
    offers = [easy.out_of_turn(view) for _ in range(200)]
    fooled = [offer for offer in offers if offer is not None]
    assert 0 < len(fooled) < 100
    assert all(action == Action("hit") for _delay, action in fooled)
    # Fooled at an easy player's pace: slowly.
    assert statistics.fmean(delay for delay, _action in fooled) > PROFILES["hard"].mean + 0.3
    for level in ("medium", "hard"):
        bot = make_bot("hit-the-deck", level, Rng("fooled"))
        assert all(bot.out_of_turn(view) is None for _ in range(50))


class Clockwork(Bot):
    """A test bot that slaps after a fixed delay (or never) and plays its first move."""

    def __init__(self, delay: float | None, fake_out: float | None = None):
        super().__init__(Rng("clockwork"))
        self.delay = delay
        self.fake_out = fake_out

    def choose(self, view):
        moves = [a for a in view.legal_actions if a.code != "hit"]
        return moves[0]

    def reaction_delay(self, view):
        return self.delay

    def out_of_turn(self, view):
        return None if self.fake_out is None else (self.fake_out, Action("hit"))


def close_of(events) -> dict:
    return next(e.data for e in events if e.kind == "slap" and e.data["stage"] == "close")


def test_the_referee_passes_hits_in_arrival_order_and_the_last_draws_four():
    state = slap_open()
    player = state.observation(0)["slap"]["card_player"]
    delays = {0: 0.9, 1: 0.5, 2: 0.7, 3: 1.1}
    delays[player] = 0.2
    bots = [Clockwork(delays[seat]) for seat in range(4)]
    events = run_window(state, bots)
    order = sorted(range(4), key=lambda seat: delays[seat])
    assert close_of(events)["order"] == order
    assert close_of(events)["draws"] == [order[-1]]


def test_the_referee_passes_the_announce_deadline_before_a_late_call():
    state = slap_open()
    player = state.observation(0)["slap"]["card_player"]
    bots = [Clockwork(0.4) for _ in range(4)]
    bots[player] = Clockwork(ANNOUNCE_SECONDS + 0.3)
    events = run_window(state, bots)
    assert close_of(events)["draws"] == [player]
    closed = next(i for i, e in enumerate(events) if e.data.get("stage") == "close")
    until_turn = next(i for i, e in enumerate(events) if i > closed and e.kind == "turn")
    drawn = [e for e in events[closed:until_turn] if e.kind == "move" and e.src == "draw"]
    assert {e.dst for e in drawn} == {f"hand:{player}"}
    assert sum(len(e.cards) for e in drawn) == 4
    assert (-1, "announce") in state.history


def test_the_referee_plays_the_earliest_out_of_turn_slap_and_drops_the_rest():
    state = midgame(5, moves=0)
    seat = state.to_act[0]
    bots = [Clockwork(None) for _ in range(4)]
    others = [s for s in range(4) if s != seat]
    bots[others[0]] = Clockwork(None, fake_out=1.2)
    bots[others[1]] = Clockwork(None, fake_out=0.9)
    sizes = [len(hand) for hand in state.hands]
    ref = Referee(state, bots)
    ref.advance(0.0)  # the turn's move; the offers wait for their moment
    assert ref.next_due() == pytest.approx(0.9)  # the earliest goes before the next turn
    ref.advance(0.9)
    assert state.history[-1] == (others[1], "hit")
    grew = [len(hand) - n for hand, n in zip(state.hands, sizes, strict=True)]
    assert grew[others[1]] == 2 and grew[others[0]] == 0


@pytest.mark.parametrize("players", [2, 6])
def test_a_match_between_every_level_ends(players):
    seats = (["hard", "medium", "easy", "random"] * 2)[:players]
    state = GAME.new_game(players, seed=11, options={"target": 60})
    Referee(state, make_bots("hit-the-deck", seats, 11)).run()
    assert state.is_over and state.result is not None


def test_hard_hits_its_own_hand_card_at_once_so_at_equal_slap_it_is_never_last():
    # Seat 0 deals, so seat 1 plays first: it is dealt a Hand card first, and a red 2 turns
    # up after the 28 cards of the deal. Every bot reacts at medium's pace.
    rest = full_deck()
    rest.remove(HAND_CARD)
    rest.remove("R2")
    deck = [HAND_CARD, *rest[:27], "R2", *rest[27:]]
    last = {"hard": 0, "medium": 0}
    for level in last:
        for seed in range(40):
            state = GAME.new_game(4, seed=seed, deck=deck)
            state.apply(1, "play HIT-HAND")
            seats = ["medium", level, "medium", "medium"]
            bots = make_bots("hit-the-deck", seats, seed, equal_slap=True)
            if level == "hard":
                view = view_for(state, 1)
                assert bots[1].reaction_delay(view) <= 0.2
            last[level] += close_of(run_window(state, bots))["draws"] == [1]
    # The hand that played the card is at the pile already: hard hits first, every time.
    assert last["hard"] == 0
    # Medium reacts to its own card as to anyone's: last about one time in four.
    assert 4 <= last["medium"] <= 18


def test_hards_judgement_puts_a_number_card_that_its_other_cards_follow_before_its_hand_card():
    # Seat 1 plays first on a red 1: every other card it holds follows the red 5 (red or
    # a 5), as they would follow the Hand card. Hard is never last on its own Hand card,
    # so that card costs someone else four cards whenever it comes; it plays the 5 first.
    hand = ["HIT-HAND", "R5", "R4", "R2", "G5", "Y5", "B5"]
    rest = full_deck()
    for code in [*hand, "R1"]:
        rest.remove(code)
    deck = []
    for index in range(7):
        deck += [hand[index], *rest[3 * index : 3 * index + 3]]
    deck += ["R1", *rest[21:]]
    state = GAME.new_game(4, seed=1, deck=deck)
    assert sorted(state.hands[1]) == sorted(hand) and state.turn == 1
    view = view_for(state, 1)
    assert {"play HIT-HAND", "play R5"} <= set(view.codes)
    # Hard's judgement (the prior its search starts from) ranks the 5 first.
    hard = make_bot("hit-the-deck", "hard", Rng("keeps"))
    assert hard.pick(view, plays(view)) == "R5"
    # Medium, for whom a Hand card is a fair race, sheds the 10 points now.
    assert make_bot("hit-the-deck", "medium", Rng("keeps")).choose(view) == Action("play HIT-HAND")


def test_the_searchs_moves_are_the_turns_legal_moves_and_none_in_a_slap_round():
    from cardtable.strategy.hit_the_deck import HitTheDeckSearch

    bot = make_bot("hit-the-deck", "hard", Rng("moves"))
    every = make_bot("hit-the-deck", "hard", Rng("moves"))
    every.margin = float("inf")
    pruned = 0
    for seed in range(8):
        state = midgame(seed, moves=10 + seed)
        seat = state.turn
        game = HitTheDeckSearch(bot, seat, state.hand_number)
        if state.window is None:
            # Every play and the draw as the rules give them; a fake-out is never weighed.
            legal = [a for a in state.legal_actions(seat) if a.code != "hit"]
            assert HitTheDeckSearch(every, seat, state.hand_number).moves(state, seat) == legal
            # By default, those the seat's judgement puts within the margin of its best.
            moves = game.moves(state, seat)
            if len(legal) == 1:
                assert moves == legal  # a draw, or the one card that may go
                continue
            worths = dict(zip(legal, game.worths(state, seat, legal), strict=True))
            close = [a for a in legal if worths[a] >= max(worths.values()) - bot.margin]
            assert moves == close
            pruned += len(moves) < len(legal)
        else:
            assert game.moves(state, seat) == []
    assert pruned  # the margin does leave out cards far below the best
    rest = full_deck()
    rest.remove(HAND_CARD)
    rest.remove("R2")
    state = GAME.new_game(4, seed=1, deck=[HAND_CARD, *rest[:27], "R2", *rest[27:]])
    state.apply(1, "play HIT-HAND")
    assert state.window is not None
    assert all(game.moves(state, seat) == [] for seat in range(4))


def kept_clock(make, made: list, rounds: int):
    """``make(rounds)``, kept in ``made``: the clocks of the searches a bot runs."""
    made.append(make(rounds))
    return made[-1]


def test_hard_searches_every_turn_with_a_close_choice_and_repeats_itself_for_a_seed():
    searched = 0
    for seed in range(6):
        state = midgame(seed, moves=12)
        if state.window is not None:
            continue
        seat = state.turn
        view = view_for(state, seat)
        cards = [code[5:] for code in view.codes if code.startswith("play")]
        first = make_bot("hit-the-deck", "hard", Rng(f"seed/{seed}"))
        made: list = []
        first.think_clock = partial(kept_clock, first.think_clock, made)
        choice = first.choose(view)
        assert choice in view.legal_actions and choice.code != "hit"
        again = make_bot("hit-the-deck", "hard", Rng(f"seed/{seed}")).choose(view_for(state, seat))
        assert again == choice
        worths = sorted(first.worth(view, code) for code in cards)
        if len(cards) >= 2 and worths[-2] >= worths[-1] - first.margin:
            # The one search ran its whole fixed number of rounds (sampled worlds).
            assert [clock.done for clock in made] == [first.rounds]
            searched += 1
        else:
            # A draw, the one card that may go, or one card far ahead by hard's judgement:
            # nothing to weigh, and the judgement's card.
            assert made == []
            assert choice.code[5:] == (first.pick(view, cards) if cards else "")
    assert searched >= 2
