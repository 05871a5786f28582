"""Players: bots, the search bot, and whole games played between them, many at a time.

It holds :mod:`~hellsrummy.players.bots` (:class:`~hellsrummy.RandomBot`,
:class:`~hellsrummy.GreedyBot` and the bot protocol), :mod:`~hellsrummy.players.search`
(:class:`~hellsrummy.SearchBot`), :mod:`~hellsrummy.players.simulation`
(:func:`~hellsrummy.play_game`, :func:`~hellsrummy.simulate`),
:mod:`~hellsrummy.players.results` (what a simulated game reports), and the studies that
compare bots on duplicate deals: :mod:`~hellsrummy.players.studies`
(:func:`~hellsrummy.compare`, :func:`~hellsrummy.stream_deals`),
:mod:`~hellsrummy.players.deals` (each deal's :class:`~hellsrummy.DealRecord`),
:mod:`~hellsrummy.players.comparison` (their summary, :class:`~hellsrummy.Comparison`) and
:mod:`~hellsrummy.players.summaries` (its figures, :class:`~hellsrummy.Estimate`); and the
ratings of bots on one scale from such studies: :mod:`~hellsrummy.players.ratings`
(:func:`~hellsrummy.rate`, :class:`~hellsrummy.Ladder`) over the Bradley-Terry fit of
:mod:`~hellsrummy.players.bradley_terry`.

It may import every room below it: :mod:`hellsrummy.errors`, :mod:`hellsrummy.deck`,
:mod:`hellsrummy.contracts`, :mod:`hellsrummy.game`, :mod:`hellsrummy.views`,
:mod:`hellsrummy.play`, :mod:`hellsrummy.moves` and :mod:`hellsrummy.data`.
"""
