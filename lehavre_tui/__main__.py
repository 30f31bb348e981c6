"""`python -m lehavre_tui` and the `lehavre` command."""

import gc
import sys


def main() -> int:
    """Run the `lehavre` command (`cli.main`) with the garbage collector paused at the start.

    Opening the table makes about 100,000 objects that last as long as the program (modules,
    classes, pydantic's checks, Textual's widgets and styles), and the cyclic garbage collector
    would go through them again and again while they are being made: about a twentieth of the
    work before the first frame. It is paused until the table is on screen (the app turns it
    back on, see `LeHavreApp.on_mount`), and for `run`, `simulate` and `review` until the arguments are
    read (`cli.main`).
    """
    gc.disable()
    try:
        from .cli import main as cli_main

        return cli_main()
    finally:
        gc.enable()


if __name__ == "__main__":
    sys.exit(main())
