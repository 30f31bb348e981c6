"""The one exception a player ever sees from the engine."""

from __future__ import annotations

from .message import Msg


class IllegalAction(Exception):
    """A move the rules do not allow; the message says what is wrong and what would be right.

    `msg` is the refusal as data (a template and its parameters, see message.py), read in
    any language by `lehavre_tui.text.render`; `str(error)` is the English sentence, worded
    only when asked for (the engine refuses moves by the thousand while bots look ahead)."""

    def __init__(self, msg: Msg | str) -> None:
        self.msg: Msg | str = msg
        super().__init__(msg)

    def __str__(self) -> str:
        return str(self.msg)
