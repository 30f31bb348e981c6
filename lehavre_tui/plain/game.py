"""The line loop: narration, a prompt, a command; bots played at a chosen pace.

Each event of the log is one line in the reader's language, as the table's log says it.
Then the prompt names whose keyboard it is and what comes next. The words of the table
(`look`, `show`, `hint`, `undo`, `save`, `pace`, `handoff`, `scores`, `quit`) are read here;
everything else goes to the table as a command, as typed in the table's command bar.
"""

from __future__ import annotations

import time
from pathlib import Path

from ..commands import CommandError, HelpRequested, complete_step, help_text, table_word_of
from ..commands.words import fold
from ..engine.errors import IllegalAction
from ..engine.message import Msg
from ..table import NotAtThisTable, Table
from ..text import _, render
from .feeding import feeding_command, feeding_question, interest_question
from .handoff import handoff_line
from .lines import Lines
from .look import SHORT, describe, topic_of
from .prompt import prompt

# the table's words offered by Tab besides the moves, in English (shown in the reader's words)
EXTRA_WORDS = ("look", "show", "hint", "undo", "save", "pace", "handoff", "scores", "say", "quit")


def _help_lines() -> list[str]:
    """What `help` adds in plain text: the table's own words, with the short forms of `look`."""
    return [
        _("look (l): who acts, the offers and your own things, briefly."),
        _("look offers (lo), look proposals (lp), look town (lt), look ships (ls), look round (lr), look me (lm), "
          "look NAME: each in full."),
        _("show CARD: a card read out. hint: a suggested move. undo: take your last move back. save [FILE]: save "
          "the game."),
        _("pace SECONDS: the pause between two bot moves (pace 0: at once). handoff on|off: the line between two "
          "players at one keyboard. quit: leave (the game is saved)."),
    ]  # fmt: skip


class PlainGame:
    """A game played in lines at one table (a `Session`, or the tutorial's)."""

    def __init__(
        self,
        table: Table,
        lines: Lines,
        *,
        pace: float = 0.6,
        handoff: bool | None = None,
        hint_budget: float = 1.0,
        saves: Path | None = None,
        resumed: bool = False,
    ) -> None:
        self.table = table
        self.lines = lines
        self.pace = pace
        # the handoff line between people at one keyboard; not on a pipe (nobody to hand to)
        self.handoff = lines.interactive if handoff is None else handoff
        self.hint_budget = hint_budget
        self.saves = saves
        self.shown = 0  # log lines printed so far
        self.keyboard: int | None = None  # the seat whose player typed last
        self.asked: tuple[str, int, int] | None = None  # the feeding or interest question last asked
        self.resumed = resumed
        self.done = False

    # --- the loop ---------------------------------------------------------------------------
    def run(self) -> int:
        self.lines.use_readline(self.completions)
        self._greet()
        while not self.done:
            self._follow()
            if self.table.is_bot_turn():
                self._bot()
                continue
            line = self.lines.read(self._prompt())
            if line is None:
                self._leave()
                break
            self.play(line)
        return 0

    def _greet(self) -> None:
        t = self.table
        log = t.log
        if self.resumed and t.moves:
            self.lines.say(_("The game goes on. What happened since your last turn:"))
            self.lines.say(*t.since_last_turn(t.state.current))
        else:
            self.lines.say(*(ln.text for ln in log))
        self.shown = len(log)
        if t.tutorial:
            from ..tutorial.lesson import INTRO

            self.lines.say(_(INTRO))
            self._lesson()

    def _prompt(self) -> str:
        s = self.table.state
        return prompt(s, s.players[s.current].name) if self.lines.interactive else ""

    def _narrate(self) -> None:
        log = self.table.log
        self.lines.say(*(ln.text for ln in log[self.shown :]))
        self.shown = len(log)

    def _follow(self) -> None:
        """After a move: what the game asks now (a handoff, the feeding, the interest, the scores)."""
        t = self.table
        s = t.state
        if t.over:
            if not self.asked or self.asked[0] != "over":
                self.asked = ("over", 0, 0)
                self._game_over()
            return
        if t.is_bot_turn():
            return
        seat = s.current
        if self.keyboard is not None and seat != self.keyboard and self._hands_over():
            name = s.players[seat].name
            if not self.lines.wait(render(handoff_line(name)) + " "):
                self.done = True
                return
        self.keyboard = seat
        ask = (s.phase, seat, s.round)
        if s.phase in ("feeding", "interest") and ask != self.asked and self.lines.interactive:
            self.asked = ask  # (on a pipe only the narration: a program knows what it is asked)
            question = feeding_question(s, seat) if s.phase == "feeding" else interest_question(s, seat)
            self.lines.say(render(question))
        elif s.phase not in ("feeding", "interest"):
            self.asked = None

    def _hands_over(self) -> bool:
        t = self.table
        return self.handoff and t.hotseat and sum(1 for k in t.seats if k == "human") > 1

    def _bot(self) -> None:
        if self.pace > 0:
            time.sleep(self.pace)
        t = self.table
        who = t.state.players[t.state.current].name
        try:
            t.bot_move()
        except Exception as exc:  # noqa: BLE001 - said at the table instead of ending the game
            error = str(exc) or type(exc).__name__
            self.lines.say(_("{player} could not move: {error}").format(player=who, error=error))
            self.done = True
            return
        self._narrate()

    def _game_over(self) -> None:
        from ..summary import summary

        self.lines.say(*summary(self.table.state)[1:])
        solo = self.table.record_solo()
        if solo is not None and solo[0] is not None:
            self.lines.say(render(Msg("Your score is number {rank} of the best solo scores.", rank=solo[0])))
        self.lines.say(_("The game is over: 'look' and 'scores' still answer; 'quit' leaves."))

    def _leave(self) -> None:
        self.done = True

    def _lesson(self) -> None:
        """The tutorial's next step, as a line ('To do: ...')."""
        step = getattr(self.table, "step", None)
        if step is not None:
            self.lines.say(_("To do:") + " " + _(step.do))

    # --- one line typed ---------------------------------------------------------------------
    def play(self, text: str) -> None:
        text = text.strip()
        if not text:
            return
        words = text.split(maxsplit=1)
        head = fold(words[0]) or words[0].lower()
        rest = words[1].strip() if len(words) > 1 else ""
        if head in SHORT and (head != "l" or not rest) and table_word_of(head) is None:
            self._look(SHORT[head], "")
            return
        if head in SHORT and head == "l":
            self._look(topic_of(rest), rest)
            return
        word = table_word_of(words[0])
        if word is not None and self._local(word, rest):
            return
        if self.table.state.phase == "feeding":
            text = feeding_command(text)
        self._command(text)

    def _local(self, word: str, rest: str) -> bool:
        """The table's own words; False when the word is not for here (the table answers it)."""
        t = self.table
        say = self.lines.say
        if word == "look":
            self._look(topic_of(rest) if rest else None, rest)
        elif word == "show":
            self._show(rest)
        elif word == "hint" and not rest:
            self._hint()
        elif word == "undo" and not rest:
            self._undo()
        elif word == "save":
            self._save(rest)
        elif word == "pace":
            self._pace(rest)
        elif word == "handoff":
            self._handoff(rest)
        elif word == "scores" and not rest:
            if t.over:
                from ..summary import summary

                say(*summary(t.state)[1:])
            else:
                say(_("The final scores are shown when the game is over; the wealth so far is on each player's board."))
        elif word == "quit" and not rest:
            self._leave()
        elif word == "say":
            self._say(rest)
        else:
            return False
        return True

    def _command(self, text: str) -> None:
        t = self.table
        before = t.state.current
        try:
            t.command(text)
        except HelpRequested as exc:
            self.lines.say(exc.text)
            if exc.topic is None:
                self.lines.say(*_help_lines())
            return
        except (IllegalAction, CommandError) as exc:
            self.lines.say(render(exc.msg))
            return
        except NotAtThisTable as exc:
            self.lines.say(render(exc.msg))
            return
        self.keyboard = before
        self._narrate()
        if t.tutorial and t.moves <= lesson_steps():
            last = getattr(t, "last", None)
            if last is not None:
                self.lines.say(_(last.done))
            if t.moves == lesson_steps():
                self.lines.say(
                    _("You played the rulebook's first round. The table is yours now: play on with all three, "
                      "or type 'quit'.")
                )  # fmt: skip
            self._lesson()

    # --- the table's words ------------------------------------------------------------------
    def _look(self, topic: str | None, words: str) -> None:
        s = self.table.state
        seat = self.keyboard if self.keyboard is not None else s.current
        self.lines.say(*(render(m) for m in describe(s, topic, words, seat)))

    def _say(self, rest: str) -> None:
        if not rest:
            self.lines.say(_("Say something after 'say', e.g. 'say good luck'."))
            return
        try:
            self.table.say(rest)
        except NotAtThisTable as exc:
            self.lines.say(render(exc.msg))

    def _show(self, rest: str) -> None:
        if not rest:
            self.lines.say(_("Say which card to show, e.g. 'show joinery'."))
            return
        try:
            text = help_text(rest, self.table.state)
        except CommandError as exc:
            self.lines.say(render(exc.msg))
            return
        self.lines.say(text)

    def _hint(self) -> None:
        t = self.table
        try:
            command, reason = t.hint(self.hint_budget)
        except NotAtThisTable as exc:
            self.lines.say(_("No hint this time: {reason}").format(reason=render(exc.msg)))
            return
        except Exception as exc:  # noqa: BLE001 - a hint that fails never ends the game
            self.lines.say(_("No hint this time: {reason}").format(reason=str(exc) or type(exc).__name__))
            return
        self.lines.say(render(Msg("Hint: {command} ({reason})", command=command, reason=reason)))

    def _undo(self) -> None:
        t = self.table
        try:
            taken_back = t.undo()
        except NotAtThisTable as exc:
            self.lines.say(render(exc.msg))
            return
        if not taken_back:
            if t.undo_lost_by_loading():
                self.lines.say(
                    _(
                        "Moves made before the game was loaded cannot be taken back: undo starts afresh "
                        "after loading, with your next move."
                    )
                )
            else:
                self.lines.say(
                    _(
                        "Nothing to take back: only your own moves of this turn can be undone, "
                        "and never one that turned a card or a chit face up."
                    )
                )
            return
        self.lines.say(t.log[-1].text)
        self.shown = len(t.log)
        self.asked = None

    def _save(self, rest: str) -> None:
        t = self.table
        if rest:
            target = Path(rest).expanduser()
        else:
            from ..session import autosave_path

            folder = self.saves or autosave_path().parent
            target = folder / time.strftime("lehavre-%Y%m%d-%H%M%S.json")
        try:
            t.save(target)
        except NotAtThisTable as exc:
            self.lines.say(render(exc.msg))
            return
        except OSError as exc:
            self.lines.say(_("The game could not be saved to {path} ({reason}).").format(path=target,
                                                                                      reason=exc.strerror))
            return
        self.lines.say(_("Saved to {path}. Open it again with: lehavre load {path}").format(path=target))

    def _pace(self, rest: str) -> None:
        try:
            pace = float(rest.replace(",", "."))
        except ValueError:
            pace = -1.0
        if not 0 <= pace <= 60:
            self.lines.say(render(Msg("'pace' takes the seconds between two bot moves, 0 to 60: e.g. 'pace 0' "
                                      "for at once.")))  # fmt: skip
            return
        self.pace = pace
        self.lines.say(render(Msg("Bots now move {seconds} s apart.", seconds=rest.strip())))

    def _handoff(self, rest: str) -> None:
        word = fold(rest)
        if word in ("on", "yes", "tak", "ano", "1"):
            self.handoff = True
        elif word in ("off", "no", "nie", "ne", "0"):
            self.handoff = False
        else:
            self.lines.say(render(Msg("'handoff on' or 'handoff off': a line between two players at one keyboard.")))
            return
        if self.handoff:
            self.lines.say(render(Msg("The handoff is on: when the turn passes to another player, the game waits "
                                      "for Enter.")))  # fmt: skip
        else:
            self.lines.say(render(Msg("The handoff is off.")))

    # --- Tab --------------------------------------------------------------------------------
    def completions(self, line: str) -> list[str]:
        """The words that may follow what is typed, from the command bar's completer."""
        try:
            step = complete_step(line, self.table.state, EXTRA_WORDS)
        except Exception:  # noqa: BLE001 - Tab never breaks the line being typed
            return []
        words = [c.word for c in step.choices]
        if not line.strip() or (len(line.split()) == 1 and not line[-1:].isspace()):
            words += [w for w in SHORT if w.startswith(line.strip())]
        return list(dict.fromkeys(words))


def lesson_steps() -> int:
    """The moves of the tutorial's lesson."""
    from ..tutorial.lesson import STEPS

    return len(STEPS)
