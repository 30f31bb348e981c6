"""The game in a few lines of words: the round and phase, each player's holdings, and the
scores once the game is over. `lehavre run` prints it after a script; the plain text front
end says it for 'look' at the end and when the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence

from .engine.cards import content
from .engine.message import Arg, Card, Count, Goods, Listing, Msg, MsgN
from .engine.scoring import final_scores, winners
from .engine.state import GameState
from .text import N_, render

_PHASES = {
    "turn": N_("Round {round} of {rounds}, turn phase; {player} to act."),
    "interest": N_("Round {round} of {rounds}, interest phase; {player} to act."),
    "feeding": N_("Round {round} of {rounds}, feeding phase; {player} to act."),
    "final": N_("Round {round} of {rounds}, final phase; {player} to act."),
}
_SHIPS = {
    "wooden": N_("wooden ship {name} ({value})"),
    "iron": N_("iron ship {name} ({value})"),
    "steel": N_("steel ship {name} ({value})"),
    "luxury": N_("luxury liner {name} ({value})"),
}


def _listing(items: Sequence[Arg]) -> Arg:
    return Listing(tuple(items), ",") if items else Msg("none")


def summary(state: GameState) -> list[str]:
    """Round, phase, and each player's holdings; scores once the game is over (in the
    reader's language)."""
    c = content()
    if state.phase == "over":
        head = Msg("The game is over after {rounds} rounds.", rounds=state.rounds_total)
    else:
        who = state.players[state.current].name
        head = Msg(_PHASES[state.phase], round=state.round, rounds=state.rounds_total, player=who)
    lines: list[Msg] = [head]
    for i, p in enumerate(state.players):
        buildings = _listing([Card(b) for b in state.buildings_of(i)])
        ships = _listing([Msg(_SHIPS[c.ships[x].type], name=c.ships[x].name, value=c.ships[x].value) for x in p.ships])
        lines.append(
            Msg(
                "{player}: {francs}, {loans}; goods: {goods}; buildings: {buildings}; ships: {ships}.",
                player=p.name,
                francs=Count(p.francs, "franc"),
                loans=Count(p.loans, "loan"),
                goods=Goods.of(p.goods),
                buildings=buildings,
                ships=ships,
            )
        )
    if state.phase == "over":
        for sc in final_scores(state):
            lines.append(
                Msg(
                    "{player} scores {total} (buildings {buildings}, ships {ships}, bonuses {bonuses}, "
                    "francs {francs}, loans {loans}).",
                    player=sc.name,
                    total=sc.total,
                    buildings=sc.buildings,
                    ships=sc.ships,
                    bonuses=sum(sc.bonuses.values()),
                    francs=sc.francs,
                    loans=sc.loans,
                )
            )
        names = tuple(state.players[i].name for i in winners(state))
        lines.append(MsgN("Winner: {names}.", "Winners: {names}.", "names", names=Listing(names, ",")))
    return [render(m) for m in lines]
