"""Save files: format version, the set-up, the list of actions, and a snapshot.

Loading replays the actions from the set-up and checks that the result equals the
snapshot, so a save is both compact and self-checking. Everything here is pure: the
caller reads and writes the text.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel, ValidationError

from .actions import ACTION_LIST_ADAPTER, Action
from .errors import IllegalAction
from .message import Msg
from .rules import apply
from .setup import Setup, complete_setup, new_game
from .state import GameState

FORMAT_VERSION = 3
# Format 1 predates the interest choice: a player short of francs for the interest took a
# loan at once. Such saves are replayed that way, and their snapshots lack the new fields.
# Formats 1 and 2 kept in `turn_sold` every sale of the turn, whoever sold; format 3 keeps
# only the sales of the player whose turn it is (the only ones that bar a purchase). The
# moves replay the same, so their snapshots are compared without that field.
# Formats 1 and 2 also predate strict moves: a choice a building did not use, a count of 0
# or a payment with a token to spare was accepted (and ignored or lost); they replay so.
_LEFT_OUT: dict[int, set[str]] = {
    1: {"events", "interest_queue", "interest_return", "interest_choice", "turn_sold", "strict_moves"},
    2: {"events", "turn_sold", "strict_moves"},
    FORMAT_VERSION: {"events"},
}

# Bounds no real save comes near: a 5-player full game, the longest there is, saves in
# about 25 KB and nests 5 levels deep. Anything beyond is refused before it is parsed.
MAX_SAVE_BYTES = 2_000_000
MAX_SAVE_DEPTH = 20


class SaveError(Exception):
    """A save that cannot be read; the message says why and what to do.

    `msg` is the message as data (a template and its parameters, see message.py), read in
    any language by `lehavre_tui.text.render`; `str(error)` is the English sentence."""

    def __init__(self, msg: Msg | str) -> None:
        self.msg: Msg | str = msg
        super().__init__(str(msg))


class SaveFile(BaseModel):
    format_version: int
    setup: Setup
    actions: list[Any]
    snapshot: dict[str, Any] | None = None
    seats: list[str] | None = None  # who plays each seat: "human" or a bot kind


def replay(setup: Setup, actions: list[Action]) -> tuple[GameState, list[list[Msg]]]:
    """Play `actions` from `setup`; returns the final state and each action's narration."""
    state = new_game(setup)
    narration = [list(state.events)]
    for i, action in enumerate(actions, 1):
        try:
            state = apply(state, action, in_place=True)
        except IllegalAction as exc:
            raise SaveError(Msg("Move {n} of the save cannot be replayed ({reason}).", n=i, reason=exc.msg)) from None
        narration.append(list(state.events))
    return state, narration


def dump_save(setup: Setup, actions: list[Action], state: GameState, seats: list[str] | None = None) -> str:
    data: dict[str, Any] = {
        "format_version": FORMAT_VERSION,
        "setup": complete_setup(setup).model_dump(mode="json"),
        "actions": ACTION_LIST_ADAPTER.dump_python(actions, mode="json", exclude_none=True),
        "snapshot": state.model_dump(mode="json", exclude={"events"}),
    }
    if seats is not None:
        data["seats"] = seats
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def read_seats(text: str) -> list[str] | None:
    """The seat kinds stored in a save (None in saves without bots)."""
    try:
        seats = parse_save_json(text).get("seats")
    except (SaveError, AttributeError):
        return None
    return seats if isinstance(seats, list) and all(isinstance(k, str) for k in seats) else None


# A JSON string (to its closing quote, or to the end of an unterminated one: linear time),
# and everything that is not a bracket.
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def nesting_depth(text: str, limit: int = MAX_SAVE_DEPTH) -> int:
    """How deep the lists and objects of a JSON text nest (at most limit + 1: deeper is not counted)."""
    depth = deepest = 0
    for c in _NOT_BRACKET.sub("", _JSON_STRING.sub("", text)):
        if c in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        else:
            depth -= 1
    return deepest


def parse_save_json(text: str) -> Any:
    """The JSON value of a save's text, within the bounds of a real save; SaveError otherwise."""
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(Msg(
            "The save is {size} MB, far more than any game's save (under {limit} MB); it is not a save of this game.",
            size=f"{len(text) / 1e6:.1f}", limit=MAX_SAVE_BYTES // 1_000_000,
        ))
    if nesting_depth(text) > MAX_SAVE_DEPTH:
        raise SaveError(Msg(
            "The save file is nested more than {n} levels deep, which no game's save is; "
            "it is damaged or not a save of this game.",
            n=MAX_SAVE_DEPTH,
        ))
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(Msg(
            "The save file is not valid JSON (line {line}); it may be damaged.",
            line=exc.lineno,
        )) from None
    except ValueError:  # e.g. an integer of thousands of digits
        raise SaveError(Msg("The save file holds a number far too long for any game; it is damaged.")) from None
    try:  # half a surrogate pair, as it is or as an escape: such text could never be saved again
        text.encode("utf-8")
        if _SURROGATE_ESCAPE.search(text):
            json.dumps(raw, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise SaveError(Msg("The save file holds text that is not valid Unicode; it is damaged.")) from None
    return raw


def load_save(text: str) -> tuple[Setup, list[Action], GameState, list[list[Msg]]]:
    """Read a save; raise SaveError with a clear sentence if it is damaged."""
    raw = parse_save_json(text)
    if not isinstance(raw, dict):
        raise SaveError(Msg(
            "The file holds no saved game (a save is a JSON object with the set-up and the moves)."
        ))
    try:
        save = SaveFile.model_validate(raw)
    except ValidationError as exc:
        where = ".".join(str(p) for p in exc.errors()[0]["loc"])
        raise SaveError(Msg("The save file is damaged: '{where}' is missing or wrong.", where=where)) from None
    if save.format_version not in _LEFT_OUT:
        if abs(save.format_version) < 10**6:
            raise SaveError(Msg(
                "This save has format version {version}; this game reads versions 1 to {latest}.",
                version=save.format_version, latest=FORMAT_VERSION,
            ))
        raise SaveError(Msg(
            "This save has format version beyond any; this game reads versions 1 to {latest}.", latest=FORMAT_VERSION
        ))
    setup = save.setup
    if save.format_version == 1:
        setup = setup.model_copy(update={"interest_choice": False})
    if save.format_version <= 2:
        setup = setup.model_copy(update={"strict_moves": False})
    try:
        actions = ACTION_LIST_ADAPTER.validate_python(save.actions)
    except ValidationError as exc:
        where = ".".join(str(p) for p in exc.errors()[0]["loc"])
        raise SaveError(Msg("The save file's move list is damaged near '{where}'.", where=where)) from None
    try:
        state, narration = replay(setup, actions)
    except IllegalAction as exc:
        raise SaveError(Msg("The save's set-up is not valid: {reason}", reason=exc.msg)) from None
    if save.snapshot is not None:
        expected = state.model_dump(mode="json", exclude=_LEFT_OUT[save.format_version])
        snapshot = {k: v for k, v in save.snapshot.items() if k not in _LEFT_OUT[save.format_version]}
        if expected != snapshot:
            raise SaveError(Msg("The save file's snapshot does not match its moves; the file was changed or damaged."))
    return setup, actions, state, narration
