"""Contracts and the solver: the minimum of each round and every way a hand meets it.

It holds :mod:`~hellsrummy.contracts.contract` (:class:`~hellsrummy.Contract` and its
requirements), :mod:`~hellsrummy.contracts.difficulty` (the contract of each difficulty, the
standard schedule, the deck plan), :mod:`~hellsrummy.contracts.needs` (what melds need of a
hand, from packed counts), :mod:`~hellsrummy.contracts.solver` (can a hand meet a contract, and
how) and :mod:`~hellsrummy.contracts.enumeration` (every way to meet it, every meld a hand
holds, in a fixed order).

It may import :mod:`hellsrummy.errors` and :mod:`hellsrummy.deck`.
"""
