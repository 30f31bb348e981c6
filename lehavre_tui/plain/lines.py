"""Where the plain text game reads its commands and writes its lines.

At a terminal the standard library's `readline` (where present) gives line editing, history
and Tab completion; on a pipe the commands are read one a line, and nothing but lines is
written (no prompt: a program driving the game reads the narration only).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

_SPACES = re.compile(r"[ \t]{2,}")
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[@-_]|[\x00-\x08\x0b-\x1f\x7f]")


def clean(line: str) -> str:
    """A line as a screen reader should get it: no control character, no escape sequence,
    no run of spaces (columns aligned with spaces read as noise)."""
    return _SPACES.sub(" ", _ESCAPES.sub("", line)).strip()


class Lines:
    """Reads a command a line (None at the end of the input) and writes lines."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.interactive = self.stdin.isatty()
        self._readline = False
        self._prompt = ""
        # a prompt is out and the reader typing after it (lines of a hosted table arrive meanwhile)
        self.reading = False
        self.prompt_now: Callable[[], str] | None = None  # the prompt to write again after such lines

    def use_readline(self, complete: Callable[[str], list[str]]) -> None:
        """Line editing, history and Tab completion at a terminal. `complete(line)` gives the
        words that may follow the line typed so far."""
        if not self.interactive:
            return
        self._cooked()
        try:
            import readline
        except ImportError:  # no readline here (Windows): plain `input` still works
            return
        self._readline = True
        # the terminal gets no escape sequence from readline itself
        for setting in ("set enable-bracketed-paste off", "set enable-meta-key off", "set bell-style none",
                        "set horizontal-scroll-mode off"):  # fmt: skip
            readline.parse_and_bind(setting)
        readline.parse_and_bind("tab: complete")
        readline.set_completer_delims(" \t\n")
        found: list[str] = []

        def completer(text: str, state: int) -> str | None:
            if state == 0:
                line = readline.get_line_buffer()[: readline.get_endidx()]
                words = [w for w in complete(line) if w.startswith(text)] or complete(line)
                found[:] = [w + " " for w in words]  # (Python's readline adds no space itself)
            return found[state] if state < len(found) else None

        readline.set_completer(completer)
        readline.set_completion_display_matches_hook(self._show_matches)
        self._prompt = ""

    def _cooked(self) -> None:
        """A terminal that reads lines: Enter ends one, what is typed is echoed (the SSH door's
        pseudo-terminal passes keys raw, as the full table wants them)."""
        import termios

        try:
            fd = self.stdin.fileno()
            attrs = termios.tcgetattr(fd)
            attrs[0] |= termios.ICRNL
            attrs[3] |= termios.ICANON | termios.ECHO | termios.IEXTEN
            termios.tcsetattr(fd, termios.TCSANOW, attrs)
        except (OSError, ValueError, termios.error):
            pass  # not a terminal after all: lines are read as they come

    def _show_matches(self, substitution: str, matches: Sequence[str], longest: int) -> None:
        """Tab twice: the choices as one line of words, not readline's columns."""
        import readline

        self.stdout.write("\n" + ", ".join(m.strip() for m in matches) + "\n" + self._prompt)
        self.stdout.write(readline.get_line_buffer())
        self.stdout.flush()

    def read(self, prompt: str) -> str | None:
        """The next command; None when the input has ended."""
        if self.interactive:
            self._prompt = prompt
            self.reading = True
            try:
                return input(prompt)
            except EOFError:
                self.say("")
                return None
            except KeyboardInterrupt:
                self.say("")
                return ""
            finally:
                self.reading = False
        line = self.stdin.readline()
        if not line:
            return None
        return line.rstrip("\r\n")

    def refresh_prompt(self) -> None:
        """The prompt written again below the old one when what it says has changed."""
        if not (self.reading and self.interactive and self.prompt_now is not None):
            return
        now = self.prompt_now()
        if now != self._prompt:
            self._prompt = now
            self.stdout.write("\n" + now + self.typed_so_far())
            self.stdout.flush()

    def typed_so_far(self) -> str:
        """What the reader has typed after the prompt and not yet sent (readline's line)."""
        if not self._readline:
            return ""
        import readline

        return readline.get_line_buffer()

    def wait(self, prompt: str) -> bool:
        """'press Enter': False when the input ended instead."""
        return self.read(prompt) is not None

    def say(self, *lines: str) -> None:
        """Lines out. While the reader is typing after a prompt (a hosted table's moves arrive
        at any time), they go below it, and the prompt and what was typed so far follow them
        again: no escape sequence clears the line."""
        if not lines:
            return
        typing = self.reading and self.interactive
        if typing:
            self.stdout.write("\n")
        for text in lines:
            for line in text.splitlines() or [""]:
                self.stdout.write(clean(line) + "\n")
        if typing:
            if self.prompt_now is not None:  # the prompt as it reads after these lines
                self._prompt = self.prompt_now()
            self.stdout.write(self._prompt + self.typed_so_far())
        self.stdout.flush()
