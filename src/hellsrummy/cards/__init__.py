"""Cards and melds: the pack, card text, sorting, seeded shuffles and what makes a meld.

The lowest room of the package. It holds :mod:`~hellsrummy.cards.deck` (cards, ranks, suits,
card text, packs, the orders hands are sorted in and the card index tables the kernels use),
:mod:`~hellsrummy.cards.shuffle` (portable seeded shuffles), :mod:`~hellsrummy.cards.melds`
(sets, runs, extending a meld, swapping out a wildcard) and
:mod:`~hellsrummy.cards.arrangement` (laying a meld out for display).

It may import :mod:`hellsrummy.errors` only.
"""
