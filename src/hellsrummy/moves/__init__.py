"""The legal-move listing: every move open to the seat to act, lazily and in a fixed order.

It holds :mod:`~hellsrummy.moves.listing` (:func:`~hellsrummy.legal_actions` and
:class:`~hellsrummy.LegalActions`) and :mod:`~hellsrummy.moves.meldmoves` (meld moves
counted before they are made, one per layout of melds, and their deuce variants),
:mod:`~hellsrummy.moves.playmoves` (the listing's quick parts: extensions, swaps, discards,
new melds of three counted; the bots take them one at a time) and
:mod:`~hellsrummy.moves.tableactions` (:func:`~hellsrummy.table_actions`: what any seat may do
at any moment, leaving and switching play protection).

It may import every room below it: :mod:`hellsrummy.errors`, :mod:`hellsrummy.deck`,
:mod:`hellsrummy.contracts`, :mod:`hellsrummy.game`, :mod:`hellsrummy.views` and
:mod:`hellsrummy.play`.
"""
