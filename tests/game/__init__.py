"""Tests of :mod:`hellsrummy.game`."""
