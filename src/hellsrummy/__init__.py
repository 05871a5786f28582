"""hellsrummy: the reference rules engine for the card game Hell's Rummy.

Everything public is importable from the package itself:

>>> from hellsrummy import can_meet, cards, contract_for
>>> can_meet(cards("7H 7S 7D 9C 9D 2S"), contract_for(6))
True
"""

from hellsrummy.contracts import Contract, Requirement
from hellsrummy.deck import (
    FRENCH_SUITS,
    NATURAL_RANKS,
    RUN_RANKS,
    SUITS,
    Card,
    Rank,
    Suit,
    card,
    cards,
    format_cards,
    pack,
    sort_by_run,
    sort_by_set,
)
from hellsrummy.difficulty import (
    DEFAULT_DECK_PLAN,
    DIFFICULTIES,
    STANDARD_SCHEDULE,
    DeckPlan,
    contract_for,
    deck_plan,
)
from hellsrummy.melds import (
    MAX_RUN,
    MIN_MELD,
    Arrangement,
    MeldKind,
    Slot,
    arrange,
    can_extend,
    can_swap,
    is_meld,
    is_rummy,
    is_run,
    is_set,
    meld_kinds,
)
from hellsrummy.solver import (
    Fulfillment,
    can_meet,
    find_fulfillment,
    fulfillments,
    wildcards_needed,
)

__version__ = "0.1.0.dev0"

__all__ = [
    "DEFAULT_DECK_PLAN",
    "DIFFICULTIES",
    "FRENCH_SUITS",
    "MAX_RUN",
    "MIN_MELD",
    "NATURAL_RANKS",
    "RUN_RANKS",
    "STANDARD_SCHEDULE",
    "SUITS",
    "Arrangement",
    "Card",
    "Contract",
    "DeckPlan",
    "Fulfillment",
    "MeldKind",
    "Rank",
    "Requirement",
    "Slot",
    "Suit",
    "__version__",
    "arrange",
    "can_extend",
    "can_meet",
    "can_swap",
    "card",
    "cards",
    "contract_for",
    "deck_plan",
    "find_fulfillment",
    "format_cards",
    "fulfillments",
    "is_meld",
    "is_rummy",
    "is_run",
    "is_set",
    "meld_kinds",
    "pack",
    "sort_by_run",
    "sort_by_set",
    "wildcards_needed",
]
