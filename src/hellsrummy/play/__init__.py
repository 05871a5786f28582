"""The rules of play: dealing, the turn, plays, discards, calls, scoring, and ``apply``.

Each rule is decided in one place: :mod:`~hellsrummy.play.dealing` (seating, a new game, each
round's deal, refilling the stock), :mod:`~hellsrummy.play.turns` (take or pass, discard,
leaving), :mod:`~hellsrummy.play.plays` (meeting the minimum, melding, extending, swapping a
wildcard), :mod:`~hellsrummy.play.discarding` (rummies, which discards are refused and what a
refused one costs, play protection), :mod:`~hellsrummy.play.calls` (calling "Rummy!"),
:mod:`~hellsrummy.play.scoring` (when a round ends, who wins it, its points and the totals),
:mod:`~hellsrummy.play.kinds` (the one table of action kinds: each kind's class, notation, data
tag, checker and transition) and :mod:`~hellsrummy.play.engine` (checking and applying any
action: :func:`~hellsrummy.apply`, :func:`~hellsrummy.check`).

It may import :mod:`hellsrummy.errors`, :mod:`hellsrummy.deck`, :mod:`hellsrummy.contracts`,
:mod:`hellsrummy.game` and :mod:`hellsrummy.views`.
"""
