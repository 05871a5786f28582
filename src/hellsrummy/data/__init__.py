"""Data: every value as plain dicts and back, JSON Schemas, action notation and game records.

It holds :mod:`~hellsrummy.data.serialize` (:func:`~hellsrummy.to_dict`,
:func:`~hellsrummy.from_dict`), :mod:`~hellsrummy.data.readers` (the field checks behind
``from_dict``), :mod:`~hellsrummy.data.plain` (the format's version,
:data:`~hellsrummy.FORMAT`, and the writers every document shares),
:mod:`~hellsrummy.data.schema` (:func:`~hellsrummy.json_schema`),
:mod:`~hellsrummy.data.notation` (action notation: :func:`~hellsrummy.parse_action`,
:func:`~hellsrummy.format_action`), :mod:`~hellsrummy.data.records`
(:class:`~hellsrummy.GameRecord`, :func:`~hellsrummy.replay`), :mod:`~hellsrummy.data.history`
(:func:`~hellsrummy.record_of`, a state's own record) and :mod:`~hellsrummy.data.consistency`
(the invariants a state read back must keep). Within the room, ``readers`` and ``plain`` come
first, then ``notation``, ``records`` and ``history``, then ``consistency``, ``serialize``
(which reads and writes records too) and ``schema``.

It may import every room below it: :mod:`hellsrummy.errors`, :mod:`hellsrummy.deck`,
:mod:`hellsrummy.contracts`, :mod:`hellsrummy.game`, :mod:`hellsrummy.views`,
:mod:`hellsrummy.play` and :mod:`hellsrummy.moves`.
"""
