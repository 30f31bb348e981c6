"""The verbs of the command language and their short forms."""

from __future__ import annotations

VERBS: tuple[str, ...] = (
    "supply", "take", "enter", "build", "buy", "sell", "repay", "feed", "pay", "keep", "swap", "end",
    "help",
)  # fmt: skip
ALIASES: dict[str, str] = {
    "s": "supply", "t": "take", "e": "enter", "h": "help", "?": "help", "done": "end", "pass": "end",
}  # fmt: skip
UNKNOWN = "Unknown command '{}'. Try: take, enter, build, buy, sell, repay, feed, pay, end, help."
# words players try that are not verbs, and what to do instead
NOT_VERBS: dict[str, str] = dict.fromkeys(
    ("loan", "loans", "borrow"),
    "A loan is never taken by choice: it comes only when a payment cannot be met otherwise. "
    "Short of francs for the interest, type 'pay' and a loan covers the rest; short of food "
    "at the end of a round, 'feed' hands over what you have and loans cover the rest. "
    "To pay loans back, type 'repay'.",
)
