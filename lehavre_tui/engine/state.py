"""The game state: one pydantic model tree, JSON round-trip exact.

The state holds only what changes during a game; card data lives in `content/`
(see cards.py) and is looked up by id. Cloning is hand-written and cheap because
bots copy states thousands of times.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, field_serializer

from .cards import SHIP_TYPES, BuildingCard, content
from .goods import N_GOODS, Good
from .message import Msg

TOWN = -1  # owner id of the town
OFFER_SPACES: tuple[str, ...] = ("francs", "fish", "wood", "clay", "iron", "grain", "cattle")
OFFER_GOOD: dict[str, Good] = {
    "fish": Good.FISH,
    "wood": Good.WOOD,
    "clay": Good.CLAY,
    "iron": Good.IRON,
    "grain": Good.GRAIN,
    "cattle": Good.CATTLE,
}

# "interest": players who cannot pay the interest choose between selling and a loan
Phase = Literal["turn", "interest", "feeding", "final", "over"]
Variant = Literal["full", "short"]


class PlayerState(BaseModel):
    model_config = ConfigDict(validate_assignment=False)

    name: str
    francs: int = 0
    goods: list[int] = [0] * N_GOODS
    loans: int = 0
    ships: list[str] = []
    worker: str | None = None  # building id the worker stands on
    ship_marker: int | None = None  # supply-chit position 0..6, None before the first turn
    turns_taken: int = 0

    if not TYPE_CHECKING:

        # Assignments inside the engine are not validated (validate_assignment is off);
        # fields live in the instance dict, so the plain object assignment stores them
        # and skipping pydantic's bookkeeping keeps apply() cheap.
        __setattr__ = object.__setattr__

    def has(self, good: Good) -> int:
        return self.goods[good]

    def food_goods(self) -> int:
        g = self.goods
        return g[Good.FISH] + 2 * g[Good.SMOKED_FISH] + 2 * g[Good.BREAD] + 3 * g[Good.MEAT]

    def energy(self) -> int:
        g = self.goods
        return g[Good.WOOD] + 3 * g[Good.CHARCOAL] + 3 * g[Good.COAL] + 10 * g[Good.COKE]

    def clone(self) -> PlayerState:
        p = object.__new__(PlayerState)
        d = self.__dict__.copy()
        d["goods"] = self.goods[:]
        d["ships"] = self.ships[:]
        object.__setattr__(p, "__dict__", d)
        object.__setattr__(p, "__pydantic_fields_set__", self.__pydantic_fields_set__)
        object.__setattr__(p, "__pydantic_extra__", None)
        object.__setattr__(p, "__pydantic_private__", None)
        return p


class Pending(BaseModel):
    """A choice left open inside the current main action."""

    kind: Literal["build", "peek"]
    building: str  # the building whose action left it open
    remaining: int = 0  # builds left (Construction Firm)


class GameState(BaseModel):
    # the narration holds messages (message.py), data that is never saved: see `events`
    model_config = ConfigDict(arbitrary_types_allowed=True)

    variant: Variant
    names: list[str]
    round: int = 1  # 1-based; in the final phase it stays at the last round
    round_cards: list[str]  # card ids in round order for this game
    turn: int = 0  # 0..6: turns already played in this round (= chit position of the next supply)
    current: int = 0  # seat to act
    phase: Phase = "turn"
    supplied: bool = False
    main_done: bool = False
    pending: Pending | None = None
    chits: list[int]  # supply-chit ids in position order
    revealed: list[bool]
    offers: list[int]  # per OFFER_SPACES
    proposals: list[list[str]]  # 3 stacks, top card first
    owner: dict[str, int] = {}  # building id -> seat, or TOWN; buildings in play only
    special_deck: list[str] = []  # face down, top first
    ship_stacks: dict[str, list[str]] = {}  # ship type -> ship ids, top card LAST
    modernised: list[str] = []  # wharves with a brick on them
    # what the player whose turn it is sold in it: that player may not buy it back in the same
    # turn (buildings and ships; sales in other players' turns bar nobody, see trade.py)
    turn_sold: list[str] = []
    feeding_queue: list[int] = []  # seats still to feed at this end of round
    interest_queue: list[int] = []  # seats still to settle the interest (phase "interest")
    interest_return: int = 0  # the seat whose turn goes on once the interest is settled
    # a player short of francs for the interest may sell first (saves of format 1: a loan at once)
    interest_choice: bool = True
    # refuse choices a move does not use, counts below 1 and payments with a token to spare
    # (saves of formats 1 and 2, made when these were ignored, replay with False)
    strict_moves: bool = True
    final_turns: int = 0  # final actions taken
    expensive_loans: bool = False
    events: list[Msg] = []  # narration of the last action applied (left out of saves and snapshots)
    players: list[PlayerState]

    if not TYPE_CHECKING:

        # Assignments inside the engine are not validated (validate_assignment is off);
        # fields live in the instance dict, so the plain object assignment stores them
        # and skipping pydantic's bookkeeping keeps apply() cheap.
        __setattr__ = object.__setattr__

    @field_serializer("events", when_used="json")
    def _events_in_english(self, events: list[Msg]) -> list[str]:
        """In JSON (for programs, `lehavre run --json`) the narration is English text."""
        return [str(e) for e in events]

    # --- derived facts -------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.names)

    @property
    def rounds_total(self) -> int:
        return len(self.round_cards)

    def player(self, seat: int | None = None) -> PlayerState:
        return self.players[self.current if seat is None else seat]

    def buildings_of(self, seat: int) -> list[str]:
        return [b for b, o in self.owner.items() if o == seat]

    def town_buildings(self) -> list[str]:
        return [b for b, o in self.owner.items() if o == TOWN]

    def owned_cards(self, seat: int) -> list[BuildingCard]:
        cards = content().buildings
        return [cards[b] for b, o in self.owner.items() if o == seat]

    def owns(self, seat: int, building: str) -> bool:
        return self.owner.get(building) == seat

    def symbols(self, seat: int) -> tuple[int, int]:
        """(fishermen, hammers) on the buildings this seat owns."""
        f = h = 0
        for card in self.owned_cards(seat):
            f += card.fishermen
            h += card.hammers
        return f, h

    def occupants(self, building: str) -> list[int]:
        return [i for i, p in enumerate(self.players) if p.worker == building]

    def round_card(self) -> str:
        return self.round_cards[min(self.round, self.rounds_total) - 1]

    def clone(self) -> GameState:
        s = object.__new__(GameState)
        d = self.__dict__.copy()
        d["players"] = [p.clone() for p in self.players]
        d["revealed"] = self.revealed[:]
        d["offers"] = self.offers[:]
        d["proposals"] = [st[:] for st in self.proposals]
        d["owner"] = self.owner.copy()
        d["special_deck"] = self.special_deck[:]
        d["ship_stacks"] = {k: v[:] for k, v in self.ship_stacks.items()}
        d["modernised"] = self.modernised[:]
        d["turn_sold"] = self.turn_sold[:]
        d["feeding_queue"] = self.feeding_queue[:]
        d["interest_queue"] = self.interest_queue[:]
        d["events"] = []
        object.__setattr__(s, "__dict__", d)
        object.__setattr__(s, "__pydantic_fields_set__", self.__pydantic_fields_set__)
        object.__setattr__(s, "__pydantic_extra__", None)
        object.__setattr__(s, "__pydantic_private__", None)
        return s


def empty_ship_stacks() -> dict[str, list[str]]:
    return {t: [] for t in SHIP_TYPES}
