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
# words players try that are not verbs, and what to do instead
NOT_VERBS: dict[str, str] = dict.fromkeys(
    ("loan", "loans", "borrow"),
    "Loans are taken only when a payment cannot be met otherwise: short of francs for the "
    "interest, type 'pay'; short of food at the end of a round, 'feed'; a loan covers the rest. "
    "To pay loans back: 'repay'.",
)
