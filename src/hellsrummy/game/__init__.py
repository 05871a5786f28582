"""The game's values: the rules chosen, the state, actions, events, and a position's facts.

It holds :mod:`~hellsrummy.game.rules` (:class:`~hellsrummy.Rules`, the discard policies),
:mod:`~hellsrummy.game.cardpoints` (what a card left in hand scores: the score table; its
0.2.0 path :mod:`~hellsrummy.game.scoring` still imports),
:mod:`~hellsrummy.game.actions` (what a player does), :mod:`~hellsrummy.game.events` (what
everyone sees happen, and the table of event kinds) and :mod:`~hellsrummy.game.eventlog` (their
log), :mod:`~hellsrummy.game.state` (:class:`~hellsrummy.GameState` and the values it is made
of), :mod:`~hellsrummy.game.rulings` (the rules' answers as values: a discard's
:class:`~hellsrummy.DiscardVerdict`, a round's :class:`~hellsrummy.Outcome`),
:mod:`~hellsrummy.game.text` (a state or a view in a few lines of text),
:mod:`~hellsrummy.game.successor` (the state after a turn, built fast, and one seat's entry
of a per-seat tuple replaced) and :mod:`~hellsrummy.game.position` (the facts a position derives
once, kept with it, that the rules of play and the move listing ask for).

These are values: nothing here decides whether an action is legal or applies one (that is
:mod:`hellsrummy.play`). It may import :mod:`hellsrummy.errors`, :mod:`hellsrummy.deck` and
:mod:`hellsrummy.contracts`; a picture method (``_repr_svg_``) imports :mod:`hellsrummy.svg`
when it is called.
"""
