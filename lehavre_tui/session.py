"""A game in progress: state, the moves so far, the narrated log, undo and autosave.

Front ends talk only to a `Session`. It never changes a state itself: every move goes
through the engine's `apply`, and a refused move leaves everything as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from .engine.actions import Action, EndTurn, Enter, Feed, Reorder, SellBuilding, SellShip, Supply
from .engine.errors import IllegalAction
from .engine.message import Listing, Msg, MsgN
from .engine.rules import apply, legal_actions, mover
from .engine.save import SaveError, dump_save, load_save, read_seats
from .engine.scoring import Score, final_scores, winners
from .engine.setup import Setup, complete_setup, new_game
from .engine.state import GameState
from .places import autosave_path
from .save_files import clean_stale_temps, keep_copy, read_save_file, same_file, write_atomic
from .seats import BOT_KINDS, SHOWN_KINDS
from .table import LogLine, NotAtThisTable
from .text import language, render

__all__ = ["Session", "SaveError", "SeatsError", "LogLine", "autosave_path"]


@dataclass
class Session:
    # people take turns at one keyboard: the table says whose turn it is when it changes
    # hands (the tutorial's learner plays every seat)
    hotseat: ClassVar[bool] = True
    tutorial: ClassVar[bool] = False  # the tutorial's lesson (its table has the lesson's panel)
    hosted: ClassVar[bool] = False  # the local table (table.py): every seat at this keyboard

    setup: Setup
    state: GameState
    actions: list[Action] = field(default_factory=list)
    log: list[LogLine] = field(default_factory=list)
    autosave: Path | None = None
    movers: list[int] = field(default_factory=list)  # seat that made each move
    seats: list[str] = field(default_factory=list)  # "human" or a bot kind, per seat
    bot_budget: float = 2.0  # seconds a move for search bots
    recorded: bool = False  # a finished solo game has been entered in the records
    # moves in the save when it was loaded, and how many of them were the current player's
    # moves of this turn that could have been taken back (undo starts afresh after loading)
    loaded_moves: int | None = None
    undoable_before_load: int = 0
    # states before each undoable move of the current player's turn
    _undo: list[tuple[GameState, int, int]] = field(default_factory=list)

    # --- creating and loading -------------------------------------------------------------
    @classmethod
    def new(cls, setup: Setup, autosave: Path | None = None, seats: list[str] | None = None) -> Session:
        setup = complete_setup(setup)
        state = new_game(setup)
        s = cls(setup=setup, state=state, autosave=autosave, seats=_seat_kinds(seats, setup.players))
        s.log = [LogLine(t, 0, 0) for t in state.events]
        s._take_over_autosave()
        return s

    @classmethod
    def from_text(cls, text: str, autosave: Path | None = None) -> Session:
        setup, actions, state, narration = load_save(text)
        s = cls(setup=complete_setup(setup), state=state, actions=actions, autosave=autosave)
        try:
            s.seats = _seat_kinds(read_seats(text), setup.players)
        except SeatsError as exc:
            raise SaveError(Msg("The save file's seats are damaged: {reason}", reason=exc.msg)) from None
        seat = 0
        replay = new_game(s.setup)
        for i, lines in enumerate(narration):
            if i:
                seat = mover(replay, actions[i - 1])
                s.movers.append(seat)
                after = apply(replay, actions[i - 1])
                closes = _closes_undo(replay, actions[i - 1], after)
                s.undoable_before_load = 0 if closes else s.undoable_before_load + 1
                replay = after
            s.log.extend(LogLine(t, i, seat) for t in lines)
        s.loaded_moves = len(actions)
        return s

    @classmethod
    def load(cls, path: Path, autosave: Path | None = None) -> Session:
        s = cls.from_text(read_save_file(path), autosave=autosave)
        if autosave is not None and not same_file(path, autosave):
            s._take_over_autosave()  # the loaded game is the one to continue from now on
        elif autosave is not None:
            clean_stale_temps(autosave)
        return s

    def _take_over_autosave(self) -> None:
        """Make this game the autosaved one, keeping the game saved before it beside it.

        The old save is copied aside first and the new one then renamed over it, so at
        every instant a whole game is at the autosave path (`lehavre --continue` finds it).
        """
        autosave = self.autosave
        if autosave is None:
            return
        autosave.parent.mkdir(parents=True, exist_ok=True)
        clean_stale_temps(autosave)
        if autosave.is_file():
            kept = autosave.with_name("previous-" + autosave.name)
            keep_copy(autosave, kept)
            note = Msg("The game saved before this one is kept in {path}.", path=str(kept))
            self.log.append(LogLine(note, len(self.actions), self.state.current))
        self._save()

    # --- playing --------------------------------------------------------------------------
    def legal(self) -> list[Action]:
        return legal_actions(self.state)

    def act(self, action: Action) -> list[str]:
        """Apply a move; returns its narration in the reader's language (the log keeps it as
        messages, `LogLine.event`). Raises IllegalAction and changes nothing."""
        before = self.state
        seat = mover(before, action)
        after = apply(before, action)
        self.state = after
        self.actions.append(action)
        self.movers.append(seat)
        move = len(self.actions)
        self.log.extend(LogLine(t, move, seat) for t in after.events)
        if _closes_undo(before, action, after):
            self._undo.clear()
        else:
            self._undo.append((before, len(self.actions) - 1, len(self.log) - len(after.events)))
        self._save()
        return [render(e) for e in after.events]

    def command(self, text: str) -> list[str]:
        """Parse a command of the command language and play it."""
        from .commands import parse

        return self.act(parse(text, self.state))

    def command_from(self, seat: int, text: str) -> list[str]:
        """A command typed at `seat`, at a table where every player has a keyboard. The player
        to act plays as with `command`; a waiting player may sell a building or a ship, and
        nothing else, the command read from that player's side ('sell wooden' is the
        seller's cheapest one)."""
        from .commands import CommandError, parse

        state = self.state
        if seat == state.current or self.over:
            return self.command(text)
        view = state.clone()
        view.current = seat
        waiting = Msg(
            "{player} is to act now; while you wait you may only sell a building or a ship "
            "('sell joinery', 'sell wooden').",
            player=state.players[state.current].name,
        )
        try:
            action = parse(text, view)
        except CommandError:
            if _verb_of(text) in ("sell", "help"):
                raise
            raise IllegalAction(waiting) from None
        if not isinstance(action, (SellBuilding, SellShip)):
            raise IllegalAction(waiting)
        return self.act(action.model_copy(update={"seat": seat}))

    # --- bots and hints ---------------------------------------------------------------------
    def is_bot_turn(self) -> bool:
        return not self.over and self.seats[self.state.current] != "human"

    def bot_move(self) -> list[str]:
        """Let the bot on the seat to act choose and play one move; returns its narration
        in the reader's language."""
        return self.act(self.bot_choice(self.state))

    def bot_choice(self, state: GameState) -> Action:
        """The move the bot on the seat to act in `state` would play (not played: a host lets
        its bots think in a thread and plays the move if the table has not moved meanwhile)."""
        return self._bot(state.current).choose(state)

    def _bot(self, seat: int):  # noqa: ANN202 - a Bot
        from .bots.tournament import make_bot

        cache = self.__dict__.setdefault("_bots", {})
        if seat not in cache:
            cache[seat] = make_bot(self.seats[seat], self.setup.seed * 31 + seat, self.bot_budget)
        return cache[seat]

    def hint(self, budget: float = 1.0) -> tuple[str, str]:
        """The search bot's suggestion for the player to act: (command, reason), both in
        the reader's words ('kup firma-budowlana-1')."""
        from .bots.hint import hint
        from .commands import to_command

        action, reason = hint(self.state, budget)
        return to_command(action, self.state, language()), render(reason)

    def record_solo(self) -> tuple[int | None, list[tuple[str, int]]] | None:
        """Enter a finished solo game in the local best scores (once); None otherwise."""
        if not self.over or self.state.num_players != 1 or self.recorded:
            return None
        from .records import record_solo

        self.recorded = True
        return record_solo(self.state.players[0].name, self.state.variant, self.scores()[0].total)

    # --- undo -----------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo_lost_by_loading(self) -> bool:
        """Nothing to take back only because the game was loaded since this turn's moves."""
        return not self._undo and self.undoable_before_load > 0 and len(self.actions) == self.loaded_moves

    def undo(self) -> bool:
        """Take back the current player's last move of this turn (never a reveal)."""
        if not self._undo:
            return False
        state, n_actions, n_log = self._undo.pop()
        self.state = state
        del self.actions[n_actions:]
        del self.movers[n_actions:]
        del self.log[n_log:]
        who = state.players[state.current].name
        back = Msg("{player} takes the last move back.", player=who)
        self.log.append(LogLine(back, len(self.actions), state.current))
        self._save()
        return True

    # --- saving ---------------------------------------------------------------------------
    def to_text(self) -> str:
        bots = any(k != "human" for k in self.seats)
        return dump_save(self.setup, self.actions, self.state, self.seats if bots else None)

    def save(self, path: Path) -> None:
        write_atomic(path, self.to_text())

    def _save(self) -> None:
        if self.autosave is not None:
            self.save(self.autosave)

    # --- reading the table ----------------------------------------------------------------
    def since_last_turn(self, seat: int) -> list[str]:
        """Log lines since `seat` last ended a turn (for the hotseat handoff)."""
        mark = 0
        for i in range(len(self.actions) - 1, -1, -1):
            if self.movers[i] == seat and isinstance(self.actions[i], EndTurn):
                mark = i + 1
                break
        return [ln.text for ln in self.log if ln.move > mark]

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    @property
    def moves(self) -> int:
        return len(self.actions)

    def plays_now(self) -> bool:
        return not self.is_bot_turn()

    def away(self, seat: int) -> bool:
        return False  # everybody is at this keyboard

    def say(self, text: str) -> None:
        raise NotAtThisTable(Msg("Everybody plays at this keyboard: 'say' talks to a hosted table (lehavre host)."))

    def scores(self) -> list[Score]:
        return final_scores(self.state)

    def winners(self) -> list[int]:
        return winners(self.state)


class SeatsError(ValueError):
    """Seat kinds that do not fit the game. `msg` is the message as data (a template and its
    parameters, see engine/message.py); `str(error)` is the English sentence."""

    def __init__(self, msg: Msg) -> None:
        self.msg = msg
        super().__init__(str(msg))


def _seat_kinds(seats: list[str] | None, players: int) -> list[str]:
    """Validated seat kinds; everybody human when not given (SeatsError otherwise)."""
    if not seats:
        return ["human"] * players
    kinds = [k.strip().lower() for k in seats]
    if len(kinds) != players:
        raise SeatsError(
            MsgN(
                "{n} player needs {n} seat, not {given}.",
                "{n} players need {n} seats, not {given}.",
                "n",
                n=players,
                given=len(kinds),
            )
        )
    for k in kinds:
        if k != "human" and k not in BOT_KINDS:
            raise SeatsError(Msg(
                "'{typed}' is not a seat kind; choose human, {kinds}.", typed=k, kinds=Listing(SHOWN_KINDS, ",")
            ))
    return kinds


def _verb_of(text: str) -> str | None:
    """The verb a command line begins with (in any language of the commands), when its first
    word names one for sure."""
    from .commands.words import verb_of

    words = text.split()
    return verb_of(words[0]) if words else None


def _closes_undo(before: GameState, action: Action, after: GameState) -> bool:
    """A move that hands over the turn or shows hidden cards cannot be taken back; nor can
    anything before a waiting player's sale (that move is not the player to act's)."""
    if isinstance(action, (EndTurn, Feed, Reorder)):
        return True
    if mover(before, action) != before.current:
        return True
    if after.current != before.current or after.phase != before.phase:
        return True
    if isinstance(action, Supply) and after.revealed != before.revealed:
        return True  # a supply chit was turned face up
    return isinstance(action, Enter) and after.pending is not None and after.pending.kind == "peek"
