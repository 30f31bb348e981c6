"""Lines typed at a hosted table at machine speed each go as typed: a line the host refuses
later comes back alone, never joined to the next one typed."""

from __future__ import annotations

from textual import events
from textual.widget import Widget

from lehavre_tui.net.host import Host
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens.table import TableScreen
from lehavre_tui.tui.widgets import CommandInput

from .test_client_table import log_text, until, visit_as


def burst(bar: Widget, text: str) -> None:
    """Keys as they reach the bar when typed faster than the table draws: all waiting at once."""
    names = {"\r": "enter", " ": "space", "\x7f": "backspace"}
    for character in text:
        bar.post_message(events.Key(names.get(character, character), character))


async def test_twenty_says_typed_at_once_are_each_said_or_refused_whole(host: Host, two_players) -> None:
    app = LeHavreApp(None, visit=visit_as(host, "anna", two_players.id))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        bar = app.screen.query_one(CommandInput)
        burst(bar, "".join(f"say hello {n}\r" for n in range(20)))
        await until(pilot, lambda: "hello 11" in log_text(app))
        await pilot.pause(0.5)
        said = log_text(app)
        assert "say" not in bar.value[3:], f"two lines joined in the bar: {bar.value!r}"
        for n in range(12):
            assert f"Anna says: hello {n} " in said + " "
        assert "hello 1say" not in said


async def test_lines_typed_at_once_on_the_plain_text_screen_go_one_by_one(host: Host, two_players) -> None:
    from textual.widgets import Input

    from lehavre_tui.tui.join import plain_visit
    from lehavre_tui.tui.plain_text import PlainTextApp

    from .test_plain_text_screen import PHONE, said

    ticket = host.issue_ticket("anna", two_players.id, "en")
    app = PlainTextApp(lambda lines: plain_visit(lines, "127.0.0.1", host.port, "", "en", ticket=ticket))
    async with app.run_test(size=PHONE) as pilot:
        await until(pilot, lambda: "You sit at table 1 as Anna." in said(app))
        burst(app.screen.query_one("#typed", Input), "say one\rsay twx\x7fo\r")  # type: ignore[arg-type]
        await until(pilot, lambda: "says: two" in said(app))
        assert "says: one" in said(app) and "onesay" not in said(app)
