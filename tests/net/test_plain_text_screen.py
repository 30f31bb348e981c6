"""The plain text on a Textual screen, as a browser tab narrower than the table gets it:
driven with Textual's pilot at a phone's 45×20 against a host in the same event loop."""

from __future__ import annotations

import re
from collections.abc import Callable

from textual.pilot import Pilot
from textual.widgets import Input

from lehavre_tui.net.host import Host
from lehavre_tui.tui.join import plain_visit
from lehavre_tui.tui.plain_text import PlainTextApp, completed
from lehavre_tui.tui.screens.plain_text import PlainTextScreen

from ..plain.driver import BOX
from .conftest import seated

PHONE = (45, 20)


def screen_text(app: PlainTextApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())  # noqa: SLF001


def said(app: PlainTextApp) -> str:
    """Everything the log holds, its wrapped lines joined again."""
    screen = app.screen
    assert isinstance(screen, PlainTextScreen)
    return " ".join(" ".join(line.text for line in screen.query_one("#said").lines).split())  # type: ignore[attr-defined]


async def until(pilot: Pilot, ready: Callable[[], bool], timeout: float = 10.0) -> None:
    for _ in range(int(timeout / 0.05)):
        if ready():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"not there in time; the screen:\n{screen_text(pilot.app)}")  # type: ignore[arg-type]


async def typed(pilot: Pilot, line: str) -> None:
    await pilot.press(*line, "enter")


async def test_a_narrow_screen_plays_at_a_hosted_table_in_plain_lines(host: Host, two_players) -> None:
    ticket = host.issue_ticket("anna", two_players.id, "en")
    app = PlainTextApp(lambda lines: plain_visit(lines, "127.0.0.1", host.port, "", "en", ticket=ticket))
    async with app.run_test(size=PHONE) as pilot:
        await until(pilot, lambda: "You sit at table 1 as Anna." in said(app))
        await until(pilot, lambda: re.search(r"Anna, round 1, turn \d of 7, supply>", screen_text(app)) is not None)
        ben = await seated(host, "ben", two_players.id)
        await typed(pilot, "supply")
        update = await ben.until("table")
        while update.moves < 1:  # Anna's supply, played at the host
            update = await ben.until("table")
        await pilot.press(*"ta", "tab")  # Tab completes, from the same completer as the command bar
        await until(pilot, lambda: app.screen.query_one("#typed", Input).value == "take ")
        await pilot.press(*["backspace"] * 5)
        await typed(pilot, "look offers")
        await until(pilot, lambda: "Offers:" in said(app))
        text = screen_text(app)
        assert "supply" in said(app) and "Offers:" in text  # the typed line and the answer, as lines
        assert not BOX.search(text), BOX.findall(text)  # no boxes, no blocks drawn
        assert max(len(line.rstrip()) for line in text.splitlines()) <= PHONE[0]
        await typed(pilot, "quit")
        await until(pilot, lambda: app.return_code is not None)
        ben.close()


async def test_the_lines_are_wrapped_again_when_the_screen_turns_and_typing_stays_in_the_input() -> None:
    words = "Offers: 4 fish, 3 wood, 3 clay, 1 iron, 1 grain, 1 cattle and 3 francs; nothing else today."
    app = PlainTextApp(lambda lines: (lines.say(words), lines.read("> "))[0] or 0)  # says one line, then waits
    async with app.run_test(size=(80, 20)) as pilot:
        await until(pilot, lambda: "francs" in said(app))
        await pilot.resize_terminal(30, 20)  # a phone turned upright
        await until(pilot, lambda: said(app) == words)
        drawn = [line.rstrip() for line in screen_text(app).splitlines() if line.strip()]
        assert max(len(line) for line in drawn) <= 30 and " ".join(" ".join(drawn).split()).startswith(words)
        await pilot.click("#said")  # a finger on the lines: what is typed still goes to the input line
        await typed(pilot, "quit")
        await until(pilot, lambda: app.return_code is not None)


def test_tab_completes_as_far_as_the_words_agree_and_lists_the_choices() -> None:
    assert completed("sup", ["supply", "sell"]) == ("supply ", [])
    assert completed("take f", ["fish", "francs", "wood"]) == ("take f", ["fish", "francs"])
    assert completed("look of", ["offers", "ofxyz"]) == ("look of", ["offers", "ofxyz"])
    assert completed("b", ["buy", "build", "buy2"]) == ("bu", ["buy", "build", "buy2"])
    assert completed("zz", ["supply"]) == ("zz", [])
    assert completed("take ", ["fish"]) == ("take fish ", [])
