"""Data: every value as plain dicts and back, JSON Schemas, action notation and game records.

It holds :mod:`~hellsrummy.data.serialize` (:func:`~hellsrummy.to_dict`,
:func:`~hellsrummy.from_dict`), :mod:`~hellsrummy.data.readers` (the field checks behind
``from_dict``), :mod:`~hellsrummy.data.schema` (:func:`~hellsrummy.json_schema`) and
:mod:`~hellsrummy.data.records` (action notation, :class:`~hellsrummy.GameRecord`,
:func:`~hellsrummy.replay`).

It may import every room below it: :mod:`hellsrummy.errors`, :mod:`hellsrummy.deck`,
:mod:`hellsrummy.contracts`, :mod:`hellsrummy.game`, :mod:`hellsrummy.views`,
:mod:`hellsrummy.play` and :mod:`hellsrummy.moves`.
"""
