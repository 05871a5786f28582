"""The rules of play: dealing, the turn, plays, discards, calls, scoring, and ``apply``.

Each rule is decided in one place: :mod:`~hellsrummy.play.dealing` (a new game, each round's
deal, refilling the stock), :mod:`~hellsrummy.play.turns` (take or pass, discard, play
protection, leaving), :mod:`~hellsrummy.play.plays` (meeting the minimum, melding, extending,
swapping a wildcard), :mod:`~hellsrummy.play.discarding` (rummies and which discards are
refused), :mod:`~hellsrummy.play.calls` (calling "Rummy!"), :mod:`~hellsrummy.play.scoring` (the
end of a round and its points, penalties) and :mod:`~hellsrummy.play.engine` (checking and
applying any action: :func:`~hellsrummy.apply`, :func:`~hellsrummy.check`).

It may import :mod:`hellsrummy.errors`, :mod:`hellsrummy.cards`, :mod:`hellsrummy.contracts`,
:mod:`hellsrummy.game` and :mod:`hellsrummy.views`.
"""
