"""Messages as data, and their words in English, Polish and Czech."""

from __future__ import annotations

import pytest

from lehavre_tui import text
from lehavre_tui.engine.goods import Good
from lehavre_tui.engine.message import Card, Count, Goods, Listing, Msg, MsgN, Ordinal


@pytest.fixture
def lang():
    """Set a language for one test and go back to English after it."""
    yield text.set_language
    text.set_language("en")


def test_english_words_of_a_message():
    m = Msg("{player} pays {paid} for the {building}.", player="Anna",
            paid=Goods.of({Good.FISH: 2, Good.WOOD: 1}, francs=3), building=Card("bakehouse"))
    assert str(m) == "Anna pays 2 fish, 1 wood and 3 francs for the Bakehouse."
    assert str(Msg("{x}", x=Goods.of([]))) == "nothing"
    assert str(Msg("{n} and {k}", n=Count(1, "loan"), k=Count(3, "loan"))) == "1 loan and 3 loans"
    assert str(Msg("the {o} chit", o=Ordinal(3))) == "the third chit"


def test_a_sentence_follows_its_count():
    one = MsgN("{names} wins!", "{names} win!", "names", names=Listing(("Anna",)))
    two = MsgN("{names} wins!", "{names} win!", "names", names=Listing(("Anna", "Ben")))
    three = MsgN("{names} wins!", "{names} win!", "names", names=Listing(("Anna", "Ben", "Cleo")))
    assert (str(one), str(two), str(three)) == ("Anna wins!", "Anna and Ben win!", "Anna, Ben and Cleo win!")


def test_messages_compare_as_data():
    assert Msg("{a}", a=1) == Msg("{a}", a=1)
    assert Msg("{a}", a=1) != Msg("{a}", a=2)


def test_language_from_the_environment():
    assert text.language_from_env({"LANG": "pl_PL.UTF-8"}) == "pl"
    assert text.language_from_env({"LC_ALL": "cs_CZ.UTF-8", "LANG": "pl_PL.UTF-8"}) == "cs"
    assert text.language_from_env({"LC_MESSAGES": "cs_CZ", "LANG": "en_GB.UTF-8"}) == "cs"
    assert text.language_from_env({"LC_ALL": "", "LANG": "de_DE.UTF-8"}) == "en"
    assert text.language_from_env({"LANG": "C"}) == "en"
    assert text.language_from_env({}) == "en"


def test_an_unknown_language_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="choose en, pl, cs"):
        text.set_language("de")
    assert text.language() == "en"


def test_card_names_are_the_rulebooks(lang):
    lang("pl")
    assert text.render(Card("bakehouse")) == "Piekarnia"
    lang("cs")
    assert text.render(Card("bakehouse")) == "Pekárna"
