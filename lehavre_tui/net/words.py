"""Words between the host and its table clients: engine messages (`Msg`) as JSON data.

The host never puts a sentence into words for a player: each player reads the table in their
own language, in their own table client. So the log, the refusals and the notes travel as
messages (a template and its parameters, see engine/message.py) and each client renders
them (`lehavre_tui.text.render`) in its reader's language.

A message is `{"t": template, "a": {name: parameter}}` (with `"p"`, the plural template, and
`"c"`, the parameter that counts, for a count-dependent sentence); a parameter is a string
or a number as it is, else an object naming its kind: `{"card": id}`, `{"good": "FISH"}`,
`{"ordinal": 3}`, `{"count": 2, "noun": "loan", "case": "acc"}`,
`{"goods": [["FISH", 2]], "francs": 3, "case": "nom"}`, `{"typed": "wood=2"}` (command words),
`{"list": [...], "conj": "and"}`
or `{"msg": message}`. `from_data` checks every part, and raises `ValueError` for anything
else (a client shows what it cannot read as such, never a broken sentence).
"""

from __future__ import annotations

from typing import Any

from ..engine.goods import Good
from ..engine.message import (
    NOUNS,
    Arg,
    Card,
    Count,
    GoodName,
    Goods,
    Listing,
    Msg,
    MsgN,
    Ordinal,
    Typed,
)
from ..text import render

MAX_DEPTH = 8  # messages within messages, as deep as the engine ever nests them and more
_CASES = ("nom", "acc")
_CONJS = ("and", "or", ",")

Words = Any  # a message or a string as JSON data (what `to_data` gives)
# made from templates that arrive as data (the catalogs hold them where they are written)
_MESSAGE, _COUNTED = Msg, MsgN


def to_data(arg: Msg | str) -> Words:
    """A message (or a plain string, words of no language) as JSON data."""
    if isinstance(arg, str):
        return arg
    return _msg_data(arg)


def _msg_data(m: Msg) -> dict[str, Any]:
    data: dict[str, Any] = {"t": m.text, "a": {k: _arg_data(v) for k, v in m.args.items()}}
    if m.plural is not None:
        data["p"], data["c"] = m.plural, m.count
    return data


def _arg_data(arg: Arg) -> Any:
    if isinstance(arg, str):
        return arg
    if isinstance(arg, bool):
        raise TypeError("a message parameter is never a bool")
    if isinstance(arg, int):
        return arg
    if isinstance(arg, Msg):
        return {"msg": _msg_data(arg)}
    if isinstance(arg, Card):
        return {"card": arg.id}
    if isinstance(arg, GoodName):
        return {"good": arg.good.name}
    if isinstance(arg, Ordinal):
        return {"ordinal": arg.n}
    if isinstance(arg, Count):
        return {"count": arg.n, "noun": arg.noun, "case": arg.case}
    if isinstance(arg, Goods):
        return {"goods": [[g.name, n] for g, n in arg.goods], "francs": arg.francs, "case": arg.case}
    if isinstance(arg, Typed):
        return {"typed": arg.text}
    if isinstance(arg, Listing):
        return {"list": [_arg_data(a) for a in arg.items], "conj": arg.conj}
    raise TypeError(f"{arg!r} is not a message parameter")


def from_data(data: Words) -> Msg | str:
    """The message (or string) `to_data` gave; ValueError for data that is not one."""
    if isinstance(data, str):
        return data
    return _msg(data, 0)


def _msg(data: Any, depth: int) -> Msg:
    if depth > MAX_DEPTH:
        raise ValueError("a message nested too deep")
    if not isinstance(data, dict) or not isinstance(data.get("t"), str) or not isinstance(data.get("a", {}), dict):
        raise ValueError("not a message")
    args = {str(k): _arg(v, depth + 1) for k, v in data.get("a", {}).items()}
    template, plural, count = data["t"], data.get("p"), data.get("c")
    if plural is None:
        return _MESSAGE(template, **args)
    if not isinstance(plural, str) or not isinstance(count, str) or count not in args:
        raise ValueError("a plural message without its count")
    return _COUNTED(template, plural, count, **args)


def _arg(v: Any, depth: int) -> Arg:
    if isinstance(v, bool):
        raise ValueError("a message parameter is never true or false")
    if isinstance(v, (str, int)):
        return v
    if not isinstance(v, dict):
        raise ValueError("not a message parameter")
    if "msg" in v:
        return _msg(v["msg"], depth)
    if "card" in v:
        return Card(_str(v["card"]))
    if "good" in v:
        return GoodName(_good(v["good"]))
    if "ordinal" in v:
        return Ordinal(_int(v["ordinal"]))
    if "count" in v:
        noun = _str(v.get("noun"))
        if noun not in NOUNS:
            raise ValueError(f"'{noun[:20]}' is not a noun of the game")
        return Count(_int(v["count"]), noun, _case(v.get("case", "nom")))
    if "goods" in v:
        items = v["goods"]
        if not isinstance(items, list) or not all(isinstance(x, list) and len(x) == 2 for x in items):
            raise ValueError("goods that are not [good, count] pairs")
        goods = tuple((_good(g), _int(n)) for g, n in items)
        return Goods(goods, _int(v.get("francs", 0)), _case(v.get("case", "nom")))
    if "typed" in v:
        return Typed(_str(v["typed"]))
    if "list" in v:
        items = v["list"]
        conj = v.get("conj", "and")
        if not isinstance(items, list) or conj not in _CONJS:
            raise ValueError("not a listing")
        return Listing(tuple(_arg(a, depth + 1) for a in items), conj)
    raise ValueError("a message parameter of no known kind")


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise ValueError("a name that is not a string")
    return v


def _int(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError("a number that is not a whole number")
    return v


def _case(v: Any) -> Any:
    if v not in _CASES:
        raise ValueError("a case that is not nom or acc")
    return v


def _good(v: Any) -> Good:
    if not isinstance(v, str) or v not in Good.__members__:
        raise ValueError("not a good of the game")
    return Good[v]


def read(data: Words, fallback: str = "") -> str:
    """The words in this reader's language; `fallback` (the host's English) when the data is
    not a message this client can read."""
    try:
        return render(from_data(data))
    except (ValueError, TypeError, KeyError, IndexError):
        return fallback or str(data)[:200]


def in_language(lang: str, words: Msg | str) -> str:
    """`words` in `lang`, in a process that serves readers of several languages (the host's
    door, speaking to a login before its table client runs). The language is the process's
    own again afterwards; nothing else renders meanwhile (the host's event loop renders
    only here, its bots' threads never)."""
    from ..text import language, set_language

    mine = language()
    set_language(lang)
    try:
        return render(words)
    finally:
        set_language(mine)
