"""Who plays a seat, in words: 'Ben (expert bot)', 'medium bot'. Apart from view.py so that
the set-up screen names the seats without loading the engine."""

from __future__ import annotations

from collections.abc import Sequence

from ..text import N_, _

__all__ = ["bot_label", "seat_kind", "seat_kind_name"]


def seat_kind(seats: Sequence[str], seat: int) -> str:
    """Who plays `seat`: "human" or a bot's kind ("human" where the table names no kind)."""
    return seats[seat] if seat < len(seats) else "human"


def bot_label(player: str, kind: str) -> str:
    """'Ben (expert bot)': a seat played by a bot."""
    labels = {
        "random": N_("{player} (random bot)"),
        "easy": N_("{player} (easy bot)"),
        "medium": N_("{player} (medium bot)"),
        "hard": N_("{player} (hard bot)"),
        "expert": N_("{player} (expert bot)"),
        "heuristic": N_("{player} (heuristic bot)"),  # saves from before the levels
        "search": N_("{player} (search bot)"),
    }
    template = labels.get(kind)
    return player if template is None else _(template).format(player=player)


def seat_kind_name(kind: str) -> str:
    """Who plays a seat, for the set-up screen's choice: 'human', 'expert bot'."""
    names = {
        "human": N_("human"),
        "random": N_("random bot"),
        "easy": N_("easy bot"),
        "medium": N_("medium bot"),
        "hard": N_("hard bot"),
        "expert": N_("expert bot"),
        "heuristic": N_("heuristic bot"),
        "search": N_("search bot"),
    }
    return _(names[kind])
