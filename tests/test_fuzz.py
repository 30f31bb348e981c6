"""Fuzzing what a player or a file sends: command lines, save files and script headers.

Whatever arrives ends in a move or the project's own error with a sentence (CommandError,
HelpRequested, IllegalAction; SaveError; ScriptError), never in another exception. The
examples per test are bounded so the whole file runs in well under a minute.
"""

from __future__ import annotations

import json
import os
import random
import re
from datetime import timedelta
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lehavre_tui.cli import HEADER_KEYS, ScriptError, _play, read_script
from lehavre_tui.commands import VERBS, CommandError, complete, parse, to_command
from lehavre_tui.commands.names import _building_names, _ship_type_names
from lehavre_tui.commands.verbs import ALIASES
from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.engine.goods import Good
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.save import MAX_SAVE_DEPTH, dump_save
from lehavre_tui.engine.setup import Setup, complete_setup, new_game
from lehavre_tui.engine.state import OFFER_SPACES, GameState
from lehavre_tui.session import SaveError, Session

# LEHAVRE_FUZZ_EXAMPLES=20000 fuzzes longer (locally, not in CI)
EXAMPLES = int(os.environ.get("LEHAVRE_FUZZ_EXAMPLES", "300"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=timedelta(seconds=10),  # examples take milliseconds; this only catches a hang
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# --- real positions ---------------------------------------------------------------------------


def _wanted(s: GameState) -> str | None:
    """The kind of position a state is, for the positions the fuzzing plays against."""
    if s.pending is not None:
        return f"pending {s.pending.kind}"
    if s.phase != "turn":
        return s.phase
    return "main action" if s.supplied and not s.main_done else ("supply" if not s.supplied else None)


@cache
def positions() -> tuple[tuple[GameState, Setup, tuple[Any, ...]], ...]:
    """One position of each kind (supply, main action, feeding, interest, a pending build or
    peek, the game over) from random games, each with its set-up and the moves to it."""
    found: dict[str, tuple[GameState, Setup, tuple[Any, ...]]] = {}
    for players, variant, seed in ((3, "full", 1), (1, "short", 2), (5, "full", 3), (2, "full", 4), (4, "full", 5)):
        setup = complete_setup(Setup(players=players, variant=variant, seed=seed))  # type: ignore[arg-type]
        s, rng, moves = new_game(setup), random.Random(seed), []
        while True:
            kind = _wanted(s)
            if kind is not None and (kind not in found or rng.random() < 0.01):
                found.setdefault(kind, (s, setup, tuple(moves)))
            if s.phase == "over":
                break
            moves.append(rng.choice(legal_actions(s)))
            s = apply(s, moves[-1])
    return tuple(found.values())


def test_the_positions_cover_every_kind_of_moment() -> None:
    kinds = {_wanted(s) for s, _, _ in positions()}
    assert {"supply", "main action", "feeding", "over", "pending build", "pending peek", "interest"} <= kinds


# --- command lines ------------------------------------------------------------------------------

_NAMES = sorted({k for n in _building_names() + _ship_type_names() for k in n.keys})
_GOODS = [g.key for g in Good] + ["francs", "franc", "fr", "gold", "smoked-fish"]
_NUMBERS = ["0", "1", "2", "7", "999", "1000", "007", "9" * 5000, "-1", "1.5", "²", "٣", "५", "１", "Ⅻ", "½", "1e3"]
_WORDS = [
    *VERBS, *ALIASES, *OFFER_SPACES, "all", "max", "best", "extra", "one", "two", "one+francs", "ship", "ships",
    "yacht", "with", "pay", "fee", "food", "energy", "fee=francs", "fee=food", "option=", "steel+brick", "undo",
    "=", ":", "+", ",", "#", "[b]", "\x00", "\u200b", "\t", "Ł", "ó", "…",
]  # fmt: skip


def _pair(key: str, number: str, sep: str) -> str:
    return f"{key}{sep}{number}"


_PAIR = st.builds(
    _pair, st.sampled_from(_GOODS + ["ships", "option", "fee"]), st.sampled_from(_NUMBERS),
    st.sampled_from(["=", ":", " = ", "=="]),
)  # fmt: skip
_TOKEN = st.one_of(
    st.sampled_from(_WORDS),
    st.sampled_from(_NAMES),
    st.sampled_from(_NAMES).map(lambda n: n[: max(1, len(n) // 2)]),  # a prefix
    st.sampled_from(_NUMBERS),
    _PAIR,
    st.text(max_size=12),
)
_LINE = st.one_of(
    st.text(max_size=60),
    st.lists(_TOKEN, min_size=1, max_size=8).map(" ".join),
    st.builds(lambda v, rest: f"{v} {rest}", st.sampled_from(VERBS), st.lists(_TOKEN, max_size=6).map(" ".join)),
)


@cache
def commands_at(which: int) -> tuple[str, ...]:
    """The command lines of the legal moves at a position, and bare verbs."""
    state = positions()[which][0]
    legal = sorted({to_command(a, state) for a in legal_actions(state)})
    return (*legal, "repay 1", "feed fish=1 francs=1", "enter bakehouse 1", "enter shipping-line ships=1", "help")


def _edit(line: str, at: int, how: str, token: str) -> str:
    """A real command with one word replaced, a word put in or after it, or a number changed."""
    words = line.split()
    i = at % (len(words) + 1)
    numbers = list(re.finditer(r"\d+", line))
    if how == "number" and numbers:
        m = numbers[at % len(numbers)]
        return line[: m.start()] + token + line[m.end() :]
    if how == "replace" and i < len(words):
        words[i] = token
    elif how == "insert":
        words.insert(i, token)
    else:
        words.append(token)
    return " ".join(words)


@cache
def edited_commands(which: int) -> st.SearchStrategy[str]:
    """The command lines of a position edited (`_edit`); made once a position, not per example."""
    lines = st.sampled_from(commands_at(which))
    return st.one_of(
        st.builds(_edit, lines, st.integers(0, 12), st.just("number"), st.sampled_from(_NUMBERS)),
        st.builds(_edit, lines, st.integers(0, 12), st.sampled_from(["replace", "insert", "append"]), _TOKEN),
    )


@settings(FUZZ, max_examples=EXAMPLES * 2)
@given(which=st.integers(min_value=0), data=st.data())
def test_any_command_line_is_a_move_or_a_sentence(which: int, data: st.DataObject) -> None:
    which %= len(positions())
    state, _, _ = positions()[which]
    line = data.draw(edited_commands(which) if data.draw(st.integers(0, 3), label="edit") else _LINE, label="line")
    before = state.model_dump()
    try:
        action = parse(line, state)
    except CommandError as exc:  # HelpRequested too
        assert str(exc).strip()
    else:
        try:
            apply(state, action)  # what the table and `lehavre run` do with it
        except IllegalAction as exc:
            assert str(exc).strip()
    for typed in (line, line[: len(line) // 2]):
        assert all(isinstance(c, str) for c in complete(typed, state))  # offered while typing
    assert state.model_dump() == before  # parsing and completing never change the game


# --- save files ---------------------------------------------------------------------------------


@cache
def real_saves() -> tuple[str, ...]:
    out = []
    for state, setup, moves in positions():
        seats = ["human"] + ["heuristic"] * (state.num_players - 1) if state.num_players > 1 else None
        out.append(dump_save(setup, list(moves), state, seats))
    return tuple(out)


def _loads_or_refuses(text: str) -> None:
    try:
        s = Session.from_text(text)
    except SaveError as exc:
        assert str(exc).strip()
    else:
        s.to_text().encode("utf-8")  # a game that loads can be saved again


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10)
    | st.sampled_from([10**30, -(10**30), 2**63, "wharf_1", "fishery", "S01", "enter", "end", "\ud800"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)  # fmt: skip


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:40]):
            out += _paths(v, (*here, i))
    return out


def _mutate(data: Any, path: tuple[Any, ...], how: str, new: Any) -> Any:
    if not path:
        return new
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if how == "delete":
        del parent[key]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, parent[key])
    else:
        parent[key] = new
    return data


@FUZZ
@given(
    which=st.integers(min_value=0),
    pick=st.integers(min_value=0),
    how=st.sampled_from(["replace", "delete", "duplicate"]),
    new=_JSON,
    snapshot=st.booleans(),
)
def test_a_mutated_save_loads_or_is_refused(which: int, pick: int, how: str, new: Any, snapshot: bool) -> None:
    data = json.loads(real_saves()[which % len(real_saves())])
    if not snapshot:  # without the snapshot a changed set-up or move list is replayed as it is
        del data["snapshot"]
    paths = _paths(data)
    path = paths[pick % len(paths)]
    _loads_or_refuses(json.dumps(_mutate(data, path, how, new), ensure_ascii=False))


_JUNK = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["9" * 5000, "-" + "1" * 4400, "[" * 3000, "{\"a\":" * 1500, "\\ud800", "\\udc00\\ud800", "NaN",
                     "-Infinity", "1e999", "\"", "\\", "\x00", "\ufeff", ",,", "]]}}", "null", "true"]),
)  # fmt: skip


_AMOUNT = st.one_of(st.integers(-3, 12), st.sampled_from([-(10**9), 10**9, 10**30]))
_GOODS_MAP = st.none() | st.dictionaries(st.sampled_from(_GOODS + [""]), _AMOUNT, max_size=4)
_CARD = st.sampled_from([n.value for n in _building_names()] + ["nowhere", "", "S01", "yacht", "wooden", "fish"])
_MOVE = st.one_of(
    st.fixed_dictionaries(
        {"kind": st.just("enter"), "building": _CARD},
        optional={"amount": _AMOUNT, "goods": _GOODS_MAP, "targets": st.lists(_CARD, max_size=3),
                  "option": st.sampled_from(["one", "two", "one+francs", "extra", "steel+brick", "x", ""]),
                  "fee": st.sampled_from(["food", "francs"]), "fee_goods": _GOODS_MAP, "energy": _GOODS_MAP,
                  "food": _GOODS_MAP},
    ),
    st.fixed_dictionaries({"kind": st.just("build"), "target": _CARD}, optional={"goods": _GOODS_MAP}),
    st.fixed_dictionaries({"kind": st.sampled_from(["buy", "sell"]), "building": _CARD}),
    st.fixed_dictionaries({"kind": st.just("sell_ship"), "ship": st.sampled_from(["S01", "S05", "S12", "x"])}),
    st.fixed_dictionaries({"kind": st.just("buy_ship"), "ship_type": st.sampled_from(["wooden", "iron", "x"])}),
    st.fixed_dictionaries({"kind": st.just("take"), "space": st.sampled_from([*OFFER_SPACES, "x"])}),
    st.fixed_dictionaries({"kind": st.just("repay"), "count": _AMOUNT}),
    st.fixed_dictionaries({"kind": st.just("feed"), "payment": _GOODS_MAP}),
    st.sampled_from([{"kind": "supply"}, {"kind": "end"}, {"kind": "interest"}, {"kind": "reorder", "swap": True}]),
)  # fmt: skip


@FUZZ
@given(which=st.integers(min_value=0), moves=st.lists(_MOVE, min_size=1, max_size=4))
def test_a_save_with_odd_moves_added_loads_or_is_refused(which: int, moves: list[dict[str, Any]]) -> None:
    data = json.loads(real_saves()[which % len(real_saves())])
    del data["snapshot"]  # so that the moves are replayed
    data["actions"] += moves
    _loads_or_refuses(json.dumps(data))


@FUZZ
@given(which=st.integers(min_value=0), cut=st.integers(min_value=0), junk=_JUNK)
def test_a_cut_or_garbled_save_loads_or_is_refused(which: int, cut: int, junk: str) -> None:
    text = real_saves()[which % len(real_saves())]
    at = cut % (len(text) + 1)
    _loads_or_refuses(text[:at])
    _loads_or_refuses(text[:at] + junk + text[at + len(junk) :])


@FUZZ
@given(
    text=st.one_of(
        st.text(max_size=200),
        _JSON.map(json.dumps),
        st.builds(lambda o, d, x: o * d + x, st.sampled_from(["[", "{\"a\":", "[{\"b\":", "{\"actions\":["]),
                  st.integers(MAX_SAVE_DEPTH - 3, 5000), st.sampled_from(["", "1", "]", "}" * 3])),  # fmt: skip
    )
)
def test_garbage_and_deep_json_are_refused(text: str) -> None:
    _loads_or_refuses(text)


@settings(FUZZ, max_examples=max(1, EXAMPLES // 3))
@given(data=st.binary(max_size=300))
def test_any_bytes_in_a_save_file_are_refused(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    path: Path = tmp_path_factory.mktemp("bytes") / "save.json"
    path.write_bytes(data)
    try:
        Session.load(path)
    except SaveError as exc:
        assert str(exc).strip()


# --- script headers ------------------------------------------------------------------------------

_VALUES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["2", "5", "0", "-1", "9" * 5000, "²", "full", "short", "yes", "maybe", "Anna, Ben", "Anna,anna",
                     "1 2 3 4 5 6 7", "1,1,1", "joinery fishery", "bank", "wharf", "", "#"]),  # fmt: skip
    st.lists(st.sampled_from(_NAMES), max_size=12).map(" ".join),
)
_HEADER_LINE = st.one_of(
    st.builds(lambda k, sep, v: f"{k}{sep}{v}", st.sampled_from([*HEADER_KEYS, "Players", "stack 1", "colour"]),
              st.sampled_from([":", ": ", " : ", "="]), _VALUES),  # fmt: skip
    st.text(max_size=40),
)


@FUZZ
@given(
    header=st.lists(_HEADER_LINE, max_size=8),
    players=st.sampled_from(["players: 2\n", "players: 1\n", "\ufeffplayers: 3\n", ""]),
    body=st.sampled_from(["", "supply\n", "supply\ntake wood\nend\n", "help\n"]),
)
def test_any_script_header_is_a_game_or_a_sentence(header: list[str], players: str, body: str) -> None:
    text = players + "\n".join(header) + "\n---\n" + body
    try:
        state = _play(read_script(text), [])
    except ScriptError as exc:
        assert str(exc).strip()
    else:
        assert isinstance(state, GameState)
