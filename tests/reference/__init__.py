"""The slow reference: a frozen copy of hellsrummy 0.1.0's move generation and turn rules.

``engine`` (0.1.0's ``hellsrummy/engine.py``), ``moves`` (``hellsrummy/moves.py``) and
``solver`` (``hellsrummy/solver.py``) are copied from release 0.1.0 (tag ``v0.1.0``), with
their docstring examples removed and their imports pointing at each other; otherwise they
import only the library's stable public values (cards, melds, contracts, actions, events,
rules, states, views, errors, the shuffle). They are never to be changed or optimised: the
tests compare the library against them (``tests/test_reference_equivalence.py``), so that a
faster engine must list the same moves in the same order and make the same transitions.

``tests/positions.py`` drives random games with either engine, for those tests and others.
"""
