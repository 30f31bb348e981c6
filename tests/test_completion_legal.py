"""Completion offers what the engine accepts: compared with `legal_actions` over random positions."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lehavre_tui.commands import parse
from lehavre_tui.commands.complete import ANY_ORDER, complete_step
from lehavre_tui.commands.render import command_words
from lehavre_tui.engine.actions import Enter
from lehavre_tui.engine.cards import content
from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.setup import Setup, new_game
from lehavre_tui.engine.state import GameState
from lehavre_tui.text import set_language
from lehavre_tui.text.command_words import building_word, twin
from lehavre_tui.text.locales import catalog


def position(seed: int, players: int, variant: str, moves: int) -> GameState:
    """A position after `moves` random legal moves."""
    rng = random.Random(seed)
    s = new_game(Setup(players=players, variant=variant, seed=seed))
    for _ in range(moves):
        if s.phase == "over":
            break
        s = apply(s, rng.choice(legal_actions(s)))
    return s


def offered(prefix: str, s: GameState) -> list[str]:
    return [c.word for c in complete_step(prefix, s).choices]


def accepted(line: str, s: GameState) -> bool:
    try:
        apply(s, parse(line, s))
    except IllegalAction:
        return False
    return True


def check_position(s: GameState, rng: random.Random) -> None:
    actions = legal_actions(s)
    # every legal move can be typed word by word from what completion offers
    for a in rng.sample(actions, min(8, len(actions))):
        words = command_words(a)
        for i in range(len(words)):
            prefix = " ".join(words[:i]) + (" " if i else "")
            assert words[i] in offered(prefix, s), (prefix, words)
    # after 'enter BUILDING ': every whole line offered is accepted by the engine
    entered = {a.building: a for a in actions if isinstance(a, Enter)}
    for a in entered.values():
        head = " ".join(command_words(a)[:2])
        for c in complete_step(head + " ", s).choices:
            if not c.more or head.split()[1] in ANY_ORDER:
                assert accepted(c.line, s), c.line
    # where goods are chosen in any order, exactly the kinds the engine gives are offered
    for building, a in entered.items():
        name = command_words(a)[1]
        if name not in ANY_ORDER:
            continue
        kinds = {w for x in actions if isinstance(x, Enter) and x.building == building for w in command_words(x)[2:]}
        assert set(offered(f"enter {name} ", s)) == kinds
        for kind in kinds:
            assert accepted(f"enter {name} {kind}", s)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(1, 4),
    variant=st.sampled_from(["full", "short"]),
    moves=st.integers(0, 160),
)
def test_completion_offers_what_legal_actions_allow(seed: int, players: int, variant: str, moves: int) -> None:
    check_position(position(seed, players, variant, moves), random.Random(seed))


def marketplace_position(seed: int) -> GameState:
    """A random position where the Marketplace may be entered (searched from `seed`)."""
    rng = random.Random(seed)
    for game in range(seed, seed + 100):
        s = new_game(Setup(players=2, variant="full", seed=game))
        while s.phase != "over":
            actions = legal_actions(s)
            if any(isinstance(a, Enter) and a.building == "marketplace" for a in actions):
                return s
            s = apply(s, rng.choice(actions))
    raise AssertionError("no position with the Marketplace open")


@pytest.mark.parametrize("seed", [3, 11])
def test_the_marketplace_offers_every_good_it_gives_hides_too(seed: int) -> None:
    s = marketplace_position(seed)
    words = offered("enter marketplace ", s)
    assert "hides" in words and len(words) == len(set(words)) == 8
    assert accepted("enter marketplace hides", s)
    assert "fish" in offered("enter marketplace wood ", s)  # in any order
    check_position(s, random.Random(seed))


def entering_position(seed: int) -> GameState:
    """A random position, some way into a game, where five or more buildings may be entered."""
    rng = random.Random(seed)
    s = new_game(Setup(players=3, variant="full", seed=seed))
    moves = 0
    while s.phase != "over":
        actions = legal_actions(s)
        if moves > 40 and len({a.building for a in actions if isinstance(a, Enter)}) >= 5:
            return s
        s = apply(s, rng.choice(actions))
        moves += 1
    raise AssertionError("no position with five buildings open")


@pytest.mark.parametrize("lang", ["pl", "cs"])
@pytest.mark.parametrize("seed", [5, 23, 71])
def test_after_into_the_buildings_are_offered_declined_and_lead_on(lang: str, seed: int) -> None:
    """'wejdź do ' + Tab offers 'łowiska', not 'łowisko' (as the catalogs decline it after
    'do'); the line is accepted, and the words after a declined name are those after the
    name as listed."""
    set_language(lang)
    try:
        s = entering_position(seed)
        into = "do"
        verb = command_words(Enter(building="fishery"), lang)[0]
        entered = {a.building for a in legal_actions(s) if isinstance(a, Enter)}
        offered_words = offered(f"{verb} {into} ", s)
        declined = 0
        for building in entered:
            name = building_word(building, lang)
            form = catalog(lang).pgettext("building:into", content().buildings[building].name).split()
            takes_do = len(form) > 1 and form[0] == into
            word = "-".join(form[1:]).lower() + twin(building)
            expected = word if takes_do else name
            assert expected in offered_words, (building, offered_words)
            declined += takes_do and word != name
            after = [c.word for c in complete_step(f"{verb} {into} {expected} ", s).choices]
            assert after == [c.word for c in complete_step(f"{verb} {name} ", s).choices], building
            for c in complete_step(f"{verb} {into} {expected} ", s).choices:
                assert c.line.startswith(f"{verb} {into} {expected}")
            if not after:
                assert accepted(f"{verb} {into} {expected}", s)
        assert declined  # the position has buildings whose name changes after 'do'
    finally:
        set_language("en")
