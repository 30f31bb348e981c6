"""One small widget per thing on the table."""

from .base import Palette, TableWidget
from .command_bar import CommandBar, CommandInput
from .log import GameLog
from .offers import OfferSpaces
from .player import PlayerLine, PlayerPanel
from .proposals import ProposalStacks
from .rounds import RoundCard
from .ships import ShipStacks
from .supply import SupplyTrack
from .topbar import TopBar
from .town import TownBuildings

__all__ = [
    "CommandBar",
    "CommandInput",
    "GameLog",
    "OfferSpaces",
    "PlayerLine",
    "Palette",
    "PlayerPanel",
    "ProposalStacks",
    "RoundCard",
    "ShipStacks",
    "SupplyTrack",
    "TableWidget",
    "TopBar",
    "TownBuildings",
]
