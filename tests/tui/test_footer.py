"""The footer shows a key exactly when its action can be taken, and only leaves a spare key
out when the keys do not fit the width: the same after every kind of move, however the
screen's refreshes fall."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from lehavre_tui.engine.setup import Setup
from lehavre_tui.session import Session
from lehavre_tui.text import set_language
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens.common import Keys
from lehavre_tui.tui.screens.feeding import FeedingScreen
from lehavre_tui.tui.screens.table import TableScreen

from .conftest import new_app, settle, type_command
from .test_pilot import ROUND_1, ROUND_2


def check_footer(app: LeHavreApp, when: str) -> None:
    """The footer of the table, against `check_action` of the node each binding belongs to."""
    table = app.table
    assert table is not None
    footer = table.query_one(Keys)
    keys = [k for k in footer.query(FooterKey) if not k.has_class("-command-palette")]
    possible: dict[str, bool | None] = {}
    for node, binding, _enabled, _tooltip in table.active_bindings.values():
        if binding.show:
            possible[binding.action] = node.check_action(binding.action, ())
    left_out = {k.action for k in keys if not k.display}
    able = {action for action, ok in possible.items() if ok is not False}
    assert {k.action for k in keys} == able, when  # every possible action has its key, no other
    for k in keys:  # a key that cannot be used now looks so
        assert k.has_class("-disabled") == (possible[k.action] is None), (when, k.action)
    assert left_out <= set(Keys.SPARE), (when, left_out)
    # what is left out gives way in the footer's order, and only for want of room
    spare = [a for a in Keys.SPARE if a in able]
    assert spare[: len(left_out)] == [a for a in Keys.SPARE if a in left_out], (when, left_out)
    palette = next(iter(footer.query(".-command-palette").results(FooterKey)), None)
    end = palette.region.x if palette is not None else footer.region.right
    used = max((k.region.right + k.styles.margin.right for k in keys if k.display), default=0)
    assert used <= end, (when, "a key is cut")
    if left_out:
        last = next(k for k in keys if k.action == spare[len(left_out) - 1])
        assert end - used < footer.width_of(last), (when, f"{last.action} would fit")
    for k in keys:  # the widths the footer fits with are the ones laid out
        if k.display:
            assert footer.width_of(k) == k.outer_size.width + k.styles.margin.right, (when, k.action)
    if palette is not None:
        assert footer.width_of(palette) == palette.outer_size.width + palette.styles.margin.right, when


async def play_and_check(app: LeHavreApp, pilot: Pilot[None], commands: list[str]) -> None:
    for command in commands:
        await type_command(app, pilot, command)
        await settle(pilot)
        check_footer(app, command)


@pytest.mark.parametrize(
    ("lang", "size"),
    [("en", (160, 48)), ("cs", (100, 30)), ("pl", (80, 24))],
    ids=["en-160x48", "cs-100x30", "pl-80x24"],
)
async def test_the_footer_follows_every_kind_of_move(lang: str, size: tuple[int, int]) -> None:
    set_language(lang)
    app = new_app(handoff=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        check_footer(app, "the first turn")
        # supply, build, end, take, enter a building: round 1 and the first turns of round 2
        await play_and_check(app, pilot, ROUND_1 + ROUND_2[:3])
        await pilot.press("ctrl+z")  # the end of a turn cannot be taken back: refused
        await settle(pilot)
        check_footer(app, "undo refused")
        await play_and_check(app, pilot, ["supply", "take iron"])
        await pilot.press("ctrl+z")  # taken back
        await settle(pilot)
        check_footer(app, "undo")
        await play_and_check(app, pilot, ["take iron", "end", *ROUND_2[6:]])
        assert isinstance(app.screen, FeedingScreen)  # the end of the round: feeding over the table
        check_footer(app, "feeding")


@pytest.mark.parametrize("size", [(160, 48), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_footer_at_a_table_with_a_bot_and_after_a_resize(size: tuple[int, int]) -> None:
    session = Session.new(Setup(players=2, variant="short", seed=1), seats=["human", "medium"])
    app = LeHavreApp(session, bot_pace=0, handoff=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        check_footer(app, "the first turn")
        assert "pause" in {k.action for k in app.screen.query(FooterKey)}  # F6: a table with a bot
        await play_and_check(app, pilot, ["supply", "take wood", "end"])
        assert session.state.current == 0 and session.moves > 3  # the bot has played its turn
        check_footer(app, "after the bot's move")
        for other in [(100, 30), (80, 24), (160, 48), size]:  # across both arrangements and back
            await pilot.resize_terminal(*other)
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            check_footer(app, f"resized to {other}")
