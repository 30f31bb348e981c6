"""The verbs of the command language and their short forms."""

from __future__ import annotations

VERBS: tuple[str, ...] = (
    "supply", "take", "enter", "build", "buy", "sell", "repay", "feed", "pay", "keep", "swap", "end",
    "help",
)  # fmt: skip
ALIASES: dict[str, str] = {
    "s": "supply", "t": "take", "e": "enter", "h": "help", "?": "help", "done": "end", "pass": "end",
}  # fmt: skip
UNKNOWN = "Unknown command '{}'.{} Try: take, enter, build, buy, sell, repay, feed, pay, end, help."
