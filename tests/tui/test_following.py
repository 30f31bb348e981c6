"""Following the game from the keyboard at any size: the log by keys, windows for help and
the whole log, bots marked in every seat list, the handoff's typing, the set-up's radio marks."""

from __future__ import annotations

import pytest

from lehavre_tui.tui.app import LeHavreApp

from .conftest import widget_text


async def test_the_chosen_radio_button_is_marked_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    from textual.widgets import RadioButton

    monkeypatch.setenv("NO_COLOR", "1")
    app = LeHavreApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        chosen = app.screen.query_one("#players-2", RadioButton)
        other = app.screen.query_one("#players-3", RadioButton)
        assert "●" in widget_text(chosen)
        assert "●" not in widget_text(other)
        other.value = True
        await pilot.pause()
        assert "●" in widget_text(other)
        assert "●" not in widget_text(chosen)
