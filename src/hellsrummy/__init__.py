"""hellsrummy: the reference rules engine for the card game Hell's Rummy.

Everything public is importable from the package itself:

>>> from hellsrummy import can_meet, cards, contract_for
>>> can_meet(cards("7H 7S 7D 9C 9D 2S"), contract_for(6))
True
"""

from hellsrummy.contracts.contract import (
    Contract,
    Requirement,
)
from hellsrummy.contracts.difficulty import (
    DEFAULT_DECK_PLAN,
    DIFFICULTIES,
    STANDARD_SCHEDULE,
    DeckPlan,
    contract_for,
    deck_plan,
)
from hellsrummy.contracts.enumeration import (
    fulfillments,
    possible_melds,
)
from hellsrummy.contracts.solver import (
    Fulfillment,
    can_meet,
    find_fulfillment,
    wildcards_needed,
)
from hellsrummy.data.history import record_of
from hellsrummy.data.records import (
    GameRecord,
    format_action,
    parse_action,
    replay,
)
from hellsrummy.data.schema import SCHEMA_KINDS, json_schema
from hellsrummy.data.serialize import (
    FORMAT,
    from_dict,
    seed_from_data,
    seed_to_data,
    to_dict,
)
from hellsrummy.deck.arrangement import Arrangement, Slot, arrange
from hellsrummy.deck.cards import (
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
    sort_cards,
)
from hellsrummy.deck.melds import (
    MAX_RUN,
    MIN_MELD,
    MeldKind,
    can_extend,
    can_swap,
    extensions,
    is_meld,
    is_rummy,
    is_run,
    is_set,
    meld_kinds,
    swaps,
)
from hellsrummy.deck.shuffle import (
    Seed,
    random_stream,
    seed_bytes,
    shuffle,
)
from hellsrummy.errors import (
    BotMoveError,
    IllegalActionError,
    Reason,
)
from hellsrummy.game.actions import (
    Action,
    CallRummy,
    Discard,
    Extend,
    Leave,
    Meld,
    Pass,
    SetPlayProtection,
    SwapWildcard,
    Take,
)
from hellsrummy.game.cardpoints import CARD_POINTS, ScoreTable, card_points, penalty_value
from hellsrummy.game.eventlog import EventLog
from hellsrummy.game.events import (
    Discarded,
    DiscardErrorMade,
    DiscardTurnedUp,
    Event,
    Extended,
    Melded,
    Passed,
    PlayProtectionChanged,
    PlayProtectionWarning,
    Refilled,
    RoundEnded,
    RoundStarted,
    RummyCalled,
    SeatLeft,
    Swapped,
    Took,
)
from hellsrummy.game.rules import DiscardPolicy, Rules
from hellsrummy.game.rulings import DiscardVerdict, Ending, Outcome
from hellsrummy.game.state import (
    Deal,
    GameState,
    Phase,
    RoundResult,
    TableMeld,
)
from hellsrummy.moves.listing import (
    MAX_LISTED_MEETINGS,
    LegalActions,
    legal_actions,
)
from hellsrummy.moves.tableactions import table_actions
from hellsrummy.play.calls import rummy_calls
from hellsrummy.play.discarding import discard_verdict, is_bad_discard
from hellsrummy.play.engine import (
    apply,
    check,
    is_legal,
    legal_discards,
    new_game,
    next_round,
    play_remains,
    rummies,
    verify,
)
from hellsrummy.players.asking import MAX_REFUSED_MOVES, bot_move
from hellsrummy.players.bots import (
    Bot,
    CallingBot,
    GreedyBot,
    RandomBot,
)
from hellsrummy.players.comparison import Comparison
from hellsrummy.players.deals import DealRecord, DealRound
from hellsrummy.players.ratings import Ladder, Rating, rate
from hellsrummy.players.results import GameResult, RoundSummary
from hellsrummy.players.search import SearchAnalysis, SearchBot
from hellsrummy.players.simulation import (
    SIMULATION_MAX_TURNS,
    finish_round,
    offer_calls,
    play_game,
    simulate,
    stream_results,
)
from hellsrummy.players.studies import Unseeded, compare, seat_seed, stream_deals, study_deal
from hellsrummy.players.summaries import CandidateSummary, Estimate, PairSummary
from hellsrummy.views.resampling import known_cards, resample, state_from_view
from hellsrummy.views.view import PlayerView, view

__version__ = "0.3.0"


def _compiled() -> bool:
    """Whether any module of this package was loaded from an extension module (mypyc's).

    The modules a compiled build compiles are listed once, as ``include`` under
    ``[tool.hatch.build.targets.wheel.hooks.custom]`` in pyproject.toml; a compiled wheel has
    them all, a pure one none.
    """
    import sys
    from importlib.machinery import EXTENSION_SUFFIXES

    suffixes = tuple(EXTENSION_SUFFIXES)
    prefix = f"{__name__}."
    files = [
        getattr(module, "__file__", None)
        for name, module in list(sys.modules.items())
        if name.startswith(prefix)
    ]
    return any(isinstance(file, str) and file.endswith(suffixes) for file in files)


#: True when this hellsrummy runs mypyc-compiled kernels (a wheel built with
#: ``HELLSRUMMY_COMPILE=1``), False for the pure-Python package.
COMPILED: bool = _compiled()

__all__ = [
    "CARD_POINTS",
    "COMPILED",
    "DEFAULT_DECK_PLAN",
    "DIFFICULTIES",
    "FORMAT",
    "FRENCH_SUITS",
    "MAX_LISTED_MEETINGS",
    "MAX_REFUSED_MOVES",
    "MAX_RUN",
    "MIN_MELD",
    "NATURAL_RANKS",
    "RUN_RANKS",
    "SCHEMA_KINDS",
    "SIMULATION_MAX_TURNS",
    "STANDARD_SCHEDULE",
    "SUITS",
    "Action",
    "Arrangement",
    "Bot",
    "BotMoveError",
    "CallRummy",
    "CallingBot",
    "CandidateSummary",
    "Card",
    "Comparison",
    "Contract",
    "Deal",
    "DealRecord",
    "DealRound",
    "DeckPlan",
    "Discard",
    "DiscardErrorMade",
    "DiscardPolicy",
    "DiscardTurnedUp",
    "DiscardVerdict",
    "Discarded",
    "Ending",
    "Estimate",
    "Event",
    "EventLog",
    "Extend",
    "Extended",
    "Fulfillment",
    "GameRecord",
    "GameResult",
    "GameState",
    "GreedyBot",
    "IllegalActionError",
    "Ladder",
    "Leave",
    "LegalActions",
    "Meld",
    "MeldKind",
    "Melded",
    "Outcome",
    "PairSummary",
    "Pass",
    "Passed",
    "Phase",
    "PlayProtectionChanged",
    "PlayProtectionWarning",
    "PlayerView",
    "RandomBot",
    "Rank",
    "Rating",
    "Reason",
    "Refilled",
    "Requirement",
    "RoundEnded",
    "RoundResult",
    "RoundStarted",
    "RoundSummary",
    "Rules",
    "RummyCalled",
    "ScoreTable",
    "SearchAnalysis",
    "SearchBot",
    "SeatLeft",
    "Seed",
    "SetPlayProtection",
    "Slot",
    "Suit",
    "SwapWildcard",
    "Swapped",
    "TableMeld",
    "Take",
    "Took",
    "Unseeded",
    "__version__",
    "apply",
    "arrange",
    "bot_move",
    "can_extend",
    "can_meet",
    "can_swap",
    "card",
    "card_points",
    "cards",
    "check",
    "compare",
    "contract_for",
    "deck_plan",
    "discard_verdict",
    "extensions",
    "find_fulfillment",
    "finish_round",
    "format_action",
    "format_cards",
    "from_dict",
    "fulfillments",
    "is_bad_discard",
    "is_legal",
    "is_meld",
    "is_rummy",
    "is_run",
    "is_set",
    "json_schema",
    "known_cards",
    "legal_actions",
    "legal_discards",
    "meld_kinds",
    "new_game",
    "next_round",
    "offer_calls",
    "pack",
    "parse_action",
    "penalty_value",
    "play_game",
    "play_remains",
    "possible_melds",
    "random_stream",
    "rate",
    "record_of",
    "replay",
    "resample",
    "rummies",
    "rummy_calls",
    "seat_seed",
    "seed_bytes",
    "seed_from_data",
    "seed_to_data",
    "shuffle",
    "simulate",
    "sort_by_run",
    "sort_by_set",
    "sort_cards",
    "state_from_view",
    "stream_deals",
    "stream_results",
    "study_deal",
    "swaps",
    "table_actions",
    "to_dict",
    "verify",
    "view",
    "wildcards_needed",
]
