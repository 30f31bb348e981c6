"""The expert (information-set Monte Carlo by sequential halving) and the light playouts."""

from __future__ import annotations

import random

import pytest

from lehavre_tui.bots import expert as expert_mod
from lehavre_tui.bots.expert import ExpertBot
from lehavre_tui.bots.heuristic import HeuristicBot, action_values
from lehavre_tui.bots.playout import light_rank, play_to_round_end, policy_move
from lehavre_tui.bots.value import GOOD_WORTH, PLAIN, Weights, future_demands, rounds_left, seat_value, wealth
from lehavre_tui.engine import message
from lehavre_tui.engine.actions import Action, Enter, SellBuilding, SellShip
from lehavre_tui.engine.cards import content
from lehavre_tui.engine.goods import Good
from lehavre_tui.engine.rules import TURNS_PER_ROUND, apply, food_due, legal_actions, ship_food
from lehavre_tui.engine.scoring import score, winners
from lehavre_tui.engine.setup import Setup, new_game
from lehavre_tui.engine.state import GameState

from .test_bots import midgame, other_hidden_order


def searched_position() -> GameState:
    s = midgame(steps=30)
    while len(legal_actions(s)) < 4 or s.phase != "turn" or not s.supplied:
        s = apply(s, legal_actions(s)[0])
    return s


def test_wealth_is_the_score_total() -> None:
    for seed in range(3):
        s = new_game(Setup(players=3, variant="full", seed=seed))
        rng = random.Random(seed)
        while s.phase != "over":
            for seat in range(3):
                assert wealth(s, seat) == score(s, seat).total
            s = apply(s, rng.choice(legal_actions(s)), in_place=True)


def value_written_out(s: GameState, seat: int, w: Weights) -> float:
    """The value as value.py's docstring states it, term by term, with the engine's own
    `food_due` and `ship_food` (seat_value computes it in one pass)."""
    p = s.players[seat]
    if s.phase == "over":
        return float(score(s, seat).total)
    left = rounds_left(s)
    goods = sum(n * w.worth[g] for g, n in enumerate(p.goods)) * min(1.0, w.goods_floor + left / w.goods_fade)
    cards = [b for b, o in s.owner.items() if o == seat]
    use = sum(content().buildings[b].can_enter for b in cards) * w.building_use * min(left, w.use_horizon)
    ships = w.ship_food * sum(min(ship_food(s, seat), d) for d in future_demands(s))
    short = 0.0
    if s.phase in ("turn", "interest") or (s.phase == "feeding" and seat in s.feeding_queue):
        due, have = food_due(s, seat), p.food_goods() + p.francs
        if due > have:
            turns = (TURNS_PER_ROUND - s.turn) / s.num_players if s.phase != "feeding" else 0.0
            short = w.shortfall * (due - have) / (1.0 + 0.5 * turns)
    return score(s, seat).total + goods + use + ships - short


def test_value_in_one_pass_is_the_value_written_out() -> None:
    other = Weights(worth=tuple(2 * x for x in PLAIN.worth), building_use=0.3, ship_food=1.5, shortfall=3.0)
    for players in (1, 2, 4):
        s = new_game(Setup(players=players, variant="full", seed=players))
        rng = random.Random(players)
        while s.phase != "over":
            for seat in range(players):
                for w in (PLAIN, other):
                    assert seat_value(s, seat, w) == pytest.approx(value_written_out(s, seat, w))
            s = apply(s, rng.choice(legal_actions(s)), in_place=True)
        assert seat_value(s, 0) == score(s, 0).total


def test_plain_weights_are_the_goods_table() -> None:
    assert PLAIN.worth == tuple(GOOD_WORTH[Good(i)] for i in range(16))


def test_light_policy_picks_the_best_way_of_the_building_it_enters() -> None:
    """Buildings are compared by their first way of use, then every way of the chosen one is
    judged: the light policy enters as the heuristic would whenever their building agrees."""
    checked = 0
    for seed in range(4):
        s = new_game(Setup(players=2, variant="full", seed=seed))
        while s.phase != "over" and checked < 40:
            ranked = light_rank(s) if s.phase == "turn" and s.supplied else []
            if ranked and isinstance(ranked[0][1], Enter):
                chosen = ranked[0][1]
                ways = [a for a in legal_actions(s) if isinstance(a, Enter) and a.building == chosen.building]
                if len(ways) > 1:
                    checked += 1
                    best = max(seat_value(apply(s, a, narrate=False), s.current) for a in ways)
                    assert ranked[0][0] == best
            s = apply(s, action_values(s)[0][1])
    assert checked >= 10


def test_light_policy_judges_each_move_by_the_position_it_leads_to() -> None:
    """Takes and the Marketplace's ways are judged without applying them one by one: every
    value the light policy gives is the value of the position the move leads to, and the
    position judged is left as it was."""
    from lehavre_tui.bots.expert import EXPERT
    from lehavre_tui.engine.actions import EndTurn, Reorder, TakeOffer

    kinds: set[str] = set()
    for seed in range(3):
        s = new_game(Setup(players=2 + seed, variant="full", seed=seed))
        while s.phase != "over":
            if s.phase == "turn" and s.supplied:
                before = s.model_dump()
                ranked = light_rank(s, EXPERT)
                assert s.model_dump() == before
                legal = legal_actions(s)
                for v, a in ranked if len(ranked) > 1 else []:
                    if not isinstance(a, EndTurn | Reorder):
                        assert v == pytest.approx(seat_value(apply(s, a, narrate=False), s.current, EXPERT))
                        kinds.add("take" if isinstance(a, TakeOffer) else getattr(a, "building", "other"))
                        first = next((b for b in legal if isinstance(b, Enter)
                                      and b.building == getattr(a, "building", None)), None)  # fmt: skip
                        if first is not None and a != first:
                            kinds.add(f"another way of {first.building}")
            s = apply(s, action_values(s)[0][1], narrate=False)
    assert {"take", "marketplace", "another way of marketplace"} <= kinds


def test_silent_apply_changes_the_state_exactly_as_the_narrated_one() -> None:
    s = new_game(Setup(players=2, variant="full", seed=4))
    rng = random.Random(4)
    told = 0
    while s.phase != "over":
        a = rng.choice(legal_actions(s))
        loud, quiet = apply(s, a), apply(s, a, narrate=False)
        told += bool(loud.events)
        assert not quiet.events
        assert quiet.model_dump(exclude={"events"}) == loud.model_dump(exclude={"events"})
        s = loud
    assert told > 100


def test_silent_playouts_never_put_a_message_into_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's events are templates with parameters, worded only when read: playouts
    that nobody reads (narrate=False) never pay for the wording."""

    def worded(*_args: object) -> str:
        raise AssertionError("a silent playout put a message into words")

    monkeypatch.setattr(message, "english", worded)
    s = midgame(steps=20)
    for seed in range(3):
        end = play_to_round_end(s.clone(), random.Random(seed))
        assert end.round > s.round or end.phase in ("final", "over")
    ExpertBot(1, max_playouts=20).analyse(searched_position(), force=True)


def test_light_policy_plays_legal_moves_and_sells_nothing_by_choice() -> None:
    s = midgame(steps=20)
    rng = random.Random(1)
    moves = 0
    while s.phase != "over" and moves < 300:
        ranked = light_rank(s) if s.phase == "turn" and s.supplied else []
        assert not any(isinstance(a, SellBuilding | SellShip) for _, a in ranked)
        a = policy_move(s, rng)
        assert a in legal_actions(s)
        s = apply(s, a, narrate=False)
        moves += 1


def test_playout_stops_at_the_end_of_the_round() -> None:
    s = midgame(steps=20)
    start = s.round
    end = play_to_round_end(s.clone(), random.Random(2))
    assert end.round == start + 1 or end.phase in ("final", "over")


def test_expert_plays_a_short_game_with_legal_moves() -> None:
    s = new_game(Setup(players=2, variant="short", seed=9))
    bots = [ExpertBot(1, max_playouts=3), ExpertBot(2, max_playouts=3)]
    moves = 0
    while s.phase != "over" and moves < 600:
        a = bots[s.current].choose(s)
        assert a in legal_actions(s)
        s = apply(s, a)
        moves += 1
    assert s.phase == "over"


def test_expert_same_seed_same_playouts_same_move() -> None:
    s = searched_position()
    a = ExpertBot(5, time_budget=3600, max_playouts=30).analyse(s, force=True)
    b = ExpertBot(5, time_budget=3600, max_playouts=30).analyse(s, force=True)
    assert a.best == b.best and a.playouts == b.playouts == 30
    assert [(c.action, c.playouts, c.total) for c in a.candidates] == [
        (c.action, c.playouts, c.total) for c in b.candidates
    ]


def test_expert_choice_does_not_depend_on_the_hidden_order() -> None:
    s = searched_position()
    for k in range(3):
        t = other_hidden_order(s, k)
        assert t.chits != s.chits or t.special_deck != s.special_deck
        assert ExpertBot(k, max_playouts=12).choose(s) == ExpertBot(k, max_playouts=12).choose(t)


def test_expert_only_sees_determinised_copies(monkeypatch: pytest.MonkeyPatch) -> None:
    s = searched_position()
    before = s.model_dump(exclude={"events"})
    made: list[int] = []
    seen: list[int] = []
    real = expert_mod.determinise

    def spy_determinise(state: GameState, seat: int, rng: random.Random) -> GameState:
        d = real(state, seat, rng)
        made.append(id(d))
        return d

    class SpyBot(ExpertBot):
        def playout(self, world: GameState, action: Action, me: int, rng: random.Random) -> float:
            seen.append(id(world))
            assert world is not s
            return super().playout(world, action, me, rng)

    monkeypatch.setattr(expert_mod, "determinise", spy_determinise)
    an = SpyBot(1, max_playouts=10).analyse(s, force=True)
    assert len(seen) == an.playouts > 0 and all(w in made for w in seen)
    assert s.model_dump(exclude={"events"}) == before  # the true state is never changed


def test_expert_compares_candidates_on_common_deals_and_halves_them() -> None:
    s = searched_position()
    deals: dict[int, list[tuple[tuple[int, ...], tuple[str, ...], float]]] = {}

    class SpyBot(ExpertBot):
        def playout(self, world: GameState, action: Action, me: int, rng: random.Random) -> float:
            noise = rng.random()
            deals.setdefault(id(action), []).append((tuple(world.chits), tuple(world.special_deck), noise))
            return super().playout(world, action, me, random.Random(noise))

    bot = SpyBot(3, max_playouts=60)
    an = bot.analyse(s, force=True)
    counts = sorted((c.playouts for c in an.candidates), reverse=True)
    assert len(counts) >= 3 and an.playouts == sum(counts) <= 60
    # sequential halving: the worse half is dropped, the last two share the most deals
    assert counts[0] == counts[1] > counts[-1] > 0
    assert an.candidates[0].playouts == counts[0]
    # every candidate met the same deals and policy noise in the same order, as long as it played
    seqs = list(deals.values())
    longest = max(seqs, key=len)
    assert len(seqs) == len(an.candidates)
    assert all(seq == longest[: len(seq)] for seq in seqs)
    assert len({deal for deal in longest}) == len(longest)  # a new deal for every batch


def test_expert_answers_at_once_when_one_move_is_clearly_best() -> None:
    s = midgame(steps=10)
    while len(legal_actions(s)) != 1:
        s = apply(s, legal_actions(s)[0])
    an = ExpertBot(1, time_budget=5.0).analyse(s)
    assert an.playouts == 0 and an.best == legal_actions(s)[0]
    s = midgame(steps=10)
    while s.phase != "feeding":  # feeding: the engine's way of paying is taken without a search
        s = apply(s, legal_actions(s)[0])
    assert ExpertBot(1, time_budget=5.0).analyse(s).playouts == 0


class Clock:
    """A clock the test moves: every playout takes `playout` seconds of it."""

    now = 0.0
    playout = 0.0

    @classmethod
    def perf_counter(cls) -> float:
        return cls.now


def timed_playouts(monkeypatch: pytest.MonkeyPatch, seconds: float) -> type[Clock]:
    """The expert reads `Clock`, and each of its playouts moves it on by `seconds`."""

    def playout(self: ExpertBot, world: object, action: object, me: int, rng: object) -> float:
        Clock.now += Clock.playout
        return 0.0

    Clock.now, Clock.playout = 0.0, seconds
    monkeypatch.setattr(expert_mod, "time", Clock)
    monkeypatch.setattr(ExpertBot, "playout", playout)
    return Clock


def test_expert_answers_within_its_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch of playouts is begun only when, at the pace so far, it ends before the deadline:
    at equal budgets the expert thinks no longer than the hard bot."""
    clock = timed_playouts(monkeypatch, 0.01)
    s = searched_position()
    for budget in (0.2, 0.25, 0.33, 1.0):
        clock.now = 0.0
        an = ExpertBot(1, time_budget=budget).analyse(s, force=True)
        assert an.playouts > 0
        assert clock.now <= budget + 1e-9, (budget, clock.now, an.playouts)


def test_expert_uses_its_time_budget_to_the_last_deal_of_two(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the time left is too short for a deal of every candidate still in the running, the
    better half plays on: the expert stops only when not even a deal of the last two fits."""
    clock = timed_playouts(monkeypatch, 0.019)  # a two-round playout in a round-8 position
    s = searched_position()
    for budget in (0.2, 0.25, 0.33, 1.0):
        clock.now = 0.0
        an = ExpertBot(1, time_budget=budget).analyse(s, force=True)
        assert len(an.candidates) > 3
        assert budget - 2 * 0.019 < clock.now <= budget + 1e-9, (budget, clock.now, an.playouts)
        counts = sorted((c.playouts for c in an.candidates), reverse=True)
        assert counts[0] == counts[1] >= counts[-1] > 0  # the last two shared the most deals


def test_expert_stops_within_the_first_deal_when_playouts_are_slow(monkeypatch: pytest.MonkeyPatch) -> None:
    """When one playout of every candidate takes longer than the budget (long rounds, many
    players), the expert stops at the deadline and chooses among the moves it played out."""
    clock = timed_playouts(monkeypatch, 0.08)
    s = searched_position()
    an = ExpertBot(1, time_budget=0.2).analyse(s, force=True)
    assert len(an.candidates) > 3
    assert an.playouts == 2  # a third would end past the deadline: it is not begun
    assert clock.now <= 0.2 + 1e-9
    assert an.best in [c.action for c in an.candidates if c.playouts]


def test_the_experts_weights_judge_better_than_the_plain_ones() -> None:
    """The expert's judgement is tuned by play: the heuristic with its weights beats the
    heuristic with the plain ones (no randomness: the same deals give the same games)."""
    won = 0.0
    for deal in range(6):
        for seat in (0, 1):
            bots = [HeuristicBot(), HeuristicBot()]
            bots[seat] = HeuristicBot(weights=expert_mod.EXPERT)
            s = new_game(Setup(players=2, variant="full", seed=500 + deal))
            while s.phase != "over":
                s = apply(s, bots[s.current].choose(s), narrate=False)
            won += (seat in winners(s)) / len(winners(s))
    assert won >= 8  # of 12; measured on 400 games: 77 %
