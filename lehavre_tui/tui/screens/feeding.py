"""End of a round: harvest, then each player feeds the workers.

What the player types is the payment, submitted with Enter; the proposal is paid only when
the player picks it (F5 or its button). Enter on an empty line is refused, saying why:
paying nothing is not a choice while there is food to pay with (loans cover only what a
player cannot pay, rulebook: feeding).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button

from ...commands import VERBS, table_word_of, verb_of
from ...engine.goods import FOOD_VALUE
from ...engine.message import Count, Goods, Listing
from ...engine.payments import payment_value
from ...text import N_, _, ngettext, render
from ..game import Game
from ..messages import CommandEntered
from ..view import default_feeding, food_view, payment_words, template_of
from ..widgets.command_bar import LOCAL_WORDS, CorrectableInput
from .common import Plain, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from ...table import Table


def round_end_lines(session: Table) -> list[str]:
    """The log from 'Round N ends.' on: harvest and the feeding so far."""
    log = session.log
    for i in range(len(log) - 1, -1, -1):
        template = template_of(log[i].event)
        if template.startswith("Round ") and template.endswith(" ends."):
            return [ln.text for ln in log[i:]]
    return []


class FeedingScreen(ModalScreen[None]):
    """The feeding of the player to act: what is due, what is on hand, the proposal."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "look", N_("Look at the table")),
        Binding("f5", "feed_proposed", N_("Pay the proposal")),
    ]
    AUTO_FOCUS = "#feeding-input"

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        yield TooSmall(self.game.glyphs.ascii)
        with Vertical(id="feeding", classes="body dialog"):
            with VerticalScroll(id="feeding-events"):
                yield Plain(id="feeding-log")
            yield Plain(id="feeding-who")
            yield Plain(id="feeding-have")
            yield Plain(id="feeding-proposal")
            with Horizontal(id="feeding-row"):
                yield CorrectableInput(placeholder=_("what you pay, e.g. fish=2 francs=3"), id="feeding-input")
                yield Button(_("Pay the proposal (F5)"), id="feed-default")
            yield Plain(
                _("Type what you pay and press Enter, or F5 to pay the proposal; Esc looks at the table."),
                id="feeding-keys",
            )
            yield Plain(id="feeding-error")
            yield Plain(id="feeding-next")

    def on_mount(self) -> None:
        self.sync()

    def sync(self) -> None:
        session = self.game.table
        if session is None:
            return
        s = session.state
        if s.phase != "feeding" or not self.query("#feeding"):  # not composed yet: on_mount draws it
            return
        seat = s.current
        p = s.players[seat]
        f = food_view(s, seat)
        box = self.query_one("#feeding")
        box.border_title = _("End of round {round}: feeding").format(round=s.round)
        for i in range(5):
            box.set_class(i == seat, f"seat-{i}")
        self.query_one("#feeding-log", Plain).update("\n".join(round_end_lines(session)))
        self.query_one("#feeding-events").scroll_end(animate=False)
        if f.ships:
            who = _("{player} feeds the workers: {food} due (the ships feed {ships}).")
        else:
            who = _("{player} feeds the workers: {food} due.")
        food = render(Count(f.due, "food"))
        self.query_one("#feeding-who", Plain).update(who.format(player=p.name, food=food, ships=f.ships))
        # translators: a food good on hand and what it is worth: "3 fish (3 food)"
        worth = _("{goods} ({food})")
        have = [
            worth.format(goods=render(Goods.of({g: p.goods[g]})), food=render(Count(p.goods[g] * v, "food")))
            for g, v in FOOD_VALUE.items()
            if p.goods[g]
        ]
        have.append(worth.format(goods=render(Count(p.francs, "franc")), food=render(Count(p.francs, "food"))))
        self.query_one("#feeding-have", Plain).update(_("Food on hand: {goods}.").format(goods=", ".join(have)))
        payment, short = default_feeding(s, seat)
        wasted = payment_value(payment, "food") - f.due
        if short:
            proposal = _(
                "Proposed: pay {payment}; still {short} short: loans cover the rest (4 francs each). "
                "To avoid a loan, type 'sell NAME' here first."
            )
        elif wasted > 0:
            proposal = _("Proposed: pay {payment} ({wasted} food wasted: there is no change).")
        else:
            proposal = _("Proposed: pay {payment}.")
        text = Text(proposal.format(payment=payment_words(payment), short=short, wasted=wasted))
        self.query_one("#feeding-proposal", Plain).update(text)
        later = [s.players[i].name for i in s.feeding_queue[1:]]
        self.query_one("#feeding-next", Plain).update(
            ngettext("Then {players} feeds.", "Then {players} feed.", len(later)).format(
                players=render(Listing(tuple(later), ","))
            )
            if later
            else ""
        )
        self.query_one("#feeding-error", Plain).update("")
        self.payment.focus()

    @property
    def payment(self) -> CorrectableInput:
        return self.query_one("#feeding-input", CorrectableInput)

    def type(self, text: str) -> None:
        """Keys typed in a window opened over this one go on in the payment."""
        self.payment.take(text)

    @on(Button.Pressed, "#feed-default")
    def action_feed_proposed(self) -> None:
        self._play("feed")

    @on(CorrectableInput.Submitted, "#feeding-input")
    def feed_typed(self, event: CorrectableInput.Submitted) -> None:
        text = event.value.strip()
        if not text:
            self.say(self._nothing_typed())
            return
        first = text.split()[0].lower()
        if first not in VERBS and first not in LOCAL_WORDS and not (verb_of(first) or table_word_of(first)):
            text = f"feed {text}"
        self.payment.value = ""
        self._play(text, back=event.value)

    def _nothing_typed(self) -> str:
        """Why an empty payment is refused: what paying nothing would mean."""
        table = self.game.table
        due = food_view(table.state, table.state.current).due if table is not None else 0
        return _(
            "Nothing typed. Paying nothing would leave all {food} unpaid, and loans cover only food "
            "you cannot pay otherwise. Type what you pay (e.g. fish=2 francs=3) and press Enter, or F5 "
            "to pay the proposal."
        ).format(food=render(Count(due, "food")))

    def _play(self, text: str, back: str = "") -> None:
        """Played by the app; a refusal comes back to `refused`."""
        self.post_message(CommandEntered(text, back))

    def refused(self, back: str, reason: str) -> None:
        """The payment was refused: the line typed back in the box for correcting (typing
        replaces it), the reason under it."""
        if back and not self.payment.value:
            self.payment.hold(back)
        self.say(reason)

    def say(self, text: str) -> None:
        self.query_one("#feeding-error", Plain).update(Text(text))

    def refused_later(self, text: str, reason: str) -> None:
        """A payment sent to the host came back refused: back in the box to be corrected."""
        if not self.payment.value:
            self.payment.hold(text.removeprefix("feed ") if text.startswith("feed ") else text)
        self.say(reason)

    def suggest(self, command: str, line: str) -> None:
        """A hint: its payment goes into the box, ready to submit or to type over."""
        box = self.payment
        box.hold(command)  # selected: Enter pays it, typing replaces it
        box.focus()
        self.say(line)

    def action_look(self) -> None:
        """Peek at the table; the feeding comes back with the next command."""
        self.dismiss()
