"""Tests of :mod:`hellsrummy.cards`."""
