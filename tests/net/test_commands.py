"""`lehavre host` and `lehavre join` on the command line: options, and what they refuse."""

from __future__ import annotations

import json
import os
import stat

import pytest

from lehavre_tui.cli import build_parser, main
from lehavre_tui.net.serve import table_options, welcome_lines
from lehavre_tui.net.storage import Store, host_dir


def options(*argv: str):  # noqa: ANN201
    return build_parser().parse_args(["host", *argv])


def test_the_host_takes_the_options_of_a_new_game() -> None:
    setup, seats, named = table_options(options("--players", "3", "--short", "--seed", "4", "--seats",
                                                "human,heuristic,human", "--names", "Anna,Bot,Cyril"))  # fmt: skip
    assert (setup.players, setup.variant, setup.seed, setup.names) == (3, "short", 4, ["Anna", "Bot", "Cyril"])
    assert seats == ["human", "heuristic", "human"] and named
    setup, seats, named = table_options(options())
    assert setup.players == 2 and seats == ["human", "human"] and not named
    args = options()
    assert (args.ssh_port, args.listen, args.port, args.web, args.resume) == (2222, "127.0.0.1", 0, None, False)
    assert str(args.authorized_keys) == "~/.ssh/authorized_keys"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("--players", "6"), "1 to 5 players"),
        (("--seats", "human,robot"), "'robot' is not a seat kind"),
        (("--players", "3", "--seats", "human,random"), "3 players need 3 seats in --seats, not 2"),
        (("--seats", "random,heuristic"), "needs at least one human seat"),
        (("--names", "Anna,anna"), "names must differ"),
        (("--names", "Anna;rm,Ben"), "cannot be a login name"),
    ],
)
def test_options_that_do_not_fit_are_refused_with_a_sentence(argv: tuple[str, ...], said: str) -> None:
    with pytest.raises(ValueError, match=said):
        table_options(options(*argv))


def test_a_refused_option_stops_the_host_with_status_2(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("LEHAVRE_DATA", str(tmp_path))
    assert main(["host", "--players", "0"]) == 2
    assert "1 to 5 players" in capsys.readouterr().err


def test_the_welcome_says_how_to_join(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("LEHAVRE_DATA", str(tmp_path))
    from lehavre_tui.net.host import Host

    store = Store(host_dir() / "tables.sqlite3")
    host = Host(store)
    setup, seats, named = table_options(options("--seats", "human,random", "--short"))
    game = host.new_table(setup, seats, named)
    host.port = 7001
    lines = "\n".join(welcome_lines(host, options("--ssh-port", "2299"), 2299, 8000, "SHA256:x", tmp_path / "keys"))
    assert f"Invite code: {game.code}" in lines and "Ben (random bot)" in lines
    assert "ssh -p 2299 NAME@127.0.0.1" in lines and "lehavre join 127.0.0.1:7001 --name NAME" in lines
    assert "http://127.0.0.1:8000" in lines
    assert stat.S_IMODE(os.stat(store.path).st_mode) == 0o600  # codes and deals: the host's user only
    store.close()


def test_join_refuses_an_address_that_is_not_host_and_port(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("LEHAVRE_DATA", str(tmp_path))
    monkeypatch.delenv("LEHAVRE_TICKET", raising=False)
    assert main(["join", "localhost"]) == 2
    assert "is not HOST:PORT" in capsys.readouterr().err
    assert main(["join"]) == 2  # no host running for this user
    assert "No host is running for this user" in capsys.readouterr().err


def test_join_finds_the_host_of_this_user(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("LEHAVRE_DATA", str(tmp_path))
    from lehavre_tui.tui.join import running_host

    assert running_host() is None
    (host_dir()).mkdir(parents=True)
    (host_dir() / "host.json").write_text(json.dumps({"port": 7002, "key": "k", "pid": 1}))
    assert running_host() == {"port": 7002, "key": "k", "pid": 1}
    (host_dir() / "host.json").write_text("{not json")
    assert running_host() is None


def test_join_takes_a_language() -> None:
    args = build_parser().parse_args(["join", "127.0.0.1:7000", "--lang", "cs", "--name", "Eva"])
    assert (args.lang, args.name, args.address) == ("cs", "Eva", "127.0.0.1:7000")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["join", "--lang", "de"])
