"""Numbers in the command language: the digits 0 to 9, within the game's bounds; anything else
is refused with a sentence, at the table and in `lehavre run`, never with a Python error."""

from __future__ import annotations

from pathlib import Path

import pytest

from lehavre_tui.cli import main
from lehavre_tui.commands import CommandError, parse
from lehavre_tui.commands.tokens import MAX_NUMBER
from lehavre_tui.engine.actions import Enter, Feed, RepayLoan
from lehavre_tui.engine.setup import Setup
from lehavre_tui.engine.state import GameState
from lehavre_tui.session import Session

from .conftest import game, give, own, ready

HUGE = "9" * 5000
# Digits of other scripts that str.isdigit() accepts: superscript two, Arabic-Indic three,
# Devanagari four, fullwidth five, circled one.
FOREIGN = ["²", "٣", "४", "５", "①"]


@pytest.fixture
def s() -> GameState:
    st = ready(game(3))
    for b in ("bakehouse", "shipping_line", "wharf_1"):
        own(st, b)
    return give(st, 0, francs=20, grain=4, fish=3)


def refusal(text: str, s: GameState) -> str:
    with pytest.raises(CommandError) as info:
        parse(text, s)
    return str(info.value)


@pytest.mark.parametrize("digit", FOREIGN)
@pytest.mark.parametrize("line", ["repay {}", "feed fish={}", "enter bakehouse {}", "enter bakehouse grain={}",
                                  "enter shipping-line {}", "enter shipping-line ships={}",
                                  "enter bakehouse 2 pay wood={}", "enter bakehouse 2 food fish={}"])  # fmt: skip
def test_digits_of_other_scripts_are_refused_with_a_sentence(s: GameState, line: str, digit: str) -> None:
    message = refusal(line.format(digit), s)
    assert "not a number written with the digits 0 to 9" in message
    assert "e.g." in message


@pytest.mark.parametrize("line", ["repay {}", "feed fish={}", "enter bakehouse {}", "enter shipping-line ships={}",
                                  "enter shipping-line {}", "feed francs={}"])  # fmt: skip
@pytest.mark.parametrize("number", [HUGE, "1000", "0" * 50 + "1000", "99999999999999999999"], ids=len)
def test_numbers_beyond_the_game_are_refused(s: GameState, line: str, number: str) -> None:
    message = refusal(line.format(number), s)
    assert f"too large: no amount in the game is over {MAX_NUMBER}" in message
    assert len(message) < 200  # a long number is not repeated in full


def test_numbers_within_bounds_still_work(s: GameState) -> None:
    assert parse("repay 999", s) == RepayLoan(count=999)
    assert parse("repay 007", s) == RepayLoan(count=7)
    assert parse("feed fish=2 francs=999", s) == Feed(payment={"fish": 2, "francs": 999})
    assert parse("enter bakehouse 4", s) == Enter(building="bakehouse", amount=4)
    assert parse("enter shipping-line ships=2 fish", s) == Enter(building="shipping_line", amount=2, goods={"fish": 1})
    assert "Say how many loans" in refusal("repay 0", s)


def test_the_table_refuses_such_numbers_and_keeps_the_game(tmp_path: Path) -> None:
    session = Session.new(Setup(players=2, variant="short", seed=1), autosave=tmp_path / "auto.json")
    session.command("supply")
    before = session.to_text()
    for line in ("repay ²", "feed fish=²", "enter fishery ²", f"repay {HUGE}", f"take wood={HUGE}"):
        with pytest.raises(CommandError):
            session.command(line)
    assert session.to_text() == before == (tmp_path / "auto.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("line", ["repay ²", "feed fish=²", "enter bakehouse ²", f"repay {HUGE}"], ids=lambda x: x[:16])
def test_a_script_with_such_a_number_stops_with_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str
) -> None:
    script = tmp_path / "game.txt"
    script.write_text(f"players: 2\nvariant: short\nseed: 1\n---\nsupply\n{line}\n", encoding="utf-8")
    assert main(["run", str(script)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("line 6: ") and ("digits 0 to 9" in err or "too large" in err)
