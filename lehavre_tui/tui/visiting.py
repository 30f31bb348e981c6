"""The app of a visit to a host (`lehavre join`, an SSH login, a browser tab): the same app,
except that a failure is never shown as a traceback. Over SSH and in a browser the screen
is a remote player's: the details (the host's paths, the values of local variables, which
can hold a ticket or an invite code) go to the client's log, the player reads one sentence.
"""

from __future__ import annotations

import os
import select

from .app import LeHavreApp

DOOR_LOOK = 2.0  # seconds between looks for the door that started this client


class VisitingApp(LeHavreApp):
    def on_mount(self) -> None:
        """A browser tab's client, which the door runs through pipes, ends when the door is
        gone: no terminal hangs up to tell it so, and it would sit at the host, connected, for
        good. (On a terminal, started by the SSH door or by a player, the hang-up ends it.)"""
        if "web_driver" in os.environ.get("TEXTUAL_DRIVER", ""):
            door = os.getppid()
            self.set_interval(DOOR_LOOK, lambda: self._door_gone(door))

    def _door_gone(self, door: int) -> None:
        if os.getppid() != door or _hung_up(0):  # given to another parent, or its input closed
            self.exit(return_code=1)

    def _handle_exception(self, error: Exception) -> None:
        visit = self.game.visit
        if visit is None:  # never so: a visit's app always has one
            super()._handle_exception(error)
            return
        self._return_code = 1
        self._exception_event.set()  # whoever waits for the app's messages stops waiting (as Textual's own)
        visit.failed(error)


def _hung_up(fd: int) -> bool:
    """The writing end of this pipe is closed (read nothing: the driver reads it)."""
    poll = select.poll()
    poll.register(fd, select.POLLIN)
    return any(event & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _fd, event in poll.poll(0))
