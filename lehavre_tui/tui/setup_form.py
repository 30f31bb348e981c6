"""The set-up form: every choice of a new game, drawn as lines of text by one widget.

Built from Textual's radio sets, dropdowns, inputs and buttons, the form was 57 widgets to
build, style and lay out, and the set-up screen took nearly twice as long as a bare app to
show its first frame. This widget draws the same choices and fields itself and reads the
keys and clicks itself: the keys in the order they come (a letter typed after Tab lands in
the next field), a click on what it points at.

A *stop* is a place the keyboard can be: a choice (`players`, `seat-1`, `variant`,
`language`), a field to type in (`name-0`, `seed`) or a button (`start` …). The chosen
option and the stop the keyboard is on are marked by glyphs and by reverse video, never by
colour alone (NO_COLOR, monochrome terminals).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import ClassVar

from rich.cells import cell_len
from textual import events
from textual.content import Content
from textual.message import Message
from textual.style import Style
from textual.widget import Widget

from ..engine.players import DEFAULT_NAMES, MAX_PLAYERS
from ..seats import LEVELS
from ..text import LANGUAGES, N_, _, language, language_name
from .messages import LanguageChosen
from .seat_names import seat_kind_name

TITLE = "L E   H A V R E"
SUBTITLE = N_("Uwe Rosenberg's harbour game, hotseat at one keyboard, with bots if you like")
SEAT_KINDS = ("human", *LEVELS)  # the set-up offers the levels; saves and --seats take the old names too
BUTTONS = ("start", "tutorial", "continue", "quit")
WIDTH = 76  # the form's columns inside its frame (the frame is 80 wide, the narrowest terminal)
LABEL = 10  # the columns of the labels on the left, or more where a language's labels are longer
NAME_LENGTH = 12
SEED_LENGTH = 12  # digits


def button_words(button: str) -> str:
    words = {"start": N_("Start"), "tutorial": N_("Tutorial"), "continue": N_("Continue"), "quit": N_("Quit")}
    return _(words[button])


@dataclass
class Form:
    """What the set-up form holds, kept when the form is drawn again in another language."""

    players: int = 2
    names: list[str] = field(default_factory=lambda: list(DEFAULT_NAMES[:MAX_PLAYERS]))
    seats: list[str] = field(default_factory=lambda: ["human"] * MAX_PLAYERS)
    short: bool = False
    seed: str = ""


@dataclass(frozen=True)
class Spot:
    """What a click on one piece of the form means: the stop it belongs to, and the option
    it picks (a choice), the step it takes (a seat's ◂ ▸) or the button it presses."""

    stop: str
    option: object = None
    step: int = 0


class Line:
    """One line of the form being drawn, and where its clickable pieces lie."""

    def __init__(self) -> None:
        self.parts: list[tuple[str, Style] | str] = []
        self.x = 0
        self.spots: list[tuple[int, int, Spot]] = []

    def add(self, text: str, style: Style | None = None, spot: Spot | None = None) -> None:
        width = cell_len(text)
        if spot is not None:
            self.spots.append((self.x, self.x + width, spot))
        self.parts.append((text, style) if style is not None else text)
        self.x += width

    def content(self) -> Content:
        return Content.assemble(*self.parts)


class SetupForm(Widget, can_focus=True):
    """The form of the set-up screen. It says what the player did by messages (a button
    pressed; a language picked, told the app); the screen hands it the saved game's line and
    refusals."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "setup-form--title",
        "setup-form--muted",
        "setup-form--label",
        "setup-form--field",
        "setup-form--placeholder",
        "setup-form--cursor",
        "setup-form--chosen",
        "setup-form--focus",
        "setup-form--button",
        "setup-form--disabled",
        "setup-form--notice",
    }
    DEFAULT_CSS = """
    SetupForm { width: 100%; height: auto; text-wrap: nowrap; text-overflow: ellipsis; }
    SetupForm > .setup-form--title { color: $accent; text-style: bold; }
    SetupForm > .setup-form--muted { color: $text-muted; }
    SetupForm > .setup-form--label { text-style: bold; }
    SetupForm > .setup-form--field { background: $boost; }
    SetupForm > .setup-form--placeholder { background: $boost; color: $text-muted; }
    SetupForm > .setup-form--cursor { background: $boost; text-style: reverse; }
    SetupForm > .setup-form--chosen { text-style: bold; }
    SetupForm > .setup-form--focus { text-style: bold reverse; }
    SetupForm > .setup-form--button { background: $panel; text-style: bold; }
    SetupForm > .setup-form--disabled { color: $text-disabled; }
    SetupForm > .setup-form--notice { color: $text-warning; }
    """

    class Pressed(Message):
        """A button of the form was pressed (by Enter or a click)."""

        def __init__(self, button: str) -> None:
            super().__init__()
            self.button = button

    def __init__(self, form: Form, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.form = form
        self.ascii = ascii
        self.stop = "start"  # where the keyboard is
        self.cursor = 0  # in the field typed in
        self.notice = ""  # a refusal or a problem, said above the buttons
        self.saved = ""  # the saved game's line
        self.can_continue = False
        self.roomy = False  # tall terminals: a blank line between the groups of rows
        self._spots: list[tuple[int, int, int, Spot]] = []  # (line, from column, to column, spot)
        self._label = LABEL  # the labels' column, as last drawn
        self._styles: dict[str, Style] = {}
        self._drawn: tuple[object, Content] | None = None  # what the drawing shows, and the drawing

    # --- what the screen hands down --------------------------------------------------------
    def show_notice(self, text: str) -> None:
        self.notice = text
        self.refresh(layout=True)

    def show_saved(self, line: str, can_continue: bool) -> None:
        self.saved, self.can_continue = line, can_continue
        if not can_continue and self.stop == "continue":
            self.stop = "start"
        self.refresh(layout=True)

    def set_roomy(self, roomy: bool) -> None:
        if roomy != self.roomy:
            self.roomy = roomy
            self.refresh(layout=True)

    # --- the stops ---------------------------------------------------------------------------
    def rows(self) -> list[list[str]]:
        """The stops, row by row as drawn."""
        seats = [[f"name-{i}", f"seat-{i}"] for i in range(self.form.players)]
        buttons = [b for b in BUTTONS if b != "continue" or self.can_continue]
        return [["players"], *seats, ["variant"], ["seed"], ["language"], buttons]

    def stops(self) -> list[str]:
        return [stop for row in self.rows() for stop in row]

    @staticmethod
    def is_text(stop: str) -> bool:
        return stop == "seed" or stop.startswith("name-")

    def options(self, stop: str) -> list[tuple[object, str]]:
        """A choice's options: (value, words)."""
        if stop == "players":
            return [(n, str(n)) for n in range(1, MAX_PLAYERS + 1)]
        if stop == "variant":
            return [(False, _("Full game")), (True, _("Short game"))]
        if stop == "language":
            return [(lang, language_name(lang)) for lang in LANGUAGES]  # each in its own words
        return [(kind, seat_kind_name(kind)) for kind in SEAT_KINDS]

    def value(self, stop: str) -> object:
        if stop == "players":
            return self.form.players
        if stop == "variant":
            return self.form.short
        if stop == "language":
            return language()
        return self.form.seats[int(stop[5:])]

    def choose(self, stop: str, value: object) -> None:
        """An option of a choice taken (a language is changed by the app, told so)."""
        if stop == "language":
            if value != language():
                self.post_message(LanguageChosen(str(value)))
        elif stop == "players":
            self.form.players = int(str(value))
        elif stop == "variant":
            self.form.short = bool(value)
        else:
            self.form.seats[int(stop[5:])] = str(value)
        self.refresh(layout=True)

    def text(self, stop: str) -> str:
        return self.form.seed if stop == "seed" else self.form.names[int(stop[5:])]

    def _set_text(self, stop: str, text: str) -> None:
        if stop == "seed":
            self.form.seed = text
        else:
            self.form.names[int(stop[5:])] = text

    def go(self, stop: str) -> None:
        """The keyboard to this stop (the end of its text, in a field)."""
        self.stop = stop
        if self.is_text(stop):
            self.cursor = len(self.text(stop))
        self.refresh()

    def _row_of(self, stop: str) -> tuple[int, int]:
        for r, row in enumerate(self.rows()):
            if stop in row:
                return r, row.index(stop)
        return len(self.rows()) - 1, 0  # a stop no longer drawn: the buttons

    # --- keys --------------------------------------------------------------------------------
    async def _on_key(self, event: events.Key) -> None:
        # every key is handled here as it comes, before the bindings of the screen and the app
        # (Tab would move Textual's focus): keys typed quickly act in the order typed
        if self.act(event.key, event.character if event.is_printable else None):
            event.stop()
            event.prevent_default()
        else:
            await super()._on_key(event)

    def act(self, key: str, character: str | None) -> bool:
        """Do what the key means where the keyboard is; False for a key the form leaves alone."""
        stop = self.stop
        if stop not in self.stops():
            self.go("start")
            stop = self.stop
        if key in ("tab", "shift+tab"):
            stops = self.stops()
            self.go(stops[(stops.index(stop) + (1 if key == "tab" else -1)) % len(stops)])
        elif key in ("up", "down"):
            rows = self.rows()
            r, c = self._row_of(stop)
            r = max(0, min(len(rows) - 1, r + (1 if key == "down" else -1)))
            self.go(rows[r][min(c, len(rows[r]) - 1)])
        elif self.is_text(stop):
            return self._type(stop, key, character)
        elif stop in BUTTONS:
            return self._on_button(stop, key, character)
        else:
            return self._on_choice(stop, key, character)
        self._quiet()
        return True

    def _quiet(self) -> None:
        """A key that did what it meant: a refusal said before is done with."""
        if self.notice:
            self.notice = ""
            self.refresh(layout=True)

    def _type(self, stop: str, key: str, character: str | None) -> bool:
        text, at = self.text(stop), min(self.cursor, len(self.text(stop)))
        if key == "left":
            at = max(0, at - 1)
        elif key == "right":
            at = min(len(text), at + 1)
        elif key == "home":
            at = 0
        elif key == "end":
            at = len(text)
        elif key == "backspace":
            if at > 0:
                text, at = text[: at - 1] + text[at:], at - 1
        elif key == "delete":
            text = text[:at] + text[at + 1 :]
        elif key == "enter":
            self.act("tab", None)
            return True
        elif character is not None:
            return self.insert(character)
        else:
            return False
        self._set_text(stop, text)
        self.cursor = at
        self._quiet()
        self.refresh()
        return True

    def insert(self, typed: str) -> bool:
        """Typed or pasted text into the field the keyboard is in; what the field cannot take
        is refused with a sentence, and the field stays as it was."""
        stop = self.stop
        if not self.is_text(stop):
            self.show_notice(_("Letters go into a name or the seed; Tab moves from field to field."))
            return True
        typed = "".join(typed.split("\n")[0].split("\r")[0])  # one line
        typed = "".join(c for c in typed if c.isprintable())
        if not typed:
            return True
        text, at = self.text(stop), min(self.cursor, len(self.text(stop)))
        if stop == "seed" and not (typed.isascii() and typed.isdigit()):  # not '²', which int() refuses
            self.show_notice(_("The seed is a whole number: only digits go in it."))
            return True
        longest = SEED_LENGTH if stop == "seed" else NAME_LENGTH
        if len(text) + len(typed) > longest:
            if stop == "seed":
                self.show_notice(_("A seed has at most {n} digits.").format(n=SEED_LENGTH))
            else:
                self.show_notice(_("A name has at most {n} letters.").format(n=NAME_LENGTH))
            return True
        self._set_text(stop, text[:at] + typed + text[at:])
        self.cursor = at + len(typed)
        self._quiet()
        self.refresh()
        return True

    def _on_button(self, stop: str, key: str, character: str | None) -> bool:
        buttons = self.rows()[-1]
        if key in ("left", "right"):
            i = buttons.index(stop) + (1 if key == "right" else -1)
            self.go(buttons[max(0, min(len(buttons) - 1, i))])
        elif key == "enter":  # not Space: a name typed with the keyboard here would start the game
            self.press(stop)
        elif character is not None:
            return self.insert(character)  # said where letters go
        else:
            return False
        return True

    def press(self, button: str) -> None:
        if button == "continue" and not self.can_continue:
            return
        self._quiet()
        self.post_message(self.Pressed(button))

    def _on_choice(self, stop: str, key: str, character: str | None) -> bool:
        options = self.options(stop)
        values = [v for v, _words in options]
        at = values.index(self.value(stop)) if self.value(stop) in values else 0
        spinner = stop.startswith("seat-")  # its options are shown one at a time, and go round
        if key in ("left", "right", "space"):
            step = -1 if key == "left" else 1
            at = (at + step) % len(values) if spinner or key == "space" else max(0, min(len(values) - 1, at + step))
        elif key == "home":
            at = 0
        elif key == "end":
            at = len(values) - 1
        elif key == "enter":
            self.act("tab", None)
            return True
        elif character is not None and character.strip():
            found = self._option_for(options, at, character)
            if found is None:
                return self.insert(character)  # said where letters go
            at = found
        else:
            return False
        self._quiet()
        if values[at] != self.value(stop):
            self.choose(stop, values[at])
        return True

    @staticmethod
    def _option_for(options: list[tuple[object, str]], at: int, character: str) -> int | None:
        """The next option whose words begin with the letter typed (a digit: the number)."""
        n = len(options)
        for i in range(1, n + 1):
            j = (at + i) % n
            if options[j][1][:1].casefold() == character.casefold():
                return j
        return None

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        self.insert(event.text)

    # --- the mouse ---------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        spot = self.spot_at(offset.x, offset.y)
        if spot is None:
            return
        event.stop()
        self.focus()
        self.go(spot.stop)
        if spot.stop in BUTTONS:
            self.press(spot.stop)
        elif self.is_text(spot.stop):
            self.cursor = min(int(str(spot.option or 0)), len(self.text(spot.stop)))
        elif spot.step:
            values = [v for v, _words in self.options(spot.stop)]
            at = values.index(self.value(spot.stop)) if self.value(spot.stop) in values else 0
            self.choose(spot.stop, values[(at + spot.step) % len(values)])
        elif spot.option is not None:
            self.choose(spot.stop, spot.option)
        self._quiet()

    def spot_at(self, x: int, y: int) -> Spot | None:
        for line, start, end, spot in self._spots:
            if line == y and start <= x < end:
                if self.is_text(spot.stop):  # the column clicked is where the cursor goes
                    return Spot(spot.stop, max(0, x - start - 1))
                return spot
        return None

    def where(self, stop: str, option: object = None) -> tuple[int, int]:
        """The offset (x, y) of a stop (or of one of its options) on the form, to click."""
        for line, start, _end, spot in self._spots:
            if spot.stop == stop and (option is None or spot.option == option):
                return start, line
        raise LookupError(stop)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    # --- the drawing -------------------------------------------------------------------------
    def style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:
            # from Rich's style: Textual's visual style of a component leaves out reverse video
            style = self._styles[name] = Style.from_rich_style(self.get_component_rich_style(f"setup-form--{name}"))
        return style

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles = {}  # a new theme, or styles changed
        self._drawn = None

    def render(self) -> Content:
        """The form as it is now (Textual asks twice a frame: for the height, then to draw)."""
        key = (
            repr(self.form), self.stop, self.cursor, self.notice, self.saved, self.can_continue,
            self.roomy, self.has_focus, language(), self.app.theme,
        )  # fmt: skip
        if self._drawn is None or self._drawn[0] != key:
            self._drawn = (key, self._draw())
        return self._drawn[1]

    def _draw(self) -> Content:
        lines: list[Line] = []
        roomy = self.roomy

        def blank() -> None:
            lines.append(Line())

        if roomy:
            blank()
        title = Line()
        title.add(TITLE.center(WIDTH).rstrip(), self.style("title"))
        lines.append(title)
        for piece in textwrap.wrap(_(SUBTITLE), WIDTH, break_on_hyphens=False):
            line = Line()
            line.add(piece.center(WIDTH).rstrip(), self.style("muted"))
            lines.append(line)
        blank()
        # translators: the set-up screen's labels on the left (the longest sets their column's width)
        players, game, language_words = _("Players"), _("Game"), _("Language")
        # translators: the number that deals a game (a random seed)
        seed = _("Seed")
        seats = [_("Player {n}").format(n=i + 1) for i in range(self.form.players)]
        self._label = max(LABEL, *(cell_len(words) + 1 for words in (players, game, language_words, seed, *seats)))
        lines.append(self._choice_row("players", players))
        lines.extend(self._seat_row(i, words) for i, words in enumerate(seats))
        blank()
        lines.append(self._choice_row("variant", game))
        if roomy:
            blank()
        placeholder = _("optional: a number deals the same game again")
        lines.append(self._field_row("seed", seed, WIDTH - 2 - self._label, placeholder))
        if roomy:
            blank()
        lines.append(self._choice_row("language", language_words))
        blank()
        lines.extend(self._sentence(self.notice, "notice"))
        lines.extend(self._sentence(self.saved, "muted"))
        if roomy:
            blank()
        lines.append(self._buttons())
        if roomy:
            blank()
        arrows = (_("up/down"), _("left/right")) if self.ascii else ("↑↓", "←→")
        keys = _("Tab or {up_down} moves, {left_right} changes, Enter presses a button")
        lines.extend(self._sentence(keys.format(up_down=arrows[0], left_right=arrows[1]), "muted"))
        self._spots = [(y, start, end, spot) for y, line in enumerate(lines) for start, end, spot in line.spots]
        return Content("\n").join(line.content() for line in lines)

    def _sentence(self, text: str, style: str) -> list[Line]:
        """A sentence under the rows' labels, in as many lines as it needs."""
        lines = []
        for piece in textwrap.wrap(text, WIDTH - 2, break_on_hyphens=False):
            line = Line()
            line.add("  ")
            line.add(piece, self.style(style))
            lines.append(line)
        return lines

    def _mark(self, here: bool) -> str:
        """Before the row the keyboard is on: a mark (not colour alone)."""
        return ("> " if self.ascii else "▸ ") if here and self.has_focus else "  "

    def _start_row(self, stops: list[str], label: str) -> Line:
        """A row's mark (the keyboard is on it) and its label."""
        line = Line()
        line.add(self._mark(self.stop in stops))
        line.add(label.ljust(self._label), self.style("label"), Spot(stops[0]))
        return line

    def _choice_row(self, stop: str, label: str) -> Line:
        line = self._start_row([stop], label)
        chosen = self.value(stop)
        here = self.has_focus and self.stop == stop
        dot = "*" if self.ascii else "●"
        for i, (value, words) in enumerate(self.options(stop)):
            if i:
                line.add("  ")
            mark = f"({dot})" if value == chosen else "( )"
            style = None if value != chosen else self.style("focus") if here else self.style("chosen")
            line.add(f"{mark} {words}", style, Spot(stop, value))
        return line

    def _field(self, line: Line, stop: str, width: int, placeholder: str = "") -> None:
        """A field to type in, `width` columns, with the cursor where the keyboard is."""
        text = self.text(stop)
        here = self.has_focus and self.stop == stop
        field_style = self.style("field")
        start = line.x
        line.add(" ", field_style)
        if not text and placeholder:
            shown = placeholder if cell_len(placeholder) <= width - 2 else placeholder[: width - 3] + "…"
            if here:
                line.add(shown[:1], self.style("cursor"))
                shown = shown[1:]
            line.add(shown.ljust(width - 2 - (1 if here else 0)), self.style("placeholder"))
        else:
            at = min(self.cursor, len(text))
            if here:
                line.add(text[:at], field_style)
                line.add(text[at : at + 1] or " ", self.style("cursor"))
                line.add(text[at + 1 :], field_style)
            else:
                line.add(text, field_style)
            line.add(" " * (start + width - 1 - line.x), field_style)  # by columns: a letter may take two
        line.add(" ", field_style)
        line.spots.append((start, line.x, Spot(stop)))

    def _field_row(self, stop: str, label: str, width: int, placeholder: str = "") -> Line:
        line = self._start_row([stop], label)
        self._field(line, stop, width, placeholder)
        return line

    def _seat_row(self, i: int, label: str) -> Line:
        """One seat: its name, and who plays it (◂ a person or a level of bot ▸)."""
        name, seat = f"name-{i}", f"seat-{i}"
        line = self._start_row([name, seat], label)
        self._field(line, name, NAME_LENGTH + 2)
        line.add("  ")
        options = self.options(seat)
        wide = max(cell_len(words) for _value, words in options)
        words = dict(options)[self.value(seat)]
        here = self.has_focus and self.stop == seat
        left, right = ("<", ">") if self.ascii else ("◂", "▸")
        line.add(left, None, Spot(seat, step=-1))
        line.add(f" {words.ljust(wide)} ", self.style("focus") if here else self.style("chosen"), Spot(seat, step=1))
        line.add(right, None, Spot(seat, step=1))
        return line

    def _buttons(self) -> Line:
        line = Line()
        line.add(self._mark(self.stop in BUTTONS))
        for button in BUTTONS:
            words = f"[ {button_words(button)} ]"
            if button == "continue" and not self.can_continue:
                line.add(words, self.style("disabled"))
            elif self.has_focus and self.stop == button:
                line.add(words, self.style("focus"), Spot(button))
            else:
                line.add(words, self.style("button"), Spot(button))
            line.add("  ")
        return line
