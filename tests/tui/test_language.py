"""The table in the reader's language: which language it opens in, the set-up screen's
choice (drawn again at once, remembered), and no English left on any screen in Polish or Czech
(nor a word asked of the catalogs that the extraction missed)."""

from __future__ import annotations

import gettext
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import cache

import pytest
from babel.messages.catalog import Catalog
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widgets import TabbedContent

from lehavre_tui.commands.names import _building_names
from lehavre_tui.engine.cards import content
from lehavre_tui.engine.setup import DEFAULT_NAMES
from lehavre_tui.session import autosave_path
from lehavre_tui.settings import Settings, read_settings, save_settings, settings_path
from lehavre_tui.text import LANGUAGES, language, language_name, locales, set_language
from lehavre_tui.text.catalogs import template
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens.card import CardScreen
from lehavre_tui.tui.screens.feeding import FeedingScreen
from lehavre_tui.tui.screens.handoff import HandoffScreen
from lehavre_tui.tui.screens.help import HelpScreen
from lehavre_tui.tui.screens.scoring import ScoringScreen
from lehavre_tui.tui.screens.setup import SetupScreen
from lehavre_tui.tui.screens.table import TABS, TableScreen
from lehavre_tui.tui.screens.tutorial import LessonDone
from lehavre_tui.tui.widgets import TopBar
from lehavre_tui.tutorial import TutorialSession

from .conftest import click_form, new_app, new_session, setup_form, type_command, widget_text
from .pseudo import stretch, stretched
from .test_sizes import LONG_NAMES, interest_choice, played, settle
from .test_tutorial import TYPED

__all__ = ["stretched"]  # the fixture, used by name


def screen_text(app: LeHavreApp) -> str:
    """Every character on the terminal now, line by line (windows over the table included)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())  # noqa: SLF001


# --- which language the table opens in ------------------------------------------------------


async def test_the_language_chosen_before_opens_the_table() -> None:
    save_settings(Settings(language="pl"))
    app = new_app()
    async with app.run_test():
        assert language() == "pl"


async def test_the_flag_comes_before_the_choice_saved() -> None:
    save_settings(Settings(language="pl"))
    app = LeHavreApp(new_session(), language="cs")
    async with app.run_test():
        assert language() == "cs"
    assert read_settings() == (Settings(language="pl"), None)  # a flag is for this time only


async def test_without_either_the_language_of_the_environment_stays() -> None:
    """The command line sets the environment's language before the table opens."""
    set_language("cs")
    app = new_app()
    async with app.run_test():
        assert language() == "cs"


@pytest.mark.parametrize("content", ["{oops", '{"language": "klingon"}', "[]"])
async def test_damaged_settings_open_the_table_with_a_note(content: str) -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text(content)
    app = new_app()
    async with app.run_test() as pilot:
        await settle(pilot)
        assert language() == "en"
        assert isinstance(app.screen, TableScreen)
        notes = [n.message for n in app._notifications]  # noqa: SLF001
        assert notes == [
            f"The settings file {settings_path()} is damaged; it is ignored "
            "(choosing a language on the set-up screen writes it again)."
        ]


# --- the set-up screen's choice ---------------------------------------------------------------


async def test_the_setup_screen_offers_each_language_in_its_own_words() -> None:
    app = LeHavreApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Language  (●) English  ( ) Polski  ( ) Čeština" in widget_text(setup_form(app))


async def test_a_language_chosen_redraws_the_setup_at_once_and_keeps_the_form(stretched: str) -> None:
    set_language("en")
    app = LeHavreApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SetupScreen) and screen.query_one("#setup").border_title == "A new game"
        await click_form(pilot, "players", 3)
        await click_form(pilot, "name-0")
        await pilot.press("end", *["backspace"] * 4, *"Zofia", "tab", "down", "m")  # Ben: the medium bot
        await click_form(pilot, "variant", True)
        await click_form(pilot, "seed")
        await pilot.press("4", "2")
        await settle(pilot)
        await click_form(pilot, "language", "pl")
        await settle(pilot)
        assert language() == "pl"
        assert read_settings() == (Settings(language="pl"), None)
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.query_one("#setup").border_title == stretch("A new game")
        assert stretch("Short game") in screen_text(app)
        form = setup_form(app)
        drawn = widget_text(form)
        assert "(●) Polski" in drawn and "(●) 3" in drawn
        assert stretch("Player {n}").format(n=3) in drawn and stretch("Player {n}").format(n=4) not in drawn
        assert "Zofia" in drawn and stretch("medium bot") in drawn and "42" in drawn
        assert (form.form.players, form.form.names[0], form.form.seats[1], form.form.short, form.form.seed) == (
            3, "Zofia", "medium", True, "42"
        )  # fmt: skip
        assert app.focused is form and form.stop == "language"  # the keyboard stays where it was
        # the game begins as set up, its table in the language chosen
        await click_form(pilot, "start")
        await settle(pilot)
        s = app.session
        assert s is not None
        assert (s.state.num_players, s.state.variant, s.setup.seed) == (3, "short", 42)
        assert s.state.players[0].name == "Zofia" and s.seats == ["human", "medium", "human"]
        assert isinstance(app.table, TableScreen)
        assert stretch("Round {round}/{rounds}").format(round=1, rounds=s.state.rounds_total) in widget_text(
            app.table.query_one(TopBar)
        )


async def test_back_to_english(stretched: str) -> None:
    app = LeHavreApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.screen.query_one("#setup").border_title == stretch("A new game")
        await click_form(pilot, "language", "en")
        await settle(pilot)
        assert language() == "en"
        assert app.screen.query_one("#setup").border_title == "A new game"
        assert read_settings() == (Settings(language="en"), None)


async def test_a_table_below_the_setup_is_drawn_again_too(stretched: str) -> None:
    """Started at a table, 'new game' from the scores opens the set-up over it."""
    set_language("en")
    app = LeHavreApp(played(2, "over"), bot_pace=0)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ScoringScreen)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        await click_form(pilot, "language", "pl")
        await settle(pilot)
        table = app.table
        assert table is not None
        assert table.query_one("#log-board").border_title == stretch("Log")


async def test_settings_that_cannot_be_saved_do_not_stop_the_choice(stretched: str) -> None:
    set_language("en")
    app = LeHavreApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        blocker = autosave_path().parent
        blocker.parent.mkdir(parents=True, exist_ok=True)
        blocker.write_text("")  # a file where the data folder should be
        await click_form(pilot, "language", "pl")
        await settle(pilot)
        assert language() == "pl"
        assert app.screen.query_one("#setup").border_title == stretch("A new game")
        notes = [str(n.message) for n in app._notifications]  # noqa: SLF001
        assert len(notes) == 1 and notes[0].startswith(stretch("The settings could not be saved to"))


# --- no English left on the screens in Polish and Czech ---------------------------------------

Scenario = Callable[[LeHavreApp, Pilot[None]], Awaitable[list[str]]]


@dataclass(frozen=True)
class Screen:
    make: Callable[[], LeHavreApp]
    size: tuple[int, int]
    look: Scenario
    card_names_in_english: bool = False  # the screen names cards in other languages on purpose


async def _table(app: LeHavreApp, pilot: Pilot[None]) -> list[str]:
    await settle(pilot)
    texts = [screen_text(app)]
    table = app.table
    assert isinstance(table, TableScreen)
    if not table.wide:
        for tab in TABS:
            table.query_one(TabbedContent).active = tab
            await settle(pilot)
            texts.append(screen_text(app))
    return texts


async def _help(app: LeHavreApp, pilot: Pilot[None]) -> list[str]:
    await settle(pilot)
    await pilot.press("f1")
    await settle(pilot)
    assert isinstance(app.screen, HelpScreen)
    texts = []
    # the Commands tab lists the command language's own words (its part, tested there)
    for tab in ("help-keys", "help-turn", "help-buildings"):
        app.screen.query_one(TabbedContent).active = tab
        await settle(pilot)
        texts.append(screen_text(app))
    return texts


async def _card(app: LeHavreApp, pilot: Pilot[None]) -> list[str]:
    await settle(pilot)
    texts = []
    for card in ("bakehouse", "marketplace", "shipping-line"):  # as a player asks for them
        if isinstance(app.screen, CardScreen):
            await pilot.press("escape")
            await settle(pilot)
        await type_command(app, pilot, f"show {card}")
        await settle(pilot)
        assert isinstance(app.screen, CardScreen)
        texts.append(screen_text(app))
    await pilot.press("escape", "f2")
    await settle(pilot)
    texts.append(screen_text(app))
    return texts


def _shows(kind: type) -> Scenario:
    async def look(app: LeHavreApp, pilot: Pilot[None]) -> list[str]:
        await settle(pilot)
        assert isinstance(app.screen, kind), app.screen
        return [screen_text(app)]

    return look


async def _interest(app: LeHavreApp, pilot: Pilot[None]) -> list[str]:
    await settle(pilot)
    assert app.session is not None and app.session.state.phase == "interest"
    return [screen_text(app)]


async def _tutorial(app: LeHavreApp, pilot: Pilot[None]) -> list[str]:
    await settle(pilot)
    texts = [screen_text(app)]
    for command in TYPED[:12]:
        await type_command(app, pilot, command, dismiss=False)
    texts.append(screen_text(app))
    wrong = {"en": "take wood", "pl": "weź drewno", "cs": "vezmi dřevo"}[language()]
    await type_command(app, pilot, wrong, dismiss=False)  # not the lesson's move: refused
    texts.append(screen_text(app))
    for command in [*TYPED[12:], "feed"]:
        await type_command(app, pilot, command, dismiss=False)
        await settle(pilot)
    assert isinstance(app.screen, LessonDone)
    texts.append(screen_text(app))
    return texts


async def _palette(app: LeHavreApp, pilot: Pilot[None]) -> list[str]:
    """ctrl+p: Textual's own entries (theme, quit, keys, screenshot) and the search field."""
    await settle(pilot)
    await pilot.press("ctrl+p")
    await settle(pilot)
    assert isinstance(app.screen, CommandPalette)
    for _ in range(200):  # the entries are discovered in the background
        if app.screen.has_class("-ready"):
            break
        await pilot.pause()
    assert app.screen.has_class("-ready"), "the palette's entries were never all discovered"
    await settle(pilot)
    return [screen_text(app)]


def _setup_app() -> LeHavreApp:
    played(2, "mid-game").save(autosave_path())
    return LeHavreApp()


SCREENS: dict[str, Screen] = {
    "table 160x48": Screen(lambda: LeHavreApp(played(2, "mid-game"), bot_pace=0), (160, 48), _table),
    "table 80x24": Screen(lambda: LeHavreApp(played(4, "mid-game"), bot_pace=0), (80, 24), _table),
    "help": Screen(lambda: new_app(), (160, 48), _help, card_names_in_english=True),
    "card reader": Screen(lambda: LeHavreApp(played(2, "mid-game")), (100, 30), _card, card_names_in_english=True),
    "feeding": Screen(lambda: LeHavreApp(played(2, "feeding"), bot_pace=0), (100, 30), _shows(FeedingScreen)),
    "interest": Screen(lambda: LeHavreApp(interest_choice(2), bot_pace=0, handoff=False), (160, 48), _interest),
    "handoff": Screen(
        lambda: LeHavreApp(interest_choice(2), bot_pace=0, resumed=True), (100, 30), _shows(HandoffScreen)
    ),
    "scoring": Screen(lambda: LeHavreApp(played(2, "over"), bot_pace=0), (160, 48), _shows(ScoringScreen)),
    "solo scoring": Screen(lambda: LeHavreApp(played(1, "over"), bot_pace=0), (80, 24), _shows(ScoringScreen)),
    "set-up": Screen(_setup_app, (100, 30), _shows(SetupScreen)),
    "palette": Screen(lambda: LeHavreApp(played(2, "mid-game"), bot_pace=0), (100, 30), _palette),
    "tutorial": Screen(lambda: LeHavreApp(TutorialSession.start()), (100, 30), _tutorial),
}

# Words a screen may show in Polish or Czech although they are English too: keys, the game's
# name and its author's, and words the two languages share with English (add such a word here
# when a translation really is the same word).
SAME_WORDS: set[str] = {
    "esc", "tab", "ctrl", "enter", "backspace", "pgup", "pgdn", "le", "havre", "lehavre", "uwe", "rosenberg",
    "start", "panel", "symbol", "bonus", "solo", "spec",  # Polish or Czech words too
    "svg",  # a file format's name (the palette's screenshot entry)
    "gra",  # the table behind the help window: words cut at the window's edge in both languages
}  # fmt: skip
_LETTERS = re.compile(r"[^\W\d_]{3,}")


def words(texts: list[str]) -> set[str]:
    """The words of three letters or more, lower case; file paths and command-line flags left out."""
    out: set[str] = set()
    for t in texts:
        for token in t.split():
            if "/" in token or token.startswith("-"):
                continue
            out.update(w.lower() for w in _LETTERS.findall(token))
    return out


def names_on(app: LeHavreApp, lang: str, card_names_in_english: bool) -> set[str]:
    """The words of names, which are no sign of English: players (the saved game's too),
    ships, languages, and cards in the language shown (in all three where the screen
    shows the other languages' names on purpose)."""
    c = content()
    names = [*DEFAULT_NAMES, *LONG_NAMES, *[language_name(code) for code in LANGUAGES]]
    if app.session is not None:
        names += [p.name for p in app.session.state.players]
    names += [ship.name for ship in c.ships.values()]
    local = {"en": lambda b: b.name, "pl": lambda b: b.name_pl, "cs": lambda b: b.name_cs}
    for code in LANGUAGES if card_names_in_english else [lang]:
        names += [local[code](b) for b in c.buildings.values()]
    return words(names)


def english_left(shown: set[str], english: set[str], names: set[str]) -> list[str]:
    """The English words still shown: not names (nor a part of one, where a name is cut to
    fit), nor words both languages share."""
    return sorted(w for w in shown & english if w not in SAME_WORDS and not any(w in name for name in names))


async def look_at(screen: Screen, lang: str) -> tuple[set[str], set[str]]:
    set_language(lang)
    app = screen.make()
    async with app.run_test(size=screen.size) as pilot:
        shown = words(await screen.look(app, pilot))
        names = names_on(app, lang, screen.card_names_in_english)
    set_language("en")
    return shown, names


_ENGLISH: dict[str, set[str]] = {}  # screen -> the words it shows in English (read once a process)


async def in_english(name: str) -> set[str]:
    if name not in _ENGLISH:
        _ENGLISH[name], _names = await look_at(SCREENS[name], "en")
    return _ENGLISH[name]


@pytest.mark.parametrize("lang", ["pl", "cs"])
@pytest.mark.parametrize("name", list(SCREENS))
async def test_no_english_words_on_the_screen(name: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each screen read in English, then in `lang`: none of the English words it showed may
    be left. (Fails until the catalogs are translated: it lists the words still English.)
    And every word the screen asked the catalog for is in the extracted template."""
    english = await in_english(name)
    recording = record(monkeypatch, lang)
    shown, names = await look_at(SCREENS[name], lang)
    left = english_left(shown, english, names)
    assert not left, f"{name} in {lang} still shows English words: {', '.join(left)}"
    assert len(recording.asked) > 20  # the screen's words went through the recording
    missing = not_extracted(recording.asked)
    assert not missing, "asked of the catalog but not extracted: " + "; ".join(missing)


def test_the_check_sees_english_words_and_lets_names_be() -> None:
    """The comparison itself: English words left are listed, names (even cut) and shared words are not."""
    english = words(["Anna takes 3 wood. Round 2 of 8", "Esc closes", "05 Bakehouse"])
    shown = words(["Anna bierze 3 drewno. Round 2 z 8", "Esc zamyka", "05 Piekarnia", "Maximil"])
    names = words(["Anna", "Maximiliana", "Piekarnia"])
    assert english_left(shown, english, names) == ["round"]


# --- every word the screens ask for is in the catalogs ------------------------------------------


class Recording(gettext.NullTranslations):
    """A catalog that answers as `real` does and notes every message asked of it."""

    def __init__(self, real: gettext.NullTranslations) -> None:
        super().__init__()
        self.real = real
        self.asked: set[tuple[str | None, str]] = set()

    def gettext(self, message: str) -> str:
        self.asked.add((None, message))
        return self.real.gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add((None, msgid1))
        return self.real.ngettext(msgid1, msgid2, n)

    def pgettext(self, context: str, message: str) -> str:
        self.asked.add((context, message))
        return self.real.pgettext(context, message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add((context, msgid1))
        return self.real.npgettext(context, msgid1, msgid2, n)


def record(monkeypatch: pytest.MonkeyPatch, lang: str) -> Recording:
    """From now on the catalog of `lang` notes what is asked of it (the command parser's
    names, worked out once a process, are asked again)."""
    real = locales.catalog
    recording = Recording(real(lang))
    monkeypatch.setattr(locales, "catalog", lambda code: recording if code == lang else real(code))
    _building_names.cache_clear()
    return recording


@cache
def extracted() -> Catalog:
    return template()


def not_extracted(asked: set[tuple[str | None, str]]) -> list[str]:
    """Words kept in constants must be marked (N_, NP_) to be extracted: a word the table
    asks the catalog for and the extraction missed would stay English in every language."""
    return sorted(f"{ctx or ''}|{msg}" for ctx, msg in asked if extracted().get(msg, context=ctx) is None)


async def test_the_words_of_choosing_a_language_are_in_the_catalogs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The set-up's own words asked again when Polish is chosen there (every other screen's
    words: test_no_english_words_on_the_screen)."""
    recording = record(monkeypatch, "pl")
    app = LeHavreApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await click_form(pilot, "language", "pl")
        await settle(pilot)
        assert language() == "pl" and len(recording.asked) > 20
    missing = not_extracted(recording.asked)
    assert not missing, "asked of the catalog but not extracted: " + "; ".join(missing)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_turn_in_help_wraps_once(lang: str, size: tuple[int, int]) -> None:
    """The turn's text is wrapped by the window only, at the width of its tab: no line of it
    is a single word (what a second wrapping of lines broken already leaves)."""
    from rich.console import Console

    from lehavre_tui.tui.screens.common import Plain

    app = LeHavreApp(played(3, "mid-game"), bot_pace=0, language=lang)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        app.screen.query_one(TabbedContent).active = "help-turn"
        await settle(pilot)
        shown = app.screen.query_one("#help-turn").query_one(Plain)
        width = shown.content_region.width
        console = Console(width=width, record=True, color_system=None)
        console.print(shown.content)
        lines = console.export_text().splitlines()
        assert width > 60 and len(lines) > 10
        lonely = [line for line in lines if len(line.split()) == 1]
        assert lonely == [], "\n".join(lines)
