"""The tutorial's lesson: its moves are the rulebook's, and the learner cannot stray from them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lehavre_tui.commands import CommandError, HelpRequested, parse
from lehavre_tui.engine.actions import EndTurn, Feed, Reorder, TakeOffer
from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.engine.goods import Good
from lehavre_tui.session import autosave_path
from lehavre_tui.tutorial import STEPS, TutorialSession, same_move

from .test_rulebook_first_round import worked_round


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("LEHAVRE_DATA", str(folder))
    return folder


def played(n: int) -> TutorialSession:
    """The lesson after its first n steps."""
    s = TutorialSession.start()
    for step in STEPS[:n]:
        s.act(step.action)
    return s


def test_the_lessons_moves_are_the_rulebooks_worked_round() -> None:
    assert [step.action for step in STEPS] == worked_round()


def test_each_step_quotes_commands_that_play_its_move() -> None:
    s = TutorialSession.start()
    for i, step in enumerate(STEPS):
        assert f"'{step.command}'" in step.do, i
        for quoted in re.findall(r"(?<!\w)'([^']+)'(?!\w)", step.do):  # every command the text names is right
            assert s.expects(parse(quoted, s.state)), (i, quoted)
        s.command(step.command)
    assert s.finished and s.step is None
    assert (s.state.round, s.state.phase, s.state.current) == (2, "turn", 1)  # Tom starts round 2


def test_the_texts_are_short_enough_for_a_small_panel() -> None:
    for step in STEPS:
        assert len(step.do) <= 200 and len(step.done) <= 200, step.command


def test_other_wordings_of_the_same_move_count() -> None:
    s = played(4)  # Tom, after his supply: take the wood
    for text in ("t wood", "TAKE Wood", "take  wood"):
        assert s.expects(parse(text, s.state)), text
    s = played(12)  # Peter, after the Marketplace: keep or swap, the rulebook does not say
    assert s.expects(Reorder(swap=True)) and s.expects(Reorder(swap=False))
    s = played(23)  # Martin feeds: naming the proposed payment is the same move
    assert s.expects(parse("feed fish=2", s.state))
    assert not s.expects(parse("feed francs=2", s.state))


def test_a_different_legal_move_is_refused_with_the_intended_one_and_changes_nothing() -> None:
    s = played(1)  # Peter has supplied: he takes the francs
    before = s.state.model_dump()
    with pytest.raises(IllegalAction) as exc:
        s.command("take fish")
    text = str(exc.value)
    assert "Not the rulebook's move here." in text
    assert "'take francs'" in text and "Peter takes the 3 francs" in text
    assert s.state.model_dump() == before and len(s.actions) == 1 and s.step is STEPS[1]


def test_an_illegal_move_says_why_and_what_the_lesson_wants() -> None:
    s = played(1)
    before = s.state.model_dump()
    with pytest.raises(IllegalAction) as exc:
        s.command("take cattle")  # nothing on the cattle space yet
    assert "cattle" in str(exc.value).split("In this lesson:")[0]
    assert "In this lesson:" in str(exc.value) and "'take francs'" in str(exc.value)
    assert s.state.model_dump() == before


def test_an_unknown_command_says_what_the_lesson_wants() -> None:
    s = played(0)
    with pytest.raises(CommandError) as exc:
        s.command("sail away")
    assert "In this lesson:" in str(exc.value) and "'supply'" in str(exc.value)
    with pytest.raises(HelpRequested):  # help is not a move: it passes
        s.command("help take")
    assert s.actions == []


def test_a_feeding_other_than_the_rulebooks_is_refused() -> None:
    s = played(23)
    with pytest.raises(IllegalAction) as exc:
        s.command("feed francs=2")
    assert "He pays 2 fish" in str(exc.value)
    assert s.state.phase == "feeding"


def test_undo_takes_the_lesson_back_with_the_game() -> None:
    s = played(10)  # Peter has supplied in his second turn
    s.command("buy marketplace")
    assert s.number == 12
    assert s.undo()
    assert s.number == 11 and s.step is STEPS[10]
    assert "marketplace" not in s.state.owner


def test_after_the_lesson_the_game_plays_on_freely() -> None:
    s = played(len(STEPS))
    s.command("supply")
    s.command("take iron")  # any legal move now
    assert s.state.players[1].goods[Good.IRON] == 2  # Tom has the 2 iron (a move of no lesson)


def test_the_lesson_never_touches_the_saved_game() -> None:
    s = played(3)
    assert s.autosave is None and not autosave_path().exists()
    assert not TutorialSession.hotseat


def test_same_move_compares_what_moves_do() -> None:
    s = played(1)
    assert same_move(s.state, TakeOffer(space="francs"), TakeOffer(space="francs"))
    assert not same_move(s.state, TakeOffer(space="francs"), TakeOffer(space="fish"))
    assert not same_move(s.state, EndTurn(), TakeOffer(space="francs"))  # illegal now: never the same
    s = played(23)
    assert same_move(s.state, Feed(), Feed(payment={"fish": 2}))
