"""Bots: legal play, determinism, hidden information, strength, tournaments, hints."""

from __future__ import annotations

import random

import pytest

from lehavre_tui.bots import HeuristicBot, RandomBot, SearchBot, determinise
from lehavre_tui.bots import search as search_mod
from lehavre_tui.bots.base import Bot
from lehavre_tui.bots.hint import hint
from lehavre_tui.bots.tournament import make_bot, play_game, seating, tournament
from lehavre_tui.bots.view import hidden_chits, unseen_specials
from lehavre_tui.engine.actions import Action
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.setup import Setup, new_game
from lehavre_tui.engine.state import GameState


def run(bots: list[Bot], state: GameState, limit: int = 5000) -> tuple[GameState, list[Action]]:
    """Play to the end, checking every chosen action is among the legal ones."""
    moves: list[Action] = []
    while state.phase != "over" and len(moves) < limit:
        a = bots[state.current].choose(state)
        assert a in legal_actions(state), (a, state.phase)
        state = apply(state, a)
        moves.append(a)
    assert state.phase == "over"
    return state, moves


def midgame(players: int = 2, variant: str = "full", seed: int = 5, steps: int = 40) -> GameState:
    s = new_game(Setup(players=players, variant=variant, seed=seed))
    rng = random.Random(seed)
    for _ in range(steps):
        s = apply(s, rng.choice(legal_actions(s)), in_place=True)
    return s


def other_hidden_order(s: GameState, seed: int) -> GameState:
    """The same public state with the hidden chits and special deck in another order."""
    t = s.clone()
    t.chits = s.chits[:]
    hidden = [i for i, seen in enumerate(s.revealed) if not seen]
    ids = [s.chits[i] for i in hidden]
    rng = random.Random(seed)
    while len(ids) > 1 and ids == [s.chits[i] for i in hidden]:
        rng.shuffle(ids)
    for i, c in zip(hidden, ids, strict=True):
        t.chits[i] = c
    pool = unseen_specials(s)
    t.special_deck = rng.sample(pool, len(s.special_deck))
    return t


# --- legal play ---------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["full", "short"])
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_and_heuristic_play_only_legal_actions(players: int, variant: str) -> None:
    for seed in range(2):
        bots: list[Bot] = [
            HeuristicBot(seed + i) if (i + seed) % 2 == 0 else RandomBot(seed + i) for i in range(players)
        ]
        run(bots, new_game(Setup(players=players, variant=variant, seed=seed)))


def test_many_random_games_stay_legal() -> None:
    for seed in range(12):
        players = 1 + seed % 5
        variant = "full" if seed % 2 else "short"
        bots: list[Bot] = [RandomBot(seed * 7 + i) for i in range(players)]
        run(bots, new_game(Setup(players=players, variant=variant, seed=seed)))


@pytest.mark.parametrize("players", [1, 2])
def test_search_with_tiny_budget_plays_legal_short_games(players: int) -> None:
    bots: list[Bot] = [SearchBot(i, time_budget=0.005, max_playouts=4) for i in range(players)]
    run(bots, new_game(Setup(players=players, variant="short", seed=11)))


# --- determinism ----------------------------------------------------------------------------------


def test_same_seed_same_moves() -> None:
    def game() -> list[Action]:
        bots: list[Bot] = [HeuristicBot(3), RandomBot(4)]
        return run(bots, new_game(Setup(players=2, variant="short", seed=9)))[1]

    assert game() == game()


def test_search_is_deterministic_with_a_playout_limit() -> None:
    s = midgame(steps=25)
    picks = {SearchBot(2, time_budget=60.0, max_playouts=12).choose(s) for _ in range(2)}
    assert len(picks) == 1


def test_play_game_is_reproducible() -> None:
    a = play_game(["heuristic", "random"], "short", seed=4)
    b = play_game(["heuristic", "random"], "short", seed=4)
    assert (a.scores, a.winners, a.moves) == (b.scores, b.winners, b.moves)


# --- hidden information ---------------------------------------------------------------------------


def test_determinise_keeps_public_facts_and_redeals_hidden_ones() -> None:
    s = midgame(players=3, steps=30)
    d = determinise(s, s.current, random.Random(1))
    for pos, seen in enumerate(s.revealed):
        if seen:
            assert d.chits[pos] == s.chits[pos]
    assert sorted(d.chits) == sorted(s.chits)
    assert hidden_chits(d) == hidden_chits(s)
    assert len(d.special_deck) == len(s.special_deck)
    assert set(d.special_deck) <= set(unseen_specials(s))
    assert d.offers == s.offers and d.owner == s.owner and d.proposals == s.proposals
    # the given state is untouched
    assert s.chits == midgame(players=3, steps=30).chits


def test_determinise_depends_only_on_public_facts() -> None:
    s = midgame(steps=20)
    t = other_hidden_order(s, 3)
    assert t.chits != s.chits or t.special_deck != s.special_deck
    a = determinise(s, s.current, random.Random(8))
    b = determinise(t, t.current, random.Random(8))
    assert a.chits == b.chits and a.special_deck == b.special_deck


@pytest.mark.parametrize("make", [RandomBot, HeuristicBot])
def test_choice_does_not_depend_on_the_hidden_order(make: type) -> None:
    s = new_game(Setup(players=2, variant="full", seed=2))
    rng = random.Random(2)
    checked = 0
    while s.phase != "over" and checked < 150:
        t = other_hidden_order(s, checked)
        assert make(checked).choose(s) == make(checked).choose(t)
        s = apply(s, rng.choice(legal_actions(s)), in_place=True)
        checked += 1


def test_search_only_sees_determinised_copies(monkeypatch: pytest.MonkeyPatch) -> None:
    s = midgame(steps=24)
    while len(legal_actions(s)) < 3:
        s = apply(s, legal_actions(s)[0])
    made: list[int] = []
    seen: list[int] = []
    real = search_mod.determinise

    def spy_determinise(state: GameState, seat: int, rng: random.Random) -> GameState:
        d = real(state, seat, rng)
        made.append(id(d))
        return d

    class SpyBot(SearchBot):
        def playout(self, world: GameState, action: Action, me: int, rng: random.Random) -> float:
            seen.append(id(world))
            assert world is not s
            return super().playout(world, action, me, rng)

    monkeypatch.setattr(search_mod, "determinise", spy_determinise)
    a = SpyBot(1, time_budget=60.0, max_playouts=10).analyse(s, force=True)
    assert a.playouts == 10
    assert seen and all(w in made for w in seen)
    assert s.chits == midgame(steps=24).chits  # the true state is never changed


# --- strength and tournaments -----------------------------------------------------------------------


def test_heuristic_beats_random() -> None:
    wins = 0
    for g in range(10):
        seats = seating(["heuristic", "random"], g, 2)
        r = play_game(seats, "short", seed=200 + g)
        h = seats.index("heuristic")
        wins += h in r.winners and len(r.winners) == 1
        assert r.scores[h] > 0
    assert wins >= 9


def test_tournament_reports_per_kind() -> None:
    stats = tournament(["heuristic", "random"], games=2, variant="short", seed=1)
    assert set(stats) == {"heuristic", "random"}
    assert sum(st.wins for st in stats.values()) == pytest.approx(2.0)
    for st in stats.values():
        assert st.games == 2 and len(st.wealth) == 2 and st.median_time > 0


def test_make_bot_refuses_humans() -> None:
    with pytest.raises(ValueError):
        make_bot("human", 0)


# --- hints ----------------------------------------------------------------------------------------------


def test_hint_returns_a_legal_action_and_a_reason() -> None:
    s = midgame(steps=24)
    while len(legal_actions(s)) < 3:
        s = apply(s, legal_actions(s)[0])
    action, reason = hint(s, budget=0.3)
    assert action in legal_actions(s)
    assert str(reason) and "\n" not in str(reason)


def test_hint_with_a_single_option() -> None:
    s = new_game(Setup(players=2, variant="short", seed=1))
    action, reason = hint(s, budget=0.1)
    assert action in legal_actions(s)
    assert str(reason)
