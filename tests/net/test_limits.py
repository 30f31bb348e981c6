"""Every text a client can send, at its limit and one past it: the client refuses it with a
sentence before a message is built, the host refuses it with a sentence if it comes anyway,
and nobody crashes. A client that fails all the same tells its player in one sentence."""

from __future__ import annotations

import pytest

from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.net import trouble
from lehavre_tui.net.client import HostedTable
from lehavre_tui.net.host import Host
from lehavre_tui.net.protocol import (
    MAX_CODE,
    MAX_COMMAND,
    MAX_LOGIN,
    MAX_SAY,
    PROTOCOL_VERSION,
    Refusal,
    TableUpdate,
    command_problem,
    login_problem,
    say_problem,
)
from lehavre_tui.table import NotAtThisTable
from lehavre_tui.tui.hosted import Visit
from lehavre_tui.tui.visiting import VisitingApp
from lehavre_tui.tui.widgets import CommandInput

from .conftest import RawClient, seated
from .test_client_table import until

# (message, the field, its limit) for every text and list a client sends
LIMITS = [
    ({"type": "say", "seat": 0}, "text", MAX_SAY),
    ({"type": "command", "seat": 0, "id": 1}, "text", MAX_COMMAND),
    ({"type": "create", "variant": "short"}, "seats", 5),
]
HELLO_LIMITS = [("name", MAX_LOGIN), ("code", MAX_CODE), ("ticket", 128), ("key", 128)]


@pytest.mark.parametrize(("message", "field", "limit"), LIMITS)
async def test_seated_messages_one_past_their_limit_are_refused_with_a_sentence(
    host: Host, two_players, message: dict, field: str, limit: int
) -> None:
    anna = await seated(host, "anna", two_players.id)
    value = ["human"] * (limit + 1) if field == "seats" else "x" * (limit + 1)
    await anna.send({**message, field: value})
    refusal = await anna.until("refusal")
    assert isinstance(refusal, Refusal) and f"{field}:" in refusal.text and f"at most {limit}" in refusal.text
    await anna.send({"type": "say", "seat": 0, "text": "y" * MAX_SAY})  # at the limit: said
    update = await anna.said("Anna says: " + "y" * MAX_SAY)
    assert isinstance(update, TableUpdate)


@pytest.mark.parametrize(("field", "limit"), HELLO_LIMITS)
async def test_a_hello_one_past_its_limits_is_refused_with_a_sentence(
    host: Host, two_players, field: str, limit: int
) -> None:
    c = await RawClient.open(host.port)
    hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": "zoe", "key": host.local_key}
    await c.send({**hello, field: "z" * (limit + 1)})
    refusal = await c.until("refusal")
    assert f"{field}:" in refusal.text and f"at most {limit}" in refusal.text


def test_the_client_checks_each_text_before_a_message_is_built() -> None:
    assert say_problem("x" * MAX_SAY) is None and command_problem("x" * MAX_COMMAND) is None
    assert str(say_problem("x" * (MAX_SAY + 1))) == "Say at most 300 characters; these words have 301."
    assert str(command_problem("x" * (MAX_COMMAND + 1))) == "A command is at most 500 characters; this one has 501."
    assert login_problem("z" * MAX_LOGIN, "c" * MAX_CODE) is None
    assert "A name is at most 64" in str(login_problem("z" * (MAX_LOGIN + 1)))
    assert "An invite code is at most 64" in str(login_problem("zoe", "c" * (MAX_CODE + 1)))


async def test_a_long_say_or_command_at_the_table_is_refused_there(host: Host, two_players) -> None:
    visit = Visit("127.0.0.1", host.port, "", "en", ticket=host.issue_ticket("anna", two_players.id, "en"))
    app = VisitingApp(None, visit=visit)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: visit.table is not None)
        table = visit.table
        assert isinstance(table, HostedTable)
        with pytest.raises(NotAtThisTable) as said:
            table.say("x" * 701)
        assert "Say at most 300 characters" in str(said.value)
        with pytest.raises(IllegalAction):
            table.command("take " + "x" * 600)
        from .test_client_table import play

        await play(pilot, "say " + "x" * 701)
        await play(pilot, "take " + "x" * 600)
        await pilot.pause(0.2)
        assert app.is_running and app.return_code is None
        assert "A command is at most 500 characters" in str(app.screen.query_one("#hint")._text)  # type: ignore[attr-defined]


async def test_a_client_that_fails_says_so_in_one_sentence_and_logs_the_details(
    host: Host, two_players, tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("LEHAVRE_DATA", str(tmp_path / "data"))
    visit = Visit("127.0.0.1", host.port, "", "en", ticket=host.issue_ticket("anna", two_players.id, "en"))
    app = VisitingApp(None, visit=visit)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: visit.table is not None)

        def broken(text: str) -> None:
            raise RuntimeError("secret-ticket-value")

        monkeypatch.setattr(visit.table, "say", broken)
        box = app.screen.query_one(CommandInput)
        box.value = "say hello"
        await pilot.press("enter")  # through the app's own handling of a key, as typed
        await pilot.pause(0.3)
    assert app.return_code == 1
    assert visit.status.startswith("The connection to the host ended because this client failed; the game is safe")
    assert "secret-ticket-value" not in visit.status
    logged = trouble.client_log_path().read_text()
    assert "RuntimeError: secret-ticket-value" in logged and "Traceback" in logged
