"""The deck: cards, packs, card text, sorting, seeded shuffles and what makes a meld of them.

The lowest room of the package. It holds :mod:`~hellsrummy.deck.cards` (cards, ranks, suits,
card text, packs, the orders hands are sorted in and the card index tables the kernels use),
:mod:`~hellsrummy.deck.shuffle` (portable seeded shuffles), :mod:`~hellsrummy.deck.melds`
(sets, runs, extending a meld, swapping out a wildcard) and
:mod:`~hellsrummy.deck.arrangement` (laying a meld out for display).

It may import :mod:`hellsrummy.errors` only.
"""
