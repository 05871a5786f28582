"""What a seat sees: its :class:`~hellsrummy.PlayerView`, and games made back from a view.

It holds :mod:`~hellsrummy.views.view` (the view of one seat: :func:`~hellsrummy.view`) and
:mod:`~hellsrummy.views.resampling` (the cards a seat knows others hold,
:func:`~hellsrummy.known_cards`, and whole games made back from a view:
:func:`~hellsrummy.resample`, :func:`~hellsrummy.state_from_view`).

It may import :mod:`hellsrummy.errors`, :mod:`hellsrummy.deck`, :mod:`hellsrummy.contracts`
and :mod:`hellsrummy.game`; a picture method (``_repr_svg_``) imports :mod:`hellsrummy.svg`
when it is called.
"""
