"""A line to type in whose keys act in the order they were typed."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.widgets import Input


class LineInput(Input):
    """An Input whose bound keys (Enter, Backspace, the arrows, Tab …) act at once, in the
    order the keys came. Textual runs a binding only when the key has bubbled up to the app,
    a few messages later, while the letters typed after it are inserted at once: "say hi⏎say
    ho⏎" typed (or sent by a terminal) faster than that became one line "say hisay ho".

    With `clear_on_submit` the line leaves the input as Enter is handled, so the keys after
    Enter begin the next line even before the line is read."""

    def __init__(self, *args: Any, clear_on_submit: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clear_on_submit = clear_on_submit

    async def action_submit(self) -> None:
        if not self.clear_on_submit:
            await super().action_submit()
            return
        value, self.value = self.value, ""
        self.post_message(self.Submitted(self, value, None))

    async def _on_key(self, event: events.Key) -> None:
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                return
