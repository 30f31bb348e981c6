"""How a bot is named to the players: "Ben (search bot)", "Ben (expert bot)"."""

from __future__ import annotations

from ..engine.message import Msg

KIND_NAMES: dict[str, Msg] = {
    # translators: a kind of computer player, shown after its name: "Ben (search bot)"
    "random": Msg("random bot"),
    "heuristic": Msg("heuristic bot"),
    "search": Msg("search bot"),
    "easy": Msg("easy bot"),
    "medium": Msg("medium bot"),
    "hard": Msg("hard bot"),
    "expert": Msg("expert bot"),
}


def seat_name(name: str, kind: str) -> Msg | str:
    """'Ben' for a person, 'Ben (heuristic bot)' for a bot; render it to read it."""
    if kind not in KIND_NAMES:
        return name
    # translators: a player's name and, in brackets, the kind of bot playing the seat
    return Msg("{player} ({bot})", player=name, bot=KIND_NAMES[kind])
