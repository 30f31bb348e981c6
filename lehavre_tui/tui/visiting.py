"""The app of a visit to a host (`lehavre join`, an SSH login, a browser tab): the same app,
except that a failure is never shown as a traceback. Over SSH and in a browser the screen
is a remote player's: the details (the host's paths, the values of local variables, which
can hold a ticket or an invite code) go to the client's log, the player reads one sentence.
"""

from __future__ import annotations

from .app import LeHavreApp


class VisitingApp(LeHavreApp):
    def _handle_exception(self, error: Exception) -> None:
        visit = self.game.visit
        if visit is None:  # never so: a visit's app always has one
            super()._handle_exception(error)
            return
        self._return_code = 1
        self._exception_event.set()  # whoever waits for the app's messages stops waiting (as Textual's own)
        visit.failed(error)
