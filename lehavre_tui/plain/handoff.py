"""The handoff at one keyboard: a line instead of a window."""

from __future__ import annotations

from ..engine.message import Msg


def handoff_line(player: str) -> Msg:
    """"Ben's turn. Ben, press Enter." (only when the hotseat handoff is on)."""
    return Msg("{player}'s turn. {player}, press Enter.", player=player)
