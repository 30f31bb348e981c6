"""The command bar: type a move (with completion and history), see what fits below it."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.suggester import Suggester
from textual.widget import Widget
from textual.widgets import Input, Label
from textual.widgets.input import Selection

from ...commands import Step, building_named, complete, complete_step, table_word_of, verb_of
from ...engine.state import GameState
from ...text import N_, _, ngettext
from ..line_input import LineInput

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from ..game import Game

HINT_LINES = 2  # the height of the line under the bar
# Words the table itself understands, besides the moves of the game.
LOCAL_WORDS = ("undo", "save", "show", "cards", "hint", "scores", "quit")
# ... at a hosted table, which keeps the moves itself
HOSTED_WORDS = ("say", "show", "cards", "hint", "scores", "log", "lobby", "quit")
# what a player at a hosted table may type while another player is to act
WAITING_VERBS = ("sell", "help", "say", "show", "cards", "scores", "log", "lobby", "quit")


def _words_here(game: Game) -> tuple[GameState, tuple[str, ...], tuple[str, ...] | None]:
    """What completion works from: the state, the table's own words, and the verbs that may
    be offered (None: all). A player waiting at a hosted table may sell, talk and read."""
    s = game.table
    assert s is not None
    if not s.hosted:
        return s.state, LOCAL_WORDS, None
    from ...net.client import HostedTable

    if isinstance(s, HostedTable) and not s.plays_now():
        return s.waiting_view(), HOSTED_WORDS, WAITING_VERBS
    return s.state, HOSTED_WORDS, None


def _verb(line: str) -> str:
    """The English verb a line begins with, in whichever language it is written."""
    words = line.split()
    if not words:
        return ""
    return verb_of(words[0]) or table_word_of(words[0]) or words[0]


def completions(game: Game, value: str) -> list[str]:
    """Whole legal command lines that fit what is typed."""
    if game.table is None:
        return []
    state, words, verbs = _words_here(game)
    out = complete(value, state)
    low = value.strip().lower()
    if low and " " not in low:
        out += [w for w in words if w.startswith(low) and w != low]
    if verbs is not None:
        out = [line for line in out if _verb(line) in verbs]
    return out


def next_step(game: Game, value: str) -> Step:
    """What Tab offers for the word being typed: verbs, then objects, then their choices."""
    if game.table is None:
        return Step(0, "", ())
    state, words, verbs = _words_here(game)
    step = complete_step(value, state, words)
    if verbs is not None:
        step = Step(step.position, step.typed, tuple(c for c in step.choices if _verb(c.line) in verbs))
    return step


class CommandSuggester(Suggester):
    """Grey text after the cursor: the word being typed, when only one word fits."""

    def __init__(self, game: Game) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self.game = game

    async def get_suggestion(self, value: str) -> str | None:
        if not value.strip() or value[-1].isspace():
            return None
        choices = next_step(self.game, value).choices
        if len(choices) == 1 and choices[0].line.startswith(value.lower()):
            return choices[0].line
        return None


class CorrectableInput(LineInput):
    """A line that can hold a refused entry for correcting: shown selected, so that typing
    starts a new line in its place, while Backspace, the arrows, Home and End edit it."""

    _held = False

    def hold(self, text: str) -> None:
        self.value = text
        self.selection = Selection(0, len(text))
        self._held = bool(text)

    def take(self, text: str) -> None:
        """Text typed elsewhere (in a window to read) goes on here, as if typed here."""
        start, end = self.selection
        if start == end:
            self.insert_text_at_cursor(text)
        else:
            self.replace(text, start, end)
        self.focus()

    def _release(self) -> None:
        """The first editing key: the held line becomes an ordinary line, cursor at its end."""
        if self._held:
            self._held = False
            if self.selection == Selection(0, len(self.value)):
                self.cursor_position = len(self.value)

    def action_delete_left(self) -> None:
        self._release()
        super().action_delete_left()

    def action_cursor_left(self, select: bool = False) -> None:
        self._release()
        super().action_cursor_left(select)

    def action_cursor_right(self, select: bool = False) -> None:
        self._release()
        super().action_cursor_right(select)


class CommandInput(CorrectableInput):
    """The line a move is typed in: Tab completes, up and down go through earlier commands."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "history(-1)", N_("Previous command"), show=False),
        Binding("down", "history(1)", N_("Next command"), show=False),
        Binding("tab", "complete", N_("Complete"), show=False),
        # a line feed is Enter too: Ctrl+J, and Enter typed while the terminal still made lines
        Binding("ctrl+j", "submit", show=False),
    ]

    def __init__(self, game: Game, *, play: Callable[[str], None] | None = None, id: str | None = None) -> None:
        super().__init__(placeholder=_("type a move (supply, take fish, enter ..., end) or help"), id=id)
        self.game = game
        # what Enter does with the line: handed down by the table, which plays it (see `action_submit`)
        self.play = play
        self._pos = 0
        self._cycle: list[str] = []  # the lines Tab goes through, one a press
        self._cycle_at = -1
        self.cycling: Step | None = None  # the choices Tab is going through

    @property
    def history(self) -> list[str]:
        return self.game.history

    def on_mount(self) -> None:
        self.suggester = CommandSuggester(self.game)
        self._pos = len(self.history)

    def remember(self, text: str) -> None:
        if text and (not self.history or self.history[-1] != text):
            self.history.append(text)
        self._pos = len(self.history)

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self._pos = max(0, min(len(self.history), self._pos + step))
        self.value = self.history[self._pos] if self._pos < len(self.history) else ""
        self.cursor_position = len(self.value)

    def _on_paste(self, event: events.Paste) -> None:
        """Pasted lines are commands, played one after the other (a line still being
        written stays in the bar); a single line is pasted as text."""
        text = event.text.replace("\r\n", "\n").replace("\r", "\n")
        if "\n" not in text:
            return  # Input's own handler pastes it (handlers of every class in turn)
        event.prevent_default()  # not Input's handler, which keeps only the first line
        event.stop()
        *whole, rest = text.split("\n")
        for i, line in enumerate(whole):
            command = (self.value + line) if i == 0 else line
            if i == 0:
                self.value = ""
            if command.strip():
                self.post_message(self.Submitted(self, command, None))
        self.value = rest
        self.cursor_position = len(rest)

    async def action_submit(self) -> None:
        """Enter: the command leaves the bar at once, so keys typed (or pasted) after it
        start the next command instead of running into this one. A refused command comes
        back into the bar (see the table's `play_typed`).

        The table plays it right here, within the key press, so that one frame shows the
        cleared bar and the move's result: as a message it would reach the table only after
        a frame of its own, and the result would wait for the next one. (So the table hands
        the bar a function, `play`, where the guide would have a message.)"""
        value = self.value
        self.value = ""
        if self.play is not None:
            self.play(value)
        else:
            self.post_message(self.Submitted(self, value, None))

    def action_complete(self) -> None:
        """Tab completes the word being typed, one level at a time: the only choice (and a
        space when more may follow), else what all the choices begin with, else each choice
        in turn (the line under the bar lists them)."""
        if self.in_cycle():
            self._cycle_at = (self._cycle_at + 1) % len(self._cycle)
            self._set(self._cycle[self._cycle_at])
            return
        self._cycle = []
        self.cycling = None
        step = next_step(self.game, self.value)
        choices = step.choices
        if not choices:
            return
        if len(choices) == 1:
            only = choices[0]
            self._set(only.line + (" " if only.more else ""))
            return
        common = os.path.commonprefix([c.word for c in choices])
        first = choices[0]
        head = first.line[: len(first.line) - len(first.word)]
        if len(common) > len(step.typed) and all(c.line == head + c.word for c in choices):
            self._set(head + common)
            return
        self._cycle = [c.line for c in choices]
        self._cycle_at = 0
        self.cycling = step
        self._set(self._cycle[0])

    def in_cycle(self) -> bool:
        """Tab is going through choices, and the line is one of them."""
        return bool(self._cycle) and self.value == self._cycle[self._cycle_at]

    def _set(self, text: str) -> None:
        self.value = text
        self.cursor_position = len(text)


class CommandHint(Widget):
    """What the typed words may become, or the card they name, or what is possible now.

    Two lines high whatever it says, so a new hint redraws only itself (no new layout).
    """

    cut = False  # the text did not fit: the whole log's window (F8) says it in full

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text()

    @property
    def text(self) -> Text:
        return self._text

    def update(self, text: Text | str) -> None:
        self._text = text if isinstance(text, Text) else Text(text)
        self.refresh()

    def render(self) -> Text:
        """The text in two lines at most: a longer one (a refusal, said in full in the log
        too) ends its second line with '…'."""
        width = self.size.width
        if width <= 0:
            return self._text
        lines = self._text.wrap(self.app.console, width)
        self.cut = len(lines) > HINT_LINES
        if len(lines) <= HINT_LINES:
            return self._text
        last = lines[HINT_LINES - 1]
        last.rstrip()
        last.truncate(width - 1)
        last.append("…")
        return Text("\n").join(lines[:HINT_LINES])


class CommandBar(Vertical):
    """The command line, with a prompt before it and two lines of hints under it."""

    _refused: str | None = None

    def __init__(
        self,
        game: Game,
        *,
        play: Callable[[str], None] | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.game = game
        self.play = play

    def compose(self) -> ComposeResult:
        with Horizontal(id="command-row"):
            yield Label(">", id="prompt")
            yield CommandInput(self.game, play=self.play, id="command")
        yield CommandHint(id="hint")

    @property
    def input(self) -> CommandInput:
        return self.query_one(CommandInput)

    def on_mount(self) -> None:
        self.show_hint("")
        self._name_prompt()

    def _name_prompt(self) -> None:
        """At a hosted table the prompt names the player at this keyboard ('Ben>')."""
        s = self.game.table
        if s is None or not s.hosted:
            return  # the local table: its prompt stays; the host's modules are not needed
        from ...net.client import HostedTable

        if isinstance(s, HostedTable):
            mark = f"{s.name}>" if s.seat is not None else _("watching") + ">"
            prompt = self.query_one("#prompt", Label)
            prompt.update(mark)
            prompt.styles.width = len(mark) + 2

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.value != event.input.value:
            return  # the line changed again since (Enter clears it and plays it at once)
        if event.value != self._refused:
            self.show_hint(event.value)

    def showing_refusal(self, value: str) -> bool:
        return value == self._refused

    def _hint(self) -> CommandHint | None:
        """The line under the bar; None while the bar is not composed yet, or is going away
        (a bot's move can land while the app closes)."""
        return next(iter(self.query(CommandHint).results(CommandHint)), None)

    def refused(self, value: str, text: str) -> None:
        """Say why the line was refused, under it, until the line is changed."""
        self._refused = value
        hint = self._hint()
        if hint is not None:
            hint.update(text)
            hint.add_class("-refusal")

    def say(self, value: str, text: str) -> None:
        """Show a word under the bar (a hint, 'Thinking…') until the line is changed."""
        self._refused = value
        hint = self._hint()
        if hint is not None:
            hint.update(text)
            hint.remove_class("-refusal")

    def show_hint(self, value: str) -> None:
        hint = self._hint()
        self._refused = None
        if hint is None:
            return
        hint.remove_class("-refusal")
        if self.game.table is None:
            return
        box = self.input
        hint.update(hint_text(self.game, value, self.app.size.width, box.cycling if box.in_cycle() else None))


def hint_text(game: Game, value: str, screen_width: int, cycling: Step | None = None) -> Text:
    """The line under the bar for what is typed, in a terminal `screen_width` wide."""
    from ..view import card, name, text_of

    words = value.split()
    s = game.table
    assert s is not None
    if not words:
        if s.state.phase == "over":
            return Text(_("The game is over. 'scores' shows the final scores again; F1 for help, ctrl+q to quit."))
        if s.hosted and not s.plays_now():
            return Text(waiting_words(game))
        if s.is_bot_turn():
            who = game.seat_label(s.state.current)
            if game.bots_paused and not game.bot_busy:
                return Text(_("Bots paused: {player} is to play. F6 or 'pause' lets them go on.").format(player=who))
            return Text(
                _(
                    "{player} is playing…  The bar waits for a person's turn "
                    "(show, cards, save, help and F1 still work)."
                ).format(player=who)
            )
        lines = complete("", s.state)
        verbs = list(dict.fromkeys(line.split()[0] for line in lines))
        pend = s.state.pending
        keys = _("(Tab completes, Up/Down: earlier commands, F4 a hint)")
        if screen_width < 100:  # the same in fewer words, so that a second line still fits
            keys = _("(Tab completes, F4 a hint)")
        # translators: the moves possible now, under the command bar: "Now: supply, buy, sell, end"
        now = Text(_("Now: {moves}").format(moves=", ".join(verbs)) + "   " + keys)
        if pend is not None and pend.kind == "peek" and s.state.special_deck:
            first, second = (name(b) for b in s.state.special_deck[:2])
            peek = _("Top special buildings: {first} then {second}. 'keep' them so, or 'swap' them.")
            now.append("\n" + peek.format(first=first, second=second))
        elif pend is not None and pend.kind == "build":
            more = ngettext(
                "You may build {n} more: 'build NAME' (a stack top), or go on.",
                "You may build {n} more: 'build NAME' (a stack top), or go on.",
                pend.remaining,
            )
            now.append("\n" + more.format(n=pend.remaining))
        return now
    if s.hosted and table_word_of(words[0]) == "say":
        return Text(_("Enter says it to everybody at the table, in the log."))
    width = max(20, screen_width - 6)
    out = Text(no_wrap=True, overflow="ellipsis")
    # A building named after the verb: its card on the first line (not while Tab goes
    # through choices: then they have both lines).
    named = ("enter", "buy", "build", "sell", "show", "help")
    if cycling is None and len(words) >= 2 and (verb_of(words[0]) or table_word_of(words[0])) in named:
        b = building_named(words[1:])
        if b is not None:
            c = card(b)
            out.append(f"{c.number} {name(b)}: {text_of(b)}")
            out.truncate(width, overflow="ellipsis")
            out.append("\n")
    room = 1 if out.plain else 2  # lines left for the choices
    out.append_text(_next_words(game, value, width, room, cycling))
    return out


def waiting_words(game: Game) -> str:
    """The bar of a player at a hosted table while somebody else is to act."""
    from ...net.client import HostedTable

    s = game.table
    assert isinstance(s, HostedTable)
    who = game.seat_label(s.state.current)
    if s.seat is None:
        return _(
            "You are watching; {player} is to play. "
            "'say TEXT' talks to the table; show CARD, cards, F1 help, 'lobby' leaves."
        ).format(player=who)
    return _(
        "{player} is to play. Meanwhile: sell BUILDING or SHIP, 'say TEXT' to the table, show CARD, cards, F1 help."
    ).format(player=who)


def _next_words(game: Game, value: str, width: int, lines: int, cycling: Step | None) -> Text:
    """What may come next (the choices Tab goes through), as many as fit in `lines` lines;
    while Tab goes through them, the one in the bar is marked."""
    step = cycling or next_step(game, value)
    fits = completions(game, value)
    if len(step.choices) == 1 and step.choices[0].line == value.strip().lower() and not step.choices[0].more:
        step = Step(step.position, step.typed, ())  # typed in full: nothing left to complete
    if not step.choices:
        if fits:
            plays = _("Enter plays: {move}").format(move=fits[0])
            if len(fits) > 1:
                ways = len(fits) - 1
                plays += "   " + ngettext("(or {n} more way)", "(or {n} more ways)", ways).format(n=ways)
            return Text(plays)
        return Text(_("No legal move starts like this; Enter explains why, 'help' lists the commands."))
    label = _("Tab:") + " " if len(step.choices) > 1 else _("Tab completes:") + " "
    text = Text(label, style="dim")
    line_start = 0
    for i, c in enumerate(step.choices):
        item = c.word + (f" ({c.note})" if c.note else "")
        rest = len(step.choices) - i - 1
        tail = "  " + more_choices(rest) if rest else ""
        last_line = text.plain.count("\n") + 1 >= lines
        if i and text.cell_len - line_start + 3 + len(item) + (len(tail) if last_line else 0) > width:
            if last_line:
                text.append("  " + more_choices(len(step.choices) - i), style="dim")
                break
            text.append("\n")
            line_start = text.cell_len
        elif i:
            text.append(" · ", style="dim")
        current = cycling is not None and value == c.line
        text.append(item, style="reverse" if current else "")
    return text


def more_choices(n: int) -> str:
    """'… 3 more': the choices that did not fit under the bar."""
    return ngettext("… {n} more", "… {n} more", n).format(n=n)
