"""Every move a player can make, as small pydantic models in one discriminated union.

A building's choices travel inside `Enter` (how many to convert, which goods, what to
build, how to pay). Fields left empty are chosen by the engine so as to waste least.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Supply(_Action):
    """Move the ship marker to the next supply chit and unload its goods on the offers."""

    kind: Literal["supply"] = "supply"


class TakeOffer(_Action):
    """Main action A: take everything on one offer space."""

    kind: Literal["take"] = "take"
    space: str  # one of OFFER_SPACES


class Enter(_Action):
    """Main action B: move the worker onto a building, pay its fee, carry out its action."""

    kind: Literal["enter"] = "enter"
    building: str
    fee: Literal["food", "francs"] | None = None  # which fee alternative; None: cheapest
    fee_goods: dict[str, int] | None = None  # exact food tokens (and "francs") for a food fee
    amount: int | None = None  # how many to convert / sets to sell / extra units
    goods: dict[str, int] | None = None  # goods chosen, given or shipped
    targets: tuple[str, ...] = ()  # buildings to build, ship type to build, offer spaces, ...
    option: str | None = None  # a named choice on the card
    energy: dict[str, int] | None = None  # exact energy tokens; None: engine chooses
    food: dict[str, int] | None = None  # exact food tokens for a food payment inside the action


class Build(_Action):
    """Second build of the Construction Firm (after an optional purchase in between)."""

    kind: Literal["build"] = "build"
    target: str
    goods: dict[str, int] | None = None  # exact materials; None: engine chooses


class Reorder(_Action):
    """After the Marketplace: put the top two special buildings back, swapped or not."""

    kind: Literal["reorder"] = "reorder"
    swap: bool


class BuyBuilding(_Action):
    kind: Literal["buy"] = "buy"
    building: str


class BuyShip(_Action):
    kind: Literal["buy_ship"] = "buy_ship"
    ship_type: str


class SellBuilding(_Action):
    kind: Literal["sell"] = "sell"
    building: str
    # a waiting player who sells between the moves of the player to act (at a table where
    # every player has a keyboard); None: the player to act
    seat: int | None = None


class SellShip(_Action):
    kind: Literal["sell_ship"] = "sell_ship"
    ship: str  # ship card id
    seat: int | None = None  # a waiting player who sells (see SellBuilding); None: the player to act


class RepayLoan(_Action):
    kind: Literal["repay"] = "repay"
    count: int = 1


class Feed(_Action):
    """Pay this round's food. `payment` names tokens ("francs" too); None: engine chooses."""

    kind: Literal["feed"] = "feed"
    payment: dict[str, int] | None = None


class PayInterest(_Action):
    """Settle the interest: pay it, taking a loan for what the francs do not cover."""

    kind: Literal["interest"] = "interest"


class EndTurn(_Action):
    kind: Literal["end"] = "end"


Action = Annotated[
    Supply
    | TakeOffer
    | Enter
    | Build
    | Reorder
    | BuyBuilding
    | BuyShip
    | SellBuilding
    | SellShip
    | RepayLoan
    | Feed
    | PayInterest
    | EndTurn,
    Field(discriminator="kind"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
ACTION_LIST_ADAPTER: TypeAdapter[list[Action]] = TypeAdapter(list[Action])
