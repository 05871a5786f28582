"""Tests of :mod:`hellsrummy.deck`."""
