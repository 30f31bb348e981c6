"""Names that look alike are one name at a table; combining marks do not pile up."""

from __future__ import annotations

import pytest

from lehavre_tui.net.host import Host
from lehavre_tui.net.names import MAX_MARKS, looks_alike, skeleton
from lehavre_tui.net.protocol import Refusal
from lehavre_tui.net.tables import clean_text

from .conftest import RawClient, seated


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Anna", "\u0410nna"),
        ("anna", "\u0430nn\u0430"),
        ("ANNA", "anna"),
        ("Il", "ll"),
        ("Ola", "0la"),
        ("Paul", "Ρaul"),
    ],
)
def test_look_alikes_share_a_skeleton(a: str, b: str) -> None:
    assert looks_alike(a, b) and skeleton(a) == skeleton(b)


@pytest.mark.parametrize(
    ("a", "b"), [("Anna", "Ben"), ("Zoë", "Zoe"), ("Ali", "All"), ("Tom", "Yom"), ("Ondřej", "Ondrej")]
)
def test_different_names_stay_different(a: str, b: str) -> None:
    assert not looks_alike(a, b)


async def test_a_name_that_looks_like_a_seated_one_is_refused(host: Host, two_players) -> None:
    await seated(host, "anna", two_players.id)
    fake = await RawClient.open(host.port)
    await fake.hello("\u0410nna", key=host.local_key, table=two_players.id)  # a Cyrillic А
    refusal = await fake.until("refusal")
    assert isinstance(refusal, Refusal)
    assert refusal.text == "'\u0410nna' looks like Anna, a seat at this table: choose another name."
    assert [s.login for s in two_players.seats] == ["anna", None]
    ben = await seated(host, "ben", two_players.id)  # a name of its own sits down
    assert two_players.seats[1].login == "ben"
    ben.close()


def test_runs_of_combining_marks_are_cut_short() -> None:
    text = "Z" + "\u0301" * 500 + "oe"
    cleaned = clean_text(text)
    assert cleaned.startswith("Ź") and len(cleaned) <= 1 + MAX_MARKS + 2
    assert clean_text("Nguyễn says hi") == "Nguyễn says hi"
