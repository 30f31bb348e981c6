"""The verbs of the command language and their short forms (English; the Polish and Czech
verbs are in `text.words_pl` and `text.words_cs`, looked up through `words.verb_of`)."""

from __future__ import annotations

from ..text import N_

VERBS: tuple[str, ...] = (
    "supply", "take", "enter", "build", "buy", "sell", "repay", "feed", "pay", "keep", "swap", "end",
    "help",
)  # fmt: skip
ALIASES: dict[str, str] = {
    "s": "supply", "t": "take", "e": "enter", "h": "help", "?": "help", "done": "end", "pass": "end",
}  # fmt: skip
UNKNOWN = N_("Unknown command '{word}'. Try: take, enter, build, buy, sell, repay, feed, pay, end, help.")
UNKNOWN_GUESS = N_(
    "Unknown command '{word}'. Did you mean {names}? Try: take, enter, build, buy, sell, repay, feed, pay, end, help."
)
# words players try that are not verbs (`words.not_verb_of`), and what to do instead
NOT_VERBS: dict[str, str] = {
    "loan": N_(
        "Loans are taken only when a payment cannot be met otherwise: short of francs for the "
        "interest, type 'pay'; short of food at the end of a round, 'feed'; a loan covers the rest. "
        "To pay loans back: 'repay'."
    ),
}
