"""A bare Textual app (Header, Static, Input, Footer): the yardstick for the table's first frame.

`benchmarks/tui_speed.py` launches it in a pseudo-terminal exactly as it launches the game and
compares the two first frames. It draws the word READY-BARE when it is on screen.
"""

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Input, Static


class BareApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("READY-BARE")
        yield Input(placeholder="type here")
        yield Footer()


if __name__ == "__main__":
    BareApp().run()
