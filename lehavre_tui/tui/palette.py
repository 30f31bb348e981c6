"""The command palette (ctrl+p): the moves of the command bar, and Textual's own entries
(theme, quit, keys, screenshot) in the reader's words."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial

from textual.app import SystemCommand
from textual.command import DiscoveryHit, Hit, Hits, Provider

from ..text import N_, _, language
from .game import Game
from .messages import CommandEntered

# Textual's system commands, title and help as Textual words them: marked for the catalogs
# here, translated where the palette lists them. An entry Textual adds later stays English.
SYSTEM_WORDS = (
    N_("Theme"), N_("Change the current theme"),
    N_("Quit"), N_("Quit the application as soon as possible"),
    N_("Keys"), N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"), N_("Minimize the widget and restore to normal size"),
    N_("Maximize"), N_("Maximize the focused widget"),
    N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen"),
)  # fmt: skip


def system_commands(commands: Iterable[SystemCommand]) -> Iterator[SystemCommand]:
    for command in commands:
        yield command._replace(title=_(command.title), help=_(command.help))


def palette_placeholder() -> str:
    return _("Search for commands…")


class MovesProvider(Provider):
    """The command palette offers the same moves as the command bar: those of the game of
    the screen it was opened over; a move chosen is played as if typed (`CommandEntered`)."""

    def _lines(self) -> list[str]:
        from ..commands import complete  # with the game: the set-up opens without them
        from ..commands.words import shown_verb

        game = getattr(self.screen, "game", None)
        if not isinstance(game, Game) or game.table is None:
            return []
        return [*complete("", game.table.state), *(shown_verb(w, language()) for w in ("undo", "save", "help"))]

    def _play(self, line: str) -> None:
        self.app.post_message(CommandEntered(line))

    async def discover(self) -> Hits:
        for line in self._lines()[:60]:
            yield DiscoveryHit(line, partial(self._play, line), text=line)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for line in self._lines():
            score = matcher.match(line)
            if score > 0:
                yield Hit(score, matcher.highlight(line), partial(self._play, line), text=line)
