"""Tests of :mod:`hellsrummy.moves`."""
