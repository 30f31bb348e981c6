"""The command bar: type a move (with completion and history), see what fits below it."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.suggester import Suggester
from textual.widget import Widget
from textual.widgets import Input, Label

from ...commands import CommandError, building_id, complete

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from ..app import LeHavreApp

HINT_LINES = 2  # the height of the line under the bar
# Words the table itself understands, besides the moves of the game.
LOCAL_WORDS = ("undo", "save", "show", "cards", "hint", "quit")


def completions(app: LeHavreApp, value: str) -> list[str]:
    session = app.session
    if session is None:
        return []
    out = complete(value, session.state)
    low = value.strip().lower()
    if low and " " not in low:
        out += [w for w in LOCAL_WORDS if w.startswith(low) and w != low]
    return out


class CommandSuggester(Suggester):
    """Grey text after the cursor: the first legal command that starts with what is typed."""

    def __init__(self, app: LeHavreApp) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self._app = app

    async def get_suggestion(self, value: str) -> str | None:
        if not value.strip():
            return None
        for line in completions(self._app, value):
            if line.startswith(value.lower()):
                return line
        return None


class CommandInput(Input):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "history(-1)", "Previous command", show=False),
        Binding("down", "history(1)", "Next command", show=False),
        Binding("tab", "complete", "Complete", show=False),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(placeholder="type a move (supply, take fish, enter ..., end) or help", id=id)
        self._pos = 0
        self._cycle: list[str] = []
        self._cycle_at = -1

    @property
    def history(self) -> list[str]:
        return cast("LeHavreApp", self.app).history

    def on_mount(self) -> None:
        self.suggester = CommandSuggester(cast("LeHavreApp", self.app))
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
        """Enter: the command leaves the bar at once, so keys typed (or pasted) before it has
        been played start the next command instead of running into this one. A refused
        command comes back into the bar (see the table's `submit`)."""
        value = self.value
        self.value = ""
        self.post_message(self.Submitted(self, value, None))

    def action_complete(self) -> None:
        """Tab: take the grey suggestion, or cycle through what fits the typed words."""
        app = cast("LeHavreApp", self.app)
        if self._cycle and self.value in self._cycle:
            self._cycle_at = (self._cycle_at + 1) % len(self._cycle)
        else:
            self._cycle = completions(app, self.value)
            self._cycle_at = 0
        if self._cycle:
            self.value = self._cycle[self._cycle_at]
            self.cursor_position = len(self.value)


class CommandHint(Widget):
    """What the typed words may become, or the card they name, or what is possible now.

    Two lines high whatever it says, so a new hint redraws only itself (no new layout).
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text()

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
        if len(lines) <= HINT_LINES:
            return self._text
        last = lines[HINT_LINES - 1]
        last.rstrip()
        last.truncate(width - 1)
        last.append("…")
        return Text("\n").join(lines[:HINT_LINES])


class CommandBar(Vertical):
    _refused: str | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="command-row"):
            yield Label(">", id="prompt")
            yield CommandInput(id="command")
        yield CommandHint(id="hint")

    @property
    def input(self) -> CommandInput:
        return self.query_one(CommandInput)

    def on_mount(self) -> None:
        self.show_hint("")

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.value != self._refused:
            self.show_hint(event.value)

    def showing_refusal(self, value: str) -> bool:
        return value == self._refused

    def refused(self, value: str, text: str) -> None:
        """Say why the line was refused, under it, until the line is changed."""
        self._refused = value
        hint = self.query_one(CommandHint)
        hint.update(text)
        hint.add_class("-refusal")

    def say(self, value: str, text: str) -> None:
        """Show a word under the bar (a hint, 'Thinking…') until the line is changed."""
        self._refused = value
        hint = self.query_one(CommandHint)
        hint.update(text)
        hint.remove_class("-refusal")

    def show_hint(self, value: str) -> None:
        app = cast("LeHavreApp", self.app)
        hint = self.query_one(CommandHint)
        self._refused = None
        hint.remove_class("-refusal")
        if app.session is None:
            return
        hint.update(hint_text(app, value))


def hint_text(app: LeHavreApp, value: str) -> Text:
    from ..view import card

    words = value.split()
    s = app.session
    assert s is not None
    fits = completions(app, value) if words else []
    if not words:
        if s.state.phase == "over":
            return Text("The game is over. F1 for help, ctrl+q to quit; the final scores stay in the log.")
        if s.is_bot_turn():
            if app.bots_paused and not app.bot_busy:
                who = app.seat_label(s.state.current)
                return Text(f"Bots paused: {who} is to play. F6 or 'pause' lets them go on.")
            return Text(
                f"{app.seat_label(s.state.current)} is playing…  The bar waits for a person's turn "
                "(show, cards, save, help and F1 still work)."
            )
        lines = complete("", s.state)
        verbs = list(dict.fromkeys(line.split()[0] for line in lines))
        pend = s.state.pending
        keys = "   (Tab completes, Up/Down: earlier commands, F4 a hint)"
        if app.size.width < 100:  # the same in fewer words, so that a second line still fits
            keys = "   (Tab completes, F4 a hint)"
        now = Text("Now: " + ", ".join(verbs) + keys)
        if pend is not None and pend.kind == "peek" and s.state.special_deck:
            top = [card(b).name for b in s.state.special_deck[:2]]
            now.append(f"\nTop special buildings: {' then '.join(top)}. 'keep' them so, or 'swap' them.")
        elif pend is not None and pend.kind == "build":
            now.append(f"\nYou may build {pend.remaining} more: 'build NAME' (a stack top), or go on.")
        return now
    # A building named after the verb: show its card.
    if len(words) >= 2 and words[0].lower() in ("enter", "e", "buy", "build", "sell", "show", "help"):
        try:
            b = building_id(words[1])
        except CommandError:
            b = ""
        if b:
            c = card(b)
            line = Text(f"{c.number} {c.name}: {c.text}", no_wrap=True, overflow="ellipsis")
            line.truncate(max(20, app.size.width - 6), overflow="ellipsis")
            if fits:
                more = f" (Tab: {len(fits)} ways)" if len(fits) > 1 else ""
                line.append(f"\n{fits[0]}{more}")
            return line
    if not fits:
        return Text("No legal move starts like this; Enter explains why, 'help' lists the commands.")
    # as many of the fitting commands as two lines of the bar hold, the others counted
    room = HINT_LINES * max(20, app.size.width - 8)
    shown = fits[:6]
    while len(shown) > 1 and len("   ".join(shown)) + len(f"   ... {len(fits)} more (Tab cycles)") > room:
        shown.pop()
    more = f"   ... {len(fits) - len(shown)} more (Tab cycles)" if len(fits) > len(shown) else ""
    return Text("   ".join(shown) + more)
