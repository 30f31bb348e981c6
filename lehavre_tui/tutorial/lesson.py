"""The lesson: the rulebook's worked first round of a 3-player full game, move by move.

The Czech and Polish rulebooks play it with three players (here Peter, Tom and Martin, the
names of the Czech example); the supply chits come up in the example's order and the
proposal stacks are a real 3-player deal with the Marketplace and the Joinery on the first
stack. Each step is one move of the example: the engine action the rulebook's player makes,
the command that plays it, and two short texts: what to do and why (before the move, and as
the reason when the learner types something else) and what just happened (after it).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import Action, BuyBuilding, EndTurn, Enter, Feed, Reorder, Supply, TakeOffer
from ..engine.setup import Setup
from ..text import N_

NAMES = ["Peter", "Tom", "Martin"]

# The seven supply chits in the order the example turns them up (ids in content/supply_chits.toml):
# iron+franc, wood+fish (the Interest chit), fish+grain, wood+cattle, wood+franc, fish+clay, wood+clay.
CHITS = [7, 5, 6, 1, 3, 4, 2]

# The 27 standard buildings of a 3-player full game in three stacks, each sorted by number.
STACKS = [
    [
        "marketplace", "joinery", "smokehouse", "abattoir", "black_market",
        "brickworks", "shipping_line", "business_office", "church",
    ],
    [
        "sawmill", "bakehouse", "hardware_store", "clay_mound", "local_court",
        "colliery", "ironworks", "cokery", "bank",
    ],
    [
        "fishery", "charcoal_kiln", "wharf_1", "wharf_2", "grocery_market",
        "tannery", "steel_mill", "bridge", "town_hall",
    ],
]  # fmt: skip

SPECIALS = ["steelworks", "luxury_yacht", "fish_restaurant", "coal_trader", "smelter", "plant_nursery"]

SETUP = Setup(players=3, variant="full", names=NAMES, seed=7, chit_order=CHITS, stacks=STACKS, special_deck=SPECIALS)

INTRO = (
    N_("This is the rulebook's example: Peter, Tom and Martin play the first round of a full game, "
       "and you make every move for all three. Each starts with 5 francs and 1 coal.")
)


@dataclass(frozen=True)
class Step:
    action: Action  # the move the rulebook's player makes
    command: str  # a command that plays it (any other wording of the same move counts too)
    do: str  # what to do now and why; quotes the command
    done: str  # what the move did
    also: tuple[Action, ...] = ()  # other moves as good here (the rulebook leaves the choice open)


# The texts are English, marked for the catalogs (N_): the table shows them in the reader's
# language (`_(step.do)`).
STEPS: tuple[Step, ...] = (
    # --- Turn 1: Peter ----------------------------------------------------------------------
    Step(
        Supply(),
        "supply",
        N_("Every turn starts with the supply action: type 'supply' (or just 's'). Peter's ship "
           "sails onto the first of the seven face-down supply chits."),
        N_("The chit shows iron and a franc: one of each went onto its offer space. "
           "The franc space holds 3 francs now."),
    ),
    Step(
        TakeOffer(space="francs"),
        "take francs",
        N_("Next, one main action: take everything on one offer space, or use a building. "
           "Peter takes the 3 francs: 'take francs'."),
        N_("Peter has 8 francs. He could buy a building now as an extra action (the Marketplace costs 6), "
           "but he keeps his money this turn."),
    ),
    Step(
        EndTurn(),
        "end",
        N_("Peter is done: type 'end'. Tom plays next; you play all three seats, so no need to pass the keyboard."),
        N_("Tom's turn."),
    ),
    # --- Turn 2: Tom ------------------------------------------------------------------------
    Step(
        Supply(),
        "supply",
        N_("Tom's turn starts with the supply action too: 'supply'. His ship moves to the second chit."),
        N_("Wood and fish arrive. This is the Interest chit (marked on the track): when a ship lands on it, "
           "every player with a loan pays 1 franc. Nobody has a loan yet."),
    ),
    Step(
        TakeOffer(space="wood"),
        "take wood",
        N_("Tom takes the 3 wood: 'take wood'. Wood is what most buildings are built from."),
        N_("Tom has 3 wood, just what a Joinery costs to build. He will build one later this round."),
    ),
    Step(EndTurn(), "end", N_("Tom is done: 'end'."), N_("Martin's turn.")),
    # --- Turn 3: Martin ---------------------------------------------------------------------
    Step(
        Supply(),
        "supply",
        N_("'supply': Martin's ship moves to the third chit."),
        N_("Fish and grain arrive. The fish space holds 4 fish now."),
    ),
    Step(
        TakeOffer(space="fish"),
        "take fish",
        N_("Martin takes the 4 fish: 'take fish'. Fish is food, and at the end of every round each player "
           "must pay food for the workers."),
        N_("Martin has 4 fish, worth 4 food: the 2 food this round asks of him are covered."),
    ),
    Step(EndTurn(), "end", N_("Martin is done: 'end'."), N_("Peter's second turn.")),
    # --- Turn 4: Peter ----------------------------------------------------------------------
    Step(
        Supply(),
        "supply",
        N_("'supply': Peter's ship moves on to the fourth chit."),
        N_("Wood and cattle arrive. No space holds more than 1 good now: a thin offer."),
    ),
    Step(
        BuyBuilding(building="marketplace"),
        "buy marketplace",
        N_("Buying is an extra action, allowed before or after the main action. Peter buys the Marketplace, "
           "on top of a proposal stack, for 6 francs: 'buy marketplace'."),
        N_("The Marketplace is Peter's: it counts for his wealth, and anyone else who uses it pays him its entry fee."),
    ),
    Step(
        Enter(building="marketplace", goods={"coal": 1, "grain": 1}),
        "enter marketplace coal grain",
        N_("His main action: his worker enters the Marketplace; it is his own, so no entry fee. It gives "
           "2 standard goods of different kinds: 'enter marketplace coal grain'."),
        N_("Peter took 1 coal and 1 grain from the supply. The Marketplace also lets him look at the top two "
           "special buildings."),
    ),
    Step(
        Reorder(swap=True),
        "swap",
        N_("Peter puts the two special buildings back: 'swap' changes their order, 'keep' leaves it. "
           "The rulebook does not say which; either will do."),
        N_("Only Peter knows their order now. Special buildings come out later in the game."),
        also=(Reorder(swap=False),),
    ),
    Step(EndTurn(), "end", N_("Peter is done: 'end'."), N_("Tom's second turn.")),
    # --- Turn 5: Tom ------------------------------------------------------------------------
    Step(
        Supply(),
        "supply",
        N_("'supply': Tom's ship moves to the fifth chit."),
        N_("Wood and a franc arrive."),
    ),
    Step(
        Enter(building="building_firm_1", targets=("joinery",)),
        "build joinery",
        N_("Tom builds: he enters the town's free Building Firm (the other asks 1 food as entry fee) and builds "
           "the Joinery, now on top of a stack, for 3 wood: 'build joinery'."),
        N_("The Joinery is Tom's; its 3 wood went back to the supply. His worker stays on the Building Firm "
           "until he uses another building."),
    ),
    Step(EndTurn(), "end", N_("Tom is done: 'end'."), N_("Martin's second turn.")),
    # --- Turn 6: Martin ---------------------------------------------------------------------
    Step(
        Supply(),
        "supply",
        N_("'supply': Martin's ship moves to the sixth chit."),
        N_("Fish and clay arrive."),
    ),
    Step(
        TakeOffer(space="wood"),
        "take wood",
        N_("Martin takes the 2 wood: 'take wood'. He means to sell wood at Tom's Joinery next round, "
           "saving for a wooden ship (14 francs)."),
        N_("Martin has 2 wood. To use Tom's Joinery he will pay Tom its entry fee, 1 food."),
    ),
    Step(
        EndTurn(),
        "end",
        N_("Martin is done: 'end'."),
        N_("Peter's third turn: the seventh and last turn of the round."),
    ),
    # --- Turn 7: Peter, the last turn of the round --------------------------------------------
    Step(
        Supply(),
        "supply",
        N_("'supply': Peter's ship moves to the seventh chit, the last one."),
        N_("Wood and clay arrive: 3 clay lie on the clay space, and no other space holds more than 1."),
    ),
    Step(
        TakeOffer(space="clay"),
        "take clay",
        N_("Peter takes the 3 clay, the most on any space: 'take clay'."),
        N_("Peter has 3 clay. Seven turns have been played: that is a round."),
    ),
    Step(
        EndTurn(),
        "end",
        N_("'end' closes the seventh turn, and with it the round."),
        N_("Round 1 ends. No harvest this round (the round card says so). Then each player pays 2 food; "
           "Tom has no food and paid 2 francs."),
    ),
    # --- The end of the round: feeding ------------------------------------------------------
    Step(
        Feed(),
        "feed",
        N_("Martin may pay in fish or in francs, 1 food each. He pays 2 fish, as proposed: 'feed'."),
        N_("All fed: Peter had no food and paid 2 francs. The town builds nothing this round; the round card "
           "turns over and the first wooden ship comes into play. Round 2 begins with Tom."),
    ),
)
