"""The two exceptions of the command language."""

from __future__ import annotations


class CommandError(ValueError):
    """A line that is not a command; the message says what is wrong and what would be right."""


class HelpRequested(CommandError):
    """The line asked for help (``help [topic]``); `text` is the answer, also the message."""

    def __init__(self, topic: str | None, text: str) -> None:
        super().__init__(text)
        self.topic = topic
        self.text = text
