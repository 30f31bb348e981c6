"""`python -m lehavre_tui`: the same as the `lehavre` command."""

import sys

from .cli import main

sys.exit(main())
