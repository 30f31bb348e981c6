"""Engine messages as JSON data between the host and its table clients (net/words.py)."""

from __future__ import annotations

import json

import pytest

from lehavre_tui.engine.message import Msg
from lehavre_tui.net.words import from_data, in_language, read, to_data
from lehavre_tui.text import language, render, set_language
from tests.narration import narration


def test_every_kind_of_message_the_engine_says_comes_back_the_same() -> None:
    said = [m for _kind, m in narration() if isinstance(m, Msg)]  # seven narrated games and their stray moves
    assert len({m.text for m in said}) > 150  # many kinds of sentences, with every kind of parameter
    for m in said:
        back = from_data(json.loads(json.dumps(to_data(m))))
        assert back == m and str(back) == str(m)
    set_language("cs")
    try:
        assert all(render(from_data(json.loads(json.dumps(to_data(m))))) == render(m) for m in said[:500])
    finally:
        set_language("en")


def _nested(depth: int) -> dict:
    data: dict = {"t": "deep", "a": {}}
    for _ in range(depth):
        data = {"t": "{x}", "a": {"x": {"msg": data}}}
    return data


@pytest.mark.parametrize(
    "data",
    [
        {"a": {}},  # no template
        {"t": "{n} left", "a": {"n": True}},
        {"t": "{x}", "a": {"x": {"count": 2, "noun": "dragon"}}},
        {"t": "{x}", "a": {"x": {"goods": [["GOLDFISH", 1]]}}},
        {"t": "{x}", "a": {"x": {"list": [1, 2], "conj": "but"}}},
        {"t": "{x}", "a": {"x": {"nothing": 1}}},
        {"t": "{n} loan", "p": "{n} loans", "c": "m", "a": {"n": 1}},
        [1, 2],
        _nested(12),  # messages within messages, deeper than any the engine makes
    ],
)
def test_data_that_is_no_message_is_refused(data: object) -> None:
    with pytest.raises(ValueError):
        from_data(data)
    assert read(data, "the host's English") == "the host's English"  # shown as the host worded it


def test_a_sentence_for_one_reader_leaves_the_process_language_as_it_was() -> None:
    before = language()
    arrived = Msg("{player} is at the table.", player="Ben")
    assert in_language("pl", arrived) == "Ben jest przy stole."
    assert in_language("cs", arrived) == "Ben je u stolu."
    assert language() == before and render(arrived) == "Ben is at the table."
