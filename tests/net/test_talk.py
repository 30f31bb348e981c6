"""Words said at a hosted table: kept with the moves, resumed in their places, bounded."""

from __future__ import annotations

from pathlib import Path

import pytest

from lehavre_tui.engine.rules import legal_actions
from lehavre_tui.engine.setup import Setup
from lehavre_tui.net.storage import Store
from lehavre_tui.net.tables import HostedGame

MOVES = 8


def _table(tmp_path: Path, name: str) -> tuple[Store, HostedGame]:
    store = Store(tmp_path / f"{name}.sqlite3")
    return store, HostedGame.create(store, Setup(players=2, variant="short", seed=3), ["human", "human"], named=False)


def _play(game: HostedGame, says_at: set[int]) -> None:
    """MOVES moves (the first legal one each time), words said after the moves in `says_at`
    (0: before the first move), by both seats and a watcher."""
    for n in range(MOVES + 1):
        if n in says_at:
            game.say(0, "Anna", f"after {n}")
            game.say(None, "Zoe", f"watching after {n}")
            game.say(1, "Ben", f"and after {n}")
        if n < MOVES:
            game.play_action(legal_actions(game.session.state)[0])


@pytest.mark.parametrize("says_at", [{k} for k in range(MOVES + 1)] + [set(range(MOVES + 1)), {0, MOVES}, {2, 3, 5}])
def test_a_resumed_table_has_the_log_the_players_saw(tmp_path: Path, says_at: set[int]) -> None:
    store, game = _table(tmp_path, "t")
    _play(game, says_at)
    seen = [(e.text, e.move, e.seat, e.kind) for e in game.log]
    resumed = HostedGame.from_stored(store.open_tables()[0], store)
    assert [(e.text, e.move, e.seat, e.kind) for e in resumed.log] == seen
    assert resumed.session.state.model_dump() == game.session.state.model_dump()
    store.close()
