"""Every building listed on the table shows its type and its symbols (the Marketplace, the
Town Hall, the Bank and others count them), and its card number whole."""

from __future__ import annotations

import re

from textual.widgets import DataTable, TabbedContent

from lehavre_tui.bots.heuristic import action_values
from lehavre_tui.engine.cards import content
from lehavre_tui.engine.setup import Setup
from lehavre_tui.session import Session
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.glyphs import UNICODE
from lehavre_tui.tui.screens.card import CardScreen
from lehavre_tui.tui.view import card, kind_tag
from lehavre_tui.tui.widgets import PlayerPanel, ProposalStacks, TownBuildings

from .conftest import type_command
from .conftest import whole_text as widget_text
from .test_sizes import played, settle


def flat(text: str) -> str:
    """The widget's text as one line, without its frame: wrapping does not matter here."""
    return " ".join(re.sub("[\u2500-\u257f]", " ", text).split())


def assert_tagged(text: str, buildings: list[str]) -> None:
    """Each building's name is followed (within its row) by its type and symbols."""
    line = flat(text)
    for b in buildings:
        c = card(b)
        tag = re.escape(kind_tag(c, UNICODE))
        assert re.search(re.escape(c.name) + r".{0,40}?" + tag, line), f"{c.name} without '{kind_tag(c, UNICODE)}'"


def test_the_tag_says_type_and_symbols() -> None:
    g = UNICODE
    assert kind_tag(card("fishery"), g) == "craft ♆"
    assert kind_tag(card("ironworks"), g) == "indus ⚒"
    assert kind_tag(card("bank"), g) == "econ"
    assert kind_tag(card("town_hall"), g) == "public"
    assert kind_tag(card("marketplace"), g) == "—"  # a building of no type
    fishers = [c for c in content().buildings.values() if c.fishermen == 2]
    assert fishers and all(kind_tag(c, g).endswith("♆♆" + "⚒" * c.hammers) for c in fishers)


async def test_the_full_table_tags_every_building() -> None:
    app = LeHavreApp(played(4, "mid-game"), bot_pace=0)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        s = app.session
        assert s is not None
        table = app.screen
        assert s.state.town_buildings()
        assert_tagged(widget_text(table.query_one(TownBuildings)), s.state.town_buildings())
        stacks = table.query_one(ProposalStacks)
        shown = [b for st in s.state.proposals for b in st[: 1 + stacks.below]]
        assert_tagged(widget_text(stacks), shown)
        for panel in table.query(PlayerPanel):
            owned = s.state.buildings_of(panel.seat_no)
            assert_tagged(widget_text(panel), owned)
        assert any(s.state.buildings_of(i) for i in range(4))


async def test_the_compact_table_tags_every_building() -> None:
    app = LeHavreApp(played(2, "mid-game"), bot_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        s = app.session
        assert s is not None
        table = app.screen
        tabs = table.query_one(TabbedContent)
        assert tabs.active == "tab-proposals"
        assert_tagged(widget_text(table.query_one(ProposalStacks)), [b for st in s.state.proposals for b in st])
        tabs.active = "tab-town"
        await settle(pilot)
        assert_tagged(widget_text(table.query_one(TownBuildings)), s.state.town_buildings())
        active = table.query_one("#active-player", PlayerPanel)
        assert_tagged(widget_text(active), s.state.buildings_of(s.state.current))


async def test_special_buildings_in_the_town_show_their_whole_number() -> None:
    """The town list used to show a special building as 'S… Diner'."""
    s = Session.new(Setup(players=3, variant="full", seed=1))
    while not any(card(b).deck == "special" for b in s.state.town_buildings()):
        s.act(action_values(s.state)[0][1])
    special = next(card(b) for b in s.state.town_buildings() if card(b).deck == "special")
    app = LeHavreApp(s, bot_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one(TabbedContent).active = "tab-town"
        await settle(pilot)
        text = widget_text(app.screen.query_one(TownBuildings))
        assert f"{special.number} {special.name.split()[0]}" in text
        assert "…" not in text


async def test_the_card_and_the_glossary_name_type_and_symbols() -> None:
    app = LeHavreApp(played(2, "mid-game"), bot_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await type_command(app, pilot, "show fishery")
        await settle(pilot)
        assert isinstance(app.screen, CardScreen)
        facts = flat(widget_text(app.screen.query_one("#card-facts")))
        assert "Type craft" in facts and "Symbols 1 fisherman" in facts
        await pilot.press("escape")
        await pilot.press("f1")
        await settle(pilot)
        glossary = app.screen.query_one(DataTable)
        headers = [str(col.label) for col in glossary.columns.values()]
        assert headers[4:6] == ["Type", "Symbols"]
        fishery = next(i for i in range(glossary.row_count) if glossary.get_row_at(i)[1] == "Fishery")
        assert glossary.get_row_at(fishery)[4:6] == ["craft", "1 fisherman"]
