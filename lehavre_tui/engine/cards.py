"""The card data in `content/` (TOML) and the one loader that validates it.

Every file is checked by pydantic when loaded; a broken file fails with the file,
the card and the field that is wrong (`ContentError`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, model_validator

from .content_cache import parsed_content_files
from .goods import Good, parse_good

BuildingType = Literal["craft", "economic", "industrial", "public", "none", "ship"]
Deck = Literal["start", "standard", "special"]
Usage = Literal["stack", "start", "out"]
ShipType = Literal["wooden", "iron", "steel", "luxury"]
SHIP_TYPES: tuple[ShipType, ...] = ("wooden", "iron", "steel", "luxury")


class ContentError(Exception):
    """A content file is missing or invalid; the message names file, card and field."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _goods_dict(value: Any) -> dict[Good, int]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError("expected a table of goods, e.g. { wood = 2, clay = 1 }")
    out: dict[Good, int] = {}
    for k, n in value.items():
        try:
            g = parse_good(str(k))
        except KeyError:
            raise ValueError(f"unknown good {k!r}") from None
        if not isinstance(n, int) or n < 0:
            raise ValueError(f"amount of {k} must be a whole number >= 0")
        out[g] = n
    return out


def _fraction(value: Any) -> Fraction:
    try:
        return Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"expected a number or a fraction like '1/2', got {value!r}") from None


def _good(value: Any) -> Good:
    if isinstance(value, Good):
        return value
    try:
        return parse_good(str(value))
    except KeyError:
        raise ValueError(f"unknown good {value!r}") from None


GoodsMap = Annotated[dict[Good, int], BeforeValidator(_goods_dict)]
GoodName = Annotated[Good, BeforeValidator(_good)]
Frac = Annotated[Fraction, BeforeValidator(_fraction)]


# --- building actions (what entering a building does) -------------------------------------


class ReceiveAction(_Strict):
    """Take fixed goods (and francs) from the supply, e.g. Hardware Store."""

    kind: Literal["receive"]
    goods: GoodsMap = {}
    francs: int = 0



class SymbolReceiveAction(_Strict):
    """Take goods plus extra per hammer / fisherman symbol (Fishery, Clay Mound, Colliery)."""

    kind: Literal["receive_per_symbol"]
    goods: GoodsMap = {}
    per_fisherman: GoodsMap = {}
    per_hammer: GoodsMap = {}
    # at most this many symbol bonuses (Colliery: +1 coal however many hammers)
    symbol_cap: int | None = None



class ConvertAction(_Strict):
    """Flip goods to their other side (Bakehouse, Smokehouse, Abattoir, Cokery, ...)."""

    kind: Literal["convert"]
    input: GoodName
    output: GoodName
    max: int | None = None
    energy_per_item: Frac = Fraction(0)  # total rounded up
    energy_flat: int = 0  # once per use, however many items
    francs_per_item: Frac = Fraction(0)  # total rounded down
    byproduct: GoodName | None = None
    byproduct_per_item: Frac = Fraction(0)  # total rounded down


class SellSetsAction(_Strict):
    """Return a set of goods for francs, up to `max_times` (most special buildings)."""

    kind: Literal["sell_sets"]
    give: GoodsMap
    francs: int
    max_times: int | None = None



class SellTableAction(_Strict):
    """Return 1..n of one good for a listed price (Joinery: 1/2/3 wood for 5/6/7 francs)."""

    kind: Literal["sell_table"]
    good: GoodName
    prices: list[int]


class BuildAction(_Strict):
    """Build buildings from the tops of the proposal stacks (firms, Sawmill)."""

    kind: Literal["build"]
    count: int = 1
    needs_wood: bool = False
    wood_discount: int = 0


class WharfAction(_Strict):
    """Build one ship from the top of a ship stack."""

    kind: Literal["wharf"]


class CodedAction(_Strict):
    """An unusual action written as code, registered under `code` (e.g. marketplace)."""

    kind: Literal["coded"]
    code: str
    params: dict[str, Any] = {}


class NoAction(_Strict):
    """Lock symbol: the card cannot be entered."""

    kind: Literal["none"]


BuildingAction = Annotated[
    ReceiveAction
    | SymbolReceiveAction
    | ConvertAction
    | SellSetsAction
    | SellTableAction
    | BuildAction
    | WharfAction
    | CodedAction
    | NoAction,
    Field(discriminator="kind"),
]


class Bonus(_Strict):
    """End-game bonus ("+" symbol)."""

    kind: Literal["per_type", "per_ship", "per_good"]
    per_type: dict[str, int] = {}  # per_type: francs per owned building of each type
    francs: Frac = Fraction(0)  # per_ship / per_good: francs each (total rounded down)


class Fee(_Strict):
    """One way to pay an entry fee: food (payable in francs too) or francs."""

    food: int = 0
    francs: int = 0


class BuildingCard(_Strict):
    id: str
    number: str
    name: str
    name_pl: str
    name_cs: str
    deck: Deck
    type: BuildingType
    value: int
    price: int | None = None  # None: cannot be bought
    cost: GoodsMap | None = None  # None: cannot be built
    fees: list[Fee] = []  # alternatives; empty: free (or no action)
    fishermen: int = 0
    hammers: int = 0
    action: BuildingAction
    bonus: Bonus | None = None
    passive: str | None = None
    text: str
    usage_full: list[Usage] | None = None  # players 1..5, standard deck only
    usage_short: list[Usage] | None = None
    # a special building that is laid out on a proposal stack: its number there
    stack_number: int | None = None

    @model_validator(mode="after")
    def _check(self) -> BuildingCard:
        if self.deck == "standard" and (self.usage_full is None or self.usage_short is None):
            raise ValueError("a standard building needs usage_full and usage_short (5 entries)")
        for u in (self.usage_full, self.usage_short):
            if u is not None and len(u) != 5:
                raise ValueError("usage lists need one entry per player count 1..5")
        if self.value % 2:
            raise ValueError("values are always even")
        return self

    @property
    def can_enter(self) -> bool:
        return self.action.kind != "none"

    @property
    def proposal_number(self) -> int:
        """The number by which the town picks the lowest proposal top: 1-30 for the
        standard buildings, 31 for the Football Stadium; cards never laid out on a stack
        (start buildings, other specials) come after all of them."""
        if self.stack_number is not None:
            return self.stack_number
        return int(self.number) if self.number.isdigit() else 1_000


class ShipKind(_Strict):
    type: ShipType
    name: str
    cost: GoodsMap
    price: int | None = None  # None: cannot be bought (luxury liners)
    food: list[int]  # players 1..5
    capacity: int



class ShipCard(_Strict):
    id: str
    type: ShipType
    value: int
    name: str


class RoundRow(_Strict):
    players: int
    full: int | None = None  # round number in the full game, None: not used
    short: int | None = None
    food: int
    town: Literal["standard", "special"] | None = None


class RoundCard(_Strict):
    id: str
    harvest: bool
    ship: str
    rows: list[RoundRow]


class SupplyChit(_Strict):
    id: int
    first: str  # a good's key or "francs"
    second: str
    interest: bool = False


class VariantSetup(_Strict):
    offers: dict[str, int]  # offer space -> tokens at the start
    player_francs: int
    player_goods: GoodsMap



class Content(BaseModel):
    model_config = ConfigDict(frozen=True)

    buildings: dict[str, BuildingCard]
    ship_kinds: dict[str, ShipKind]
    ships: dict[str, ShipCard]
    rounds: list[RoundCard]
    chits: list[SupplyChit]
    setups: dict[str, VariantSetup]


def round_card(c: Content, card_id: str) -> RoundCard:
    """The round card with this id."""
    return next(r for r in c.rounds if r.id == card_id)


def content_dir() -> Path:
    """Where the card data lives: $LEHAVRE_CONTENT; else `content` inside the package (an
    installed package, or the link to the project's `content/`); else `content/` beside it."""
    env = os.environ.get("LEHAVRE_CONTENT")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parents[1] / "content"
    if here.is_dir():
        return here
    return Path(__file__).resolve().parents[2] / "content"


def _read(path: Path) -> dict[str, Any]:
    import tomllib  # here: a launch with the files' parse cached never needs it

    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ContentError(f"{path}: content file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None


def _validate(model: type[BaseModel], data: Any, path: Path, card: str) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"field {'.'.join(str(p) for p in e['loc']) or '(card)'}: {e['msg']}"
            for e in exc.errors()
        )
        raise ContentError(f"{path}: card {card}: {problems}") from None


def load_content(directory: Path | None = None, parsed: Mapping[str, dict[str, Any]] | None = None) -> Content:
    """Load and validate every content file. Raises ContentError naming file, card and field.

    `parsed`: the files' TOML already parsed, by file name (`content_cache.py`); they are
    validated all the same."""
    d = directory or content_dir()

    def read(fname: str) -> dict[str, Any]:
        if parsed is not None and fname in parsed:
            return parsed[fname]
        return _read(d / fname)

    buildings: dict[str, BuildingCard] = {}
    for fname in ("buildings_standard.toml", "buildings_special.toml"):
        path = d / fname
        for raw in read(fname).get("building", []):
            card = _validate(BuildingCard, raw, path, str(raw.get("id", "?")))
            if card.id in buildings:
                raise ContentError(f"{path}: card {card.id}: id used twice")
            buildings[card.id] = card
    path = d / "ships.toml"
    data = read("ships.toml")
    kinds = {k["type"]: _validate(ShipKind, k, path, k.get("type", "?")) for k in data["kind"]}
    ships = {s["id"]: _validate(ShipCard, s, path, s.get("id", "?")) for s in data["ship"]}
    path = d / "rounds.toml"
    rounds = [_validate(RoundCard, r, path, r.get("id", "?")) for r in read("rounds.toml")["round"]]
    for r in rounds:
        if r.ship not in ships:
            raise ContentError(f"{path}: card {r.id}: field ship: unknown ship {r.ship!r}")
    path = d / "supply_chits.toml"
    chits = [_validate(SupplyChit, c, path, str(c.get("id", "?"))) for c in read("supply_chits.toml")["chit"]]
    path = d / "setups.toml"
    setups = {
        name: _validate(VariantSetup, s, path, name) for name, s in read("setups.toml")["variant"].items()
    }
    return Content(
        buildings=buildings,
        ship_kinds=kinds,
        ships=ships,
        rounds=rounds,
        chits=chits,
        setups=setups,
    )


@cache
def content() -> Content:
    """The game's content, loaded once per process (its TOML parsed once per change of the
    files, see `content_cache.py`; validated every time)."""
    d = content_dir()
    return load_content(d, parsed_content_files(d))
