"""A game in progress: moves, undo, autosave and loading, bots, hints, solo records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lehavre_tui.commands import parse
from lehavre_tui.engine.actions import EndTurn, Supply, TakeOffer
from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.engine.setup import Setup
from lehavre_tui.session import SaveError, Session


def short2(tmp_path: Path, **kw: object) -> Session:
    return Session.new(Setup(players=2, variant="short", seed=5), autosave=tmp_path / "auto.json", **kw)  # type: ignore[arg-type]


def test_moves_are_narrated_and_autosaved(tmp_path: Path) -> None:
    s = short2(tmp_path)
    lines = s.act(Supply())
    assert lines and "chit" in lines[0]
    s.act(TakeOffer(space="wood"))
    again = Session.load(tmp_path / "auto.json")
    assert again.state == s.state
    assert [ln.text for ln in again.log] == [ln.text for ln in s.log]
    assert not list(tmp_path.glob("*.tmp"))  # written atomically, nothing left behind


def test_a_refused_move_changes_nothing(tmp_path: Path) -> None:
    s = short2(tmp_path)
    before = s.to_text()
    with pytest.raises(IllegalAction):
        s.act(TakeOffer(space="wood"))  # the supply action comes first
    assert s.to_text() == before and s.actions == []


def test_undo_takes_back_own_moves_but_never_a_reveal(tmp_path: Path) -> None:
    s = short2(tmp_path)
    s.act(Supply())  # turns a chit face up: cannot be taken back
    assert not s.can_undo()
    s.act(TakeOffer(space="wood"))
    assert s.can_undo()
    wood = s.state.players[0].goods[1]
    assert s.undo()
    assert s.state.players[0].goods[1] == wood - s.state.offers[2]
    assert s.state.main_done is False and len(s.actions) == 1
    s.act(TakeOffer(space="fish"))
    s.act(EndTurn())  # hands the turn on: no undo across it
    assert not s.can_undo() and not s.undo()


def test_damaged_saves_say_what_is_wrong(tmp_path: Path) -> None:
    s = short2(tmp_path)
    s.act(Supply())
    good = json.loads(s.to_text())
    cases = {
        "not json {": "not valid JSON",
        json.dumps({**good, "format_version": 99}): "format version 99",
        json.dumps({k: v for k, v in good.items() if k != "setup"}): "damaged",
        json.dumps({**good, "actions": [{"kind": "fly"}]}): "move list is damaged",
        json.dumps({**good, "actions": [{"kind": "end"}]}): "cannot be replayed",
        json.dumps({**good, "snapshot": {**good["snapshot"], "round": 7}}): "snapshot does not match",
        json.dumps({**good, "seats": ["human"]}): "seats are damaged",
    }
    for text, message in cases.items():
        path = tmp_path / "bad.json"
        path.write_text(text)
        with pytest.raises(SaveError, match=message):
            Session.load(path)
    with pytest.raises(SaveError, match="There is no save file"):
        Session.load(tmp_path / "missing.json")


def test_bot_seats_play_legal_moves_and_survive_a_save(tmp_path: Path) -> None:
    s = short2(tmp_path, seats=["human", "heuristic"])
    assert not s.is_bot_turn()
    for cmd in ("supply", "take wood", "end"):
        s.command(cmd)
    assert s.is_bot_turn()
    moves = 0
    while s.is_bot_turn() and moves < 50:
        s.bot_move()
        moves += 1
    assert s.state.current == 0 and moves >= 3  # supply, main action, end at least
    again = Session.load(tmp_path / "auto.json")
    assert again.seats == ["human", "heuristic"] and again.state == s.state


def test_unknown_seat_kinds_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a seat kind"):
        short2(tmp_path, seats=["human", "wizard"])


def test_hint_is_a_legal_command_with_a_reason(tmp_path: Path) -> None:
    s = short2(tmp_path)
    s.act(Supply())
    command, reason = s.hint(budget=0.05)
    assert parse(command, s.state) is not None
    assert reason


def test_solo_games_enter_the_records_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEHAVRE_DATA", str(tmp_path / "data"))
    s = Session.new(Setup(players=1, variant="short", seed=2, names=["Solo"]), seats=["heuristic"])
    assert s.record_solo() is None  # not over yet
    while not s.over:
        s.bot_move()
    rank, best = s.record_solo()  # type: ignore[misc]
    assert rank == 1 and best[0] == ("Solo", s.scores()[0].total)
    assert s.record_solo() is None  # counted once


def test_a_new_game_keeps_the_previous_autosave(tmp_path: Path) -> None:
    first = short2(tmp_path)
    first.act(Supply())
    saved = (tmp_path / "auto.json").read_text()
    second = Session.new(Setup(players=3, seed=9), autosave=tmp_path / "auto.json")
    kept = tmp_path / "previous-auto.json"
    assert kept.read_text() == saved
    assert Session.load(kept).state == first.state
    assert any("previous-auto.json" in ln.text for ln in second.log)


def _session_in_the_interest_phase(tmp_path: Path) -> Session:
    """Random moves until a player other than the one whose turn it is settles interest."""
    import random

    from lehavre_tui.engine.rules import legal_actions

    for seed in range(100):
        s = Session.new(Setup(players=2, seed=seed), autosave=tmp_path / "auto.json")
        rng = random.Random(seed)
        while not s.over:
            s.act(rng.choice(legal_actions(s.state)))
            st = s.state
            if st.phase == "interest" and st.current != st.interest_return:
                return s
    raise AssertionError("no random game reached an interest choice")


def test_interest_choice_through_the_command_language(tmp_path: Path) -> None:
    from lehavre_tui.tui.view import phase_line

    s = _session_in_the_interest_phase(tmp_path)
    st = s.state
    payer, turn_of = st.players[st.current], st.interest_return
    assert phase_line(st) == f"Interest: {payer.name} is short of francs (sell, or pay)"
    with pytest.raises(IllegalAction, match="settle the interest"):
        s.command("end")
    loans = payer.loans
    s.command("pay")
    assert s.state.players[st.current].loans == loans + 1
    assert s.state.phase == "turn" and s.state.current == turn_of
    assert not s.can_undo()  # the turn went back to its player: the payment stays
    assert Session.load(tmp_path / "auto.json").state == s.state
