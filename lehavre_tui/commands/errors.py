"""The two exceptions of the command language."""

from __future__ import annotations

from ..engine.message import Msg


class CommandError(ValueError):
    """A line that is not a command; the message says what is wrong and what would be right.

    `msg` is the message as data (read in any language by `lehavre_tui.text.render`);
    `str(error)` is the English sentence."""

    def __init__(self, msg: Msg | str) -> None:
        self.msg: Msg | str = msg
        super().__init__(str(msg))


class HelpRequested(CommandError):
    """The line asked for help (``help [topic]``); `text` is the answer, also the message."""

    def __init__(self, topic: str | None, text: str) -> None:
        super().__init__(text)
        self.topic = topic
        self.text = text
