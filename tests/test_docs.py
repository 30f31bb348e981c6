"""The README and the manual in docs/ cannot drift from the program: every `lehavre …` command
they show (in code blocks and in inline code) is read by the program's own parser, and every flag
they name on its own belongs to `lehavre` or to one of the project's scripts."""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

from lehavre_tui.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

_FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
_INLINE = re.compile(r"`([^`\n]+)`")
# `lehavre` as a word, also at the end of a path (.venv/bin/lehavre), not /home/lehavre/ nor lehavre_tui
_COMMAND = re.compile(r"(?:^|(?<=[\s/=]))lehavre(?=\s|$)(.*)$")
_FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]*")
# the placeholders pages write, and a value of the right kind for each
# code that runs another program: its flags are that program's
_OTHER = re.compile(r"\b(?:mkdocs|pytest|pip|ruff|mypy|ssh|git|apt-get)\b")
_PLACEHOLDERS = {"N": "3", "FILE": "game.json", "SAVE": "game.json", "SCRIPT": "game.txt", "TEXT": "hello"}


def _snippets(text: str) -> list[str]:
    """The code a page shows: each line of its code blocks (an indented `--flag` line continuing
    the command above it), then its inline code spans."""
    found: list[str] = []
    for block in _FENCE.findall(text):
        for line in block.splitlines():
            if re.match(r"^\s+--", line) and found and "lehavre" in found[-1]:
                found[-1] += " " + line.split("#", 1)[0]
            else:
                found.append(line)
    prose = _FENCE.sub("", text)
    found += _INLINE.findall(prose)
    return found


def commands(text: str) -> list[str]:
    """Every `lehavre …` command of a page, with its comments and shell glue left out."""
    out = []
    for snippet in _snippets(text):
        match = _COMMAND.search(snippet)
        if match:
            rest = re.split(r"\s#|&&|\|", match.group(1))[0]
            out.append(rest.strip())
    return out


def _argv(rest: str) -> list[str]:
    """A shown command as the words the program would get: optional parts ([--player NAME]) and
    `...` kept, placeholders and alternatives (en|pl|cs) filled in."""
    words = []
    for word in shlex.split(rest.replace("[", " ").replace("]", " ")):
        if word in ("...", "…"):
            continue
        word = _PLACEHOLDERS.get(word, word)
        if "|" in word:
            word = word.split("|")[0]
        words.append(word)
    return words


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _options(parser: argparse.ArgumentParser) -> set[str]:
    return {s for action in parser._actions for s in action.option_strings}


def command_problem(rest: str) -> str | None:
    """None if the program reads the command; else what is wrong with it."""
    parser = build_parser()
    words = _argv(rest)
    subs = _subparsers(parser)
    where = parser
    for word in words:
        if word.startswith("--"):
            flag = word.split("=", 1)[0]
            if flag not in _options(where) and flag not in _options(parser):
                return f"`lehavre {rest}`: `{flag}` is not an option of `{where.prog}`"
        elif where is parser and word in subs:
            where = subs[word]
        elif where is parser:
            return f"`lehavre {rest}`: `{word}` is not a command of `lehavre`"
    if len(words) == 1 and where is not parser:
        return None  # a command named in a sentence (`lehavre run`), without its arguments
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            parser.parse_args(words)
    except SystemExit as exc:
        if exc.code not in (0, None):
            return f"`lehavre {rest}` is refused: {err.getvalue().strip().splitlines()[-1]}"
    return None


def _known_flags() -> set[str]:
    """Every flag of `lehavre` and its commands, and of the scripts in benchmarks/ and scripts/."""
    parser = build_parser()
    flags = _options(parser)
    for sub in _subparsers(parser).values():
        flags |= _options(sub)
    for script in [*ROOT.glob("benchmarks/*.py"), *ROOT.glob("scripts/*.py")]:
        flags |= set(re.findall(r"""["'](--[a-z][a-z-]*)["']""", script.read_text(encoding="utf-8")))
    return flags


def flag_problems(text: str, known: set[str]) -> list[str]:
    """Flags named in a page's code that nothing in the project has."""
    return sorted(
        {
            f"`{flag}`"
            for snippet in _snippets(text)
            if not _COMMAND.search(snippet) and not _OTHER.search(snippet)
            for flag in _FLAG.findall(snippet)
            if flag not in known
        }
    )


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_lehavre_command_on_the_page_is_read_by_the_program(page: Path) -> None:
    shown = commands(page.read_text(encoding="utf-8"))
    problems = [p for p in map(command_problem, shown) if p]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_flag_the_page_names_exists(page: Path) -> None:
    assert not flag_problems(page.read_text(encoding="utf-8"), _known_flags())


def test_the_pages_show_the_main_commands() -> None:
    # the reading itself is checked: the README's commands are all found
    shown = commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert "tutorial" in shown
    assert "new --players 2 --short --seed 1" in shown
    assert any(c.startswith("host ") for c in shown)
    assert "" in shown  # .venv/bin/lehavre of the quick start


@pytest.mark.parametrize(
    "page",
    [
        "```sh\nlehavre simulate --fast\n```\n",
        "Run `lehavre new --colour red` to start.\n",
        "```sh\nlehavre host --players 3\n    --no-such-flag      # a host option\n```\n",
        "```sh\nlehavre shuffle --games 2\n```\n",
        "```sh\nlehavre new --players five\n```\n",
    ],
)
def test_a_command_the_program_lacks_fails(page: str) -> None:
    assert [p for p in map(command_problem, commands(page)) if p]


def test_a_flag_nothing_has_fails() -> None:
    assert flag_problems("Give `--turbo 3` for speed.", _known_flags()) == ["`--turbo`"]
    assert flag_problems("Give `--games 3`.", _known_flags()) == []


def test_the_readme_is_short_and_its_links_lead_somewhere() -> None:
    # the README is not part of the built manual, so its links are checked here
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [link for link in links if "://" not in link]
    assert local and not [link for link in local if not (ROOT / link).is_file()]
    for page in ("playing", "bots", "hosting", "languages", "development", "rules-notes"):
        assert f"(docs/{page}.md" in text
