"""Playing `lehavre --plain` in a pseudo-terminal, as a person would: read the lines, answer the prompt.

The moves are chosen from the game as the autosave holds it at each prompt (the program
writes it after every move), so the test plays every kind of turn the game asks for: supply,
offers, buildings when an offer is empty, the feeding ('proposal') and the interest ('pay').
"""

from __future__ import annotations

import os
import random
import re
import sys
from pathlib import Path

import pexpect

from lehavre_tui.commands import to_command
from lehavre_tui.engine.actions import BuyBuilding, EndTurn, Enter, PayInterest, RepayLoan, Supply, TakeOffer
from lehavre_tui.engine.rules import legal_actions
from lehavre_tui.engine.save import load_save
from lehavre_tui.engine.state import GameState

PROMPT = re.compile(rb"> $|> \r?\n?$")
BOX = re.compile("[\u2500-\u259f\u25a0-\u25ff]")  # box drawing, blocks, geometric shapes
CONTROL = re.compile(rb"[\x00-\x09\x0b\x0c\x0e-\x1f\x7f]")  # anything but \n and \r


def spawn(args: list[str], data: Path, lang: str, term: str = "xterm-256color") -> pexpect.spawn:
    env = dict(os.environ, LEHAVRE_DATA=str(data), TERM=term, LANG="C.UTF-8", LC_ALL="", LC_MESSAGES="")
    child = pexpect.spawn(
        sys.executable, ["-m", "lehavre_tui", *args, "--lang", lang], env=env, timeout=30, dimensions=(24, 80)
    )
    child.delaybeforesend = None  # (pexpect waits 50 ms before each line by default)
    return child


def state_now(data: Path) -> GameState:
    """The game as the program saved it after its last move."""
    return load_save((data / "autosave.json").read_text(encoding="utf-8"))[2]


def choose(s: GameState, rng: random.Random, lang: str) -> str:
    """A sensible move for the player to act, as a command in `lang`'s words."""
    if s.phase == "feeding":
        return {"en": "proposal", "pl": "propozycja", "cs": "návrh"}[lang]
    legal = legal_actions(s)
    for kind in (Supply, PayInterest):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return to_command(found[0], s, lang)
    takes = [a for a in legal if isinstance(a, (TakeOffer, Enter, BuyBuilding, RepayLoan))]
    ends = [a for a in legal if isinstance(a, EndTurn)]
    if not s.main_done and takes:
        firsts = [a for a in takes if isinstance(a, TakeOffer)] or takes
        return to_command(rng.choice(firsts), s, lang)
    if ends:
        return to_command(ends[0], s, lang)
    return to_command(rng.choice(legal), s, lang)


def play_through(child: pexpect.spawn, data: Path, lang: str, seed: int = 1, limit: int = 600) -> bytes:
    """Answer every prompt until the game is over; returns every byte the program wrote."""
    rng = random.Random(seed)
    out = bytearray()
    for _ in range(limit):
        child.expect(rb"> ")
        out += child.before + child.after
        if child.before.rstrip().endswith(b"game over") or b"\n" + b"game over" in child.before[-40:]:
            break
        state = state_now(data)
        if state.phase == "over":
            break
        child.sendline(choose(state, rng, lang))
    else:
        raise AssertionError("the game did not end")
    return bytes(out)


def finish(child: pexpect.spawn, out: bytes, word: str = "quit") -> bytes:
    child.sendline(word)
    child.expect(pexpect.EOF)
    child.close()
    return out + child.before


def plain_bytes_only(data: bytes) -> None:
    """No escape sequence, no control character but line ends, no box drawing."""
    assert b"\x1b" not in data, data[max(0, data.index(b"\x1b") - 80) : data.index(b"\x1b") + 20]
    bad = CONTROL.search(data)
    assert bad is None, data[max(0, bad.start() - 80) : bad.start() + 20]
    text = data.decode("utf-8")
    drawn = BOX.search(text)
    assert drawn is None, text[max(0, drawn.start() - 80) : drawn.start() + 20]
