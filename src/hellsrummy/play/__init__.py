"""The rules of play: dealing, the turn, plays, discards, calls, scoring, and ``apply``.

Each rule is decided in one place: :mod:`~hellsrummy.play.dealing` (a new game, each round's
deal), :mod:`~hellsrummy.play.seats` (whose turn comes next, which seats may act),
:mod:`~hellsrummy.play.stock` (drawing from the stock, refilling it),
:mod:`~hellsrummy.play.turns` (take or pass, discard, leaving), :mod:`~hellsrummy.play.plays`
(meeting the minimum, melding, extending, swapping a wildcard),
:mod:`~hellsrummy.play.discarding` (the discard verdict: which discards are refused, whether a
refused one is penalised and what it costs; bad discards; play protection),
:mod:`~hellsrummy.play.calls` (calling "Rummy!"), :mod:`~hellsrummy.play.scoring` (the outcome
of a round: when it ends, who wins it, whether the game ends; its points and the totals),
:mod:`~hellsrummy.play.kinds` (the one table of action kinds: each kind's class, notation, data
tag, checker and transition) and :mod:`~hellsrummy.play.engine` (checking and applying any
action: :func:`~hellsrummy.apply`, :func:`~hellsrummy.check`).

It may import :mod:`hellsrummy.errors`, :mod:`hellsrummy.deck`, :mod:`hellsrummy.contracts`,
:mod:`hellsrummy.game` and :mod:`hellsrummy.views`.
"""
