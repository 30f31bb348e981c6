"""Write current SVG pictures of the table's screens into screenshots/, from the app itself.

    .venv/bin/python scripts/screenshots.py [NAME ...]   (only these pictures, e.g. setup tutorial)

Each picture is a seeded game driven through the command bar, so the pictures change only
when the table (or the rules) change.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "screenshots"
sys.path.insert(0, str(ROOT))
os.environ["LEHAVRE_DATA"] = tempfile.mkdtemp(prefix="lehavre-shots-")  # never touch the real autosave
os.environ.pop("LEHAVRE_ASCII", None)

from textual.pilot import Pilot  # noqa: E402
from textual.widgets import Input, TabbedContent  # noqa: E402

from lehavre_tui.bots.heuristic import action_values  # noqa: E402
from lehavre_tui.commands import to_command  # noqa: E402
from lehavre_tui.engine.rules import legal_actions  # noqa: E402
from lehavre_tui.engine.setup import Setup  # noqa: E402
from lehavre_tui.session import Session  # noqa: E402
from lehavre_tui.text import set_language  # noqa: E402
from lehavre_tui.tui.app import LeHavreApp  # noqa: E402
from lehavre_tui.tui.screens.handoff import HandoffScreen  # noqa: E402
from lehavre_tui.tui.widgets import CommandInput  # noqa: E402
from lehavre_tui.tutorial import STEPS, TutorialSession  # noqa: E402

Step = Callable[[LeHavreApp, Pilot[None]], Awaitable[None]]


async def command(app: LeHavreApp, pilot: Pilot[None], text: str, *, dismiss: bool = True) -> None:
    table = app.table
    assert table is not None
    while not table.query(CommandInput):
        await pilot.pause()
    box = table.query_one(CommandInput)
    box.value = text
    await box.action_submit()
    await pilot.pause()
    while dismiss and isinstance(app.screen, HandoffScreen):
        app.screen.dismiss()
        await pilot.pause()


async def bot_moves(app: LeHavreApp, pilot: Pilot[None], stop: Callable[[Session], bool]) -> None:
    """Play the heuristic bot's choices through the command bar until `stop` says so."""
    s = app.session
    assert s is not None
    while not stop(s) and s.state.phase != "over":
        await command(app, pilot, to_command(action_values(s.state)[0][1], s.state))


def game(
    players: int = 2, variant: str = "short", seed: int = 1, seats: list[str] | None = None, **kw: object
) -> LeHavreApp:
    setup = Setup(players=players, variant=variant, seed=seed)
    return LeHavreApp(Session.new(setup, seats=seats), bot_pace=0, **kw)  # type: ignore[arg-type]


async def wait_bots(app: LeHavreApp, pilot: Pilot[None]) -> None:
    """Let the bots at the table play until a person is to act (or the game is over)."""
    s = app.session
    assert s is not None
    while app.game.bot_busy or s.is_bot_turn():
        await pilot.pause(0.01)
    await pilot.pause()


async def against_bot(app: LeHavreApp, pilot: Pilot[None]) -> None:
    """Anna plays the heuristic bot's choices through the bar; Ben is a bot until round 3."""
    s = app.session
    assert s is not None
    await wait_bots(app, pilot)
    while not (s.state.round >= 3 and s.state.phase == "turn" and s.state.turn >= 2):
        text = to_command(action_values(s.state)[0][1], s.state)
        if app.table is not None and app.screen is app.table:
            await command(app, pilot, text)
        else:
            app.play(text)
            await pilot.pause()
        await wait_bots(app, pilot)


def interest_game() -> LeHavreApp:
    """A 2-player game of random moves up to the first time a player short of francs for the
    interest chooses between selling and a loan in somebody else's turn."""
    for seed in range(100):
        s = Session.new(Setup(players=2, variant="full", seed=seed))
        rng = random.Random(seed)
        while not s.over:
            s.act(rng.choice(legal_actions(s.state)))
            st = s.state
            if st.phase == "interest" and st.current != st.interest_return:
                return LeHavreApp(s, bot_pace=0)
    raise SystemExit("no random game reached an interest choice")


async def dismiss_handoff(app: LeHavreApp, pilot: Pilot[None]) -> None:
    while isinstance(app.screen, HandoffScreen):
        app.screen.dismiss()
        await pilot.pause()


ONLY = set(sys.argv[1:])  # names of the pictures to make; none given: all of them


async def shoot(name: str, app: LeHavreApp, size: tuple[int, int], step: Step | None = None) -> None:
    if ONLY and name not in ONLY:
        return
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if step is not None:
            await step(app, pilot)
        for screen in app.screen_stack:
            for box in screen.query(Input):
                box.cursor_blink = False
        await pilot.pause()
        app.save_screenshot(filename=f"{name}.svg", path=str(OUT))
    print(f"screenshots/{name}.svg")


def midgame(until_round: int) -> Step:
    async def step(app: LeHavreApp, pilot: Pilot[None]) -> None:
        await bot_moves(app, pilot, lambda s: s.state.round >= until_round and s.state.phase == "turn")
        await command(app, pilot, "supply")

    return step


async def main() -> None:
    OUT.mkdir(exist_ok=True)
    await shoot("setup", LeHavreApp(), (160, 48))
    await shoot("table-160x48", game(), (160, 48), midgame(4))
    await shoot("table-100x30", game(), (100, 30), midgame(4))
    await shoot("table-80x24", game(), (80, 24), midgame(4))
    await shoot("table-5-players-full", game(5, "full", 3), (160, 48), midgame(3))

    async def card(app: LeHavreApp, pilot: Pilot[None]) -> None:
        await midgame(3)(app, pilot)
        await command(app, pilot, "show marketplace")

    await shoot("card-detail", game(), (160, 48), card)

    async def handoff(app: LeHavreApp, pilot: Pilot[None]) -> None:
        await bot_moves(app, pilot, lambda s: s.state.round >= 3 and s.state.turn >= 2)
        s = app.session
        assert s is not None
        while not s.state.main_done:
            await command(app, pilot, to_command(action_values(s.state)[0][1], s.state))
        await command(app, pilot, "end", dismiss=False)

    await shoot("handoff", game(), (160, 48), handoff)

    async def feeding(app: LeHavreApp, pilot: Pilot[None]) -> None:
        await bot_moves(app, pilot, lambda s: s.state.phase == "feeding" and s.state.round >= 3)

    await shoot("end-of-round-feeding", game(), (160, 48), feeding)

    async def scores(app: LeHavreApp, pilot: Pilot[None]) -> None:
        await bot_moves(app, pilot, lambda s: False)

    await shoot("final-scoring", game(handoff=False), (160, 48), scores)

    async def glossary(app: LeHavreApp, pilot: Pilot[None]) -> None:
        await pilot.press("f1")
        await pilot.pause()
        app.screen.query_one(TabbedContent).active = "help-buildings"

    await shoot("help-buildings", game(), (160, 48), glossary)
    await shoot("table-against-a-bot", game(seats=["human", "medium"]), (160, 48), against_bot)
    await shoot("solo-scoring", game(1, seats=["medium"]), (160, 48), wait_bots)
    await shoot("too-small", game(), (79, 23))
    await shoot("interest-choice", interest_game(), (160, 48), dismiss_handoff)

    async def lesson(app: LeHavreApp, pilot: Pilot[None]) -> None:
        for step in STEPS[:15]:  # Tom's second turn: he is to build the Joinery
            await command(app, pilot, step.command)

    await shoot("tutorial", LeHavreApp(TutorialSession.start()), (160, 48), lesson)

    # The same table read in Polish and in Czech (the reader's language, not the game's).
    for lang in ("pl", "cs"):
        await shoot(f"table-160x48-{lang}", game(language=lang), (160, 48), midgame(4))
        await shoot(f"table-80x24-{lang}", game(language=lang), (80, 24), midgame(4))
        await shoot(f"end-of-round-feeding-{lang}", game(language=lang), (160, 48), feeding)
        await shoot(f"tutorial-{lang}", LeHavreApp(TutorialSession.start(), language=lang), (160, 48), lesson)
    set_language("en")


if __name__ == "__main__":
    asyncio.run(main())
