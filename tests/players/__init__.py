"""Tests of :mod:`hellsrummy.players`."""
